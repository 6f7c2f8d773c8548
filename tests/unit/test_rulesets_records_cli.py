"""Rulesets (extends, listing, show), records (write, read, score), the CLI, and core purity."""

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import score
from zapis.io import records, rulesets
from zapis.cli import main
from zapis.core.module import modules

ROOT = Path(__file__).resolve().parents[2]
SEED_RUBBER = ROOT / "tests" / "data" / "seeds" / "seed-rubber.toml"
RUBBER = """format = "zapis/1"
ruleset = "bridge-rubber"
players = ["Ala", "Bartek", "Celina", "Darek"]
title = "Piątek u Bogdana"
date = 2026-11-20

[[hands]]
contract = "3NT"
declarer = "N"
tricks = 9

[[hands]]
contract = "2H"
declarer = "E"
tricks = 8

[[hands]]
contract = "2H"
declarer = "E"
double = "XX"
tricks = 7

[[hands]]
contract = "4H"
declarer = "E"
tricks = 10

[[hands]]
contract = "6NT"
declarer = "E"
tricks = 12
"""


def test_builtin_modules_register_through_the_entry_point_group():
    assert {"bridge", "bridge-pairs"} <= set(modules())


def test_every_builtin_ruleset_loads():
    listed = rulesets.list_rulesets()
    assert {r[0] for r in listed} >= {"bridge-rubber", "bridge-chicago", "bridge-chicago-acbl", "bridge-imp",
                                      "bridge-old-polish", "bridge-pairs", "bridge-pairs-imp", "bridge-butler"}
    assert all(not title.startswith("broken") for _, _, title in listed)


def test_extends_builds_a_house_variant(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "bridge-chicago-acbl"\ntitle = "U Bogdana"\n[rules]\nfourth_deal_partscore_bonus = 50\n')
    r = rulesets.load(str(house))
    assert r.module == "bridge" and r.title == "U Bogdana"
    assert r["fourth_deal_partscore_bonus"] == 50
    assert r["carry_over"] is True  # from bridge-chicago-acbl
    assert r["scoring"] == "chicago"  # from bridge-chicago
    assert r.chain == ("bridge-chicago-acbl", "bridge-chicago")
    assert r.origin["fourth_deal_partscore_bonus"] == "house" and r.origin["insult"] == "default"


def test_user_rulesets_dir_is_searched_by_id(tmp_path, monkeypatch):
    from zapis.paths import user_rulesets_dir
    d = user_rulesets_dir()
    d.mkdir(parents=True)
    (d / "moj-rober.toml").write_text('extends = "bridge-rubber"\n[rules]\nunfinished_partscore_bonus = 50\n')
    assert rulesets.load("moj-rober")["unfinished_partscore_bonus"] == 50


def test_record_round_trip(tmp_path):
    src = tmp_path / "r.toml"
    src.write_text(RUBBER, encoding="utf-8")
    rec, rules, module = records.read(src)
    first = records.score(rec, rules, module).to_json()
    out = tmp_path / "copy.toml"
    records.write(rec, out, module)
    rec2, rules2, module2 = records.read(out)
    assert rec2.title == "Piątek u Bogdana" and str(rec2.date) == "2026-11-20"
    assert records.score(rec2, rules2, module2).to_json() == first


def test_record_rules_override_applies_to_this_game_only():
    hands = [{"contract": "2S", "declarer": "N", "tricks": 8}]
    base = {"ruleset": "bridge-rubber", "players": ["A", "B", "C", "D"], "hands": hands}
    assert score(base)["totals"]["A"] == 160
    assert score({**base, "rules": {"unfinished_partscore_bonus": 50}})["totals"]["A"] == 110
    assert score(base, overrides={"unfinished_partscore_bonus": 0})["totals"]["A"] == 60


def test_score_json_has_the_spec_shape(capsys):
    assert main(["score", str(SEED_RUBBER), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out)[:8] == ["ruleset", "module", "players", "hands", "totals", "finished", "winner", "next"]
    assert out["ruleset"] == "bridge-rubber" and out["module"] == "bridge"
    assert out["totals"] == {"Ala": 300, "Bartek": 1620, "Celina": 300, "Darek": 1620}
    assert out["sides"] == {"NS": 300, "EW": 1620}
    assert set(out["hands"][0]) == {"scores", "totals"}


def test_score_prints_the_sheet(capsys, tmp_path):
    src = tmp_path / "r.toml"
    src.write_text(RUBBER, encoding="utf-8")
    assert main(["--lang", "pl", "score", str(src)]) == 0
    text = capsys.readouterr().out
    # the contract as a Polish sheet writes it: 6BA (issue 36), the record's 6NT in English
    assert "nad kreską" in text and "pod kreską" in text and "1620" in text and "6BA" in text and "6NT" not in text
    assert "above" not in text and "Rubber bridge" not in text  # one language at a time
    assert main(["--lang", "en", "score", str(src)]) == 0
    text = capsys.readouterr().out
    assert "above the line" in text and "Rubber bridge" in text and "nad kreską" not in text
    assert "6NT" in text and "6BA" not in text


def test_score_rules_flag(capsys, tmp_path):
    src = tmp_path / "r.toml"
    src.write_text(RUBBER.split("[[hands]]")[0] + '[[hands]]\ncontract = "2S"\ndeclarer = "N"\ntricks = 8\n')
    assert main(["score", str(src), "--json", "--rules", "unfinished_partscore_bonus=50"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"]["Ala"] == 110


def test_rulesets_commands(capsys):
    assert main(["rulesets"]) == 0
    assert "bridge-imp" in capsys.readouterr().out
    assert main(["rulesets", "show", "bridge-chicago-acbl"]) == 0
    text = capsys.readouterr().out
    assert "carry_over" in text and "fourth_deal_partscore_bonus" in text
    assert main(["rulesets", "check", str(ROOT / "rulesets" / "bridge-old-polish.toml")]) == 0
    assert "ok" in capsys.readouterr().out


def test_core_imports_without_textual():
    code = (
        "import sys, zapis.core.sheet, zapis.core.module, zapis.io.rulesets, zapis.io.records\n"
        "import zapis.modules.bridge.module, zapis.modules.bridge.pairs\n"
        f"print(zapis.io.records.score_file({str(SEED_RUBBER)!r}).totals)\n"
        "assert not any(m == 'textual' or m.startswith('textual.') for m in sys.modules), 'textual imported'\n"
        "assert 'sqlite3' not in sys.modules\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "1620" in p.stdout
