"""Every target a finger taps on a tablet is at least 48 CSS px tall and wide (issue 36), measured in Chromium at
the browser's default font on both tablet sizes, 1024x768 and 800x1280, through `zapis serve`.

What is measured is what the browser draws (drawn_box: the block of the word's colour, half-blocks counted as half
a row), for every kind of target a table's tablet and the director's tablet show: the choice cells of the pads,
the keypad's keys, number boxes, Zapisz and Cofnij, the key bar's keys, the question's buttons, the rows of the
table's games, the evening bar, the list of evenings and the new game's list of rules, its boxes and buttons."""

from __future__ import annotations

import pytest

from tests.browser.conftest import CAPTURE
from tests.browser.terminal import cell_box, drawn_box, find, keypad_top, lines, tap, wait_for
from tests.ui.conftest import new_game
from zapis.club import pairs_session as ps
from zapis.store import Store
from zapis.ui.widgets.form_keypad import KEYPAD

#: the least a finger needs (Apple's and Google's guides ask 44-48 px)
LEAST = 48
SIZES = {"1024x768": (1024, 768), "800x1280": (800, 1280)}
P4 = ["Ala", "Bartek", "Celina", "Darek"]


def tablet(chromium, server, size, path):
    width, height = SIZES[size]
    ctx = chromium.new_context(viewport={"width": width, "height": height}, has_touch=True)
    ctx.add_init_script(CAPTURE)
    page = ctx.new_page()
    page.goto(server.url + path)
    return ctx, page


@pytest.mark.parametrize("size", SIZES)
def test_every_target_on_a_tablet_is_a_fingers_size(chromium, serve, tmp_path, size):
    db = tmp_path / "club.db"
    new_game(db, "bridge-rubber", P4, [{"contract": "3NT", "declarer": "N", "tricks": 9}])
    new_game(db, "tysiac", ["Leon", "Marta", "Nina"])  # table 2
    server = serve(db)
    measured: list[tuple[str, float, float]] = []

    def measure(what: str, word: str, after: str | None = None) -> None:
        w, h = drawn_box(page, word, after)
        measured.append((f"{what} {word!r}", w, h))

    def pitch(what: str, first: str, second: str, after: str) -> None:
        """A list's rows without the highlight are as tall as the distance from one row's words to the next's."""
        rows = lines(page)
        (y1, _), (y2, _) = find(rows, first, after), find(rows, second, after)
        measured.append((f"{what} {first!r} to {second!r}", drawn_box(page, first, after)[0],
                         (y2 - y1) * cell_box(page)[3]))

    def shot(name: str) -> None:
        page.screenshot(path=str(tmp_path / f"{size}-{name}.png"))

    # table 1: rubber bridge's pads, the buttons, the key bar, the question Cofnij asks, the table's games
    ctx, page = tablet(chromium, server, size, "/?table=1")
    wait_for(page, "Rozdanie 2")
    for word, under in [("1", "kontrakt"), ("7", "kontrakt"), ("pas", "kontrakt"), ("♣", "kontrakt"),
                        ("BA", "kontrakt"), ("N Ala", "rozgrywający"), ("W Darek", "rozgrywający"),
                        ("XX", "kontra"), ("0", "wynik"), ("7", "wynik")]:
        measure("cell", word, under)
    tap(page, "4", after="kontrakt")
    tap(page, "♠", after="kontrakt")
    for word in ("-1", "=", "+1"):  # the result cells once the contract is known
        measure("cell", word, "wynik")
    for word in ("Zapisz", "Cofnij"):
        measure("button", word, "Rozdanie 2")
    for word in ("Popraw", "Historia", "Duże cyfry", "Wykres", "Wróć"):
        measure("key bar", word, "Rozdanie 2")
    assert not any("^s" in r or "^z" in r or "esc " in r for r in lines(page)), "a key a tablet has not"
    shot("rubber")
    tap(page, "Cofnij", after="Rozdanie 2")
    wait_for(page, "Cofnąć rozdanie 1?")
    for word in ("Tak", "Nie"):
        measure("question", word, "Cofnąć")
    shot("question")
    tap(page, "Nie", after="Cofnąć")
    tap(page, "Wróć", after="Rozdanie 2")
    wait_for(page, "Porzucić je?")  # 4♠ was tapped and not saved: Wróć asks first
    tap(page, "Tak", after="Porzucić")
    wait_for(page, "Gry przy stole 1")
    measure("game row", "#1", "Gry przy stole 1")
    for word in ("Nowa gra", "Wyniki", "Pomoc"):
        measure("key bar", word, "#1")
    shot("games")
    ctx.close()

    # table 2: tysiąc's keypad and number boxes
    ctx, page = tablet(chromium, server, size, "/?table=2")
    wait_for(page, "Rozdanie 1")
    measure("cell", "Leon", "grający")
    measure("cell", "110", "gra")
    if size == "800x1280":  # (landscape: the melds are further down the form, a scroll away)
        measure("cell", "♠ pik", "meldunki")
    measure("box", "100-40", "gra")
    top = keypad_top(lines(page))
    for key in KEYPAD:  # (in portrait the keypad takes two rows)
        measure("keypad", key, top)
    shot("tysiac")
    ctx.close()

    # the director's tablet: the evening bar, the list of evenings, the new game's rules, boxes and buttons
    ctx, page = tablet(chromium, server, size, "/")
    wait_for(page, "Stoły i gry")
    # the bar names the evening (its date first) and ends in the mark that opens the list
    label = next(r for r in lines(page) if "▼" in r).replace("▊", " ").replace("▎", " ").split()[0]
    measure("evening bar", label)
    pitch("game row", "#1", "#2", "Stoły i gry")
    tap(page, label)
    wait_for(page, "Który wieczór?")
    measure("evening row", label, "Który wieczór?")
    measure("button", "Anuluj", "Który wieczór?")
    shot("evenings")
    tap(page, "Anuluj", after="Który wieczór?")
    tap(page, "Nowa gra", after="Stoły i gry")
    wait_for(page, "Gracze w kolejności")
    shot("new-game")
    measure("rules row", "3-5-8", "Nowa gra")  # the highlighted row: the others are as tall (below)
    pitch("rules row", "3-5-8", "6-sty-bierze", "Nowa gra")
    for box in ("1", "2"):
        measure("box", box, "Gracze w kolejności")
    for word in ("Zapisz", "Anuluj"):
        measure("button", word, "Gracze w kolejności")
    shot("new-game")
    ctx.close()

    report = "\n".join(f"{what}: {w:.0f} x {h:.1f} px" for what, w, h in measured)
    (tmp_path / "targets.txt").write_text(report)
    small = [m for m in measured if m[1] < LEAST or m[2] < LEAST]
    assert not small, f"targets under {LEAST} px at {size}:\n" + "\n".join(f"{a}: {w:.0f} x {h:.1f}"
                                                                          for a, w, h in small)


