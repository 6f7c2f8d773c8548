"""The sheet widget on its own: what it shows, its cursor and keys, its messages, and that a save redraws only
the rows that changed."""

from textual import on
from textual.app import App
from textual.geometry import Region

from zapis.core.sheet import Cell, Row, Section, Sheet
from zapis.lang import set_lang
from zapis.ui.widgets.sheet_view import SheetView

PLAYERS = ["Ala", "[red]x[/]"]  # a name is data: its brackets are shown, never obeyed


def make_sheet(n: int, titles: tuple[str, ...] = ("Hands",), edited_note: str = "") -> Sheet:
    """n hands (row i shows 100+i and -i), then a bold total row; one section per title."""
    sections = []
    for title in titles:
        rows = [Row(f"{i + 1}. [b]deal[/b]", [Cell.num(100 + i), Cell.num(-i)], hand=i, note=f"how {i}")
                for i in range(n)]
        rows.append(Row("sum", [Cell.num(sum(100 + i for i in range(n))), Cell.num(-sum(range(n)))],
                        marks=frozenset({"total"})))
        sections.append(Section(title, list(PLAYERS), rows, label_header="hand"))
    return Sheet("generic", "generic", "test", list(PLAYERS), sections=sections)


class SheetApp(App):
    def __init__(self):
        super().__init__()
        self.highlighted: list[int] = []
        self.selected: list[int] = []

    def compose(self):
        yield SheetView(id="sheet")

    @on(SheetView.RowHighlighted)
    def _highlighted(self, event) -> None:
        self.highlighted.append(event.cursor_row)

    @on(SheetView.RowSelected)
    def _selected(self, event) -> None:
        self.selected.append(event.cursor_row)


def screen_lines(view: SheetView) -> list[str]:
    return [strip.text.replace("▶", " ") for strip in view.render_lines(Region(0, 0, view.size.width, view.size.height))]


def segments_of(view: SheetView, row: int):
    """The segments of a row's line as painted (row must be on screen)."""
    y = row - round(view.scroll_y) + 1
    return list(view.render_lines(Region(0, y, view.size.width, 1))[0])


async def shown(pilot, sheet: Sheet, edited=None) -> SheetView:
    view = pilot.app.query_one(SheetView)
    view.show(sheet, edited)
    await pilot.pause()
    return view


async def test_rows_header_marks_and_names_as_data():
    set_lang("en")
    app = SheetApp()
    async with app.run_test(size=(80, 20)) as pilot:
        view = await shown(pilot, make_sheet(3), edited={1})
        lines = screen_lines(view)
        assert lines[0].split() == ["hand", "Ala", "[red]x[/]"]  # the header line, the names as typed
        assert lines[1].split() == ["1.", "[b]deal[/b]", "100", "0"]
        assert lines[2].split() == ["2.", "[b]deal[/b]", "✎", "101", "-1"]  # an edited hand is marked
        assert lines[4].split()[0] == "sum"
        assert view.row_count == 4 and view.row_keys() == ["k0", "k1", "k2", "k3"]
        assert view.row_hand == {"k0": 0, "k1": 1, "k2": 2}
        assert view.label_width >= len("1. [b]deal[/b] ✎")
        # the mark is yellow, a negative number red, the total bold (rows away from the cursor)
        row = segments_of(view, 1)
        label = next(s for s in row if "deal" in s.text).style.color
        mark = next(s for s in row if "✎" in s.text).style.color
        neg = next(s for s in row if s.text.strip() == "-1").style.color
        pos = next(s for s in row if s.text.strip() == "101").style.color
        assert mark.triplet.red > 200 and mark.triplet.blue < 100 and mark != label  # the theme's yellow
        assert neg.triplet.red > 200 and neg.triplet.green < 100 and pos == label  # red: negative alone
        view.move_cursor(row=0)
        await pilot.pause()
        total = next(s for s in segments_of(view, 3) if s.text.strip() == "sum")
        assert total.style.bold


