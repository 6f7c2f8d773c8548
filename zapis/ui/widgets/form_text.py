"""The entry form's values as text: a typed number or list read (FormError naming the field when it is not
one), whether a whole number being typed is complete or can no longer come into its range, a field's hint and
a range's bounds as the UI writes them, and the marks before a field's label."""

from __future__ import annotations

from typing import Any

from zapis.core.errors import Problem
from zapis.core.words import Bi
from zapis.core.fields import Field
from zapis.lang import get_lang


class FormError(Exception):
    def __init__(self, problems: list[Problem]):
        self.problems = problems


def _parse_int(text: str, place: str, number: bool = False) -> int | float:
    try:
        return float(text.replace(",", ".")) if number and any(c in text for c in ".,") else int(text)
    except ValueError:
        raise FormError([Problem(place, Bi(f'„{text}” nie jest liczbą{"" if number else " całkowitą"}',
                                           f'"{text}" is not a {"number" if number else "whole number"}'))]) from None


def _parse_list(text: str, choices: tuple, place: str) -> list[str]:
    """"hearts, spades" or "h s": words matched to the choices by their beginning."""
    out = []
    for word in text.replace(",", " ").split():
        hits = [c for c in choices if str(c).lower().startswith(word.lower())] if choices else [word]
        exact = [c for c in choices if str(c).lower() == word.lower()]
        if exact:
            hits = exact
        if len(hits) != 1:
            opts = ", ".join(map(str, choices))
            raise FormError([Problem(place, Bi(f'„{word}”: możliwe są {opts}', f'"{word}" is not one of {opts}'))])
        out.append(hits[0])
    return out


def complete(text: str, lo: int | float | None, hi: int | float | None) -> bool:
    """Is a typed whole number finished, so that the cursor moves on by itself? Only when it has as many digits
    as the widest value its field takes (120 of 0-120, -11 of -11..11, any digit of 0-9): then no key a person
    could mean would extend it. "13" of 0-120 waits (130 may be meant: its 0 is refused there, never carried into
    the next box), as does every number of a field without an upper bound, until Tab or Enter."""
    try:
        int(text)
    except ValueError:
        return False
    if hi is None:
        return False
    widest = max(len(str(abs(int(b)))) for b in (lo, hi) if b is not None)
    return len(text.lstrip("-")) >= widest


def leading_zero(text: str) -> bool:
    """"04", "-07": a whole number is never written so (the 0 a key too many, the next key a new number's)."""
    digits = text.strip().lstrip("-")
    return len(digits) > 1 and digits.startswith("0") and digits.isdigit()


def out_of_range(text: str, lo: int | float | None, hi: int | float | None, number: bool = False,
                 step: int | None = None) -> bool:
    """Can no more typing bring `text` (a number being typed) into [lo, hi] (and to a multiple of `step`)? 130
    of 0-120 cannot; 2 of 18-264 can (24); 5 of 100-400 cannot (50-59, 500-599); 125 of 100-400 in steps of 10
    cannot (1250 is past 400); "-" where nothing below 0 is taken cannot."""
    t = text.strip()
    if "+" in t:  # a number is written without a plus ("+1" is a result relative to a contract, not a number)
        return True
    if t in ("", "-"):
        return t == "-" and lo is not None and lo >= 0
    if number:
        try:
            v = float(t.replace(",", "."))
        except ValueError:
            return False  # not a number: the box's own type refuses it
        return (hi is not None and v > hi) or (v < 0 and lo is not None and (lo >= 0 or v < lo))
    try:
        m = abs(int(t))
    except ValueError:
        return False
    if leading_zero(t):
        return True
    negative = t.startswith("-")
    if negative and lo is not None and lo >= 0:
        return True
    bound = lo if negative else hi
    if bound is None:
        return False  # nothing bounds it that way: more digits can always reach the range
    more = max(0, len(str(abs(int(bound)))) - len(t.lstrip("-")))
    for k in range(more + 1):  # the values `t` can still become: itself, then with k digits more
        a, b = m * 10 ** k, m * 10 ** k + (10 ** k - 1 if k else 0)
        a, b = (-b, -a) if negative else (a, b)
        a, b = max(a, lo if lo is not None else a), min(b, hi if hi is not None else b)
        if a <= b and (not step or a + (-a) % step <= b):
            return False
    return True


def hint_of(f: Field) -> str:
    """A field's hint (what a box shows while empty) in the UI's language: as players write the value there."""
    return f.label.get(f"hint_{get_lang()}") or f.label.get("hint", "")


def fmt_bound(v: int | float) -> str:
    """A bound of a range as the UI writes numbers (a decimal comma in Polish)."""
    if float(v).is_integer():
        return str(int(v))
    return str(v).replace(".", ",") if get_lang() == "pl" else str(v)


def _in_range(f: Field, v: Any) -> bool:
    """A whole number the field takes (a suggestion from the game's `next` that fits its pad)."""
    return isinstance(v, int) and not isinstance(v, bool) and (f.min is None or v >= f.min) and (
        f.max is None or v <= f.max)


def _small(f: Field) -> bool:
    """An int with a handful of values: a row of cells, not a number to type."""
    return f.kind == "int" and f.min is not None and f.max is not None and f.max - f.min <= 10 and not f.choices


#: before a field's label: the cursor is in it, it is in error, or neither (a plain-text screen shows them too)
MARKS = {"current": "▶ ", "error": "✗ ", "": "  "}
