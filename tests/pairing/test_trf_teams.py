"""The TRF-2026 team records of a Team Swiss (app.pairing.trf_teams): written in the columns
the format gives them and read back into the same team matches."""

from __future__ import annotations

from app.pairing.trf import write_trf
from app.pairing.trf_teams import (
    TeamBye,
    TeamEntry,
    has_team_records,
    read_team_tournament,
    read_teams,
    team_histories,
    team_lines,
    team_request,
)
from app.pairing.types import (
    Colour,
    Outcome,
    PlayerHistory,
    PointSystem,
    RoundRecord,
    TournamentSnapshot,
)

# Three teams of two boards (players 1-2, 3-4, 5-6). Round 1: team 1 (first-named, board 1
# first mover) beats team 2 by 3:1, team 3 has the bye. Round 2: team 3 forfeits to team 1
# (both boards), team 2 has the bye.
TEAMS = (TeamEntry(1, "甲队", (1, 2)), TeamEntry(2, "乙队", (3, 4)), TeamEntry(3, "丙队", (5, 6)))
F, S = Colour.FIRST, Colour.SECOND


def _record(round_: int, outcome: Outcome, opponent: int | None, colour: Colour | None,
            points: int) -> RoundRecord:
    return RoundRecord(round_, outcome, opponent, colour, points)


PLAYERS = (
    PlayerHistory(1, (_record(1, Outcome.WIN, 3, F, 2), _record(2, Outcome.FORFEIT_WIN, 5, F, 2))),
    PlayerHistory(2, (_record(1, Outcome.DRAW, 4, S, 1), _record(2, Outcome.FORFEIT_WIN, 6, S, 2))),
    PlayerHistory(3, (_record(1, Outcome.LOSS, 1, S, 0), _record(2, Outcome.ABSENT, None, None, 0))),
    PlayerHistory(4, (_record(1, Outcome.DRAW, 2, F, 1), _record(2, Outcome.ABSENT, None, None, 0))),
    PlayerHistory(5, (_record(1, Outcome.ABSENT, None, None, 0),
                      _record(2, Outcome.FORFEIT_LOSS, 1, S, 0))),
    PlayerHistory(6, (_record(1, Outcome.ABSENT, None, None, 0),
                      _record(2, Outcome.FORFEIT_LOSS, 2, F, 0))),
)
BYE = TeamBye(2, 2, (3, 2))


def test_a_team_s_match_is_read_from_its_players_records() -> None:
    histories = {h.number: h for h in team_histories(TEAMS, PLAYERS, 2, BYE)}
    first = histories[1].rounds
    assert (first[0].outcome, first[0].opponent, first[0].colour) == (Outcome.WIN, 2, F)
    assert (first[0].points, first[0].game_points) == (2, 3)  # match points, game points
    assert histories[2].rounds[0].outcome is Outcome.LOSS
    assert histories[3].rounds[0].outcome is Outcome.PAB  # the 320 record's team
    assert (histories[1].rounds[1].outcome, histories[3].rounds[1].outcome) == (
        Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)  # every board forfeited


def test_the_310_record_holds_the_fields_in_trf_2026_columns() -> None:
    lines = team_lines(TEAMS, team_histories(TEAMS, PLAYERS, 2, BYE), 2, BYE,
                       ranks={1: 1, 2: 3, 3: 2})
    # 362 laid out as 162 (code in 5-6, points in 7-10, 9-column cells): as gacrux reads it
    assert lines[0] == "352 WB" and lines[1] == "362 TW 2.0   TD 1.0   TL 0.0"
    # columns counted in UTF-8 bytes: 甲队 fills 6 of the name's 32
    team = next(line for line in lines if line.startswith("310   1")).encode("utf-8")
    assert team[8:40].decode("utf-8").strip() == "甲队"
    assert team[47:53] == b"     0"  # the strength factor, written so that no field shifts
    assert float(team[54:60]) == 4.0 and float(team[61:67]) == 7.0  # 2 + 2; 3 + 4
    assert team[68:71].strip() == b"1" and team[73:].split() == [b"1", b"2"]
    assert "320  2.0  2.0 003 002" in lines  # 5-8, 10-13, then a team each round
    assert "330 +- 002 001 003" in lines


def test_the_team_records_read_back_pair_the_same_matches() -> None:
    snapshot = TournamentSnapshot(PLAYERS, 3, PointSystem(), Colour.FIRST)
    histories = team_histories(TEAMS, PLAYERS, 2, BYE)
    text = write_trf(snapshot, name="t", newline="\n") + "\n".join(
        team_lines(TEAMS, histories, 2, BYE)) + "\n"
    assert has_team_records(text)
    teams, bye = read_teams(text)
    assert teams == list(TEAMS) and bye == BYE
    request = team_request(text)
    assert request.round == 3
    assert request.snapshot.players == histories
    found = read_team_tournament(text)
    assert [(b.first, b.second) for b in found.pairing_of_round(1).boards] == [(1, 2), (3, None)]
    assert [(b.first, b.second) for b in found.pairing_of_round(2).boards] == [(1, 3), (2, None)]
    assert found.request_for_round(2).snapshot.players[0].rounds == histories[0].rounds[:1]
