"""Make the sample qualifier lists in this folder, shaped like real online-stage exports.

Run: .venv/bin/python tests/data/imports/make_samples.py   (rewrites every file; seeded)
README.md beside this script describes each file and the situations it holds.
"""

from __future__ import annotations

import csv
import datetime as dt
import random
from pathlib import Path

import openpyxl
from openpyxl.styles import Alignment, Font

HERE = Path(__file__).resolve().parent
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余"
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红娥玲芬燕彬鹏辉宇浩然轩睿博文"
UNITS = ("杭州棋院", "上海弈客俱乐部", "北京五子棋协会", "深圳棋院", "绍兴棋类协会", "个人",
         "天津棋院", "南京五子棋俱乐部", "成都棋院", "武汉市棋协")
REGIONS = ("110105", "310115", "330106", "440304", "330602", "120101", "320102", "510104")
WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)


def id_number(rng: random.Random, born: dt.date, male: bool) -> str:
    """A valid 18-digit ID number (GB 11643) for the birth date and gender."""
    seq = rng.randrange(0, 500) * 2 + (1 if male else 0)
    first17 = f"{rng.choice(REGIONS)}{born:%Y%m%d}{seq:03d}"
    return first17 + "10X98765432"[sum(int(d) * w for d, w in zip(first17, WEIGHTS, strict=True)) % 11]


def birth(rng: random.Random, first: int, last: int) -> dt.date:
    return dt.date(first, 1, 1) + dt.timedelta(days=rng.randrange((last - first + 1) * 365))


