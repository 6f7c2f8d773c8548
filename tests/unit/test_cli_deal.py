"""`zapis deal` (a reproducible hand record as PBN or A4 sheets), `zapis import deals.pbn --evening E` (attached
to the evening's pairs session), `pairs new --phantom --factoring`, and a session dealt, imported and scored
agreeing with endplay's double dummy on every board."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from zapis.cli import main
from zapis.store import Store

PAIRS9 = ["Ala,Bartek", "Celina,Darek", "Ewa,Filip", "Gosia,Henryk", "Irena,Jan", "Kasia,Leszek", "Marta,Norbert",
          "Ola,Piotr", "Rysia,Staś"]


def run(capsys, *argv):
    code = main(["--lang", "en", *argv])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def deals_of(pbn: str) -> dict[int, str]:
    boards = [int(b) for b in re.findall(r'\[Board "(\d+)"\]', pbn)]
    return dict(zip(boards, re.findall(r'\[Deal "([^"]+)"\]', pbn)))


def test_the_same_seed_deals_the_same_boards_each_a_whole_pack(capsys):
    code, first, _ = run(capsys, "deal", "--boards", "1-24", "--seed", "klub-27")
    assert code == 0
    _, again, _ = run(capsys, "deal", "--boards", "1-24", "--seed", "klub-27")
    _, other, _ = run(capsys, "deal", "--boards", "1-24", "--seed", "klub-28")
    assert first == again and deals_of(first) != deals_of(other)
    deals = deals_of(first)
    assert sorted(deals) == list(range(1, 25))
    for board, text in deals.items():
        hands = text[2:].split(" ")
        cards = [(suit, rank) for hand in hands for suit, ranks in zip("SHDC", hand.split(".")) for rank in ranks]
        assert len(hands) == 4 and all(sum(map(len, h.split("."))) == 13 for h in hands)
        assert len(set(cards)) == 52 and Counter(s for s, _ in cards) == {s: 13 for s in "SHDC"}
    # Law 2 and the 16-board cycle: board 1 N/none, 2 E/N-S, 3 S/E-W, 4 W/both, 5 N/N-S; a deal starts with
    # its dealer, as a PBN file writes it
    tags = re.findall(r'\[Dealer "(\w)"\]\r?\n\[Vulnerable "(\w+)"\]', first)
    assert tags[:5] == [("N", "None"), ("E", "NS"), ("S", "EW"), ("W", "All"), ("N", "NS")]
    assert deals[2].startswith("E:") and deals[17].startswith("N:")
    assert "--seed klub-27" in first.splitlines()[1]  # the key is written with the deals, to deal them again


def test_a_new_random_key_is_printed_with_the_deals_and_deals_them_again(capsys):
    _, pbn, _ = run(capsys, "deal", "--boards", "1-4")
    key = re.search(r"--seed (\S+)", pbn).group(1)
    _, again, _ = run(capsys, "deal", "--boards", "1-4", "--seed", key)
    assert deals_of(again) == deals_of(pbn)


def test_endplay_reads_the_dealt_pbn_and_its_deals_are_ours(capsys):
    pbn = pytest.importorskip("endplay.parsers.pbn")
    _, text, _ = run(capsys, "deal", "--boards", "1-8", "--seed", "x")
    boards = pbn.loads(text)
    ours = deals_of(text)
    assert [b.board_num for b in boards] == list(range(1, 9))
    for b in boards:
        mine = ours[b.board_num]
        first = "NESW".index(mine[0])
        seats = ["NESW"[(first + i) % 4] for i in range(4)]
        for seat, hand in zip(seats, mine[2:].split(" ")):
            assert b.deal.to_pbn().find(hand) >= 0, (b.board_num, seat)


def test_the_a4_sheets_show_every_board_and_with_the_analysis_its_dd_and_par(capsys, tmp_path):
    out = tmp_path / "deals.html"
    code, said, _ = run(capsys, "deal", "--boards", "1-6", "--seed", "x", "--format", "html", "--analysis",
                        "--title", "Klub <Pik>", "-o", str(out))
    assert code == 0 and said.strip() == str(out)
    page = out.read_text(encoding="utf-8")
    assert all(f"<h2>Board {b}</h2>" in page for b in range(1, 7))
    assert page.count('class="diagram"') == 6 and page.count("Double dummy") == 6 and page.count("Par:") == 6
    assert "Klub &lt;Pik&gt;" in page and "<Pik>" not in page and "dealt with the key: x" in page
    code, _, err = run(capsys, "deal", "--boards", "1-6", "--seed", "x", "--format", "html", "-o", str(out))
    assert code == 2 and "exists already" in err and out.read_text(encoding="utf-8") == page  # never replaced
    _, plain, _ = run(capsys, "deal", "--boards", "1-2", "--seed", "x", "--format", "html")
    assert "Double dummy" not in plain  # the boards to make up: no analysis unless asked


@pytest.mark.parametrize("argv, place", [(["--boards", "0-3"], "--boards"), (["--boards", "5-1"], "--boards"),
                                         (["--boards", "1-1000"], "--boards"), (["--seed", ""], "--seed"),
                                         (["--seed", "a\x1bb"], "--seed"), (["--title", "x\x07"], "--title")])
def test_bad_options_are_one_line_each_naming_the_option(capsys, argv, place):
    code, out, err = run(capsys, "deal", *argv)
    assert code == 2 and out == "" and err.startswith(place) and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def _session(capsys, db, *extra):
    argv = ["--db", str(db), "pairs", "new", "--title", "Klub"]
    for pair in PAIRS9[:8]:
        argv += ["--pair", pair]
    code, out, err = run(capsys, *argv, *extra)
    assert code == 0, err
    return int(re.search(r"game (\d+) \(evening (\d+)", out).group(2))


@pytest.mark.slow  # 12 boards solved twice (zapis's and the test's own)
def test_a_dealt_record_imported_into_a_session_scores_as_endplay_solves_it(capsys, tmp_path):
    """12 boards dealt (every dealer three times, every vulnerability), attached to the session, exported as a
    record and scored: every board's dd table is
    endplay's calc_dd_table of the deal, and its par score endplay's par for the board's dealer and vulnerability."""
    from endplay.dds import calc_all_tables, par
    from endplay.types import Deal, Denom, Player, Vul

    db = tmp_path / "club.db"
    evening = _session(capsys, db, "--boards-per-round", "4", "--rounds", "3")  # 4-table Howell, 3 rounds × 4
    pbn = tmp_path / "deals.pbn"
    assert run(capsys, "deal", "--boards", "1-12", "--seed", "piątek", "-o", str(pbn))[0] == 0
    code, out, err = run(capsys, "--db", str(db), "import", str(pbn), "--evening", str(evening))
    assert code == 0 and out.strip() == f"game 1 (evening {evening}): 12 deals", err
    record = tmp_path / "session.toml"
    assert run(capsys, "--db", str(db), "export", "--evening", str(evening), "--format", "toml",
               "-o", str(record))[0] == 0
    code, out, err = run(capsys, "score", str(record), "--json")
    assert code == 0, err
    boards = json.loads(out)["boards"]
    dealt = deals_of(pbn.read_text(encoding="utf-8"))
    assert [b["board"] for b in boards] == list(range(1, 13))
    strains = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    vuls = [Vul.none, Vul.ns, Vul.ew, Vul.both]
    tables = calc_all_tables([Deal(dealt[b["board"]]) for b in boards])
    for b, table in zip(boards, tables):
        for seat in "NESW":
            for strain, denom in strains.items():
                assert b["dd"][seat][strain] == table[denom, Player.find(seat)], (b["board"], seat, strain)
        n = b["board"] - 1
        # Law 2: dealer N E S W in turn; vulnerability none, NS, EW, both rotated by one every four boards
        vul = vuls[(n % 4 + n // 4) % 4]
        assert b["par"]["score_ns"] == par(table, vul, Player.find("NESW"[n % 4])).score


def test_a_hand_record_needs_a_session_and_a_whole_deal_naming_the_line(capsys, tmp_path):
    db = tmp_path / "club.db"
    pbn = tmp_path / "deals.pbn"
    run(capsys, "deal", "--boards", "1-2", "--seed", "x", "-o", str(pbn))
    code, _, err = run(capsys, "--db", str(db), "import", str(pbn))
    assert code == 2 and err.startswith("--evening") and len(err.splitlines()) == 1
    assert run(capsys, "--db", str(db), "evening", "new", "--date", "2026-11-27")[0] == 0
    code, _, err = run(capsys, "--db", str(db), "import", str(pbn), "--evening", "1")
    assert code == 2 and err.startswith("--evening") and "no such duplicate pairs session" in err
    evening = _session(capsys, db, "--evening", "1")
    text = pbn.read_text(encoding="utf-8")
    broken = text.replace(deals_of(text)[2], deals_of(text)[2][:-1])  # board 2: a card short
    pbn.write_text(broken, encoding="utf-8")
    line = next(i for i, x in enumerate(broken.splitlines(), start=1) if x.startswith("[Deal") and '"E:' in x)
    code, _, err = run(capsys, "--db", str(db), "import", str(pbn), "--evening", str(evening))
    assert code == 2 and err.startswith(f"{pbn}:{line}") and "Traceback" not in err
    with Store(db) as s:  # nothing attached: all or nothing
        assert not s.record(s.games(evening)[0].id)[1]["deals"]


def test_a_phantom_completes_nine_pairs_its_results_recorded_and_it_is_never_ranked(capsys, db):
    """9 pairs and a phantom: a 5-table Howell whose stationary pair 10 (table 1) is the phantom, so table 1 is
    the bye: each of its 9 rounds × 2 boards is a phantom line (18); the live ranking has 9 pairs, none pair 10."""
    argv = ["--db", str(db), "pairs", "new", "--phantom", "--factoring", "none"]
    for pair in PAIRS9:
        argv += ["--pair", pair]
    code, out, err = run(capsys, *argv)
    assert code == 0 and "5 tables, 9 rounds" in out, err
    code, out, _ = run(capsys, "--db", str(db), "pairs", "status", "--json")
    status = json.loads(out)
    assert status["results_in"] == 18 and status["results"] == 90
    assert all(bool(t.get("phantom")) == (t["table"] == 1) for r in status["progress"] for t in r["tables"])
    assert sorted(int(r["pair"]) for r in status["ranking"]) == list(range(1, 10))
    with Store(db) as s:
        rules = s.record(1)[1]
        assert rules["phantom"] == 10 and rules["factoring"] == "none"
        assert all(set(h) == {"board", "ns", "ew", "table", "round"} and 10 in (h["ns"], h["ew"])
                   for h in s.hands(1))
    code, out, _ = run(capsys, "--db", str(db), "standings", "--evening", "1", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 18 and "phantom" not in {r["player"] for r in rows}  # nine pairs, no phantom
    assert {r["place_points"] for r in rows} == {5.0}  # nine places, all tied at 60 % so far: (9 + ... + 1) / 9
    code, _, err = run(capsys, "--db", str(db), "pairs", "new", "--phantom", "--pair", "A,B", "--pair", "C,D")
    assert code == 2 and err.startswith("--phantom") and len(err.splitlines()) == 1


def test_the_site_of_two_sessions_is_a_folder_each(capsys, tmp_path):
    db = tmp_path / "club.db"
    evening = _session(capsys, db)
    _session(capsys, db, "--evening", str(evening), "--table", "2")
    out = tmp_path / "site"
    code, said, err = run(capsys, "--db", str(db), "export", "--evening", str(evening), "--format", "site",
                          "-o", str(out))
    assert code == 0, err
    assert (out / "game-1" / "index.html").is_file() and (out / "game-2" / "index.html").is_file()
    assert len(said.splitlines()) == len(list(out.rglob("*.html")))
