"""A table's owner token and its owner's settings (move clock, bot delay, wait between deals).

Revision ID: w0003
Revises: w0002
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "w0003"
down_revision: str | Sequence[str] | None = "w0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("web_tables") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("settings", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("settings")
        batch.drop_column("owner")
