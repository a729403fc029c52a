"""The views of the event window: setup, players, rounds, board, standings."""
