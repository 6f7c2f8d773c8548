"""A DataTable brought to new rows by changing only what differs: a result saved at one table changes a few cells
of the director's 60-pair ranking and 400-result list, and only those are measured and drawn again (clearing the
table and adding every row back made Textual measure every cell again: most of a redraw). CursorTable: a table
whose row cursor shows without colour."""

from __future__ import annotations

from typing import Any, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and (a == b if isinstance(a, str) else str(a) == str(b) and
                                   getattr(a, "spans", None) == getattr(b, "spans", None) and
                                   getattr(a, "style", None) == getattr(b, "style", None))


def show_rows(table: DataTable, rows: Sequence[tuple[str, Sequence[Any]]]) -> None:
    """Make `table` show `rows` ((key, cells), in order; each key once): rows whose key is gone are removed, new
    ones added, changed cells updated, and the order put right by a sort. The cursor stays on its row number, as
    after clear() and add_row(). With a key twice, the rows are added anew."""
    keys = [key for key, _ in rows]
    if len(set(keys)) != len(keys):
        table.clear()
        for key, cells in rows:
            table.add_row(*cells)
        return
    wanted = dict(rows)
    shown = [row.key.value for row in table.ordered_rows]
    for key in shown:
        if key not in wanted:
            table.remove_row(key)
    columns = table.ordered_columns
    had = set(shown)
    for key, cells in rows:
        if key not in had:
            table.add_row(*cells, key=key)
            continue
        for column, old, new in zip(columns, table.get_row(key), cells):
            if not _same(old, new):  # measured only when it may be wider than its column
                table.update_cell(key, column.key, new, update_width=cell_len(str(new)) > column.content_width)
    if [row.key.value for row in table.ordered_rows] != keys:
        # DataTable sorts by the rows' cells: each row's cells (as text, with the row's place) name its place
        place = {tuple(map(str, cells)): i for i, (_, cells) in enumerate(rows)}
        if len(place) == len(rows):
            table.sort(key=lambda cells: place[tuple(map(str, cells))])
        else:  # two rows of the same text: no sort can tell them apart
            table.clear()
            for key, cells in rows:
                table.add_row(*cells, key=key)


class CursorTable(DataTable):
    """A DataTable whose row cursor shows without colour: while the table has the cursor, its row is marked "▶" in
    the rows' label column (a plain-text screen, or a person who does not see the highlight's colour, still sees
    which row Enter opens). Only the old and the new row are touched when the cursor moves."""

    MARK = "▶"
    _marked_key = None

    def mark_text(self, mark: str) -> Text:
        """The label that marks a row (or leaves it unmarked: a blank of the mark's width)."""
        return Text(mark)

    def add_row(self, *cells, height: int | None = 1, key=None, label=None):
        row_key = super().add_row(*cells, height=height, key=key,
                                  label=self.mark_text(" ") if label is None else label)
        if self.has_focus:
            self.call_after_refresh(self._mark)
        return row_key

    def clear(self, columns: bool = False):
        self._marked_key = None
        return super().clear(columns)

    def _mark(self) -> None:
        key = None
        if self.has_focus and self.cursor_type == "row" and 0 <= self.cursor_row < self.row_count:
            key = self.ordered_rows[self.cursor_row].key
        if key == self._marked_key:
            return
        for k, mark in ((self._marked_key, " "), (key, self.MARK)):
            if k is not None and k in self.rows:
                self.rows[k].label = self.mark_text(mark)
        self._marked_key = key
        self._clear_caches()  # the labels are drawn from the rows' cached lines
        self.refresh()

    def watch_cursor_coordinate(self, old, new) -> None:
        super().watch_cursor_coordinate(old, new)
        self._mark()

    def watch_has_focus(self, has_focus: bool) -> None:
        super().watch_has_focus(has_focus)
        self._mark()
