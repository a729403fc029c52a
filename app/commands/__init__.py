"""Command-line commands, one module each, and the table of them.

Every module here defines `register(subparsers)`, which adds its sub-command(s) with
`set_defaults(handler=...)`; a handler takes the parsed arguments and returns an exit code.

`COMMANDS` names every command, the module that registers it and the help line `--help`
shows, so `app.cli` lists the commands without importing their modules (issue 28: `--help`
and `trf pair` load no database layer, no export stack) and imports a command's module only
when that command is run or its own help asked for. A new command is a line here as well as
its `register`; tests/commands/test_lazy_parser.py fails when the two disagree.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    """One command as the top-level parser lists it: its name, the module under
    app.commands whose `register` adds it, its help line and any other names."""

    name: str
    module: str
    help: str
    aliases: tuple[str, ...] = ()


# In `--help`'s order: by module name, then as each module registers its commands.
COMMANDS: tuple[Command, ...] = (
    Command("berger", "berger",
            "单循环贝格尔编排表 / print the Berger round-robin schedule"),
    Command("demo", "demo",
            "生成演示赛事 / build a finished demo event"),
    Command("presets", "event_files",
            "列出预设（五个真实规程） / list the presets"),
    Command("new", "event_files",
            "新建赛事文件 / create an event file"),
    Command("undo", "event_files",
            "撤销本工作站上一步操作 / undo this station's last operation"),
    Command("redo", "event_files",
            "重做本工作站撤销的操作 / redo this station's last undone one"),
    Command("export", "exporting",
            "打印与导出 / print and export"),
    Command("game", "games",
            "查看或保存某台对局棋谱 / show or save the game of a board"),
    Command("group", "groups",
            "查看或修改组别设置 / show or change a group"),
    Command("group-add", "groups",
            "添加组别 / add a group"),
    Command("group-remove", "groups",
            "删除空组别 / remove an empty group"),
    Command("event", "groups",
            "查看或修改赛事信息 / show or change the event"),
    Command("import", "importing",
            "导入晋级名单（CSV/XLSX）/ import qualifier lists (CSV/XLSX)"),
    Command("judge", "judge",
            "判定禁手与连五（JSON Lines）/ judge positions: forbidden points and fives"),
    Command("knockout-draw", "lots",
            "淘汰赛抽签（第1轮前）/ draw the knockout's seeding by lot"),
    Command("berger-numbers", "lots",
            "指定循环赛编号（第1轮前）/ give the round robin's numbers"),
    Command("late", "lots",
            "迟到：超过时限者弃权 / late arrival: past the limit forfeits"),
    Command("team-lineup", "lots",
            "核对队伍台次表 / check a team's line-up against its registration"),
    Command("players", "players",
            "列出棋手 / list players"),
    Command("add-player", "players",
            "添加棋手（含迟到报名）/ add a (late) player"),
    Command("player", "players",
            "修改棋手资料 / edit a player"),
    Command("reinstate", "players",
            "恢复退赛棋手 / reinstate a player"),
    Command("withdraw", "players",
            "棋手退赛 / withdraw a player"),
    Command("absent", "players",
            "某轮缺席或预先轮空 / absent or bye in advance"),
    Command("standings", "ranking",
            "名次 / standings of a group"),
    Command("crosstable", "ranking",
            "交叉表 / crosstable of a group"),
    Command("team-standings", "ranking",
            "团体名次 / team standings"),
    Command("playoff", "ranking",
            "为并列名次安排加赛 / open a playoff"),
    Command("playoff-result", "ranking",
            "录入下一盘加赛结果（先手在前）/ next playoff game result"),
    Command("lots", "ranking",
            "并列名次不能加赛时抽签决定（按抽签顺序列出棋手）/ players tied at a place, placed by "
            "lots when no playoff can be played"),
    Command("decline", "ranking",
            "记录棋手放弃等级称号或奖励（可撤销）/ a player declines a title or prize"),
    Command("declines", "ranking",
            "列出放弃的称号与奖励 / recorded declines"),
    Command("playoffs", "ranking",
            "列出加赛 / list playoffs"),
    Command("record", "record",
            "棋谱格式转换 / convert game records"),
    Command("pair", "rounds",
            "编排下一轮 / pair the next round"),
    Command("result", "rounds",
            "录入成绩（先手在前）/ enter a result (first mover first)"),
    Command("round", "rounds",
            "显示一轮对阵 / show a round"),
    Command("unpair", "rounds",
            "撤销最后一轮编排 / unpair the last round"),
    Command("results", "rounds",
            "一次录入一轮多台成绩 / enter several boards' results at once"),
    Command("exchange", "rounds",
            "人工调换两名棋手的座位 / exchange two players' seats by hand"),
    Command("swap", "rounds",
            "交换某台先后手 / swap colours on a board"),
    Command("serve", "serve",
            "在局域网上发布对阵与名次（手机、投影）/ serve the venue on the LAN"),
    Command("snapshots", "snapshots",
            "列出、创建或恢复快照 / list, take or restore snapshots"),
    Command("team-add", "teams",
            "登记队伍（按台次），或为团体名次报名队伍 / register or declare a team"),
    Command("team-edit", "teams",
            "修改队伍的台次（比赛开始前）/ change a team's line-up before play"),
    Command("team-import", "teams",
            "导入团体报名名单（CSV/XLSX）/ import declared teams"),
    Command("team-lots", "teams",
            "记录并列队伍的抽签（或加赛）顺序 / order tied teams by lots"),
    Command("team-ranking", "teams",
            "团体名次的破同分顺序与并列办法 / a team ranking's tie rules"),
    Command("team-list", "teams",
            "列出团体名次的报名队伍 / declared teams"),
    Command("team-remove", "teams",
            "撤销团体报名 / remove a declared team"),
    Command("team-result", "teams",
            "录入团体赛各台成绩（黑先）/ team match results by board"),
    Command("team-withdraw", "teams",
            "团体积分编排：整队退赛或恢复参赛 / withdraw or reinstate a team"),
    Command("teams", "teams",
            "列出队伍 / list teams"),
    Command("bracket", "teams",
            "淘汰赛对阵图 / knockout bracket"),
    Command("trf", "trf",
            "FIDE TRF 文件：编排、核对、排名 / pair, check and rank a FIDE TRF file"),
    Command("venue", "venue_settings",
            "场馆服务设置：裁判码、网址、棋手确认 / venue server settings"),
)
