"""The tournament database, as typed SQLAlchemy 2 models.

Only facts are stored: the event's settings, players and their cards, each draw with its seed
and inputs, each pairing with its result, and a log of every result typed in. Who is still in,
who plays next and who won what are computed from these (bracket.py), so a corrected result can
never leave a stale copy behind. The schema is created and changed by the Alembic migrations in
`migrations/`, never by `create_all`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Float, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class Event(Base):
    """One tournament and its settings (T-5)."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    format: Mapped[str] = mapped_column(String(20))  # "preis", "swiss", "roundrobin"
    n_cards: Mapped[int | None]  # N (T-1); None for Swiss and round robin
    max_cards: Mapped[int]  # k (T-1)
    match_length: Mapped[int]  # Bummerl to win a match (T-3)
    prize_count: Mapped[int]
    one_prize: Mapped[bool]
    deck: Mapped[str] = mapped_column(String(10))  # "french" or "german"
    rounds: Mapped[int | None]  # Swiss: rounds to play
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    players: Mapped[list[Player]] = relationship(back_populates="event", order_by="Player.seq")


class Player(Base):
    """A registered player; `cards` is how many entry cards he bought (T-1)."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("event_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    seq: Mapped[int]  # registration order
    cards: Mapped[int]
    withdrawn: Mapped[bool] = mapped_column(default=False)
    bot: Mapped[str | None] = mapped_column(String(40))  # the bot level playing him, if a bot
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    event: Mapped[Event] = relationship(back_populates="players")


class EntryCard(Base):
    """One entry card: a life in the tournament (T-1). `ordinal` numbers a player's cards."""

    __tablename__ = "cards"
    __table_args__ = (UniqueConstraint("player_id", "ordinal"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    ordinal: Mapped[int]


class Draw(Base):
    """One round's draw: its seed and the inputs it was made from, for the audit."""

    __tablename__ = "draws"
    __table_args__ = (UniqueConstraint("event_id", "round_no"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    round_no: Mapped[int]
    seed: Mapped[int] = mapped_column(BigInteger)
    seed_given: Mapped[bool]  # passed by the organiser rather than generated
    redraws: Mapped[int] = mapped_column(default=0)  # T-2: times a stuck draw was repeated
    put_backs: Mapped[int] = mapped_column(default=0)  # T-2: own numbers drawn and put back
    inputs: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class TournamentMatch(Base):
    """A pairing of a round: a match, a bye (`card_b_id` None) or a self-meeting (T-3).

    `no` is the number the organiser types; in round 1 it is the drawn number (T-2).
    `group_lo`..`group_hi` are the places the group plays for (None in Swiss/round robin).
    """

    __tablename__ = "matches"
    __table_args__ = (UniqueConstraint("event_id", "no"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    draw_id: Mapped[int] = mapped_column(ForeignKey("draws.id", ondelete="CASCADE"))
    round_no: Mapped[int]
    no: Mapped[int]
    group_lo: Mapped[int | None]
    group_hi: Mapped[int | None]
    kind: Mapped[str] = mapped_column(String(10))  # "match", "bye", "self"
    card_a_id: Mapped[int] = mapped_column(ForeignKey("cards.id"))
    card_b_id: Mapped[int | None] = mapped_column(ForeignKey("cards.id"))
    score_a: Mapped[int | None]
    score_b: Mapped[int | None]
    winner_card_id: Mapped[int | None] = mapped_column(ForeignKey("cards.id"))
    decided_at: Mapped[datetime | None]


class WithdrawnDraw(Base):
    """A drawn round the organiser withdrew before any result (T-5), kept for the audit."""

    __tablename__ = "withdrawn_draws"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    round_no: Mapped[int]
    seed: Mapped[int] = mapped_column(BigInteger)
    pairings: Mapped[int]
    withdrawn_at: Mapped[datetime] = mapped_column(default=utcnow)


class ResultLog(Base):
    """Every result typed in or played on the platform, corrections included: the paper trail.

    `action` is "enter", "correct" or "played" (by bots, T-5); `detail` says for a played match
    the game, the match seed, the bot levels and the budget, so it can be replayed.
    """

    __tablename__ = "result_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    action: Mapped[str] = mapped_column(String(10))
    score_a: Mapped[int]
    score_b: Mapped[int]
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(default=utcnow)


class OnlineEvent(Base):
    """An event run on the web server (docs/tournament.md, "Online"): who organises it, what
    happens to a player who does not come, and the bots it seats. An event without this row
    is run from the organiser's laptop only."""

    __tablename__ = "online_events"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"),
                                          primary_key=True)
    organiser_token: Mapped[str] = mapped_column(String(64))  # the creating browser's
    organiser_account: Mapped[str | None] = mapped_column(String(40))
    no_show_minutes: Mapped[float] = mapped_column(Float)  # to appear, once called
    no_show_rule: Mapped[str] = mapped_column(String(10))  # "forfeit" or "bot"
    bot_level: Mapped[str] = mapped_column(String(40))  # stand-ins, and entrants without one
    auto_draw: Mapped[bool]  # draw the next round as soon as one is complete
    tables: Mapped[str] = mapped_column(String(10))  # where pairings play: "online" or "real"
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class OnlineEntry(Base):
    """How a registered player is known to the server: the entry token his browser keeps,
    or the account he registered with."""

    __tablename__ = "online_entries"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                           primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"),
                                          index=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    account: Mapped[str | None] = mapped_column(String(40))


class OnlineMatch(Base):
    """Where a pairing is played: at a table of the server (its id) or at a real table; when
    its players were called, and who was played by a bot for not coming (T-5, Online)."""

    __tablename__ = "online_matches"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"),
                                          primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"),
                                          index=True)
    place: Mapped[str] = mapped_column(String(10))  # "online" or "real"
    table_id: Mapped[str | None] = mapped_column(String(64), index=True)
    called_at: Mapped[datetime | None]
    stand_ins: Mapped[list[Any] | None] = mapped_column(JSON)  # seats a bot played instead
