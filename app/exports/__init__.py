"""PDF, Excel, federation package and game-record exports, from plain data."""
