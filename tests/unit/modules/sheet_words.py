"""Helpers for the one-language tests of the scoring modules (issue #18): a sheet printed as `zapis score` prints it,
in Polish and in English, and words that must be in one and not in the other."""

from __future__ import annotations

import re

from rich.console import Console

from zapis.io import records
from zapis.core.errors import ZapisError
from zapis.core.sheet import Sheet
from zapis.io.render import sheet_renderable


def sheet(data: dict) -> Sheet:
    rec, rules, module = records.parse({"format": "zapis/1", **data})
    return records.score(rec, rules, module)


def printed(s: Sheet, lang: str) -> str:
    con = Console(width=200, record=True, file=open("/dev/null", "w"))
    con.print(sheet_renderable(s, lang=lang))
    return con.export_text()


def has(text: str, word: str) -> bool:
    """The word (or phrase) as a whole word: "deal" is not found in "deals"."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


def one_language(s: Sheet, pl_words: list[str], en_words: list[str]) -> tuple[str, str]:
    """The sheet printed in both languages; each Polish word only in the Polish one, each English word only in the
    English one, and no "pl / en" pair left in either."""
    pl, en = printed(s, "pl"), printed(s, "en")
    for w in pl_words:
        assert has(pl, w), f"{w!r} not in the Polish sheet:\n{pl}"
        assert not has(en, w), f"{w!r} in the English sheet:\n{en}"
    for w in en_words:
        assert has(en, w), f"{w!r} not in the English sheet:\n{en}"
        assert not has(pl, w), f"{w!r} in the Polish sheet:\n{pl}"
    return pl, en


def problem(data: dict):
    """The first problem a record raises."""
    try:
        sheet(data)
    except ZapisError as e:
        return e.problems[0]
    raise AssertionError("the record was accepted")


def said_in_one_language(p, pl_words: list[str], en_words: list[str]) -> None:
    pl, en = p.say("pl"), p.say("en")
    for w in pl_words:
        assert has(pl, w) and not has(en, w), (w, pl, en)
    for w in en_words:
        assert has(en, w) and not has(pl, w), (w, pl, en)
