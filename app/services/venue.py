"""The venue on the LAN (赛场局域网): what the phones, the projector and the hall tablets read
and write, as plain data; the web server (app/web) calls only these and the other services.

- Reading: the groups, each group's current round (the last one paired), its standings, one
  player's history, and a cheap change mark that moves whenever any station changes the event.
- The arbiter code (裁判码): set by the chief arbiter and kept in the event as a salted hash;
  every write from the hall needs it.
- Results from the hall go through `rounds.enter_result`, the operation the window uses, with
  the station named (`web:<client>`), so they carry version checks and an undo entry.
- Players may confirm their own result with the code printed on their result slip (成绩单)
  where the group enables it: both players must state the same result; when they differ the
  board is disputed and waits for the arbiter.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Integer, cast, func, select
from sqlalchemy.orm import selectinload

from app.errors import Place, UserError
from app.pairing.system import System
from app.pairing.types import Colour, Outcome
from app.results import BoardResult, parse_board
from app.services import ranking, rounds
from app.services.event import Event, settings_of, store_settings
from app.services.queries import (
    PlayerRef,
    RoundInfo,
    pairing_numbers,
    round_info,
    round_is_complete,
    system_of,
)
from app.services.snapshot import build_snapshot
from app.store import codec
from app.store.models import BoardRow, Game, Group, Player, Playoff, Round, Tournament, UndoEntry
from app.store.session import EventStore

SETTINGS_KEY = "venue"  # Tournament.settings[...]: the hall's arbiter code and slip secret
_ITERATIONS = 120_000


@dataclass(frozen=True)
class VenueGroup:
    name: str
    player_count: int
    rounds_paired: int
    rounds_complete: int
    rounds_planned: int
    player_confirmation: bool
    bracket: bool = False  # a knockout (淘汰赛): its bracket is drawn (`venue_bracket`)


@dataclass(frozen=True)
class VenueOverview:
    title: str
    venue: str
    groups: tuple[VenueGroup, ...]
    address: str  # the address the phones reach the server at, as last announced


@dataclass(frozen=True)
class HistoryRow:
    round: int
    board: int | None
    colour: Colour | None  # the player's move order (先手 = black)
    opponent: PlayerRef | None
    outcome: Outcome | None  # None: the result is not in yet
    points: int  # round points in the group's units
    result: BoardResult | None  # the board's result, first mover first; None: not in, a bye

    @property
    def first(self) -> bool | None:
        """Whether the player moved first (先手) on the board; None: no opponent (a bye)."""
        return None if self.colour is None else self.colour is Colour.FIRST


@dataclass(frozen=True)
class PlayerHistoryInfo:
    group: str
    player: PlayerRef
    rows: tuple[HistoryRow, ...]
    points: int | None  # in the group's units; None: not in the standings
    place: int | None
    shared: bool = False


# ----- reading -------------------------------------------------------------------------


def change_mark(event: Event) -> str:
    """A short text that changes whenever any station changes what the venue shows.

    Every stored row that the pages show carries a version that each change raises, and
    every operation, undo and redo changes the undo log; one cheap query reads them all.
    """
    versioned = (Tournament, Group, Player, Round, BoardRow)
    with event.reading() as session:
        parts: list[Any] = [
            session.execute(select(func.count(), func.coalesce(func.sum(model.version), 0))
                            .select_from(model)).one()
            for model in versioned
        ]
        for model in (Game, Playoff):
            parts.append(session.execute(select(func.count(), func.max(model.id))
                                         .select_from(model)).one())
        parts.append(session.execute(
            select(func.count(), func.max(UndoEntry.id),
                   func.coalesce(func.sum(cast(UndoEntry.undone, Integer)), 0))
        ).one())
    text = "|".join(",".join(str(v) for v in row) for row in parts)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def overview(event: Event) -> VenueOverview:
    with event.reading() as session:
        tournament = Event.tournament(session)
        groups = []
        for group in tournament.groups:
            played = list(group.rounds_played)
            groups.append(VenueGroup(
                name=group.name,
                player_count=len(group.players),
                rounds_paired=len(played),
                rounds_complete=sum(1 for r in played if round_is_complete(r)),
                rounds_planned=ranking.planned_rounds(group),
                player_confirmation=settings_of(group).player_confirmation,
                bracket=system_of(group).bracket,
            ))
        settings = dict(tournament.settings.get(SETTINGS_KEY, {}))
        return VenueOverview(tournament.title, tournament.venue, tuple(groups),
                             str(settings.get("address", "")))


def current_round(event: Event, group: str) -> RoundInfo | None:
    """The group's current round: the last one paired (None before the first pairing)."""
    with event.reading() as session:
        found = Event.group(session, group)
        played = list(found.rounds_played)
        if not played:
            return None
        # The round's boards with their games in two queries, not one per board: the phones
        # follow the current round, and it is computed again after each change. (Held here:
        # the session keeps only the objects something refers to.)
        boards = session.scalars(select(BoardRow).where(BoardRow.round_id == played[-1].id)
                                 .options(selectinload(BoardRow.games))).all()
        info = round_info(session, found, played[-1])
        del boards
        return info


