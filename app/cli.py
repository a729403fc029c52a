"""The command line: every operation of the window, headless (`python -m app ...`).

The commands and their exit codes are a contract (see README): 0 success, 1 when the
answer is "no", 2 on bad input with a one-line message on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from app import collector
from app.commands import COMMANDS, _words
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


class _Commands(argparse._SubParsersAction):
    """The sub-commands, listed from `app.commands.COMMANDS` without importing a command's
    module: every name stands for one empty parser until the command is run (or its own
    `--help` asked for); then its module is imported and its `register` builds the real
    parsers of that module's commands in their place. (One empty parser for all: building
    one per command would cost `--help` more than listing them.)"""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._module_of: dict[str, str] = {}
        self._loaded: set[str] = set()
        self._loading = False
        unloaded = self._parser_class(prog=f"{self._prog_prefix} COMMAND")
        for command in COMMANDS:
            self._choices_actions.append(
                self._ChoicesPseudoAction(command.name, command.aliases, command.help))
            for name in (command.name, *command.aliases):
                self._name_parser_map[name] = unloaded
                self._module_of[name] = command.module

    def load(self, name: str) -> None:
        """The real parser of command `name` (and of its module's other commands) in
        place of the empty one; nothing for a name not in the table."""
        module = self._module_of.get(name)
        if module is None or module in self._loaded:
            return
        self._loaded.add(module)
        self._loading = True
        try:
            importlib.import_module(f"app.commands.{module}").register(self)
        finally:
            self._loading = False

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        if not self._loading:
            return super().add_parser(name, **kwargs)
        # A module registering its commands: the table has listed them and their help
        # already, so only the parser is new.
        for alias in (name, *kwargs.get("aliases", ())):
            self._name_parser_map.pop(alias, None)
        listed = len(self._choices_actions)
        parser = super().add_parser(name, **kwargs)
        del self._choices_actions[listed:]
        return parser

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        self.load(values[0])
        super().__call__(parser, namespace, values, option_string)


def build_parser(*, complete: bool = False) -> argparse.ArgumentParser:
    """The command line's parser. Each command's own arguments are added when argparse
    reaches the command; `complete` adds every command's now (for reading the whole parser,
    as the tests of the help texts do)."""
    parser = _ArgumentParser(
        prog="gomoku-arbiter",
        description="五子棋赛事编排 / Gomoku Arbiter",
    )
    parser.register("action", "commands", _Commands)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND",
                                     parser_class=_ArgumentParser, action="commands")
    if complete:
        for command in COMMANDS:
            commands.load(command.name)
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
            if isinstance(action, _Commands):
                action.load(command)
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


def start_up_done() -> None:
    """The command's modules are imported and its event is open (or it has none): the
    collector runs again, leaving out what the start made (`app.collector`)."""
    collector.release()


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command: `argv`, else the program's arguments (then as the program's start,
    the collector held off until `start_up_done`, from app.commands._context, or at once for
    a command without an event). Its exit code."""
    if argv is None:
        collector.hold()
    try:
        return _run(sys.argv[1:] if argv is None else argv)
    finally:
        collector.release(keep=False)  # ended before its event was open: nothing to keep


def _run(argv: Sequence[str]) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(mark_result_codes(parser, argv))
        _unmark(args)
        if not hasattr(args, "_group_mode"):  # no event file (app.commands._context)
            start_up_done()
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
