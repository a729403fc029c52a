"""A synthetic, seeded event in the export model, for the export tests and the benchmark
(bench/bench_exports.py); test data, not part of the program.

Not a pairing engine and not a ranking rule: Swiss rounds are paired by a simple score-order
walk that avoids repeats where it easily can, and the standings use 积分, 对手分 (Buchholz),
中间对手分 (median Buchholz), 胜局 (wins) as the 2016 rules list them. It exists so every
export can be exercised on an event of any size, with long names and units on purpose.
"""

from __future__ import annotations

import random
from datetime import date

from app.exports.model import (
    Award,
    BoardResult,
    EventInfo,
    ExportModel,
    Game,
    Group,
    Player,
    Round,
    StandingRow,
    Standings,
    TeamRow,
    TeamStandings,
    TieBreakColumn,
)
from app.pairing.system import System
from app.results import from_notation, read_notation
from app.rules.endings import Ending

_SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘"
_COMPOUND = ("欧阳", "司马", "诸葛", "上官")
_GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰飞鹏宇浩然子涵梓轩一诺欣怡"
_UNITS = (
    "北京棋院",
    "上海五子棋协会",
    "杭州市棋类协会",
    "绍兴棋院",
    "深圳市南山区第二外国语学校（集团）海德学校五子棋队",
    "广州市天河区少年宫",
    "成都棋院",
    "武汉五子棋俱乐部",
    "新疆维吾尔自治区乌鲁木齐市第一中学五子棋代表队",
    "重庆棋院",
)
_LONG_NAMES = ("阿卜杜热西提·买买提明", "欧阳诸葛司马上官云飞")
_TITLES = (
    (1, 1, "六段"), (2, 3, "五段"), (4, 6, "四段"), (7, 9, "三段"), (10, 13, "二段"),
    (14, 17, "一段"), (18, 22, "一级"), (23, 26, "二级"), (27, 30, "三级"),
)  # qiwang 2022 open group, 段级位 by final place
_PRIZES = ((1, 1, "30000元"), (2, 2, "10000元"), (3, 3, "6000元"), (4, 8, "2000元"),
           (9, 16, "800元"))
_COLS = "abcdefghijklmno"


def _name(rng: random.Random, used: set[str]) -> str:
    while True:
        surname = rng.choice(_COMPOUND) if rng.random() < 0.05 else rng.choice(_SURNAMES)
        given = "".join(rng.choice(_GIVEN) for _ in range(rng.choice((1, 2, 2))))
        name = surname + given
        if name not in used:
            used.add(name)
            return name


def _pair_swiss(ids: list[int], score: dict[int, int], met: set[frozenset[int]],
                rng: random.Random) -> list[tuple[int, int | None]]:
    order = sorted(ids, key=lambda i: (-score[i], i))
    bye = None
    if len(order) % 2:
        bye = order.pop()
    pairs: list[tuple[int, int | None]] = []
    while order:
        top = order.pop(0)
        partner = next((o for o in order if frozenset((top, o)) not in met), order[0])
        order.remove(partner)
        pairs.append((top, partner) if rng.random() < 0.5 else (partner, top))
    if bye is not None:
        pairs.append((bye, None))
    return pairs


def _berger(n: int) -> list[list[tuple[int, int]]]:
    """Round-robin rounds for n (even) seats by the circle method."""
    seats = list(range(n))
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        seats = [seats[0]] + [seats[-1]] + seats[1:-1]
    return rounds


def _game_moves(rng: random.Random, length: int) -> tuple[str, ...]:
    moves = ["h8"]
    taken = {(7, 7)}
    x, y = 7, 7
    while len(moves) < length:
        x = min(14, max(0, x + rng.choice((-1, 0, 1, 2, -2))))
        y = min(14, max(0, y + rng.choice((-1, 0, 1, 2, -2))))
        if (x, y) in taken:
            continue
        taken.add((x, y))
        moves.append(f"{_COLS[x]}{y + 1}")
    return tuple(moves)


