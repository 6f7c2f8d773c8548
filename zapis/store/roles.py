"""Who is writing: the director, one table's tablet, or the board. The store checks every write against it.

A served tablet's process is started by `zapis serve` with the role its login belongs to (the table's card, the
director's key, the board's); nothing the tablet sends changes it. The screens offer only what a role may do, and
the store refuses the rest whatever path a write takes: the role is held below every screen.

- the director (the laptop, `zapis` in a terminal, the director's login) may do everything;
- a table may enter, correct and undo the hands of its own table's games in the evening the director runs (in a
  duplicate pairs session: the results played at its table), and start a game at its table when the director
  allows it; nothing else (no evening, no player renamed, no setting, no backup);
- the board writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi

DIRECTOR, TABLE, BOARD = "director", "table", "board"


@dataclass(frozen=True)
class Role:
    kind: str = DIRECTOR
    table: int | None = None  # a table's number, for the table role

    def __post_init__(self) -> None:
        if self.kind not in (DIRECTOR, TABLE, BOARD):
            raise ValueError(f"no role {self.kind!r}")
        if (self.kind == TABLE) != (self.table is not None):
            raise ValueError("a table's role names its table, and only it")

    @property
    def directs(self) -> bool:
        return self.kind == DIRECTOR

    def name(self) -> Bi:
        if self.kind == TABLE:
            return Bi(f"tablet stołu {self.table}", f"the tablet of table {self.table}")
        return Bi("tablica", "the board") if self.kind == BOARD else Bi("kierownik", "the director")


def for_table(table: int | None) -> Role:
    return Role(TABLE, table) if table is not None else Role()


def refused(role: Role, what: Bi, place: str = "role") -> ZapisError:
    """One line: who may not do what (the director's work is the director's)."""
    return ZapisError([Problem(place, Bi(f"{role.name().pl} nie może: {what.pl}",
                                         f"{role.name().en} may not: {what.en}"))])


#: what only the director does, as the refusal names it
NEW_EVENING = Bi("zaczynać wieczoru", "start an evening")
RENAME = Bi("zmieniać nazwisk graczy", "rename players")
SETTINGS = Bi("zmieniać ustawień wieczoru", "change the evening's settings")
BACKUP = Bi("robić kopii bazy", "back up the database")
NEW_GAME = Bi("zaczynać gry przy tym stole", "start a game at this table")
OTHER_TABLE = Bi("zapisywać gry innego stołu", "write another table's game")
OTHER_EVENING = Bi("zapisywać w innym wieczorze niż bieżący", "write in another evening than the current one")
WRITE = Bi("zapisywać", "write")
