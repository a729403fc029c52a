"""The cycle collector held off while the program starts (issue 28).

A start makes some 70 000 objects that live as long as the process (modules, classes,
SQLAlchemy's tables and mappers, Qt's wrappers, the pinyin dictionary), and the collector
would go over them again and again while they are made: a tenth of an event command's CPU
and more of the window's. `hold()` turns it off; `release()` turns it on again, once the
start is done, with what the start made frozen (left out from then on). Only the program's
own start holds it (the command line from `sys.argv`, `main.py`, the first event the window
opens): a caller's process is left as it was.
"""

from __future__ import annotations

import gc

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
