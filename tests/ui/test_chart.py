"""The score over time on the screen: the renderer (zapis.ui.widgets.chart.draw) at any size, and the chart
screen as a scorekeeper and a tablet use it: Ctrl+G from anywhere on the game screen, `w` where a letter is
not typed into the form, or a tap on Wykres opens it; it shows the legend's names as typed, Esc (or a tap on
Wróć) closes it, it follows a hand saved on another tablet, and it stores nothing."""

from __future__ import annotations

import pytest
from rich.text import Text

from tests.ui.conftest import key_bar, new_game, tap_key
from zapis.core.progress import PALETTE, Progress, Series, progress
from zapis.core.sheet import Sheet, running
from zapis.store import Store
from zapis.ui.screens.chart import ChartScreen
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.chart import ProgressChart, draw

P3 = ["Ala[/]", "[bold red]Bartek", "Celina"]  # names are data: shown as typed, never markup
P4 = ["Ala", "Bartek", "Celina", "Darek"]
TYSIAC = [{"declarer": "Ala[/]", "bid": 100, "points": {"Ala[/]": 80, "[bold red]Bartek": 20, "Celina": 20},
           "melds": {"Ala[/]": ["spades"]}},
          {"declarer": "Celina", "bid": 110, "points": {"Ala[/]": 44, "[bold red]Bartek": 15, "Celina": 61}}]


def _text(lines: list[Text]) -> str:
    return "\n".join(line.plain for line in lines)


def _plot(lines: list[Text]) -> str:
    """The plot's rows: those above the x axis."""
    axis = next(i for i, line in enumerate(lines) if "└" in line.plain)
    return _text(lines[:axis])


# --- the renderer ------------------------------------------------------------------------------------------

def _kierki() -> Progress:
    """Running totals: Ala 0 -20 20 20, Bartek 0 -60 -60 -75, Celina 0 0 -30 -45, Darek 0 -50 -50 40."""
    hands = running([{"Ala": -20, "Bartek": -60, "Celina": 0, "Darek": -50},
                     {"Ala": 40, "Bartek": 0, "Celina": -30, "Darek": 0},
                     {"Ala": 0, "Bartek": -15, "Celina": -15, "Darek": 90}], P4)
    return progress(Sheet("x", "x", "x", P4, hands, dict(hands[-1].totals)))


def test_the_axes_the_lines_and_the_legend():
    drawn = draw(_kierki(), 60, 16, "rozdanie")
    text = _text(drawn.lines)
    rows = text.split("\n")
    assert len(rows) == 16 and all(len(r) <= 60 for r in rows)
    # the plot (13 rows), the x axis, the hand numbers, the legend (one row)
    assert rows[0].startswith(" 40┤")  # the highest total: Darek's 40 at the end
    assert rows[12].startswith("-75┤")  # the lowest: Bartek's -75
    assert sum(r.startswith("  0┤") for r in rows) == 1  # zero, between them
    assert [r[:4] for r in rows[:13]].count("   │") == 10  # no other label
    assert rows[13].startswith("   └┬") and rows[14].split() == ["0", "1", "2", "rozdanie", "3"]
    assert rows[15].split("    ") == [" A  Ala 20", "B  Bartek -75", "C  Celina -45", "D  Darek 40"]
    assert any("\u2800" < ch <= "\u28ff" for ch in text)  # braille dots
    plot = _plot(drawn.lines)
    for letter in "ABCD":  # each line's letter at its hands (room for one at every hand)
        assert plot.count(letter) >= 2


def test_each_line_has_its_colour():
    drawn = draw(_kierki(), 60, 16)
    axis = next(i for i, line in enumerate(drawn.lines) if "└" in line.plain)
    colours = {span.style.color.name for line in drawn.lines[:axis] for span in line.spans
               if not isinstance(span.style, str) and span.style.color is not None}
    assert colours == set(PALETTE[:4])