def _play(rng: random.Random, group: str, number: int,
          pairs: list[tuple[int, int | None]]) -> tuple[Round, list[Game]]:
    boards = []
    games = []
    for index, (first, second) in enumerate(pairs, start=1):
        if second is None:
            boards.append(BoardResult(index, first, None, None, (), 2, None))
            continue
        roll = rng.random()
        if roll < 0.45:
            code, points, ended = "1-0", (2, 0), rng.choice(
                (Ending.FIVE, Ending.RESIGNATION, Ending.TIME))
        elif roll < 0.9:
            code, points, ended = "0-1", (0, 2), rng.choice(
                (Ending.FIVE, Ending.RESIGNATION, Ending.TIME, Ending.FOUL))
        elif roll < 0.97:
            code, points, ended = "=", (1, 1), Ending.AGREED_DRAW
        else:
            code, points, ended = "+-", (2, 0), Ending.FORFEIT
        boards.append(BoardResult(index, first, second, read_notation(code), (ended,),
                                  points[0], points[1]))
        if code != "+-":
            games.append(Game(group, number, index, first, second,
                              _game_moves(rng, rng.randint(9, 60)), from_notation(code), ended))
    return Round(group, number, tuple(boards), f"第{number}轮"), games


def _standings(group: str, title: str, ids: list[int], rounds: list[Round]) -> Standings:
    score = {i: 0 for i in ids}
    wins = {i: 0 for i in ids}
    opponents: dict[int, list[int]] = {i: [] for i in ids}
    for rnd in rounds:
        for b in rnd.boards:
            score[b.first] += b.first_points or 0
            if b.second is None:
                continue
            score[b.second] += b.second_points or 0
            opponents[b.first].append(b.second)
            opponents[b.second].append(b.first)
            if (b.first_points or 0) > (b.second_points or 0):
                wins[b.first] += 1
            elif (b.second_points or 0) > (b.first_points or 0):
                wins[b.second] += 1
    buchholz = {i: sum(score[o] for o in opponents[i]) for i in ids}
    median = {}
    for i in ids:
        values = sorted(score[o] for o in opponents[i])
        median[i] = sum(values[1:-1]) if len(values) > 2 else 0
    key = {i: (score[i], buchholz[i], median[i], wins[i]) for i in ids}
    order = sorted(ids, key=lambda i: (tuple(-v for v in key[i]), i))
    rows = []
    for pid in order:
        rank = next(p for p, other in enumerate(order, start=1) if key[other] == key[pid])
        shared = sum(1 for other in order if key[other] == key[pid]) > 1
        rows.append(StandingRow(rank, pid, score[pid], key[pid][1:], shared))
    columns = (
        TieBreakColumn("buchholz", "对手分"),
        TieBreakColumn("median_buchholz", "中间对手分"),
        TieBreakColumn("wins", "胜局"),
    )
    return Standings(group, title, columns, tuple(rows), after_round=len(rounds))


def _rerank(rows: list[StandingRow], group: str, title: str,
            columns: tuple[TieBreakColumn, ...]) -> Standings:
    out = []
    for row in rows:
        key = (row.points, row.tiebreaks)
        rank = next(p for p, r in enumerate(rows, start=1) if (r.points, r.tiebreaks) == key)
        shared = sum(1 for r in rows if (r.points, r.tiebreaks) == key) > 1
        out.append(StandingRow(rank, row.player, row.points, row.tiebreaks, shared))
    return Standings(group, title, columns, tuple(out))


def _from_table(place: int, table: tuple[tuple[int, int, str], ...]) -> str:
    return next((text for low, high, text in table if low <= place <= high), "")


