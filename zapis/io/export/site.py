"""A duplicate pairs session as a results site: a folder of static pages, as JFR Pary publishes one.

`index.html` (the evening's data, the ranking, the boards), a page per board (`board-N.html`: the hand diagram,
the double-dummy table and par where the session has the deal, every line's contract, lead, score and
matchpoints with its per cent) and a page per pair (`pair-N.html`: its card of the evening, board by board, with
its opponents). Every page links to the others; nothing is loaded from elsewhere (one small style sheet in each
page, no script, no font, no image); a page reads on a phone (390 px) and prints on A4. Names are text: escaped.

Pure: `site(session, evening, lang)` returns {file name: text}; the caller writes the folder.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Mapping

from zapis.club.evening import number_text
from zapis.io.export.pairs import _boards, _get, is_mp, kind, points, written
from zapis.lang.text import html_text, plain
from zapis.modules.bridge.deals import SUITS, card_text, deals_by_board
from zapis.modules.bridge.law77 import STRAIN_SYMBOL, board_dealer_vul

WORDS = {  # (pl, en)
    "results": ("Wyniki", "Results"), "ranking": ("Klasyfikacja", "Ranking"), "boards": ("Rozdania", "Boards"),
    "board": ("Rozdanie", "Board"), "pair": ("Para", "Pair"), "place": ("miejsce", "place"),
    "players": ("gracze", "players"), "total": ("suma", "total"), "played": ("rozdań", "boards"),
    "dealer": ("rozdaje", "dealer"), "contract": ("kontrakt", "contract"), "declarer": ("rozgr.", "decl."),
    "result": ("wynik", "result"), "lead": ("wist", "lead"), "score": ("zapis", "score"),
    "opponents": ("przeciwnicy", "opponents"), "direction": ("linia", "direction"),
    "dd": ("Analiza w widne karty", "Double dummy"), "par": ("Par", "Par"), "makes": ("lew", "tricks"),
    "not_played": ("nie grane", "not played"), "pass": ("pas", "pass"), "phantom": ("pauza", "phantom"),
    "none": ("obie przed partią", "neither vulnerable"), "NS": ("N-S po partii", "N-S vulnerable"),
    "EW": ("E-W po partii", "E-W vulnerable"), "both": ("obie po partii", "both vulnerable"),
    "mp": ("PT", "MP"), "imp": ("IMP", "IMP"), "back": ("wyniki", "results"), "table": ("stół", "table"),
    "round": ("runda", "round"), "no_deal": ("Rozkładu tego rozdania nie zapisano.",
                                             "The deal of this board was not recorded."),
}
SUIT_SIGN = {**STRAIN_SYMBOL, "NT": "BA"}  # a strain as a Polish sheet writes it; in English NT
SUIT_SIGN_EN = {**STRAIN_SYMBOL, "NT": "NT"}

CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 0 auto; padding: 0.6em; max-width: 60em;
       color: #111; font-size: 15px; line-height: 1.35; }
h1 { font-size: 1.35em; margin: 0.2em 0; } h2 { font-size: 1.1em; margin: 1em 0 0.3em; }
nav { margin: 0.3em 0 0.6em; } nav a { margin-right: 1em; }
a { color: #0645ad; } .wrap { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.2em 0 0.8em; }
th, td { border: 1px solid #999; padding: 0.15em 0.45em; text-align: right; white-space: nowrap; }
th { background: #eee; } td.text, th.text { text-align: left; white-space: normal; }
.red { color: #c00; } .adjusted { font-style: italic; }
.diagram { display: grid; grid-template-columns: repeat(3, minmax(6.5em, max-content)); gap: 0.3em 0.8em;
           margin: 0.4em 0 0.8em; }
.diagram .hand { font-family: "DejaVu Sans Mono", monospace; } .diagram .mid { text-align: center;
           border: 1px solid #999; padding: 0.3em; align-self: center; }
.boards a { display: inline-block; min-width: 2.6em; min-height: 2.2em; line-height: 2.2em; text-align: center;
            border: 1px solid #999; margin: 0.15em; text-decoration: none; }
@media print { nav { display: none; } body { font-size: 10pt; max-width: none; } @page { size: A4; margin: 12mm; } }
"""


def _page(title: str, body: list[str], lang: str, nav: str = "", css: str = "") -> str:
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title}</title><style>{CSS}{css}</style></head><body>\n{nav}" + "\n".join(b for b in body if b)
            + "\n</body></html>\n")


def _table(heads: list[str], rows: list[list[Any]], text_cols: set[int] = frozenset(), cls: list[str] = ()) -> str:
    """A table of escaped cells, except cells given as ("html", markup) (links made here)."""
    def cell(i: int, c: Any, tag: str) -> str:
        inner = c[1] if isinstance(c, tuple) else html_text(c)
        return f'<{tag}{" class=text" if i in text_cols else ""}>{inner}</{tag}>'
    out = ['<div class="wrap"><table><tr>' + "".join(cell(i, h, "th") for i, h in enumerate(heads)) + "</tr>"]
    for n, row in enumerate(rows):
        klass = f' class="{cls[n]}"' if cls and cls[n] else ""
        out.append(f"<tr{klass}>" + "".join(cell(i, c, "td") for i, c in enumerate(row)) + "</tr>")
    return "".join(out) + "</table></div>"


