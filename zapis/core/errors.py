"""Problems found in user input, and the one exception that carries them."""

from __future__ import annotations

import json
from dataclasses import dataclass

from zapis.core.words import say


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: where it is and what is wrong."""

    place: str  # e.g. "hands[3].tricks"; "" for the whole file
    message: str  # e.g. "14 is not between 0 and 13"

    def __str__(self) -> str:
        return self.say("en")

    def say(self, lang: str) -> str:
        """The problem in `lang` (a module writes its messages in both languages, as a Bi)."""
        message = say(self.message, lang)
        return f"{self.place}: {message}" if self.place else message

    def under(self, prefix: str) -> Problem:
        """The same problem, placed inside `prefix` (e.g. "hands[2]")."""
        if not prefix:
            return self
        place = f"{prefix}.{self.place}" if self.place else prefix
        return Problem(place, self.message)


class ZapisError(Exception):
    """Bad input: one or more problems, optionally found in a named source (a file)."""

    def __init__(self, problems: list[Problem] | Problem | str, source: str | None = None):
        if isinstance(problems, str):
            problems = [Problem("", problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        self.source = source
        super().__init__("\n".join(self.lines()))

    def lines(self, lang: str = "en") -> list[str]:
        prefix = f"{self.source}: " if self.source else ""
        return [f"{prefix}{p.say(lang)}" for p in self.problems]

    def with_source(self, source: str) -> ZapisError:
        return ZapisError(self.problems, source)


def fmt(value: object) -> str:
    """A value as the user wrote it, for messages: strings quoted, TOML-style booleans."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (int, float)):
        return str(value)
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return repr(value)
