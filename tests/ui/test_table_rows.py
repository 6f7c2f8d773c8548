"""show_rows (zapis.ui.widgets.table_rows): a DataTable brought to new rows shows exactly them, in their order,
having changed only the cells that differ (the director's view after a save: a few cells of hundreds)."""

from rich.text import Text
from textual.app import App
from textual.widgets import DataTable

from zapis.ui.widgets.table_rows import show_rows


class One(App):
    def compose(self):
        yield DataTable()


def shown(table: DataTable) -> list[tuple[str, list[str]]]:
    return [(row.key.value, [str(c) for c in table.get_row(row.key)]) for row in table.ordered_rows]


async def test_only_the_changed_cells_are_updated_and_the_rows_end_in_order():
    async with One().run_test() as pilot:
        table = pilot.app.query_one(DataTable)
        table.add_columns("pair", "names", "%")
        first = [("1", ("1", Text("Ala – Bartek"), "50")), ("2", ("2", Text("Celina – Darek"), "50")),
                 ("3", ("3", Text("Ewa – Franek"), "50"))]
        show_rows(table, first)
        assert shown(table) == [(k, [str(c) for c in cells]) for k, cells in first]
        updates, clears = [], []
        real_update = table.update_cell
        table.update_cell = lambda *a, **k: updates.append(a[:2]) or real_update(*a, **k)
        table.clear = lambda *a, **k: clears.append(1)
        # pair 3 overtakes pair 1, pair 2 is gone, pair 4 comes: one cell changed, one row removed, one added
        then = [("3", ("3", Text("Ewa – Franek"), "62.5")), ("1", ("1", Text("Ala – Bartek"), "50")),
                ("4", ("4", Text("Gosia – Henryk"), "37.5"))]
        show_rows(table, then)
        await pilot.pause()
        assert shown(table) == [(k, [str(c) for c in cells]) for k, cells in then]
        assert [(row, column is table.ordered_columns[2].key) for row, column in updates] == [("3", True)]
        assert not clears
        show_rows(table, then)  # nothing changed: nothing touched
        assert len(updates) == 1


async def test_a_wider_cell_widens_its_column_and_rows_of_the_same_text_still_come_in_order():
    async with One().run_test() as pilot:
        table = pilot.app.query_one(DataTable)
        table.add_columns("board", "s")
        show_rows(table, [("a", ("1", "50")), ("b", ("2", "50"))])
        await pilot.pause()
        narrow = table.ordered_columns[1].content_width
        show_rows(table, [("a", ("1", "-1100")), ("b", ("2", "50"))])
        await pilot.pause()
        assert table.ordered_columns[1].content_width > narrow
        # two rows alike in every cell: no sort can order them, so the table is filled again, in order
        show_rows(table, [("b", ("2", "50")), ("c", ("2", "50")), ("a", ("1", "-1100"))])
        await pilot.pause()
        assert [[str(c) for c in table.get_row_at(i)] for i in range(3)] == [["2", "50"], ["2", "50"],
                                                                            ["1", "-1100"]]
        assert [row.key.value for row in table.ordered_rows] == ["b", "c", "a"]
