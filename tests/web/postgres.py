"""A fresh PostgreSQL database per test (localhost:5432, trust auth), dropped afterwards;
the test is skipped with the reason when none answers."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

ADMIN = "postgresql://postgres@localhost:5432/test"


@contextmanager
def fresh_database() -> Iterator[str]:
    try:
        import psycopg
    except ImportError:
        pytest.skip("psycopg is not installed (pip install -e '.[test]')")
    try:
        admin = psycopg.connect(ADMIN, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        pytest.skip(f"no PostgreSQL answers at localhost:5432: {str(error).splitlines()[0]}")
    name = f"stich_web_{secrets.token_hex(6)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield f"postgresql://postgres@localhost:5432/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
