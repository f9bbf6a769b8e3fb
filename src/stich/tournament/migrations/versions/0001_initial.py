"""Initial schema: events, players, cards, draws, matches, result log.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        sa.Column("format", sa.String(20), nullable=False),
        sa.Column("n_cards", sa.Integer(), nullable=True),
        sa.Column("max_cards", sa.Integer(), nullable=False),
        sa.Column("match_length", sa.Integer(), nullable=False),
        sa.Column("prize_count", sa.Integer(), nullable=False),
        sa.Column("one_prize", sa.Boolean(), nullable=False),
        sa.Column("deck", sa.String(10), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(),
                  sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("cards", sa.Integer(), nullable=False),
        sa.Column("withdrawn", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("event_id", "name"),
    )
    op.create_index("ix_players_event_id", "players", ["event_id"])
    op.create_table(
        "cards",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(),
                  sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("player_id", sa.Integer(),
                  sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("ordinal", sa.Integer(), nullable=False),
        sa.UniqueConstraint("player_id", "ordinal"),
    )
    op.create_index("ix_cards_event_id", "cards", ["event_id"])
    op.create_table(
        "draws",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(),
                  sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("seed_given", sa.Boolean(), nullable=False),
        sa.Column("redraws", sa.Integer(), nullable=False),
        sa.Column("put_backs", sa.Integer(), nullable=False),
        sa.Column("inputs", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("event_id", "round_no"),
    )
    op.create_index("ix_draws_event_id", "draws", ["event_id"])
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(),
                  sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("draw_id", sa.Integer(),
                  sa.ForeignKey("draws.id", ondelete="CASCADE"), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("no", sa.Integer(), nullable=False),
        sa.Column("group_lo", sa.Integer(), nullable=True),
        sa.Column("group_hi", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("card_a_id", sa.Integer(), sa.ForeignKey("cards.id"), nullable=False),
        sa.Column("card_b_id", sa.Integer(), sa.ForeignKey("cards.id"), nullable=True),
        sa.Column("score_a", sa.Integer(), nullable=True),
        sa.Column("score_b", sa.Integer(), nullable=True),
        sa.Column("winner_card_id", sa.Integer(), sa.ForeignKey("cards.id"), nullable=True),
        sa.Column("decided_at", sa.DateTime(), nullable=True),
        sa.UniqueConstraint("event_id", "no"),
    )
    op.create_index("ix_matches_event_id", "matches", ["event_id"])
    op.create_table(
        "result_log",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(),
                  sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
        sa.Column("action", sa.String(10), nullable=False),
        sa.Column("score_a", sa.Integer(), nullable=False),
        sa.Column("score_b", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    for table in ("result_log", "matches", "draws", "cards", "players", "events"):
        op.drop_table(table)
