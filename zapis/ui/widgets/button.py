"""A button whose cursor shows without colour: `▶` before its label while it has the focus (a plain-text screen,
a colour-blind scorekeeper, `tmux capture-pane -p`), in the room a blank keeps for it, so nothing moves."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Button as TextualButton


class Button(TextualButton):
    def render(self) -> Content:
        label = super().render()
        return Content("▶ ").append(label) if self.has_focus else Content("  ").append(label)
