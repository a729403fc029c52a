"""The event file's tables, as SQLAlchemy 2 typed models.

Every row has a stable surrogate id; names are data, never keys (same-name players exist).
Scores and points are integers in the group's own units. Rows that several stations may edit
carry `version` (optimistic locking: a stale edit is refused, see `app.store.session`) and
`changed_by` (the station that last changed it, for the message naming who changed what).
Settings that are lists or tables (tie-breaks, prizes, grade titles, eligibility, merge rules)
are JSON, validated by the services when written.

The annotations are objects, not text (no `from __future__ import annotations`): SQLAlchemy
would otherwise evaluate each column's annotation from its text when the classes are made, on
every start (issue 28). Only a class named before it is defined is written as a string.
"""

import datetime as dt
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from app.pairing.system import System


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class Versioned:
    """Columns for optimistic locking between stations (多机录入)."""

    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    changed_by: Mapped[str] = mapped_column(String(100), nullable=False, default="")


class Meta(Base):
    """Key/value facts about the file itself: schema version, program version."""

    __tablename__ = "meta"
    key: Mapped[str] = mapped_column(String(50), primary_key=True)
    value: Mapped[str] = mapped_column(Text, nullable=False)


class Tournament(Versioned, Base):
    """The whole event (赛事): title, organisers, dates, the preset it came from."""

    __tablename__ = "tournament"
    __mapper_args__ = {"version_id_col": Versioned.version}

    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(String(200), nullable=False)
    organisers: Mapped[str] = mapped_column(Text, nullable=False, default="")
    venue: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    start_date: Mapped[dt.date | None] = mapped_column(Date)
    end_date: Mapped[dt.date | None] = mapped_column(Date)
    preset: Mapped[str] = mapped_column(String(50), nullable=False, default="")
    # Qualifier-merge rules and other whole-event settings, as the preset states them.
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)

    groups: Mapped[list["Group"]] = relationship(
        back_populates="tournament", order_by="Group.position", cascade="all, delete-orphan"
    )


class Group(Versioned, Base):
    """One event of the tournament (组别): its rules, system, points and rankings."""

    __tablename__ = "group"
    __mapper_args__ = {"version_id_col": Versioned.version}

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), nullable=False)
    position: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    # 'renju' (专业规则), 'free' (大众规则/无禁手), 'gomoku' (standard, exactly five)
    rule_set: Mapped[str] = mapped_column(String(20), nullable=False, default="renju")
    # 'designated' (指定开局, 三手交换, 五手N打) or 'free' (自由开局)
    opening: Mapped[str] = mapped_column(String(20), nullable=False, default="designated")
    fifth_move_offers: Mapped[int] = mapped_column(Integer, nullable=False, default=2)
    time_control: Mapped[str] = mapped_column(String(100), nullable=False, default="")
    # the value of an app.pairing.system.System
    system: Mapped[str] = mapped_column(String(30), nullable=False, default=System.SWISS.value)
    rounds: Mapped[int] = mapped_column(Integer, nullable=False, default=7)
    games_per_round: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    # PointSystem fields: win, draw, loss, forfeit_win, forfeit_loss, pab, half_bye, ...
    points: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)
    tiebreaks: Mapped[list[Any]] = mapped_column(JSON, nullable=False, default=list)
    unplayed_policy: Mapped[str] = mapped_column(String(20), nullable=False, default="zero")
    prizes: Mapped[list[Any]] = mapped_column(JSON, nullable=False, default=list)
    grade_titles: Mapped[list[Any]] = mapped_column(JSON, nullable=False, default=list)
    eligibility: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)
    # Sub-rankings (women, juniors), team rules, same-unit avoidance, forfeit-as-meeting, ...
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)

    tournament: Mapped[Tournament] = relationship(back_populates="groups")
    players: Mapped[list["Player"]] = relationship(
        back_populates="group", order_by="Player.id", cascade="all, delete-orphan"
    )
    rounds_played: Mapped[list["Round"]] = relationship(
        back_populates="group", order_by="Round.number", cascade="all, delete-orphan"
    )
    teams: Mapped[list["Team"]] = relationship(
        back_populates="group", order_by="Team.id", cascade="all, delete-orphan"
    )


