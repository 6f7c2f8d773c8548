"""A pad: a row of cells to tap, for a finger on a tablet and for a mouse or keyboard in a terminal.

One widget draws all its cells (wrapping onto more rows when narrow), so a pad is a single stop for Tab.
`tall` cells take three terminal rows and are drawn two and a half rows high (half a row apart): through
`zapis serve` at the browser's default font a row is 21 CSS px, so a cell is about 52 px, a target a finger
hits (the tablet's key bar draws its keys so too: `wrapped`, `tall_part`). The keyboard picks a cell by typing
its beginning ("4", "s", "=", "+1"): when only one cell fits, it is picked and the form moves on; an empty entry
("—") is never picked by typing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from zapis.lang.text import plain

#: how long typed letters stay one word ("+", then "1") before a new word begins
TYPE_AHEAD_SECONDS = 1.2


def wrapped(widths: Iterable[int], room: int) -> list[tuple[int, int, int]]:
    """(row, x, width) of cells of these widths laid left to right one column apart, onto a new row where the next
    one would run past `room` columns (none wider than the room)."""
    out, row, x = [], 0, 0
    for w in widths:
        w = min(w, max(room, 1))
        if x and x + w > room:
            row, x = row + 1, 0
        out.append((row, x, w))
        x += w + 1
    return out


def tall_part(part: int, words: str, width: int, style: Style, base: Style) -> Segment:
    """Row `part` (0-2) of a tall cell `width` columns wide: the lower half of its first row (so cells stand half a
    row apart), its words in the middle, a blank row of its colour under them: 2.5 rows of colour."""
    if part == 0:
        return Segment("▄" * width, base + Style(color=style.bgcolor))
    if part == 2:
        return Segment(" " * width, style)
    return Segment(words.center(width), style)


@dataclass(frozen=True)
class Cell:
    value: Any
    label: str
    words: tuple[str, ...] = ()  # more ways of typing it (English and Polish notation, the raw value)

    @property
    def empty(self) -> bool:
        return self.value is None or self.value == ""


class Pad(Widget, can_focus=True):
    """Cells in a row. `multi`: each tap toggles a cell (players of a side, melds); `momentary`: a tap is
    only a press (the keypad, quick values), nothing stays chosen. Otherwise one cell is the value."""

    COMPONENT_CLASSES = {"pad--cell", "pad--on", "pad--hover"}
    DEFAULT_CSS = """
    Pad { height: auto; width: 1fr; }
    Pad > .pad--cell { background: $panel-lighten-2; color: $text; }
    Pad > .pad--on { background: $accent; color: $text; text-style: bold; }
    Pad > .pad--hover { background: $primary-darken-1; color: $text; }
    Pad:focus > .pad--cell { background: $panel-lighten-3; }
    """

    tall = reactive(False, layout=True)

    class Changed(Message):
        """A tap or typed word changed the value; `complete`: nothing more to choose here, move on."""

        def __init__(self, pad: Pad, complete: bool, read: bool = False) -> None:
            super().__init__()
            self.pad = pad
            self.complete = complete
            self.read = read  # the pad's form has read it already (as it was picked: Pad.changed)

        @property
        def control(self) -> Pad:
            return self.pad

    class Pressed(Message):
        """A momentary pad's cell was tapped."""

        def __init__(self, pad: Pad, value: Any) -> None:
            super().__init__()
            self.pad = pad
            self.value = value

        @property
        def control(self) -> Pad:
            return self.pad

    class Submitted(Message):
        """Enter on a pad: the form is to be saved."""

    class Refused(Message):
        """A typed key that names no cell (nor begins one with the keys before it): refused here, never carried
        on; `word` is what was typed."""

        def __init__(self, pad: Pad, word: str) -> None:
            super().__init__()
            self.pad, self.word = pad, word

        @property
        def control(self) -> Pad:
            return self.pad

    def __init__(self, cells: Iterable[Cell], *, multi: bool = False, momentary: bool = False,
                 allow_none: bool = True, limit: int | None = None, tall: bool = False, min_width: int | None = None,
                 stretch: bool = False, focusable: bool = True, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cells: list[Cell] = list(cells)
        self.multi, self.momentary, self.allow_none, self.limit = multi, momentary, allow_none, limit
        self.can_focus = focusable
        self.min_width = min_width  # a cell's least width (tall: 6 columns, about 54 CSS px)
        self.stretch = stretch  # the cells share the pad's width, in rows of even length (the keypad)
        self.chosen: list[int] = []  # indexes of the chosen cells
        self.cursor = 0
        self.hover: int | None = None
        self.counted_from: int | None = None  # what its labels count from (a bridge result: the tricks needed)
        self.keyed = False  # the arrow keys moved the cursor: show it (a finger needs no cursor)
        self._typed, self._typed_at = "", 0.0
        self._refused, self._refused_at = "", 0.0  # a word refused: what follows it at once is refused too
        self._boxes: list[tuple[int, int, int, int]] = []  # per cell: row, x, width (layout of the last width)
        self._layout_width = -1
        self.set_reactive(Pad.tall, tall)

    # --- value ---------------------------------------------------------------------------------
    @property
    def value(self) -> Any:
        if self.multi:
            return [self.cells[i].value for i in sorted(self.chosen)]
        return self.cells[self.chosen[0]].value if self.chosen else None

    @value.setter
    def value(self, v: Any) -> None:
        """Set by the program (a recorded hand, a default): no Changed message."""
        if self.multi:
            want = list(v or [])
            self.chosen = [i for i, c in enumerate(self.cells) if c.value in want]
        else:
            self.chosen = [i for i, c in enumerate(self.cells) if c.value == v and v is not None][:1]
        if self.chosen:
            self.cursor = self.chosen[0]
        self.refresh()

    def set_cells(self, cells: Iterable[Cell]) -> None:
        """New cells (the result row follows the contract); the value is kept where it is still a cell."""
        v = self.value
        self.cells = list(cells)
        self._layout_width = -1
        self.value = v
        self.cursor = min(self.cursor, max(len(self.cells) - 1, 0))
        self.refresh(layout=True)

    def index_of(self, value: Any) -> int:
        return next(i for i, c in enumerate(self.cells) if c.value == value)

    # --- layout --------------------------------------------------------------------------------
    @property
    def row_height(self) -> int:
        return 3 if self.tall else 1

    def _width(self, cell: Cell) -> int:
        return max(len(cell.label) + 2, self.min_width or (6 if self.tall else 3))

    def _layout(self, width: int) -> list[tuple[int, int, int]]:
        """(row, x, width) of each cell when the pad is `width` columns wide."""
        if width == self._layout_width:
            return self._boxes
        if self.stretch and self.cells:
            out = self._stretched(width)
        else:
            out = wrapped((self._width(cell) for cell in self.cells), width)
        self._boxes, self._layout_width = out, width
        return out

    def _stretched(self, width: int) -> list[tuple[int, int, int]]:
        """As many rows as the widest cell needs, the cells shared out evenly between them, each row's cells as
        wide as the pad lets them be (one column apart)."""
        least = max(self._width(c) for c in self.cells)
        fit = max(1, min(len(self.cells), (width + 1) // (least + 1)))
        rows = -(-len(self.cells) // fit)
        per_row = -(-len(self.cells) // rows)
        w = max(1, (width - (per_row - 1)) // per_row)
        return [(i // per_row, (i % per_row) * (w + 1), w) for i in range(len(self.cells))]

    def watch_tall(self) -> None:
        self._layout_width = -1

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return sum(self._width(c) + 1 for c in self.cells)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        boxes = self._layout(width)
        return ((boxes[-1][0] + 1) if boxes else 1) * self.row_height

    def cell_at(self, x: int, y: int) -> int | None:
        for i, (row, x0, w) in enumerate(self._layout(self.content_size.width)):
            if row * self.row_height <= y < (row + 1) * self.row_height and x0 <= x < x0 + w:
                return i
        return None

    def cell_offset(self, value: Any) -> tuple[int, int]:
        """Where the cell holding `value` is, from the pad's top left (a test taps there)."""
        row, x, w = self._layout(self.content_size.width)[self.index_of(value)]
        return x + w // 2, row * self.row_height + self.row_height // 2

    def _style(self, i: int) -> Style:
        style = self.get_component_rich_style("pad--cell")
        if i in self.chosen:
            style += self.get_component_rich_style("pad--on")
        elif i == self.hover:
            style += self.get_component_rich_style("pad--hover")
        if self._shows_cursor(i):
            style += Style(bold=True, underline=True, reverse=i not in self.chosen)
        return style

    def _shows_cursor(self, i: int) -> bool:
        """The cell Space would pick, while the pad has the cursor: always in a terminal (which meld row has the
        cursor shows without colour), on a tablet once arrows moved it (a finger needs no cursor)."""
        return self.has_focus and (self.keyed or not self.tall) and i == self.cursor and not self.momentary

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        boxes = self._layout(width)
        row, part = divmod(y, self.row_height)
        base = self.rich_style
        segments: list[Segment] = []
        x = 0
        for i, (r, x0, w) in enumerate(boxes):
            if r != row:
                continue
            if x0 > x:
                segments.append(Segment(" " * (x0 - x), base))
            style = self._style(i)
            if self.tall and part != 1:  # a cell 2.5 rows high, half a row apart
                segments.append(tall_part(part, "", w, style, base))
            else:
                text = plain(self.cells[i].label)
                text = text if len(text) <= w - 2 else text[:max(w - 3, 0)] + "…"
                if i in self.chosen and not self.momentary:  # chosen is seen without colour too
                    text = "✓" + text
                    if len(text) > w:  # never over the next cell: the mark takes the label's last letter
                        text = text[:max(w - 1, 1)] + "…"
                if self._shows_cursor(i):  # so is the cursor (of the arrows, a word begun): [Marta], or ▸✓tak
                    text = f"[{text}]" if len(text) + 2 <= w else "▸" + (
                        text if len(text) + 1 <= w else text[:max(w - 2, 0)] + "…")
                segments.append(Segment(text.center(w), style))
            x = x0 + w
        if x < width:
            segments.append(Segment(" " * (width - x), base))
        return Strip(segments, width)

    # --- picking -------------------------------------------------------------------------------
    def pick(self, i: int, typed: bool = False) -> None:
        """What a tap on cell `i` does."""
        self.cursor = i
        if self.momentary:
            self.post_message(self.Pressed(self, self.cells[i].value))
            self.refresh()
            return
        if self.multi:
            if i in self.chosen:
                self.chosen.remove(i)
            elif self.limit is None or len(self.chosen) < self.limit:
                self.chosen.append(i)
            complete = self.limit is not None and len(self.chosen) >= self.limit
        elif i in self.chosen and self.allow_none and not typed:  # a second tap takes an optional value back
            self.chosen, complete = [], False
        else:
            self.chosen, complete = [i], True
        self.refresh()
        self.changed(complete)

    def changed(self, complete: bool) -> None:
        """The value changed: a form reads it at once (a complete pick moves the cursor on before the next key of
        a burst is handled, so that key goes on to where the cursor is); the message still goes to others."""
        form = next((a for a in self.ancestors if hasattr(a, "pad_changed")), None)
        if form is not None:
            form.pad_changed(self, complete)
        self.post_message(self.Changed(self, complete, read=form is not None))

    def clear_value(self) -> None:
        if self.chosen:
            self.chosen = []
            self.refresh()
            self.changed(False)

    async def _on_click(self, event: events.Click) -> None:
        i = self.cell_at(event.x, event.y)
        if i is not None:
            event.stop()
            self.pick(i)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        i = self.cell_at(event.x, event.y)
        if i != self.hover:
            self.hover = i
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self.hover is not None:
            self.hover = None
            self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self._typed = ""
        self.keyed = False
        self.refresh()

    # --- keyboard ------------------------------------------------------------------------------
    def _matches(self, word: str) -> tuple[list[int], list[int]]:
        """Cells a typed word may begin, and those it names exactly (empty entries never)."""
        starts, exact = [], []
        for i, c in enumerate(self.cells):
            if c.empty:
                continue
            names = {c.label.lower(), *c.label.lower().split(), str(c.value).lower(), *(w.lower() for w in c.words)}
            if any(n.startswith(word) for n in names):
                starts.append(i)
                if word in names:
                    exact.append(i)
        return starts, exact

    def type_ahead(self, ch: str) -> bool:
        """Pick by typing: True when the key was taken. A key that breaks the word begun (1 then 5 where 15 is no
        cell) is not taken: it never starts another word that would pick something else (5)."""
        now = time.monotonic()
        word = (self._typed if now - self._typed_at < TYPE_AHEAD_SECONDS else "") + ch.lower()
        starts, exact = self._matches(word)
        if not starts:
            self._refused = word
            return False
        self._typed, self._typed_at = word, now
        if len(starts) == 1:
            self._typed = ""
            i = starts[0]
            if not self.multi and i in self.chosen:  # typed again: already chosen, move on
                self.changed(True)
            else:
                self.pick(i, typed=True)
        elif exact and not self.multi and not self.momentary:  # "1" while 10-13 may follow: chosen, not done
            self.cursor = exact[0]
            self.chosen = [exact[0]]
            self.refresh()
            self.changed(False)
        else:  # a word begun ("k" of karo and kier): the cursor on its first cell, shown, until the word is whole
            self.cursor = starts[0]
            self.keyed = True
            self.refresh()
        return True

    def on_key(self, event: events.Key) -> None:
        key = event.key
        form = next((a for a in self.ancestors if hasattr(a, "tab_after_move")), None)
        if form is not None and hasattr(form, "keep") and form.keep(event):  # after an Enter not yet read: held
            return
        if form is not None and hasattr(form, "goes_on") and form.goes_on(self, event):  # queued before a move
            return
        if key == "enter" and form is not None and hasattr(form, "hold") and self.has_focus:
            form.hold()
        if form is not None and (form.tab_after_move(self, key) or hasattr(form, "tab") and form.tab(self, key)):
            event.stop()  # (a Tab right after the cursor moved on by itself confirms that move; any other moves now)
            event.prevent_default()
            return
        if not event.is_printable or key == "space":  # a refused word ends at a key that is not a letter of it
            self._refused = ""
        if key in ("left", "right") and self.cells:
            self.cursor = (self.cursor + (1 if key == "right" else -1)) % len(self.cells)
            self.keyed = True
            self.refresh()
        elif key == "space" and self._continues(" "):  # "4 pik x": the space is still the contract's
            pass
        elif key == "space" and self.cells:
            self.pick(self.cursor)
        elif key in ("backspace", "delete"):
            self._typed = ""
            self.clear_value()
        elif key == "enter" and self.keyed and not (self.multi or self.momentary) and self.cells \
                and self.cursor not in self.chosen:  # the arrows went to [♦ karo]: Enter takes it, as Space does
            self.pick(self.cursor)
        elif key == "enter":
            self.post_message(self.Submitted())
        elif event.character and event.is_printable:
            if not self._type(event):
                return
        else:
            return
        event.stop()
        event.prevent_default()


    def _type(self, event: events.Key) -> bool:
        """A printable key: picked by, a continuation of the value before (a form's), or refused here (the bell and
        a word why). False: not this pad's key at all (a key of the screen's, such as h for the history)."""
        ch = event.character
        now = time.monotonic()
        if self._refused and now - self._refused_at < TYPE_AHEAD_SECONDS:  # "+1" where "+" was refused: all of it
            self._refused += ch.lower()
            self._refused_at = now
            self.app.bell()
            self.post_message(self.Refused(self, self._refused))
            return True
        self._refused = ""
        if self.type_ahead(ch):
            return True
        if self._continues(ch):
            self._refused = ""
            return True
        live = self._typed and now - self._typed_at < TYPE_AHEAD_SECONDS
        if not live and self.screen is not None and _bound(self.screen, event.key, ch):
            self._refused = ""
            return False
        self._refused_at = now
        self._typed = ""
        self.app.bell()
        self.post_message(self.Refused(self, self._refused))
        return True


    def _continues(self, ch: str) -> bool:
        """Is `ch` still the value the cursor just left by itself (its form says: 3n then t, 4s then x)?"""
        form = next((a for a in self.ancestors if hasattr(a, "continue_previous")), None)
        return form is not None and form.continue_previous(self, ch)


def _bound(node, key: str, character: str) -> bool:
    """Is `key` one of the screen's own keys that a field leaves to it: one its key bar names (b, big digits) or
    a sign (? for help)? A letter the bar does not show (e for a correction, h for the history) is refused in the
    field instead: typed where a value was meant, it would quietly open another hand or screen."""
    return any((b.key == key or key in b.key.split(",")) and (b.show or not character.isalnum())
               for b in getattr(node, "BINDINGS", ()) if hasattr(b, "key"))


def cells(values: Sequence[Any], labels: Sequence[str] | None = None) -> list[Cell]:
    return [Cell(v, labels[i] if labels else str(v)) for i, v in enumerate(values)]
