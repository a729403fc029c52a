"""PDF, Excel, federation package and game-record exports, from plain data.

Entry point: `export_all(model, out_dir, pdf=..., xlsx=..., federation=..., progress=...)`
(see app/exports/bundle.py); the input model is in app/exports/model.py.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    # Imported lazily so `app.exports.fonts` stays light for the UI.
    if name in ("export_all", "check_model"):
        from app.exports import bundle

        return getattr(bundle, name)
    raise AttributeError(name)
