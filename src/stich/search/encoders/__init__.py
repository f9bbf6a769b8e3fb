"""Kernel encoders, one module per game family: each reads a live deal of its family into the
kernel's state vector (``stich.search.layout.FIELDS``). ``stich.search.adapters`` picks the
encoder by ``Game.NAME``."""
