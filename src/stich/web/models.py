"""The server's tables (SQLAlchemy Core): tables and their event logs, players, accounts,
the seats accounts took.

A table's event log is the list of actions in order (``web_actions``): replaying them through a
fresh :class:`stich.core.table.Table` built from the stored game, options, seats, seed and salt
gives back the same table, message for message. The schema is made by the Alembic migrations
in ``migrations/`` (``stich.web.store.migrate``), never by ``create_all``.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

tables = sa.Table(
    "web_tables", metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("preset", sa.String(40), nullable=False),
    sa.Column("options", sa.Text(), nullable=False),       # JSON: the option overrides
    sa.Column("seats", sa.Text(), nullable=False),         # JSON: [{kind, level, name, token}]
    sa.Column("seed", sa.BigInteger(), nullable=False),
    sa.Column("salt", sa.String(64), nullable=False),
    sa.Column("status", sa.String(20), nullable=False),    # waiting, running, finished, ...
    # (cancelled and expired: tables that never started, docs/web.md)
    sa.Column("created", sa.Float(), nullable=False),
    sa.Column("finished", sa.Float(), nullable=True),
    sa.Column("record", sa.Text(), nullable=True),         # JSON: the match record, at the end
    sa.Column("owner", sa.String(64), nullable=True),      # the creating browser's token
    sa.Column("settings", sa.Text(), nullable=True),       # JSON: the owner's table settings
)

actions = sa.Table(
    "web_actions", metadata,
    sa.Column("table_id", sa.String(64), sa.ForeignKey("web_tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seq", sa.Integer(), primary_key=True),
    sa.Column("seat", sa.Integer(), nullable=False),
    sa.Column("kind", sa.String(20), nullable=False),      # action, forfeit
    sa.Column("action", sa.Text(), nullable=False),        # notation, or JSON {rule, reason}
    sa.Column("by_bot", sa.Boolean(), nullable=False),
)

players = sa.Table(
    "web_players", metadata,
    sa.Column("table_id", sa.String(64), sa.ForeignKey("web_tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer(), primary_key=True),
    sa.Column("name", sa.String(100), nullable=False, index=True),
)

accounts = sa.Table(
    "web_accounts", metadata,
    sa.Column("name", sa.String(100), primary_key=True),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("created", sa.Float(), nullable=False),
    sa.Column("hidden", sa.Boolean(), nullable=False, server_default=sa.false()),
    # the profile's finished matches are hidden from everybody but the account (docs/web.md)
)

logins = sa.Table(
    "web_logins", metadata,
    sa.Column("token", sa.String(64), primary_key=True),
    sa.Column("name", sa.String(100), sa.ForeignKey("web_accounts.name", ondelete="CASCADE"),
              nullable=False),
    sa.Column("created", sa.Float(), nullable=False),
)

account_seats = sa.Table(
    "web_account_seats", metadata,
    sa.Column("table_id", sa.String(64), sa.ForeignKey("web_tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer(), primary_key=True),
    sa.Column("account", sa.String(100), sa.ForeignKey("web_accounts.name", ondelete="CASCADE"),
              nullable=False, index=True),
)
"""The seats taken with an account's login: its profile lists these matches, not every match
some guest played under the same name."""

bot_accounts = sa.Table(
    "web_bot_accounts", metadata,
    sa.Column("name", sa.String(100), sa.ForeignKey("web_accounts.name", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("created", sa.Float(), nullable=False),
)
"""The bot accounts (docs/web.md, "Bot accounts"): membership makes an account one; the
SHA-256 of its API token (``stich engine connect --token``), never the token itself."""