class Player(Versioned, Base):
    """A player of one group (棋手). Same-name players are different rows."""

    __tablename__ = "player"
    __mapper_args__ = {"version_id_col": Versioned.version}

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("group.id"), nullable=False)
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    gender: Mapped[str] = mapped_column(String(1), nullable=False, default="")  # 'M' / 'F' / ''
    birth_date: Mapped[dt.date | None] = mapped_column(Date)
    id_number: Mapped[str] = mapped_column(String(30), nullable=False, default="")
    unit: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    platform_id: Mapped[str] = mapped_column(String(100), nullable=False, default="")
    source: Mapped[str] = mapped_column(String(100), nullable=False, default="")
    qualifier_rank: Mapped[int | None] = mapped_column(Integer)
    qualifier_points: Mapped[int | None] = mapped_column(Integer)
    qualifier_wins: Mapped[int | None] = mapped_column(Integer)
    grade: Mapped[str] = mapped_column(String(20), nullable=False, default="")
    phone: Mapped[str] = mapped_column(String(30), nullable=False, default="")
    rating: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    notes: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)
    # Seeding order for pairing numbers (lower = higher seed); ties broken by id.
    seed: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    # 'active' or 'withdrawn'; withdrawn players are not paired from `withdrawn_from_round` on.
    status: Mapped[str] = mapped_column(String(20), nullable=False, default="active")
    withdrawn_from_round: Mapped[int | None] = mapped_column(Integer)
    # Late entry (迟到报名): first round the player can be paired in; 1 for everyone else.
    entered_round: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    # Points given for each round missed before entering (0 by default).
    late_entry_points: Mapped[int] = mapped_column(Integer, nullable=False, default=0)

    group: Mapped[Group] = relationship(back_populates="players")
    absences: Mapped[list["Absence"]] = relationship(
        back_populates="player", cascade="all, delete-orphan"
    )


class Absence(Base):
    """A player not to be paired in one round: absent, or a bye requested in advance."""

    __tablename__ = "absence"
    __table_args__ = (UniqueConstraint("player_id", "round_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), nullable=False)
    round_number: Mapped[int] = mapped_column(Integer, nullable=False)
    # 'absent' (0 points), 'half_bye', 'zero_bye', 'full_bye'
    kind: Mapped[str] = mapped_column(String(20), nullable=False, default="absent")

    player: Mapped[Player] = relationship(back_populates="absences")


class Team(Versioned, Base):
    """A team (代表队) with a fixed board order declared at registration."""

    __tablename__ = "team"
    __mapper_args__ = {"version_id_col": Versioned.version}

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("group.id"), nullable=False)
    name: Mapped[str] = mapped_column(String(200), nullable=False)
    unit: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    seed: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    # The list the team came from (e.g. 大众场 / 专业场 for the huazhi cross-group round).
    source: Mapped[str] = mapped_column(String(100), nullable=False, default="")

    group: Mapped[Group] = relationship(back_populates="teams")
    members: Mapped[list["TeamMember"]] = relationship(
        back_populates="team", order_by="TeamMember.board_order", cascade="all, delete-orphan"
    )


class TeamMember(Base):
    """A player's board in a team (台次: 1 = captain 主将)."""

    __tablename__ = "team_member"
    __table_args__ = (UniqueConstraint("team_id", "board_order"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("team.id"), nullable=False)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), nullable=False)
    board_order: Mapped[int] = mapped_column(Integer, nullable=False)

    team: Mapped[Team] = relationship(back_populates="members")
    player: Mapped[Player] = relationship()


class Round(Versioned, Base):
    """A paired round of a group, with the pairing report kept beside it."""

    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("group_id", "number"),)
    __mapper_args__ = {"version_id_col": Versioned.version}

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("group.id"), nullable=False)
    number: Mapped[int] = mapped_column(Integer, nullable=False)
    paired_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    # Floats, colour imbalances, avoidance breaks, manual changes: a list of report lines.
    report: Mapped[list[Any]] = mapped_column(JSON, nullable=False, default=list)
    # Pairing numbers used for this round, player id -> number (kept for TRF output).
    numbers: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)

    group: Mapped[Group] = relationship(back_populates="rounds_played")
    boards: Mapped[list["BoardRow"]] = relationship(
        back_populates="round", order_by="BoardRow.number", cascade="all, delete-orphan"
    )


