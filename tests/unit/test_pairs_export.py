"""Exports of a duplicate pairs session: PBN 2.1, USEBIO 1.2 and the printable travellers (zapis.io.export.pairs)."""

import re
import xml.etree.ElementTree as ET

import pytest

from zapis.io import records
from zapis.cli import main
from zapis.core.errors import ZapisError
from zapis.io.export import FORMATS, export
from zapis.io.export import pairs as px
from zapis.store import Store

QUOTED = 'Ola "Asik" <b>&'  # a name with a quote, markup and an ampersand
PAIRS = {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"], "3": [QUOTED, "Ignacy\\"], "4": ["Gosia", "Henryk"],
         "5": ["Jan", "Kasia"], "6": ["Lena", "Marek"]}


def _res(board, ns, ew, contract=None, declarer=None, tricks=None, double=None, **kw):
    r = {"board": board, "ns": ns, "ew": ew}
    for key, value in (("contract", contract), ("declarer", declarer), ("tricks", tricks), ("double", double)):
        if value is not None:
            r[key] = value
    return r | kw


RESULTS = [  # six pairs, three tables, four boards
    _res(1, 1, 2, "4S", "N", 10, lead="HK"), _res(1, 3, 4, "4S", "N", 9, "X"), _res(1, 5, 6, "2H", "E", 8),
    _res(2, 1, 3, "3NT", "S", 8), _res(2, 4, 2, adjusted="A60/A40"), _res(2, 6, 5, "pass"),
    _res(3, 1, 4, "pass"), _res(3, 2, 3, "5D", "W", 9, "X"), _res(3, 5, 6, "1NT", "N", 7),
    _res(4, 1, 5, "6NT", "S", 12, "XX"), _res(4, 2, 4, adjusted="A50"), _res(4, 3, 6, "3C", "E", 10),
]


def _record(ruleset="bridge-pairs", results=RESULTS):
    return records.parse({"format": "zapis/1", "ruleset": ruleset, "title": "Turniej <par>", "pairs": PAIRS,
                          "results": results})


@pytest.fixture(params=["bridge-pairs", "bridge-pairs-imp", "bridge-butler"])
def db(tmp_path, request):
    s = Store(tmp_path / "x.db")
    ev = s.new_evening("2026-11-20", 'Klub "As" & <Dama>', "Piątek & <turniej>")
    rec, rules, module = _record(request.param)
    records.score(rec, rules, module)
    gid = s.new_game(ev, 1, rec, rules, module, hands=rec.hands)
    return s, ev, gid


def _session(s, gid):
    rec, rules, _ = s.record(gid)
    return {"record": rec, "rules": rules, "sheet": s.sheet(gid)}


def _evening(s, ev):
    row = s.evening(ev)
    return {"date": row["date"], "place": row["place"], "title": row["title"]}


# --- PBN: a small reader of what we wrote -------------------------------------------------------------------

def _games(text):
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")  # export format: CRLF only
    body = text.split("\r\n")
    assert body[0] == "% PBN 2.1"
    return [g for g in "\r\n".join(l for l in body if not l.startswith("%")).split("\r\n\r\n") if g.strip()]


def _tags(game):
    found = (re.fullmatch(r'\[(\w+) "((?:[^"\\]|\\.)*)"\]', line) for line in game.split("\r\n"))
    return {m.group(1): m.group(2) for m in found if m}


def _table(game, name):
    lines = game.split("\r\n")
    i = next(i for i, l in enumerate(lines) if l.startswith(f"[{name} "))
    head = lines[i][len(name) + 3:-2].split(";")
    cols = [h.split("\\")[0] for h in head]
    rows = []
    for line in lines[i + 1:]:
        if line.startswith("["):
            break
        if line.strip():
            rows.append(dict(zip(cols, re.findall(r'"(?:[^"\\]|\\.)*"|\S+', line))))
    return head, rows


def _num(v):
    return float(v.lstrip("^"))


