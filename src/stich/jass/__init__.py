"""Schieber Jass (J-1 to J-10)."""
