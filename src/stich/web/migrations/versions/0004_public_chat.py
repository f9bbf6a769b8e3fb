"""Public tables (listed in the lobby, bots after a set time), chat at the table and in the
lobby, and the reports of chat messages for the operator (docs/web.md, "Public tables and play
now", "Chat").

Revision ID: w0004
Revises: w0003
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "w0004"
down_revision: str | Sequence[str] | None = "w0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("web_tables") as batch:
        batch.add_column(sa.Column("public", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("bots_after", sa.Float(), nullable=True))
        batch.add_column(sa.Column("chat_off", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.create_index("ix_web_tables_public_status", "web_tables", ["public", "status"])
    op.create_table(
        "web_chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("room", sa.String(64), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
    )
    op.create_index("ix_web_chat_room_id", "web_chat", ["room", "id"])
    op.create_table(
        "web_reports",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("room", sa.String(64), nullable=False),
        sa.Column("message_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("reporter", sa.String(100), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("web_reports")
    op.drop_index("ix_web_chat_room_id", table_name="web_chat")
    op.drop_table("web_chat")
    op.drop_index("ix_web_tables_public_status", table_name="web_tables")
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("chat_off")
        batch.drop_column("bots_after")
        batch.drop_column("public")
