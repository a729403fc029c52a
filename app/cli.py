"""The command line: every operation of the window, headless (`python -m app ...`).

The commands and their exit codes are a contract (see README): 0 success, 1 when the
answer is "no", 2 on bad input with a one-line message on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from typing import Any

import app.commands
from app.commands import _words
from app.errors import NoAnswer, UserError


class _ArgumentParser(argparse.ArgumentParser):
    """argparse that reports bad arguments as a `UserError` (exit 2, one line), and speaks
    Chinese first in its help (app.commands._words)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _words.Formatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = _words.POSITIONALS
        self._optionals.title = _words.OPTIONS
        self.add_argument("-h", "--help", action="help", help=_words.HELP)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        if action.help is None:
            action.help = _words.COMMON_HELP.get(action.dest)
        return action

    def add_subparsers(self, **kwargs: Any) -> Any:
        action = super().add_subparsers(**kwargs)
        if action.help is None:
            action.help = _words.COMMON_HELP.get(str(action.dest))
        return action

    def error(self, message: str) -> None:  # type: ignore[override]
        message = message.replace(_MARK, "").replace(ascii(_MARK)[1:-1], "")  # also in a repr
        zh, en = _words.argparse_message(message)
        raise UserError(zh, en, self.prog)


def build_parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(
        prog="gomoku-arbiter",
        description="五子棋赛事编排 / Gomoku Arbiter",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND",
                                       parser_class=_ArgumentParser)
    for module_info in sorted(pkgutil.iter_modules(app.commands.__path__), key=lambda m: m.name):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"app.commands.{module_info.name}")
        module.register(subparsers)
    return parser


# Result codes that argparse would read as options: `--` (double forfeit), `-+` (the second
# mover wins by forfeit) and their loss-on-time forms (docs/CLI.md "Arguments and output").
# A `--` that comes before the command's fixed positional arguments are all given ends the
# options (POSIX); any other dash code is a result. Result codes are marked for argparse with
# a private-use character, taken off again after parsing and out of any message: the arbiter
# never reads the mark.
_MARK = "\uf8ff"
_DASH_CODES = frozenset({"--", "-+", "--t", "-+t"})
# The positional arguments before the results: FILE ROUND BOARD, FILE ROUND MATCH, FILE ID.
_FIXED_POSITIONALS = {"result": 3, "team-result": 3, "playoff-result": 2}


def _option_values(parser: argparse.ArgumentParser, command: str) -> dict[str, Any]:
    """The sub-command's option strings and the `nargs` of each (0 for a flag)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            sub = action.choices[command]
            return {name: a.nargs for a in sub._actions for name in a.option_strings}
    return {}


def mark_result_codes(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """`argv` with the result codes that start with a dash marked, and a `--` that ends the
    options left as it is; unchanged for any other command."""
    args = list(argv)
    at = next((i for i, a in enumerate(args) if not a.startswith("-")), None)
    if at is None or args[at] not in _FIXED_POSITIONALS:
        return args
    fixed, takes = _FIXED_POSITIONALS[args[at]], _option_values(parser, args[at])
    marked, positionals, owed, ended = args[:at + 1], 0, 0, False
    for token in args[at + 1:]:
        if token == "--" and not ended and positionals < fixed and owed == 0:
            ended = True
            marked.append(token)
        elif token in _DASH_CODES:
            marked.append(_MARK + token)
            positionals += owed == 0
            owed -= 0 < owed < 100
        elif not ended and token.startswith("-") and token.partition("=")[0] in takes:
            name, inline, _value = token.partition("=")
            nargs = takes[name]
            owed = 0 if inline or nargs == 0 else 1 if nargs is None else 100
            marked.append(token)
        else:
            marked.append(token)
            positionals += owed == 0
            owed -= 0 < owed < 100
    return marked


def _unmark(args: argparse.Namespace) -> None:
    for name, value in vars(args).items():
        if isinstance(value, str):
            setattr(args, name, value.replace(_MARK, ""))
        elif isinstance(value, list):
            setattr(args, name, [v.replace(_MARK, "") if isinstance(v, str) else v
                                 for v in value])


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(mark_result_codes(parser, sys.argv[1:] if argv is None
                                                   else argv))
        _unmark(args)
        handler = getattr(args, "handler", None)
        if handler is None:
            parser.print_help(sys.stderr)
            return 2
        return int(handler(args) or 0)
    except UserError as error:
        print(" ".join(error.message().split()), file=sys.stderr)
        return 2
    except NoAnswer as error:
        print(str(error), file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0
