"""The Swiss system engine (积分编排): FIDE (Dutch) System C.04.3, rules applied from
1 February 2026. Call `pair(request)`; it returns the boards in Dutch board order (the PAB
last) or raises `NoLegalPairing`."""

from app.pairing.swiss.engine import pair

__all__ = ["pair"]