async def test_the_cursors_row_is_marked_without_colour_while_the_sheet_has_the_cursor():
    set_lang("en")
    app = SheetApp()
    async with app.run_test(size=(80, 20)) as pilot:
        view = await shown(pilot, make_sheet(3))
        view.focus()
        view.move_cursor(row=1)
        await pilot.pause()
        lines = [strip.text for strip in view.render_lines(Region(0, 0, view.size.width, view.size.height))]
        assert [line.split()[0] for line in lines if "▶" in line] == ["▶2."]
        view.blur()
        await pilot.pause()
        assert not any("▶" in strip.text for strip in view.render_lines(Region(0, 0, 80, 20)))


async def test_sections_with_wide_titles_are_shown_whole_at_120_columns():
    set_lang("en")
    long = "Rubber 1: above the line (unfinished, the scores so far)"
    app = SheetApp()
    async with app.run_test(size=(120, 30)) as pilot:
        view = await shown(pilot, make_sheet(2, titles=(long, "Rubber 2")))
        assert view.label_width >= len(long)
        lines = screen_lines(view)
        assert any(long in line for line in lines)
        title = next(s for s in segments_of(view, 0) if long in s.text)
        assert title.style.bold and title.style.underline


async def test_the_cursor_follows_the_end_and_keeps_its_row_elsewhere():
    set_lang("en")
    app = SheetApp()
    async with app.run_test(size=(60, 12)) as pilot:
        view = await shown(pilot, make_sheet(30))
        assert view.cursor_row == 30  # the total row, the last
        assert screen_lines(view)[-1].split()[0] == "sum"  # scrolled to it
        assert screen_lines(view)[0].split()[0] == "hand"  # the header stays on top
        view = await shown(pilot, make_sheet(31))
        assert view.cursor_row == 31
        view.move_cursor(row=5)
        await pilot.pause()
        assert screen_lines(view)[1].split()[0] == "6."  # scrolled back to it, under the header
        view = await shown(pilot, make_sheet(32))
        assert view.cursor_row == 5
        assert view.selected_hand() == 5 and view.selected_note() == "how 5"
        view = await shown(pilot, make_sheet(3))  # fewer rows than the cursor: it stays within them
        assert view.cursor_row == 3 and view.selected_hand() is None
        assert len([line for line in screen_lines(view) if line.strip()]) == 5


async def test_keys_move_the_cursor_and_enter_selects():
    set_lang("en")
    app = SheetApp()
    async with app.run_test(size=(60, 12)) as pilot:
        view = await shown(pilot, make_sheet(30))
        view.focus()
        app.highlighted.clear()
        await pilot.press("home")
        await pilot.press("down", "down")
        await pilot.press("up")
        await pilot.pause()
        assert view.cursor_row == 1 and app.highlighted == [0, 1, 2, 1]
        await pilot.press("pagedown")
        await pilot.pause()
        assert view.cursor_row == 1 + view.scrollable_content_region.height - 1
        await pilot.press("end")
        await pilot.pause()
        assert view.cursor_row == 30
        await pilot.press("pageup")
        await pilot.pause()
        assert view.cursor_row == 30 - (view.scrollable_content_region.height - 1)
        await pilot.press("end")
        await pilot.press("enter")
        await pilot.pause()
        assert app.selected == [30]


async def test_a_tap_lights_a_row_and_a_tap_on_the_lit_row_selects_it():
    set_lang("en")
    app = SheetApp()
    async with app.run_test(size=(60, 12)) as pilot:
        view = await shown(pilot, make_sheet(3))
        app.highlighted.clear()
        await pilot.click("#sheet", offset=(2, 0))  # the header is not a row
        await pilot.pause()
        assert app.highlighted == [] and app.selected == [] and view.cursor_row == 3
        await pilot.click("#sheet", offset=(2, 1 + 1))  # row 1, under the header
        await pilot.pause()
        assert view.cursor_row == 1 and app.highlighted == [1] and app.selected == []
        await pilot.click("#sheet", offset=(2, 1 + 1))
        await pilot.pause()
        assert app.selected == [1]