def test_pbn_scores_equal_the_module(db):
    s, ev, gid = db
    session = _session(s, gid)
    sheet = session["sheet"]
    mp = px.is_mp(session)
    text = px.pbn(session, _evening(s, ev))
    games = _games(text)
    assert len(games) == 4
    expected = {(e["board"], e["ns"], e["ew"]): e for e in sheet.extra["results"]}
    seen = set()
    for g in games:
        tags = _tags(g)
        assert list(tags)[:15] == ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                                   "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"]
        assert tags["Competition"] == "Pairs" and tags["Date"] == "2026.11.20"
        assert tags["Event"] == 'Piątek & <turniej>' and tags["Site"] == 'Klub \\"As\\" & <Dama>'
        assert tags["Scoring"] == {"matchpoints": "MP;MP1", "cross-imps": "IMP;Cross2",
                                   "butler": "IMP;Butler-2"}[session["rules"]["method"]]
        board = int(tags["Board"])
        head, rows = _table(g, "ScoreTable")
        unit = "MP" if mp else "IMP"
        assert [h.split("\\")[0] for h in head] == ["Table", "Round", "PairId_NS", "PairId_EW", "Contract",
                                                    "Declarer", "Result", "Lead", "Score_NS", "Score_EW",
                                                    f"{unit}_NS", f"{unit}_EW"]
        assert all(re.fullmatch(r"\d+[LR]", h.split("\\")[1]) for h in head)  # width and alignment (§5.2)
        assert head[0].endswith("R") and head[4].endswith("L")
        for r in rows:
            e = expected[(board, int(r["PairId_NS"]), int(r["PairId_EW"]))]
            seen.add((board, e["ns"], e["ew"]))
            assert (r["Table"], r["Round"]) == ("-", "-")
            s_ns = e["score_ns"]
            if s_ns is None:  # adjusted: no trick score, the MPs are artificial
                assert r["Score_NS"] == r["Score_EW"] == r["Contract"] == "-"
                assert r[f"{unit}_NS"].startswith("^") and r[f"{unit}_EW"].startswith("^")
            elif s_ns >= 0:
                assert int(r["Score_NS"]) == s_ns and r["Score_EW"] == "-"
            else:
                assert r["Score_NS"] == "-" and int(r["Score_EW"]) == -s_ns
            k = "mp" if mp else "imp"
            assert _num(r[f"{unit}_NS"]) == pytest.approx(e[f"{k}_ns"], abs=0.005)
            assert _num(r[f"{unit}_EW"]) == pytest.approx(e[f"{k}_ew"], abs=0.005)
    assert seen == set(expected)
    # contracts as PBN writes them: doubled, redoubled, passed out
    first = _table(games[0], "ScoreTable")[1]
    assert [r["Contract"] for r in first] == ["4S", "4SX", "2H"] and first[0]["Lead"] == "HK"
    assert first[1]["Lead"] == "?"
    assert any(r["Contract"] == "6NTXX" for r in _table(games[3], "ScoreTable")[1])
    passed = [r for r in _table(games[2], "ScoreTable")[1] if r["Contract"] == "Pass"]
    assert passed and passed[0]["Score_NS"] == "0" and passed[0]["Declarer"] == passed[0]["Result"] == "-"
    assert _tags(games[2])["Contract"] == "Pass" and _tags(games[2])["Declarer"] == ""


def test_pbn_total_score_table(db):
    s, ev, gid = db
    session = _session(s, gid)
    games = _games(px.pbn(session, _evening(s, ev)))
    mp = px.is_mp(session)
    head, rows = _table(games[0], "TotalScoreTable")
    names = [h.split("\\")[0] for h in head]
    assert names == (["Rank", "PairId", "TotalScoreMP", "TotalPercentage", "NrBoards", "Names"] if mp else
                     ["Rank", "PairId", "TotalScoreIMP", "NrBoards", "Names"])
    assert all(re.fullmatch(r"\d+[LR]", h.split("\\")[1]) for h in head)
    ranking = session["sheet"].extra["ranking"]
    assert len(rows) == len(ranking)
    for r, it in zip(rows, ranking):
        assert int(r["Rank"]) == it["place"] and int(r["PairId"]) == it["pair"]
        assert _num(r["TotalScoreMP" if mp else "TotalScoreIMP"]) == pytest.approx(it["total"], abs=0.005)
        if mp:
            assert float(r["TotalPercentage"]) == pytest.approx(it["percent"], abs=0.005)
        unescaped = re.sub(r"\\(.)", r"\1", r["Names"][1:-1])
        assert unescaped == " - ".join(it["players"])
    assert '"Ola \\"Asik\\" <b>& - Ignacy\\\\"' in games[0]
    assert all("TotalScoreTable" not in g for g in games[1:])  # once, in the first game


