"""The game: board, five, black's forbidden moves, designated openings, game records."""
