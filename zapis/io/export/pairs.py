"""Exports of a duplicate pairs session (module bridge-pairs): PBN 2.1, USEBIO 1.2 and printable travellers.

Pure functions: each takes `session = {"record": GameRecord, "rules": Rules, "sheet": Sheet}` and
`evening = {"date": "2026-11-20", "place": ..., "title": ...}` and returns the text of one file.

PBN 2.1 (Portable Bridge Notation, www.tistis.nl/pbn/pbn_v21.txt), written in export format:
- one game per board (§3): the 15 tags of the Mandatory Tag Set in their order (§3.4), then the supplemental
  tag `Competition "Pairs"` (§4), then the supplemental sections sorted by name: `ScoreTable` (every result of the
  board) and, in the first game only, `TotalScoreTable` (the ranking of the session) (§5);
- lines end with CRLF and games are separated by one empty line (§2.3, §3); no "#" inheritance (§4.8) is used:
  every game carries its own tags; `Deal` (§3.4.11) is the board's hand record, the dealer's hand first, or
  "N:- - - -" where the session has no deal for the board (a hand whose cards are not given is "-");
- a board with a deal also has its double-dummy table, `OptimumResultTable "Declarer;Denomination\2R;Result\2R"`
  (a row per declarer N, S, E, W and strain NT, S, H, D, C), its par score `OptimumScore "NS 420"` and the par
  contracts `ParContract "NS 4S"` (a side when both of its players make it, else the seat; several joined by
  ", ");
- tag values are string tokens (§3.2): a quote is written \\" and a backslash \\\\; control characters (newline,
  tab, ...) never reach a line: they become a space or U+FFFD (`zapis.lang.text.plain`), and a value is cut to fit
  the token limit of 255 characters;
- `Scoring` (§3.4.12): "MP;MP1" (2/1 per comparison) or "MP;MP2" (1/0.5); cross-IMPs "IMP;Cross2" (divided by the
  number of comparisons) or "IMP;Cross" (summed); Butler "IMP;Butler-2" when the highest and lowest scores are
  left out of the datum, else "IMP;Butler";
- tables (§5.2): each column name carries its minimum width and alignment (`Table\\2R`); an unknown element
  is "?", an irrelevant one "-"; an artificial (adjusted) score is preceded by "^": an adjusted board has
  Contract, Declarer, Result, Lead, Score_NS and Score_EW "-" and its MP (or IMP) as "^4.8";
- `Names` is a string token with the partnership's name "Ala - Bartek" (§5.9: "the names of the 2 players
  separated by ';', or the name of the partnership").
"""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from collections import defaultdict
from typing import Any, Mapping

from zapis.core.sheet import fmt_number
from zapis.club.evening import number_text
from zapis.modules.bridge.deals import deals_by_board
from zapis.modules.bridge.law77 import DOUBLES, Contract, board_dealer_vul, parse_contract, result_text
from zapis.modules.bridge.pairs import place_spans
from zapis.lang.text import html_text, plain

CRLF = "\r\n"
PBN_VUL = {"none": "None", "NS": "NS", "EW": "EW", "both": "All"}
TOKEN_MAX = 255  # PBN §3.2: a token is at most 255 characters long


# --- the session's lines ------------------------------------------------------------------------------------

def _get(obj: Any, key: str, default: Any = None) -> Any:
    try:
        value = obj[key]
    except (KeyError, IndexError, TypeError):
        return default
    return default if value is None else value


def _method(session: Mapping[str, Any]) -> str:
    return _get(session["rules"].values, "method", "matchpoints")


def is_mp(session: Mapping[str, Any]) -> bool:
    return _method(session) == "matchpoints"


