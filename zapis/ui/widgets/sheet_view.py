"""The paper sheet as a line-based widget: sections, rows with their marks, negative numbers in red.

Each row is drawn into one cached strip; after a hand is saved only the rows that changed are drawn again and
only their lines are repainted (a game of 300 hands stays fast). The header line stays put while the rows
scroll under it."""

from __future__ import annotations

from typing import Iterable

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from zapis.core.sheet import Sheet
from zapis.core.words import say
from zapis.io.render import cell_text
from zapis.lang.text import plain_text
from zapis.lang import get_lang

PAD = 1  # blank cells on each side of a column, as DataTable pads them


class Spans(tuple):
    """The cells of a row of headings over runs of columns (a section's groups): blank cells as wide as the
    columns (they widen none), and `spans`, each heading with how many columns it covers."""

    spans: tuple[tuple[Text, int], ...] = ()

    @classmethod
    def of(cls, spans: list[tuple[Text, int]], width: int) -> Spans:
        out = cls(("",) * width)
        out.spans = tuple(spans)
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Spans) and tuple.__eq__(self, other) and self.spans == other.spans

    __hash__ = tuple.__hash__


def _one_line(cell: Text | str) -> Text:
    """A cell as one line of text: a line break inside it becomes a space (a row is one line high)."""
    text = cell if isinstance(cell, Text) else Text(cell)
    if "\n" in text.plain:
        text = Text(" ").join(text.split("\n", allow_blank=True))
    return text


