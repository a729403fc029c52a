"""A team ranking's spec where it leaves the store (the event's settings `team_rankings`),
decoded once into `app.team_rankings.TeamRankingSpec` and written back; and who may be a
member of its teams by the list a player came from (qiwang 2022 十二(四)4: a 外卡 player is
no team member). Read by the standings (`app.services.ranking`) and the declarations
(`app.services.teams`)."""

from __future__ import annotations

from app.errors import UserError
from app.imports.rules import MergeRules
from app.store.models import Player, Tournament
from app.team_rankings import MemberRule, TeamRankingSpec

__all__ = ["list_rules", "member_refusal", "player_list", "store_spec", "team_specs"]


def team_specs(tournament: Tournament) -> tuple[TeamRankingSpec, ...]:
    """The event's team rankings, decoded once here from the settings the event file holds."""
    return tuple(TeamRankingSpec.stored(data)
                 for data in tournament.settings.get("team_rankings", []))


def store_spec(tournament: Tournament, spec: TeamRankingSpec) -> None:
    """Write one team ranking back in its place (by name)."""
    specs = [spec if s.name == spec.name else s for s in team_specs(tournament)]
    tournament.settings = {**tournament.settings,
                           "team_rankings": [s.to_json() for s in specs]}


def player_list(rules: MergeRules, player: Player) -> str | None:
    """The qualifier list a player came from (the label of the event's list rule), found as the
    import found it: by the player's source, else the title above the list's header; None when
    the event has no record of it (a player entered by hand)."""
    from app.imports.model import LIST_TITLE  # here: the list readers load only if asked

    title = str((player.notes or {}).get(LIST_TITLE, ""))
    for text in (player.source, title):
        rule = rules.rule_for(text) if text else None
        if rule is not None:
            return rule.label
    return None


def list_rules(tournament: Tournament) -> MergeRules:
    """The event's qualifier lists (qualifiers.rules)."""
    data = tournament.settings.get("qualifiers", {}).get("rules", {})
    return MergeRules.from_dict(data) if data else MergeRules()


def member_refusal(rule: MemberRule, rules: MergeRules, player: Player) -> UserError | None:
    """Why `player` may not be a member under `rule` (qiwang 十二(四)4: a 外卡 player), or
    None."""
    found = player_list(rules, player)
    if rule.admits(found):
        return None
    lists = "、".join(rule.lists)
    clause = f"（{rule.clause}）" if rule.clause else ""
    return UserError(f"{player.name} 来自“{found}”名单，不能作为团体队员：队员须来自{lists}{clause}",
                     f"{player.name} comes from the list {found!r} and may not be a team "
                     f"member: members come from {', '.join(rule.lists)} only{clause}",
                     player.name)
