"""Scoring, tie-breaks, ranking with shared places, playoffs, sub-rankings, teams, awards.

Pure functions over `app.pairing.types.TournamentSnapshot` (no Qt, no database):

- `scoring`: results of a round -> outcomes and points (single and double-game rounds).
- `tiebreaks`: `REGISTRY` of named tie-breaks (`buchholz` 对手分, `median_buchholz` 中间对手分,
  `wins` 胜局, `progressive` 累进分, `sonneborn_berger` 索伯分, `buchholz_of_buchholz` 小小分,
  `direct_encounter` 直胜, `black_games` 先手局, `black_wins` 先手胜, `game_points` 小分,
  `rounds_won` 胜轮 (FIDE WIN), `games_won` 实胜局 (FIDE WON)) and the unplayed-round policies
  (`Unplayed.ZERO` / `OWN` / `LOWEST` / `FIDE`).
- `ranking`: `rank(snapshot, RankingRules(...), among=..., playoffs=...) -> Standings` with
  shared places (`3=`) and the ties its `stakes` (the awards) say need a playoff, with why.
- `stakes`: the seam between the two: what differs across tied places (`PlayoffReason`).
- `playoff`: the 加赛 plan and its results (`plan`, `resolve`).
- `subranking`: women / juniors / any filter (`sub_ranking`, `profile_filter`, `where`).
- `teams`: team score sums, unit place sums, orders drawn by lot among equal teams.
- `awards`: prize and grade-title tables (their places are the decisive places), the tie rule
  (`PLAYOFF` or `SHARE`, Hort), `decide_awards` (shares, playoffs, declines, 不顺延 / 依次顺延,
  provisional lists), team award shrinking, cancelled groups.
"""
