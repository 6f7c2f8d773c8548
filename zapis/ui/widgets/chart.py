"""The score over time in a terminal: each line's running total drawn in braille dots, plain Unicode only
(a browser terminal on a tablet shows it as a terminal does), one colour and one letter per line.

`draw` is the whole renderer, pure and tested on its own: a Progress and a size in, lines of Rich Text out.
The y axis names the highest and lowest total and 0; the x axis counts the hands (0 is the start; Σ, after
a dotted stretch, the sheet's totals where they count more than the hands, as rubber bridge's Law 80 does).
Under it the legend: each line's letter on its colour, the names as plain text (names are data, never
markup), and the total the game screen shows. A click on a name in the legend brings that line to the front.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

from zapis.core.progress import Progress, colour, markers
from zapis.core.sheet import Number, fmt_number
from zapis.lang.text import plain_text

#: the dot of a braille cell for each (x, y) of its 2x4 grid
_DOT = {(0, 0): 0x01, (0, 1): 0x02, (0, 2): 0x04, (0, 3): 0x40,
        (1, 0): 0x08, (1, 1): 0x10, (1, 2): 0x20, (1, 3): 0x80}
_AXIS = Style(dim=True)
_BACK = Style(color="grey50")  # the other lines while one is brought to the front
MIN_ROWS, MIN_COLS = 3, 8


@dataclass
class Drawn:
    """What `draw` made: the lines to show, and where each line's name stands in the legend
    (row, first column, column after it, the line's index) for a click."""

    lines: list[Text]
    legend: list[tuple[int, int, int, int]] = field(default_factory=list)
    plotted: bool = True  # False: too small for the plot, only the legend is shown


def _legend(p: Progress, width: int, front: int | None) -> tuple[list[Text], list[tuple[int, int, int]]]:
    """The legend's entries wrapped to the width: (row, start, end, index) for each."""
    letters = markers(p)
    rows: list[Text] = [Text()]
    spans: list[tuple[int, int, int]] = []
    for i, s in enumerate(p.series):
        entry = Text()
        entry.append(f" {letters[i]} ", style=Style(color="black", bgcolor=colour(i), bold=True))
        entry.append(" ")
        entry.append_text(plain_text(s.label, style="bold" if front == i else ""))
        last = s.last
        if last is not None:
            entry.append(f" {fmt_number(last)}", style="bold red" if last < 0 else "bold")
        if entry.cell_len > width:
            entry.truncate(width, overflow="ellipsis")
        row = rows[-1]
        gap = 3 if row.cell_len else 0
        if row.cell_len + gap + entry.cell_len > width:
            rows.append(Text())
            row, gap = rows[-1], 0
        row.append(" " * gap)
        spans.append((len(rows) - 1, row.cell_len, row.cell_len + entry.cell_len))
        row.append_text(entry)
    return rows, spans


def _ticks(n: int, cols: list[int], width: int, x_label: str, final: bool = False) -> str:
    """The line under the x axis: hand numbers 0..n that do not run into each other, what they count (before
    the last number: "rozdanie 6"), and Σ under the sheet's totals when they are a point of their own."""
    line = [" "] * width
    taken = [False] * width

    def put(text: str, col: int) -> int | None:
        start = min(max(col - (len(text) - 1) // 2, 0), width - len(text))
        end = start + len(text)
        if start < 0 or any(taken[max(0, start - 1):min(width, end + 1)]):
            return None
        line[start:end] = list(text)
        taken[start:end] = [True] * len(text)
        return start

    if final:
        put("Σ", cols[n + 1])
    room = len(str(n)) + 1
    span = max(cols[n] - cols[0], 1)
    step = next(s for m in (1, 10, 100, 1000, 10000, 100000) for s in (m, 2 * m, 5 * m)
                if n == 0 or s * span / n >= room or s >= n)
    last = put(str(n), cols[n])  # the last hand first: it always has its number
    for i in range(0, n, step):
        put(str(i), cols[i])
    if x_label and last is not None:
        start = last - len(x_label) - 1
        if start >= 0 and not any(taken[max(0, start - 1):last - 1]):
            line[start:start + len(x_label)] = list(x_label)
    return "".join(line)


def draw(p: Progress, width: int, height: int, x_label: str = "", front: int | None = None) -> Drawn:
    """The chart in `width` x `height` cells: the plot, its axes, and the legend under them. `front` is the
    index of a line drawn over the others (which turn grey)."""
    width, height = max(width, 1), max(height, 1)
    legend, spans = _legend(p, width, front)
    rows = height - len(legend) - 2  # the plot, the x axis, the hand numbers, the legend
    lo, hi = p.bounds()
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    labels: dict[int, str] = {}
    gutter = max(len(fmt_number(hi)), len(fmt_number(lo)), 1)
    cols = width - gutter - 1
    if rows < MIN_ROWS or cols < MIN_COLS or not p.series:
        return Drawn(legend[:height], [(r, a, b, i) for i, (r, a, b) in enumerate(spans) if r < height], False)

    px_w, px_h = 2 * cols, 4 * rows
    n = p.hands
    last = p.points - 1  # the x of the last point: the last hand, or the sheet's totals after it

    def px(i: int) -> int:
        return round(i * (px_w - 1) / last) if last else 0

    def py(v: Number) -> int:
        return round((hi - v) * (px_h - 1) / (hi - lo))

    dots = [[0] * cols for _ in range(rows)]
    owner: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    letter: dict[tuple[int, int], int] = {}  # cell -> the line whose letter stands there
    order = [i for i in range(len(p.series)) if i != front] + ([front] if front is not None else [])
    letters = markers(p)
    every = last and cols / last >= 3  # room for a letter at every hand, else only at a line's end
    for i in order:
        s = p.series[i]
        points = [(px(j), py(v)) for j, v in enumerate(s.values) if v is not None]
        for k, ((x0, y0), (x1, y1)) in enumerate(zip(points, points[1:])):
            dotted = p.final and k == len(points) - 2 and s.values[-1] is not None  # to the totals: no hand
            for d, (x, y) in enumerate(_segment(x0, y0, x1, y1)):
                if dotted and d % 3:
                    continue
                r, c = y // 4, x // 2
                dots[r][c] |= _DOT[(x % 2, y % 4)]
                owner[r][c] = i
        if len(points) == 1:
            x, y = points[0]
            dots[y // 4][x // 2] |= _DOT[(x % 2, y % 4)]
            owner[y // 4][x // 2] = i
        if front is None or i == front:
            at = [j for j, v in enumerate(s.values) if v is not None and j > 0]
            for j in (at if every else at[-1:]):
                cell = (py(s.values[j]) // 4, px(j) // 2)
                if j == at[-1]:  # a line's end: beside another line's letter there, not over it
                    r, c = cell
                    cell = next(((r + d, c) for d in (0, -1, 1, -2, 2, -3, 3) if 0 <= r + d < rows
                                 and letter.get((r + d, c), i) == i), cell)
                letter[cell] = i
    zero_row = None
    if lo < 0 < hi:  # a dotted line at 0 where no line is
        y0 = py(0)
        zero_row = y0 // 4
        for c in range(cols):
            if not dots[zero_row][c]:
                dots[zero_row][c] = _DOT[(0, y0 % 4)]
    labels[0] = fmt_number(hi)
    labels[rows - 1] = fmt_number(lo)
    if zero_row is not None and zero_row not in labels:
        labels[zero_row] = "0"

    lines: list[Text] = []
    for r in range(rows):
        line = Text(labels.get(r, "").rjust(gutter), style=_AXIS)
        line.append("┤" if r in labels else "│", style=_AXIS)
        for c in range(cols):
            if (r, c) in letter:
                i = letter[(r, c)]
                line.append(letters[i], style=Style(color=colour(i), bold=True))
            elif owner[r][c] is not None:
                i = owner[r][c]
                style = Style(color=colour(i)) if front is None or i == front else _BACK
                line.append(chr(0x2800 + dots[r][c]), style=style)
            elif dots[r][c]:
                line.append(chr(0x2800 + dots[r][c]), style=_AXIS)
            else:
                line.append(" ")
        lines.append(line)
    at = [px(j) // 2 for j in range(p.points)]
    ticks = set(at) if last and cols / last >= 2 else set()
    axis = "".join("┬" if c in ticks else "─" for c in range(cols))
    lines.append(Text(" " * gutter + "└" + axis, style=_AXIS))
    lines.append(Text(" " * (gutter + 1) + _ticks(n, at, cols, x_label, p.final), style=_AXIS))
    top = len(lines)
    lines += legend
    return Drawn(lines, [(top + r, a, b, i) for i, (r, a, b) in enumerate(spans)])


def _segment(x0: int, y0: int, x1: int, y1: int):
    """The pixels of a straight line from one point to the next (Bresenham)."""
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    while True:
        yield x0, y0
        if x0 == x1 and y0 == y1:
            return
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


class ProgressChart(Widget):
    """The chart of a Progress, drawn again for whatever size it is given."""

    DEFAULT_CSS = """
    ProgressChart { width: 1fr; height: 1fr; padding: 0 1; }
    """

    def __init__(self, progress: Progress | None = None, x_label: str = "", **kw):
        super().__init__(**kw)
        self.progress = progress
        self.x_label = x_label
        self.front: int | None = None
        self.drawn = Drawn([])

    def show(self, progress: Progress) -> None:
        if self.front is not None and self.front >= len(progress.series):
            self.front = None
        self.progress = progress
        self.refresh()

    def render(self) -> Text:
        if self.progress is None:
            return Text("")
        size = self.content_size
        self.drawn = draw(self.progress, size.width, size.height, self.x_label, self.front)
        return Text("\n").join(self.drawn.lines)

    def pick(self, index: int | None) -> None:
        """Bring a line to the front; the same line again puts them all back."""
        self.front = None if index == self.front else index
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for row, start, end, i in self.drawn.legend:
            if offset.y == row and start <= offset.x < end:
                self.pick(i)
                return
