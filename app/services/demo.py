"""A finished sample event, built through the same services an arbiter uses (演示赛事).

Qualifiers are generated (Chinese names, units, genders, birth dates that fit each group),
every round is paired and played with seeded random results (the stronger seed wins more
often; a few draws and forfeits), and playoffs are played where ties touch a decisive place.
The same seed gives the same event.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from app.pairing.types import Colour
from app.results import GameCode
from app.rules.board import Stone, parse_point
from app.rules.game import ActionKind, Game, GameSettings
from app.services import games, knockout, playoffs, ranking, rounds
from app.services.event import Event
from app.services.groups import update_group
from app.services.queries import event_info
from app.store.models import Player

SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程魏苏吕丁任沈姚卢"
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红鹏飞宇浩然子轩梓涵欣怡博文思远雨晨佳琪俊杰"
UNITS = (
    "北京五子棋协会", "上海棋院", "杭州市棋类协会", "绍兴棋类协会", "南京五子棋俱乐部", "成都棋院",
    "深圳市棋类协会", "天津五子棋队", "武汉连珠社", "西安智力运动协会", "长春五子棋俱乐部",
    "广州棋艺学校", "重庆棋院", "青岛五子棋俱乐部",
)
DEFAULT_SIZES = {"qiwang-2022": {"公开组": 40, "少儿组": 16}}
Progress = Callable[[int, int, str], None]


def _name(rng: random.Random, used: set[str]) -> str:
    for _ in range(50):
        name = rng.choice(SURNAMES) + "".join(rng.choice(GIVEN) for _ in range(rng.choice((1, 2))))
        if name not in used:
            used.add(name)
            return name
    return name  # a same-name player now and then is real life, and allowed


def _birth(rng: random.Random, eligibility: dict[str, Any]) -> dt.date:
    start = dt.date.fromisoformat(eligibility.get("born_from", "1970-01-01"))
    end = dt.date.fromisoformat(eligibility.get("born_to", "2006-12-31"))
    return start + dt.timedelta(days=rng.randrange(max(1, (end - start).days)))


_WINS = (GameCode.FIRST_WINS, GameCode.SECOND_WINS)
_PLAYED = (GameCode.FIRST_WINS, GameCode.SECOND_WINS, GameCode.DRAW)


def _game_code(rng: random.Random, first_seed: int, second_seed: int) -> GameCode:
    roll = rng.random()
    if roll < 0.02:
        return rng.choice((GameCode.FIRST_FORFEIT_WIN, GameCode.SECOND_FORFEIT_WIN))
    if roll < 0.10:
        return GameCode.DRAW
    # The better seed (lower number) wins about two games in three.
    first_better = first_seed < second_seed
    return GameCode.FIRST_WINS if (rng.random() < 0.65) == first_better else (
        GameCode.SECOND_WINS)


def _add_players(event: Event, group: Any, count: int, rng: random.Random, used: set[str]
                 ) -> None:
    gender_rule = group.eligibility.get("gender")
    with event.operation("demo_players", f"演示棋手 {group.name}") as session:
        found = Event.group(session, group.name)
        for seed in range(1, count + 1):
            gender = gender_rule or ("F" if rng.random() < 0.3 else "M")
            session.add(Player(
                group=found, name=_name(rng, used), gender=gender,
                birth_date=_birth(rng, group.eligibility), unit=rng.choice(UNITS),
                source="演示", seed=seed, qualifier_rank=seed,
            ))


def _add_teams(event: Event, group: Any, count: int, rng: random.Random, used: set[str]
               ) -> None:
    for k in range(1, count + 1):
        unit = UNITS[(k - 1) % len(UNITS)]
        members = [(_name(rng, used), "M"), (_name(rng, used), "M"), (_name(rng, used), "F")]
        source = ""
        lists = group.settings.lists
        if lists:
            source = lists[(k - 1) % len(lists)]
        knockout.add_team(event, group.name, f"{unit[:4]}队{k}", members, unit=unit,
                          source=source, seed=k)


def _played_code(rng: random.Random, first_seed: int, second_seed: int) -> GameCode:
    """A result of a game that was played (no forfeit): for game 2 of a double round."""
    code = _game_code(rng, first_seed, second_seed)
    return code if code.played else GameCode.DRAW


def _decide(game: Game) -> Game:
    """The protocol's decisions, taken plainly: two fifth moves declared, no swap."""
    while game.result is None:
        kinds = game.legal_actions()
        if ActionKind.DECLARE in kinds:
            game = game.declare(min(2, game.current_step.declare[1]))
        elif ActionKind.SWAP in kinds and ActionKind.PLACE not in kinds:
            game = game.swap(False)
        else:
            return game
    return game


