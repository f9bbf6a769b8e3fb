"""Ratings for people and bots, and each seat's result of a finished match (docs/web.md,
"Ratings" and "Profiles"): the accounts' bot flag, the away bot's moves marked in the log.

Revision ID: w0005
Revises: w0003
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "w0005"
down_revision: str | Sequence[str] | None = "w0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("web_accounts") as batch:
        batch.add_column(sa.Column("bot", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    with op.batch_alter_table("web_actions") as batch:
        batch.add_column(sa.Column("away", sa.Boolean(), nullable=False,
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
