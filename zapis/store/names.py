"""Players' names in a game's stored rows. The rows keep the names a game was recorded with, so a later rename
never rewrites history: what is read back is put in the names the players have now, and a hand written in today's
names is put back in the recorded ones, only where a field says a player stands."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Iterable

from zapis.store.rows import _NOT_OURS, _damaged, _stored

if TYPE_CHECKING:
    from zapis.core.module import Rules, ScoringModule


def _names_now(module: ScoringModule, rules: Rules, seats: Iterable[tuple[str, str]], layout_json: str,
               start_json: str, hands: list[dict[str, Any]], game_id: int | None = None
               ) -> tuple[Rules, Any, dict[str, Any], list[dict[str, Any]]]:
    """A game's rules, seats, start and hands in its players' names now (seats: (recorded, current) in seat
    order). Of the rules only the parameters a record writes at its top level (a tura's partners) hold names.
    A damaged seats or start row is one line naming the game."""
    place = f"game {game_id}"
    layout, start = _stored(layout_json, place, "players"), _stored(start_json, place, "start")
    if not isinstance(layout, (list, dict)) or not layout:
        raise _damaged(place, "players", _NOT_OURS)
    if not isinstance(start, dict):
        raise _damaged(place, "start", _NOT_OURS)
    mapping = {a: b for a, b in seats if a != b}
    layout = _rename(layout, mapping)
    if mapping:  # only where a field holds a player: a double "X" stays "X" when a player X is renamed
        from zapis.core.module import COMMON_HAND_FIELDS
        from zapis.io import records
        named = {k: _rename(rules.values[k], mapping) for k in records.record_keys(module) if k in rules.values}
        if named:
            rules = dataclasses.replace(rules, values={**rules.values, **named})
        fields = (*COMMON_HAND_FIELDS, *module.hand_fields(rules, layout))
        hands = [rename_hand(fields, h, mapping) for h in hands]
    return rules, layout, _rename(start, mapping), hands


def _seated_names(players: Any) -> list[tuple[str, Any]]:
    """(where it stands in a record, the name) for every seated name: players[i], or a pairs session's pairs.N[j]."""
    if isinstance(players, dict):
        return [(f"pairs.{k}[{j}]", n) for k, names in players.items() if isinstance(names, list)
                for j, n in enumerate(names)]
    return [(f"players[{i}]", n) for i, n in enumerate(players if isinstance(players, list) else [])]


def _names(players: Any) -> list[str]:
    if isinstance(players, dict):  # pairs
        return [n for k in sorted(players, key=lambda x: int(x) if str(x).isdigit() else 0) for n in players[k]]
    return list(players)


def rename_hand(fields, hand: Any, mapping: dict[str, str]) -> Any:
    """A hand with player names replaced where its fields say a player stands, and nowhere else."""
    if not isinstance(hand, dict):
        return hand
    out = dict(hand)
    for f in fields:
        if f.name in out:
            out[f.name] = _rename_value(f, out[f.name], mapping)
    return out


def _rename_value(f, v: Any, mapping: dict[str, str]) -> Any:
    k = f.kind
    if k == "player" and isinstance(v, str):
        return mapping.get(v, v)
    if k == "players" and isinstance(v, list):
        return [mapping.get(x, x) if isinstance(x, str) else x for x in v]
    if k == "list" and isinstance(v, list) and not f.choices:  # a list of names (who won each showdown)
        return [mapping.get(x, x) if isinstance(x, str) else x for x in v]
    if k in ("player_map", "table") and isinstance(v, dict):
        if f.sub:
            return rename_hand(f.sub, v, mapping)
        by_player = k == "player_map" or not f.keys  # a table keyed by players (bids.Ola), not by items
        return {(mapping.get(key, key) if by_player else key): (_rename_value(f.item, x, mapping) if f.item else x)
                for key, x in v.items()}
    return v


def _rename(v: Any, mapping: dict[str, str]) -> Any:
    """The same value with player names replaced (keys of player maps and name strings)."""
    if not mapping:
        return v
    if isinstance(v, str):
        return mapping.get(v, v)
    if isinstance(v, list):
        return [_rename(x, mapping) for x in v]
    if isinstance(v, dict):
        return {mapping.get(k, k): _rename(x, mapping) for k, x in v.items()}
    return v