def lines(session: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every result of the session, in the sheet's order (board by board): each entry has its scores and repeats
    what was recorded (contract, declarer, lead, table, round, ...), as the pairs module writes it."""
    return [dict(entry) for entry in session["sheet"].extra.get("results", [])]


def kind(line: Mapping[str, Any]) -> str:
    """"not_played", "adjusted", "pass" or "played"."""
    if line.get("not_played"):
        return "not_played"
    if line.get("adjusted") or line.get("phantom"):
        return "adjusted"
    if str(line.get("contract", "")).strip().lower() == "pass":
        return "pass"
    return "played"


def contract_text(line: Mapping[str, Any]) -> str:
    """"4SX", "3NT", "Pass" (PBN §3.4.14: <k><denomination><risk>); "" when the line has no contract."""
    k = kind(line)
    if k == "pass":
        return "Pass"
    if k != "played":
        return ""
    parsed = parse_contract(str(line.get("contract", "")))
    if parsed is None:
        return ""
    level, strain = parsed
    return f"{level}{strain}{line.get('double', '') or ''}"


def written(line: Mapping[str, Any], lang: str) -> tuple[str, str]:
    """A played line's contract and result as a traveller is written by hand (issue 36): 4♠X, 3BA (3NT in
    English); =, +1, -2. The PBN and USEBIO files keep contract_text's form."""
    parsed = parse_contract(str(line.get("contract", "")))
    tricks = line.get("tricks")
    if parsed is None or not isinstance(tricks, int):
        return contract_text(line), "" if tricks is None else str(tricks)
    c = Contract(*parsed, DOUBLES.get(line.get("double", "") or "", 0))
    return c.pretty().say(lang), result_text(c, tricks)


def points(line: Mapping[str, Any], side: str, mp: bool) -> float | None:
    value = line.get(f"{'mp' if mp else 'imp'}_{side}")
    return None if value is None or line.get("not_played") else float(value)


def _boards(session: Mapping[str, Any]) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for line in lines(session):
        out[int(line["board"])].append(line)
    return dict(sorted(out.items()))


def _pairs(session: Mapping[str, Any]) -> dict[str, list[str]]:
    pairs = session["sheet"].extra.get("pairs") or session["record"].players or {}
    return {str(k): [plain(n) for n in v] for k, v in pairs.items()}


# --- PBN 2.1 -------------------------------------------------------------------------------------------------

def pbn_string(value: object) -> str:
    """A PBN string token (§3.2): one line, quotes and backslashes escaped, at most 255 characters."""
    text = plain(value)
    out = ""
    for ch in text:
        piece = "\\" + ch if ch in '"\\' else ch
        if len(out) + len(piece) > TOKEN_MAX - 2:
            break
        out += piece
    return f'"{out}"'


def _tag(name: str, value: object) -> str:
    return f"[{name} {pbn_string(value)}]"


def _pbn_date(date: object) -> str:
    try:
        return dt.date.fromisoformat(str(date)).strftime("%Y.%m.%d")
    except ValueError:
        return "????.??.??"


def pbn_scoring(session: Mapping[str, Any]) -> str:
    """The Scoring tag (§3.4.12): a basic system and its modifiers, separated by semicolons."""
    values = session["rules"].values
    method = _method(session)
    if method == "matchpoints":
        return "MP;MP1" if _get(values, "mp_scale", "2/1") == "2/1" else "MP;MP2"
    if method == "cross-imps":
        return "IMP;Cross2" if _get(values, "cross_imps_average", True) else "IMP;Cross"
    return "IMP;Butler-2" if _get(values, "butler_drop", 1) == 1 else "IMP;Butler"


def _table(name: str, columns: list[tuple[str, str]], rows: list[list[str]]) -> list[str]:
    """A supplemental section (§5.2): the tag with each column's minimum width and alignment, then one line per
    row, elements separated by a space and padded to the width."""
    widths = [max([1] + [len(r[i]) for r in rows]) for i in range(len(columns))]
    head = ";".join(f"{col}\\{w}{align}" for (col, align), w in zip(columns, widths))
    # the column names are ours (no quote, no backslash): the width's backslash is written once, as §5.2 and every
    # reader expect ("Table\2R"), not escaped as a backslash of a name would be
    out = [f'[{name} "{head}"]']
    for r in rows:
        cells = [v.rjust(w) if align == "R" else v.ljust(w) for v, (_, align), w in zip(r, columns, widths)]
        out.append(" ".join(cells).rstrip())
    return out


def _pbn_number(value: float | None, artificial: bool = False) -> str:
    if value is None:
        return "-"
    return ("^" if artificial else "") + fmt_number(float(value))


