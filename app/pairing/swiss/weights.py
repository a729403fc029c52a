"""Edge weights of the Dutch system: the criteria of C.04.3 Art. 2 written as bit fields.

A pairing of a bracket is a matching of a graph whose vertices are players; each edge's
weight is one big integer whose bit fields hold, from the most to the least significant, the
criteria in the order of the regulation. A maximum-weight matching therefore optimises the
criteria lexicographically, which is what C.04.3 Art. 3.8 asks ("the best candidate").
Each field is wide enough that the sum over a whole matching never carries into the next one.

Field order (FIDE C.04.3, 2026 text; C.04.1 = Basic Rules):
  [C1]-[C3]  absolute criteria: an edge exists only when the two may meet (see `compatible`)
  [C4], [C5] completion and PAB assignee (only in the full graph, see `dutch.py`)
  [C6]       number of pairs in the bracket (= fewest downfloaters)
  [C7]       scores of the paired players (= lowest scores for the downfloaters)
  [C8]       pairs, then scores, in the following bracket (choice of downfloaters)
  [C9]       unplayed games of the PAB assignee
  [C10]      topscorers / their opponents with colour difference beyond +-2
  [C11]      topscorers / their opponents with the same colour three times running
  [C12]      colour preferences not granted
  [C13]      strong colour preferences not granted
  [C14]      resident downfloaters who downfloated the round before
  [C15]      MDP opponents who upfloated the round before
  [C16]      as [C14], two rounds before
  [C17]      as [C15], two rounds before
  [C18]-[C21] the same four, weighted by score (descending)
  Art. 4     the generation order, in the low fields below all criteria (`GenerationOrder`):
             which moved-down players are paired and with whom (Art. 4.4, 4.2), then the
             remainder's exchanges and transpositions (Art. 4.3, 4.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.pairing.swiss.players import Float, SwissPlayer


def bits(value: int) -> int:
    """Bits needed to hold `value` (at least 1)."""
    return max(1, int(value).bit_length())


@dataclass(frozen=True)
class Layout:
    """Bit offsets of every field for one round.

    `count` is the width of a counting field; `shift[score]` the offset of a score's
    sub-field inside a score field of width `score_width`. The generation-order fields at
    the bottom are sized per bracket (see `dutch.py`).
    """

    count: int
    score_width: int
    shift: dict[int, int]
    rounds_played: int
    c9_width: int

    @staticmethod
    def build(players: list[SwissPlayer], rounds_played: int) -> Layout:
        n = len(players)
        count = bits(n) + 2
        sizes: dict[int, int] = {}
        for player in players:
            sizes[player.score] = sizes.get(player.score, 0) + 1
        shift: dict[int, int] = {}
        offset = 0
        for score in sorted(sizes):  # lowest score group at the bottom
            shift[score] = offset
            offset += bits(sizes[score]) + 1
        c9_width = bits(n * (rounds_played + 1)) + 2
        return Layout(count, offset, shift, rounds_played, c9_width)


def colours_ok(player: SwissPlayer, opponent: SwissPlayer) -> tuple[bool, bool, bool, bool]:
    """Whether the pair complies with [C10], [C11], [C12], [C13] (True = no failure).

    [C10]/[C11] can only fail between topscorers, since [C3] keeps two non-topscorers with
    the same absolute preference apart.
    """
    same = player.preference is not None and player.preference is opponent.preference
    c10 = not (same and player.colour_imbalance > 1 and opponent.colour_imbalance > 1)
    if not (same and player.absolute and opponent.absolute):
        c11 = True
    elif player.colour_imbalance == opponent.colour_imbalance:
        c11 = player.repeated is None or player.repeated is not opponent.repeated
    else:
        wider = player if player.colour_imbalance > opponent.colour_imbalance else opponent
        other = opponent if wider is player else player
        assert player.preference is not None
        c11 = other.repeated is not player.preference.other
    c12 = not same
    c13 = (
        (not player.strong and not player.absolute)
        or (not opponent.strong and not opponent.absolute)
        or (player.absolute and opponent.absolute)
        or not same
    )
    return c10, c11, c12, c13


def _features(player: SwissPlayer) -> tuple[object, ...]:
    """Everything `Weigher.weight` reads of a player."""
    return (
        player.score,
        player.preference,
        player.colour_imbalance,
        player.repeated,
        player.strong,
        player.float_1,
        player.float_2,
        player.unplayed_games,
    )


class Weigher:
    """Computes the weight of an edge (higher-ranked player first) for one bracket."""

    def __init__(
        self,
        layout: Layout,
        bye_score: int | None,
        c9_active: bool,
        low: int,
    ) -> None:
        self.layout = layout
        self.bye_score = bye_score
        self.c9_active = c9_active
        c = layout.count
        s = layout.score_width
        widths: list[tuple[str, int]] = [
            ("c6", c),
            ("c7", s),
            ("c8_pairs", c),
            ("c8_scores", s),
            ("c9", layout.c9_width),
            ("c10", c),
            ("c11", c),
            ("c12", c),
            ("c13", c),
        ]
        if layout.rounds_played >= 1:
            widths += [("c14", c), ("c15", c)]
        if layout.rounds_played >= 2:
            widths += [("c16", c), ("c17", c)]
        if layout.rounds_played >= 1:
            widths += [("c18", s), ("c19", s)]
        if layout.rounds_played >= 2:
            widths += [("c20", s), ("c21", s)]
        offset = low
        self.offset: dict[str, int] = {}
        for name, width in reversed(widths):
            self.offset[name] = offset
            offset += width
        self.top = offset  # [C4]/[C5] field (full graph only) sits above everything
        self._memo: dict[tuple[object, ...], int] = {}
        self._features: dict[int, tuple[object, ...]] = {}

    def kind(self, player: SwissPlayer) -> tuple[object, ...]:
        """What `weight` reads of a player: two players of one kind weigh the same against
        anybody."""
        key = self._features.get(player.number)
        if key is None:
            key = self._features[player.number] = _features(player)
        return key

    def candidate(self, player: SwissPlayer) -> bool:
        """May receive the PAB under [C2] and [C5]."""
        return (
            player.bye_eligible and self.bye_score is not None and player.score <= self.bye_score
        )

    def completion(self, a: SwissPlayer, b: SwissPlayer) -> int:
        """[C4] + [C5]: one per pair, plus one per non-candidate paired (so that the player
        left over is a PAB candidate)."""
        return (1 + (not self.candidate(a)) + (not self.candidate(b))) << self.top

    def weight(
        self,
        higher: SwissPlayer,
        lower: SwissPlayer,
        lower_in_current: bool,
        lower_in_next: bool,
    ) -> int:
        """The quality fields ([C6]-[C21]) of pairing `higher` with `lower` (memoised: the
        weight depends only on a few features of each player)."""
        features = self._features
        a = features.get(higher.number)
        if a is None:
            a = features[higher.number] = _features(higher)
        b = features.get(lower.number)
        if b is None:
            b = features[lower.number] = _features(lower)
        key = (a, b, lower_in_current, lower_in_next)
        value = self._memo.get(key)
        if value is None:
            value = self._weight(higher, lower, lower_in_current, lower_in_next)
            self._memo[key] = value
        return value

    def _weight(
        self,
        higher: SwissPlayer,
        lower: SwissPlayer,
        lower_in_current: bool,
        lower_in_next: bool,
    ) -> int:
        """The quality fields ([C6]-[C21]) of pairing `higher` with `lower`.

        Each criterion is a bit field "rewarding" compliance (a maximum-weight matching
        maximises), written in the order of C.04.3 Art. 2. `lower_in_current`: both play in
        the bracket being paired; `lower_in_next`: the pair counts for the next bracket.
        """
        o = self.offset
        shift = self.layout.shift
        w = 0
        if lower_in_current:
            w |= 1 << o["c6"]  # [C6] maximise the pairs (fewest downfloaters)
            w |= 1 << (o["c7"] + shift[higher.score])  # [C7] downfloaters' scores lowest
        if lower_in_next:
            w |= 1 << o["c8_pairs"]  # [C8] ... [C6] in the following bracket
            w |= 1 << (o["c8_scores"] + shift[higher.score])  # [C8] ... and [C7] there
        if self.c9_active:  # [C9] fewest unplayed games for the PAB assignee
            value = 0
            if higher.score == self.bye_score:
                value += higher.unplayed_games
            if lower.score == self.bye_score:
                value += lower.unplayed_games
            w += value << o["c9"]
        if not lower_in_current:
            return w
        c10, c11, c12, c13 = colours_ok(lower, higher)
        w |= c10 << o["c10"]  # [C10] topscorers: colour difference beyond +-2
        w |= c11 << o["c11"]  # [C11] topscorers: same colour three times running
        w |= c12 << o["c12"]  # [C12] colour preferences granted
        w |= c13 << o["c13"]  # [C13] strong colour preferences granted
        higher_is_mdp = higher.score > lower.score
        down_1 = lower.float_1 is Float.DOWN, higher.float_1 is Float.DOWN
        down_2 = lower.float_2 is Float.DOWN, higher.float_2 is Float.DOWN
        rounds = self.layout.rounds_played
        if rounds >= 1:
            # [C14] resident downfloaters who downfloated the round before (pair them)
            w += (down_1[0] + (not higher_is_mdp and down_1[1])) << o["c14"]
            # [C15] MDP opponents who upfloated the round before
            w |= (not (higher_is_mdp and lower.float_1 is Float.UP)) << o["c15"]
        if rounds >= 2:
            w += (down_2[0] + (not higher_is_mdp and down_2[1])) << o["c16"]  # [C16]
            w |= (not (higher_is_mdp and lower.float_2 is Float.UP)) << o["c17"]  # [C17]
        if rounds >= 1:
            # [C18] scores of those who downfloated the round before, highest first
            if down_1[0]:
                w += 1 << (o["c18"] + shift[lower.score])
            if down_1[1]:
                w += 1 << (o["c18"] + shift[higher.score])
            # [C19] scores of MDP opponents who upfloated the round before
            if not (higher_is_mdp and lower.float_1 is Float.UP):
                w |= 1 << (o["c19"] + shift[higher.score])
        if rounds >= 2:
            if down_2[0]:  # [C20] as [C18], two rounds before
                w += 1 << (o["c20"] + shift[lower.score])
            if down_2[1]:
                w += 1 << (o["c20"] + shift[higher.score])
            if not (higher_is_mdp and lower.float_2 is Float.UP):  # [C21] as [C19]
                w |= 1 << (o["c21"] + shift[higher.score])
        return w


@dataclass(frozen=True)
class GenerationOrder:
    """The low fields of one bracket: the generation order of C.04.3 Art. 4, below [C21].

    Among candidates equally good on every criterion the first generated is chosen (Art.
    3.4, 4.1). The order is written as lexicographic preferences in fields narrower than the
    criteria, so that it only decides between equals. A rank fits in `digit` bits (1 up to
    the bracket's size). Two matchings use the fields in turn:
    - the moved-down players' (Art. 4.4 then 4.2): `moved_down_bonus`;
    - the remainder's (Art. 4.3 then 4.2): `remainder`, sized for the remainder left.
    """

    moved_down: int  # MDPs in the bracket (M1 once those that can be paired are known)
    residents: int
    digit: int

    @staticmethod
    def build(moved_down: int, residents: int) -> GenerationOrder:
        return GenerationOrder(moved_down, residents, bits(moved_down + residents) + 1)

    @property
    def width(self) -> int:
        """Bits below the lowest criterion: room for the larger of the two matchings'
        fields, with a margin so that no sum carries into [C21]."""
        m, size, digit = self.moved_down, self.residents, self.digit
        moved_down = (m + 2) + (m + 1) * digit
        remainder = 3 * (bits(size * size) + 2) + 2 * (size + 2) + (size + 1) * digit
        return max(moved_down, remainder) + 4

    def moved_down_bonus(self, mdp_index: int, resident_index: int) -> int:
        """Art. 4.4: the MDPs paired are those with the smallest BSNs (one flag per MDP,
        the first MDP highest); below it Art. 4.2: each MDP in turn meets the highest
        resident possible (the resident's rank, in the MDP's own digit)."""
        m = self.moved_down
        flag = (1 << (m - 1 - mdp_index)) << ((m + 1) * self.digit)
        rank = self.residents - resident_index
        return flag + (rank << (self.digit * (m - 1 - mdp_index)))

    def remainder(self, count: int, s1: int) -> RemainderOrder:
        """The fields of a remainder of `count` players whose S1 holds `s1`."""
        digit = self.digit
        s2_field = (count + 1) * digit
        s1_field = s2_field + count + 2
        sum_field = s1_field + count + bits(count) + 2
        exchange_field = sum_field + bits(count * count) + 2
        return RemainderOrder(count, s1, digit, s2_field, s1_field, sum_field, exchange_field)


@dataclass(frozen=True)
class RemainderOrder:
    """Art. 4.3 and 4.2 for one remainder (a homogeneous bracket is its own remainder).

    The remainder's players are numbered 0..count-1 in Art. 1.2 order; the first `s1` form
    S1. A pair counts for its higher player `i` (`head`), from the most significant field
    down: `exchange_field`, the fewest exchanges (S1 players staying in S1); `sum_field`,
    the smallest difference of the BSNs exchanged; `s1_field`, the lowest S1 players moved
    first; `s2_field`, then the highest S2 players; and in player `i`'s own digit the rank
    of its opponent `j` (Art. 4.2: each S1 player in turn meets the highest S2 player
    possible). Edge (i, j), i < j, weighs `head(i) + ((count - j) << rank_shift(i))`.
    """

    count: int
    s1: int
    digit: int
    s2_field: int
    s1_field: int
    sum_field: int
    exchange_field: int

    def head(self, i: int) -> int:
        """What pairing the remainder's player `i` as the higher of a pair is worth."""
        count, s1 = self.count, self.s1
        if i < s1:
            value = (1 << self.exchange_field) + ((1 << s1) - (1 << i) << self.s1_field)
        else:
            value = 1 << (self.s2_field + count - 1 - i)
        return value + ((count - i) << self.sum_field)

    def rank_shift(self, i: int) -> int:
        """Player `i`'s digit: its opponent `j` adds `(count - j) << rank_shift(i)`."""
        return self.digit * (self.count - 1 - i)
