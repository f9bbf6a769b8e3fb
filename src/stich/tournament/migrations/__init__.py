"""Alembic migrations of the tournament database, run by store.py whenever a database opens."""
