"""Schnapsen for two (S-1 to S-12) and what every Schnapsen game shares (``family``)."""
