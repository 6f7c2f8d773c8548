"""Names are data: the one place that turns text a person typed into something safe to show.

Players, titles, places and notes can hold anything: Rich/Textual markup (`Ala[/]`, `[@click=...]`,
`[link=...]`), escape sequences, control characters, spreadsheet formulas. Every screen, the board,
`zapis score` and every export show them through these helpers, never through a markup parser.
"""

from __future__ import annotations

import html as _html
import unicodedata

from rich.text import Text

_SPACE = {"\t": " ", "\n": " ", "\r": " "}
#: bidirectional overrides and isolates reorder what follows them (a name could flip a score's digits)
_BIDI = {chr(c) for c in (0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069)}


def plain(value: object, lines: bool = False) -> str:
    """Printable text: control characters (ESC, OSC, BEL, C1, DEL, ...) and bidi overrides neutralised;
    one line, unless `lines` keeps the line breaks of a text meant to have several."""
    text = "" if value is None else str(value)
    out = []
    for ch in text:
        if ch == "\n" and lines:
            out.append(ch)
        elif ch in _SPACE:
            out.append(" ")
        elif ch in _BIDI or unicodedata.category(ch) == "Cc":
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def plain_text(value: object, style: str = "", **kw) -> Text:
    """A Rich Text holding exactly these characters (line breaks kept): markup is shown, never obeyed."""
    return Text(plain(value, lines=True), style=style, **kw)


def html_text(value: object) -> str:
    """For HTML: escaped (quotes too) after neutralising control characters."""
    return _html.escape(plain(value), quote=True)


def csv_cell(value: object) -> str:
    """For a spreadsheet: text that would start a formula is kept as text (OWASP: a leading quote)."""
    text = plain(value)
    return "'" + text if text.lstrip()[:1] in ("=", "+", "-", "@", "|", "%") else text


def evening_label(row) -> str:
    """How an evening is named (the evening screen, the list of evenings): its date, title and place, as plain text."""
    return plain("  ".join(p for p in (row["date"], row["title"], row["place"]) if p))


__all__ = ["plain", "plain_text", "html_text", "csv_cell", "evening_label"]
