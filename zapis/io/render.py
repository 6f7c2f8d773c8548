"""A Sheet drawn with rich, the way the paper sheet looks (used by `zapis score` and exports)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from zapis.core.sheet import Cell, Sheet, fmt_number
from zapis.core.words import say
from zapis.lang.text import plain_text

MARK_STYLE = {"neg": "red", "loop": "bold red", "bajt": "bold red", "played": "bold red",
              "made": "green", "failed": "red", "lead": "bold"}


WORDS = {  # (pl, en)
    "how": ("jak", "how"), "totals": ("Wynik", "Totals"), "tie": ("remis", "tie"),
    "over": ("Koniec gry — wygrywa: {who}", "Game over — winner: {who}"), "next": ("Dalej: {what}", "Next: {what}"),
}


def word(key: str, lang: str, **kw: str) -> str:
    pl, en = WORDS[key]
    return (en if lang == "en" else pl).format(**kw)


def cell_text(c: Cell, lang: str = "pl") -> Text:
    style = " ".join(MARK_STYLE[m] for m in sorted(c.marks) if m in MARK_STYLE)
    return plain_text(say(c.text, lang), style=style, justify="right" if c.value is not None else "left")


def sheet_renderable(sheet: Sheet, show_notes: bool = True, lang: str = "pl") -> RenderableType:
    """The sheet in one language: every text a module wrote in both (a Bi) is said in `lang`."""
    def txt(value: object, style: str = "") -> Text:
        return plain_text(say(value, lang), style=style)

    parts: list[RenderableType] = [txt(sheet.title, style="bold")]
    for sec in sheet.sections:
        with_notes = show_notes and any(r.note for r in sec.rows)
        t = Table(title=txt(sec.title), box=box.SIMPLE_HEAVY, title_justify="left", show_lines=False)
        t.add_column(txt(sec.label_header), no_wrap=True)
        for j, col in enumerate(sec.columns):
            widest = max((len(say(r.cells[j].text, lang)) for r in sec.rows if j < len(r.cells)), default=0)
            t.add_column(txt(col), justify="right", min_width=min(widest, 12))
        if with_notes:
            t.add_column(word("how", lang), style="dim")
        for row in sec.rows:
            cells = [txt(row.label, style="bold" if "total" in row.marks else "")]
            cells += [cell_text(c, lang) for c in row.cells]
            cells += [Text("")] * (len(sec.columns) - len(row.cells))
            if with_notes:
                cells.append(txt(row.note))
            t.add_row(*cells, end_section="line" in row.marks or "total" in row.marks,
                      style="bold" if "total" in row.marks else None)
        parts.append(t)
    tot = Table(box=box.SIMPLE, title=word("totals", lang), title_justify="left")
    for p in sheet.players:
        tot.add_column(plain_text(p), justify="right")
    tot.add_row(*[Text(fmt_number(sheet.totals.get(p, 0)),
                       style="red" if sheet.totals.get(p, 0) < 0 else "bold") for p in sheet.players])
    parts.append(tot)
    for c in sheet.checks:
        parts.append(plain_text(f"{'✓' if c.ok else '✗'} {say(c.name, lang)} {say(c.detail, lang)}".rstrip(),
                          style="green" if c.ok else "bold red"))
    for n in sheet.notes:
        parts.append(txt(n, style="yellow"))
    if sheet.finished:
        w = sheet.winner
        who = ", ".join(w) if isinstance(w, list) else (w or word("tie", lang))
        parts.append(plain_text(word("over", lang, who=who), style="bold green"))
    elif sheet.next:
        from zapis.lang import next_words  # pure text tables, no screen

        parts.append(plain_text(word("next", lang, what=next_words(sheet.next, lang=lang))))
    return Group(*parts)
