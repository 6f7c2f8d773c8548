"""A Sheet drawn with rich, the way the paper sheet looks (used by `zapis score` and exports)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from zapis.core.sheet import Cell, Sheet, fmt_number
from zapis.text import plain_text

MARK_STYLE = {"neg": "red", "loop": "bold red", "bajt": "bold red", "played": "bold red",
              "made": "green", "failed": "red", "lead": "bold"}


def cell_text(c: Cell) -> Text:
    style = " ".join(MARK_STYLE[m] for m in sorted(c.marks) if m in MARK_STYLE)
    return plain_text(c.text, style=style, justify="right" if c.value is not None else "left")


def sheet_renderable(sheet: Sheet, show_notes: bool = True) -> RenderableType:
    parts: list[RenderableType] = [plain_text(sheet.title, style="bold")]
    for sec in sheet.sections:
        with_notes = show_notes and any(r.note for r in sec.rows)
        t = Table(title=plain_text(sec.title), box=box.SIMPLE_HEAVY, title_justify="left", show_lines=False)
        t.add_column(plain_text(sec.label_header or ""), no_wrap=True)
        for j, col in enumerate(sec.columns):
            widest = max((len(r.cells[j].text) for r in sec.rows if j < len(r.cells)), default=0)
            t.add_column(plain_text(col), justify="right", min_width=min(widest, 12))
        if with_notes:
            t.add_column("jak / how", style="dim")
        for row in sec.rows:
            cells = [plain_text(row.label, style="bold" if "total" in row.marks else "")]
            cells += [cell_text(c) for c in row.cells]
            cells += [Text("")] * (len(sec.columns) - len(row.cells))
            if with_notes:
                cells.append(plain_text(row.note))
            t.add_row(*cells, end_section="line" in row.marks or "total" in row.marks,
                      style="bold" if "total" in row.marks else None)
        parts.append(t)
    tot = Table(box=box.SIMPLE, title="Wynik / Totals", title_justify="left")
    for p in sheet.players:
        tot.add_column(plain_text(p), justify="right")
    tot.add_row(*[Text(fmt_number(sheet.totals.get(p, 0)),
                       style="red" if sheet.totals.get(p, 0) < 0 else "bold") for p in sheet.players])
    parts.append(tot)
    for c in sheet.checks:
        parts.append(plain_text(f"{'✓' if c.ok else '✗'} {c.name} {c.detail}".rstrip(),
                          style="green" if c.ok else "bold red"))
    for n in sheet.notes:
        parts.append(plain_text(n, style="yellow"))
    if sheet.finished:
        w = sheet.winner
        who = ", ".join(w) if isinstance(w, list) else (w or "remis / tie")
        parts.append(plain_text(f"Koniec gry / game over — wygrywa / winner: {who}", style="bold green"))
    elif sheet.next:
        from zapis.ui.i18n import next_words  # pure text tables, no screen

        parts.append(plain_text("Dalej / next: " + next_words(sheet.next)))
    return Group(*parts)
