"""A malformed-input corpus generated from the valid sample records: wrong types, out-of-range
numbers, unknown names and keys, missing top-level keys, broken TOML, wrong encodings. Each case
exits 2 with one line per problem naming the file and the place, never a traceback, and nothing is
written to the store."""

import copy
import tomllib
from pathlib import Path

import pytest
import tomli_w

from zapis.cli import main
from zapis.store import Store

DATA = Path(__file__).resolve().parents[1] / "data"
VALID = sorted((DATA / "samples").glob("*.toml")) + sorted((DATA / "seeds").glob("*.toml")) + [
    DATA / "skat" / "seed-seeger-fabian.toml"]


def cases():
    """(name, bytes) for every mutation of every valid record."""
    out = []
    for path in VALID:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        hkey = "results" if "results" in data else "hands"
        for i, hand in enumerate(data[hkey][:3]):
            for field in list(hand):
                for label, bad in (("minus", -1000), ("table", {"zzz": 1})):
                    d = copy.deepcopy(data)
                    d[hkey][i][field] = bad
                    out.append((f"{path.stem}-{hkey}{i}-{field}-{label}", tomli_w.dumps(d).encode()))
            d = copy.deepcopy(data)
            d[hkey][i]["zzz_unknown"] = 1
            out.append((f"{path.stem}-{hkey}{i}-unknown-key", tomli_w.dumps(d).encode()))
        for label, change in (
            ("no-format", lambda d: d.pop("format")),
            ("format-2", lambda d: d.__setitem__("format", "zapis/2")),
            ("ruleset-unknown", lambda d: d.__setitem__("ruleset", "no-such-game")),
            ("top-unknown", lambda d: d.__setitem__("zzz_top", True)),
            ("rules-unknown", lambda d: d.__setitem__("rules", {"zzz_param": 1})),
        ):
            d = copy.deepcopy(data)
            change(d)
            out.append((f"{path.stem}-{label}", tomli_w.dumps(d).encode()))
        text = path.read_text(encoding="utf-8")
        out.append((f"{path.stem}-broken-toml", (text + "\n[[hands]\n").encode()))
        out.append((f"{path.stem}-truncated", (text[: len(text) // 2] + "\nzz = ").encode()))
        polish = 'title = "Zażółć gęślą jaźń"\n' + text.split("\n", 1)[0] + "\n" + text.split("\n", 1)[1]
        out.append((f"{path.stem}-cp1250", polish.encode("cp1250", errors="replace")))
    return out


CASES = cases()


def test_the_generated_corpus_is_large():
    assert len(CASES) >= 300


@pytest.mark.parametrize("name,raw", CASES, ids=[c[0] for c in CASES])
def test_generated_bad_record(name, raw, tmp_path, capsys):
    path = tmp_path / f"{name}.toml"
    path.write_bytes(raw)
    db = tmp_path / "store.db"
    code = main(["--db", str(db), "import", str(path)])
    cap = capsys.readouterr()
    assert code == 2, (name, cap.out, cap.err)
    lines = cap.err.strip().splitlines()
    assert lines and "Traceback" not in cap.err
    assert all(line.startswith(str(path)) and ": " in line[len(str(path)) + 2:] or line.startswith(str(path) + ": ")
               for line in lines), lines
    if db.exists():
        s = Store(db)
        assert s.games() == [] and s.evenings() == []