@pytest.mark.parametrize("size", SIZES)
def test_a_pairs_sessions_table_is_tapped_with_targets_a_fingers_size(chromium, serve, tmp_path, size):
    """A pairs session's table (a Howell of six pairs): the round's boards, the contract's pads, the keys, E-W's
    accept and change, the next board."""
    db = tmp_path / "club.db"
    with Store(db) as store:
        eid = store.new_evening("2026-11-20", "Klub", "Czwartek")
        gid = ps.new_session(store, eid, [["Ala", "Bartek"], ["Celina", "Darek"], ["Ewa", "Franek"],
                                          ["Gosia", "Henryk"], ["Iza", "Janek"], ["Kasia", "Leon"]],
                             movement="howell")
        seating = ps.load(store, gid).movement.at(1, 2)
    server = serve(db)
    ctx, page = tablet(chromium, server, size, "/?table=2")
    measured: list[tuple[str, float, float]] = []

    def measure(what: str, word: str, after: str | None = None) -> None:
        w, h = drawn_box(page, word, after)
        measured.append((f"{what} {word!r}", w, h))

    wait_for(page, "Turniej par · stół 2 · runda 1")
    for board in seating.boards:
        measure("board", str(board), "runda 1")
    for word, under in (("1", "kontrakt"), ("BA", "kontrakt"), ("N", "rozgrywający"), ("XX", "kontra")):
        measure("cell", word, under)
    for word, under in (("4", "kontrakt"), ("♠", "kontrakt"), ("N", "rozgrywający"), ("=", "wynik")):
        tap(page, word, after=under)
    measure("button", "Dalej: akceptacja E-W")
    page.screenshot(path=str(tmp_path / f"{size}-pairs-entry.png"))
    tap(page, "Dalej: akceptacja E-W")
    wait_for(page, "E-W: czy wynik się zgadza?")
    measure("button", "E-W akceptuje", "E-W: czy")
    measure("button", "Popraw", "E-W: czy")
    tap(page, "E-W akceptuje")
    wait_for(page, "Następne rozdanie")
    measure("button", "Następne rozdanie")
    page.screenshot(path=str(tmp_path / f"{size}-pairs-after.png"))
    ctx.close()
    (tmp_path / "targets.txt").write_text("\n".join(f"{a}: {w:.0f} x {h:.1f} px" for a, w, h in measured))
    small = [m for m in measured if m[1] < LEAST or m[2] < LEAST]
    assert not small, f"targets under {LEAST} px at {size}: {small}"
