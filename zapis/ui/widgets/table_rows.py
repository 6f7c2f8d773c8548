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
    narrow: dict[str, list[tuple[Any, Any]]] = {}  # the changed cells that fit their columns, by row
    for key, cells in rows:
        if key not in had:
            table.add_row(*cells, key=key)
            continue
        for column, old, new in zip(columns, table.get_row(key), cells):
            if _same(old, new):
                continue
            if cell_len(str(new)) > column.content_width:  # measured: its column widens (every line drawn again)
                table.update_cell(key, column.key, new, update_width=True)
            else:
                narrow.setdefault(key, []).append((column.key, new))
    _update_rows(table, narrow)
    if [row.key.value for row in table.ordered_rows] != keys:
        # DataTable sorts by the rows' cells: each row's cells (as text, with the row's place) name its place
        place = {tuple(map(str, cells)): i for i, (_, cells) in enumerate(rows)}
        if len(place) == len(rows):
            table.sort(key=lambda cells: place[tuple(map(str, cells))])
        else:  # two rows of the same text: no sort can tell them apart
            table.clear()
            for key, cells in rows:
                table.add_row(*cells, key=key)


# What DataTable.update_cell would leave behind, row by row: its line caches by what each key starts with (the row's
# key, its index, the line's y). Written against Textual 8's DataTable; where it has other names, update_cell.
_ROW_CACHES = (("_cell_render_cache", "key"), ("_row_render_cache", "key"), ("_row_renderable_cache", "index"),
               ("_line_cache", "y"))
_KNOWN = all(name in DataTable.__init__.__code__.co_names for name in (*dict(_ROW_CACHES), "_row_locations", "_data")
             ) and all(hasattr(DataTable, name) for name in ("_y_offsets", "refresh_row", "header_height"))


def _update_rows(table: DataTable, changed: dict[str, list[tuple[Any, Any]]]) -> None:
    """Each row's changed cells (each as wide as its column allows) set, and only those rows drawn again.

    DataTable.update_cell counts an update for the whole table, which every line's cache key holds: after one cell
    changed every visible line of the table was rendered again, cell by cell (the director's view after a save:
    the progress grid's 310 cells, the ranking's and the results' rows, for the one result saved). Here a changed
    row's cached cells, lines and renderables are dropped and its region refreshed; the others are drawn from their
    caches. The widths are unchanged (a wider cell goes through update_cell)."""
    if not changed:
        return
    if not _KNOWN:
        for key, cells in changed.items():
            for column, value in cells:
                table.update_cell(key, column, value)
        return
    rows = {table.rows[key].key for key in changed}
    for key, cells in changed.items():
        data = table._data[table.rows[key].key]
        for column, value in cells:
            data[column] = value
    indices = {table._row_locations.get(key) for key in rows}
    top = table.header_height if table.show_header else 0
    ys = {y + top for y, (key, _) in enumerate(table._y_offsets) if key in rows}
    picked = {"key": rows, "index": indices, "y": ys}
    for name, by in _ROW_CACHES:
        cache, drop = getattr(table, name), picked[by]
        for k in [k for k in cache.keys() if k[0 if by != "index" else 1] in drop]:
            cache.discard(k)
    for index in indices:
        table.refresh_row(index)


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