def score_table(session: Mapping[str, Any], board_lines: list[dict[str, Any]]) -> list[str]:
    mp = is_mp(session)
    no_movement = _get(session["rules"].values, "movement", "none") == "none"
    missing = "-" if no_movement else "?"  # no movement: table and round do not apply; else they are unknown
    with_lead = any(line.get("lead") for line in lines(session))
    unit = "MP" if mp else "IMP"
    columns = [("Table", "R"), ("Round", "R"), ("PairId_NS", "R"), ("PairId_EW", "R"), ("Contract", "L"),
               ("Declarer", "R"), ("Result", "R")] + ([("Lead", "L")] if with_lead else []) + [
        ("Score_NS", "R"), ("Score_EW", "R"), (f"{unit}_NS", "R"), (f"{unit}_EW", "R")]
    rows = []
    for line in board_lines:
        k = kind(line)
        row = [str(line["table"]) if line.get("table") is not None else missing,
               str(line["round"]) if line.get("round") is not None else missing,
               str(line["ns"]), str(line["ew"])]
        if k == "played":
            row += [contract_text(line) or "?", str(line.get("declarer") or "?"), str(line.get("tricks", "?"))]
            lead = str(line["lead"]) if line.get("lead") else "?"
        else:
            row += ["Pass" if k == "pass" else "-", "-", "-"]
            lead = "-"
        if with_lead:
            row.append(lead)
        s = line.get("score_ns")
        if k in ("played", "pass") and s is not None:
            row += [str(s), "-"] if s >= 0 else ["-", str(-s)]
        else:
            row += ["-", "-"]
        art = k == "adjusted"
        row += [_pbn_number(points(line, "ns", mp), art), _pbn_number(points(line, "ew", mp), art)]
        rows.append(row)
    return _table("ScoreTable", columns, rows)


def total_score_table(session: Mapping[str, Any]) -> list[str]:
    mp = is_mp(session)
    ranking = session["sheet"].extra.get("ranking", [])
    fields = any("field" in it for it in ranking)  # a Mitchell's two winners: each pair's direction, its rank in it
    columns = [("Rank", "R"), ("PairId", "R")] + ([("Direction", "L")] if fields else []) + [
        ("TotalScoreMP" if mp else "TotalScoreIMP", "R")] + (
        [("TotalPercentage", "R")] if mp else []) + [("NrBoards", "R"), ("Names", "L")]
    rows = []
    for it in ranking:
        row = [str(it["place"]), str(it["pair"])] + ([it["field"]] if fields else []) + [
            fmt_number(float(it["total"]))]
        if mp:
            row.append(f"{float(it.get('percent', 0)):.2f}")
        row += [str(it.get("boards", "?")), pbn_string(" - ".join(plain(p) for p in it["players"]))]
        rows.append(row)
    return _table("TotalScoreTable", columns, rows)


def optimum(board: Mapping[str, Any]) -> list[str]:
    """A dealt board's double-dummy table, par score and par contracts (the tags the module header describes)."""
    rows = [[seat, strain, str(board["dd"][seat][strain])] for seat in "NSEW" for strain in ("NT", "S", "H", "D", "C")]
    par = board["par"]
    named: list[str] = []
    for c in par["contracts"]:
        seat, partner = c[-1], {"N": "S", "S": "N", "E": "W", "W": "E"}[c[-1]]
        both = any(o[:-1] == c[:-1] and o[-1] == partner for o in par["contracts"])
        text = f"{''.join(sorted((seat, partner), key='NESW'.index)) if both else seat} {c[:-1]}"
        if text not in named:
            named.append(text)
    score = par["score_ns"]
    return (_table("OptimumResultTable", [("Declarer", "L"), ("Denomination", "R"), ("Result", "R")], rows)
            + [_tag("OptimumScore", f"NS {score}" if score >= 0 else f"EW {-score}"),
               _tag("ParContract", ", ".join(named) or "Pass")])


