"""The keys of a screen, on its bottom line: one widget that draws them all.

Textual's Footer is a container of one widget per key, composed again whenever the screen's bindings change
(every move of the focus: each save on the game screen moves it twice), each key styled and laid out on its own;
at start-up it is the costliest widget of the first frame. This bar costs what it shows: one line of text, drawn
again only when the keys it shows change. It looks as the compact Footer does (the key in bold, its words after
it, a space between keys); a click or a tap on a key presses it, a key that cannot be used now is dim and rings
the bell instead.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.widget import Widget


class Key(NamedTuple):
    key: str  # what a press sends (the binding's first key)
    display: str  # how the key is written ("n", "^z", "Esc")
    description: str
    enabled: bool
    start: int  # the cells it takes on the line: [start, end)
    end: int


class KeyBar(Widget, can_focus=False):
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"keybar--key", "keybar--description", "keybar--hover"}
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
    }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.keys: list[Key] = []
        self._hover: int | None = None

    def on_mount(self) -> None:
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
        for _node, binding, enabled, _tooltip in screen.active_bindings.values():
            if not binding.show or binding.action in seen:  # one entry per action, as the Footer shows them
                continue
            seen.add(binding.action)
            display = self.app.get_key_display(binding)
            end = x + len(display) + (1 + len(binding.description) if binding.description else 0)
            keys.append(Key(binding.key, display, binding.description, enabled, x, end))
            x = end + 1
        if keys != self.keys:
            self.keys = keys
            self._hover = None
            self.refresh()

    def render(self) -> Text:
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

    def key_at(self, x: int) -> Key | None:
        """The key drawn at column x of the bar, if any."""
        return next((k for k in self.keys if k.start <= x < k.end), None)

    def offset_of(self, key: str) -> tuple[int, int]:
        """Where the key is drawn (for a click): the middle of its cells."""
        k = next(k for k in self.keys if k.key == key)
        return ((k.start + k.end) // 2, 0)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self.key_at(event.x)
        if key is None:
            return
        event.stop()
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        key = self.key_at(event.x)
        hover = self.keys.index(key) if key is not None else None
        if hover != self._hover:
            self._hover = hover
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()
