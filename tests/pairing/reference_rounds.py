"""What the agreement tests of the FIDE 2026 systems share (tests/pairing/test_double_swiss.py,
test_team_swiss.py, test_team_swiss_gacrux.py): a stored TRF cut before a round, a reference's
stored answer as our `Pairing`, boards compared with their colours, our pairing set
against the text enumerated (tests/pairing/fide_literal.py), and a file of one 001 record
per team given the TRF-2026 310 records `trf pair --system team_swiss` reads teams by."""

from __future__ import annotations

from collections.abc import Callable

from app.pairing.trf import read_trf
from app.pairing.trf_teams import TeamBye, TeamEntry, team_lines
from app.pairing.types import Board, Pairing, PairingRequest, PlayerHistory
from tests.pairing.fide_literal import TooLarge

Literal = tuple[set[frozenset[int]], set[int]]  # the pairs and the byes of a round


def cut(text: str, k: int) -> str:
    """The file as it stood before round k: every entrant's entries of rounds 1..k-1."""
    return "\n".join(line[:91 + 10 * (k - 1)].rstrip() if line.startswith("001") else line
                     for line in text.splitlines())


def with_team_records(text: str) -> str:
    """`text`, a file of one `001` record per team (as the stored tournaments are), with the
    team section of TRF-2026: a `310` record for each, team k being player k alone (one
    board), so that its matches are the players' games."""
    numbers = [int(line[4:8]) for line in text.splitlines() if line.startswith("001")]
    lines = team_lines([TeamEntry(n, f"Team {n}", (n,)) for n in numbers],
                       [PlayerHistory(n, ()) for n in numbers], 1, TeamBye())
    return text.rstrip("\n") + "\n" + "\n".join(lines) + "\n"


def request_before(text: str, k: int) -> PairingRequest | None:
    """The request to pair round k from the file's rounds 1..k-1; None where a round before
    it paired nobody (the generator wrote such rounds: not comparable)."""
    tournament = read_trf(cut(text, k))
    if tournament.rounds_played != k - 1:
        return None
    return tournament.request_for_round(k)


def boards(pairing: Pairing) -> set[tuple[int, int | None]]:
    """The boards as (first, second): the pairs with their colours, the byes with None."""
    return {(b.first, b.second) for b in pairing.boards}


def answer_pairing(k: int, answer: dict[str, list]) -> Pairing:
    """A stored answer (`{"pairs": [[first, second], ...], "byes": [...]}`) as round k."""
    pairs = [(int(w), int(b)) for w, b in answer["pairs"]]
    byes = [int(x) for x in answer["byes"]]
    return Pairing(k, tuple(Board(n, w, b) for n, (w, b) in enumerate(pairs, start=1))
                   + tuple(Board(len(pairs) + 1 + n, x, None) for n, x in enumerate(byes)))


def against_text(literal: Callable[[], Literal], ours: Pairing | None,
                 no_pairing: str = "no legal pairing") -> str:
    """Our round against the one the text's plain enumeration gives (`literal()`, raising
    `TooLarge` past what can be enumerated)."""
    if ours is None:
        return no_pairing
    try:
        found = literal()
    except TooLarge:
        return "too large to enumerate"
    same = found == ({frozenset((b.first, b.second)) for b in ours.boards if b.second},
                     {b.first for b in ours.boards if b.second is None})
    return "as the text enumerated" if same else "differs"
