"""The results site of a pairs session (zapis.io.export.site): every board and pair page there and linked from
the index, nothing loaded from elsewhere, names escaped, a phantom never ranked nor given a page."""

from __future__ import annotations

import re

from zapis.io import records
from zapis.io.export import export
from zapis.modules.bridge.deals import deal_board
from zapis.store import Store

PAIRS = {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"], "3": ['Ola "<b>As</b>"', "Ewa & Co"],
         "4": ["Gosia", "Henryk"], "5": ["Iza", "Janek"], "6": ["pauza", "widmo"]}
RESULTS = [
    {"board": 1, "ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 10},
    {"board": 1, "ns": 3, "ew": 4, "contract": "3NT", "declarer": "S", "tricks": 8},
    {"board": 1, "ns": 5, "ew": 6},
    {"board": 2, "ns": 1, "ew": 3, "contract": "2H", "declarer": "E", "tricks": 9},
    {"board": 2, "ns": 2, "ew": 5, "adjusted": "61.8/38.2"},
    {"board": 2, "ns": 4, "ew": 6},
    {"board": 3, "ns": 1, "ew": 5, "contract": "pass"},
]


def club(path) -> tuple[Store, int]:
    s = Store(path)
    ev = s.new_evening("2026-11-26", "Klub <As>", "Piątek & pary")
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-pairs", "rules": {"phantom": 6},
                                        "pairs": PAIRS, "results": RESULTS,
                                        "deals": [{"board": b, "deal": deal_board("site", b).pbn()} for b in (1, 2)]})
    s.new_game(ev, 1, rec, rules, module, hands=rec.hands)
    return s, ev


def test_every_board_and_pair_has_a_page_linked_from_the_index_and_nothing_comes_from_elsewhere(db):
    s, ev = club(db)
    files = export(s, ev, "site", "pl")
    assert set(files) == {"index.html", "board-1.html", "board-2.html", "board-3.html",
                          *(f"pair-{n}.html" for n in range(1, 6))}  # no page for the phantom (pair 6)
    for name, text in files.items():
        for href in re.findall(r'href="([^"]*)"', text):
            assert href in files, (name, href)  # every link leads to a page of the site
        assert not re.search(r'(src|href)="(https?:)?//|@import|url\(', text), name  # nothing from elsewhere
        assert "<b>As</b>" not in text and "Ewa & Co" not in text  # names are text
    index = files["index.html"]
    assert all(f'href="board-{b}.html"' in index for b in (1, 2, 3))
    assert all(f'href="pair-{n}.html"' in index for n in range(1, 6)) and "pair-6.html" not in index
    assert "Klub &lt;As&gt;" in index and "Piątek &amp; pary" in index


def test_a_board_page_has_the_deal_dd_par_and_every_line_with_its_per_cent(db):
    s, ev = club(db)
    files = export(s, ev, "site", "pl")
    board = files["board-2.html"]
    assert 'class="diagram"' in board and "Analiza w widne karty" in board and "Par:" in board
    # board 2 at three tables: top 2 × (3 − 1) = 4. 2♥+1 by E (140 for E-W) is the one real result of the three
    # lines: Neuberg (3/1) × (0 + 1) − 1 = 2 for each side (50 %); 61.8/38.2: 2.472 and 1.528; the phantom's
    # opponents (pair 4, N-S) 60 %: 2.4
    assert "<td>+1</td><td></td><td></td><td>140</td><td>2</td><td>2</td><td>50,00</td><td>50,00</td>" in board
    assert "<td>2,47</td><td>1,53</td>" in board
    assert "<td>61,80</td><td>38,20</td>" in board and "<td>60,00</td><td>40,00</td>" in board
    assert "pauza" in board  # the line against the phantom, so called
    assert "Rozkładu tego rozdania nie zapisano." in files["board-3.html"]  # board 3 was not dealt


def test_a_pair_page_is_its_card_of_the_evening(db):
    s, ev = club(db)
    card = export(s, ev, "site", "en")["pair-1.html"]
    assert card.count('href="board-') == 3  # boards 1, 2 and 3
    assert "2 Celina – Darek" in card and "3 Ola &quot;&lt;b&gt;As&lt;/b&gt;&quot; – Ewa &amp; Co" in card
    assert '<html lang="en">' in card and "Pair 1: Ala – Bartek" in card
