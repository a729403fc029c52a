"""Scoring, tie-breaks, ranking with shared places, playoffs, sub-rankings, teams, awards."""
