"""A list's row (an OptionList's option) that a finger hits: on a tablet its words have a blank row above and
below them, so the row is three terminal rows high (63 CSS px at the browser's default font), highlighted whole.
(Textual's option padding is counted in width only: a vertical one is cut off.) MarkedOptionList: a list whose
highlighted row shows without colour."""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.strip import Strip
from textual.widgets import OptionList
from textual.widgets.option_list import Option


def row_option(prompt: Text, id: str, tall: bool) -> Option:
    return Option(Text.assemble("\n", prompt, "\n") if tall else prompt, id=id)


class MarkedOptionList(OptionList):
    """An OptionList whose highlighted option is marked "▶" before its words, seen without colour (a plain-text
    screen, a person who does not see the highlight's shade): the list's own gutter of two columns."""

    MARK = "▶ "

    def _get_left_gutter_width(self) -> int:
        return len(self.MARK)

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        plain = self.get_visual_style("option-list--option")
        mark, style = " " * len(self.MARK), plain.rich_style
        try:
            index, offset = self._lines[self.scroll_offset.y + y]
        except IndexError:
            index, offset = None, 0
        if index is not None and index == self.highlighted:
            strips = self._get_option_render(self.options[index], plain)
            words = next((i for i, s in enumerate(strips) if s.text.strip()), 0)  # a tall row: its middle line
            if offset == words:
                mark = self.MARK
                style = self.get_visual_style("option-list--option", "option-list--option-highlighted").rich_style
        return Strip([Segment(mark, style), *strip], strip.cell_length + len(self.MARK))