def test_pbn_names_never_break_a_line():
    assert px.pbn_string('a"b\\c\nd\re\tf\x1b') == '"a\\"b\\\\c d e f\ufffd"'
    assert len(px.pbn_string("x" * 400)) <= 255
    assert len(px.pbn_string('"' * 400)) <= 255 and not px.pbn_string('"' * 400).endswith('\\"')


class _Rules:
    def __init__(self, values):
        self.values = values


class _Sheet:
    def __init__(self, extra):
        self.extra = extra


class _Rec:
    def __init__(self, hands, players):
        self.hands, self.players, self.title = hands, players, None


def test_new_result_keys_table_round_lead_not_played():
    """What the module is about to carry: table, round, lead, not_played (score None, no MP)."""
    results = [
        {"board": 5, "ns": 1, "ew": 2, "score_ns": -200, "mp_ns": 0.0, "mp_ew": 2.0, "contract": "3NT",
         "declarer": "S", "double": "X", "tricks": 8, "lead": "SA", "table": 1, "round": 3},
        {"board": 5, "ns": 3, "ew": 4, "score_ns": None, "mp_ns": None, "mp_ew": None, "not_played": True,
         "table": 2, "round": 3},
    ]
    session = {"record": _Rec([], {"1": ["A", "B"], "2": ["C", "D"], "3": ["E", "F"], "4": ["G", "H"]}),
               "rules": _Rules({"method": "matchpoints", "mp_scale": "1/0.5", "movement": "howell"}),
               "sheet": _Sheet({"results": results, "ranking": [], "pairs": {}})}
    text = px.pbn(session, {"date": "2026-11-20", "place": "", "title": ""})
    (game,) = _games(text)
    assert _tags(game)["Scoring"] == "MP;MP2" and _tags(game)["Vulnerable"] == "NS" and _tags(game)["Dealer"] == "N"
    _, rows = _table(game, "ScoreTable")
    assert rows[0] | {} == {"Table": "1", "Round": "3", "PairId_NS": "1", "PairId_EW": "2", "Contract": "3NTX",
                            "Declarer": "S", "Result": "8", "Lead": "SA", "Score_NS": "-", "Score_EW": "200",
                            "MP_NS": "0", "MP_EW": "2"}
    assert rows[1]["Table"] == "2" and all(rows[1][k] == "-" for k in ("Contract", "Score_NS", "MP_NS", "MP_EW"))
    xml = ET.fromstring(px.usebio(session, {"date": "2026-11-20"}).split("\n", 2)[2])
    assert len(xml.findall(".//TRAVELLER_LINE")) == 1  # the board not played at table 2 has no line
    page = px.html(session, {"date": "2026-11-20"}, "en")
    assert "not played" in page and ">SA<" in page
    # a session whose movement is unknown in the record: table and round unknown ("?") without one
    results[0].pop("table")
    assert _table(_games(px.pbn(session, {}))[0], "ScoreTable")[1][0]["Table"] == "?"


# --- USEBIO -----------------------------------------------------------------------------------------------

