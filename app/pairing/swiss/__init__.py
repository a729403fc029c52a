"""The Swiss system engine (积分编排): FIDE (Dutch) System C.04.3, rules applied from
1 February 2026. Call `pair(request)`; it returns the boards in Dutch board order (the PAB
last) or raises `NoLegalPairing`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.pairing.swiss.engine import pair


def __getattr__(name: str) -> Any:
    # The engine loaded when first asked for: its matching and cardinality modules are used
    # by the other systems and the standings' modules, which need no Dutch engine (issue 28).
    if name == "pair":
        from app.pairing.swiss.engine import pair

        return pair
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["pair"]
