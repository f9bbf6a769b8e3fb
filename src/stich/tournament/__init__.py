"""Preisschnapsen and other tournaments for the organiser's laptop (rules T-1 to T-5)."""