def test_usebio_structure_and_places(db):
    s, ev, gid = db
    session = _session(s, gid)
    text = px.usebio(session, _evening(s, ev), club="Klub <A&B>")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM ')
    root = ET.fromstring(text.split("\n", 2)[2])
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    assert [c.tag for c in root] == ["CLUB", "EVENT"] and root.findtext("CLUB/CLUB_NAME") == "Klub <A&B>"
    event = root.find("EVENT")
    assert event.get("EVENT_TYPE") == "PAIRS"
    assert [c.tag for c in event] == ["PROGRAM_NAME", "PROGRAM_VERSION", "EVENT_DESCRIPTION", "DATE",
                                      "BOARD_SCORING_METHOD", "WINNER_TYPE", "BOARDS_PLAYED", "SESSION"]
    assert event.findtext("DATE") == "20/11/2026" and event.findtext("EVENT_DESCRIPTION") == "Piątek & <turniej>"
    method = session["rules"]["method"]
    assert event.findtext("BOARD_SCORING_METHOD") == {"matchpoints": "MATCH_POINTS", "cross-imps": "CROSS_IMPS",
                                                      "butler": "BUTLER_IMPS"}[method]
    section = event.find("SESSION/SECTION")
    assert [c.tag for c in section] == ["PARTICIPANTS"] + ["BOARD"] * 4
    ranking = session["sheet"].extra["ranking"]
    pairs = section.findall("PARTICIPANTS/PAIR")
    assert len(pairs) == len(ranking) == 6
    for p, it in zip(pairs, ranking):
        assert int(p.findtext("PAIR_NUMBER")) == it["pair"]
        assert [x.text for x in p.findall("PLAYER/PLAYER_NAME")] == it["players"]
        assert int(p.findtext("PLACE").rstrip("=")) == it["place"]
        assert float(p.findtext("TOTAL_SCORE")) == pytest.approx(it["total"], abs=0.005)
        if method == "matchpoints":
            assert float(p.findtext("PERCENTAGE")) == pytest.approx(it["percent"], abs=0.005)
        else:
            assert p.find("PERCENTAGE") is None
    assert QUOTED in [x.text for x in section.iter("PLAYER_NAME")]
    expected = {(e["board"], e["ns"], e["ew"]): e for e in session["sheet"].extra["results"]}
    k = "mp" if method == "matchpoints" else "imp"
    n = 0
    for b in section.findall("BOARD"):
        board = int(b.findtext("BOARD_NUMBER"))
        for tl in b.findall("TRAVELLER_LINE"):
            n += 1
            e = expected[(board, int(tl.findtext("NS_PAIR_NUMBER")), int(tl.findtext("EW_PAIR_NUMBER")))]
            if e["score_ns"] is None:
                assert tl.findtext("SCORE") == e["adjusted"] and tl.find("CONTRACT") is None
            else:
                assert int(tl.findtext("SCORE")) == e["score_ns"]
            assert float(tl.findtext("NS_MATCH_POINTS")) == pytest.approx(e[f"{k}_ns"], abs=0.005)
            assert float(tl.findtext("EW_MATCH_POINTS")) == pytest.approx(e[f"{k}_ew"], abs=0.005)
    assert n == len(expected)
    assert "&lt;b&gt;&amp;" in text and "<b>" not in text


# --- HTML ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, word", [("pl", "Rozdanie"), ("en", "Board")])
def test_travellers_html(db, lang, word):
    s, ev, gid = db
    session = _session(s, gid)
    page = px.html(session, _evening(s, ev), lang)
    assert "@page { size: A4" in page and page.count('<section class="board">') == 4
    assert f"<h2>{word} 1 " in page and f'<html lang="{lang}">' in page
    assert "<b>" not in page and "Ola &quot;Asik&quot; &lt;b&gt;&amp;" in page
    assert "Piątek &amp; &lt;turniej&gt;" in page
    assert "A60/A40" in page
    # as a traveller is written by hand (issue 36): 6NTXX by S, 12 tricks: 6BAXX (6NTXX in English) "="; 3C by E,
    # 10 tricks (9 needed): 3♣ "+1". The PBN and USEBIO keep the record's 6NTXX (above).
    assert ("<td class=text>6BAXX</td>" in page) == (lang == "pl") and ("6NTXX" in page) == (lang == "en")
    row = page[page.index("6BAXX" if lang == "pl" else "6NTXX"):].split("</tr>")[0]
    assert "<td>=</td>" in row, row
    row = page[page.index("3♣"):].split("</tr>")[0]
    assert "<td>+1</td>" in row, row


