"""Alembic environment: migrate the connection store.py hands over (or a URL, for the CLI)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from stich.tournament.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations() -> None:
    if context.is_offline_mode():  # `--sql`: print the DDL for a DBA, e.g. for PostgreSQL
        context.configure(url=config.get_main_option("sqlalchemy.url"),
                          target_metadata=target_metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    connection = config.attributes.get("connection")
    if connection is None:
        engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
        with engine.begin() as conn:
            context.configure(connection=conn, target_metadata=target_metadata,
                              render_as_batch=True)
            with context.begin_transaction():
                context.run_migrations()
        return
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
