"""The cycle collector held off while the program starts (issue 28).

A start makes some 70 000 objects that live as long as the process (modules, classes,
SQLAlchemy's tables and mappers, Qt's wrappers, the pinyin dictionary), and the collector
would go over them again and again while they are made: a tenth of an event command's CPU
and more of the window's. `hold()` turns it off; `release()` turns it on again, once the
start is done, with what the start made frozen (left out from then on). Only the program's
own start holds it (the command line from `sys.argv`, `main.py`, the first event the window
opens): a caller's process is left as it was.

`uncollected` holds it off for one call of a function that makes thousands of short-lived
containers and keeps none of them in a cycle (a FIDE 2026 round's pairing: its tuples and
sets go by their reference counts), and puts it back as it was.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

_Params = ParamSpec("_Params")
_Result = TypeVar("_Result")

_held = False


def hold() -> None:
    """The collector off, if it is on (and so released by `release`)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def holding() -> bool:
    """True while `hold` keeps the collector off."""
    return _held


def release(keep: bool = True) -> None:
    """The collector on again, if `hold` turned it off: what was made meanwhile frozen
    (`keep`), or collected as usual (`keep` False: a start that ended early)."""
    global _held
    if _held:
        _held = False
        if keep:
            gc.freeze()
        gc.enable()


def uncollected(function: Callable[_Params, _Result]) -> Callable[_Params, _Result]:
    """`function` with the collector off while it runs (when it was on; on again after,
    whatever the call ends with). Its passes, set off every 700 containers made, went over
    every object the process holds to find no garbage: a seventh to a quarter of the CPU of
    pairing a 300-player Double-Swiss round (bench/bench_fide_systems.py)."""

    @functools.wraps(function)
    def without_passes(*args: _Params.args, **kwargs: _Params.kwargs) -> _Result:
        if not gc.isenabled():  # held already (the program's start) or the caller's choice
            return function(*args, **kwargs)
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            gc.enable()

    return without_passes
