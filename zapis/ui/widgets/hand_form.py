"""The entry form of one hand, built from the module's description of a hand (zapis.core.fields).

The same Field list validates records; here it becomes inputs: digits type straight in, Tab moves,
Enter saves. A field whose `when` condition fails is hidden.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Select

from zapis.core.errors import Problem
from zapis.core.fields import Field
from zapis.ui.i18n import choice, label, t
from zapis.text import plain_text


class FormError(Exception):
    def __init__(self, problems: list[Problem]):
        self.problems = problems


def _parse_int(text: str, place: str, number: bool = False) -> int | float:
    try:
        return float(text.replace(",", ".")) if number and any(c in text for c in ".,") else int(text)
    except ValueError:
        raise FormError([Problem(place, f'"{text}" is not a {"number" if number else "whole number"}')]) from None


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
            raise FormError([Problem(place, f'"{word}" is not one of {opts}')])
        out.append(hits[0])
    return out


class HandForm(Widget):
    """A form for one hand. Posts Submitted when the scorekeeper presses Enter in it."""

    class Submitted(Message):
        pass

    DEFAULT_CSS = """
    HandForm { height: auto; }
    """

    def __init__(self, fields: list[Field], players: list[str], **kw):
        super().__init__(**kw)
        self.fields = [f for f in fields if f.form]
        self.players = players
        self.prefilled: dict[str, Any] = {}  # what `prefill` chose, which is not the scorekeeper's typing
        self.auto: dict[str, str] = {}  # inputs the form filled in (the rest of a fixed total): id -> value

    # --- building ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form-scroll"):
            for f in self.fields:
                with Horizontal(classes="field-row", id=f"f-{f.name}"):
                    yield Label(label(f), classes="field-label")
                    yield from self._controls(f)

    def _controls(self, f: Field) -> ComposeResult:
        k, base = f.kind, f"in-{f.name}"
        if k == "choice":
            yield Select([(choice(c), c) for c in f.choices], id=base, allow_blank=True,
                         prompt=label(f), compact=True)
        elif k == "player":
            yield Select([(plain_text(p), p) for p in self.players], id=base, prompt=label(f), compact=True)
        elif k == "bool":
            yield Checkbox(t("yes"), id=base, compact=True)
        elif k in ("int", "number"):
            yield Input(id=base, type="integer" if k == "int" else "number", classes="num", compact=True,
                        placeholder=self._range(f))
        elif k == "players":
            with Horizontal(classes="players"):
                for i, p in enumerate(self.players):
                    yield Checkbox(plain_text(p), id=f"{base}-{i}", compact=True)
        elif k == "player_map":
            item = f.item
            if item is not None and item.kind == "table" and item.keys:
                with Vertical(classes="grid"):
                    with Horizontal(classes="grid-head"):
                        yield Label("", classes="pname")
                        for key in item.keys:
                            yield Label(key.replace("_", " ")[:9], classes="cell-head")
                    for i, p in enumerate(self.players):
                        with Horizontal(classes="grid-row"):
                            yield Label(plain_text(p), classes="pname")
                            for j, _ in enumerate(item.keys):
                                yield Input(id=f"{base}-{i}-{j}", type="integer", classes="cell", compact=True)
            else:
                kind = "text" if item is not None and item.kind == "list" else "integer"
                with Horizontal(classes="pmap"):
                    for i, p in enumerate(self.players):
                        yield Label(plain_text(p), classes="pname")
                        yield Input(id=f"{base}-{i}", type=kind, classes="pcell", compact=True)
        elif k == "table" and f.sub:
            with Horizontal(classes="sub"):
                for s in f.sub:
                    yield Label(label(s), classes="sub-label")
                    if s.kind == "player":
                        yield Select([(plain_text(p), p) for p in self.players], id=f"{base}-{s.name}", compact=True,
                                     prompt="—")
                    elif s.kind == "int":
                        yield Input(id=f"{base}-{s.name}", type="integer", classes="num", compact=True)
                    else:
                        yield Input(id=f"{base}-{s.name}", classes="txt", compact=True)
        else:  # str, list and anything else: text
            hint = ", ".join(map(str, f.choices)) if f.choices else f.label.get("hint", "")
            yield Input(id=base, classes="txt", compact=True, placeholder=hint[:30])

    @staticmethod
    def _range(f: Field) -> str:
        if f.min is not None and f.max is not None:
            return f"{f.min}-{f.max}"
        return ""

    def on_mount(self) -> None:
        self.refresh_visibility()

    # --- values --------------------------------------------------------------------------------
    def _get(self, id_: str) -> Any:
        return self.query_one(f"#{id_}")

    def raw(self) -> dict[str, Any]:
        """What is filled in, before parsing: for the `when` conditions."""
        out = {}
        for f in self.fields:
            if f.kind in ("choice", "player"):
                v = self._get(f"in-{f.name}").value
                if v is not Select.NULL and v != Select.BLANK:
                    out[f.name] = v
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
        if k in ("choice", "player"):
            v = self._get(base).value
            return None if v is Select.NULL or v == Select.BLANK else v
        if k == "bool":
            return True if self._get(base).value else None
        if k in ("int", "number"):
            text = self._get(base).value.strip()
            return _parse_int(text, f.name, k == "number") if text else None
        if k == "players":
            chosen = [p for i, p in enumerate(self.players) if self._get(f"{base}-{i}").value]
            return chosen or None
        if k == "player_map":
            item = f.item
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
                text = self._get(f"{base}-{i}").value.strip()
                if not text:
                    continue
                if item is not None and item.kind == "list":
                    out[p] = _parse_list(text, item.choices, f"{f.name}.{p}")
                else:
                    out[p] = _parse_int(text, f"{f.name}.{p}")
            return out or None
        if k == "table" and f.sub:
            out = {}
            for s in f.sub:
                w = self._get(f"{base}-{s.name}")
                if isinstance(w, Select):
                    if w.value is not Select.NULL and w.value != Select.BLANK:
                        out[s.name] = w.value
                    continue
                text = w.value.strip()
                if not text:
                    continue
                if s.kind == "int":
                    out[s.name] = _parse_int(text, f"{f.name}.{s.name}")
                elif s.kind == "list":
                    out[s.name] = _parse_list(text, s.choices, f"{f.name}.{s.name}")
                else:
                    out[s.name] = text
            return out or None
        text = self._get(base).value.strip()
        if not text:
            return None
        if k == "list":
            return _parse_list(text, f.choices, f.name)
        return f.normalize(text) if f.normalize else text

    def set_values(self, hand: dict[str, Any]) -> None:
        """Fill the form with a recorded hand (to edit it)."""
        self.clear()
        for f in self.fields:
            if f.name not in hand:
                continue
            v, base = hand[f.name], f"in-{f.name}"
            k = f.kind
            if k in ("choice", "player"):
                self._get(base).value = v
            elif k == "bool":
                self._get(base).value = bool(v)
            elif k in ("int", "number", "str"):
                self._get(base).value = str(v)
            elif k == "players":
                for i, p in enumerate(self.players):
                    self._get(f"{base}-{i}").value = p in v
            elif k == "player_map" and isinstance(v, dict):
                item = f.item
                for i, p in enumerate(self.players):
                    if p not in v:
                        continue
                    if item is not None and item.kind == "table" and item.keys:
                        for j, key in enumerate(item.keys):
                            if key in v[p]:
                                self._get(f"{base}-{i}-{j}").value = str(v[p][key])
                    elif isinstance(v[p], list):
                        self._get(f"{base}-{i}").value = " ".join(v[p])
                    else:
                        self._get(f"{base}-{i}").value = str(v[p])
            elif k == "table" and f.sub and isinstance(v, dict):
                for s in f.sub:
                    if s.name in v:
                        w = self._get(f"{base}-{s.name}")
                        w.value = v[s.name] if isinstance(w, Select) else (
                            " ".join(v[s.name]) if isinstance(v[s.name], list) else str(v[s.name]))
            elif k == "list" and isinstance(v, list):
                self._get(base).value = ", ".join(map(str, v))
        self.refresh_visibility()

    def holds_typing(self) -> bool:
        """Has the scorekeeper typed or chosen anything (beyond the defaults the game prefilled)?"""
        if any(w.value for w in self.query(Input) if w.id not in self.auto) or any(
                w.value for w in self.query(Checkbox)):
            return True
        for w in self.query(Select):
            v = w.value
            if v is not Select.NULL and v != Select.BLANK and self.prefilled.get(
                    (w.id or "").removeprefix("in-"), Select.NULL) != v:
                return True
        return False

    def clear(self) -> None:
        """Empty the form for the next hand (only what holds a value is touched: each change repaints)."""
        for wid in self.auto:
            self._get(wid).remove_class("auto")
        self.auto.clear()
        for w in self.query(Input):
            if w.value:
                w.value = ""
        for w in self.query(Checkbox):
            if w.value:
                w.value = False
        for w in self.query(Select):
            if w.value is not Select.NULL and w.value != Select.BLANK:
                w.clear()
        self.mark_errors([])
        self.refresh_visibility()

    def prefill(self, suggestions: dict[str, Any] | None) -> None:
        """Defaults that follow the game: a required choice the module names as what comes next (the owed
        deal). An optional field is an override (bridge's `vulnerable`): filling it in would pin the
        value in the record, so it stays empty."""
        for f in self.fields:
            v = (suggestions or {}).get(f.name)
            if f.required and f.kind == "choice" and v in f.choices:
                w = self._get(f"in-{f.name}")
                if w.value is Select.NULL or w.value == Select.BLANK or w.value == self.prefilled.get(f.name):
                    w.value = v
                    self.prefilled[f.name] = v
        self.refresh_visibility()

    # --- feedback --------------------------------------------------------------------------------
    def mark_errors(self, names: list[str]) -> None:
        for f in self.fields:
            self.query_one(f"#f-{f.name}").set_class(f.name in names, "error")

    def refresh_visibility(self) -> None:
        current = self.raw()
        for f in self.fields:
            self.query_one(f"#f-{f.name}").display = f.applies(current)

    def focus_first(self) -> None:
        for f in self.fields:
            row = self.query_one(f"#f-{f.name}")
            if row.display:
                for w in row.query("Input, Select, Checkbox"):
                    w.focus()
                    return

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        self.refresh_visibility()

    @on(Input.Changed)
    def _complete_total(self, event: Input.Changed) -> None:
        """A player map with a fixed total: once every value but one is in, the last is filled in (dimmed, as
        filled in) and stays overridable; typing in it makes it the scorekeeper's own."""
        w = event.input
        if w.id in self.auto:
            if self.auto[w.id] == w.value:  # the form's own filling in, arriving as a message
                return
            del self.auto[w.id]  # typed over: the scorekeeper's value now
            w.remove_class("auto")
        for f in self.fields:
            if f.kind == "player_map" and f.total is not None and (w.id or "").startswith(f"in-{f.name}-"):
                self._fill_last(f)

    def _fill_last(self, f: Field) -> None:
        boxes = [self._get(f"in-{f.name}-{i}") for i in range(len(self.players))]
        mine = [b for b in boxes if b.id not in self.auto and b.value.strip()]
        rest = [b for b in boxes if b not in mine]
        try:
            taken = sum(int(b.value) for b in mine)
        except ValueError:
            return
        if len(rest) == 1 and 0 <= f.total - taken:
            value = str(f.total - taken)
            if rest[0].value != value:
                self.auto[rest[0].id] = value
                rest[0].value = value
            self.auto[rest[0].id] = value
            rest[0].add_class("auto")
        else:  # nothing to complete (or the sum is already past the total): take back what was filled in
            for b in rest:
                if b.id in self.auto:
                    self.auto[b.id] = ""
                    b.value = ""
                    b.remove_class("auto")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(self.Submitted())
