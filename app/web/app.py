"""The venue's ASGI application: pages for phones and the projector, JSON, result entry.

Routes (the JSON, the page addresses and the write rules are fixed in CLI.md):
  GET  /                                  the groups
  GET  /groups/<group>/pairings[?q=]      the current round; find yourself by name or 编号
  GET  /groups/<group>/standings          the standings
  GET  /groups/<group>/crosstable         a Team Swiss's team crosstable (团体交叉表)
  GET  /groups/<group>/bracket            a knockout's bracket, drawn (淘汰赛对阵图)
  GET  /groups/<group>/players/<id>       one player's rounds
  GET  /groups/<group>/results            result entry for arbiters (and players' slips)
  GET  /projector[?group=&pace=&rows=]    full screen, rotating through the lists
  GET  /api/changes                       the change mark the pages poll (ETag)
  GET  /api/groups/<group>/round | standings
  POST /api/groups/<group>/results        {"round", "board", "result"} + X-Arbiter-Code
                                          (header values may be percent-encoded UTF-8)
  POST /api/groups/<group>/confirm        a player's {"round", "board", "slip", "result"}
  POST /api/signin                        checks X-Arbiter-Code (pages sign in with it)
  GET  /qr/<group>.svg                    QR code of the group's page
The app calls services only (through `VenueState` and `app.services.venue`).
"""

from __future__ import annotations

import html
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import segno
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from app import wording
from app.errors import UserError
from app.pairing.team_swiss import PrimaryScore
from app.results import GameCode, GameResult
from app.services import team_crosstable, team_swiss, venue, venue_bracket
from app.services.operations import ENTER_HALL_RESULT, PLAYER_CLAIM
from app.web import bracket, data
from app.web.state import FileGone, VenueState
from app.web.texts import COLOUR, OUTCOME, TEXTS, language, own_result

HERE = Path(__file__).parent
_PROJECTOR_ROWS = 12
_NUMBER_LIMIT = 10_000  # rounds and boards
_TEXT_LIMIT = 200  # a result, a slip code, the result a tablet saw
_QUERY_LIMIT = 40  # a name or number searched on the pairings page
STALE_SLOT = "<!--stale-->"  # in base.html: where the stale-data line goes


# The result buttons of the arbiters' entry page, in the order of the keys (1, =, 0, +, -, *),
# and what a player confirming his result chooses from (the first mover's result).
ENTRY_CODES = (GameCode.FIRST_WINS, GameCode.DRAW, GameCode.SECOND_WINS,
               GameCode.FIRST_FORFEIT_WIN, GameCode.SECOND_FORFEIT_WIN, GameCode.DOUBLE_FORFEIT)
CONFIRM_CODES = (GameCode.FIRST_WINS, GameCode.DRAW, GameCode.SECOND_WINS)


def _entry_codes(codes: tuple[GameCode, ...], lang: str) -> list[tuple[str, str]]:
    """Each result one taps or picks: the code it sends (as arbiters type it) and its words
    (黑胜, 和, 白弃权), which the page shows."""
    return [(code.value, wording.game_result_text(GameResult(code), lang)) for code in codes]


def _error_json(error: UserError, status: int) -> JSONResponse:
    return JSONResponse({"error": error.message(), "zh": error.zh, "en": error.en},
                        status_code=status)


