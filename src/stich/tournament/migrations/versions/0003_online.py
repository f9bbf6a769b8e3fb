"""Events run on the web server: organiser, no-show rule, entry tokens, where pairings play.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "online_events",
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("organiser_token", sa.String(64), nullable=False),
        sa.Column("organiser_account", sa.String(40), nullable=True),
        sa.Column("no_show_minutes", sa.Float(), nullable=False),
        sa.Column("no_show_rule", sa.String(10), nullable=False),
        sa.Column("bot_level", sa.String(40), nullable=False),
        sa.Column("auto_draw", sa.Boolean(), nullable=False),
        sa.Column("tables", sa.String(10), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "online_entries",
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("account", sa.String(40), nullable=True),
    )
    op.create_index("ix_online_entries_event_id", "online_entries", ["event_id"])
    op.create_table(
        "online_matches",
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("place", sa.String(10), nullable=False),
        sa.Column("table_id", sa.String(64), nullable=True),
        sa.Column("called_at", sa.DateTime(), nullable=True),
        sa.Column("stand_ins", sa.JSON(), nullable=True),
    )
    op.create_index("ix_online_matches_event_id", "online_matches", ["event_id"])
    op.create_index("ix_online_matches_table_id", "online_matches", ["table_id"])


def downgrade() -> None:
    op.drop_table("online_matches")
    op.drop_table("online_entries")
    op.drop_table("online_events")
