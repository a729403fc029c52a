"""Entry point for `python -m app`: the command line."""

from app.cli import main

raise SystemExit(main())
