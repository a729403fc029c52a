"""The PySide6 desktop program: main window, views, dialogs, the board widget.

Importing this package guards against a reference-count fault seen with PySide6 6.12 on
CPython 3.11: every call of a Qt method that returns nothing (`setText`, `setItem`, ...)
gives back `None` without taking a reference to it, so `None`'s count falls by one per call
and the interpreter aborts ("none_dealloc: deallocating None") after a few thousand calls.
CPython 3.12+ makes `None` immortal, which hides the fault there; on older interpreters we
raise `None`'s count far out of reach once, which is what 3.12 does (None is never freed).
"""

from __future__ import annotations

import ctypes
import sys

_PIN = 1 << 48


def _make_none_immortal() -> None:
    if sys.version_info >= (3, 12):
        return
    count = ctypes.c_ssize_t.from_address(id(None))
    if count.value < _PIN:
        count.value += _PIN


_make_none_immortal()
