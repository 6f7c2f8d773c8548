"""A hand record printed on A4, four boards a page (six without the analysis): what the director makes the boards up from (and, with the
double-dummy analysis, what the players study after the evening). Each board: its number, dealer and
vulnerability (the 16-board cycle), the four hands around the table and, when asked, the tricks each declarer
takes in each strain and the par.

Pure: `hand_sheets(deals, lang, ...)` returns the page's HTML; the caller writes it.
"""

from __future__ import annotations

from typing import Any, Mapping

from zapis.io.export.site import WORDS, _diagram, _page, analysis_html
from zapis.lang.text import html_text
from zapis.modules.bridge.deals import Deal
from zapis.modules.bridge.law77 import board_dealer_vul

SHEET_CSS = """
.sheet { display: grid; grid-template-columns: repeat(auto-fill, minmax(20em, 1fr)); gap: 0.6em 1.2em; }
.sheet section { border: 1px solid #999; padding: 0.3em 0.6em; break-inside: avoid; }
.sheet h2 { margin: 0.2em 0; } .sheet section > p { margin: 0.1em 0; }
@media print { .sheet { grid-template-columns: 1fr 1fr; gap: 3mm 5mm; } .sheet section { font-size: 9pt; }
               .sheet h2 { font-size: 10pt; } .sheet .diagram { margin: 0.2em 0; } .sheet table { margin: 0; } }
"""
KEY = ("klucz losowania", "dealt with the key")


def hand_sheets(deals: Mapping[int, Deal], lang: str, title: str = "", key: str = "",
                analyses: Mapping[int, Mapping[str, Any]] | None = None) -> str:
    """The boards in their order, four to an A4 page; `key` (the dealing's seed) printed so the same boards can
    be dealt again; `analyses` (board -> {"dd", "par"}) adds each board's double-dummy table and par."""
    en = lang == "en"

    def w(name: str) -> str:
        return WORDS[name][en]

    head = html_text(title) or w("boards")
    body = [f"<h1>{head}</h1>"]
    if key:
        body.append(f"<p>{KEY[en]}: {html_text(key)}</p>")
    cells = []
    for board in sorted(deals):
        dealer, vul = board_dealer_vul(board)
        cell = [f"<section><h2>{w('board')} {board}</h2>", f"<p>{w('dealer')} {dealer}, {html_text(w(vul))}</p>",
                _diagram(deals[board], board, dealer, w(vul), w("board"))]
        if analyses and board in analyses:
            cell += analysis_html(analyses[board], lang)
        cells.append("".join(cell) + "</section>")
    body.append('<div class="sheet">' + "\n".join(cells) + "</div>")
    return _page(head, body, "en" if en else "pl", css=SHEET_CSS)


__all__ = ["hand_sheets"]
