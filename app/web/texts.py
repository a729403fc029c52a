"""The words of the venue pages, in Chinese (the default) and English (the switch)."""

from __future__ import annotations

from app.services.venue import Colour, Outcome  # the services name them for the pages

LANGUAGES = ("zh", "en")

TEXTS: dict[str, dict[str, str]] = {
    "zh": {
        "groups": "组别",
        "pairings": "对阵",
        "standings": "名次",
        "projector": "大屏幕",
        "results_entry": "录入成绩",
        "round_n": "第{n}轮",
        "rounds_done": "已完成 {done}/{planned} 轮",
        "players_n": "{n} 名棋手",
        "not_paired": "尚未编排",
        "board": "台次",
        "number": "编号",
        "black": "先手（黑）",
        "white": "后手（白）",
        "result": "结果",
        "bye": "轮空",
        "pending": "进行中",
        "find": "查找自己：姓名或编号",
        "find_button": "查找",
        "no_match": "没有找到“{q}”",
        "you_play": "第{board}台，{colour}，对手：{opponent}",
        "you_play_team": "第{board}场第{game}台，{colour}，对手：{opponent}",
        "you_bye": "本轮轮空",
        "you_result": "结果：{result}",
        "place": "名次",
        "name": "姓名",
        "unit": "单位",
        "points": "积分",
        "crosstable": "交叉表",
        "team": "队名",
        "row": "序号",
        "no_crosstable": "还没有完成的场次",
        "after_round": "第{n}轮后",
        "no_standings": "还没有完成的轮次",
        "qualifying_round": "复赛不排名次：每场胜队出线进入决赛，各场比分见对阵表",
        "history": "{name} 的成绩",
        "opponent": "对手",
        "colour": "先后手",
        "outcome": "胜负",
        "round": "轮次",
        "total": "积分 {points}，名次 {place}",
        "live": "自动更新",
        "by_board": "对阵表（按台次）",
        "by_name": "对阵表（按姓名）",
        "page_k": "第{k}/{n}页",
        "arbiter_code": "裁判码",
        "sign_in": "登录",
        "sign_out": "退出",
        "signed_in": "已登录，可以录入成绩",
        "wrong_code": "裁判码不对",
        "station": "工作站名（如 平板2）",
        "enter": "录入",
        "correct": "更正",
        "saved": "已保存",
        "slip_code": "成绩单确认码",
        "confirm": "确认成绩",
        "confirm_waiting": "已记下，等待对手确认",
        "confirm_entered": "双方一致，成绩已录入",
        "confirm_disputed": "双方不一致，请等待裁判",
        "disputed": "有争议，等待裁判",
        "player_confirm_title": "棋手确认成绩",
        "scan": "扫码查看对阵与名次",
        "first_outcome": "先手结果",
        "bracket": "对阵图",
        "to_come": "待定",
        "bracket_from": "第{n}轮负者",
        "bracket_legend": "每框一场：上为先行方，下为后行方；粗体为胜者，胜者沿线进入下一轮；"
                          "各名次段的负者另成一图；末轮圆圈中为所得名次。",
        "language": "English",
    },
    "en": {
        "groups": "Groups",
        "pairings": "Pairings",
        "standings": "Standings",
        "projector": "Projector",
        "results_entry": "Enter results",
        "round_n": "Round {n}",
        "rounds_done": "{done}/{planned} rounds done",
        "players_n": "{n} players",
        "not_paired": "not paired yet",
        "board": "Board",
        "number": "No.",
        "black": "Black (first)",
        "white": "White (second)",
        "result": "Result",
        "bye": "bye",
        "pending": "playing",
        "find": "Find yourself: name or number",
        "find_button": "Find",
        "no_match": "Nobody matches “{q}”",
        "you_play": "Board {board}, {colour}, against {opponent}",
        "you_play_team": "Match {board} board {game}, {colour}, against {opponent}",
        "you_bye": "a bye this round",
        "you_result": "Result: {result}",
        "place": "Place",
        "name": "Name",
        "unit": "Unit",
        "points": "Points",
        "crosstable": "Crosstable",
        "team": "Team",
        "row": "No.",
        "no_crosstable": "no match played yet",
        "after_round": "after round {n}",
        "no_standings": "no round is complete yet",
        "qualifying_round": "the cross-group round ranks nobody: each match's winner goes on "
                            "to the final; the scores are on the pairings page",
        "history": "{name}: rounds",
        "opponent": "Opponent",
        "colour": "Colour",
        "outcome": "Outcome",
        "round": "Round",
        "total": "{points} points, place {place}",
        "live": "updates by itself",
        "by_board": "Pairings by board",
        "by_name": "Pairings by name",
        "page_k": "page {k}/{n}",
        "arbiter_code": "Arbiter code",
        "sign_in": "Sign in",
        "sign_out": "Sign out",
        "signed_in": "Signed in: results can be entered",
        "wrong_code": "Wrong arbiter code",
        "station": "Station name (e.g. tablet 2)",
        "enter": "Enter",
        "correct": "Correct",
        "saved": "Saved",
        "slip_code": "Slip code",
        "confirm": "Confirm result",
        "confirm_waiting": "Noted: waiting for your opponent",
        "confirm_entered": "Both agree: the result is entered",
        "confirm_disputed": "You disagree: wait for the arbiter",
        "disputed": "disputed: waits for the arbiter",
        "player_confirm_title": "Players confirm their result",
        "scan": "Scan for pairings and standings",
        "first_outcome": "First mover's result",
        "bracket": "Bracket",
        "to_come": "to be decided",
        "bracket_from": "losers of round {n}",
        "bracket_legend": "One box a match: the side named first above, the other below; the "
                          "winner in bold goes on along the line; the losers of each band "
                          "play on in a bracket of their own; in the last round the circle "
                          "gives the place taken.",
        "language": "中文",
    },
}

