"""The Swiss system engine (积分编排): FIDE (Dutch) System C.04.3, rules applied from
1 February 2026. Call `pair(request)`; it returns the boards in Dutch board order (the PAB
last) or raises `NoLegalPairing`.

The engine is imported when `pair` is first asked for: the Double-Swiss and Team Swiss
engines use this package's matching modules alone, and `trf pair --system double_swiss`
need not load the Dutch engine (bench/bench_fide_systems.py measures its start-up)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.pairing.swiss.engine import pair
else:
    def __getattr__(name: str) -> object:
        if name == "pair":
            from app.pairing.swiss.engine import pair

            return pair
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["pair"]