def _link(href: str, text: Any) -> tuple[str, str]:
    return ("html", f'<a href="{href}">{html_text(text)}</a>')


def site(session: Mapping[str, Any], evening: Mapping[str, Any], lang: str) -> dict[str, str]:
    """The pages of one session: {"index.html": ..., "board-1.html": ..., "pair-1.html": ...}."""
    en = lang == "en"
    code = "en" if en else "pl"

    def w(key: str) -> str:
        return WORDS[key][1 if en else 0]

    def num(v: float | None) -> str:
        return "" if v is None else number_text(float(v), lang)

    def pct(v: float | None) -> str:
        return "" if v is None else (f"{v:.2f}".replace(".", ",") if not en else f"{v:.2f}")

    mp = is_mp(session)
    unit = w("mp" if mp else "imp")
    sheet = session["sheet"]
    title = html_text(_get(evening, "title") or session["record"].title or w("results"))
    sub = " — ".join(html_text(v) for v in (_get(evening, "date", ""), _get(evening, "place", "")) if v)
    boards = _boards(session)
    pairs = {str(k): [plain(n) for n in v] for k, v in (sheet.extra.get("pairs") or {}).items()}
    ranking = sheet.extra.get("ranking", [])
    ranked = {str(it["pair"]) for it in ranking}
    phantom = str(_get(session["rules"].values, "phantom", 0) or "")
    deals = deals_by_board(_get(session["rules"].values, "deals", []))
    solved = {b["board"]: b for b in sheet.extra.get("boards", [])}

    def pair_ref(num_: Any, names: bool = False) -> Any:
        """A pair's number, linked to its card (its names shown too where there is room, else as the link's title;
        the phantom's number alone)."""
        n = str(num_)
        who = " – ".join(pairs.get(n, []))
        if n not in ranked:
            return w("phantom") if n == phantom else n
        if names:
            return _link(f"pair-{n}.html", f"{n} {who}")
        return ("html", f'<a href="pair-{n}.html" title="{html_text(who)}">{n}</a>')

    def contract_of(line: Mapping[str, Any]) -> str:
        k = kind(line)
        if k == "played":
            return written(line, lang)[0]
        if k == "pass":
            return w("pass")
        if k == "adjusted":
            return w("phantom") if line.get("phantom") else str(line.get("adjusted", ""))
        return w("not_played")

    def result_of(line: Mapping[str, Any]) -> str:
        """=, +1, -2 against the contract's tricks, as a scorekeeper writes it (the travellers' page the same)."""
        return written(line, lang)[1] if kind(line) == "played" else ""

    tops = {b: max([(line.get("mp_ns") or 0) + (line.get("mp_ew") or 0) for line in ls] + [0])
            for b, ls in boards.items()}

    def share(line: Mapping[str, Any], side: str) -> float | None:
        v = points(line, side, mp)
        top = tops[int(line["board"])]
        return None if v is None or not mp or not top else 100 * v / top

    nav = (f'<nav><a href="index.html">{w("back")}</a></nav>')
    pages: dict[str, str] = {}

    # --- index ------------------------------------------------------------------------------------------------
    heads = [w("place"), w("pair").lower(), w("players"), w("total")] + (["%"] if mp else []) + [w("played")]
    rows = [[it["place"], _link(f"pair-{it['pair']}.html", it["pair"]),
             _link(f"pair-{it['pair']}.html", "\u00a0– ".join(plain(p) for p in it["players"])),  # a name a line
             num(it["total"])] + ([pct(it.get("percent"))] if mp else []) + [it.get("boards", "")] for it in ranking]
    body = [f"<h1>{title}</h1>", f"<p>{sub}</p>" if sub else "", f"<h2>{w('ranking')}</h2>",
            _table(heads, rows, {2}), f"<h2>{w('boards')}</h2>",
            '<p class="boards">' + " ".join(f'<a href="board-{b}.html">{b}</a>' for b in boards) + "</p>"]
    pages["index.html"] = _page(title, body, code)

    # --- a page per board -------------------------------------------------------------------------------------
    order = list(boards)
    for at, (board, board_lines) in enumerate(boards.items()):
        dealer, vul = board_dealer_vul(board)
        links = [f'<a href="index.html">{w("back")}</a>']
        if at:
            links.append(f'<a href="board-{order[at - 1]}.html">← {order[at - 1]}</a>')
        if at + 1 < len(order):
            links.append(f'<a href="board-{order[at + 1]}.html">{order[at + 1]} →</a>')
        body = [f"<h1>{w('board')} {board}</h1>",
                f"<p>{w('dealer')} {dealer}, {html_text(w(vul))}</p>"]
        if board in deals:
            body.append(_diagram(deals[board], board, dealer, w(vul), w("board")))
        else:
            body.append(f"<p>{w('no_deal')}</p>")
        if board in solved:
            body += analysis_html(solved[board], lang)
        heads = ["N-S", "E-W", w("contract"), w("declarer"), w("result"), w("lead"),
                 f"{w('score')} N-S", f"{w('score')} E-W", f"{unit} N-S", f"{unit} E-W"] + (["%N-S", "%E-W"] if mp
                                                                                          else [])
        rows, classes = [], []
        for line in board_lines:
            s = line.get("score_ns") if kind(line) in ("played", "pass") else None
            rows.append([pair_ref(line["ns"]), pair_ref(line["ew"]), contract_of(line), line.get("declarer", ""),
                         result_of(line), _lead(line.get("lead")),
                         s if s is not None and s >= 0 else "", -s if s is not None and s < 0 else "",
                         num(points(line, "ns", mp)), num(points(line, "ew", mp))]
                        + ([pct(share(line, "ns")), pct(share(line, "ew"))] if mp else []))
            classes.append("adjusted" if kind(line) == "adjusted" else "")
        body += [f"<h2>{w('results')}</h2>", _table(heads, rows, set(), classes)]
        pages[f"board-{board}.html"] = _page(f"{title} — {w('board')} {board}", body, code,
                                             "<nav>" + "".join(links) + "</nav>")

    # --- a page per ranked pair -------------------------------------------------------------------------------
    card: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for board_lines in boards.values():
        for line in board_lines:
            for side in ("ns", "ew"):
                card[str(line[side])].append(line)
    for it in ranking:
        n = str(it["pair"])
        heads = [w("board"), w("direction"), w("opponents"), w("contract"), w("declarer"), w("result"), w("lead"),
                 w("score"), unit] + (["%"] if mp else [])
        rows = []
        for line in card.get(n, []):
            side, other = ("ns", "ew") if str(line["ns"]) == n else ("ew", "ns")
            s = line.get("score_ns") if kind(line) in ("played", "pass") else None
            mine = None if s is None else (s if side == "ns" else -s)
            rows.append([_link(f"board-{line['board']}.html", line["board"]), "N-S" if side == "ns" else "E-W",
                         pair_ref(line[other], names=True), contract_of(line), line.get("declarer", ""), result_of(line),
                         _lead(line.get("lead")), "" if mine is None else mine, num(points(line, side, mp))]
                        + ([pct(share(line, side))] if mp else []))
        summary = (f"{w('place')} {it['place']}, {w('total')} {num(it['total'])}"
                   + (f", {pct(it.get('percent'))}%" if mp else ""))
        body = [f"<h1>{w('pair')} {n}: {html_text(' – '.join(plain(p) for p in it['players']))}</h1>",
                f"<p>{html_text(summary)}</p>", _table(heads, rows, {2})]
        pages[f"pair-{n}.html"] = _page(f"{title} — {w('pair')} {n}", body, code, nav)
    return pages


