"""The score over time as an inline SVG for the HTML export: each line's running total over the hands.

Self-contained (no script, no external font or style), valid XML, readable printed in black and white:
each line has its colour and its letter (at its last point and in the legend). Every name is escaped with
html_text; numbers are written as the sheet writes them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from zapis.core.progress import Progress, colour, markers, progress
from zapis.core.sheet import Number, Sheet, fmt_number
from zapis.lang.text import html_text, plain

if TYPE_CHECKING:
    from zapis.store import Store

WORDS = {"title": ("Wynik po każdym rozdaniu", "The score after each hand"), "hand": ("rozdanie", "hand"),
         "final": ("Σ: wynik zapisu (z premiami spoza rozdań)", "Σ: the sheet's total (with bonuses no hand has)"),
         "rating_title": ("Ranking po każdym wieczorze sezonu", "The rating after each evening of the season"),
         "evening": ("wieczór", "evening")}

WIDTH = 720
PLOT_H = 220
FONT = 12
ROW = 20  # a legend row


def _word(key: str, lang: str | None) -> str:
    pl, en = WORDS[key]
    return pl if lang == "pl" else en if lang == "en" else f"{pl} / {en}"


def _char_width(c: str) -> float:
    return FONT * (1.0 if unicodedata.east_asian_width(c) in ("W", "F") else 0.6)


def _text_width(text: str) -> float:
    """About how wide a text is at the chart's font size (a wide character twice a narrow one)."""
    return sum(_char_width(c) for c in plain(text))


def _cut(text: str, room: float) -> str:
    """A name that fits the room, else cut with an ellipsis (a legend row never runs off the chart): the longest
    beginning that leaves room for the ellipsis, found in one pass (each character measured once, however long
    the name; no text is measured again after each character taken off)."""
    text = plain(text)
    ellipsis = _text_width("…")
    width, fits = 0.0, 0
    for i, c in enumerate(text):
        width += _char_width(c)
        if width + ellipsis <= room:
            fits = i + 1
        elif width > room:  # it does not fit whole: cut after the last character that left room
            return text[:fits] + "…"
    return text


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def chart_svg(sheet: Sheet, lang: str | None = None, sides: Sequence[Sequence[str]] | None = None) -> str:
    """The chart of a sheet's running totals, "" for a game with no hand yet. `lang` "pl" or "en" says its
    words in one language, None in both; `sides`, the game's partnerships, are one line each."""
    p = progress(sheet, sides)
    if not p.hands or not p.series:
        return ""
    return svg(p, lang)


def game_svg(store: Store, game_id: int, sheet: Sheet, lang: str | None = None) -> str:
    """A stored game's chart: its partnerships (bridge) as its record and rules name them."""
    rec, rules, module = store.record(game_id)
    return chart_svg(sheet, lang, module.partnerships(rules, rec.players))


