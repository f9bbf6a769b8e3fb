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
    sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false()),
    # listed in the lobby (docs/web.md, "Public tables and play now"); private by default
    sa.Column("bots_after", sa.Float(), nullable=True),    # free seats to bots after (s)
    sa.Column("chat_off", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Index("ix_web_tables_public_status", "public", "status"),
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
    sa.Column("away", sa.Boolean(), nullable=False, server_default=sa.false()),
    # played by the away bot for a person marked away (not a move clock's one move, w0005)
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
    sa.Column("bot", sa.Boolean(), nullable=False, server_default=sa.false()),
    # a bot's account: rated among bots only, never against people (docs/web.md, "Ratings")
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

chat = sa.Table(
    "web_chat", metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column("room", sa.String(64), nullable=False),       # a table's id, or "lobby"
    sa.Column("at", sa.Float(), nullable=False),
    sa.Column("seat", sa.Integer(), nullable=True),         # the writer's seat at a table
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("text", sa.Text(), nullable=False),
    sa.Index("ix_web_chat_room_id", "room", "id"),
)
"""What people wrote at a table and in the lobby (docs/web.md, "Chat"): their own text, never
anything the server knows of the cards."""

reports = sa.Table(
    "web_reports", metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column("at", sa.Float(), nullable=False),
    sa.Column("room", sa.String(64), nullable=False),
    sa.Column("message_id", sa.Integer(), nullable=False),
    sa.Column("name", sa.String(100), nullable=False),      # who wrote the message
    sa.Column("text", sa.Text(), nullable=False),           # the message as it was reported
    sa.Column("reporter", sa.String(100), nullable=False),
)
"""Chat messages people reported, for the server's operator (also logged to
``stich.web.reports``)."""

ratings = sa.Table(
    "web_ratings", metadata,
    sa.Column("account", sa.String(100), sa.ForeignKey("web_accounts.name", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("game", sa.String(40), primary_key=True),
    sa.Column("mu", sa.Float(), nullable=False),
    sa.Column("sigma", sa.Float(), nullable=False),
    sa.Column("games", sa.Integer(), nullable=False),      # rated matches so far
    sa.Column("updated", sa.Float(), nullable=False),
)
"""Each account's current rating in each game (on the game's rated preset, docs/web.md
"Ratings"), changed only in the transaction that stores a rated match's end."""

rating_history = sa.Table(
    "web_rating_history", metadata,
    sa.Column("table_id", sa.String(64), sa.ForeignKey("web_tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("account", sa.String(100), sa.ForeignKey("web_accounts.name", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("at", sa.Float(), nullable=False),
    sa.Column("won", sa.Boolean(), nullable=False),        # as rated (a loss if he never came back)
    sa.Column("mu_before", sa.Float(), nullable=False),
    sa.Column("sigma_before", sa.Float(), nullable=False),
    sa.Column("mu", sa.Float(), nullable=False),
    sa.Column("sigma", sa.Float(), nullable=False),
    sa.Index("ix_web_rating_history_account", "account", "game", "at"),
)
"""One row per account and rated match: the rating before and after it."""

results = sa.Table(
    "web_results", metadata,
    sa.Column("table_id", sa.String(64), sa.ForeignKey("web_tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer(), primary_key=True),
    sa.Column("account", sa.String(100), sa.ForeignKey("web_accounts.name", ondelete="CASCADE"),
              nullable=True, index=True),                 # None: a guest or the lobby's bot
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("won", sa.Boolean(), nullable=False),
    sa.Column("schneider_given", sa.Integer(), nullable=False),
    sa.Column("schneider_taken", sa.Integer(), nullable=False),
    sa.Column("bummerl_given", sa.Integer(), nullable=False),
    sa.Column("bummerl_taken", sa.Integer(), nullable=False),
    sa.Column("unrated", sa.String(20), nullable=True),    # None: rated; else why not
)
"""Each seat's result of each finished match (the profile's counts), written with the match's
end."""
