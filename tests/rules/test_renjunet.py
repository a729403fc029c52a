"""The RenjuNet database file (`.rif`) in the layout the public viewer renju-note reads
(`renju-note/renju-note`, `src/database/rif.ts`), with a real game element
(tests/data/renjunet/README.md)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.errors import UserError
from app.rules.board import format_point
from app.rules.protocols import Protocol
from app.rules.renjunet import (
    RenjuNetGame,
    RenjuNetPlayer,
    protocol_of_rule,
    read_renjunet,
    renjunet_record,
    write_renjunet,
)

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "renjunet" / "sample.rif"


def _sample() -> RenjuNetGame:
    (game,) = read_renjunet(SAMPLE.read_text(encoding="utf-8"))
    return game


def test_the_real_game_element_is_read_with_what_its_ids_point_to() -> None:
    game = _sample()
    assert game.rule == "Taraguchi-10" and game.rule_info.startswith("Swap after each")
    assert (game.opening, game.opening_abbr) == ("Ugetsu", "6D")
    assert game.black == RenjuNetPlayer("Black", "Sample", "Estonia", "Tallinn")
    assert game.white == RenjuNetPlayer("White", "Sample", "Russia")
    assert game.publisher == RenjuNetPlayer("Publisher", "Sample", "Estonia", "Tallinn")
    t = game.tournament
    assert (t.name, t.year, t.month, t.start, t.end, t.country, t.city, t.rule, t.rated) == (
        "Sample tournament", 2019, 7, "2019-07-01", "2019-07-07", "Estonia", "Tallinn",
        "Taraguchi-10", True)
    assert (game.round, game.result, game.btime, game.wtime, game.info) == (
        "8", "1-0", 8, 8, "B=1245")
    assert len(game.moves) == 51 and format_point(game.moves[-1]) == "g2"
    # alt="51" is no list of points: kept as written, no offers; swap marks one per decision
    assert (game.alt, game.offers) == ("51", ())
    assert game.swaps == (True, False, False, True, False)


def test_the_real_layout_round_trips() -> None:
    """What is read is written back in the same layout: every section, and the same games."""
    game = _sample()
    text = write_renjunet([game])
    assert read_renjunet(text) == [game]
    assert write_renjunet(read_renjunet(text)) == text
    root = ET.fromstring(text)
    assert [child.tag for child in root] == ["countries", "cities", "months", "rules",
                                             "openings", "players", "tournaments", "games"]
    written = root.find("games/game")
    assert written is not None
    for key in ("publisher", "tournament", "round", "rule", "black", "white", "bresult",
                "btime", "wtime", "opening", "alt", "swap"):
        assert written.get(key), key
    assert written.get("alt") == "51" and written.get("swap") == "R--R-"
    player = root.find("players/player")
    assert player is not None and set(player.attrib) == {"id", "name", "surname", "country",
                                                         "city"}
    assert root.find("rules/rule/info") is not None and written.find("info") is not None


def test_the_swap_marks_are_the_steps_of_the_rule_the_entry_names() -> None:
    """Taraguchi-10: a swap (R) after move 1, none after 2 and 3, a swap after 4, none after
    the fifth stone (app.rules.protocols reads the marks' places)."""
    record = renjunet_record(SAMPLE.read_text(encoding="utf-8"))
    assert record.steps[:11] == ("h8", "swap", "h9", "noswap", "i8", "noswap", "g8", "swap",
                                 "g9", "noswap", "f7")
    assert record.result == "B+" and record.black == "Black Sample"


@pytest.mark.parametrize(("name", "protocol"), [
    ("Taraguchi-10", Protocol.TARAGUCHI10), ("Soosõrv-8", Protocol.SOOSYRV8),
    ("soosyrv8", Protocol.SOOSYRV8), ("RIF", Protocol.DESIGNATED),
    ("Yamaguchi", Protocol.YAMAGUCHI), ("指定开局", Protocol.DESIGNATED), ("Swap2", Protocol.SWAP2),
    ("Sakata", None),
])
def test_the_rule_entry_names_the_opening_rule(name: str, protocol: Protocol | None) -> None:
    assert protocol_of_rule(name) is protocol


def test_an_id_no_section_has_is_refused_naming_the_game_and_attribute() -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace('opening="19"', 'opening="20"')
    with pytest.raises(UserError) as error:
        read_renjunet(text, "x.rif")
    assert error.value.where == "x.rif game 171548 opening"


def test_a_reference_to_id_0_or_none_names_nothing() -> None:
    text = SAMPLE.read_text(encoding="utf-8").replace('publisher="91"', 'publisher="0"')
    text = text.replace(' country="2"', "")
    (game,) = read_renjunet(text)
    assert game.publisher is None and game.white == RenjuNetPlayer("White", "Sample")