class VenueApp:
    """The routes, over one `VenueState`."""

    def __init__(self, state: VenueState) -> None:
        self.state = state
        self.templates = Environment(loader=FileSystemLoader(HERE / "templates"),
                                     autoescape=select_autoescape(["html"]))
        self.templates.filters["q"] = lambda text: quote(str(text), safe="")
        # Standings values are typed; the pages word them as the window does (app.wording).
        self.templates.filters["place"] = lambda row: wording.place_text(row.place, row.shared)
        self.templates.filters["number"] = wording.number_text
        self.templates.filters["code_text"] = wording.code_text  # results are typed too
        # what a person reads: a board's result in the papers' words (黑胜, 白弃权, 黑胜／白胜
        # 2:0), never its code; the JSON API keeps the codes
        self.templates.filters["result_words"] = lambda result, lang, points=None: (
            wording.board_result_text(result, lang, points=points))
        # a player's result from his side, then the board's words: 负，白胜（黑超时）
        self.templates.filters["own_result"] = lambda outcome, result, lang, points=None, \
            first=None: own_result(outcome, wording.board_result_text(result, lang, points=points),
                                   lang, wording.lots_sent_on(result, first))
        # a team match by the teams' names (一队胜, 平局, 战平，需主将加赛), as the window says it
        self.templates.filters["match_words"] = lambda board, lang: wording.team_match_text(
            board.result, board.score, board.first_team, board.second_team, lang)
        # and its score (5:1, 3:3 主将加赛, 3:3 抽签（队2胜）), once every board has its result
        self.templates.filters["match_score"] = lambda board, lang: "" if board.score is None \
            else wording.match_score_text(board.score, lang, (board.first_team,
                                                              board.second_team))
        # A Team Swiss's points are its primary score: headed 场分 or 局分, not 积分.
        self.templates.filters["points_header"] = lambda table, lang: wording.points_header(
            getattr(table, "primary", None), lang)
        self.templates.filters["tiebreak_header"] = _tiebreak_header
        self.templates.filters["cross_cell"] = lambda cell, row, lang: wording.team_cross_cell(
            cell, row.team.withdrawn_from, lang)
        # a level match's captains' playoff game (主将加赛): so named, no board number of its own
        self.templates.filters["captains_playoff"] = wording.captains_playoff_text
        self.templates.filters["withdrawn"] = wording.withdrawn_text
        self.templates.filters["missing_why"] = wording.team_missing_why  # 退赛, 缺席, 请假
        # the bracket's boxes (app/web/bracket.py): where a match is, the places it plays
        # for, its result in the papers' words, a tree's heading
        self.templates.filters["match_place"] = lambda match, lang: wording.match_place_text(
            match.round, match.number, lang=lang)
        self.templates.filters["match_places"] = bracket.places_words
        self.templates.filters["bracket_result"] = bracket.result_words
        self.templates.filters["slot_name"] = bracket.slot_name  # 王三（退赛）
        self.templates.filters["tree_title"] = bracket.tree_title
        self.claims_version = 0

    # ----- helpers ---------------------------------------------------------------------

    async def _get(self, key: Any, compute: Callable[[], Any], warm: bool = False) -> Any:
        value = self.state.peek(key)
        if value is not None:
            return value
        return await run_in_threadpool(self.state.cached, key, compute, warm)

    def _round(self, group: str) -> Any:
        return self.state.cached(("round-data", group),
                                 lambda: venue.current_round(self.state.event, group))

    def _standings(self, group: str) -> Any:
        return self.state.cached(("standings-data", group),
                                 lambda: venue.standings(self.state.event, group))

    def _render(self, name: str, context: dict[str, Any], fragment: bool) -> str:
        template = self.templates.get_template(name)
        if fragment:
            return "".join(template.blocks["live"](template.new_context(context)))
        return template.render(context)

    def _crosstable(self, group: str) -> Any:
        return self.state.cached(("crosstable-data", group),
                                 lambda: team_crosstable.crosstable_view(self.state.event, group))

    def _bracket(self, group: str) -> Any:
        return self.state.cached(("bracket-data", group),
                                 lambda: venue_bracket.drawn_bracket(self.state.event, group))

    def _team_swiss_groups(self) -> frozenset[str]:
        return self.state.cached("team-swiss-groups",
                                 lambda: team_swiss.team_swiss_groups(self.state.event))

    def _common(self, lang: str) -> dict[str, Any]:
        overview = self.state.cached("overview", lambda: venue.overview(self.state.event))
        return {"t": TEXTS[lang], "lang": lang, "other": "en" if lang == "zh" else "zh",
                "overview": overview, "mark": self.state.mark, "colour": COLOUR[lang],
                "outcome": OUTCOME[lang], "team_swiss": self._team_swiss_groups(),
                "knockouts": frozenset(g.name for g in overview.groups if g.bracket)}

    async def _page(self, request: Request, name: str,
                    build: Callable[[str], dict[str, Any]], extra_key: Any = None,
                    params: tuple[Any, ...] = ()) -> Response:
        """A page, computed once per change; `params` are what of the query it depends on
        (anything else in the query makes no page of its own)."""
        asked = request.query_params.get("lang")
        lang = language(asked or request.cookies.get("lang"))
        fragment = request.headers.get("x-fragment") == "1"
        key = ("page", request.url.path, params, lang, fragment, extra_key)

        def compute() -> str | UserError:
            try:
                context = self._common(lang)
                context.update(build(lang))
                return self._render(name, context, fragment)
            except UserError as error:
                return error

        # Pages everybody reads are computed ahead of each change; searches are not.
        warm = extra_key is None and "q" not in request.query_params
        result = await self._get(key, compute, warm)
        if isinstance(result, UserError):
            return HTMLResponse(f"<!doctype html><meta charset=utf-8><p>{_escape(result)}</p>",
                                status_code=404)
        if self.state.stale is not None:
            banner = _stale_banner(self.state.stale, lang)
            result = banner + result if fragment else result.replace(STALE_SLOT, banner, 1)
        response = HTMLResponse(result, headers={"Cache-Control": "no-cache"})
        if asked:
            response.set_cookie("lang", lang, max_age=365 * 86400, samesite="lax")
        return response

    # ----- pages -----------------------------------------------------------------------

    async def groups(self, request: Request) -> Response:
        return await self._page(request, "groups.html", lambda lang: {})

    async def pairings(self, request: Request) -> Response:
        group = request.path_params["group"]
        query = request.query_params.get("q", "")[:_QUERY_LIMIT]

        def build(lang: str) -> dict[str, Any]:
            info = self._round(group)
            found = data.find(info, query) if info is not None and query else []
            overview = self.state.cached("overview", lambda: venue.overview(self.state.event))
            confirm = any(g.name == group and g.player_confirmation for g in overview.groups)
            return {"group": group, "info": info, "query": query, "found": found,
                    "confirm": confirm}

        return await self._page(request, "pairings.html", build, params=(query,))

    async def standings(self, request: Request) -> Response:
        group = request.path_params["group"]
        return await self._page(request, "standings.html", lambda lang: {
            "group": group, "table": self._standings(group)})

    async def crosstable(self, request: Request) -> Response:
        """A Team Swiss group's team crosstable: teams x rounds (opponent, side, match
        result, game points); other groups have none here (404, saying why)."""
        group = request.path_params["group"]

        def build(lang: str) -> dict[str, Any]:
            if group not in self._team_swiss_groups():
                raise UserError(f"{group} 不是团体积分编排的组别，没有团体交叉表",
                                f"{group} is not a Team Swiss group: no team crosstable", group)
            return {"group": group, "table": self._crosstable(group),
                    "legend": wording.team_cross_legend(lang),
                    "match_header": wording.points_header(PrimaryScore.MATCH, lang),
                    "game_header": wording.points_header(PrimaryScore.GAME, lang)}

        return await self._page(request, "crosstable.html", build)

    async def bracket(self, request: Request) -> Response:
        """A knockout's bracket, drawn: one tree a place band (app/web/bracket.py); other
        groups have none (404, saying why)."""
        group = request.path_params["group"]

        def build(lang: str) -> dict[str, Any]:
            info = self._bracket(group)
            return {"group": group, "info": info,
                    "trees": bracket.trees(info) if info is not None else []}

        return await self._page(request, "bracket.html", build)

    async def player(self, request: Request) -> Response:
        group = request.path_params["group"]
        player_id = int(request.path_params["player"])
        return await self._page(request, "player.html", lambda lang: {
            "group": group,
            "history": venue.player_history(self.state.event, group, player_id)})

    async def results_page(self, request: Request) -> Response:
        group = request.path_params["group"]

        def build(lang: str) -> dict[str, Any]:
            info = self._round(group)
            overview = self.state.cached("overview", lambda: venue.overview(self.state.event))
            entry = next((g for g in overview.groups if g.name == group), None)
            if entry is None:
                raise UserError(f"没有组别“{group}”", f"no group '{group}'", group)
            number = info.number if info else 0
            disputed = {b for (g, r, b) in self.state.disputed if g == group and r == number}
            waiting = {b for (g, r, b), claims in self.state.claims.items()
                       if g == group and r == number and claims}
            return {"group": group, "info": info, "confirm": entry.player_confirmation,
                    "disputed": disputed, "waiting": waiting,
                    "codes": _entry_codes(ENTRY_CODES, lang),
                    "first_outcomes": _entry_codes(CONFIRM_CODES, lang)}

        return await self._page(request, "results.html", build, self.claims_version)

    async def projector(self, request: Request) -> Response:
        chosen = request.query_params.get("group")
        pace = _bounded(request.query_params.get("pace"), 10, 3, 120)
        rows = _bounded(request.query_params.get("rows"), _PROJECTOR_ROWS, 4, 40)

        def build(lang: str) -> dict[str, Any]:
            overview = self.state.cached("overview", lambda: venue.overview(self.state.event))
            names = [g.name for g in overview.groups if chosen in (None, "", g.name)]
            # Type as large as lets `rows` rows and the heading fit the screen's height.
            font = min(5.0, (82 / (rows + 1) - 1) / 1.45)
            return {"slides": self._slides(names, rows, lang), "pace": pace,
                    "row_font": f"{font:.2f}vh",
                    "match_header": wording.points_header(PrimaryScore.MATCH, lang),
                    "game_header": wording.points_header(PrimaryScore.GAME, lang)}

        return await self._page(request, "projector.html", build, params=(chosen, pace, rows))

    def _slides(self, groups: list[str], rows: int, lang: str) -> list[dict[str, Any]]:
        t = TEXTS[lang]
        slides: list[dict[str, Any]] = []
        for group in groups:
            info = self._round(group)
            if info is not None:
                round_title = f"{group} · {t['round_n'].format(n=info.number)}"
                for kind, items in (("board", list(info.boards)),
                                    ("name", data.seats(info))):
                    parts = data.chunks(items, rows)
                    for k, part in enumerate(parts, start=1):
                        slides.append({"kind": kind, "group": group,
                                       "title": f"{round_title} · {t['by_' + kind]}",
                                       "page": t["page_k"].format(k=k, n=len(parts)),
                                       "rows": part})
            table = self._standings(group)
            if table.rows:
                parts = data.chunks(list(table.rows), rows)
                after = t["after_round"].format(n=table.rounds_complete)
                for k, part in enumerate(parts, start=1):
                    slides.append({"kind": "standings", "group": group, "table": table,
                                   "title": f"{group} · {t['standings']} · {after}",
                                   "page": t["page_k"].format(k=k, n=len(parts)),
                                   "rows": part})
                if group in self._team_swiss_groups():
                    slides += self._cross_slides(group, rows, after, t)
            if info is not None:
                slides += self._bracket_slides(group, rows, t)
        return slides

    def _bracket_slides(self, group: str, rows: int, t: dict[str, str]
                        ) -> list[dict[str, Any]]:
        """A knockout's bracket on the projector: its trees, each in halves, about two thirds
        of `rows` first matches a slide (a box takes three rows and more, a tree in halves
        half its height); the screen fits the type to each slide (venue.js). Other groups:
        none."""
        overview = self.state.cached("overview", lambda: venue.overview(self.state.event))
        if not any(g.name == group and g.bracket for g in overview.groups):
            return []
        info = self._bracket(group)
        parts = bracket.slides(bracket.trees(info), max(1, rows * 2 // 3))
        return [{"kind": "bracket", "group": group, "trees": part, "teams": info.teams,
                 "title": f"{group} · {t['bracket']}",
                 "page": t["page_k"].format(k=k, n=len(parts))}
                for k, part in enumerate(parts, start=1)]

    def _cross_slides(self, group: str, rows: int, after: str, t: dict[str, str]
                      ) -> list[dict[str, Any]]:
        """A Team Swiss's crosstable on the projector, `rows` teams a slide."""
        table = self._crosstable(group)
        if not table.rounds:
            return []
        parts = data.chunks(list(table.rows), rows)
        return [{"kind": "crosstable", "group": group, "table": table,
                 "title": f"{group} · {t['crosstable']} · {after}",
                 "page": t["page_k"].format(k=k, n=len(parts)), "rows": part}
                for k, part in enumerate(parts, start=1)]

    # ----- JSON ------------------------------------------------------------------------

    async def changes(self, request: Request) -> Response:
        mark = self.state.mark
        etag = f'"{mark}"'
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(f'{{"mark":"{mark}"}}', media_type="application/json",
                        headers=headers)

    async def _json(self, request: Request, key: Any,
                    compute: Callable[[], dict[str, Any]]) -> Response:
        def guarded() -> str | UserError:
            try:
                return json.dumps(compute(), ensure_ascii=False)
            except UserError as error:
                return error

        body = await self._get(key, guarded, True)
        if isinstance(body, UserError):
            return _error_json(body, 404)
        etag = f'"{self.state.mark}"'
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers={"ETag": etag})
        return Response(body, media_type="application/json",
                        headers={"ETag": etag, "Cache-Control": "no-cache"})

    async def round_api(self, request: Request) -> Response:
        group = request.path_params["group"]
        return await self._json(request, ("round", group),
                                lambda: data.round_json(self._round(group)))

    async def standings_api(self, request: Request) -> Response:
        group = request.path_params["group"]
        return await self._json(request, ("standings", group),
                                lambda: data.standings_json(self._standings(group)))

    # ----- writes ----------------------------------------------------------------------
    #
    # A write is a JSON object sent as application/json (a cross-site form or a simple POST
    # cannot send that type, so it never reaches the guess budget), checked strictly before
    # anything is read, and refused with 409 once the served file is gone.

    def _refusal(self, request: Request) -> JSONResponse | None:
        """None when the request carries the arbiter code; else the 400/401/403 answer."""
        client = _client(request)
        try:
            given = unquote(request.headers.get("x-arbiter-code", ""), errors="strict")
        except UnicodeDecodeError:
            given = "\0"
        if not given:
            return JSONResponse({"error": "需要裁判码 / the arbiter code is needed"},
                                status_code=401,
                                headers={"WWW-Authenticate": 'X-Arbiter-Code realm="venue"'})
        code = venue.code_text(given)
        if code is None:
            return _refused(400, "裁判码含有不允许的字符", "the arbiter code holds characters "
                            "no code has")
        wait = self.state.codes.reserve(client)
        if wait is not None:
            return _refused(403, *wait)
        right = False
        try:
            right = self.state.accepts(code)
        finally:
            self.state.codes.settle(client, right)
        if not right:
            return JSONResponse({"error": "裁判码不对 / wrong arbiter code"}, status_code=403)
        return None

    async def signin(self, request: Request) -> Response:
        refusal = await run_in_threadpool(self._refusal, request)
        return refusal or JSONResponse({"ok": True})

    async def enter_result(self, request: Request) -> Response:
        try:
            body = await _json_body(request)
            round_number, board, codes = _result_fields(body)
            replace = _flag(body, "replace")
            expected = _optional_text(body, "expected")
        except BadRequest as error:
            return _refused(400, error.zh, error.en)
        refusal = await run_in_threadpool(self._refusal, request)
        if refusal is not None:
            return refusal
        group = request.path_params["group"]
        station = "web:" + _station_name(request)
        try:
            self.state.check_file()
            entered = await run_in_threadpool(
                ENTER_HALL_RESULT, self.state.event, station, group, round_number,
                board, codes, replace=replace, expected=expected)
        except FileGone as error:
            return _refused(409, *_file_gone(error))
        except UserError as error:
            return _error_json(error, 409)
        self.state.disputed.discard((group, round_number, board))
        self.state.claims.pop((group, round_number, board), None)
        self.claims_version += 1
        await run_in_threadpool(self.state.changed)
        return JSONResponse({"ok": True, "round": round_number, "board": board,
                             "result": " ".join(codes), "station": station,
                             "warnings": entered.value})

    async def confirm(self, request: Request) -> Response:
        group = request.path_params["group"]
        try:
            body = await _json_body(request)
            round_number, board, codes = _result_fields(body)
            slip = _text(body, "slip")
        except BadRequest as error:
            return _refused(400, error.zh, error.en)
        client = _client(request)
        try:
            self.state.check_file()
        except FileGone as error:
            return _refused(409, *_file_gone(error))
        wait = self.state.slips.reserve(client)
        if wait is not None:
            return _refused(403, *wait)
        try:
            state = await run_in_threadpool(self._claim, client, group, round_number, board,
                                            slip, codes)
        except venue.WrongSlipCode as error:
            return _error_json(error, 403)
        except UserError as error:
            return _error_json(error, 409)
        if state == "entered":
            await run_in_threadpool(self.state.changed)
        return JSONResponse({"state": state})

    def _claim(self, client: str, group: str, round_number: int, board: int, slip: str,
               codes: list[str]) -> str:
        """One player's confirmation, one at a time: the claims are read and set under one
        lock, so two players confirming at once are both heard (and enter the result once)."""
        key = (group, round_number, board)
        right: bool | None = None  # None: refused before the slip code was judged
        try:
            with self.state.claim_lock:
                outcome = PLAYER_CLAIM(self.state.event, group, round_number, board, slip,
                                       codes, self.state.claims.get(key, ())).value
                right = True
                self.claims_version += 1
                if outcome.state == "entered":
                    self.state.claims.pop(key, None)
                    self.state.disputed.discard(key)
                else:
                    self.state.claims[key] = outcome.claims
                    if outcome.state == "disputed":
                        self.state.disputed.add(key)
                return outcome.state
        except venue.WrongSlipCode:
            right = False
            raise
        finally:
            if right is None:
                self.state.slips.release(client)
            else:
                self.state.slips.settle(client, right)

    # ----- QR --------------------------------------------------------------------------

    async def qr(self, request: Request) -> Response:
        group = request.path_params["group"]
        # The address the server announced, not the Host the request named.
        base = self.state.public_url or str(request.base_url)
        page = request.query_params.get("page", "pairings")
        page = page if page in ("pairings", "standings") else "pairings"
        address = f"{base}groups/{quote(group, safe='')}/{page}"
        return Response(qr_svg(address), media_type="image/svg+xml")


def _tiebreak_header(key: str, label: str, lang: str) -> str:
    """A tie-break column's heading: the group's own label in Chinese, its English name (never
    its stored key) in English."""
    return label if lang == "zh" else wording.TIEBREAK_ENGLISH.get(key, label)


def qr_svg(address: str, scale: int = 8) -> str:
    """A QR code of `address` as SVG text (error correction M, quiet zone kept)."""
    code = segno.make_qr(address, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=scale, dark="#000", light="#fff", xmldecl=False)
    return out.getvalue().decode()


def _escape(error: UserError) -> str:
    return html.escape(error.message())


def _bounded(value: str | None, default: int, low: int, high: int) -> int:
    try:
        return min(high, max(low, int(value or default)))
    except ValueError:
        return default


class BadRequest(Exception):
    """A write's body is not what the writes take (answered 400 with these words)."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(en)
        self.zh, self.en = zh, en


def _refused(status: int, zh: str, en: str) -> JSONResponse:
    return JSONResponse({"error": f"{zh} / {en}", "zh": zh, "en": en}, status_code=status)


def _file_gone(error: FileGone) -> tuple[str, str]:
    zh, en = error.args
    return (f"{zh}：为免成绩丢失，不再接受录入；请在电脑上重新发布",
            f"{en}: writes are refused so that no result is lost; serve it again from "
            "the computer")


def _no_float(text: str) -> Any:
    raise BadRequest("数字须为整数", f"numbers must be whole numbers, not {text[:20]}")


async def _json_body(request: Request) -> dict[str, Any]:
    """The write's JSON object; numbers other than integers (1.5, 1e400, Infinity, NaN) and
    anything but application/json are refused."""
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/json":
        raise BadRequest("请求须为 JSON（Content-Type: application/json）",
                         "the request must be JSON (Content-Type: application/json)")
    try:
        raw = await request.body()
    except ClientDisconnect:  # gone, or cut off past the body limit (answered 413 then)
        raise BadRequest("请求未完整送达", "the request did not arrive whole") from None
    try:
        body = json.loads(raw, parse_float=_no_float, parse_constant=_no_float)
    except (ValueError, RecursionError):
        raise BadRequest("请求不是有效的 JSON", "the request is not valid JSON") from None
    if not isinstance(body, dict):
        raise BadRequest("请求须为 JSON 对象", "the request must be a JSON object")
    return body


def _whole(body: dict[str, Any], name: str) -> int:
    value = body.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= _NUMBER_LIMIT:
        raise BadRequest(f"{name} 须为 1 到 {_NUMBER_LIMIT} 的整数",
                         f"{name} must be a whole number from 1 to {_NUMBER_LIMIT}")
    return value


def _optional_text(body: dict[str, Any], name: str) -> str | None:
    return None if body.get(name) is None else _text(body, name)


def _text(body: dict[str, Any], name: str) -> str:
    value = body.get(name)
    if not isinstance(value, str) or len(value) > _TEXT_LIMIT or "\0" in value:
        raise BadRequest(f"{name} 须为文字（不超过{_TEXT_LIMIT}个字符）",
                         f"{name} must be text of at most {_TEXT_LIMIT} characters")
    return value


def _flag(body: dict[str, Any], name: str) -> bool:
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise BadRequest(f"{name} 须为 true 或 false", f"{name} must be true or false")
    return value


def _result_fields(body: dict[str, Any]) -> tuple[int, int, list[str]]:
    round_number, board = _whole(body, "round"), _whole(body, "board")
    result = _text(body, "result")
    codes = result.split()
    if not codes:
        raise BadRequest("缺少结果（result）", "the result is missing")
    return round_number, board, codes


def _client(request: Request) -> str:
    """The client as its TCP peer (forwarded headers count only behind a proxy: uvicorn)."""
    return request.client.host if request.client else "?"


def _station_name(request: Request) -> str:
    try:
        given = unquote(request.headers.get("x-station", ""), errors="strict")
    except UnicodeDecodeError:
        given = ""
    given = "".join(c for c in given if c.isprintable())
    return " ".join(given.split())[:40] or _client(request)


def _stale_banner(stale: tuple[str, str], lang: str) -> str:
    zh, en = stale
    text = (f"{zh}：以下数据可能已过时" if lang == "zh"
            else f"{en}: what follows may be out of date")
    return f'<p class="stale" role="alert">{html.escape(text)}</p>'


def create_app(state: VenueState) -> Any:
    """The venue's ASGI app over an open event."""
    venue_app = VenueApp(state)
    group = "/groups/{group:path}"  # a group's name may hold "/"
    routes = [
        Route("/", venue_app.groups),
        Route(group + "/pairings", venue_app.pairings),
        Route(group + "/standings", venue_app.standings),
        Route(group + "/crosstable", venue_app.crosstable),
        Route(group + "/bracket", venue_app.bracket),
        Route(group + "/players/{player:int}", venue_app.player),
        Route(group + "/results", venue_app.results_page),
        Route("/projector", venue_app.projector),
        Route("/api/changes", venue_app.changes),
        Route("/api" + group + "/round", venue_app.round_api),
        Route("/api" + group + "/standings", venue_app.standings_api),
        Route("/api" + group + "/results", venue_app.enter_result, methods=["POST"]),
        Route("/api" + group + "/confirm", venue_app.confirm, methods=["POST"]),
        Route("/api/signin", venue_app.signin, methods=["POST"]),
        Route("/qr/{group:path}.svg", venue_app.qr),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    return _warning_when_stale(Starlette(routes=routes), state)


def _warning_when_stale(app: Starlette, state: VenueState) -> Any:
    """Every answer, once the served file is gone, says that the data may be stale (pages
    also in a line at their top)."""
    warning = (b"warning", b'199 - "the served event file was replaced, moved or deleted: '
                           b'the data may be stale"')

    async def warned(scope: Any, receive: Any, send: Any) -> None:
        async def send_warned(message: Any) -> None:
            if message["type"] == "http.response.start" and state.stale is not None:
                message = {**message, "headers": [*message.get("headers", ()), warning]}
            await send(message)

        await app(scope, receive, send_warned if scope["type"] == "http" else send)

    return warned
