"""Alembic environment of the web server: migrate the connection store.py hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from stich.web.models import metadata

config = context.config


def run_migrations() -> None:
    if context.is_offline_mode():
        context.configure(url=config.get_main_option("sqlalchemy.url"),
                          target_metadata=metadata, literal_binds=True,
                          version_table="web_alembic_version")
        with context.begin_transaction():
            context.run_migrations()
        return
    connection = config.attributes.get("connection")
    if connection is None:
        engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
        with engine.begin() as conn:
            context.configure(connection=conn, target_metadata=metadata,
                              version_table="web_alembic_version")
            with context.begin_transaction():
                context.run_migrations()
        return
    context.configure(connection=connection, target_metadata=metadata,
                      version_table="web_alembic_version")
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
