"""Every built-in ruleset describes itself in each language: a Polish player reads Polish on the rulesets screen
and in the new-game dialog, an English one English, and neither reads a word about where the rules came from."""

import re

import pytest

from zapis.io import rulesets
from zapis.core.words import say
from zapis.paths import builtin_rulesets_dir

# common words of the other language; a quoted name ("bez lew", „Zapis Chicago”) is a name in either
ENGLISH = {"the", "and", "of", "with", "each", "every", "player", "players", "trick", "tricks", "game", "games",
           "hand", "points", "deal", "score", "scores", "win", "wins", "when", "only", "for", "from", "is", "are"}
POLISH = {"gra", "gry", "gracz", "gracze", "graczy", "rozdanie", "rozdania", "rozdań", "punkty", "punktów", "lewa",
          "lewy", "lew", "i", "oraz", "jest", "się", "nie", "za", "dla", "albo", "lub", "każdy", "każda", "tylko",
          "wygrywa", "przy", "gdy", "który", "dostaje"}
QUOTED = re.compile(r'"[^"]*"|„[^”]*”|“[^”]*”')
SOURCE = re.compile(r"\bseeds?\b|ziarn", re.IGNORECASE)

# the shipped files (collected before the tests' own empty data directory exists, so no house variant of the
# machine running the tests is among them)
IDS = sorted(p.stem for p in builtin_rulesets_dir().glob("*.toml"))


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", QUOTED.sub(" ", text).lower()))


def test_every_builtin_ruleset_is_listed_and_loads():
    assert len(IDS) >= 30
    listed = rulesets.list_rulesets()
    assert [rid for rid, _, _ in listed] == IDS
    assert [(rid, title) for rid, module, title in listed if module == "?"] == []


@pytest.mark.parametrize("rid", IDS)
def test_the_description_is_given_in_both_languages(rid):
    d = rulesets.load(rid).description
    pl, en = say(d, "pl"), say(d, "en")
    assert pl.strip() and en.strip()
    assert pl != en


@pytest.mark.parametrize("rid", IDS)
def test_the_polish_description_reads_as_polish(rid):
    pl = say(rulesets.load(rid).description, "pl")
    assert _words(pl) & ENGLISH == set()
    assert _words(pl) & POLISH, "no common Polish word at all"


@pytest.mark.parametrize("rid", IDS)
def test_the_english_description_reads_as_english(rid):
    en = say(rulesets.load(rid).description, "en")
    assert _words(en) & POLISH == set()
    assert _words(en) & ENGLISH, "no common English word at all"


@pytest.mark.parametrize("rid", IDS)
def test_no_text_names_where_the_rules_came_from(rid):
    r = rulesets.load(rid)
    texts = [say(r.title, "pl"), say(r.title, "en"), say(r.description, "pl"), say(r.description, "en")]
    assert [t for t in texts if SOURCE.search(t)] == []


def test_the_quoted_names_are_all_that_is_left_out():
    assert _words('in "bez lew" at most 3') == {"in", "at", "most", "3"}
    assert _words("Polski „Zapis Chicago”: cykle") == {"polski", "cykle"}
