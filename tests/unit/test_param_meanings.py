"""A ruleset parameter's meaning is said in the reader's language: every module's `params` give it in Polish
and in English (a Bi), each really in its own language, and `zapis rulesets show` prints the one asked for."""

import re

import pytest

from zapis.io import rulesets
from zapis.cli import main
from zapis.core.module import get_module, modules
from zapis.core.words import Bi

# common words of one language that a text in the other should not hold
ENGLISH = {"the", "and", "of", "with", "each", "every", "player", "players", "trick", "tricks", "game", "games",
           "hand", "hands", "deal", "deals", "point", "points", "when", "is", "are", "or", "for", "per", "by",
           "from", "than", "not", "if", "who", "which", "what", "this", "that", "one", "two", "three", "four",
           "bid", "score", "scores", "won", "lost", "side", "bonus"}
POLISH = {"gra", "gry", "gracz", "gracze", "graczy", "rozdanie", "rozdania", "rozdań", "punkty", "punktów",
          "lewa", "lewę", "gdy", "jest", "i", "oraz", "albo", "lub", "nie", "się", "za", "dla", "przy", "jeśli",
          "każdy", "każdą", "który", "która", "wartość", "premia"}

# what is typed stays as it is in both languages: "pass", `last`, grand-four, slam_score, C/D/H/S
TYPED = re.compile(r'"[^"]*"|`[^`]*`')
WORD = re.compile(r"[^\W\d][\w'-]*")


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(TYPED.sub(" ", text))}


PARAMS = [pytest.param(p, id=f"{mid}.{p.name}") for mid, m in sorted(modules().items()) for p in m.params]


def test_every_module_has_params():
    assert len(PARAMS) > 100
    assert all(m.params for m in modules().values())


@pytest.mark.parametrize("p", PARAMS)
def test_meaning_in_both_languages(p):
    assert isinstance(p.meaning, Bi)
    pl, en = p.meaning.pl, p.meaning.en
    assert pl.strip() and en.strip() and pl != en
    assert not _words(pl) & ENGLISH, f"English in the Polish: {sorted(_words(pl) & ENGLISH)}"
    assert not _words(en) & POLISH, f"Polish in the English: {sorted(_words(en) & POLISH)}"


def test_the_word_lists_catch_the_other_language():
    assert _words("the declarer wins") & ENGLISH
    assert _words("gracz na beczce") & POLISH
    assert not _words('rozdanie, w którym wszyscy spasowali: "pass" albo grand-four') & ENGLISH


def _collapsed(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang, other", [("pl", "en"), ("en", "pl")])
def test_rulesets_show_says_meanings_in_the_cli_language(capsys, lang, other):
    assert main(["--lang", lang, "rulesets", "show", "tysiac"]) == 0
    out = _collapsed(capsys.readouterr().out)
    module = get_module(rulesets.load("tysiac").module)
    for p in module.params:
        assert _collapsed(p.meaning.say(lang)) in out, p.name
        assert _collapsed(p.meaning.say(other)) not in out, p.name


def test_rulesets_show_polish_and_english_differ(capsys):
    assert main(["--lang", "pl", "rulesets", "show", "tysiac"]) == 0
    pl = capsys.readouterr().out
    assert main(["--lang", "en", "rulesets", "show", "tysiac"]) == 0
    en = capsys.readouterr().out
    assert "beczka" in pl and "the barrier (beczka)" not in _collapsed(pl)
    assert "the barrier (beczka)" in _collapsed(en)
