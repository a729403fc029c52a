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

import app.commands
from app.errors import NoAnswer, UserError


class _ArgumentParser(argparse.ArgumentParser):
    """argparse that reports bad arguments as a `UserError` (exit 2, one line)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UserError("命令参数有误：" + message, "bad arguments: " + message, self.prog)


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


# Result codes that argparse would read as options: `--` (double forfeit) and `-+` (the second
# mover wins by forfeit), docs/CLI.md. They are passed on in full-width form, which the result
# reader folds back (NFKC), so `result F --group G 1 4 --` works as documented.
_RESULT_COMMANDS = {"result", "team-result", "playoff-result"}
_DASH_CODES = {"--": "－－", "-+": "－＋", "--t": "－－t", "-+t": "－＋t"}


def protect_result_codes(argv: Sequence[str]) -> list[str]:
    args = list(argv)
    if not _RESULT_COMMANDS & set(args):
        return args
    return [_DASH_CODES.get(a, a) for a in args]


def _restore_result_codes(args: argparse.Namespace) -> None:
    back = {v: k for k, v in _DASH_CODES.items()}
    for name in ("codes", "code", "playoff"):
        value = getattr(args, name, None)
        if isinstance(value, list):
            setattr(args, name, [back.get(v, v) for v in value])
        elif isinstance(value, str):
            setattr(args, name, back.get(value, value))


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(protect_result_codes(sys.argv[1:] if argv is None else argv))
        _restore_result_codes(args)
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
