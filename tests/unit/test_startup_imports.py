"""Speed issue #14: what the first frame needs is imported before it, the rest where it is used. A tablet's session
(`python -m zapis.web.session`) and the evening screen, whose first frame lists the games before any is scored, bring
in neither the command line, nor the records, the scoring core or the standings (they come after the first frame,
when the evening's games are scored). A fresh interpreter, so nothing another test imported counts."""

from __future__ import annotations

import subprocess
import sys

LATER = ("zapis.cli", "zapis.io.records", "zapis.core.module", "zapis.core.sheet", "zapis.core.fields", "zapis.club.evening",
         "zapis.modules")


def test_the_first_screen_imports_no_scoring():
    code = ("import sys, zapis.web.session, zapis.ui.app, zapis.ui.screens.evening\n"
            f"print(' '.join(m for m in {LATER!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split() == []


def test_a_game_still_finds_what_it_needs(tmp_path):
    """The store reads and scores a game with nothing imported beforehand (the imports moved into its methods)."""
    code = ("import sys\n"
            "from zapis.store import Store\n"
            "from zapis.io import records\n"
            f"s = Store({str(tmp_path / 'k.db')!r})\n"
            "rec, rules, module = records.parse({'format': 'zapis/1', 'ruleset': 'tysiac', "
            "'players': ['Ala', 'Bartek', 'Celina']})\n"
            "ev = s.new_evening('2026-11-20')\n"
            "gid = s.new_game(ev, 1, rec, rules, module, hands=[{'declarer': 'Ala', 'bid': 100, "
            "'points': {'Ala': 110, 'Bartek': 10, 'Celina': 0}}])\n"
            "print(s.scored(gid).sheet.totals, len(s.judged(ev)))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    # tysiąc: Ala bid 100 and took 110: she scores the bid, +100; Bartek 10 and Celina 0 score what they took
    assert out.stdout.split("}")[0] + "}" == "{'Ala': 100, 'Bartek': 10, 'Celina': 0}"
