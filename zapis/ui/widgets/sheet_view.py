"""The paper sheet in a DataTable: sections, rows with their marks, negative numbers in red."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from zapis.core.sheet import Sheet
from zapis.render import cell_text


class SheetView(DataTable):
    DEFAULT_CSS = """
    SheetView { height: 1fr; }
    """

    def __init__(self, **kw):
        super().__init__(cursor_type="row", zebra_stripes=False, **kw)
        self.row_hand: dict[str, int] = {}

    def show(self, sheet: Sheet, edited: set[int] | None = None) -> None:
        edited = edited or set()
        keep = self.cursor_row
        self.clear(columns=True)
        self.row_hand = {}
        width = max((len(s.columns) for s in sheet.sections), default=0)
        first = sheet.sections[0] if sheet.sections else None
        longest = max((len(r.label) for sec in sheet.sections for r in sec.rows), default=8)
        self.add_column(first.label_header if first else "", key="label", width=min(max(longest, 8) + 2, 30))
        for j in range(width):
            name = first.columns[j] if first and j < len(first.columns) else ""
            self.add_column(name, key=f"c{j}")
        n = 0
        for si, sec in enumerate(sheet.sections):
            if si or len(sheet.sections) > 1:
                self.add_row(Text(sec.title, style="bold underline"), *[""] * width, key=f"s{si}")
                if sec.columns != (first.columns if first else []):
                    self.add_row("", *[Text(c, style="bold") for c in sec.columns] + [""] * (width - len(sec.columns)),
                                 key=f"sh{si}")
            for r in sec.rows:
                lbl = Text(r.label, style="bold" if "total" in r.marks else "")
                if r.hand is not None and r.hand in edited:
                    lbl.append(" ✎", style="yellow")
                if "line" in r.marks:
                    lbl.stylize("underline")
                cells = [cell_text(c) for c in r.cells] + [""] * (width - len(r.cells))
                key = f"r{n}"
                n += 1
                self.add_row(lbl, *cells, key=key)
                if r.hand is not None:
                    self.row_hand[key] = r.hand
        if self.row_count:
            self.move_cursor(row=min(keep, self.row_count - 1) if keep else self.row_count - 1)

    def selected_hand(self) -> int | None:
        if not self.row_count:
            return None
        key = self.coordinate_to_cell_key((self.cursor_row, 0)).row_key.value
        return self.row_hand.get(key)
