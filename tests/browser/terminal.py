"""What a tablet's browser shows, read as a person reads it, and taps where a word is.

xterm.js draws on a canvas, so the page's text is rebuilt by a terminal emulator (pyte) from the bytes the
websocket brought (captured by conftest.CAPTURE); the word's cell becomes a point on the page to tap."""

from __future__ import annotations

import re
import time

import pyte


_screens: dict[int, tuple[pyte.Screen, pyte.Stream]] = {}


def lines(page) -> list[str]:
    """The terminal's screen now, one string a row (fed with what arrived since the last look)."""
    size = page.evaluate("window.__size")
    if size is None:  # the page has not yet told the app its size: nothing drawn yet
        return []
    screen, stream = _screens.get(id(page), (None, None))
    if screen is None:
        screen = pyte.Screen(size["width"], size["height"])
        stream = pyte.Stream(screen)
        _screens[id(page)] = screen, stream
    elif (screen.columns, screen.lines) != (size["width"], size["height"]):
        screen.resize(size["height"], size["width"])
    for chunk in page.evaluate("window.__raw.splice(0)"):
        stream.feed(chunk)
    return list(screen.display)


def find(rows: list[str], word: str, after: str | None = None) -> tuple[int, int] | None:
    """(row, column of the word's middle): the word standing alone, in the first row from the one where `after`
    is (a field's label) downwards."""
    start = 0
    if after is not None:
        start = next((i for i, r in enumerate(rows) if after in r), None)
        if start is None:
            return None
    pattern = re.compile(r"(?<![^\s✓])" + re.escape(word) + r"(?!\S)")  # a chosen cell's word has a tick
    for i in range(start, len(rows)):
        m = pattern.search(rows[i])
        if m:
            return i, (m.start() + m.end() - 1) // 2
    return None


def cell_box(page) -> tuple[float, float, float, float]:
    """The terminal's left, top and one cell's width and height in CSS px."""
    size = page.evaluate("window.__size")
    box = page.locator(".xterm-screen").bounding_box()
    return box["x"], box["y"], box["width"] / size["width"], box["height"] / size["height"]


def still_lines(page) -> list[str]:
    """The screen once it stands still (no scroll or repaint under way)."""
    while True:
        rows = lines(page)
        time.sleep(0.25)  # (0.1 s was too short on a loaded machine: a scroll's next frame came later)
        if rows == lines(page):
            return rows


def tap(page, word: str, after: str | None = None, limit: float = 30.0) -> tuple[float, float]:
    """Tap the word on the screen (as a finger: a touch, not a mouse); returns where it tapped."""
    deadline = time.monotonic() + limit
    while True:
        rows = still_lines(page)
        hit = find(rows, word, after)
        if hit is not None:
            break
        assert time.monotonic() < deadline, f"{word!r} not on the screen" + (f" below {after!r}" if after else "")
        time.sleep(0.05)
    x0, y0, w, h = cell_box(page)
    x, y = x0 + (hit[1] + 0.5) * w, y0 + (hit[0] + 0.5) * h
    page.touchscreen.tap(x, y)
    time.sleep(0.15)
    return x, y


def keypad_top(rows: list[str]) -> str | None:
    """The first row of the in-app keypad (its keys may take two rows on a narrow screen): a row of keys only."""
    from zapis.ui.widgets.form_keypad import KEYPAD
    for r in rows:
        words = r.split()
        if len(words) >= 3 and set(words) <= set(KEYPAD) and any(k in words for k in ("1", "8")):
            return r
    return None


def tap_key(page, key: str) -> tuple[float, float]:
    """Tap a key of the in-app keypad (not a number elsewhere on the screen)."""
    return tap(page, key, after=keypad_top(still_lines(page)) or "⌫")


def wait_for(page, text: str, limit: float = 30.0) -> None:
    """Until the screen shows `text`."""
    deadline = time.monotonic() + limit
    while not any(text in r for r in lines(page)):
        assert time.monotonic() < deadline, f"{text!r} never on the screen"
        time.sleep(0.05)


def drawn_box(page, word: str, after: str | None = None) -> tuple[float, float]:
    """The width and height in CSS px of what is drawn under the word as one coloured block, as an eye sees it:
    the cells of the word's background colour around it, across its row and up and down its column, where a
    half-block (▄ above, ▀ below) in that colour adds half a row. What a finger aims at, measured off the screen
    the browser draws (the terminal's bytes), not off the app's own idea of its widgets."""
    deadline = time.monotonic() + 30
    while (hit := find(still_lines(page), word, after)) is None and time.monotonic() < deadline:
        time.sleep(0.1)  # (a list fills in after its dialog is drawn)
    assert hit is not None, f"{word!r} not on the screen" + (f" below {after!r}" if after else "")
    screen = _screens[id(page)][0]
    y, x = hit
    buf = screen.buffer
    colour = buf[y][x].bg
    assert colour != "default", f"{word!r} is drawn on the terminal's own background: no target"
    left = right = x
    while left > 0 and buf[y][left - 1].bg == colour:
        left -= 1
    while right < screen.columns - 1 and buf[y][right + 1].bg == colour:
        right += 1
    height = 1.0
    for step, half in ((-1, "▄"), (1, "▀")):
        row = y + step
        while 0 <= row < screen.lines:
            ch = buf[row][x]
            if ch.data == half and ch.fg == colour and ch.bg != colour:
                height += 0.5
                break
            if ch.bg != colour or ch.data in "▄▀":
                break
            height += 1
            row += step
    _, _, w, h = cell_box(page)
    return (right - left + 1) * w, height * h
