"""Ratings for people and bots, and each seat's result of a finished match (docs/web.md,
"Ratings" and "Profiles"): the accounts' bot flag, the away bot's moves marked in the log.

Revision ID: w0005
Revises: w0004
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "w0005"
down_revision: str | Sequence[str] | None = "w0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # a plain ALTER TABLE ... ADD COLUMN, on SQLite too: a batch operation would copy the
    # table and drop the old one, and with foreign keys on, dropping web_accounts deletes
    # every row that refers to it (logins, the seats accounts took)
    op.add_column("web_accounts", sa.Column("bot", sa.Boolean(), nullable=False,
                                            server_default=sa.false()))
    op.add_column("web_actions", sa.Column("away", sa.Boolean(), nullable=False,
                                           server_default=sa.false()))
    op.create_table(
        "web_ratings",
        sa.Column("account", sa.String(100),
                  sa.ForeignKey("web_accounts.name", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", sa.Float(), nullable=False),
    )
    op.create_table(
        "web_rating_history",
        sa.Column("table_id", sa.String(64),
                  sa.ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("account", sa.String(100),
                  sa.ForeignKey("web_accounts.name", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
    )
    op.create_index("ix_web_rating_history_account", "web_rating_history",
                    ["account", "game", "at"])
    op.create_table(
        "web_results",
        sa.Column("table_id", sa.String(64),
                  sa.ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("account", sa.String(100),
                  sa.ForeignKey("web_accounts.name", ondelete="CASCADE"), nullable=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("schneider_given", sa.Integer(), nullable=False),
        sa.Column("schneider_taken", sa.Integer(), nullable=False),
        sa.Column("bummerl_given", sa.Integer(), nullable=False),
        sa.Column("bummerl_taken", sa.Integer(), nullable=False),
        sa.Column("unrated", sa.String(20), nullable=True),
    )
    op.create_index("ix_web_results_account", "web_results", ["account"])
    _results_of_earlier_matches()


def _results_of_earlier_matches() -> None:
    """The profiles' counts of the matches finished before this migration, from their records
    (replayed through their scoring); they moved no rating (``unrated``: ``before``). A record
    that does not replay is left out."""
    import json

    from stich.core.records import RecordError
    from stich.games import match_class
    from stich.web.ratings import outcome

    conn = op.get_bind()
    tables = sa.table("web_tables", sa.column("id"), sa.column("status"), sa.column("record"))
    seats = sa.table("web_account_seats", sa.column("table_id"), sa.column("seat"),
                     sa.column("account"))
    results = sa.table("web_results", *(sa.column(name) for name in (
        "table_id", "seat", "account", "game", "won", "schneider_given", "schneider_taken",
        "bummerl_given", "bummerl_taken", "unrated")))
    accounts: dict[str, dict[int, str]] = {}
    for row in conn.execute(sa.select(seats.c.table_id, seats.c.seat, seats.c.account)):
        accounts.setdefault(row.table_id, {})[row.seat] = row.account
    finished = conn.execute(sa.select(tables.c.id, tables.c.record).where(
        tables.c.status == "finished", tables.c.record.is_not(None))).all()
    for table_id, text in finished:
        try:
            record = json.loads(text)
            match = match_class(record["game"]).from_record(record)
        except (RecordError, KeyError, TypeError, ValueError):
            continue
        if not match.ended():
            continue
        done = outcome(match)
        conn.execute(results.insert(), [
            {"table_id": table_id, "seat": seat, "account": accounts.get(table_id, {}).get(seat),
             "game": match.GAME, "won": counts.won,
             "schneider_given": counts.schneider_given,
             "schneider_taken": counts.schneider_taken, "bummerl_given": counts.bummerl_given,
             "bummerl_taken": counts.bummerl_taken, "unrated": "before"}
            for seat, counts in enumerate(done.seats)])


def downgrade() -> None:
    op.drop_index("ix_web_results_account", "web_results")
    op.drop_table("web_results")
    op.drop_index("ix_web_rating_history_account", "web_rating_history")
    op.drop_table("web_rating_history")
    op.drop_table("web_ratings")
    with op.batch_alter_table("web_actions") as batch:
        batch.drop_column("away")
    with op.batch_alter_table("web_accounts") as batch:
        batch.drop_column("bot")
