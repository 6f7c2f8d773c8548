"""The malformed-input corpus: each file says what zapis must answer (`# expect:` lines, in order).

Every case exits 2, prints one line per problem on standard error naming the file, the place and
the value, prints nothing on standard output, and never a traceback.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from zapis.cli import main

DATA = Path(__file__).resolve().parent.parent / "data"
RECORDS = sorted((DATA / "bad").glob("*.toml"))
RULESETS = sorted((DATA / "bad-rulesets").glob("*.toml"))


def expects(path: Path) -> list[str]:
    out = []
    for line in path.read_bytes().decode("utf-8", "replace").splitlines():
        if line.startswith("# expect: "):
            out.append(line[len("# expect: "):])
    return out


def run(capsys, argv):
    code = main(argv)
    cap = capsys.readouterr()
    return code, cap.out, cap.err.splitlines()


def check(path, code, out, lines):
    want = expects(path)
    assert want, f"{path.name} has no # expect: line"
    assert code == 2
    assert out == ""
    assert len(lines) == len(want), lines
    for line, w in zip(lines, want):
        assert w in line, (line, w)
        assert ".toml: " in line  # names the file
        assert "Traceback" not in line


def test_corpus_is_large_enough():
    assert len(RECORDS) + len(RULESETS) >= 30


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_bad_record(path, capsys):
    code, out, lines = run(capsys, ["score", str(path), "--json"])
    check(path, code, out, lines)
    assert all(line.startswith(str(path)) or "bad-rulesets" in line or "no-such-dir" in line for line in lines)


@pytest.mark.parametrize("path", RULESETS, ids=[p.stem for p in RULESETS])
def test_bad_ruleset(path, capsys):
    code, out, lines = run(capsys, ["rulesets", "check", str(path)])
    check(path, code, out, lines)


def test_bad_rules_on_the_command_line(capsys, tmp_path):
    good = tmp_path / "g.toml"
    good.write_text('format = "zapis/1"\nruleset = "bridge-rubber"\nplayers = ["A", "B", "C", "D"]\n')
    code, out, lines = run(capsys, ["score", str(good), "--rules", "nt_first=abc"])
    assert code == 2 and lines == [f'{good}: --rules.nt_first: "abc" is not a whole number']
    code, out, lines = run(capsys, ["score", str(good), "--rules", "nonsense"])
    assert code == 2 and lines == ["--rules nonsense: expected KEY=VALUE"]


def test_real_process_prints_no_traceback():
    """The installed entry point, as a user runs it, on a few of the worst cases."""
    for name in ("broken-toml", "not-utf8", "hand-not-table", "two-problems"):
        path = DATA / "bad" / f"{name}.toml"
        p = subprocess.run([sys.executable, "-m", "zapis", "score", str(path), "--json"],
                           capture_output=True, text=True)
        assert p.returncode == 2, p.stderr
        assert "Traceback" not in p.stderr and p.stdout == ""
        assert len(p.stderr.splitlines()) == len(expects(path))
