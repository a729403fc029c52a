"""What the Dutch system needs to know of each player to be paired (棋手的编排状态).

Everything here is derived from `PlayerHistory.rounds`: the score, the colour history of the
games really played, the colour preference, the floats of the two previous rounds, whether the
player may still receive the pairing-allocated bye, and whom the player may not meet.

Regulation references (FIDE Handbook, C.04, texts applied from 1 February 2026):
- C.04.3 Art. 1.2: players are ranked by score, then by TPN (pairing number).
- C.04.3 Art. 1.4.2-1.4.4: floats. A player who meets a lower-scored opponent gets a
  downfloat, the opponent an upfloat; a player who scores more than a loss without playing
  (PAB, full-point or half-point bye, forfeit win) also gets a downfloat.
- C.04.3 Art. 1.6 / 1.7: colour difference and colour preference (absolute, strong, mild, none);
  C.04.2 Art. 3.4: rounds without a played game are skipped in the colour history.
- C.04.1 Art. 4 = C.04.3 [C2]: a player who already received the PAB, or who already scored,
  in one round without playing, as many points as a win, cannot receive the PAB.
- C.04.1 Art. 2 = C.04.3 [C1]: two players do not meet twice; a forfeited game is not a
  meeting (C.04.2 Art. 3.4), so forfeits do not forbid a new pairing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from app.pairing.types import Colour, Outcome, PairingRequest, PlayerHistory, RoundRecord


class Float(IntEnum):
    """Float of one player in one earlier round (C.04.3 Art. 1.4)."""

    DOWN = 0
    UP = 1
    NONE = 2


@dataclass(frozen=True)
class SwissPlayer:
    """One player to be paired, with everything derived from the history.

    `rank_index` is the 0-based position of the player among all players of the snapshot
    ordered by pairing number (TPN - 1 when the numbers run 1..N); its parity decides the
    colours of C.04.3 Art. 5.2.5.
    """

    number: int
    rank_index: int
    score: int
    colours: tuple[Colour, ...]  # colours of the games really played, oldest first
    colour_imbalance: int  # |games with FIRST - games with SECOND| (Art. 1.6)
    preference: Colour | None  # Art. 1.7; None = no preference (no game played yet)
    repeated: Colour | None  # colour of the two (or more) latest played games, if equal
    strong: bool  # Art. 1.7.2 strong preference (and not absolute)
    played_games: int
    unplayed_games: int  # rounds already played without a game (Art. 2 [C9])
    bye_eligible: bool  # [C2]
    float_1: Float  # float of the previous round
    float_2: Float  # float two rounds before
    met: frozenset[int]  # opponents already met over the board ([C1])

    @property
    def absolute(self) -> bool:
        """Absolute colour preference (Art. 1.7.1): |CD| > 1 or the same colour twice."""
        return self.colour_imbalance > 1 or self.repeated is not None


def _records(player: PlayerHistory, rounds_played: int) -> tuple[RoundRecord, ...]:
    """The player's records of rounds 1..rounds_played; missing rounds read as absences."""
    records = list(player.rounds[:rounds_played])
    for number in range(len(records) + 1, rounds_played + 1):
        records.append(RoundRecord(number, Outcome.ABSENT))
    return tuple(records)


def _colour_state(
    colours: tuple[Colour, ...],
) -> tuple[int, Colour | None, Colour | None, bool]:
    """Colour imbalance, preference, repeated colour and strength (C.04.3 Art. 1.6, 1.7)."""
    first = sum(1 for colour in colours if colour is Colour.FIRST)
    second = len(colours) - first
    lower = Colour.SECOND if first > second else Colour.FIRST
    imbalance = abs(first - second)
    run = 0
    last: Colour | None = None
    for colour in colours:
        run = run + 1 if colour is last else 1
        last = colour
    preference: Colour | None
    if imbalance > 1:  # Art. 1.7.1: colour difference beyond +1 / -1
        preference = lower
    elif run > 1 and last is not None:  # Art. 1.7.1: same colour in the two latest games
        preference = last.other
    elif imbalance > 0:  # Art. 1.7.2: strong preference
        preference = lower
    elif last is not None:  # Art. 1.7.3: mild preference, alternate
        preference = last.other
    else:  # Art. 1.7.4: no game played yet
        preference = None
    repeated = last if run > 1 else None
    absolute = imbalance > 1 or repeated is not None
    strong = not absolute and imbalance > 0
    return imbalance, preference, repeated, strong


def derive_players(request: PairingRequest) -> list[SwissPlayer]:
    """The players to pair in `request.round`, ranked as C.04.3 Art. 1.2 says.

    Players in `request.unavailable` are left out (absent, withdrawn, bye given in advance);
    they still count for the TPN parity of everybody else.
    """
    snapshot = request.snapshot
    rounds_played = request.round - 1
    points = snapshot.points
    records = {p.number: _records(p, rounds_played) for p in snapshot.players}
    # C.04.2 Art. 2 (TPN): a player who is not paired this round and was never paired
    # before (only byes given in advance) takes no place in the order
    ordered = sorted(
        (
            p
            for p in snapshot.players
            if p.number not in request.unavailable
            or any(r.outcome.has_opponent or r.outcome is Outcome.PAB for r in records[p.number])
        ),
        key=lambda p: p.number,
    )
    # score_back[number][k] = score k rounds ago (k = 0, 1, 2)
    score_back: dict[int, tuple[int, int, int]] = {}
    for number, history in records.items():
        total = sum(r.points for r in history)
        last = history[-1].points if rounds_played >= 1 else 0
        before = history[-2].points if rounds_played >= 2 else 0
        score_back[number] = (total, total - last, total - last - before)

    def float_of(number: int, back: int) -> Float:
        """C.04.3 Art. 1.4.2-1.4.3, for the round `back` rounds before this one."""
        record = records[number][rounds_played - back]
        if record.outcome is Outcome.PAB:
            return Float.DOWN  # Art. 1.4.3: the PAB is a downfloat, whatever it is worth
        if not record.outcome.played:
            # Art. 1.4.3 / 1.4.4: otherwise only scoring more than a loss without playing
            return Float.DOWN if record.points > points.loss else Float.NONE
        opponent = record.opponent if record.opponent in score_back else number
        mine = score_back[number][back]
        theirs = score_back[opponent][back]
        if mine > theirs:
            return Float.DOWN
        if mine < theirs:
            return Float.UP
        return Float.NONE

    result: list[SwissPlayer] = []
    for rank_index, player in enumerate(ordered):
        if player.number in request.unavailable:
            continue
        history = records[player.number]
        played = [r for r in history if r.outcome.played]
        colours = tuple(r.colour for r in played if r.colour is not None)
        imbalance, preference, repeated, strong = _colour_state(colours)
        bye_eligible = not any(
            r.outcome is Outcome.PAB
            or (not r.outcome.played and r.points >= points.win and points.win > points.loss)
            for r in history
        )
        met = frozenset(r.opponent for r in played if r.opponent is not None)
        result.append(
            SwissPlayer(
                number=player.number,
                rank_index=rank_index,
                score=score_back[player.number][0],
                colours=colours,
                colour_imbalance=imbalance,
                preference=preference,
                repeated=repeated,
                strong=strong,
                played_games=len(played),
                unplayed_games=rounds_played - len(played),
                bye_eligible=bye_eligible,
                float_1=float_of(player.number, 1) if rounds_played >= 1 else Float.NONE,
                float_2=float_of(player.number, 2) if rounds_played >= 2 else Float.NONE,
                met=met,
            )
        )
    result.sort(key=lambda p: (-p.score, p.rank_index))
    return result
