"""五子棋赛事编排 / Gomoku Arbiter: pairing, results and standings for Gomoku/Renju finals."""

__version__ = "0.1.0"