# --- the export hook and the command line -------------------------------------------------------------------

def test_export_formats_and_file_names(db):
    s, ev, gid = db
    assert {"pbn", "usebio", "travellers"} <= set(FORMATS)
    for fmt, ext in (("pbn", "pbn"), ("usebio", "xml"), ("travellers", "html")):
        files = export(s, ev, fmt, "en")
        assert list(files) == [f"evening-{ev}-table-1-game-{gid}.{ext}"]


def test_no_pairs_session_is_a_problem(tmp_path):
    s = Store(tmp_path / "x.db")
    ev = s.new_evening("2026-11-20")
    for fmt in ("pbn", "usebio", "travellers"):
        with pytest.raises(ZapisError) as e:
            export(s, ev, fmt)
        (p,) = e.value.problems
        assert p.place == "--format" and "no duplicate pairs session" in p.say("en")
        assert "nie ma turnieju par" in p.say("pl")


def test_cli_export_pbn_and_usebio(tmp_path, capsys):
    db = tmp_path / "x.db"
    s = Store(db)
    ev = s.new_evening("2026-11-20", "", "Piątek")
    rec, rules, module = _record()
    s.new_game(ev, 1, rec, rules, module, hands=rec.hands)
    s.close() if hasattr(s, "close") else None
    for fmt, name in (("pbn", "t.pbn"), ("usebio", "t.xml")):
        out = tmp_path / name
        assert main(["--db", str(db), "export", "--evening", str(ev), "--format", fmt, "-o", str(out)]) == 0
        text = out.read_bytes().decode("utf-8")
        assert ("[Board \"4\"]\r\n" in text) if fmt == "pbn" else ("<USEBIO Version=\"1.2\">" in text)


# --- endplay reads our PBN ------------------------------------------------------------------------------------

def test_endplay_reads_the_pbn(db):
    pbn = pytest.importorskip("endplay.parsers.pbn")
    s, ev, gid = db
    session = _session(s, gid)
    sheet = session["sheet"]
    mp = px.is_mp(session)
    boards = pbn.loads(px.pbn(session, _evening(s, ev)))
    assert [b.board_num for b in boards] == [1, 2, 3, 4]
    expected = {(e["board"], e["ns"], e["ew"]): e for e in sheet.extra["results"]}
    unit, k = ("MP", "mp") if mp else ("IMP", "imp")
    n = 0
    for b in boards:
        assert b.info["Competition"] == "Pairs" and b.info["Event"] == "Piątek & <turniej>"
        table = b.info["ScoreTable"]
        cols = [c if isinstance(c, str) else c["name"] for c in table["headers"]]
        assert cols[:4] == ["Table", "Round", "PairId_NS", "PairId_EW"]
        for row in table["rows"]:
            r = dict(zip(cols, row))
            e = expected[(b.board_num, int(r["PairId_NS"]), int(r["PairId_EW"]))]
            n += 1
            score = None if r["Score_NS"] == r["Score_EW"] == "-" else \
                int(r["Score_NS"]) if r["Score_NS"] != "-" else -int(r["Score_EW"])
            assert score == e["score_ns"]
            assert _num(r[f"{unit}_NS"]) == pytest.approx(e[f"{k}_ns"], abs=0.005)
            assert _num(r[f"{unit}_EW"]) == pytest.approx(e[f"{k}_ew"], abs=0.005)
    assert n == len(expected)
    # the first board's game: its first result as the game's contract
    from endplay.types import Denom, Player
    c = boards[0].contract
    assert (c.level, c.denom, c.declarer, c.result) == (4, Denom.spades, Player.north, 0)
    assert boards[2].contract.is_passout()
    total = boards[0].info["TotalScoreTable"]
    assert len(total["rows"]) == len(sheet.extra["ranking"])
    # endplay splits a table row on white space, string tokens too: the quoted Names come back in pieces
    # ("Lena", "-", "Marek"); joined again they are the names
    first = total["rows"][0]
    assert " ".join(first[len(total["headers"]) - 1:]) == f'"{" - ".join(sheet.extra["ranking"][0]["players"])}"'
    assert [int(r[1]) for r in total["rows"]] == [it["pair"] for it in sheet.extra["ranking"]]