def analysis_html(found: Mapping[str, Any], lang: str) -> list[str]:
    """A board's double-dummy table (tricks of each declarer in each strain) and its par, as HTML."""
    en = lang == "en"
    signs = SUIT_SIGN_EN if en else SUIT_SIGN
    dd, par = found["dd"], found["par"]
    named = ", ".join(f"{c[0]}{signs[c[1:-1].rstrip('X')]}{'X' * c[1:-1].count('X')} {c[-1]}"
                      for c in par["contracts"]) or WORDS["pass"][en]
    return [f"<h2>{WORDS['dd'][en]}</h2>",
            _table(["", *(signs[s] for s in ("NT", "S", "H", "D", "C"))],
                   [[seat, *(dd[seat][s] for s in ("NT", "S", "H", "D", "C"))] for seat in "NSEW"]),
            f"<p>{WORDS['par'][en]}: {html_text(named)}, N-S {par['score_ns']:+d}</p>"]


def _lead(card: Any) -> str:
    return card_text(str(card)) if card else ""


def _diagram(deal, board: int, dealer: str, vul: str, word: str) -> str:
    """The four hands around the table (N above, W left, E right, S below), a suit a line, ♥♦ in red."""
    def hand(seat: str) -> str:
        lines = []
        for s in SUITS:
            cards = deal.suit(seat, s).replace("T", "10") or "—"
            red = ' class="red"' if s in "HD" else ""
            lines.append(f"<span{red}>{SUIT_SIGN[s]}</span> {cards}")
        return f'<div class="hand"><b>{seat}</b><br>' + "<br>".join(lines) + "</div>"
    mid = f'<div class="mid">{word} {board}<br>{dealer}<br>{html_text(vul)}</div>'
    return ('<div class="diagram"><div></div>' + hand("N") + "<div></div>" + hand("W") + mid + hand("E")
            + "<div></div>" + hand("S") + "<div></div></div>")


__all__ = ["site", "analysis_html", "CSS"]