class People:
    """Distinct made-up people (names may repeat on purpose only where a sample says so)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.names: set[str] = set()

    def name(self) -> str:
        while True:
            name = self.rng.choice(SURNAMES) + "".join(
                self.rng.choice(GIVEN) for _ in range(self.rng.choice((1, 2)))
            )
            if name not in self.names:
                self.names.add(name)
                return name

    def person(self, first: int = 1970, last: int = 2012) -> dict[str, object]:
        male = self.rng.random() < 0.7
        born = birth(self.rng, first, last)
        return {
            "name": self.name(),
            "male": male,
            "born": born,
            "id": id_number(self.rng, born, male),
            "unit": self.rng.choice(UNITS),
            "platform": str(self.rng.randrange(100000, 999999)),
            "phone": f"1{self.rng.choice('3589')}{self.rng.randrange(10**8, 10**9)}",
        }


def leaderboard(rng: random.Random, size: int, top: int, step: int) -> list[tuple[int, int]]:
    """(points, wins) strictly falling, so that no two rows are level unless made so."""
    rows = []
    points = top
    for _ in range(size):
        wins = points // 4 + rng.randrange(0, 3)
        rows.append((points, wins))
        points -= rng.randrange(1, step + 1)
    return rows


def write_csv(path: Path, rows: list[list[object]], encoding: str) -> None:
    with path.open("w", encoding=encoding, newline="") as handle:
        csv.writer(handle, lineterminator="\r\n").writerows(rows)


def excel_serial(day: dt.date) -> int:
    return (day - dt.date(1899, 12, 30)).days


def yike_may(people: People) -> list[dict[str, object]]:
    """yike 2022 monthly leaderboard, May: XLSX with a merged title and export line.

    60 rows. Places 50 and 51 are level on points and wins (both qualify: 七(一)(1)5 如相同允许
    并列); place 52 has the same points but fewer wins (does not). Birth dates are a mix of
    date cells, bare Excel serial numbers and text.
    """
    rng = people.rng
    table = leaderboard(rng, 60, 420, 6)
    points50, wins50 = table[49]
    table[50] = (points50, wins50)
    table[51] = (points50, wins50 - 1)
    for i in range(52, 60):
        table[i] = (points50 - 3 - (i - 52) * 2, table[i][1] % wins50)
    rows = []
    for rank, (points, wins) in enumerate(table, start=1):
        person = people.person()
        rows.append({**person, "rank": rank, "points": points, "wins": wins,
                     "games": wins * 2 + rng.randrange(0, 9)})
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "5月积分榜"
    headers = ["排名", "弈客ID", "昵称", "姓名", "性别", "出生日期", "身份证号", "单位", "积分",
               "胜局", "对局数", "手机"]
    sheet.append(["全国五子棋网络公开赛弈客赛区 2022年5月公开匹配积分排行榜"])
    sheet.merge_cells(start_row=1, start_column=1, end_row=1, end_column=len(headers))
    sheet["A1"].font = Font(bold=True, size=14)
    sheet["A1"].alignment = Alignment(horizontal="center")
    sheet.append(["导出时间：2022-06-01 10:00:00　　数据来源：弈客五子棋APP"])
    sheet.merge_cells(start_row=2, start_column=1, end_row=2, end_column=len(headers))
    sheet.append(headers)
    for i, row in enumerate(rows):
        born = row["born"]
        assert isinstance(born, dt.date)
        kind = i % 3
        born_cell: object = (
            dt.datetime.combine(born, dt.time()) if kind == 0
            else excel_serial(born) if kind == 1 else f"{born.year}/{born.month}/{born.day}"
        )
        sheet.append([row["rank"], row["platform"], f"yk_{row['platform']}", row["name"],
                      "男" if row["male"] else "女", born_cell, row["id"], row["unit"],
                      row["points"], row["wins"], row["games"], row["phone"]])
        if kind == 0:
            sheet.cell(sheet.max_row, 6).number_format = "yyyy-mm-dd"
        sheet.cell(sheet.max_row, 7).number_format = "@"
    book.save(HERE / "yike-2022-05-leaderboard.xlsx")
    return rows


def yike_june(people: People, may: list[dict[str, object]]) -> list[dict[str, object]]:
    """yike 2022 monthly leaderboard, June: UTF-8 CSV with BOM, as a web export.

    58 rows. Places 3 and 30 are May qualifiers (May places 7 and 20) qualifying again: one
    place each, the next moves up (后续晋级名额顺延). Place 10 withdrew (状态 弃赛): not
    replaced (如晋级选手弃赛，不顺延). Some points use full-width digits, names stray spaces.
    """
    rng = people.rng
    table = leaderboard(rng, 58, 390, 5)
    rows = []
    for rank, (points, wins) in enumerate(table, start=1):
        if rank == 3:
            person = dict(may[6])
        elif rank == 30:
            person = dict(may[19])
        else:
            person = people.person()
        rows.append({**person, "rank": rank, "points": points, "wins": wins,
                     "status": "弃赛" if rank == 10 else "正常"})
    full = str.maketrans("0123456789", "０１２３４５６７８９")
    lines: list[list[object]] = [["排名", "弈客ID", "姓名", "性别", "出生日期", "身份证号", "单位",
                                  "积分", "胜局", "状态", "手机"]]
    for row in rows:
        name = str(row["name"])
        if row["rank"] in (5, 17) and len(name) == 2:
            name = f"{name[0]} {name[1]}"
        born = row["born"]
        assert isinstance(born, dt.date)
        points = str(row["points"])
        if row["rank"] in (4, 8, 44):
            points = points.translate(full)
        phone = str(row["phone"])
        lines.append([row["rank"], row["platform"], f" {name} ", "男" if row["male"] else "女",
                      born.isoformat(), row["id"], row["unit"], points, row["wins"],
                      row["status"], f"{phone[:3]}-{phone[3:7]}-{phone[7:]}"])
    write_csv(HERE / "yike-2022-06-leaderboard.csv", lines, "utf-8-sig")
    return rows


def yike_invited(people: People, may: list[dict[str, object]]) -> None:
    """The 32 finalists of 2021, invited straight to stage two (七(一)(3)2): a plain UTF-8
    CSV without BOM; invited place 5 is also May's place 12 (taken once)."""
    lines: list[list[object]] = [["序号", "姓名", "性别", "身份证号", "单位", "来源"]]
    for seq in range(1, 33):
        person = may[11] if seq == 5 else people.person()
        lines.append([seq, person["name"], "男" if person["male"] else "女", person["id"],
                      person["unit"], "2021年第三阶段"])
    write_csv(HERE / "yike-2021-invited.csv", lines, "utf-8")


