"""Names are data, and every name that enters is checked the same way: players (of a record, of a pair, renamed),
the titles of games and evenings, the places of evenings. One line, at most MAX_NAME characters, no control
characters. Records, the pairs module, the store, the command line and the app's dialogs all call
`name_problems`; what is shown is made safe elsewhere (zapis.lang.text), this only refuses what enters."""

from __future__ import annotations

import unicodedata
from typing import Any

from zapis.core.errors import Problem
from zapis.core.words import Bi

MAX_NAME = 60


def name_problems(value: Any, place: str) -> list[Problem]:
    """Why `value` (a text) cannot be a name, at `place`: empty when it can. Linear in the text's length (a long
    one is refused by its length before its characters are looked at)."""
    if not isinstance(value, str):
        return []  # whether a name must be text at all is the caller's check, with its own words
    if len(value) > MAX_NAME:
        return [Problem(place, Bi(f"jest dłuższe niż {MAX_NAME} znaków", f"is longer than {MAX_NAME} characters"))]
    for ch in value:
        # ESC, BEL, a line break, a tab, DEL, C1 ...; and the marks that turn the text after them around
        # (U+202E would show "Ala" as "alA" and reorder the columns after it)
        if unicodedata.category(ch) == "Cc" or ch in BIDI_CONTROLS:
            return [Problem(place, Bi(f"zawiera znak sterujący (U+{ord(ch):04X})",
                                      f"holds a control character (U+{ord(ch):04X})"))]
    return []


#: the explicit direction marks: embeddings, overrides and isolates (the plain LRM/RLM marks are harmless)
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


__all__ = ["MAX_NAME", "name_problems"]
