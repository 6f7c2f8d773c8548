"""A chosen pad cell is seen without colour too (a monochrome terminal, a colour-blind scorekeeper): it carries
a tick, which an unchosen cell never does (the screens' issue: an unchecked box differed only by colour)."""

from textual.app import App

from zapis.ui.widgets.pad import Cell, Pad


class One(App):
    def compose(self):
        yield Pad([Cell(True, "tak")], id="p")
        yield Pad([Cell("S", "♠ pik"), Cell("H", "♥ kier")], multi=True, id="m")
        yield Pad([Cell(1, "1"), Cell(2, "2")], momentary=True, id="k")


def _line(pad: Pad) -> str:
    return "".join(seg.text for seg in pad.render_line(0))


async def test_a_chosen_cell_has_a_tick_and_an_unchosen_one_none():
    app = One()
    async with app.run_test(size=(60, 6)) as pilot:
        p, m, k = (app.query_one(f"#{i}", Pad) for i in "pmk")
        assert "tak" in _line(p) and "✓" not in _line(p)
        await pilot.click(p)
        await pilot.pause()
        assert p.value is True and "✓tak" in _line(p)
        await pilot.click(m, offset=m.cell_offset("H"))
        await pilot.pause()
        assert "✓♥ kier" in _line(m) and "✓♠" not in _line(m)
        await pilot.click(k)
        await pilot.pause()
        assert "✓" not in _line(k)  # a key is only pressed, nothing stays chosen
