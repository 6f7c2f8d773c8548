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


def tap(page, word: str, after: str | None = None, limit: float = 30.0) -> tuple[float, float]:
    """Tap the word on the screen (as a finger: a touch, not a mouse); returns where it tapped."""
    deadline = time.monotonic() + limit
    while True:
        rows = lines(page)
        time.sleep(0.25)  # (0.1 s was too short on a loaded machine: a scroll's next frame came later)
        if rows != lines(page):  # still moving (a scroll, a repaint): look again once it is still
            continue
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


def wait_for(page, text: str, limit: float = 30.0) -> None:
    """Until the screen shows `text`."""
    deadline = time.monotonic() + limit
    while not any(text in r for r in lines(page)):
        assert time.monotonic() < deadline, f"{text!r} never on the screen"
        time.sleep(0.05)
