"""Pairing systems: Swiss (FIDE Dutch), round robin (Berger), knockout, team matches."""
