"""The scoring-module protocol, the validated rules a module reads, and module discovery."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from zapis.core.errors import Problem, ZapisError, fmt
from zapis.core.fields import Field, check_table
from zapis.core.sheet import Sheet
from zapis.core.words import Bi

ENTRY_POINT_GROUP = "zapis.modules"

# Fields every hand may carry, whatever the module.
COMMON_HAND_FIELDS = (
    Field("dealer", "player", "who dealt (default: rotates clockwise from the first player)",
          label={"pl": "rozdający", "en": "dealer"}),
    Field("note", "str", "free text", label={"pl": "uwaga", "en": "note"}),
)


@dataclass(frozen=True)
class Rules(Mapping[str, Any]):
    """A ruleset resolved and validated: every parameter of its module has a value."""

    id: str
    module: str
    title: str
    values: Mapping[str, Any]
    description: str = ""
    chain: tuple[str, ...] = ()  # the ruleset ids it extends, nearest first
    origin: Mapping[str, str] = field(default_factory=dict)  # parameter -> where its value came from

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)


class ScoringModule:
    """One game family. Subclasses set the class attributes and implement `score`.

    A module is pure: it reads the rules, the players and the hands as recorded (plain TOML
    values) and returns a Sheet. It never touches files, the store or the UI.
    """

    id: str = ""
    title: str = ""
    params: tuple[Field, ...] = ()
    player_counts: tuple[int, ...] = (2, 3, 4, 5, 6)
    # A finished sheet ends a unit of play (a rubber, a Chicago cycle, a round of boards), not the game: play goes
    # on with the next one, and only the scorekeeper closes the game. Otherwise `finished` is the game's end.
    goes_on: bool = False
    # The record keys that hold the players and the hands (a bridge pairs session differs).
    players_key: str = "players"
    hands_key: str = "hands"

    # --- description -------------------------------------------------------------------
    def param(self, name: str) -> Field:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}

    def hand_fields(self, rules: Rules, players: list[str]) -> list[Field]:
        """The fields of one hand, for this ruleset and these players."""
        raise NotImplementedError

    # --- validation ----------------------------------------------------------------------
    def check_rules(self, rules: Mapping[str, Any]) -> list[Problem]:
        """Problems that involve several parameters at once (each is already type-checked)."""
        return []

    def counts(self, rules: Rules) -> tuple[int, ...]:
        """How many players these rules seat (the new-game dialog says it); a module whose rules decide it (a
        card-count game's `players`, two-handed bridge) says so."""
        return self.player_counts

    def check_players(self, rules: Rules, players: list[str]) -> list[Problem]:
        if len(players) not in self.player_counts:
            counts, liczby = " or ".join(map(str, self.player_counts)), " lub ".join(map(str, self.player_counts))
            title = self.title if isinstance(self.title, Bi) else Bi(self.title)
            return [Problem(self.players_key, Bi(f"{title.pl}: liczba graczy {liczby}, a jest {len(players)}",
                                                 f"{len(players)} players, but {title.en} is played by {counts}"))]
        return []

    def check_hand(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> list[Problem]:
        """Problems with one hand beyond its fields' kinds and ranges (sums, combinations)."""
        return []

    def check_hands(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                    start: Mapping[str, Any] | None = None) -> list[Problem]:
        """Every problem of every hand, placed as hands[i].field, then the order of the hands (from `start`, the
        totals the game began with)."""
        return self.check_each(rules, players, hands) or self.check_sequence(rules, players, hands, start)

    def check_each(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                   first: int = 0) -> list[Problem]:
        """Each hand on its own (its fields, its sums), numbered from `first`."""
        fields = self.hand_fields(rules, players)
        out: list[Problem] = []
        for i, hand in enumerate(hands, start=first):
            place = f"{self.hands_key}[{i}]"
            if not isinstance(hand, dict):
                out.append(Problem(place, Bi(f"{fmt(hand)} nie jest tabelą", f"{fmt(hand)} is not a table")))
                continue
            found = check_table((*COMMON_HAND_FIELDS, *fields), hand, place, players)
            if not found:
                found = [p.under(place) for p in self.check_hand(rules, players, hand)]
            out += found
        return out

    def check_sequence(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                       start: Mapping[str, Any] | None = None) -> list[Problem]:
        """Problems with the order of hands (a deal that is not owed, a game already over: counted from `start`,
        the totals the game began with, as the sheet counts them)."""
        return []

    def doubts(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
               start: Mapping[str, Any] | None = None) -> list[Problem]:
        """Hands that are allowed but unusual enough to be asked about when entered (tysiąc: a contract above what
        the declared melds allow). Each is placed at `hands[i].FIELD`, FIELD a bool hand field (not in the form)
        that records the scorekeeper's yes with the hand: a hand answered so is not doubted again, and its sheet
        says nothing more. The hands are valid (checked before)."""
        return []

    def unit_over(self, rules: Rules, who: str) -> Bi | None:
        """For a module that `goes_on`: what a finished unit of play means, in words (who won the rubber, and
        that the next hand starts a new one). None: the screen's general words."""
        return None

    def partnerships(self, rules: Rules, players: Any) -> list[list[str]] | None:
        """Fixed sides whose members share a result (bridge), or None when everyone plays alone."""
        return None

    def declarers(self, rules: Rules, players: Any, hands: list[Mapping[str, Any]]) -> dict[str, tuple[int, int]]:
        """Each player who declared: (hands he played as declarer, of them made), for the season's statistics. The
        hands are valid (checked when entered). Empty (the default): the game has no declarer."""
        return {}

    # --- scoring ---------------------------------------------------------------------------
    def score(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
              start: Mapping[str, Any] | None = None) -> Sheet:
        raise NotImplementedError

    #: the keys of Sheet.extra the standings read (zapis.club.evening): a totals() sheet carries those it has
    STANDINGS_EXTRA = ("pairs", "ranking", "money", "rubbers")

    def totals(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
               start: Mapping[str, Any] | None = None) -> Sheet:
        """The game as the standings need it, without its rows: a Sheet with players, totals, finished, winner and
        the extra keys of STANDINGS_EXTRA the full sheet has; sections, hands, checks and notes may be empty. A
        season scores thousands of games through this. The default is the whole score(); a module whose rows cost
        more than its sums folds its hands directly, and must agree with score() on players, totals, finished,
        winner and what the standings take from those extra keys (tests/unit/test_totals_path.py holds every
        module to it)."""
        return self.score(rules, players, hands, start)

    def extend(self, rules: Rules, players: Any, sheet: Sheet, hands: list[Mapping[str, Any]],
               start: Mapping[str, Any] | None = None) -> Sheet | None:
        """score(hands) from `sheet`, the sheet score() gave for all of them but the last: one hand more folded on,
        where the module can do it without scoring the hands before again (a save of the 301st deal). None, the
        default: it cannot, and the whole game is scored. The sheet returned equals score()'s, and `sheet` itself is
        left as it was (a screen may be showing it); tests/unit/test_extend.py holds every module to both."""
        return None

    def validate_and_score(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                           start: Mapping[str, Any] | None = None) -> Sheet:
        problems = self.check_players(rules, players) or self.check_hands(rules, players, hands, start)
        if problems:
            raise ZapisError(problems)
        return self.score(rules, players, hands, start)


#: a totals() sheet's extra key with what `declarers` would give, where the module's fold found it on the way
#: (the season reads it instead of asking `declarers`, which would read the hands again)
DECLARED = "declared"


def game_over(module: ScoringModule, sheet: Sheet) -> bool:
    """Is the game over by its rules (not just a rubber or a Chicago cycle ended)?"""
    return sheet.finished and not module.goes_on


def dealers(players: list[str], hands: list[Mapping[str, Any]], first: str | None = None) -> list[str]:
    """The dealer of each hand: as recorded, or the next player clockwise after the last dealer."""
    out: list[str] = []
    cur = first if first is not None else players[0]
    # who deals after whom (a name seated twice: after its first seat, as players.index finds it)
    after = {p: players[(i + 1) % len(players)] for i, p in reversed(list(enumerate(players)))}
    for i, h in enumerate(hands):
        if h.get("dealer"):
            cur = h["dealer"]
        elif i:
            cur = after[cur] if cur in after else players[(players.index(cur) + 1) % len(players)]
        out.append(cur)
    return out


_registry: dict[str, ScoringModule] | None = None


def modules() -> dict[str, ScoringModule]:
    """Every scoring module registered in the entry-point group, by id."""
    global _registry
    if _registry is None:
        found: dict[str, ScoringModule] = {}
        from importlib.metadata import entry_points  # when first needed: a slow import at start-up

        for ep in entry_points(group=ENTRY_POINT_GROUP):
            try:
                cls = ep.load()
                mod = cls() if isinstance(cls, type) else cls
            except Exception as e:  # a broken plug-in must not take the others down
                print(f"zapis: module {ep.name} could not be loaded: {e}", file=sys.stderr)
                continue
            found[mod.id or ep.name] = mod
        _registry = found
    return _registry


_loaded: dict[str, ScoringModule] = {}


def get_module(module_id: str) -> ScoringModule:
    """A module by id. Only that module's code is imported when its entry point carries its id (as the
    built-in ones do); otherwise every registered module is loaded to find it."""
    if module_id in _loaded:
        return _loaded[module_id]
    if _registry is None:
        from importlib.metadata import entry_points

        for ep in entry_points(group=ENTRY_POINT_GROUP, name=module_id):
            try:
                cls = ep.load()
                mod = cls() if isinstance(cls, type) else cls
            except Exception:
                break
            if mod.id == module_id:
                _loaded[module_id] = mod
                return mod
    mods = modules()
    if module_id not in mods:
        if not mods:
            raise ZapisError(Bi("nie zarejestrowano żadnego modułu liczenia: zainstaluj zapis (pip install -e .)",
                                "no scoring modules are registered: install zapis (pip install -e .)"))
        known = ", ".join(sorted(mods))
        raise ZapisError(Bi(f"nieznany moduł {fmt(module_id)} (znane: {known})",
                            f"unknown module {fmt(module_id)} (known: {known})"))
    return mods[module_id]
