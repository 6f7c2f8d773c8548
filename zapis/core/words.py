"""Texts a pure module writes in both languages, for the renderer to pick one.

A sheet's labels, titles, notes and a module's messages are `Bi` values: a `str` holding the Polish text
(so sorting, hashing, JSON and every plain-string use keep working) that also carries the English one.
A renderer (the game screen, `zapis score`, an export, the CLI's problem lines) says it in its language
with `say(text, lang)`; anything that is not a `Bi` (a player's name, a number) is shown as it is.
"""

from __future__ import annotations

from typing import Any

LANGS = ("pl", "en")


class Bi(str):
    """A text in Polish (the str itself) and English (`.en`). Names are never put in one as markup: a
    Bi is plain text like any other."""

    en: str

    def __new__(cls, pl: str, en: str | None = None) -> Bi:
        self = super().__new__(cls, pl)
        self.en = pl if en is None else en
        return self

    @property
    def pl(self) -> str:
        return str.__str__(self)

    def say(self, lang: str) -> str:
        return self.en if lang == "en" else str.__str__(self)

    def __add__(self, other: Any) -> Any:  # "a" + "b" keeps both languages when both sides have them
        if isinstance(other, Bi):
            return Bi(self.pl + other.pl, self.en + other.en)
        if isinstance(other, str):
            return Bi(self.pl + other, self.en + other)
        return NotImplemented

    def __radd__(self, other: Any) -> Any:
        if isinstance(other, str):
            return Bi(other + self.pl, other + self.en)
        return NotImplemented

    def __reduce__(self):  # copies and pickles keep the English
        return (Bi, (self.pl, self.en))

    def __repr__(self) -> str:
        return f"Bi({self.pl!r}, {self.en!r})"


def say(text: Any, lang: str) -> str:
    """`text` in `lang` ("pl" or "en"): a Bi's language, anything else as it is (None as "")."""
    if isinstance(text, Bi):
        return text.say(lang)
    return "" if text is None else str(text)


def join(sep: str, texts: list[Any]) -> Bi:
    """Texts joined, each language with its own words."""
    return Bi(sep.join(say(x, "pl") for x in texts), sep.join(say(x, "en") for x in texts))





def both(text: Any) -> Any:
    """A ruleset's title written "Polish / English" (the convention of ruleset files) as a Bi; any other text,
    or one that already is a Bi, as it is."""
    if isinstance(text, Bi) or not isinstance(text, str) or text.count(" / ") != 1:
        return text
    pl, en = text.split(" / ")
    return Bi(pl.strip(), en.strip())


def raw(text: Any) -> Any:
    """The inverse of `both`: a Bi as "Polish / English", for storing where only a str fits."""
    if isinstance(text, Bi) and text.en != text.pl:
        return f"{text.pl} / {text.en}"
    return text
__all__ = ["Bi", "LANGS", "both", "join", "raw", "say"]


def plural_pl(n: int, one: str, few: str, many: str) -> str:
    """The Polish noun for n things: 1 rozdanie, 2-4 (and 22-24, ...) rozdania, else rozdań (5, 12-14, 25)."""
    if n == 1:
        return one
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return few
    return many
