"""Bot accounts: an account listed here is a bot account, with the hash of its API token
(docs/web.md, "Bot accounts").

Revision ID: w0006
Revises: w0005
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "w0006"
down_revision: str | Sequence[str] | None = "w0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_bot_accounts",
        sa.Column("name", sa.String(100),
                  sa.ForeignKey("web_accounts.name", ondelete="CASCADE"), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("created", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("web_bot_accounts")