def qiwang_period(people: People, period: int, carry: dict[str, object] | None,
                  namesake: str | None) -> list[dict[str, object]]:
    """qiwang 2022 入围赛, one period: GBK CSV with a title row, as the 弈战 platform exports.

    12 rows (10 places). Places 10 and 11 are level on points and wins: both qualify
    (十二(二)1 胜局数也相同，则并列一同晋级). No ID numbers: online lists carry the 弈战ID.
    """
    rng = people.rng
    table = leaderboard(rng, 12, 60, 3)
    table[10] = table[9]
    table[11] = (table[9][0], table[9][1] - 1)
    rows = []
    for rank, (points, wins) in enumerate(table, start=1):
        person = people.person()
        if carry is not None and rank == 6:
            person = dict(carry)
        if namesake is not None and rank == 2:
            person["name"] = namesake
        rows.append({**person, "rank": rank, "points": points, "wins": wins})
    lines: list[list[object]] = [
        [f"“嘉绍大桥杯”2022年全国五子棋棋王争霸赛 第{period}期网络入围赛 晋级名单"],
        ["名次", "弈战ID", "姓名", "性别", "出生年月", "代表队", "积分", "胜局"],
    ]
    for row in rows:
        born = row["born"]
        assert isinstance(born, dt.date)
        shown = f"{born.year}年{born.month}月{born.day}日" if period == 1 else f"{born:%Y.%m}"
        lines.append([row["rank"], row["platform"], row["name"], "男" if row["male"] else "女",
                      shown, row["unit"], row["points"], row["wins"]])
    write_csv(HERE / f"qiwang-2022-period-{period}.csv", lines, "gbk")
    return rows