def _recorded_game(settings: GameSettings, code: GameCode, rng: random.Random
                   ) -> Game | None:
    """A plausible game on the board that ends as `code` says (first mover first): an opening
    by the group's protocol, some moves near the stones, then a resignation or a draw. A five
    made on the way ends it with that result instead; None if the moves run out."""
    game = Game.new(settings)
    if settings.opening_rule.opening_at_once:
        for name in ("h8", "h9", "i9"):  # 花月, one of the 26 designated openings
            game = game.play(parse_point(name))
    for _ in range(rng.randrange(16, 40)):
        game = _decide(game)
        if game.result is not None:
            return game
        choices = sorted(game.legal_points())
        if game.phase.value == "move":
            near = [p for p in choices if any(
                abs(p[0] - q[0]) <= 2 and abs(p[1] - q[1]) <= 2 for q in game.moves)]
            forbidden = set(game.forbidden_points())
            choices = [p for p in (near or choices) if p not in forbidden] or choices
        if not choices:
            return None
        game = game.play(rng.choice(choices))
    if game.result is not None:
        return game
    if code is GameCode.DRAW:
        return game.agree_draw()
    loser_is_first = code is GameCode.SECOND_WINS
    black_is_first = game.black_player is Colour.FIRST
    return game.resign(Stone.BLACK if loser_is_first == black_is_first else Stone.WHITE)


def _play_round(event: Event, group: Any, number: int, rng: random.Random) -> None:
    info = rounds.pair_next_round(event, group.name)
    results: dict[int, Sequence[str]] = {}
    for board in info.boards:
        if board.first_team and board.second_team:
            codes = [_game_code(rng, 1, 1) for _ in board.games]
            codes = [c if c.played else GameCode.FIRST_WINS for c in codes]
            outcome = knockout.enter_team_result(event, group.name, number, board.number, codes)
            if not outcome.result:
                knockout.enter_team_result(event, group.name, number, board.number, codes,
                                           [rng.choice(_WINS)], replace=True)
            continue
        if board.second is None or board.first is None:
            continue
        code = _game_code(rng, board.first.number, board.second.number)
        if group.system.decisive_games and code.winner is None:
            code = rng.choice(_WINS)
        if board.number == 1 and group.games_per_round == 1 and code.played:
            # The top board's game is recorded on the board, as an arbiter would.
            game = _recorded_game(games.game_settings_for(event, group.name), code, rng)
            drawn = game is not None and game.result is not None and (
                game.result.code is GameCode.DRAW)
            if game is not None and not (group.system.decisive_games and drawn):
                games.save_game(event, group.name, number, 1, 1, game)
                continue
        if group.games_per_round == 2 and code.played:
            results[board.number] = [code, _played_code(rng, board.second.number,
                                                        board.first.number)]
        else:
            results[board.number] = [code]
    if results:
        rounds.enter_results(event, group.name, number, results)


def _play_playoffs(event: Event, group: str, rng: random.Random) -> None:
    """Play every playoff the group's rankings ask for (the group's, then women's, ...)."""
    for _ in range(40):
        main, subs = ranking.rankings(event, group)
        tables = [main, *subs]
        open_ties = [(info.name, info.playoffs_needed[0]) for info in tables
                     if info.playoffs_needed]
        if not open_ties:
            return
        name, need = open_ties[0]
        playoff_id = playoffs.create_playoff(event, group, need.place, ranking=name)
        for _game in range(30):
            view = playoffs.record_playoff_result(event, playoff_id,
                                                  rng.choice(_PLAYED))
            if view.decided:
                break


def _draw_team_lots(event: Event, rng: random.Random) -> None:
    """Draw lots for every team tie that touches the awards (where the regulation gives no team
    tie-break the arbiter decides; the demo draws, as many arbiters would)."""
    from app.services import teams

    for _ in range(20):
        tie = next(((info.name, [r.team for r in info.rows if r.place == row.place])
                    for info in ranking.team_standings(event) for row in info.rows
                    if row.why is not None), None)
        if tie is None:
            return
        name, tied = tie
        rng.shuffle(tied)
        teams.record_lots(event, name, tied)


def build_demo(location: str | Path, preset: str = "qiwang-2022", seed: int = 7,
               progress: Progress | None = None, sizes: dict[str, int] | None = None
               ) -> Event:
    """Create the demo event at `location` and play it to the end; `sizes` sets the number
    of players of groups by name (e.g. 150 for the qiwang open group at real size)."""
    rng = random.Random(seed)
    event = Event.create(location, preset=preset, title=None)
    info = event_info(event)
    sizes = {**DEFAULT_SIZES.get(preset, {}), **(sizes or {})}
    used: set[str] = set()
    total = sum(g.rounds for g in info.groups)
    done = 0
    for group in info.groups:
        update_group(event, group.name, settings={"draw_seed": seed})
        if group.system.team:
            _add_teams(event, group, 16, rng, used)
        else:
            _add_players(event, group, sizes.get(group.name, 12), rng, used)
        group_rounds = ranking.planned_rounds_of(event, group.name)
        for number in range(1, group_rounds + 1):
            if progress:
                progress(done, total, f"{group.name} 第{number}轮")
            _play_round(event, group, number, rng)
            done += 1
        if group.system.ranked_by_points:
            _play_playoffs(event, group.name, rng)
    _draw_team_lots(event, rng)
    if progress:
        progress(total, total, "完成 / done")
    return event
