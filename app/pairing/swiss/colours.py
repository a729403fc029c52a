"""Colour allocation of one board of the Dutch system (先后手分配), FIDE C.04.3 Art. 5.

`Colour.FIRST` is the first mover (black in our program, white in a TRF file); the rules'
"White" is our FIRST throughout.
"""

from __future__ import annotations

from app.pairing.swiss.players import SwissPlayer
from app.pairing.types import Colour


def _compatible(a: Colour | None, b: Colour | None) -> bool:
    return a is None or b is None or a is not b


def _first_difference(
    player: SwissPlayer, opponent: SwissPlayer
) -> tuple[Colour | None, Colour | None]:
    """Colours of the two players in the latest round in which they differed (Art. 5.2.3);
    each history is read backwards over played games only (C.04.2 Art. 3.4)."""
    mine = player.colours[::-1]
    theirs = opponent.colours[::-1]
    for a, b in zip(mine, theirs, strict=False):
        if a is not b:
            return a, b
    return None, None


def _neutral_colour(player: SwissPlayer, opponent: SwissPlayer) -> Colour | None:
    """Colour of `player` by Art. 5.2.1-5.2.3, or None when those do not decide."""
    # 5.2.1 grant both colour preferences
    if _compatible(player.preference, opponent.preference):
        if player.preference is not None:
            return player.preference
        if opponent.preference is not None:
            return opponent.preference.other
        return None
    # 5.2.2 grant the stronger preference; both absolute: the wider colour difference
    if player.absolute and (
        player.colour_imbalance > opponent.colour_imbalance or not opponent.absolute
    ):
        return player.preference
    if opponent.absolute and (
        opponent.colour_imbalance > player.colour_imbalance or not player.absolute
    ):
        assert opponent.preference is not None
        return opponent.preference.other
    if player.strong and not opponent.strong:
        return player.preference
    if opponent.strong and not player.strong:
        assert opponent.preference is not None
        return opponent.preference.other
    # 5.2.3 alternate from the latest round in which they had different colours
    mine, theirs = _first_difference(player, opponent)
    if mine is not None and theirs is not None:
        return theirs
    return None


def _ranks_higher(a: SwissPlayer, b: SwissPlayer) -> bool:
    """Art. 1.2 order: higher score, then lower TPN."""
    return (a.score, -a.rank_index) > (b.score, -b.rank_index)


def colour_of(player: SwissPlayer, opponent: SwissPlayer, initial: Colour) -> Colour:
    """The colour `player` gets against `opponent` (C.04.3 Art. 5.2.1-5.2.5).

    `initial` is the colour drawn for round 1 (Art. 5.1), i.e. the colour of TPN 1.
    """
    neutral = _neutral_colour(player, opponent)
    if neutral is not None:
        return neutral
    higher, lower = (player, opponent) if _ranks_higher(player, opponent) else (opponent, player)
    if higher.preference is not None:
        # 5.2.4 grant the preference of the higher ranked player
        higher_colour = higher.preference
    else:
        # 5.2.5 higher ranked player with an odd TPN gets the initial colour
        higher_colour = initial if higher.rank_index % 2 == 0 else initial.other
    return higher_colour if higher is player else higher_colour.other