def standings(event: Event, group: str) -> ranking.StandingsInfo:
    """The group's standings after its last complete round, ranked as `standings --csv`
    ranks them (the same once the round is complete; while a round is on, its first results
    do not move the posted standings)."""
    with event.reading() as session:
        found = Event.group(session, group)
        played = list(found.rounds_played)
        # Every board of the group with its games in two queries (held: see current_round).
        boards = session.scalars(select(BoardRow).join(Round).where(Round.group_id == found.id)
                                 .options(selectinload(BoardRow.games))).all()
        complete = sum(1 for r in played if round_is_complete(r))
        if system_of(found).bracket:
            return ranking.knockout_standings(found)
        if system_of(found) is System.CROSS_GROUP:  # no places: its match winners go on
            return ranking.qualifying_round_standings(found)
        if system_of(found) is System.TEAM_SWISS:  # the teams' standings, not the players'
            return ranking.team_swiss_standings(
                found, complete + 1 if complete < len(played) else None)
        info = ranking.compute_standings(
            session, found, before_round=complete + 1 if complete < len(played) else None)[0]
        del boards
        return info


def player_history(event: Event, group: str, player_id: int) -> PlayerHistoryInfo:
    """One player's rounds: board, move order, opponent, outcome and points of each."""
    with event.reading() as session:
        found = Event.group(session, group)
        player = next((p for p in found.players if p.id == player_id), None)
        if player is None:
            raise UserError(f"本组没有编号为{player_id}的棋手",
                            f"no player {player_id} in this group", group)
        numbers = pairing_numbers(found)
        build = build_snapshot(found, partial=True)
        people = {p.id: p for p in found.players}
        records = {r.round: r for r in next(
            h for h in build.snapshot.players if h.number == build.number_of[player.id]).rounds}
        double = found.games_per_round == 2
        rows = tuple(_history_row(round_, player.id, records.get(round_.number), people, numbers,
                                  double)
                     for round_ in found.rounds_played)
        ref = PlayerRef(player.id, player.name, player.unit, numbers.get(player.id, 0))
    table = ranking.standings(event, group)
    row = next((r for r in table.rows if r.player.id == player_id), None)
    return PlayerHistoryInfo(group, ref, rows, row.points if row else None,
                             row.place if row else None, row.shared if row else False)


def _history_row(round_: Round, player_id: int, record: Any, people: dict[int, Player],
                 numbers: dict[int, int], double: bool) -> HistoryRow:
    """The player's line for one round (`record`: the snapshot's round record, or None)."""
    board = next((b for b in round_.boards
                  if player_id in (b.first_player_id, b.second_player_id)), None)
    opponent: Player | None = None
    colour = None
    if board is not None:
        first = board.first_player_id == player_id
        opponent_id = board.second_player_id if first else board.first_player_id
        opponent = people.get(opponent_id) if opponent_id else None
        colour = Colour.FIRST if first else Colour.SECOND
    return HistoryRow(
        round=round_.number,
        board=board.number if board is not None else None,
        colour=colour if opponent is not None else None,
        opponent=(PlayerRef(opponent.id, opponent.name, opponent.unit,
                            numbers.get(opponent.id, 0)) if opponent else None),
        outcome=record.outcome if record is not None else None,
        points=record.points if record is not None else 0,
        result=None if board is None else codec.board_result(board.result, double, board.label),
    )


# ----- the arbiter code ----------------------------------------------------------------


def _hash(code: str, salt: str) -> str:
    return hashlib.pbkdf2_hmac("sha256", code.encode(), bytes.fromhex(salt),
                               _ITERATIONS).hex()


def code_text(given: str) -> str | None:
    """A code as sent by a tablet, in the form it is compared in: NFC (the same letters
    typed on any keyboard compare equal); None for one no code can be (control characters
    such as NUL, or over 200 characters)."""
    code = unicodedata.normalize("NFC", given)
    if len(code) > 200 or any(unicodedata.category(c) in ("Cc", "Cf") for c in code):
        return None
    return code


def _check_code_text(code: str) -> str:
    normal = code_text(code.strip())
    if normal is None:
        raise UserError("裁判码不能含控制字符，且不超过200个字符",
                        "the arbiter code takes no control characters and at most 200",
                        "arbiter code")
    if len(normal) < 4:
        raise UserError("裁判码至少4个字符", "the arbiter code needs at least 4 characters",
                        "arbiter code")
    return normal


_CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L to misread
GENERATED_CODE_LENGTH = 10  # 10 letters of 31: 49 bits


def generate_arbiter_code() -> str:
    """A code for one serving when the arbiter set none: ten letters of 31 (49 bits, beyond
    reach of guessing at the rate the server allows), shown in two groups of five."""
    letters = "".join(secrets.choice(_CODE_LETTERS) for _ in range(GENERATED_CODE_LENGTH))
    return f"{letters[:5]}-{letters[5:]}"


def set_arbiter_code(event: Event, code: str | None) -> None:
    """Store the event's arbiter code (裁判码) as a salted hash; None removes it (then
    `serve` makes a code for each serving). Not undoable: undo steps through results, not
    through the code."""
    stored: dict[str, Any] = {}
    if code is not None:
        code = _check_code_text(code)
        salt = secrets.token_hex(16)
        stored = {"code_salt": salt, "code_hash": _hash(code, salt)}
    with event.store.operation("set_arbiter_code", "设置裁判码 / set the arbiter code",
                               undoable=False) as session:
        tournament = Event.tournament(session)
        settings = dict(tournament.settings.get(SETTINGS_KEY, {}))
        settings.pop("code_salt", None)
        settings.pop("code_hash", None)
        settings.update(stored)
        tournament.settings = {**tournament.settings, SETTINGS_KEY: settings}


@dataclass(frozen=True)
class CodeCheck:
    """How a given arbiter code is judged; `stored` tells whether one is set at all."""

    salt: str
    digest: str

    def accepts(self, code: str) -> bool:
        """Whether `code` (as `code_text` gives it) is the arbiter code, exactly."""
        if not self.digest or not code:
            return False
        return hmac.compare_digest(_hash(code, self.salt), self.digest)


def arbiter_code_check(event: Event, override: str | None = None) -> CodeCheck:
    """The check for the arbiter code: `override` (given when the server starts) or the one
    stored in the event; an empty check refuses every code."""
    if override:
        salt = secrets.token_hex(16)
        return CodeCheck(salt, _hash(_check_code_text(override), salt))
    with event.reading() as session:
        settings = Event.tournament(session).settings.get(SETTINGS_KEY, {})
        return CodeCheck(str(settings.get("code_salt", "")), str(settings.get("code_hash", "")))


def set_venue_address(event: Event, address: str) -> None:
    """Remember where the phones reach the server (printed as a QR code on the lists)."""
    with event.store.operation("set_venue_address", "场馆网址 / venue address",
                               undoable=False) as session:
        tournament = Event.tournament(session)
        settings = dict(tournament.settings.get(SETTINGS_KEY, {}))
        if settings.get("address") == address:
            return
        settings["address"] = address
        tournament.settings = {**tournament.settings, SETTINGS_KEY: settings}


def set_player_confirmation(event: Event, group: str, enabled: bool) -> None:
    """Let the group's players confirm their own results with their slip codes (or not)."""
    with event.operation("set_player_confirmation",
                         f"{group} 棋手确认成绩 / players confirm results") as session:
        found = Event.group(session, group)
        store_settings(found, replace(settings_of(found), player_confirmation=bool(enabled)))
        tournament = Event.tournament(session)
        settings = dict(tournament.settings.get(SETTINGS_KEY, {}))
        if enabled and not settings.get("slip_secret"):
            settings["slip_secret"] = secrets.token_hex(16)
            tournament.settings = {**tournament.settings, SETTINGS_KEY: settings}


# ----- writing from the hall -----------------------------------------------------------


def station_event(event: Event, station: str) -> Event:
    """The same open event, with its writes recorded as made by `station` (e.g. web:tablet)."""
    return Event(EventStore(event.store.engine, event.store.location, station))


def enter_hall_result(event: Event, station: str, group: str, round_number: int,
                      board_number: int, codes: Sequence[str], *, replace: bool = False,
                      expected: str | None = None) -> list[str]:
    """Enter a result from a hall tablet: the window's operation, named after the station.

    With `expected` (the result the tablet showed, '' for none) a board changed meanwhile by
    another station is refused instead of being overwritten: the check and the write are
    one transaction, under the board row's lock, so of two writers only one hears OK.
    """
    check = None if expected is None else rounds.expecting(expected, round_number, board_number)
    return rounds.enter_result(station_event(event, station), group, round_number,
                               board_number, list(codes), replace=replace, check=check)


def _board_place(round_number: int, board_number: int) -> Place:
    return Place(f"第{round_number}轮第{board_number}台", f"round {round_number}, board {board_number}")