def sample_model(players: int = 40, rounds: int = 7, seed: int = 2022,
                 women_round_robin: int = 8) -> ExportModel:
    """A finished event: a Swiss 公开组 of `players` in `rounds` rounds (women also ranked
    apart), a round-robin 女子组 of `women_round_robin` players, team standings, awards with
    prizes and grade titles, and recorded games."""
    rng = random.Random(seed)
    used: set[str] = set()
    event = EventInfo(
        title="2022年“棋王杯”全国五子棋锦标赛总决赛",
        organisers=("中国棋院", "绍兴市体育局"),
        venue="浙江绍兴",
        start_date=date(2022, 8, 6),
        end_date=date(2022, 8, 8),
        chief_arbiter="周裁判",
        short_title="棋王杯2022",
    )
    groups = [Group("open", "公开组", System.SWISS, rounds, "专业规则（禁手）")]
    people: list[Player] = []
    for number in range(1, players + 1):
        gender = "女" if number % 4 == 0 else "男"
        name = _LONG_NAMES[number - 1] if number <= len(_LONG_NAMES) else _name(rng, used)
        people.append(Player(
            id=number, name=name, group="open", number=number, gender=gender,
            birth_date=date(rng.randint(1970, 2012), rng.randint(1, 12), rng.randint(1, 28)),
            id_number=f"33060{rng.randint(10**12, 10**13 - 1)}",
            unit=_UNITS[number % len(_UNITS)], grade=rng.choice(("", "一段", "二段", "一级")),
        ))
    all_rounds: list[Round] = []
    all_games: list[Game] = []
    open_ids = [p.id for p in people]
    score = {i: 0 for i in open_ids}
    met: set[frozenset[int]] = set()
    open_rounds: list[Round] = []
    for number in range(1, rounds + 1):
        pairs = _pair_swiss(open_ids, score, met, rng)
        played, games = _play(rng, "open", number, pairs)
        for b in played.boards:
            score[b.first] += b.first_points or 0
            if b.second is not None:
                score[b.second] += b.second_points or 0
                met.add(frozenset((b.first, b.second)))
        open_rounds.append(played)
        all_games.extend(games)
    all_rounds.extend(open_rounds)
    open_standings = _standings("open", "公开组", open_ids, open_rounds)

    standings = [open_standings]
    if women_round_robin:
        n = women_round_robin + women_round_robin % 2
        groups.append(Group("women", "女子组", System.ROUND_ROBIN, n - 1, "专业规则（禁手）"))
        women: list[int] = []
        for seat in range(women_round_robin):
            pid = players + 1 + seat
            women.append(pid)
            people.append(Player(
                id=pid, name=_name(rng, used), group="women", number=seat + 1, gender="女",
                birth_date=date(rng.randint(1990, 2012), rng.randint(1, 12), rng.randint(1, 28)),
                id_number=f"44030{rng.randint(10**12, 10**13 - 1)}",
                unit=_UNITS[(seat * 3) % len(_UNITS)],
            ))
        women_rounds = []
        for number, seats in enumerate(_berger(n), start=1):
            pairs: list[tuple[int, int | None]] = []
            for a, b in seats:
                if a >= women_round_robin or b >= women_round_robin:
                    sitter = women[a] if a < women_round_robin else women[b]
                    pairs.append((sitter, None))
                else:
                    pairs.append((women[a], women[b]))
            pairs.sort(key=lambda p: p[1] is None)
            played, games = _play(rng, "women", number, pairs)
            women_rounds.append(played)
            all_games.extend(games)
        all_rounds.extend(women_rounds)
        standings.append(_standings("women", "女子组", women, women_rounds))

    by_id = {p.id: p for p in people}
    women_rows = [r for r in open_standings.rows if by_id[r.player].gender == "女"]
    sub = _rerank(women_rows, "open", "公开组（女子）", open_standings.columns)

    team_scores: dict[str, list[int]] = {}
    for row in open_standings.rows:
        team_scores.setdefault(by_id[row.player].unit, []).append(row.player)
    team_rows = []
    for unit, members in team_scores.items():
        best = sorted(members, key=lambda m: -score[m])[:3]
        team_rows.append((sum(score[m] for m in best), max(score[m] for m in best), unit, best))
    team_rows.sort(key=lambda t: (-t[0], -t[1], t[2]))
    teams = TeamStandings(
        "团体总分",
        (TieBreakColumn("total", "团体总分"), TieBreakColumn("best", "最高个人积分")),
        tuple(TeamRow(place, unit, (total, best_one), tuple(by_id[m].name for m in best))
              for place, (total, best_one, unit, best) in enumerate(team_rows, start=1)),
    )

    awards = []
    for row in open_standings.rows[:30]:
        player = by_id[row.player]
        awards.append(Award("公开组", row.rank, player.name, player.unit, "open", player.id,
                            _from_table(row.rank, _PRIZES) or "证书",
                            _from_table(row.rank, _TITLES), row.shared))
    for row in sub.rows[:6]:
        player = by_id[row.player]
        awards.append(Award("公开组（女子）", row.rank, player.name, player.unit, "open",
                            player.id, "奖杯" if row.rank <= 3 else "证书", "", row.shared))
    if len(standings) > 1:
        for row in standings[1].rows[:3]:
            player = by_id[row.player]
            awards.append(Award("女子组", row.rank, player.name, player.unit, "women",
                                player.id, "奖牌", "", row.shared))
    for team in teams.rows[:3]:
        awards.append(Award("团体", team.rank, team.team, team.team, "", None,
                            "奖杯", ""))
    return ExportModel(
        event=event,
        groups=tuple(groups),
        players=tuple(people),
        rounds=tuple(all_rounds),
        standings=tuple(standings),
        sub_rankings=(sub,),
        team_standings=(teams,),
        awards=tuple(awards),
        games=tuple(all_games),
    )