def pbn(session: Mapping[str, Any], evening: Mapping[str, Any]) -> str:
    """The session in PBN 2.1 export format: one game per board with its ScoreTable; the first game also has the
    TotalScoreTable."""
    rec = session["record"]
    event = _get(evening, "title") or rec.title or ""
    games = []
    deals = deals_by_board(_get(session["rules"].values, "deals", []))
    solved = {b["board"]: b for b in session["sheet"].extra.get("boards", [])}
    head = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", "%Creator: zapis"]
    for n, (board, board_lines) in enumerate(_boards(session).items()):
        dealer, vul = board_dealer_vul(board)
        first = board_lines[0] if board_lines else {}
        k = kind(first)
        if k == "played":
            declarer, contract, result = first.get("declarer", "?"), contract_text(first) or "?", \
                str(first.get("tricks", "?"))
        elif k == "pass":
            declarer, contract, result = "", "Pass", ""  # §3.4.13-15: all pass: Declarer and Result empty
        else:
            declarer, contract, result = "?", "?", "?"
        game = [_tag("Event", event), _tag("Site", _get(evening, "place", "")), _tag("Date", _pbn_date(
            _get(evening, "date", ""))), _tag("Board", board), _tag("West", ""), _tag("North", ""),
                _tag("East", ""), _tag("South", ""), _tag("Dealer", dealer), _tag("Vulnerable", PBN_VUL[vul]),
                _tag("Deal", deals[board].pbn(dealer) if board in deals else f"{dealer}:- - - -"), _tag("Scoring", pbn_scoring(session)), _tag("Declarer", declarer),
                _tag("Contract", contract), _tag("Result", result), _tag("Competition", "Pairs")]
        if board in solved:
            game += optimum(solved[board])
        game += score_table(session, board_lines)
        if n == 0:
            game += total_score_table(session)
        games.append(CRLF.join(game))
    return CRLF.join(head) + CRLF + (CRLF + CRLF).join(games) + CRLF


# --- USEBIO 1.2 ------------------------------------------------------------------------------------------------

USEBIO_SCORING = {"matchpoints": "MATCH_POINTS", "cross-imps": "CROSS_IMPS", "butler": "BUTLER_IMPS"}
USEBIO_DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">'


def _sub(parent: ET.Element, name: str, text: object | None = None) -> ET.Element:
    el = ET.SubElement(parent, name)
    if text is not None:
        el.text = plain(text)  # control characters cannot stand in XML 1.0; ElementTree escapes & < > "
    return el


def _usebio_date(date: object) -> str:
    try:
        return dt.date.fromisoformat(str(date)).strftime("%d/%m/%Y")
    except ValueError:
        return plain(date)