def _board(group: Group, round_number: int, board_number: int) -> BoardRow:
    for round_ in group.rounds_played:
        if round_.number == round_number:
            for board in round_.boards:
                if board.number == board_number:
                    return board
    raise UserError(f"没有第{round_number}轮第{board_number}台",
                    f"no board {board_number} in round {round_number}", group.name)


def slip_code(secret: str, group: str, round_number: int, board_number: int,
              player_id: int) -> str:
    """The six-digit code printed on a player's result slip (成绩单确认码)."""
    message = f"{group}/{round_number}/{board_number}/{player_id}".encode()
    digest = hmac.new(bytes.fromhex(secret), message, hashlib.sha256).digest()
    return f"{int.from_bytes(digest[:6], 'big') % 1_000_000:06d}"


def board_slip_codes(tournament: Tournament, group: Group, round_number: int,
                     board: BoardRow) -> tuple[str, ...]:
    """(first mover's code, second mover's code) for a board's slip; empty when the group
    does not let players confirm, or for a bye."""
    secret = str(tournament.settings.get(SETTINGS_KEY, {}).get("slip_secret", ""))
    if not secret or not settings_of(group).player_confirmation:
        return ()
    if not (board.first_player_id and board.second_player_id):
        return ()
    return tuple(slip_code(secret, group.name, round_number, board.number, player)
                 for player in (board.first_player_id, board.second_player_id))


def slip_codes(event: Event, group: str, round_number: int) -> dict[int, tuple[str, ...]]:
    """Board number -> the players' codes of a round's slips (see `board_slip_codes`)."""
    with event.reading() as session:
        found = Event.group(session, group)
        tournament = Event.tournament(session)
        codes = {}
        for round_ in found.rounds_played:
            if round_.number == round_number:
                for board in round_.boards:
                    pair = board_slip_codes(tournament, found, round_number, board)
                    if pair:
                        codes[board.number] = pair
        return codes


class WrongSlipCode(UserError):
    """The code given is not on either player's slip of that board."""


@dataclass(frozen=True)
class Claim:
    """One player's statement of a board's result, made with the code of their slip."""

    player_id: int
    codes: tuple[str, ...]


@dataclass(frozen=True)
class ClaimOutcome:
    state: str  # 'waiting' (for the opponent), 'entered', 'disputed' (waits for the arbiter)
    claims: tuple[Claim, ...]


def player_claim(event: Event, group: str, round_number: int, board_number: int,
                 slip: str, codes: Sequence[str],
                 earlier: Sequence[Claim] = ()) -> ClaimOutcome:
    """A player's confirmation of a result by the code on their slip.

    The code names the player. When both players of the board have stated the same result,
    it is entered (station `web:player`); when they differ the board is disputed and the
    arbiter decides. Refused where the group does not enable it or the code is wrong.
    """
    where = _board_place(round_number, board_number)
    with event.reading() as session:
        found = Event.group(session, group)
        secret = str(Event.tournament(session).settings.get(SETTINGS_KEY, {})
                     .get("slip_secret", ""))
        if not secret or not settings_of(found).player_confirmation:
            raise UserError("本组不允许棋手确认成绩", "players of this group do not confirm "
                            "results", group)
        board = _board(found, round_number, board_number)
        seats = [p for p in (board.first_player_id, board.second_player_id) if p]
        double = found.games_per_round == 2
        game_forfeits = system_of(found).game_forfeits
        stored = codec.board_result(board.result, double, board.label)
        if stored is not None:
            raise UserError(f"该台已有结果 {stored}", f"the board has the result "
                            f"{stored} already", where)
    player_id = next((p for p in seats if hmac.compare_digest(
        slip_code(secret, group, round_number, board_number, p), slip.strip())), None)
    if player_id is None or len(seats) < 2:
        raise WrongSlipCode("确认码不对", "wrong slip code", where)
    # read by the results home: 胜 from one player and 1-0 from the other are the same result
    normal = tuple(str(parse_board(list(codes), double, where, game_forfeits)).split())
    claims = tuple(c for c in earlier if c.player_id != player_id) + (Claim(player_id, normal),)
    if len({c.player_id for c in claims}) < 2:
        return ClaimOutcome("waiting", claims)
    if len({c.codes for c in claims}) > 1:
        return ClaimOutcome("disputed", claims)
    # Entered once: a board that got its result meanwhile (the arbiter, or the same two
    # claims arriving twice) is refused under the row's lock rather than entered again.
    rounds.enter_result(station_event(event, "web:player"), group, round_number, board_number,
                        list(normal), check=rounds.expecting("", round_number, board_number))
    return ClaimOutcome("entered", claims)
