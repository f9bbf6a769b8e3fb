"""Bot levels for players, details of matches played on the platform, withdrawn draws (T-5).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("players", sa.Column("bot", sa.String(40), nullable=True))
    op.add_column("result_log", sa.Column("detail", sa.JSON(), nullable=True))
    op.create_table(
        "withdrawn_draws",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(),
                  sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("pairings", sa.Integer(), nullable=False),
        sa.Column("withdrawn_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_withdrawn_draws_event_id", "withdrawn_draws", ["event_id"])


def downgrade() -> None:
    op.drop_table("withdrawn_draws")
    with op.batch_alter_table("result_log") as batch:
        batch.drop_column("detail")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("bot")