class BoardRow(Versioned, Base):
    """One board of a round: first mover (black, 先手) against second; second None = bye."""

    __tablename__ = "board"
    __table_args__ = (UniqueConstraint("round_id", "number"),)
    __mapper_args__ = {"version_id_col": Versioned.version}

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id"), nullable=False)
    number: Mapped[int] = mapped_column(Integer, nullable=False)
    first_player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    second_player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    first_team_id: Mapped[int | None] = mapped_column(ForeignKey("team.id"))
    second_team_id: Mapped[int | None] = mapped_column(ForeignKey("team.id"))
    # Round result, first mover first: '1-0', '0-1', '=', '+-', '-+', '--'; '' = not yet.
    # Double-game rounds store the game results joined by a space ('1-0 =').
    result: Mapped[str] = mapped_column(String(30), nullable=False, default="")
    # A team match level on game points and decided by lots (抽签): "lots" (app.store.codec
    # reads it: `match_decision`); otherwise "" (the places a knockout match decides and a
    # team match's score are worked out, never stored).
    label: Mapped[str] = mapped_column(String(50), nullable=False, default="")

    round: Mapped[Round] = relationship(back_populates="boards")
    first_player: Mapped[Player | None] = relationship(foreign_keys=[first_player_id])
    second_player: Mapped[Player | None] = relationship(foreign_keys=[second_player_id])
    games: Mapped[list["Game"]] = relationship(
        back_populates="board", order_by="Game.index", cascade="all, delete-orphan"
    )


class Game(Versioned, Base):
    """One game: of a board (1 or 2 in double-game rounds) or of a playoff (加赛)."""

    __tablename__ = "game"
    __mapper_args__ = {"version_id_col": Versioned.version}

    id: Mapped[int] = mapped_column(primary_key=True)
    board_id: Mapped[int | None] = mapped_column(ForeignKey("board.id"))
    playoff_id: Mapped[int | None] = mapped_column(ForeignKey("playoff.id"))
    index: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    black_player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    white_player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    # Black first: '1-0' black won, '0-1' white won, '=' draw, '+-'/'-+' forfeits, '--'.
    result: Mapped[str] = mapped_column(String(5), nullable=False, default="")
    # 'five', 'foul', 'resign', 'time', 'draw', 'full_board', 'arbiter', 'forfeit', ''
    ending: Mapped[str] = mapped_column(String(20), nullable=False, default="")
    moves: Mapped[str] = mapped_column(Text, nullable=False, default="")
    opening: Mapped[str] = mapped_column(String(20), nullable=False, default="")
    # The full action log of the game object (swap, offers, claims), to replay it exactly.
    record: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, default=dict)

    board: Mapped[BoardRow | None] = relationship(back_populates="games")
    playoff: Mapped["Playoff | None"] = relationship(back_populates="games")


class Playoff(Versioned, Base):
    """A playoff (加赛) between players tied at a decisive place."""

    __tablename__ = "playoff"
    __mapper_args__ = {"version_id_col": Versioned.version}

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("group.id"), nullable=False)
    place: Mapped[int] = mapped_column(Integer, nullable=False)
    player_ids: Mapped[list[Any]] = mapped_column(JSON, nullable=False, default=list)
    # Final order of the tied players once decided (player ids); empty while open.
    order: Mapped[list[Any]] = mapped_column(JSON, nullable=False, default=list)
    created_at: Mapped[dt.datetime | None] = mapped_column(DateTime)

    games: Mapped[list[Game]] = relationship(
        back_populates="playoff", order_by="Game.index", cascade="all, delete-orphan"
    )


class UndoEntry(Base):
    """One user operation, with the row changes needed to undo and redo it."""

    __tablename__ = "undo_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    operation: Mapped[str] = mapped_column(String(50), nullable=False)
    description: Mapped[str] = mapped_column(Text, nullable=False, default="")
    station: Mapped[str] = mapped_column(String(100), nullable=False, default="")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, nullable=False)
    # [{"op": "insert"|"update"|"delete", "table": ..., "pk": ..., "old": {...}, "new": {...}}]
    changes: Mapped[list[Any]] = mapped_column(JSON, nullable=False, default=list)
    undone: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