@pytest.mark.parametrize("width", [1, 5, 9, 20, 40, 80, 200])
@pytest.mark.parametrize("height", [1, 2, 4, 6, 10, 22, 40])
def test_any_size_fits(width, height):
    for p in (_kierki(), progress(Sheet("x", "x", "x", ["Ala", "Bartek"], [], {"Ala": 0, "Bartek": 0})),
              progress(Sheet("x", "x", "x", ["A" * 300], running([{"A" * 300: i - 150} for i in range(300)],
                                                                  ["A" * 300])))):
        drawn = draw(p, width, height, "rozdanie")
        assert len(drawn.lines) <= height
        assert all(line.cell_len <= width for line in drawn.lines)


def test_too_small_for_a_plot_the_legend_still_says_who_has_what():
    drawn = draw(_kierki(), 80, 3)
    assert not drawn.plotted and "Darek 40" in _text(drawn.lines)


def test_many_hands_are_numbered_without_running_into_each_other():
    p = progress(Sheet("x", "x", "x", ["Ala"], running([{"Ala": (i * 37) % 101 - 50} for i in range(300)], ["Ala"])))
    ticks = draw(p, 78, 20).lines[-2].plain.split()
    assert ticks[0] == "0" and ticks[-1] == "300" and len(ticks) <= 20
    assert [int(x) for x in ticks] == sorted(int(x) for x in ticks)


def test_a_wide_name_and_markup_in_the_legend():
    p = Progress(1, (Series(("Ala[/]",), (0, 5)), Series(("王小明 [@click=app.quit]",), (0, -5))))
    text = _text(draw(p, 40, 12).lines)
    assert "Ala[/] 5" in text and "王小明 [@click=app.quit] -5" in text


def test_the_sheets_totals_after_the_hands():
    """Rubber bridge's Law 80: the totals count 300 no hand has; the line ends there, at Σ."""
    p = Progress(1, (Series(("Ala", "Celina"), (0, 100, 400)), Series(("Bartek", "Darek"), (0, 0, 0))), final=True)
    rows = _text(draw(p, 60, 14, "rozdanie").lines).split("\n")
    assert rows[-2].split() == ["0", "rozdanie", "1", "Σ"]
    assert rows[0].startswith("400┤") and "Ala · Celina 400" in rows[-1]


def test_lines_that_end_together_each_show_their_letter():
    """Two players (not partners) with the same totals: one line over the other, and both letters at the end."""
    p = Progress(1, (Series(("Ala",), (0, -100)), Series(("Bartek",), (0, 20)), Series(("Celina",), (0, 20))))
    plot = _plot(draw(p, 60, 14).lines)
    assert all(plot.count(letter) == 1 for letter in "ABC")


def test_a_line_brought_to_the_front():
    drawn = draw(_kierki(), 60, 16, front=3)
    plot = _plot(drawn.lines)
    assert "D" in plot and not any(ch in plot for ch in "ABC")  # only its letters
    assert drawn.lines[-1].plain.count("Darek") == 1  # the legend still names everyone


# --- the screen --------------------------------------------------------------------------------------------

async def _open_chart(app, pilot, gid, key=True):
    app.push_screen(GameScreen(gid))
    await pilot.pause()
    app.screen.query_one("#sheet").focus()  # out of the form, as e/h/b are pressed
    await pilot.pause()
    if key:
        await pilot.press("w")
        await pilot.pause()