class SheetView(ScrollView, can_focus=True):
    """The sheet's rows under a fixed header line; a row cursor, Enter (or a tap on the lit row) selects."""

    DEFAULT_CSS = """
    SheetView {
        height: 1fr;
        background: $surface;
        color: $foreground;
        &:focus { background-tint: $foreground 5%; }
        & > .sheet-view--header {
            text-style: bold;
            background: $panel;
            color: $foreground;
        }
        &:focus > .sheet-view--header { background-tint: $foreground 5%; }
        &:ansi > .sheet-view--header {
            background: ansi_bright_blue;
            color: ansi_default;
        }
        & > .sheet-view--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus > .sheet-view--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: $block-cursor-text-style;
        }
    }
    """

    COMPONENT_CLASSES = {"sheet-view--header", "sheet-view--cursor"}

    BINDINGS = [
        Binding("enter", "select_cursor", "Select", show=False),
        Binding("up", "cursor_up", "Cursor up", show=False),
        Binding("down", "cursor_down", "Cursor down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home,ctrl+home", "first", "First row", show=False),
        Binding("end,ctrl+end", "last", "Last row", show=False),
    ]

    class RowHighlighted(Message):
        """The cursor moved to another row."""

        def __init__(self, sheet_view: "SheetView", cursor_row: int, row_key: str) -> None:
            super().__init__()
            self.sheet_view, self.cursor_row, self.row_key = sheet_view, cursor_row, row_key

        @property
        def control(self) -> "SheetView":
            return self.sheet_view

    class RowSelected(Message):
        """Enter on a row, or a tap on the row already lit."""

        def __init__(self, sheet_view: "SheetView", cursor_row: int, row_key: str) -> None:
            super().__init__()
            self.sheet_view, self.cursor_row, self.row_key = sheet_view, cursor_row, row_key

        @property
        def control(self) -> "SheetView":
            return self.sheet_view

    def __init__(self, **kw):
        super().__init__(**kw)
        self.row_hand: dict[str, int] = {}
        self.row_note: dict[str, str] = {}  # how a row's value was computed, in the UI's language
        self._columns_shown: tuple = ()  # (label header, label width, column names, headings over them or None)
        self._rows_shown: list[tuple] = []  # (hand, label, cells) in order
        self._known_rows: dict[tuple, tuple] = {}  # what a row shows, said -> the row drawn from it last time
        self._said: dict[int, tuple] = {}  # id of a sheet's Row -> (the Row, lang/width/edited, what it says, note)
        self._row_widths: dict[int, tuple[int, ...]] = {}  # id of such a row -> the width of each of its cells
        self._widths: tuple[int, ...] = ()  # each column's width (without its padding), the label's first
        self._cursor = 0
        self._strips: dict[int, tuple[tuple, Strip]] = {}  # row index (-1: the header) -> (what it shows, strip)
        self._styles: tuple = ()  # the styles the strips are drawn with, read once per paint
        self.strips_rendered = 0  # how many row strips were drawn (the tests count them)

    # -- what it shows

    def _layout(self, sheet: Sheet, edited: set[int]) -> tuple[tuple, list[tuple], list[str]]:
        lang = get_lang()  # one language at a time: each text the module wrote in both is said in this one
        width = max((len(s.columns) for s in sheet.sections), default=0)
        first = sheet.sections[0] if sheet.sections else None
        header = say(first.label_header, lang) if first else ""
        rows: list[tuple] = []  # (hand, label, cells) in order
        notes: list[str] = []  # each row's "how", in the same order
        known, kept = self._known_rows, {}
        # what each Row says, by the Row itself: a sheet extended by one hand (ScoringModule.extend) brings the
        # rows before as the same objects, so only the new rows are said again (the memo holds each Row, so
        # its id is not reused while it is here)
        said_before, said_now = self._said, {}
        longest = len(header)
        for si, sec in enumerate(sheet.sections):
            if si or len(sheet.sections) > 1:
                rows.append((None, plain_text(say(sec.title, lang), style="bold underline"), ("",) * width))
                notes.append("")
                if first and sec.columns != first.columns:
                    notes.append("")
                    rows.append((None, Text(""), tuple(plain_text(say(c, lang), style="bold") for c in sec.columns)
                                 + ("",) * (width - len(sec.columns))))
            if len(sheet.sections) > 1:
                longest = max(longest, len(say(sec.title, lang)))
            for r in sec.rows:
                # what the row shows, said in this language: a row that shows what it showed is the same row
                how = (lang, width, r.hand is not None and r.hand in edited)
                memo = said_before.get(id(r))
                if memo is not None and memo[0] is r and memo[1] == how:
                    key, note = memo[2], memo[3]
                else:
                    said = tuple((say(c.text, lang), c.value is None, c.marks) for c in r.cells)
                    key = (r.hand, say(r.label, lang), "total" in r.marks, how[2], "line" in r.marks, said, width)
                    note = say(r.note, lang)
                said_now[id(r)] = (r, how, key, note)
                longest = max(longest, len(key[1]))
                row = known.get(key)
                if row is None:
                    lbl = plain_text(key[1], style="bold" if key[2] else "")
                    if key[3]:
                        lbl.append(" ✎", style="yellow")
                    cells = tuple(cell_text(c, lang) for c in r.cells)
                    if key[4]:  # a line drawn under the row, as the paper sheet draws it under a game
                        lbl.stylize("underline")
                        for c in cells:
                            c.stylize("underline")
                    row = (r.hand, lbl, cells + ("",) * (width - len(r.cells)))
                    self._row_widths[id(row)] = tuple(c.cell_len for c in cells) + (0,) * (width - len(r.cells))
                kept[key] = row
                rows.append(row)
                notes.append(note)
        self._known_rows = kept
        self._said = said_now
        self._row_widths = {id(row): self._row_widths[id(row)] for row in kept.values()}
        names = tuple(say(first.columns[j], lang) if first and j < len(first.columns) else "" for j in range(width))
        # the labels get the room the numbers leave (a label is never cut where the screen has the room)
        screen = self.size.width or (self.app.size.width if self.is_attached else 80)
        room = screen - sum(max(len(n), 6) + 3 for n in names) - 2
        # the headings over the first section's halves, a header line above the names (as the paper sheet)
        spans = Spans.of([(plain_text(say(g, lang), style="bold", justify="center"), n) for g, n in first.groups],
                         width) if first and first.groups else None
        columns = (header, max(min(longest + 2, room), 12), names, spans)
        return columns, rows, notes

    def _measure(self, columns: tuple, rows: list[tuple]) -> tuple[int, ...]:
        """The label column as the layout sized it; every other column as wide as its widest text."""
        _, label, names, _ = columns
        widths = [plain_text(n).cell_len for n in names]
        measured = self._row_widths
        for row in rows:
            cells = measured.get(id(row))
            if cells is None:  # a section's title or its own column names
                cells = [c.cell_len if isinstance(c, Text) else len(c) for c in row[2]]
            for j, w in enumerate(cells):
                if w > widths[j]:
                    widths[j] = w
        return (label, *widths)

    def show(self, sheet: Sheet, edited: set[int] | None = None) -> None:
        columns, rows, notes = self._layout(sheet, edited or set())
        old = self._rows_shown
        at_end = not old or self._cursor >= len(old) - 2
        widths = self._measure(columns, rows)
        self._rows_shown = rows
        self.row_hand = {f"k{i}": row[0] for i, row in enumerate(rows) if row[0] is not None}
        self.row_note = {f"k{i}": note for i, note in enumerate(notes) if note}
        if columns != self._columns_shown or widths != self._widths:
            self._columns_shown, self._widths = columns, widths
            self.refresh()  # every line moves: each is drawn anew (only once it is painted)
        else:  # the lines of the rows that changed, came or went
            changed = [i for i, row in enumerate(rows) if i >= len(old) or old[i] != row]
            changed += range(len(rows), len(old))
            self._refresh_rows(changed)
        for i in range(len(rows), len(old)):
            self._strips.pop(i, None)
        self._set_virtual_size(Size(sum(w + 2 * PAD for w in widths), len(rows) + self._head))
        if not rows:
            self._cursor = 0
        elif at_end:
            self.move_cursor(row=len(rows) - 1)
        else:
            self.move_cursor(row=min(self._cursor, len(rows) - 1))

    # -- the rows, the cursor, and what tests and screens read

    @property
    def _head(self) -> int:
        """The header's lines: the column names, under the headings over the sheet's halves where it has them."""
        return 2 if self._columns_shown and self._columns_shown[3] else 1

    @property
    def row_count(self) -> int:
        return len(self._rows_shown)

    @property
    def cursor_row(self) -> int:
        return self._cursor

    @property
    def label_width(self) -> int:
        """The label column's width (the text's room, without the column's padding)."""
        return self._widths[0] if self._widths else 0

    def row_keys(self) -> list[str]:
        """Each row's key, top to bottom (the keys of row_hand and row_note)."""
        return [f"k{i}" for i in range(len(self._rows_shown))]

    def selected_note(self) -> str:
        """How the value of the row under the cursor was computed ("" when the sheet does not say)."""
        return self.row_note.get(f"k{self._cursor}", "") if self._rows_shown else ""

    def selected_hand(self) -> int | None:
        return self.row_hand.get(f"k{self._cursor}") if self._rows_shown else None

    def move_cursor(self, *, row: int, scroll: bool = True) -> None:
        """The cursor to this row (kept within the rows); RowHighlighted when it lands on another row."""
        if not self._rows_shown:
            return
        row = max(0, min(row, len(self._rows_shown) - 1))
        if row != self._cursor:
            self._refresh_rows((self._cursor, row))
            self._cursor = row
            self.post_message(self.RowHighlighted(self, row, f"k{row}"))
        if scroll:
            self._scroll_cursor_into_view()

    def _set_virtual_size(self, size: Size) -> None:
        """The scrollable size, without a layout pass when the widget's own size does not hang on it (its
        height and width are not auto): the scrollbars follow, and one that comes or goes asks for a layout
        itself."""
        if size == self.virtual_size:
            return
        if not self.container_size or self.styles.height.is_auto or self.styles.width.is_auto:
            self.virtual_size = size
            return
        self.set_reactive(SheetView.virtual_size, size)
        self._scroll_update(size)

    def _scroll_cursor_into_view(self) -> None:
        height = self.scrollable_content_region.height - self._head  # the lines under the header
        if height <= 0:  # not laid out yet: once it is
            if self.is_attached:
                self.call_after_refresh(self._scroll_cursor_into_view)
            return
        top = round(self.scroll_y)
        if self._cursor < top:
            top = self._cursor
        elif self._cursor >= top + height:
            top = self._cursor - height + 1
        else:
            return
        self.scroll_to(y=top, animate=False, force=True)  # its scrollbar may come with the next layout

    def watch_has_focus(self, has_focus: bool) -> None:
        super().watch_has_focus(has_focus)
        self._refresh_rows((self._cursor,))  # its ▶ comes and goes with the cursor

    def _refresh_rows(self, rows: Iterable[int]) -> None:
        """Repaint the lines these rows are on (the ones on screen)."""
        top, height, width = round(self.scroll_y), self.size.height, self.size.width
        for i in set(rows):
            y = i + self._head - top
            if self._head <= y < height:
                self.refresh(Region(0, y, width, 1))

    def on_resize(self, event: events.Resize) -> None:
        self._scroll_cursor_into_view()

    # -- keys and taps

    def action_cursor_up(self) -> None:
        self.move_cursor(row=self._cursor - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(row=self._cursor + 1)

    def action_page_up(self) -> None:
        self.move_cursor(row=self._cursor - max(1, self.scrollable_content_region.height - self._head))

    def action_page_down(self) -> None:
        self.move_cursor(row=self._cursor + max(1, self.scrollable_content_region.height - self._head))

    def action_first(self) -> None:
        self.move_cursor(row=0)

    def action_last(self) -> None:
        self.move_cursor(row=len(self._rows_shown) - 1)

    def action_select_cursor(self) -> None:
        if self._rows_shown:
            self.post_message(self.RowSelected(self, self._cursor, f"k{self._cursor}"))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y < self._head:  # the header is not a row
            return
        row = round(self.scroll_y) + offset.y - self._head
        if not 0 <= row < len(self._rows_shown):
            return
        event.stop()
        if row == self._cursor:  # a tap on the row already lit selects it; a first tap lights it
            self.post_message(self.RowSelected(self, row, f"k{row}"))
        else:
            self.move_cursor(row=row)

    # -- drawing

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def render_lines(self, crop: Region) -> list[Strip]:
        base = self.rich_style
        self._styles = (base, base + self.get_component_rich_style("sheet-view--header"),
                        base + self.get_component_rich_style("sheet-view--cursor"))
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y < self._head:  # the header's lines: the headings over the halves (if any), the names
            strip = self._row_strip(y - self._head, width)
        else:
            i = round(self.scroll_y) + y - self._head
            if not 0 <= i < len(self._rows_shown):
                return Strip.blank(width, self._styles[0] if self._styles else self.rich_style)
            strip = self._row_strip(i, width)
        x = round(self.scroll_x)
        return strip.crop(x, x + width) if x or strip.cell_length > width else strip

    def _row_strip(self, i: int, width: int) -> Strip:
        """Row i (-1: the header's names, -2: the headings above them) drawn whole, from the cache when it shows
        what it showed."""
        if not self._styles:
            self._styles = (self.rich_style,) * 3
        cursor = i == self._cursor
        marked = cursor and self.has_focus  # the cursor's row marked ▶ while the sheet has the cursor: no colour needed
        if i == -2:
            content = (Text(""), self._columns_shown[3])
        elif i < 0:
            header, _, names, _ = self._columns_shown or ("", 0, (), None)
            content = (header, names)
        else:
            content = self._rows_shown[i]
        key = (content, self._widths, width, cursor, marked, self._styles)
        cached = self._strips.get(i)
        if cached is not None and cached[0] == key:
            return cached[1]
        self.strips_rendered += 1
        base, header_style, cursor_style = self._styles
        if i == -2:
            cells, style, post = list(content), header_style, None
        elif i < 0:
            cells = [plain_text(content[0]), *(plain_text(n) for n in content[1])]
            style, post = header_style, None
        else:
            cells = [content[1], *content[2]]
            style = cursor_style if cursor else base
            # as DataTable: the cursor's colours win over the cells' own (a red number on the lit row)
            post = Style.from_color(cursor_style.color, cursor_style.bgcolor) if cursor else None
        line = Text(no_wrap=True, end="")
        if i == -2:  # headings, each over the columns it covers
            widths, cells, j = [self._widths[0]], [cells[0]], 1
            for heading, n in content[1].spans:
                widths.append(sum(self._widths[j:j + n]) + 2 * PAD * (n - 1))
                cells.append(heading)
                j += n
        else:
            widths = self._widths
        for j, (cell, w) in enumerate(zip(cells, widths)):
            text = _one_line(cell).copy()
            text.truncate(w, overflow="ellipsis")
            gap = w - text.cell_len  # blank, without the text's own style (an underlined title ends where it does)
            left = gap if text.justify == "right" else gap // 2 if text.justify == "center" else 0
            line.append(("▶" if marked and j == 0 else " ") + " " * (PAD - 1 + left))
            line.append_text(text)
            line.append(" " * (gap - left + PAD))
        segments = Segment.apply_style(line.render(self.app.console), style, post)
        strip = Strip(segments, line.cell_len).adjust_cell_length(max(line.cell_len, width), style + post
                                                                    if post else style).simplify()
        self._strips[i] = (key, strip)
        return strip
