"""The keys of a screen, on its bottom line: one widget that draws them all.

Textual's Footer is a container of one widget per key, composed again whenever the screen's bindings change
(every move of the focus: each save on the game screen moves it twice), each key styled and laid out on its own;
at start-up it is the costliest widget of the first frame. This bar costs what it shows: one line of text, drawn
again only when the keys it shows change. It looks as the compact Footer does (the key in bold, its words after
it, a space between keys); a click or a tap on a key presses it, a key that cannot be used now is dim and rings
the bell instead.

On a tablet (the app's `touch`) the bar is a row of keys a finger hits: each key is its words alone (a tablet
has no Ctrl or Esc to name), drawn as a pad's cells are, two and a half rows high and at least six columns
wide (about 52 by 54 CSS px at the browser's default font), wrapping onto another row when the screen is narrow.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.widget import Widget

from zapis.ui.widgets.pad import tall_part, wrapped


class Key(NamedTuple):
    key: str  # what a press sends (the binding's first key)
    display: str  # how the key is written ("n", "^z", "Esc")
    description: str
    enabled: bool
    start: int  # the cells it takes on the line: [start, end)
    end: int


class KeyBar(Widget, can_focus=False):
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"keybar--key", "keybar--description", "keybar--hover", "keybar--cell"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: clip;
        & > .keybar--key { color: $footer-key-foreground; background: $footer-key-background; text-style: bold; }
        & > .keybar--description {
            color: $footer-description-foreground; background: $footer-description-background;
        }
        & > .keybar--hover { background: $block-hover-background; }
        & > .keybar--cell { background: $panel-lighten-2; color: $text; }
        &.-touch { height: auto; background: $background; }
    }
    """
    #: a tall key's rows and its least width (as a Pad's tall cells)
    ROWS, LEAST = 3, 6

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.keys: list[Key] = []
        self._hover: int | None = None
        self._boxes: list[tuple[int, int, int]] = []  # touch: per key, its row, first column and width
        self._boxes_for: tuple = ()

    @property
    def touch(self) -> bool:
        return bool(getattr(self.app, "touch", False))

    def on_mount(self) -> None:
        self.set_class(self.touch, "-touch")
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen) -> None:
        """The keys the screen has now (its own and its focused widget's, as the Footer lists them); drawn
        again only when what is shown differs."""
        if screen is not self.screen or not self.is_attached:
            return
        keys, x, seen = [], 0, set()
        # a tablet's bar leaves out what the screen shows as buttons of their own (Zapisz, Cofnij)
        buttons = getattr(screen, "BUTTONS", frozenset()) if self.touch else frozenset()
        for _node, binding, enabled, _tooltip in screen.active_bindings.values():
            if not binding.show or binding.action in seen or binding.action in buttons:  # one entry per action
                continue
            seen.add(binding.action)
            display = self.app.get_key_display(binding)
            end = x + len(display) + (1 + len(binding.description) if binding.description else 0)
            keys.append(Key(binding.key, display, binding.description, enabled, x, end))
            x = end + 1
        if keys != self.keys:
            self.keys = keys
            self._hover = None
            self.refresh(layout=self.touch)  # a tablet's bar may wrap onto another row

    def render(self) -> Text:
        if self.touch:
            return self._render_tall()
        key_style = self.get_component_rich_style("keybar--key")
        description_style = self.get_component_rich_style("keybar--description")
        hover_style = self.get_component_rich_style("keybar--hover")
        text = Text(no_wrap=True, end="")
        for i, key in enumerate(self.keys):
            start = len(text)
            text.append(key.display, key_style)
            if key.description:
                text.append(" " + key.description, description_style)
            if not key.enabled:
                text.stylize("dim", start)
            if i == self._hover:
                text.stylize(hover_style, start)
            text.append(" ")
        return text

    # --- a tablet's tall keys ------------------------------------------------------------------
    @staticmethod
    def _words(key: Key) -> str:
        return key.description or key.display

    def _tall_layout(self, width: int) -> list[tuple[int, int, int]]:
        """(row, x, width) of each key on a bar `width` columns wide."""
        if self._boxes_for != (width, tuple(self.keys)):
            self._boxes = wrapped((max(len(self._words(key)) + 2, self.LEAST) for key in self.keys), width)
            self._boxes_for = (width, tuple(self.keys))
        return self._boxes

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self.touch:
            return 1
        boxes = self._tall_layout(width)
        return ((boxes[-1][0] + 1) if boxes else 0) * self.ROWS  # no keys (a pairs table's screen): no bar

    def _render_tall(self) -> Text:
        width = self.content_size.width
        boxes = self._tall_layout(width)
        cell = self.get_component_rich_style("keybar--cell")
        hover = self.get_component_rich_style("keybar--hover")
        rows = (boxes[-1][0] + 1) if boxes else 1
        text = Text(no_wrap=True, end="")
        for row in range(rows):
            for part in range(self.ROWS):
                x = 0
                for i, ((r, x0, w), key) in enumerate(zip(boxes, self.keys)):
                    if r != row:
                        continue
                    text.append(" " * (x0 - x))
                    style = cell + (hover if i == self._hover else Style())
                    if not key.enabled:
                        style += Style(dim=True)
                    words = self._words(key)
                    words = words if len(words) <= w - 2 else words[:max(w - 3, 0)] + "…"
                    segment = tall_part(part, words, w, style, Style())
                    text.append(segment.text, segment.style)
                    x = x0 + w
                if row < rows - 1 or part < self.ROWS - 1:
                    text.append("\n")
        return text

    def key_at(self, x: int, y: int = 0) -> Key | None:
        """The key drawn at column x (and row y) of the bar, if any."""
        if self.touch:
            for (row, x0, w), key in zip(self._tall_layout(self.content_size.width), self.keys):
                if row * self.ROWS <= y < (row + 1) * self.ROWS and x0 <= x < x0 + w:
                    return key
            return None
        return next((k for k in self.keys if k.start <= x < k.end), None)

    def offset_of(self, key: str) -> tuple[int, int]:
        """Where the key is drawn (for a click): the middle of its cells."""
        if self.touch:
            i = next(i for i, k in enumerate(self.keys) if k.key == key)
            row, x0, w = self._tall_layout(self.content_size.width)[i]
            return x0 + w // 2, row * self.ROWS + 1
        k = next(k for k in self.keys if k.key == key)
        return ((k.start + k.end) // 2, 0)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self.key_at(event.x, event.y)
        if key is None:
            return
        event.stop()
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        key = self.key_at(event.x, event.y)
        hover = self.keys.index(key) if key is not None else None
        if hover != self._hover:
            self._hover = hover
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()