@pytest.mark.parametrize("lang, title", [("pl", "Wynik po każdym rozdaniu"), ("en", "The score after each hand")])
async def test_w_opens_the_chart_and_esc_closes_it(db, app_factory, lang, title):
    gid = new_game(db, "tysiac", P3, TYSIAC)
    version = Store(db).game(gid).version
    app = app_factory(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_chart(app, pilot, gid)
        assert isinstance(app.screen, ChartScreen)
        assert title in str(app.screen.query_one("#chart-title").render())
        chart = app.screen.query_one(ProgressChart)
        shown = _text(chart.drawn.lines)
        assert "Ala[/]" in shown and "[bold red]Bartek" in shown and "Celina" in shown  # as typed
        svg = app.export_screenshot()
        assert "Ala[/]" in svg.replace("&#160;", " ")
        keys = key_bar(app).keys
        assert keys and keys[-1].end <= 80
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.is_running
    assert Store(db).game(gid).version == version  # nothing stored


@pytest.mark.parametrize("lang, word", [("pl", "Wykres"), ("en", "Chart")])
async def test_the_game_screens_footer_has_the_key_and_still_fits_80_columns(db, app_factory, lang, word):
    gid = new_game(db, "bridge-rubber", P4)
    app = app_factory(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        for where in ("the form", "the sheet"):
            keys = key_bar(app).keys
            said = str(key_bar(app).render())
            assert f"^g {word}" in said, where
            assert keys[-1].end <= 80, said
            app.screen.query_one("#sheet").focus()
            await pilot.pause()


async def test_ctrl_g_opens_it_while_the_form_has_the_cursor(db, app_factory):
    """A letter is typed into the focused box (w goes into the contract): Ctrl+G works wherever the cursor is."""
    gid = new_game(db, "bridge-rubber", P4, [{"contract": "3NT", "declarer": "N", "tricks": 9}])
    app = app_factory("pl")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        assert app.focused.id == "in-contract"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen)
        await pilot.press("ctrl+g")  # and again: back
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.query_one("#in-contract").value == ""


async def test_a_tap_opens_it_a_tap_on_a_name_brings_its_line_forward_and_a_tap_closes_it(db, app_factory):
    gid = new_game(db, "tysiac", P3, TYSIAC)
    app = app_factory("pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_chart(app, pilot, gid, key=False)
        await tap_key(pilot, "Wykres")
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen)
        chart = app.screen.query_one(ProgressChart)
        row, start, end, i = chart.drawn.legend[2]  # Celina
        assert i == 2
        await pilot.click(chart, offset=(chart.content_region.x - chart.region.x + start + 4,
                                         chart.content_region.y - chart.region.y + row))
        await pilot.pause()
        assert chart.front == 2
        plot = _plot(chart.drawn.lines)
        assert "C" in plot and "A" not in plot and "B" not in plot
        await tap_key(pilot, "Wróć")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_a_game_with_no_hand_yet_says_so(db, app_factory):
    gid = new_game(db, "kierki", P4)
    app = app_factory("pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_chart(app, pilot, gid)
        assert isinstance(app.screen, ChartScreen)
        assert app.screen.query_one("#chart-none").display
        assert "Nie ma jeszcze rozdań" in str(app.screen.query_one("#chart-none").render())
        assert not app.screen.query_one(ProgressChart).display


async def test_bridge_partners_are_one_line_and_the_law_80_total_is_said(db, app_factory):
    gid = new_game(db, "bridge-rubber", P4, [{"contract": "3NT", "declarer": "N", "tricks": 9}])
    app = app_factory("en")
    async with app.run_test(size=(120, 40)) as pilot:
        await _open_chart(app, pilot, gid)
        shown = _text(app.screen.query_one(ProgressChart).drawn.lines)
        assert "Ala · Celina 400" in shown and "Bartek · Darek 0" in shown  # the totals the game screen shows
        assert app.screen.query_one("#chart-final").display


async def test_the_chart_follows_a_hand_saved_on_another_tablet(db, app_factory):
    gid = new_game(db, "tysiac", P3, TYSIAC[:1])
    app = app_factory("pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_chart(app, pilot, gid)
        assert app.screen.sheet.hands and len(app.screen.sheet.hands) == 1
        other = Store(db)  # another tablet
        other.enter(gid, TYSIAC[1])
        other.close()
        for _ in range(40):
            await pilot.pause(0.05)
            if len(app.screen.sheet.hands) == 2:
                break
        assert isinstance(app.screen, ChartScreen) and len(app.screen.sheet.hands) == 2
        await pilot.pause()
        # Celina 20, then 110 bid and not made: -90 (the totals: Ala[/] 140, Bartek 40)
        legend = _text(app.screen.query_one(ProgressChart).drawn.lines).split("\n")[-1]
        assert "Ala[/] 140" in legend and "[bold red]Bartek 40" in legend and "Celina -90" in legend