async def test_a_save_redraws_only_the_rows_that_changed():
    set_lang("en")
    app = SheetApp()
    async with app.run_test(size=(60, 30)) as pilot:
        view = await shown(pilot, make_sheet(20))
        before = view.strips_rendered
        kept = {i: view._strips[i][1] for i in range(5)}
        view = await shown(pilot, make_sheet(20))  # the same sheet again: nothing is drawn
        assert view.strips_rendered == before
        laid_out = list(view._rows_shown)
        view = await shown(pilot, make_sheet(21))  # one more hand: the old total row is the hand, a new total
        assert view.strips_rendered - before == 2
        assert all(view._rows_shown[i] is laid_out[i] for i in range(20))  # the rows that did not change: reused
        assert all(view._strips[i][1] is strip for i, strip in kept.items())
        assert screen_lines(view)[22].split()[0] == "sum"
        # a hand corrected in the middle: its row (and the totals) alone
        before = view.strips_rendered
        view = await shown(pilot, make_sheet(21), edited={3})
        assert view.strips_rendered - before == 1


async def test_a_long_sheet_scrolls_and_redraws_only_its_new_rows():
    set_lang("en")
    app = SheetApp()
    async with app.run_test(size=(60, 20)) as pilot:
        view = await shown(pilot, make_sheet(300))
        assert view.virtual_size.height == 302  # the header and 301 rows
        before = view.strips_rendered
        view = await shown(pilot, make_sheet(301))
        # the new total and the row it was (the sheet scrolled by a line: the other lines come from the cache)
        assert view.strips_rendered - before == 2
        assert screen_lines(view)[-1].split()[0] == "sum" and view.cursor_row == 301


async def test_a_sheet_that_outgrows_the_screen_gets_its_scrollbar():
    """A new row changes the scrollable size without a layout pass; the scrollbar still comes when needed."""
    set_lang("en")
    app = SheetApp()
    async with app.run_test(size=(60, 12)) as pilot:
        view = await shown(pilot, make_sheet(3))
        assert not view.show_vertical_scrollbar
        for n in range(4, 15):
            view = await shown(pilot, make_sheet(n))
        assert view.show_vertical_scrollbar and view.max_scroll_y == view.virtual_size.height - 12
        assert view.cursor_row == 14 and screen_lines(view)[-1].split()[0] == "sum"
        assert view.vertical_scrollbar.window_virtual_size == view.virtual_size.height
        view = await shown(pilot, make_sheet(2))  # and goes when no longer needed
        assert not view.show_vertical_scrollbar and view.scroll_y == 0


async def test_rows_brought_again_are_not_said_again_unless_the_language_or_their_mark_changed(monkeypatch):
    """A sheet extended by one hand (ScoringModule.extend) brings its earlier rows as the same objects: only the new
    rows are said (each text in the UI's language) again. The same rows in another language, or a row now marked
    as corrected, are said afresh and shown so."""
    from zapis.ui.widgets import sheet_view

    said = []
    real = sheet_view.say
    monkeypatch.setattr(sheet_view, "say", lambda text, lang: said.append(text) or real(text, lang))
    app = SheetApp()
    async with app.run_test(size=(80, 20)) as pilot:
        view = app.query_one(SheetView)
        sheet = make_sheet(5)
        view.show(sheet)
        first = len(said)
        rows = sheet.sections[0].rows
        more = Row("6. [b]deal[/b]", [Cell.num(105), Cell.num(-5)], hand=5, note="how 5")
        total = Row("sum", [Cell.num(615), Cell.num(-15)], marks=frozenset({"total"}))
        extended = Sheet("generic", "generic", "test", list(PLAYERS),
                         sections=[Section("Hands", list(PLAYERS), [*rows[:-1], more, total], label_header="hand")])
        said.clear()
        view.show(extended)
        assert set(said) >= {"6. [b]deal[/b]", "how 5", "sum"} and "1. [b]deal[/b]" not in said
        assert len(said) < first / 2
        await pilot.pause()
        assert "6. [b]deal[/b]" in "\n".join(screen_lines(view))
        said.clear()
        view.show(extended, {0})  # the first hand now corrected: its row said again, with its mark
        assert "1. [b]deal[/b]" in said and "2. [b]deal[/b]" not in said
        await pilot.pause()
        view.move_cursor(row=0)
        await pilot.pause()
        assert "1. [b]deal[/b] ✎" in "\n".join(screen_lines(view))
        set_lang("pl")
        said.clear()
        view.show(extended, {0})
        assert "2. [b]deal[/b]" in said  # another language: every row said again
        set_lang("en")
