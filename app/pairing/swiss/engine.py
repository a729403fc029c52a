"""Entry point of the Swiss engine: one round of the FIDE (Dutch) System, boards ordered.

Board order (C.04.2 Art. 4.2 / publication order): the score of the higher-ranked player of
each board, then the score of the lower one, then the rank (Art. 1.2) of the higher one;
the pairing-allocated bye (轮空) comes last. `Pairing.remarks` reports, typed, what the
pairing had to give up: downfloats, colour preferences not granted, the PAB.
"""

from __future__ import annotations

from app.pairing.swiss.colours import colour_of
from app.pairing.swiss.dutch import DutchPairer
from app.pairing.swiss.players import SwissPlayer, derive_players
from app.pairing.types import Board, Colour, NoteKind, Pairing, PairingNote, PairingRequest


def pair(request: PairingRequest) -> Pairing:
    """Pair round `request.round` by the FIDE (Dutch) System; raises `NoLegalPairing`."""
    players = derive_players(request)
    mates = DutchPairer(request, players).run()
    initial = request.snapshot.initial_colour
    games: list[tuple[SwissPlayer, SwissPlayer]] = []
    bye: SwissPlayer | None = None
    for v, u in mates.items():
        if u == v:
            bye = players[v]
        elif v < u:
            games.append((players[v], players[u]))  # sorted order: v ranks higher
    games.sort(key=lambda g: (-g[0].score, -g[1].score, g[0].rank_index))
    boards: list[Board] = []
    notes: list[PairingNote] = []
    for higher, lower in games:
        if colour_of(higher, lower, initial) is Colour.FIRST:
            first, second = higher, lower
        else:
            first, second = lower, higher
        board = len(boards) + 1
        boards.append(Board(board, first.number, second.number))
        if higher.score > lower.score:
            notes.append(PairingNote(NoteKind.DOWNFLOAT, board, (higher.number, lower.number)))
        for player, colour in ((first, Colour.FIRST), (second, Colour.SECOND)):
            if player.preference is not None and player.preference is not colour:
                strength = "absolute" if player.absolute else "strong" if player.strong else "mild"
                notes.append(PairingNote(NoteKind.COLOUR_NOT_GRANTED, board, (player.number,),
                                         strength))
    if bye is not None:
        boards.append(Board(len(boards) + 1, bye.number, None))
        notes.append(PairingNote(NoteKind.PAB, 0, (bye.number,)))
    return Pairing(round=request.round, boards=tuple(boards), remarks=tuple(notes))
