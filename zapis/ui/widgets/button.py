"""A button whose cursor shows without colour: `▶` before its label while it has the focus (a plain-text screen,
a colour-blind scorekeeper, `tmux capture-pane -p`), in the room a blank keeps for it, so nothing moves."""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size
from textual.widgets import Button as TextualButton

MARK = 2  # the cells of "▶ " before the label


class Button(TextualButton):
    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        # Textual adds a variant's class only when the variant changes: a plain button gets it here, so that a
        # tablet's style can tell it from the others (zapis.tcss)
        self.set_class(self.variant == "default", "-default")

    def render(self) -> Content:
        label = super().render()
        return Content("▶ " if self.has_focus else "  ").append(label)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return super().get_content_width(container, viewport) + MARK  # the mark's room: the label is never cut
