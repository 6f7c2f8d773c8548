"""One language at a time on the command line: every command, its help, its messages for bad input and the
human text of what it exports, in Polish and in English, checked against the other language's words (the
screens' walk is tests/ui/test_one_language.py). What a person types stays as typed: commands, options, the
choices of an option, file names and ruleset ids are not words of either language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.ui.test_one_language import foreign
from zapis.cli import main
from zapis.demo import build_demo

SAMPLES = Path(__file__).parents[1] / "data" / "samples"
BAD = Path(__file__).parents[1] / "data" / "bad"

#: words both languages write ("to": Polish "this"; "data": Polish "date"; "folder")
SHARED = {"to", "data", "folder"}
#: the commands and their words, typed as they are in either language (a quoted word is a value to type)
TYPED = re.compile(r"`[^`\n]+`|^ {4}[\w-]+ |'[\w-]+'|\"[\w-]+\"|--?[\w-]+|\{[\w,-]+\}|\bzapis(?: \w+){1,2}\b|\b(?:players rename|evening show|rulesets show|"
                   r"rulesets check|pairs status|skat ranking|restore|standings|score|db check)\b|\S+\.(?:toml|db|"
                   r"csv|html|json|pbn)\b|/\S+|\b(?:new|list|show|check|rename|draw|ranking|status|matchpoints|"
                   r"cross-imps|butler|howell|mitchell|travellers|usebio)\b", re.M)


def commands(tmp: Path) -> list[list[str]]:
    season = ["2020-01-01", "2030-12-31"]
    return [
        ["--help"], *([c, "--help"] for c in ("score", "rulesets", "evening", "import", "standings", "export",
                                              "backup", "restore", "db", "players", "app", "board", "serve",
                                              "tablets", "movement")),
        ["pairs", "new", "--help"], ["pairs", "status", "--help"], ["skat", "draw", "--help"],
        ["skat", "ranking", "--help"],
        ["rulesets"], ["rulesets", "show", "bridge-rubber"], ["rulesets", "show", "skat-tournament"],
        ["rulesets", "show", "kop"], ["rulesets", "show"], ["rulesets", "check", str(BAD / "contract-level-8.toml")],
        ["score", str(SAMPLES / "bridge-chicago.toml")], ["score", str(SAMPLES / "skat-house.toml")],
        ["score", str(SAMPLES / "kop.toml")], ["score", str(SAMPLES / "tysiac.toml")],
        ["score", str(SAMPLES / "kierki.toml")], ["score", str(SAMPLES / "bridge-pairs.toml")],
        ["score", str(BAD / "contract-level-8.toml")], ["score", str(BAD / "broken-toml.toml")],
        ["score", str(tmp / "none.toml")], ["score", str(SAMPLES / "kop.toml"), "--rules", "x"],
        ["evening", "list"], ["evening", "show", "1"], ["evening", "show", "99"], ["evening", "show"],
        ["evening", "new", "--date", "x"], ["evening", "bogus"],
        ["import", str(SAMPLES / "kop.toml"), "--evening", "1", "--table", "7"],
        ["import", str(BAD / "contract-level-8.toml"), "--evening", "1"],
        ["import", str(SAMPLES / "kop.toml"), "--evening", "1", "--table", "0"],
        ["standings"], ["standings", "--evening", "1"], ["standings", "--evening", "99"], ["standings", "--stats"],
        ["standings", "--season", *season], ["standings", "--season", *season, "--stats"],
        ["standings", "--season", *season, "--ratings"], ["standings", "--season", "x", "2020-01-01"],
        ["standings", "--season", "2030-01-01", "2020-01-01"],
        ["export", "--evening", "1", "--format", "csv", "-o", str(tmp / "csv")],
        ["export", "--evening", "1", "--format", "csv", "-o", str(tmp / "csv")],
        ["export", "--evening", "1", "--format", "html", "-o", str(tmp / "evening.html")],
        ["export", "--evening", "1", "--format", "travellers", "-o", str(tmp / "travellers.html")],
        ["export", "--season", *season, "--format", "html", "-o", str(tmp / "season.html")],
        ["export", "--season", *season, "--format", "csv", "-o", str(tmp / "season")],
        ["export", "--season", *season, "--format", "toml"], ["export", "--evening", "1"],
        ["export", "--evening", "1", "--format", "csv", "-o", str(tmp / "no" / "folder" / "x.csv")],
        ["backup", str(tmp / "copy.db")], ["backup", str(tmp / "copy.db")], ["backup", str(tmp)],
        ["restore"], ["restore", str(tmp / "none.db")], ["db", "check"],
        ["players"], ["players", "rename", "Nobody", "X"], ["players", "rename", "Ala"],
        ["players", "rename", "Ala", "Bartek"],
        ["tablets", "--cards", str(tmp / "cards.html")], ["tablets", "--tables", "0"],
        ["pairs", "new", "--evening", "1", "--table", "5", "--pair", "A,B", "--pair", "C,D", "--pair", "E,F",
         "--pair", "G,H"],
        ["pairs", "new", "--pair", "A", "--evening", "1"], ["pairs", "new", "--evening", "1"], ["pairs", "status"],
        ["skat", "draw", "--players", *"ABCDEFG", "--series", "2", "--seed", "1"],
        ["skat", "draw", "--players", "A", "B"], ["skat", "draw", "--players", *"ABC", "--series", "x"],
        ["skat", "ranking", "--evening", "1"],
        ["movement", "howell", "--tables", "3"], ["movement", "mitchell", "--tables", "4", "--relay"],
        ["movement", "mitchell", "--tables", "x"], ["movement", "howell", "--tables", "3", "--relay"],
        ["serve", "--port", "x"], ["nosuchcommand"],
    ]


#: where a problem is, at the start of its line after the file: a record's keys as the file writes them
PLACE = re.compile(r"^\s*(?:\S+\.toml: )?[\w.\[\]*]+(?=: )", re.M)


def wrong_words(text: str, lang: str) -> set[str]:
    return foreign(TYPED.sub(" ", PLACE.sub(" ", text)), lang) - SHARED


def human_text(path: Path) -> str:
    """What a person reads in an exported file: an HTML page's text, a CSV's headers and cells."""
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    if path.suffix == ".html":
        text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
        text = re.sub(r"<[^>]+>|&\w+;", " ", text)
    return text


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_every_command_speaks_one_language(tmp_path, capsys, monkeypatch, lang):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no remembered language of this machine
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    db = tmp_path / "club.db"
    build_demo(db, lang)
    out = tmp_path / "out"
    out.mkdir()
    seen: dict[str, set[str]] = {}
    codes = []
    for argv in commands(out):
        try:
            code = main(["--lang", lang, "--db", str(db), *argv])
        except SystemExit as e:  # argparse: -h (0) and its own errors (2)
            code = e.code
        codes.append(code)
        said = capsys.readouterr()
        assert "Traceback" not in said.err, argv
        assert code in (0, 2), (argv, code, said.err)
        bad = wrong_words(said.out + said.err, lang)
        if bad:
            seen[" ".join(argv)] = bad
    files = [f for f in out.rglob("*") if f.suffix in (".csv", ".html")]
    assert len(files) >= 6  # the walk did export: the evening's CSV and HTML, the season's, the cards
    for f in files:
        bad = wrong_words(human_text(f), lang)
        if bad:
            seen[f.name] = bad
    assert codes.count(0) >= 40 and codes.count(2) >= 25  # both what works and what is refused were read
    assert not seen, "; ".join(f"{k}: {sorted(v)}" for k, v in seen.items())


def test_the_word_lists_catch_the_other_language():
    """The check can fail: an English line in Polish mode and a Polish one in English mode are found."""
    assert wrong_words("restore: no automatic backups in x", "pl") == {"no"}
    assert wrong_words("gra 3 (wieczór 1, stół 7): 2 rozdania", "en") >= {"gra", "stół", "rozdania"}


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_what_serve_prints_is_in_one_language(tmp_path, lang):
    """zapis serve's addresses, code and keys, printed in the language it serves (--lang, else remembered)."""
    from zapis.web.serve import build_server

    text = build_server(str(tmp_path / "a.db"), lang, "0.0.0.0", 8000).announce()
    assert not wrong_words(text, lang) and ("Kierownik" in text if lang == "pl" else "Director" in text)