def svg(p: Progress, lang: str | None = None, title: str = "title", axis: str = "hand") -> str:
    """The chart of `p`'s lines; `title` and `axis` name the WORDS it is titled with and its points are counted
    in (a game's hands; a season's games for the ratings)."""
    lo, hi = p.bounds()
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    labels = [fmt_number(hi), fmt_number(lo)] + (["0"] if lo < 0 < hi else [])
    left = 12 + max(_text_width(t) for t in labels)
    right, top = 24, 12
    plot_w = WIDTH - left - right
    n = p.hands
    last = p.points - 1  # the last hand, or the sheet's totals after it

    def x(i: int) -> float:
        return left + i * plot_w / last

    def y(v: Number) -> float:
        return top + (hi - v) * PLOT_H / (hi - lo)

    bottom = top + PLOT_H
    out = [f'<line x1="{_n(left)}" y1="{top}" x2="{_n(left)}" y2="{bottom}" stroke="#444"/>',
           f'<line x1="{_n(left)}" y1="{bottom}" x2="{_n(left + plot_w)}" y2="{bottom}" stroke="#444"/>']
    for v in {hi, lo, *([0] if lo < 0 < hi else [])}:
        out.append(f'<text x="{_n(left - 6)}" y="{_n(y(v) + FONT / 3)}" text-anchor="end">{fmt_number(v)}</text>')
        if v != lo:
            dash = ' stroke-dasharray="4 3"' if v == 0 else ""
            out.append(f'<line x1="{_n(left)}" y1="{_n(y(v))}" x2="{_n(left + plot_w)}" y2="{_n(y(v))}" '
                       f'stroke="#bbb"{dash}/>')
    # the hand numbers: as many as fit without running into each other
    room = _text_width(str(n)) + 8
    step = next(s for m in (1, 10, 100, 1000, 10000, 100000) for s in (m, 2 * m, 5 * m)
                if s * plot_w / last >= room or s >= n)
    ticks = list(range(0, n + 1, step))
    if n not in ticks and (n - ticks[-1]) * plot_w / last >= room:
        ticks.append(n)
    for i, name in [(i, str(i)) for i in ticks] + ([(n + 1, "Σ")] if p.final else []):
        out.append(f'<line x1="{_n(x(i))}" y1="{bottom}" x2="{_n(x(i))}" y2="{bottom + 4}" stroke="#444"/>')
        out.append(f'<text x="{_n(x(i))}" y="{bottom + 4 + FONT}" text-anchor="middle">{name}</text>')
    said = _word(axis, lang) + (f" · {_word('final', lang)}" if p.final else "")
    out.append(f'<text x="{_n(left + plot_w)}" y="{bottom + 8 + 2 * FONT}" text-anchor="end" fill="#555">'
               f'{html_text(said)}</text>')
    letters = markers(p)
    for i, s in enumerate(p.series):
        # one polyline over the hands; to the sheet's totals (no hand) a dashed line
        points = [(x(j), y(v)) for j, v in enumerate(s.values[:n + 1]) if v is not None]
        pts = " ".join(f"{_n(a)},{_n(b)}" for a, b in points)
        out.append(f'<polyline fill="none" stroke="{colour(i)}" stroke-width="2" stroke-linejoin="round" '
                   f'points="{pts}"><title>{html_text(s.label)}</title></polyline>')
        if p.final and s.values[-1] is not None and points:
            a, b = points[-1]
            out.append(f'<line x1="{_n(a)}" y1="{_n(b)}" x2="{_n(x(n + 1))}" y2="{_n(y(s.values[-1]))}" '
                       f'stroke="{colour(i)}" stroke-width="2" stroke-dasharray="5 4"/>')
            points.append((x(n + 1), y(s.values[-1])))
        if n <= 40:
            out += [f'<circle cx="{_n(a)}" cy="{_n(b)}" r="2.5" fill="{colour(i)}"/>' for a, b in points[1:]]
    # each line's letter after its last point, moved apart where lines end close together
    ends = sorted((y(s.values[j]), x(j), i) for i, s in enumerate(p.series)
                  for j in [max(j for j, v in enumerate(s.values) if v is not None)])
    placed: list[float] = []
    for b, _, _ in ends:
        placed.append(max(b, placed[-1] + FONT) if placed else b)
    shift = max(0.0, placed[-1] - bottom) if placed else 0.0
    for (_, a, i), b in zip(ends, placed):
        out.append(f'<text x="{_n(a + 5)}" y="{_n(b - shift + FONT / 3)}" fill="{colour(i)}" font-weight="bold">'
                   f"{html_text(letters[i])}</text>")
    # the legend under the plot, wrapped: the letter on its colour, the name, the total after the last hand
    lx, ly = left, bottom + 8 + 3 * FONT + 6
    for i, s in enumerate(p.series):
        last = s.last
        name = _cut(s.label, WIDTH - left - 120)
        total = "" if last is None else fmt_number(last)
        w = 22 + _text_width(f"{name} {total}") + 18
        if lx > left and lx + w > WIDTH - 4:
            lx, ly = left, ly + ROW
        out.append(f'<rect x="{_n(lx)}" y="{_n(ly - FONT)}" width="16" height="{FONT + 4}" rx="2" '
                   f'fill="{colour(i)}"/>')
        out.append(f'<text x="{_n(lx + 8)}" y="{_n(ly)}" text-anchor="middle" fill="#000" font-weight="bold">'
                   f"{html_text(letters[i])}</text>")
        red = ' fill="#c00"' if last is not None and last < 0 else ""
        out.append(f'<text x="{_n(lx + 22)}" y="{_n(ly)}">{html_text(name)}'
                   + (f' <tspan font-weight="bold"{red}>{total}</tspan>' if total else "") + "</text>")
        lx += w
    height = ly + 8
    title = html_text(_word(title, lang))
    # no xmlns: inline in HTML an svg needs none, and the report names no address at all (self-contained)
    return (f'<svg class="chart" width="{WIDTH}" height="{_n(height)}" '
            f'viewBox="0 0 {WIDTH} {_n(height)}" role="img" aria-label="{title}" '
            f'style="max-width:100%;height:auto" font-family="DejaVu Sans, Arial, sans-serif" '
            f'font-size="{FONT}" fill="#111"><title>{title}</title>' + "".join(out) + "</svg>")


__all__ = ["chart_svg", "game_svg", "svg"]
