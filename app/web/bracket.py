"""The bracket page's drawing (淘汰赛对阵图): a knockout's matches as trees of boxes, one tree
per place band, built from the services' `BracketInfo`.

A knockout with full placement (2021-huazhi 六、(三)5) sends each band's winners on in its
own tree and starts a tree for its losers (第9-16名 …); the core says which matches feed
which (`knockout.sources`), so every line of a tree runs from a match to the one its winner
plays next and no two cross — as the printed bracket draws it (app/exports/pdf_bracket.py).
Trees come in the order of their places (the final's first)."""

from __future__ import annotations

from dataclasses import dataclass

from app import wording
from app.pairing.knockout import BYE, KnockoutMatch, sources
from app.pairing.types import SitOut, withdrawn_by
from app.services.queries import BoardInfo, PlayerRef
from app.services.venue_bracket import BracketInfo
from app.web.texts import TEXTS


@dataclass(frozen=True)
class Slot:
    """One side of a match as drawn: its entrant (None: not known yet, 待定), or an empty
    slot (`bye`, 轮空); whether it won, and in a last-round match the place it took;
    `withdrawn`: the entrant withdrew (退赛) by the match's round, which it does not play
    (its forfeit, or the lots where neither side came)."""

    entrant: PlayerRef | None
    bye: bool = False
    won: bool = False
    place: int | None = None
    withdrawn: bool = False


def slot_name(slot: Slot, lang: str) -> str:
    """The entrant's name in its box, a withdrawn one marked as the papers' pairing lists
    mark it: `王三（退赛）` / `王三 (withdrawn)`."""
    if slot.entrant is None:
        return ""
    if slot.withdrawn:
        return wording.missing_mark(slot.entrant.name, SitOut.WITHDRAWN, lang)
    return slot.entrant.name


@dataclass(frozen=True)
class Drawn:
    """A match as drawn, with the matches of its tree that feed it (none at a tree's start:
    its entrants are the losers of the round before, or the draw's)."""

    match: KnockoutMatch
    board: BoardInfo | None  # its stored board once paired
    top: Slot
    bottom: Slot
    feeders: tuple[Drawn, ...] = ()

    @property
    def leaves(self) -> int:
        return sum(f.leaves for f in self.feeders) or 1


@dataclass(frozen=True)
class Tree:
    """One place band's bracket: `start` its first round, `places` the places it plays for
    there (1–16名, 9–16名 …), `root` its last match."""

    start: int
    places: tuple[int, int]
    root: Drawn


def _slot(info: BracketInfo, match: KnockoutMatch, entrant: int | None) -> Slot:
    if entrant == BYE:
        return Slot(None, bye=True)
    won = entrant is not None and entrant == match.winner
    decides = match.decides_places if match.winner is not None else None
    place = None if decides is None or entrant is None else decides[0 if won else 1]
    shown = None if entrant is None else info.entrants.get(entrant)
    gone = shown is not None and withdrawn_by(match.round, shown.withdrawn_from)
    return Slot(shown, won=won, place=place, withdrawn=gone)


def _shown(match: KnockoutMatch) -> bool:
    """A match only empty slots reach decides no place and is not drawn (nor two empty
    slots)."""
    return not match.void and not (match.top == BYE and match.bottom == BYE)


def _drawn(info: BracketInfo, match: KnockoutMatch) -> Drawn:
    came = sources(info.bracket.size, match.round, match.number)
    feeders = () if came is None or not came[0].won else tuple(
        _drawn(info, fed) for fed in (info.bracket.match(s.round, s.number) for s in came)
        if _shown(fed))
    return Drawn(match, info.boards.get((match.round, match.number)),
                 _slot(info, match, match.top), _slot(info, match, match.bottom), feeders)


def _start(node: Drawn) -> Drawn:
    """The tree's first match down its upper side."""
    return _start(node.feeders[0]) if node.feeders else node


def trees(info: BracketInfo) -> list[Tree]:
    """Every place band's tree, in the order of the places its last match decides."""
    found = []
    for match in info.bracket.rounds[-1] if info.bracket.rounds else ():
        if _shown(match):
            root = _drawn(info, match)
            first = _start(root).match
            found.append(Tree(first.round, first.places, root))
    return found


def slides(found: list[Tree], leaves: int) -> list[list[Tree]]:
    """The trees in projector slides of about `leaves` first matches each, in order (a
    larger tree on a slide of its own)."""
    packed: list[list[Tree]] = []
    room = 0
    for tree in found:
        if not packed or tree.root.leaves > room:
            packed.append([])
            room = max(leaves, tree.root.leaves)
        packed[-1].append(tree)
        room -= tree.root.leaves
    return packed


def result_words(drawn: Drawn, teams: bool, lang: str) -> str:
    """The match's result in the papers' words: a team match by the teams' names and its
    score (队1胜 5:1, 队4胜 3:3 主将加赛, 战平，需主将加赛), an individual one as its board
    (黑胜, 白胜（黑超时）, 黑胜／白胜 2:0), one neither player came to as the lots decided it
    (双方均未到场，抽签); "" while not in."""
    board, match = drawn.board, drawn.match
    if board is None:
        return ""
    if teams:
        said = wording.team_match_text(board.result, board.score, board.first_team,
                                       board.second_team, lang)
        if board.score is None:
            return said
        # the words name the winner, lots' included: the score need not (3:3 抽签)
        return f"{said} {wording.match_score_text(board.score, lang)}".strip()
    if match.decided_by is not None:
        return wording.knockout_decision_text(match.decided_by, False, lang)
    return wording.board_result_text(board.result, lang, points=board.round_points)


def places_words(match: KnockoutMatch, lang: str) -> str:
    """The places a match plays for (名次段: 1–16名), a last-round one the two it decides
    (决第1、2名)."""
    decides = match.decides_places
    if decides is not None:
        return wording.decided_places_text(decides, lang)
    return wording.places_text(match.places, lang)


def tree_title(tree: Tree, lang: str) -> str:
    """A tree's heading: its places, and where its entrants come from past round 1
    (`9–16名（第1轮负者）`)."""
    places = wording.places_text(tree.places, lang)
    if tree.start == 1:
        return places
    came = TEXTS[lang]["bracket_from"].format(n=tree.start - 1)
    return f"{places}（{came}）" if lang == "zh" else f"{places} ({came})"
