"""Certificates (奖状/荣誉证书): one A4 landscape page per award, all in one PDF in place
order, numbered, laid out by an editable template (resources/templates/certificate.json) in
LXGW WenKai (霞鹜文楷).

The template is JSON: borders, and lines of text with placeholders ({event_title},
{organisers}, {recipient}, {unit}, {group}, {ranking}, {place}, {prize}, {grade_title},
{basis}, {number}, {date}, {venue}); a line with "requires" is left out when that field is
empty (the grade title only where earned). Text that is too wide shrinks to fit its width.

What the wording follows:
- a grade title is a right to apply (qiwang 十五4: "获得名次的选手可以申请技术等级称号，可申请等级
  见下表"), so the default template says 可申请…称号, never 获…称号;
- a shared place reads 并列第三名, and `{basis}` says how the place was decided where it was not
  by the places alone, worded as everywhere (`app.wording.decision_text`: 加赛决定名次, 抽签决定名次,
  并列第3-4名，奖金平分);
- a certificate of a ranking that is not final is provisional: the program itself prints
  临时（非最终） across its top and in the document title, whatever the template says.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from app import wording
from app.errors import UserError
from app.exports.fonts import FONTS_DIR, KAI, font_paths, register_font, register_fonts
from app.exports.model import Award, ExportModel, date_zh
from app.exports.pdf_common import draw_bold, draw_runs, fit_size, plain_canvas, text_width

DEFAULT_TEMPLATE = FONTS_DIR.parent / "templates" / "certificate.json"
FIELDS = ("event_title", "organisers", "recipient", "unit", "group", "ranking", "place",
          "prize", "grade_title", "basis", "number", "date", "venue")
PROVISIONAL = "临时（非最终）"


@dataclass(frozen=True)
class TemplateLine:
    text: str
    x_mm: float
    y_mm: float
    size: float
    width_mm: float = 240.0
    align: str = "center"
    bold: bool = False
    underline: bool = False
    colour: str = "#000000"
    requires: str = ""
    max_lines: int = 1  # wrap (upwards) instead of shrinking below 80 %
    line_mm: float = 0.0  # line spacing when wrapped; 1.35 x the size when 0


@dataclass(frozen=True)
class Border:
    inset_mm: float
    width: float
    colour: str = "#000000"


@dataclass(frozen=True)
class CertificateTemplate:
    font: str
    lines: tuple[TemplateLine, ...]
    borders: tuple[Border, ...] = ()


def _colour(text: str, where: str) -> colors.Color:
    try:
        return colors.HexColor(text)
    except (ValueError, TypeError):
        raise UserError(f"颜色“{text}”无效，应为 #RRGGBB", f"bad colour {text!r}, use #RRGGBB",
                        where) from None


def _check_text(raw: dict[str, object], place: str) -> None:
    """A line's text and `requires` name known placeholders only."""
    try:
        names = [name for _, name, _, _ in string.Formatter().parse(str(raw["text"]))
                 if name is not None]
    except ValueError as error:
        raise UserError(f"模板文字有误：{error}", f"bad template text: {error}", place) from None
    for name in [*names, str(raw.get("requires") or "")]:
        if name and name not in FIELDS:
            raise UserError(f"未知的占位符 {{{name}}}", f"unknown placeholder {{{name}}}", place)


