"""The game: board, five, black's forbidden moves, designated openings, game records.

Pure Python (no Qt, no database). Modules:
- `board`: points (`h8`), `Position`, the 8 symmetries.
- `judge`: fives and forbidden moves (禁手) under 专业规则 / 大众规则 / standard gomoku.
- `openings`: the 26 designated openings (指定开局) and symmetry checks.
- `game`: one game driven action by action (三手交换, 五手N打, endings, undo).
- `records`: plain move strings, SGF and Piskvork `.psq`.
"""