COLOUR = {
    "zh": {Colour.FIRST: "执黑（先手）", Colour.SECOND: "执白（后手）"},
    "en": {Colour.FIRST: "black (first)", Colour.SECOND: "white (second)"},
}

OUTCOME = {
    "zh": {Outcome.WIN: "胜", Outcome.DRAW: "和", Outcome.LOSS: "负",
           Outcome.FORFEIT_WIN: "对手弃权", Outcome.FORFEIT_LOSS: "弃权负", Outcome.PAB: "轮空",
           Outcome.FULL_BYE: "轮空（整分）", Outcome.HALF_BYE: "轮空（半分）",
           Outcome.ZERO_BYE: "轮休", Outcome.ABSENT: "缺席"},
    "en": {Outcome.WIN: "won", Outcome.DRAW: "draw", Outcome.LOSS: "lost",
           Outcome.FORFEIT_WIN: "won by forfeit", Outcome.FORFEIT_LOSS: "lost by forfeit",
           Outcome.PAB: "bye", Outcome.FULL_BYE: "full-point bye",
           Outcome.HALF_BYE: "half-point bye", Outcome.ZERO_BYE: "rest",
           Outcome.ABSENT: "absent"},
}


LOTS_OWN = {"zh": {True: "双方均未到场，抽签晋级", False: "双方均未到场，抽签负"},
            "en": {True: "neither came: went on by lots", False: "neither came: lost by lots"}}
"""A knockout board neither player came to, from one player's side: the lots sent him on or
not (its game, lost by both, is no forfeit of his: `wording.LOTS_CELLS`)."""


def own_result(outcome: Outcome | None, said: str, lang: str,
               lots_won: bool | None = None) -> str:
    """A player's result from his own side, then the board's result in the papers' words
    where they say more (`said`, `wording.board_result_text`): `负，白胜（黑超时）`,
    `对手弃权，白弃权`, `胜，黑胜／和 2:0`, a draw just `和`; a board the lots decided,
    neither having come (`lots_won`: whether they sent him on), `双方均未到场，抽签晋级`;
    "" while not in."""
    if outcome is None:
        return ""
    if lots_won is not None:
        return LOTS_OWN[language(lang)][lots_won]
    own = OUTCOME[language(lang)][outcome]
    if not said or said == own:
        return own
    return f"{own}; {said}" if lang == "en" else f"{own}，{said}"


def language(value: str | None) -> str:
    return value if value in LANGUAGES else "zh"


def open_lan_warning(code: str) -> str:
    """Said on stderr and in the window when the whole LAN can reach a server that has no
    arbiter code of the arbiter's own: the one made for this serving is the only key."""
    return ("警告：整个局域网都能访问本服务器，而赛事未设裁判码；本次发布已生成临时裁判码 "
            f"{code}（平板扫描窗口中的二维码登录），停止发布后失效 / warning: the whole LAN "
            f"can reach this server and the event has no arbiter code: this serving made "
            f"the code {code} (tablets scan the window's QR code); it ends with the serving")
