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


def drawn(table: DataTable) -> list[list[tuple[str, str]]]:
    """Every line the table draws now, as (text, style) segments."""
    return [[(seg.text, str(seg.style)) for seg in table.render_line(y)] for y in range(table.size.height)]


async def test_a_changed_cell_draws_its_row_again_and_no_other():
    """One cell changed of a 12 x 10 grid (the director's progress after a save): only that row's cells are rendered
    again; every line drawn is what the table draws with its caches emptied."""
    async with One().run_test(size=(80, 20)) as pilot:
        table = pilot.app.query_one(DataTable)
        table.add_columns("round", *[str(t) for t in range(1, 12)])
        grid = {str(r): [str(r)] + ["0/2"] * 11 for r in range(1, 11)}
        show_rows(table, list(grid.items()))
        await pilot.pause()
        drawn(table)  # every line cached
        rendered = []
        real = table._render_cell
        table._render_cell = lambda row, column, *a, **k: rendered.append(row) or real(row, column, *a, **k)
        grid["4"][7] = "1/2"
        show_rows(table, list(grid.items()))
        now = drawn(table)
        assert set(rendered) == {3}  # row "4" (index 3), every cell of it: the others from their caches
        assert "1/2" in "".join(text for text, _ in now[4])
        table._clear_caches()
        assert drawn(table) == now


async def test_whatever_rows_come_every_line_drawn_is_as_drawn_afresh():
    """Random rows shown one after another (cells changed, rows gone, new, reordered, the cursor moved): the
    lines drawn from the caches are those the table draws with its caches emptied, each time."""
    import random

    rnd = random.Random(7)
    async with One().run_test(size=(60, 16)) as pilot:
        table = pilot.app.query_one(DataTable)
        table.add_columns("a", "b", "c")
        rows = {str(k): [str(k), "x", "1"] for k in range(12)}
        for step in range(60):
            for _ in range(rnd.randint(1, 3)):
                what = rnd.random()
                if what < 0.6 and rows:
                    key = rnd.choice(sorted(rows))
                    rows[key][rnd.randint(1, 2)] = rnd.choice(["x", "y", "12", "7", "-1100"])
                elif what < 0.75 and len(rows) > 2:
                    del rows[rnd.choice(sorted(rows))]
                elif what < 0.9:
                    key = str(100 + step)
                    rows[key] = [key, "z", "3"]
                else:
                    table.move_cursor(row=rnd.randint(0, max(0, len(rows) - 1)))
            order = sorted(rows, key=lambda k: (rows[k][2], k)) if rnd.random() < 0.3 else list(rows)
            show_rows(table, [(k, tuple(rows[k])) for k in order])
            await pilot.pause()
            cached = drawn(table)
            table._clear_caches()
            assert drawn(table) == cached, f"step {step}"