def usebio(session: Mapping[str, Any], evening: Mapping[str, Any], club: str = "") -> str:
    """The session as USEBIO 1.2 XML: CLUB, EVENT (type PAIRS, one winner), one SESSION with one SECTION holding
    the PARTICIPANTS (pairs, players, place, total, percentage) and a BOARD per board with its TRAVELLER_LINEs."""
    from zapis import __version__

    mp = is_mp(session)
    sheet = session["sheet"]
    boards = _boards(session)
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club_name = club or _get(evening, "place", "")
    if club_name:
        _sub(_sub(root, "CLUB"), "CLUB_NAME", club_name)
    event = _sub(root, "EVENT")
    event.set("EVENT_TYPE", "PAIRS")
    _sub(event, "PROGRAM_NAME", "zapis")
    _sub(event, "PROGRAM_VERSION", __version__)
    _sub(event, "EVENT_DESCRIPTION", _get(evening, "title") or session["record"].title or "")
    _sub(event, "DATE", _usebio_date(_get(evening, "date", "")))
    _sub(event, "BOARD_SCORING_METHOD", USEBIO_SCORING[_method(session)])
    fields = any("field" in it for it in sheet.extra.get("ranking", []))  # a Mitchell: N-S and E-W winners
    _sub(event, "WINNER_TYPE", "2" if fields else "1")
    _sub(event, "BOARDS_PLAYED", len(boards))
    sess = _sub(event, "SESSION")
    sess.set("SESSION_ID", "1")
    section = _sub(sess, "SECTION")
    section.set("SECTION_ID", "A")
    parts = _sub(section, "PARTICIPANTS")
    ranking = sheet.extra.get("ranking", [])
    for it, (first, last) in zip(ranking, place_spans(ranking)):
        pair = _sub(parts, "PAIR")
        _sub(pair, "PAIR_NUMBER", it["pair"])
        if "field" in it:
            _sub(pair, "DIRECTION", it["field"])
        _sub(pair, "BOARDS_PLAYED", it.get("boards", 0))
        for name in it["players"]:
            _sub(_sub(pair, "PLAYER"), "PLAYER_NAME", name)
        _sub(pair, "PLACE", f"{first}{'=' if last > first else ''}")
        _sub(pair, "TOTAL_SCORE", fmt_number(float(it["total"])))
        if mp:
            _sub(pair, "PERCENTAGE", f"{float(it.get('percent', 0)):.2f}")
    for board, board_lines in boards.items():
        b = _sub(section, "BOARD")
        _sub(b, "BOARD_NUMBER", board)
        for line in board_lines:
            k = kind(line)
            if k == "not_played":
                continue  # nothing was played at that table: no traveller line
            tl = _sub(b, "TRAVELLER_LINE")
            _sub(tl, "NS_PAIR_NUMBER", line["ns"])
            _sub(tl, "EW_PAIR_NUMBER", line["ew"])
            if k == "played":
                _sub(tl, "CONTRACT", contract_text(line))
                _sub(tl, "PLAYED_BY", line.get("declarer", ""))
                if line.get("lead"):
                    _sub(tl, "LEAD", line["lead"])
                _sub(tl, "TRICKS", line.get("tricks", ""))
                _sub(tl, "SCORE", line.get("score_ns"))
            elif k == "pass":
                _sub(tl, "CONTRACT", "PASS")
                _sub(tl, "SCORE", 0)
            else:
                _sub(tl, "SCORE", str(line["adjusted"]).upper())
            for side in ("ns", "ew"):
                value = points(line, side, mp)
                _sub(tl, f"{side.upper()}_MATCH_POINTS", "" if value is None else fmt_number(value))
    ET.indent(root)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + USEBIO_DOCTYPE + "\n"
            + ET.tostring(root, encoding="unicode") + "\n")


# --- printable travellers (HTML, A4) ----------------------------------------------------------------------

WORDS = {  # (pl, en)
    "travellers": ("Protokoły rozdań", "Travellers"), "board": ("Rozdanie", "Board"),
    "dealer": ("rozdaje", "dealer"), "vul": ("założenia", "vulnerability"), "table": ("stół", "table"),
    "round": ("runda", "round"), "contract": ("kontrakt", "contract"), "declarer": ("rozgr.", "decl."),
    "result": ("lewy", "tricks"), "lead": ("wist", "lead"), "score": ("zapis", "score"),
    "ranking": ("Klasyfikacja", "Ranking"), "place": ("miejsce", "place"), "pair": ("para", "pair"),
    "names": ("gracze", "players"), "total": ("suma", "total"), "boards": ("rozdań", "boards"),
    "not_played": ("nie grane", "not played"), "pass": ("pas", "pass"),
    "none": ("obie przed", "none"), "NS": ("N-S po", "N-S"), "EW": ("E-W po", "E-W"), "both": ("obie po", "both"),
    "mp": ("PT", "MP"), "imp": ("IMP", "IMP"), "phantom": ("pauza", "phantom"),
}