def test_a_mitchells_two_fields_in_pbn_and_usebio(tmp_path):
    """A Mitchell without an arrow switch has N-S and E-W winners: the TotalScoreTable gives each pair's Direction
    and its rank in it; USEBIO says two winners and each pair's direction and place."""
    s = Store(tmp_path / "m.db")
    ev = s.new_evening("2026-11-20", "Klub", "Mitchell")
    rec, rules, module = records.parse({  # board 1 at the three tables that play it: +420, +450, -50
        "format": "zapis/1", "ruleset": "bridge-pairs", "pairs": PAIRS, "rules": {"movement": "mitchell"},
        "results": [_res(1, 1, 4, "4S", "N", 10), _res(1, 3, 5, "4H", "S", 11), _res(1, 2, 6, "4S", "N", 9)]})
    gid = s.new_game(ev, 1, rec, rules, module, hands=rec.hands)
    session = _session(s, gid)
    head, rows = _table(_games(px.pbn(session, _evening(s, ev)))[0], "TotalScoreTable")
    assert [h.split("\\")[0] for h in head][:3] == ["Rank", "PairId", "Direction"]
    assert [(r["Rank"], r["PairId"], r["Direction"]) for r in rows] == [
        ("1", "3", "NS"), ("2", "1", "NS"), ("3", "2", "NS"), ("1", "6", "EW"), ("2", "4", "EW"), ("3", "5", "EW")]
    root = ET.fromstring(px.usebio(session, _evening(s, ev)).split("\n", 2)[2])
    assert root.findtext("EVENT/WINNER_TYPE") == "2"
    pairs = root.findall("EVENT/SESSION/SECTION/PARTICIPANTS/PAIR")
    assert [(p.findtext("PAIR_NUMBER"), p.findtext("DIRECTION"), p.findtext("PLACE")) for p in pairs] == [
        ("3", "NS", "1"), ("1", "NS", "2"), ("2", "NS", "3"), ("6", "EW", "1"), ("4", "EW", "2"), ("5", "EW", "3")]


def test_a_dealt_session_round_trips_through_endplay_with_its_deals_and_dd_tables(tmp_path):
    """Four boards dealt from a seed, stored with the session: endplay reads each board's deal back (the dealer's
    hand first, as the Deal tag has it) and its OptimumResultTable, which equals the solver's table for the deal."""
    pbn = pytest.importorskip("endplay.parsers.pbn")
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    from zapis.modules.bridge.deals import deal_board
    dealt = {b: deal_board("export", b) for b in (1, 2, 3, 4)}
    s = Store(tmp_path / "x.db")
    ev = s.new_evening("2026-11-20", "", "Piątek")
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-pairs", "pairs": PAIRS,
                                        "deals": [{"board": b, "deal": d.pbn()} for b, d in dealt.items()],
                                        # the leads of RESULTS were not made up from these deals
                                        "results": [{k: v for k, v in r.items() if k != "lead"} for r in RESULTS]})
    gid = s.new_game(ev, 1, rec, rules, module, hands=rec.hands)
    boards = pbn.loads(px.pbn(_session(s, gid), _evening(s, ev)))
    strains = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
    for b in boards:
        assert b.deal.to_pbn() == Deal(dealt[b.board_num].pbn()).to_pbn()
        table = calc_dd_table(b.deal)
        rows = b.info["OptimumResultTable"]["rows"]
        assert len(rows) == 20
        for seat, strain, tricks in rows:
            assert int(tricks) == table[strains[strain], Player.find(seat)], (b.board_num, seat, strain)
        assert b.info["OptimumScore"].split()[0] in ("NS", "EW") and b.info["ParContract"]