def _check_sizes(line: TemplateLine, place: str) -> None:
    """Numbers where numbers belong, positive where they must be."""
    for key in ("x_mm", "y_mm", "size", "width_mm", "line_mm"):
        value = getattr(line, key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise UserError(f"{key} 应为数字", f"{key} must be a number", place)
    if isinstance(line.max_lines, bool) or not isinstance(line.max_lines, int) or \
            line.max_lines < 1:
        raise UserError("max_lines 应为正整数", "max_lines must be a positive integer", place)
    if line.size <= 0 or line.width_mm <= 0:
        raise UserError("size 和 width_mm 应大于 0", "size and width_mm must be positive", place)


def _template_line(raw: object, place: str) -> TemplateLine:
    """One line of a template, checked; `UserError` names the line (`place`)."""
    if not isinstance(raw, dict) or "text" not in raw:
        raise UserError("模板行缺少 text", "template line has no 'text'", place)
    unknown = set(raw) - set(TemplateLine.__dataclass_fields__)
    if unknown:
        raise UserError(f"模板行有未知字段 {sorted(unknown)}",
                        f"unknown keys {sorted(unknown)} in template line", place)
    _check_text(raw, place)
    if raw.get("align", "center") not in ("left", "center", "right"):
        raise UserError("align 只能是 left/center/right", "align must be left|center|right",
                        place)
    try:
        line = TemplateLine(**{"x_mm": 148.5, "size": 18, **raw})
    except TypeError as error:
        raise UserError(f"模板行缺少字段：{error}", f"template line: {error}", place) from None
    _check_sizes(line, place)
    _colour(line.colour, place)
    return line


def _border(raw: object, place: str) -> Border:
    if not isinstance(raw, dict):
        raise UserError("边框设置应为对象", "a border must be an object", place)
    try:
        border = Border(**raw)
    except TypeError as error:
        raise UserError(f"边框设置有误：{error}", f"bad border: {error}", place) from None
    _colour(border.colour, place)
    return border


def _read_json(path: Path) -> dict[str, object]:
    where = str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError("找不到奖状模板文件", "certificate template not found", where) from None
    except json.JSONDecodeError as error:
        raise UserError(f"奖状模板不是有效的 JSON：{error.msg}",
                        f"certificate template is not valid JSON: {error.msg}",
                        f"{where}:{error.lineno}") from None
    if not isinstance(data, dict) or not isinstance(data.get("lines"), list):
        raise UserError("奖状模板缺少 lines 列表", "certificate template has no 'lines' list",
                        where)
    return data


def load_template(path: Path = DEFAULT_TEMPLATE) -> CertificateTemplate:
    """Read and check a certificate template; `UserError` names the file and the line."""
    where = str(path)
    data = _read_json(path)
    raw_lines = data["lines"]
    assert isinstance(raw_lines, list)
    lines = [_template_line(raw, f"{where}: lines[{index}]")
             for index, raw in enumerate(raw_lines, start=1)]
    raw_borders = data.get("border", [])
    borders = [_border(raw, f"{where}: border[{index}]")
               for index, raw in enumerate(raw_borders if isinstance(raw_borders, list) else [],
                                           start=1)]
    font = str(data.get("font", KAI))
    register_fonts()
    if font in font_paths():  # another shipped face the template chose
        register_font(font)
    from reportlab.pdfbase.pdfmetrics import getRegisteredFontNames

    if font not in getRegisteredFontNames():
        raise UserError(f"模板字体 {font} 不是随程序提供的字体",
                        f"template font {font} is not a shipped font", where)
    return CertificateTemplate(font, tuple(lines), tuple(borders))


def certificate_number(year: int | None, number: int) -> str:
    """证书编号: the event's year, a dash and the certificate's place in the PDF (2026-001);
    without a year (an event with no dates) the number alone (001), no dash before it."""
    if not number:
        return ""
    return f"{number:03d}" if year is None else f"{year}-{number:03d}"


def certificate_fields(model: ExportModel, award: Award, number: int = 0) -> dict[str, str]:
    """The values of every placeholder for one award (`number`: its place in the PDF)."""
    event = model.event
    day = event.end_date or event.start_date
    group = model.group(award.group).name if award.group else ""
    unit = "" if award.is_team and award.unit == award.recipient else award.unit
    basis = wording.decision_text(award.decision)
    year = day.year if day else None
    return {
        "event_title": event.title,
        "organisers": "　".join(event.organisers),
        "recipient": award.recipient,
        "unit": unit,
        "group": group,
        "ranking": award.ranking,
        "place": ("并列" if award.shared else "") + award.place_text,
        "prize": award.prize,
        "grade_title": award.grade_title,
        "basis": basis,
        "number": certificate_number(year, number),
        "date": date_zh(day) if day else "",
        "venue": event.venue,
    }


_BREAKS = "　、， "


def _tokens(text: str) -> list[str]:
    """Pieces that may end a line: after a separator (organisers are joined by 　 or 、)."""
    tokens: list[str] = []
    current = ""
    for char in text:
        current += char
        if char in _BREAKS:
            tokens.append(current)
            current = ""
    if current:
        tokens.append(current)
    return tokens


def wrap_lines(text: str, width: float, size: float, font: str, max_lines: int) -> list[str]:
    """Greedy lines of `text` no wider than `width`, breaking after separators; one line
    when that is all it takes (or all that is allowed)."""
    if max_lines <= 1 or text_width(text, size, font) <= width:
        return [text]
    lines: list[str] = []
    for token in _tokens(text):
        candidate = (lines[-1] + token) if lines else token
        if lines and text_width(candidate.rstrip(_BREAKS), size, font) <= width:
            lines[-1] = candidate
        else:
            lines.append(token)
    return [line.rstrip(_BREAKS) for line in lines]


def _draw_text(canvas: Canvas, template: CertificateTemplate, line: TemplateLine, text: str,
               y: float, size: float) -> None:
    width = line.width_mm * mm
    drawn = text_width(text, size, template.font)
    squeeze = min(1.0, width / drawn) if drawn else 1.0
    x = line.x_mm * mm
    left = x - drawn * squeeze / 2 if line.align == "center" else (
        x - drawn * squeeze if line.align == "right" else x)
    canvas.saveState()
    canvas.setFillColor(_colour(line.colour, ""))
    canvas.setStrokeColor(_colour(line.colour, ""))
    canvas.translate(left, y)
    canvas.scale(squeeze, 1)
    if line.bold:
        draw_bold(canvas, text, 0, 0, size, template.font, align="left")
    else:
        draw_runs(canvas, text, 0, 0, size, template.font)
    if line.underline:
        canvas.setLineWidth(0.8)
        canvas.line(0, -size * 0.2, drawn, -size * 0.2)
    canvas.restoreState()


def _draw_line(canvas: Canvas, template: CertificateTemplate, line: TemplateLine,
               values: Mapping[str, str]) -> None:
    """One template line: shrunk to its width; with `max_lines` > 1, text that would shrink
    below 80 % is wrapped instead, the block growing upwards so its last line sits at y."""
    if line.requires and not values.get(line.requires):
        return
    text = line.text.format_map(values).strip()
    if not text:
        return
    width = line.width_mm * mm
    size = fit_size(text, width, line.size, line.size * 0.4, template.font)
    lines = [text]
    if line.max_lines > 1 and size < line.size * 0.8:
        size = line.size
        while size >= line.size * 0.5:
            lines = wrap_lines(text, width, size, template.font, line.max_lines)
            if len(lines) <= line.max_lines and all(
                    text_width(one, size, template.font) <= width for one in lines):
                break
            size -= 0.5
        else:
            lines = [text]
            size = fit_size(text, width, line.size, line.size * 0.4, template.font)
    leading = (line.line_mm * mm) if line.line_mm else size * 1.35
    for index, one in enumerate(lines):
        y = line.y_mm * mm + (len(lines) - 1 - index) * leading
        _draw_text(canvas, template, line, one, y, size)


def draw_certificate(canvas: Canvas, template: CertificateTemplate,
                     values: Mapping[str, str], provisional: bool = False) -> None:
    width, height = landscape(A4)
    if provisional:
        canvas.saveState()
        canvas.setFillColor(colors.HexColor("#B22222"))
        canvas.setFont(template.font, 22)
        canvas.drawCentredString(width / 2, height - 22 * mm, f"{PROVISIONAL}　仅供核对，不作颁发")
        canvas.restoreState()
    for border in template.borders:
        inset = border.inset_mm * mm
        canvas.setStrokeColor(_colour(border.colour, ""))
        canvas.setLineWidth(border.width)
        canvas.rect(inset, inset, width - 2 * inset, height - 2 * inset)
    for line in template.lines:
        _draw_line(canvas, template, line, values)


def write_certificates(model: ExportModel, path: Path,
                       awards: Sequence[Award] | None = None,
                       template_path: Path = DEFAULT_TEMPLATE) -> Path:
    """All certificates in one PDF, one page per award that receives one (`Award.certificate`:
    the awarded places, qiwang 十五), in place order (by ranking)."""
    template = load_template(template_path)
    chosen = tuple(a for a in model.awards_in_place_order() if a.certificate) if awards is None \
        else tuple(awards)
    values = [certificate_fields(model, award, k) for k, award in enumerate(chosen, start=1)]
    provisional = any(a.provisional for a in chosen)
    title = f"{model.event.title} 奖状" + (f"（{PROVISIONAL}）" if provisional else "")
    canvas = plain_canvas(path, landscape(A4), title)
    for award, fields in zip(chosen, values, strict=True):
        draw_certificate(canvas, template, fields, award.provisional)
        canvas.showPage()
    if not values:
        canvas.setFont(template.font, 14)
        canvas.drawString(20 * mm, 180 * mm, "没有获奖名单")
        canvas.showPage()
    canvas.save()
    return path