PRINT_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1.5em; color: #111; font-size: 10pt; }
h1 { font-size: 1.4em; margin: 0 0 0.3em; } h2 { font-size: 1.1em; margin: 0.8em 0 0.2em; }
table { border-collapse: collapse; margin: 0.2em 0 0.8em; width: 100%; }
th, td { border: 1px solid #888; padding: 0.1em 0.4em; text-align: right; }
th { background: #eee; } td.text, th.text { text-align: left; }
section.board { break-inside: avoid; page-break-inside: avoid; }
section.ranking { break-before: page; page-break-before: always; }
.adjusted { font-style: italic; } .neg { color: #c00; }
@page { size: A4; margin: 12mm; }
@media print { body { margin: 0; } th { background: none; } }
"""


def html(session: Mapping[str, Any], evening: Mapping[str, Any], lang: str) -> str:
    """The session's travellers (one per board) and its ranking as one printable page (A4)."""
    en = lang == "en"

    def w(key: str) -> str:
        return WORDS[key][1 if en else 0]

    mp = is_mp(session)
    unit = w("mp" if mp else "imp")
    title = html_text(_get(evening, "title") or session["record"].title or w("travellers"))
    sub = " — ".join(html_text(v) for v in (_get(evening, "date", ""), _get(evening, "place", "")) if v)
    with_lead = any(line.get("lead") for line in lines(session))
    body = [f"<h1>{title}</h1>", f"<p>{sub}</p>" if sub else ""]
    for board, board_lines in _boards(session).items():
        dealer, vul = board_dealer_vul(board)
        heads = [w("table"), w("round"), "N-S", "E-W", w("contract"), w("declarer"), w("result")] + (
            [w("lead")] if with_lead else []) + [f"{w('score')} N-S", f"{w('score')} E-W", f"{unit} N-S",
                                                 f"{unit} E-W"]
        rows = []
        for line in board_lines:
            k = kind(line)
            cells = [line.get("table", ""), line.get("round", ""), line["ns"], line["ew"]]
            if k == "played":
                contract, result = written(line, lang)
                cells += [contract, line.get("declarer", ""), result]
            elif k == "pass":
                cells += [w("pass"), "", ""]
            elif k == "adjusted":
                cells += [line.get("adjusted") or w("phantom"), "", ""]
            else:
                cells += [w("not_played"), "", ""]
            if with_lead:
                cells.append(line.get("lead", "") if k == "played" else "")
            s = line.get("score_ns") if k in ("played", "pass") else None
            cells += [s if s is not None and s >= 0 else "", -s if s is not None and s < 0 else ""]
            cells += ["" if (v := points(line, side, mp)) is None else number_text(v, lang) for side in ("ns", "ew")]
            cls = ' class="adjusted"' if k == "adjusted" else ""
            text_cols = {4, 5, 7} if with_lead else {4, 5}  # contract, declarer, lead
            rows.append(f"<tr{cls}>" + "".join(
                f'<td{" class=text" if i in text_cols else ""}>{html_text(c)}</td>'
                for i, c in enumerate(cells)) + "</tr>")
        body.append(f'<section class="board"><h2>{w("board")} {board} — {w("dealer")} {dealer}, '
                    f'{w("vul")}: {html_text(w(vul))}</h2><table><tr>'
                    + "".join(f"<th>{html_text(h)}</th>" for h in heads) + "</tr>" + "".join(rows)
                    + "</table></section>")
    rank_heads = [w("place"), w("pair"), w("names"), w("total")] + (["%"] if mp else []) + [w("boards")]
    rank_rows = []
    for it in session["sheet"].extra.get("ranking", []):
        cells = [it["place"], it["pair"], " – ".join(plain(p) for p in it["players"]),
                 number_text(float(it["total"]), lang)]
        if mp:  # a page to read: a decimal comma in Polish (the PBN and USEBIO files keep their points)
            pct = f"{float(it.get('percent', 0)):.2f}"
            cells.append(pct.replace(".", ",") if lang == "pl" else pct)
        cells.append(it.get("boards", ""))
        rank_rows.append("<tr>" + "".join(f'<td{" class=text" if i == 2 else ""}>{html_text(c)}</td>'
                                          for i, c in enumerate(cells)) + "</tr>")
    body.append(f'<section class="ranking"><h2>{w("ranking")}</h2><table><tr>'
                + "".join(f'<th{" class=text" if i == 2 else ""}>{html_text(h)}</th>'
                          for i, h in enumerate(rank_heads))
                + "</tr>" + "".join(rank_rows) + "</table></section>")
    return (f"<!DOCTYPE html>\n<html lang=\"{'en' if en else 'pl'}\"><head><meta charset=\"utf-8\">"
            f"<title>{title}</title><style>{PRINT_CSS}</style></head><body>\n" + "\n".join(b for b in body if b)
            + "\n</body></html>\n")


__all__ = ["pbn", "usebio", "html", "lines", "kind", "contract_text", "written", "pbn_string", "pbn_scoring"]
