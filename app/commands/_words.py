"""The command line's own words: argparse's headings, its messages and the help of arguments
many commands share, in Chinese first and English after (issue 25: the same words as the
window). argparse writes its messages in English; the few it has are given in Chinese here,
where they leave the parser, and the English stays after them."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable
from functools import cache


@cache
def cjk() -> re.Pattern[str]:
    """Chinese characters and full-width punctuation. Compiled when first asked for (only a
    message being put into words needs it): compiling these ranges takes about 3 ms, which
    every command and `--help` would otherwise pay at its start (issue 28)."""
    return re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")

USAGE = "用法 / usage: "
POSITIONALS = "位置参数 / positional arguments"
OPTIONS = "选项 / options"
HELP = "显示本帮助并退出 / show this help and exit"

# The help of an argument whose command gives none, by its destination: one wording for the
# arguments that many commands share.
COMMON_HELP = {
    "command": "命令 / command",
    "file": "赛事文件路径或 PostgreSQL URL / event file or database URL",
    "round": "轮次 / round",
    "board": "台号 / board",
    "match": "场次 / match",
    "player_id": "棋手 id（players --csv 所列）/ player id, as players --csv lists it",
    "playoff_id": "加赛编号（playoffs 所列）/ playoff id, as playoffs lists it",
    "codes": "结果，先手在前：1-0、0-1、=、+-、-+、--（双盘制两个）/ results, first mover first "
             "(two for double-game rounds)",
    "code": "结果，先手在前：1-0、0-1、= / result, first mover first",
    "replace": "更正已有结果 / correct an entered result",
    "ranking": "团体名次的名称 / the team ranking's name",
    "gender": "性别：男 或 女 / gender: 男 (man) or 女 (woman)",
    "birth_date": "出生日期 YYYY-MM-DD / date of birth",
    "unit": "单位 / unit (club, city)",
    "id_number": "身份证号 / ID-card number",
    "platform_id": "线上平台 ID / the online qualifier's platform ID",
    "source": "晋级途径（名单）/ qualification route (the list)",
    "qualifier_rank": "晋级名次 / qualifier rank",
    "qualifier_points": "晋级积分 / qualifier points",
    "grade": "段级位 / grade",
    "phone": "电话 / phone",
    "rating": "等级分 / rating",
    "seed": "种子序号 / seed",
    "from_round": "自第几轮起 / from round",
    "title": "赛事名称 / title",
    "organisers": "主办单位 / organisers",
    "venue": "比赛地点 / venue",
    "start_date": "开始日期 YYYY-MM-DD / first day",
    "end_date": "结束日期 YYYY-MM-DD / last day",
    "preset": "预设名称（见 presets）/ preset name (see presets)",
    "record_action": "棋谱操作 / what to do with the record",
    "trf_command": "TRF 操作：pair（编排）、check（核对）、standings（名次）/ what to do",
}


class Formatter(argparse.HelpFormatter):
    """argparse's help with its usage line headed in Chinese first."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup],
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, USAGE if prefix is None else prefix)


class KeptLines(argparse.RawDescriptionHelpFormatter, Formatter):
    """`Formatter` that keeps the lines of a command's description and epilog as written (a
    worked example reads line by line)."""


_MESSAGES = (
    (re.compile(r"the following arguments are required: (.*)", re.S), "缺少参数：{0}"),
    (re.compile(r"unrecognized arguments: (.*)", re.S), "无法识别的参数：{0}"),
    (re.compile(r"invalid choice: (.*?) \(choose from (.*)\)", re.S), "无效的取值 {0}（可选：{1}）"),
    (re.compile(r"invalid \w+ value: (.*)", re.S), "无效的值 {0}"),
    (re.compile(r"expected one argument", re.S), "需要一个值"),
    (re.compile(r"expected at least one argument", re.S), "至少需要一个值"),
    (re.compile(r"not allowed with argument (.*)", re.S), "不能与参数 {0} 同时使用"),
    (re.compile(r"one of the arguments (.*) is required", re.S), "须给出 {0} 之一"),
    (re.compile(r"ambiguous option: (.*)", re.S), "选项不明确：{0}"),
)


def argparse_message(message: str) -> tuple[str, str]:
    """argparse's English message as (Chinese, English); a message of our own types that is
    bilingual already (`zh / en`) is split, not said twice."""
    name = ""
    found = re.match(r"argument (\S+?): (.*)$", message, re.S)
    if found:
        name, message = found.groups()
    zh, sep, en = message.partition(" / ")
    if not (sep and cjk().search(zh)):
        zh, en = _chinese(message), message
    if name:
        return f"参数 {name}：{zh}", f"argument {name}: {en}"
    return zh, en


def _chinese(message: str) -> str:
    for pattern, words in _MESSAGES:
        found = pattern.fullmatch(message.strip())
        if found:
            return words.format(*found.groups())
    return f"命令参数有误：{message}"
