"""The web server's schema: tables, their action logs, players, accounts, logins.

Revision ID: w0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "w0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_tables",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("seats", sa.Text(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("salt", sa.String(64), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("finished", sa.Float(), nullable=True),
        sa.Column("record", sa.Text(), nullable=True),
    )
    op.create_table(
        "web_actions",
        sa.Column("table_id", sa.String(64),
                  sa.ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("by_bot", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "web_players",
        sa.Column("table_id", sa.String(64),
                  sa.ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
    )
    op.create_index("ix_web_players_name", "web_players", ["name"])
    op.create_table(
        "web_accounts",
        sa.Column("name", sa.String(100), primary_key=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_table(
        "web_logins",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(100),
                  sa.ForeignKey("web_accounts.name", ondelete="CASCADE"), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    for name in ("web_logins", "web_accounts", "web_players", "web_actions", "web_tables"):
        op.drop_table(name)