def qiwang_wildcards(people: People, period1: list[dict[str, object]]) -> None:
    """qiwang 2022 外卡 list (十二(四)1): XLSX, by title or grade, with ID numbers and 弈战ID.
    Wildcard 3 is period 1's place 4 (same name and 弈战ID): already in, taken once."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "外卡"
    sheet.append(["棋王争霸赛线下总决赛外卡名单（公示）"])
    sheet.merge_cells("A1:H1")
    sheet.append(["序号", "姓名", "性别", "身份证号", "单位", "弈战ID", "段位", "外卡依据"])
    reasons = ("2021年全国锦标赛第2名", "五子棋四段", "全国青少年赛U12冠军", "五子棋三段",
               "2020年全国公开赛第3名", "五子棋五段")
    for seq, reason in enumerate(reasons, start=1):
        person = period1[3] if seq == 3 else people.person(1975, 2010)
        sheet.append([seq, person["name"], "男" if person["male"] else "女", person["id"],
                      person["unit"], person["platform"], reason[-2:] if "段" in reason else "",
                      reason])
    book.save(HERE / "qiwang-2022-wildcards.xlsx")


def shenzhen_groups(people: People) -> None:
    """shenzhen 2022 online preliminary, four 专业规则 groups in one XLSX sheet (组别 column).

    The 组别 cell is merged down over its group's eight rows. Top 4 of each group go to the final, 5th-8th are reserves (五). Dates in every form a
    registration sheet shows. In 男子少年组 place 2 was born in 2009 (少年组 须为2010年1月1日
    及以后出生: ineligible); in 女子少年组 place 3 is recorded 男 (gender fails the women's
    group); in 女子组 place 1's birth date disagrees with her ID number.
    """
    groups = (("男子组（专业规则）", True, 1970, 2008), ("女子组（专业规则）", False, 1975, 2008),
              ("男子少年组（专业规则）", True, 2010, 2015),
              ("女子少年组（专业规则）", False, 2010, 2015))
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "线上初赛成绩"
    sheet.append(["2022年深圳市五子棋锦标赛 线上初赛成绩（专业规则组）"])
    sheet.merge_cells("A1:L1")
    sheet.append(["组别", "名次", "姓名", "性别", "出生日期", "身份证号", "学校/单位", "大分",
                  "小分", "小小分", "手机", "备注"])
    forms = ("{d:%Y-%m-%d}", "{d.year}年{d.month}月{d.day}日", "{d.year}.{d.month}.{d.day}",
             "{d:%Y%m%d}")
    rng = people.rng
    for number, (group, male, first, last) in enumerate(groups):
        top = 3 + 8 * number
        table = leaderboard(rng, 8, 10, 1)
        for rank, (points, _wins) in enumerate(table, start=1):
            person = people.person(first, last)
            person["male"] = male
            born = person["born"]
            assert isinstance(born, dt.date)
            if group.startswith("男子少年") and rank == 2:
                born = dt.date(2009, 6, 1)
            person["id"] = id_number(rng, born, male)
            shown_gender = "男" if male else "女"
            if group.startswith("女子少年") and rank == 3:
                shown_gender = "男"
                person["id"] = id_number(rng, born, True)
            shown_born = forms[rank % 4].format(d=born)
            if group.startswith("女子组") and rank == 1:
                shown_born = (born + dt.timedelta(days=31)).isoformat()
            sheet.append([group if rank == 1 else None, rank, person["name"], shown_gender, shown_born, person["id"],
                          person["unit"], max(points // 2, 0), 40 - rank, 150 - rank * 3,
                          person["phone"], "线上初赛"])
        sheet.merge_cells(start_row=top, start_column=1, end_row=top + 7, end_column=1)
    book.save(HERE / "shenzhen-2022-online-groups.xlsx")


def messy(people: People) -> None:
    """A hand-typed registration list (GBK CSV, title and blank row above the header) with
    the mistakes arbiters meet: a wrong check digit, an ID number whose birth date and gender
    disagree with the columns, an old 15-digit number, full-width digits, an unknown gender,
    an empty name, an ID number Excel turned into 1.10105E+17, and a footnote."""
    rng = people.rng
    good = people.person(1990, 2005)
    bad_check = str(people.person(1990, 2005)["id"])
    bad_check = bad_check[:17] + ("0" if bad_check[17] != "0" else "1")
    mismatch = people.person(1990, 2005)
    born = mismatch["born"]
    assert isinstance(born, dt.date)
    lines: list[list[object]] = [
        ["2016年全国网络智力运动会五子棋 禁手组晋级赛名单"],
        [],
        ["序号", "姓名", "性别", "出生日期", "身份证号", "代表队", "积分", "胜局", "段位", "备注"],
        [1, good["name"], "男" if good["male"] else "女", f"{good['born']}", good["id"],
         good["unit"], 58, 29, "一段", ""],
        [2, people.name(), "女", "", bad_check, "天津棋院", 56, 27, "", "校验位错"],
        [3, mismatch["name"], "女" if mismatch["male"] else "男",
         (born + dt.timedelta(days=1)).isoformat(), mismatch["id"], "北京五子棋协会", 54, 26,
         "", "出生日期与性别均不符"],
        [4, people.name(), "男", "1975-03-08", "110105750308123", "北京五子棋协会", 52, 25,
         "二段", "旧15位证号"],
        [5, people.name(), "男", "２００１年３月４日", "", "成都棋院", "５０", "２４", "", "全角数字"],
        [6, people.name(), "未知", "2002-05-06", "", "武汉市棋协", 48, 23, "", "性别无法识别"],
        [7, "", "男", "2003-07-08", "", "个人", 46, 22, "", "缺姓名"],
        [8, people.name(), "男", "1999-09-09", "1.10105E+17", "个人", 44, 21, "", "证号被科学计数"],
        [],
        ["注：积分相同按用时排序，名单已按规程排定。"],
    ]
    del rng
    write_csv(HERE / "mindgames-2016-messy.csv", lines, "gbk")


def main() -> None:
    people = People(2022)
    may = yike_may(people)
    yike_june(people, may)
    yike_invited(people, may)
    period1 = qiwang_period(people, 1, None, None)
    namesake = str(period1[1]["name"])
    qiwang_period(people, 2, period1[5], namesake)
    qiwang_wildcards(people, period1)
    shenzhen_groups(people)
    messy(people)


if __name__ == "__main__":
    main()
