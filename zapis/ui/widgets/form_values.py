"""The entry form's values: its widgets found once, what is chosen so far (for the `when` conditions), the
hand read as a record writes it (FormError naming what is wrong), a recorded hand put back in, the form
cleared for the next hand and prefilled with what the game suggests."""

from __future__ import annotations

from typing import Any

from textual.widget import Widget
from textual.widgets import Input

from zapis.core.errors import Problem
from zapis.core.fields import Field
from zapis.lang import get_lang
from zapis.ui.widgets.form_text import FormError, _in_range, _parse_int, _parse_list
from zapis.ui.widgets.pad import Pad


class FormValues(Widget):
    """The HandForm's values, read and set (a part of HandForm)."""

    fields: list[Field]
    players: list[str]
    prefilled: dict[str, Any]
    auto: dict[str, str]
    _quiet: dict[str, str]
    _seen: dict[str, str]
    _widget_by_id: dict[str, Any]
    _widget_lists: dict[Any, list[Any]]

    def _get(self, id_: str) -> Any:
        w = self._widget_by_id.get(id_)
        if w is None:
            w = self._widget_by_id[id_] = self.query_one(f"#{id_}")
        return w

    def _row(self, f: Field) -> Widget:
        """The field's row (its label and controls)."""
        return self._get(f"f-{f.name}")

    def _all(self, kind: Any) -> list[Any]:
        """Every widget of a kind in the form (Input, Pad)."""
        found = self._widget_lists.get(kind)
        if not found:  # none found (yet: before the form is composed) is looked for again
            found = self._widget_lists[kind] = list(self.query(kind))
        return found

    def _in_row(self, f: Field) -> list[Widget]:
        """The boxes and pads of a field's row."""
        key = ("row", f.name)
        found = self._widget_lists.get(key)
        if not found:
            found = self._widget_lists[key] = list(self._row(f).query("Input, Pad"))
        return found

    def raw(self) -> dict[str, Any]:
        """What is chosen so far, before parsing: for the `when` conditions and the pads that follow others."""
        out = {}
        for f in self.fields:
            if f.kind in ("choice", "player") or (f.kind == "str" and f.parts):
                v = self._get(f"in-{f.name}").value
                if f.suffix and isinstance(v, str):  # "4SX": the contract is 4S (its double is its own field's)
                    v = f.split_suffix(v)[0]
                if v is not None and v != "":
                    out[f.name] = v
            elif f.kind == "int" and isinstance(w := self._get(f"in-{f.name}"), Pad) and w.value is not None:
                out[f.name] = w.value  # a number picked on a pad (metamorfoza's part) may decide what is asked
        return out

    def values(self) -> dict[str, Any]:
        """The hand as a record writes it; raises FormError naming the field and the value."""
        hand: dict[str, Any] = {}
        problems: list[Problem] = []
        current = self.raw()
        for f in self.fields:
            if not f.applies(current):
                continue
            try:
                v = self._value(f)
            except FormError as e:
                problems += e.problems
                continue
            if v is not None:
                hand[f.name] = v
        if problems:
            raise FormError(problems)
        return hand

    def _value(self, f: Field) -> Any:
        k, base = f.kind, f"in-{f.name}"
        w = self._get(base) if k not in ("player_map", "table") else None
        if isinstance(w, Pad):
            v = w.value
            if k == "bool":
                return v if f.required else True if v else None
            if k == "players":
                return v or None
            return None if v is None or (v == f.default and v == "") else v
        if k in ("int", "number"):
            text = w.value.strip()
            return _parse_int(text, f.name, k == "number") if text else None
        if k == "player_map":
            return self._map_value(f)
        if k == "table" and f.sub:
            out = {}
            for s in f.sub:
                sw = self._get(f"{base}-{s.name}")
                if isinstance(sw, Pad):
                    if sw.value not in (None, []):
                        out[s.name] = sw.value
                    continue
                text = sw.value.strip()
                if not text:
                    continue
                if s.kind == "int":
                    out[s.name] = _parse_int(text, f"{f.name}.{s.name}")
                elif s.kind == "list":
                    out[s.name] = _parse_list(text, s.choices, f"{f.name}.{s.name}")
                else:
                    out[s.name] = text
            return out or None
        text = f.split_suffix(w.value)[0].strip()
        if not text:
            return None
        if k == "list":
            return _parse_list(text, f.choices, f.name)
        return f.normalize(text) if f.normalize else text

    def _map_value(self, f: Field) -> dict | None:
        item, base = f.item, f"in-{f.name}"
        out = {}
        for i, p in enumerate(self.players):
            if item is not None and item.kind == "table" and item.keys:
                row = {}
                for j, key in enumerate(item.keys):
                    text = self._get(f"{base}-{i}-{j}").value.strip()
                    if text:
                        row[key] = _parse_int(text, f"{f.name}.{p}.{key}")
                if row:
                    out[p] = row
                continue
            w = self._get(f"{base}-{i}")
            if isinstance(w, Pad):
                if w.value not in (None, []):
                    out[p] = w.value
                continue
            text = w.value.strip()
            if not text:
                continue
            if item is not None and item.kind == "list":
                out[p] = _parse_list(text, item.choices, f"{f.name}.{p}")
            else:
                out[p] = _parse_int(text, f"{f.name}.{p}")
        return out or None

    def _set_input(self, w: Input, value: str) -> None:
        """Set by the program, not typed: no moving on, no taking a filled-in value as the scorekeeper's; a number
        set so is replaced by what is typed into it."""
        w.replace_next = bool(value)
        self._seen[w.id] = value
        if w.value != value:
            self._quiet[w.id] = value
            w.value = value
            w.cursor_position = len(value)

    def _set(self, id_: str, value: Any) -> None:
        w = self._get(id_)
        if isinstance(w, Pad):
            w.value = value
        else:
            self._set_input(w, " ".join(value) if isinstance(value, list) else str(value))

    def set_values(self, hand: dict[str, Any]) -> None:
        """Fill the form with a recorded hand (to edit it)."""
        self.clear()
        for f in self.fields:
            if f.name not in hand:
                if f.usual is not None and f.default == f.usual and f.form:  # left out: its usual value (undoubled)
                    self._set(f"in-{f.name}", f.usual)
                continue
            v, base, k = hand[f.name], f"in-{f.name}", f.kind
            if k == "player_map" and isinstance(v, dict):
                item = f.item
                for i, p in enumerate(self.players):
                    if p not in v:
                        continue
                    if item is not None and item.kind == "table" and item.keys:
                        for j, key in enumerate(item.keys):
                            if key in v[p]:
                                self._set(f"{base}-{i}-{j}", v[p][key])
                    else:
                        self._set(f"{base}-{i}", v[p])
            elif k == "table" and f.sub and isinstance(v, dict):
                for s in f.sub:
                    if s.name in v:
                        self._set(f"{base}-{s.name}", v[s.name])
            elif k == "list" and isinstance(v, list):
                self._set_input(self._get(base), ", ".join(map(str, v)))
            elif k == "bool":
                self._set(base, bool(v) if f.required else [True] if v else [])
            elif k != "table":
                # a contract as players write it in the UI's language (2BA, 3♥), never the record's 2NT, 3H
                self._set(base, f.written(v, get_lang()) if f.parts and f.written is not None else v)
                if f.parts:
                    self._show_parts(f)
        self.refresh_visibility()

    def holds_typing(self) -> bool:
        """Has the scorekeeper typed or chosen anything (beyond the defaults the game prefilled)?"""
        if any(w.value for w in self._all(Input) if w.id not in self.auto):
            return True
        for w in self._all(Pad):
            if w.momentary or w.id.startswith("part-"):
                continue
            v = w.value
            if v not in (None, []) and self.prefilled.get(w.id.removeprefix("in-"), object()) != v:
                return True
        return False

    def clear(self) -> None:
        """Empty the form for the next hand (only what holds a value is touched: each change repaints)."""
        self.refused_in = self.refused_box = None  # a refusal in the hand let go is no longer to be mended
        for wid in self.auto:
            self._get(wid).remove_class("auto")
        self.auto.clear()
        for w in self._all(Input):
            self._set_input(w, "")
        for w in self._all(Pad):
            if w.chosen:
                w.value = None
        self.mark_errors([])
        self.refresh_visibility()

    def prefill(self, suggestions: dict[str, Any] | None) -> None:
        """Defaults that follow the game: a required choice (or number on a pad) the module names as what comes
        next (the owed deal, metamorfoza's part), and a field's usual value (undoubled, an ordinary game). An optional field the module suggests
        is an override (bridge's `vulnerable`): filling it in would pin the value in the record, so it stays
        empty."""
        for f in self.fields:
            v = (suggestions or {}).get(f.name)
            if not (f.required and (f.kind == "choice" and v in f.choices or f.kind == "int" and _in_range(f, v))):
                v = f.usual
            if v is None or f.kind not in ("choice", "player", "int") or not isinstance(
                    w := self._get(f"in-{f.name}"), Pad):
                continue
            if w.value is None or w.value == self.prefilled.get(f.name):
                w.value = v
                self.prefilled[f.name] = v
        self.refresh_visibility()
