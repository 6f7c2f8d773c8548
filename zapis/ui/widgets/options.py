"""A list's row (an OptionList's option) that a finger hits: on a tablet its words have a blank row above and
below them, so the row is three terminal rows high (63 CSS px at the browser's default font), highlighted whole.
(Textual's option padding is counted in width only: a vertical one is cut off.)"""

from __future__ import annotations

from rich.text import Text
from textual.widgets.option_list import Option


def row_option(prompt: Text, id: str, tall: bool) -> Option:
    return Option(Text.assemble("\n", prompt, "\n") if tall else prompt, id=id)
