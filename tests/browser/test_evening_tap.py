"""Another evening by touch on a served screen: a tap on the evening named at the top opens the list of evenings,
a tap on one shows it (Chromium with touch, 1024x768, through `zapis serve`)."""

from __future__ import annotations

from tests.browser.conftest import CAPTURE
from tests.browser.terminal import lines, tap, wait_for
from tests.ui.test_evening_picker import club


def served_club(chromium, serve, tmp_path, evenings: int, width: int, height: int):
    """A club of `evenings` evenings served, and a tablet (touch) opened on its evening screen."""
    db = tmp_path / "club.db"
    club(db, evenings)
    server = serve(db)
    ctx = chromium.new_context(viewport={"width": width, "height": height}, has_touch=True)
    ctx.add_init_script(CAPTURE)
    page = ctx.new_page()
    page.goto(server.url + "/")
    return ctx, page


def test_a_tap_on_the_evening_then_on_another_shows_that_one(chromium, serve, tmp_path):
    ctx, page = served_club(chromium, serve, tmp_path, 3, 1024, 768)
    wait_for(page, "2026-11-12  Turniej 2  Gdańsk")
    tap(page, "▼")
    wait_for(page, "Który wieczór?")
    page.screenshot(path=str(tmp_path / "evenings.png"))
    tap(page, "Turniej", after="2026-11-10")
    wait_for(page, "Stoły i gry")
    try:
        assert any("2026-11-10  Turniej 0  Gdańsk" in r for r in lines(page)[:4])
        assert not any("Który wieczór?" in r for r in lines(page))
    finally:
        page.screenshot(path=str(tmp_path / "chosen.png"))
    ctx.close()


def test_a_tap_on_a_key_of_the_bar_presses_it(chromium, serve, tmp_path):
    ctx, page = served_club(chromium, serve, tmp_path, 1, 800, 1280)
    wait_for(page, "Turniej 0")
    tap(page, "Pomoc")
    wait_for(page, "zapis — pomoc")
    tap(page, "Wróć", after="Każde rozdanie jest zapisane")  # the key bar's, under the help (which names it too)
    wait_for(page, "Stoły i gry")
    assert not any("zapis — pomoc" in r for r in lines(page))
    ctx.close()
