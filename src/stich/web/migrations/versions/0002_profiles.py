"""Profiles: an account may hide its finished matches; the seats taken with an account's login.

Revision ID: w0002
Revises: w0001
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "w0002"
down_revision: str | Sequence[str] | None = "w0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("web_accounts") as batch:
        batch.add_column(sa.Column("hidden", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.create_table(
        "web_account_seats",
        sa.Column("table_id", sa.String(64),
                  sa.ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("account", sa.String(100),
                  sa.ForeignKey("web_accounts.name", ondelete="CASCADE"), nullable=False),
    )
    op.create_index("ix_web_account_seats_account", "web_account_seats", ["account"])


def downgrade() -> None:
    op.drop_index("ix_web_account_seats_account", "web_account_seats")
    op.drop_table("web_account_seats")
    with op.batch_alter_table("web_accounts") as batch:
        batch.drop_column("hidden")
