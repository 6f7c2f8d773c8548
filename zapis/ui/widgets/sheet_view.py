"""The paper sheet in a DataTable: sections, rows with their marks, negative numbers in red.

After a hand is saved only the rows that changed are redrawn (a game of 300 hands stays fast)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from zapis.core.sheet import Sheet
from zapis.core.words import say
from zapis.render import cell_text
from zapis.text import plain_text
from zapis.ui.i18n import get_lang


class SheetView(DataTable):
    DEFAULT_CSS = """
    SheetView { height: 1fr; }
    """

    def __init__(self, **kw):
        super().__init__(cursor_type="row", zebra_stripes=False, **kw)
        self.row_hand: dict[str, int] = {}
        self.row_note: dict[str, str] = {}  # how a row's value was computed, in the UI's language
        self._columns_shown: tuple = ()
        self._rows_shown: list[tuple] = []

    def _layout(self, sheet: Sheet, edited: set[int]) -> tuple[tuple, list[tuple], list[str]]:
        lang = get_lang()  # one language at a time: each text the module wrote in both is said in this one
        width = max((len(s.columns) for s in sheet.sections), default=0)
        first = sheet.sections[0] if sheet.sections else None
        header = say(first.label_header, lang) if first else ""
        longest = max([len(say(r.label, lang)) for sec in sheet.sections for r in sec.rows]
                      + [len(say(sec.title, lang)) for sec in sheet.sections if len(sheet.sections) > 1]
                      + [len(header)], default=8)
        names = tuple(say(first.columns[j], lang) if first and j < len(first.columns) else "" for j in range(width))
        # the labels get the room the numbers leave (a label is never cut where the screen has the room)
        screen = self.size.width or (self.app.size.width if self.is_attached else 80)
        room = screen - sum(max(len(n), 6) + 3 for n in names) - 2
        columns = (header, max(min(longest + 2, room), 12), names)
        rows: list[tuple] = []  # (hand, label, cells) in order
        notes: list[str] = []  # each row's "how", in the same order
        for si, sec in enumerate(sheet.sections):
            if si or len(sheet.sections) > 1:
                rows.append((None, plain_text(say(sec.title, lang), style="bold underline"), ("",) * width))
                notes.append("")
                if first and sec.columns != first.columns:
                    notes.append("")
                    rows.append((None, Text(""), tuple(plain_text(say(c, lang), style="bold") for c in sec.columns)
                                 + ("",) * (width - len(sec.columns))))
            for r in sec.rows:
                lbl = plain_text(say(r.label, lang), style="bold" if "total" in r.marks else "")
                if r.hand is not None and r.hand in edited:
                    lbl.append(" ✎", style="yellow")
                cells = tuple(cell_text(c, lang) for c in r.cells)
                if "line" in r.marks:  # a line drawn under the row, as the paper sheet draws it under a game
                    lbl.stylize("underline")
                    for c in cells:
                        c.stylize("underline")
                rows.append((r.hand, lbl, cells + ("",) * (width - len(r.cells))))
                notes.append(say(r.note, lang))
        return columns, rows, notes

    def show(self, sheet: Sheet, edited: set[int] | None = None) -> None:
        columns, rows, notes = self._layout(sheet, edited or set())
        at_end = self.row_count == 0 or self.cursor_row >= self.row_count - 2
        if columns != self._columns_shown:
            self.clear(columns=True)
            header, width, names = columns
            self.add_column(plain_text(header), key="label", width=width)
            for j, name in enumerate(names):
                self.add_column(plain_text(name), key=f"c{j}")
            self._columns_shown, self._rows_shown = columns, []
            self.row_hand.clear()  # the rows went with the columns
        old = self._rows_shown
        for i, row in enumerate(rows):
            key = f"k{i}"
            if i < len(old):
                if old[i] != row:
                    hand, lbl, cells = row
                    if old[i][1] != lbl:
                        self.update_cell(key, "label", lbl)
                    for j, (a, b) in enumerate(zip(old[i][2], cells)):
                        if a != b:  # measuring a column costs a pass over every row: only when it grows
                            self.update_cell(key, f"c{j}", b, update_width=len(str(b)) > len(str(a)))
            else:
                hand, lbl, cells = row
                self.add_row(lbl, *cells, key=key)
            if row[0] is not None:
                self.row_hand[key] = row[0]
            else:
                self.row_hand.pop(key, None)
        self.row_note = {f"k{i}": note for i, note in enumerate(notes) if note}
        for i in range(len(rows), len(old)):
            self.remove_row(f"k{i}")
            self.row_hand.pop(f"k{i}", None)
        self._rows_shown = rows
        if self.row_count and at_end:
            self.move_cursor(row=self.row_count - 1)

    def selected_note(self) -> str:
        """How the value of the row under the cursor was computed ("" when the sheet does not say)."""
        if not self.row_count:
            return ""
        key = self.coordinate_to_cell_key((self.cursor_row, 0)).row_key.value
        return self.row_note.get(key, "")

    def selected_hand(self) -> int | None:
        if not self.row_count:
            return None
        key = self.coordinate_to_cell_key((self.cursor_row, 0)).row_key.value
        return self.row_hand.get(key)
