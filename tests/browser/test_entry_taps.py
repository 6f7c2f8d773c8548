"""Nothing is saved that was not tapped: a tysiąc game on a served tablet (Chromium with touch, 800x1280 portrait,
`/?table=1`), the scorekeeper's finger on the in-app keypad.

Keypad 1, 3, 0 in the first player's card points box (0-120 each): the 0 is refused there, so the box holds 13,
the message line names the field (the player too) and its range, and the other players' boxes stay empty (no 0
carried on, no rest of the 120 filled in from a wrong value). Then it is mended by taps (⌫ ⌫ 7 0 → 3 0, the last
box filled in with the rest) and saved with Zapisz; the store holds exactly that hand. The screen is read back
from the terminal's bytes (tests.browser.terminal) and a screenshot of each step is kept in the test's folder."""

from __future__ import annotations

import re
import time

from tests.browser.conftest import CAPTURE
from tests.browser.terminal import lines, tap, wait_for
from tests.browser.test_touch import keypad_tap
from tests.ui.conftest import new_game
from zapis.store import Store

PLAYERS = ["Leon", "Marta", "Nina"]
PORTRAIT = {"viewport": {"width": 800, "height": 1280}, "has_touch": True}
FIELD = "punkty z kart"


def until(page, test, what: str, limit: float = 30.0) -> list[str]:
    """The screen once `test(rows)` holds."""
    deadline = time.monotonic() + limit
    while True:
        rows = [r.rstrip() for r in lines(page)]
        if rows and test(rows):
            return rows
        assert time.monotonic() < deadline, f"{what}: never on the screen; it shows\n" + "\n".join(rows)
        time.sleep(0.1)


def message(rows: list[str]) -> str:
    """The message line: the one under the game's "Dalej:" line."""
    i = next(i for i, r in enumerate(rows) if r.startswith(" Dalej:"))
    return rows[i + 1].strip()


def boxes(rows: list[str], label: str) -> list[str]:
    """What the boxes of a field's row hold (drawn ▊▔▔▎ / ▊ text ▎ / ▊▁▁▎: the text is on the row below the
    label's), left to right."""
    i = next(i for i, r in enumerate(rows) if re.match(r"[▶✗ ] " + re.escape(label), r))
    # the box with the cursor is framed double (║ text ║), the others ▊ text ▎
    return [(x or y).strip() for x, y in re.findall(r"▊([^▎]*)▎|║([^║]*)║", rows[i + 1])]


def marked(rows: list[str]) -> list[str]:
    """The labels marked with the cursor's ▶."""
    return [re.split(r"[▊╔║]", r[2:])[0].split("  ")[0].strip() for r in rows if r.startswith("▶ ")]


def test_a_tablets_first_screen_marks_the_field_with_the_cursor_before_any_tap(chromium, serve, tmp_path):
    """A served app starts without the focus until the browser's terminal has it (a tablet's: at its first tap);
    its first screen still shows where the cursor is: ▶ on the first field, the only mark."""
    db = tmp_path / "club.db"
    new_game(db, "tysiac", PLAYERS)
    server = serve(db)
    ctx = chromium.new_context(**PORTRAIT)
    ctx.add_init_script(CAPTURE)
    page = ctx.new_page()
    try:
        page.goto(server.url + "/?table=1")
        wait_for(page, "Rozdanie 1")
        rows = until(page, lambda r: marked(r) == ["grający"], "▶ on the first field")
        page.screenshot(path=str(tmp_path / "first-screen.png"))
        assert sum("▶" in r for r in rows) == 1
    finally:
        ctx.close()


def test_keypad_130_in_the_first_box_is_refused_there_and_a_mended_hand_is_saved(chromium, serve, tmp_path):
    db = tmp_path / "club.db"
    gid = new_game(db, "tysiac", PLAYERS)
    server = serve(db)
    ctx = chromium.new_context(**PORTRAIT)
    ctx.add_init_script(CAPTURE)
    page = ctx.new_page()
    shot = 0

    def look(name: str) -> None:
        nonlocal shot
        shot += 1
        page.screenshot(path=str(tmp_path / f"{shot}-{name}.png"))

    try:
        page.goto(server.url + "/?table=1")
        wait_for(page, "Rozdanie 1")
        tap(page, "Leon", after="grający")
        tap(page, "110", after="gra")  # a quick value of the contract; the cursor goes on to Leon's card points
        rows = until(page, lambda r: marked(r) == [FIELD], "▶ on the card points")
        assert boxes(rows, FIELD) == ["", "", ""]
        look("before")

        for key in "130":
            keypad_tap(page, key)
        rows = until(page, lambda r: message(r) == f"{FIELD} (Leon): od 0 do 120", "the refusal naming the field")
        look("refused")
        assert boxes(rows, FIELD) == ["13", "", ""]  # the 0 stayed out of Leon's box and went nowhere else
        assert marked(rows) == [FIELD]
        assert Store(db).hands(gid) == []

        keypad_tap(page, "⌫")  # mended: the message goes, the cursor stays
        rows = until(page, lambda r: boxes(r, FIELD) == ["1", "", ""] and message(r) == "", "13 taken back to 1")
        assert marked(rows) == [FIELD]
        for key in "⌫70→30":  # Leon 70, on to Marta 30: Nina's 20 is filled in (120 in all)
            keypad_tap(page, key)
        rows = until(page, lambda r: boxes(r, FIELD) == ["70", "30", "20"], "70, 30 and the 20 filled in")
        look("mended")
        tap(page, "Zapisz", after="Rozdanie 1")
        wait_for(page, "Zapisano rozdanie 1.")
        rows = until(page, lambda r: boxes(r, FIELD) == ["", "", ""], "the form emptied for the next hand")
        look("saved")
    finally:
        ctx.close()
    assert Store(db).hands(gid) == [{"declarer": "Leon", "bid": 110, "points": {"Leon": 70, "Marta": 30, "Nina": 20}}]


def test_a_swipe_scrolls_the_form_to_the_rows_behind_the_keypad(chromium, serve, tmp_path):
    """Kop at 1024x768 landscape: the keypad covers the form's last rows ("bitki starych"); a finger's swipe up
    over the form scrolls it there (the page turns the swipe into the wheel the terminal reads), and a tap
    afterwards is still a tap."""
    db = tmp_path / "club.db"
    new_game(db, "kop-wolsztyn", ["Ala", "Bartek", "Celina", "Darek"])
    server = serve(db)
    ctx = chromium.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    ctx.add_init_script(CAPTURE)
    page = ctx.new_page()
    try:
        page.goto(server.url + "/?table=1")
        wait_for(page, "Rozdanie 1")
        top = until(page, lambda r: any("starzy" in x for x in r), "the form")
        first = next(i for i, r in enumerate(top) if "starzy" in r and "oczka" not in r)
        cdp = ctx.new_cdp_session(page)
        x, y0 = 500, 700
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y0}]})
        for step in range(1, 16):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y0 - 20 * step}]})
            time.sleep(0.02)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        rows = until(page, lambda r: not any("starzy" in x for x in r[first:first + 1]), "the form scrolled up")
        page.screenshot(path=str(tmp_path / "swiped.png"))
        assert any("bitki starych" in r for r in rows)
    finally:
        ctx.close()
