"""The entry form of one hand, built from the module's description of a hand (zapis.core.fields).

The same Field list validates records; here it becomes pads and inputs. Choices, players, toggles and bridge's
contract and result are pads (a tap or a typed beginning picks); numbers are inputs that digits type into, or
the in-app keypad and a field's quick values on a tablet. Tab moves, Enter saves, a complete value moves the
cursor on by itself, skipping the fields a hand usually leaves alone (`rare`, drawn last). A field whose
`when` condition fails is hidden.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input, Label

from zapis.core.errors import Problem
from zapis.core.words import Bi
from zapis.core.fields import Field
from zapis.lang.text import plain_text
from zapis.lang import get_lang, item_name, label, pad_label, pad_words, t
from zapis.ui.widgets.pad import TYPE_AHEAD_SECONDS, Cell, Pad


class FieldInput(Input):
    """A box of the form. Its size is fixed by the stylesheet, so what is typed into it (or cleared from it)
    never needs a layout pass of the screen: Input's virtual size (how far its text scrolls) repaints it only.
    Clearing the form after a save then costs a repaint of the boxes, not a new layout of the game screen.

    Nothing is kept that was not typed: a key that would take the number out of its field's range is refused
    here, in this box (the bell, and the form says the field and its range), never carried into another box; a
    number the program put in (filled in, suggested, a recorded hand) is replaced by what is typed into it."""

    virtual_size = Reactive(Size(0, 0), layout=False)
    replace_next = False  # the program set this value: the next key typed replaces it

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """A box that never holds `?` (a number, a contract; not a note's free text) leaves it to the screen: help."""
        if character == "?" and not self.has_class("free"):
            return False
        return super().check_consume_key(key, character)

    async def _on_key(self, event) -> None:
        if event.character == "?" and not self.has_class("free"):
            event.prevent_default()  # not typed here (Input's own handler skipped): it goes on to the screen's help
            return
        form = self._form()
        if form is not None and form.tab_after_move(self, event.key):
            event.prevent_default()
            event.stop()
            return
        if event.key == "space" and self.type in ("integer", "number") and self.value.strip() and form is not None:
            event.prevent_default()  # a space ends a number, as on paper: on to the next box (an empty one refuses)
            event.stop()
            self.replace_next = False
            form.advance(self)
            return
        await super()._on_key(event)

    def _form(self) -> HandForm | None:
        return next((a for a in self.ancestors if isinstance(a, HandForm)), None)

    _refused_at = 0.0  # a sign or letter refused here: the digits typed at once after it belong to it

    def replace(self, text: str, start: int, end: int) -> None:
        if text and self.replace_next and self.type in ("integer", "number"):
            start, end = 0, len(self.value)  # typed over a filled-in value: the typing is the value
        form = self._form()
        if text and form is not None and time.monotonic() - self._refused_at < TYPE_AHEAD_SECONDS:
            self._refused_at = time.monotonic()  # "+1" where "+" was refused: the 1 too, not a number of its own
            self.app.bell()
            form.refused(self, form.refusal(self, "+") or "")
            return
        if text and form is not None:
            value = self.value
            lo, hi = sorted((max(0, start), min(len(value), end)))
            why = form.refusal(self, f"{value[:lo]}{text}{value[hi:]}")
            if why:
                self.app.bell()
                if not text.isdigit():
                    self._refused_at = time.monotonic()
                form.refused(self, why)
                return
        self.replace_next = False
        super().replace(text, start, end)

    def restricted(self) -> None:
        """A key a number cannot hold (a letter in a count): refused in this box, said in words."""
        self.app.bell()
        form = self._form()
        if form is not None:
            form.refused(self, form.refusal(self, None))


class FormError(Exception):
    def __init__(self, problems: list[Problem]):
        self.problems = problems


def _parse_int(text: str, place: str, number: bool = False) -> int | float:
    try:
        return float(text.replace(",", ".")) if number and any(c in text for c in ".,") else int(text)
    except ValueError:
        raise FormError([Problem(place, Bi(f'"{text}" nie jest liczbą{"" if number else " całkowitą"}',
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
            raise FormError([Problem(place, Bi(f'"{word}": możliwe są {opts}', f'"{word}" is not one of {opts}'))])
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


def out_of_range(text: str, lo: int | float | None, hi: int | float | None, number: bool = False) -> bool:
    """Can no more typing bring `text` (a number being typed) into [lo, hi]? 130 of 0-120 cannot; 2 of 18-264
    can (24); 5 of 100-400 cannot (50-59, 500-599); "-" where nothing below 0 is taken cannot."""
    t = text.strip()
    if "+" in t:  # a number is written without a plus ("+1" is a result relative to a contract, not a number)
        return True
    if t in ("", "-"):
        return t == "-" and lo is not None and lo >= 0
    try:
        v = float(t.replace(",", ".")) if number else int(t)
    except ValueError:
        return False  # not a number: the box's own type refuses it
    if v >= 0 or t.startswith("-"):
        if t.startswith("-"):
            return lo is not None and (lo >= 0 or v < lo)
        if hi is not None and v > hi:
            return True
        if not number and lo is not None and hi is not None and v < lo:  # 5 of 100-400: no digit more makes it
            return not any(v * 10 ** k <= hi and v * 10 ** k + 10 ** k - 1 >= lo
                           for k in range(1, len(str(int(hi))) - len(t) + 1))
        return False
    return False


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

KEYPAD = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "⌫", "±", "→")


class HandForm(Widget):
    """A form for one hand. Posts Submitted when the scorekeeper presses Enter in it, Complete when every
    usual field has a value (the screen then offers Save)."""

    class Submitted(Message):
        pass

    class Complete(Message):
        pass

    class Refused(Message):
        """A key refused where it was typed: `text` names the field and what it takes (one line)."""

        def __init__(self, widget: Widget, text: str) -> None:
            super().__init__()
            self.widget, self.text = widget, text

    class Mended(Message):
        """A field refused or in error was changed: its message may go."""

    DEFAULT_CSS = """
    HandForm { height: auto; }
    """

    def __init__(self, fields: list[Field], players: list[str], touch: bool = False, **kw):
        super().__init__(**kw)
        shown = [f for f in fields if f.form]
        self.fields = [f for f in shown if not f.rare] + [f for f in shown if f.rare]  # usual ones first
        self.by_name = {f.name: f for f in self.fields}
        self.players = players
        self.touch = touch
        self.prefilled: dict[str, Any] = {}  # what `prefill` chose, which is not the scorekeeper's typing
        self.auto: dict[str, str] = {}  # inputs the form filled in (the rest of a fixed total): id -> value
        self._quiet: dict[str, str] = {}  # inputs the program set: their Changed message is no typing
        # the form's widgets found once (the form never mounts or removes any after composing): a save clears,
        # prefills and moves the cursor through them, and a DOM query each time cost milliseconds per save
        self._widget_by_id: dict[str, Any] = {}
        self._widget_lists: dict[Any, list[Any]] = {}
        self.target: Input | None = None  # the number the keypad types into
        self.renewing = False  # a hand saved, the form not yet emptied for the next (renew_after_frame)
        self._seen: dict[str, str] = {}  # each box's value as last seen (did a change add a key or take one?)
        self.refused_in: str | None = None  # the field whose key was refused last (its message goes when mended)
        self._went_on: tuple[Widget, float] | None = None  # a value's box the cursor just left by itself, and when
        self._current: Widget | None = None  # the row of the field with the cursor (marked ▶)
        self.set_class(touch, "-touch")

    # --- building ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form-scroll"):
            rare = False
            for f in self.fields:
                if f.rare and not rare:
                    rare = True
                    yield Label(t("more_fields"), classes="rare-head")
                with Horizontal(classes="field-row", id=f"f-{f.name}"):
                    yield Label(MARKS[""] + label(f), classes="field-label")
                    with Vertical(classes="controls"):
                        yield from self._controls(f)
        yield Pad([Cell(k, k) for k in KEYPAD], momentary=True, focusable=False, tall=self.touch, min_width=5,
                  id="keypad")

    def _pad(self, cells: list[Cell], id_: str, **kw) -> Pad:
        return Pad(cells, id=id_, tall=self.touch, **kw)

    def _input(self, id_: str, kind: str = "integer", classes: str = "num", placeholder: str = "") -> Input:
        return FieldInput(id=id_, type=kind, classes=classes, compact=not self.touch, placeholder=placeholder,
                     select_on_focus=False, valid_empty=True)  # empty is no error: a save says what is missing

    def _player_cells(self) -> list[Cell]:
        return [Cell(p, p) for p in self.players]

    def _choice_cells(self, f: Field) -> list[Cell]:
        if f.player_choices and len(f.choices) == len(self.players):
            return [Cell(c, f"{c} {p}", (p,)) for c, p in zip(f.choices, self.players)]
        return [Cell(c, pad_label(c), pad_words(c)) for c in f.choices if c not in f.not_offered]

    def _quick_cells(self, f: Field) -> list[Cell]:
        out = []
        for q in f.quick:
            value, names = q if isinstance(q, tuple) else (q, None)
            text = (names.get(get_lang()) or names.get("en")) if names else None
            out.append(Cell(value, text or str(value)))
        return out

    def _controls(self, f: Field) -> ComposeResult:
        k, base = f.kind, f"in-{f.name}"
        if k == "choice" or (k == "int" and f.choices):
            cells = self._choice_cells(f) if k == "choice" else [Cell(c, str(c)) for c in f.choices]
            if k == "int" and not f.required:
                cells = [Cell(None, "—")] + cells
            yield self._pad(cells, base, allow_none=not f.required)
        elif k == "player":
            yield self._pad(self._player_cells(), base, allow_none=not f.required)
        elif k == "bool" and f.required:  # the hand must say it (a null game's result): yes or no, both a choice
            yield self._pad([Cell(True, t("yes")), Cell(False, t("no"))], base, allow_none=True)
        elif k == "bool":
            yield self._pad([Cell(True, t("yes"))], base, multi=True, limit=1, classes="toggle")
        elif k == "players":
            yield self._pad(self._player_cells(), base, multi=True, limit=f.max)
        elif k == "int" and f.base is not None:
            yield self._pad(self._base_cells(f, None), base)
        elif k == "int" and _small(f):  # a few values (kontra, old tricks): each a cell
            yield self._pad(self._range_cells(f), base, allow_none=not f.required)
        elif k in ("int", "number"):
            yield self._input(base, "integer" if k == "int" else "number", placeholder=self._range(f))
            if f.quick:
                yield self._pad(self._quick_cells(f), f"q-{f.name}", momentary=True, focusable=False, classes="quick")
        elif k == "str" and f.parts:  # typed on a keyboard; on a tablet the pads below show it
            yield self._input(base, "text", "txt parts-box", hint_of(f)[:30])
            for j, row in enumerate(f.parts):
                extra = f.alone if j == 0 else ()
                yield self._pad([Cell(v, pad_label(v, strain=True), pad_words(v)) for v in (*row, *extra)],
                                f"part-{f.name}-{j}", classes="part")
        elif k == "player_map":
            yield from self._player_map(f)
        elif k == "table" and f.sub:
            for s in f.sub:
                with Horizontal(classes="sub"):
                    yield Label(label(s), classes="sub-label")
                    sid = f"{base}-{s.name}"
                    if s.kind == "player":
                        yield self._pad(self._player_cells(), sid)
                    elif s.kind == "int":
                        yield self._input(sid)
                    elif s.kind == "list" and s.choices:
                        yield self._pad([Cell(c, pad_label(c)) for c in s.choices], sid, multi=True)
                    else:
                        yield self._input(sid, "text", "txt")
        elif k == "list" and f.choices:  # a sequence (showdowns): each tap adds one, ⌫ takes the last back
            yield self._input(base, "text", "txt", ", ".join(map(str, f.choices))[:30])
            yield self._pad([Cell(c, pad_label(c)) for c in f.choices] + [Cell("⌫", "⌫")], f"q-{f.name}",
                            momentary=True, focusable=False, classes="quick")
        else:  # str, list and anything else: text (free: a ? is typed into it, not help)
            hint = ", ".join(map(str, f.choices)) if f.choices else hint_of(f)
            yield self._input(base, "text", "txt free", hint[:30])

    def _player_map(self, f: Field) -> ComposeResult:
        item, base = f.item, f"in-{f.name}"
        if item is not None and item.kind == "table" and item.keys:
            with Vertical(classes="grid"):
                with Horizontal(classes="grid-head"):
                    yield Label("", classes="pname")
                    for key in item.keys:
                        yield Label(item_name(key)[:9], classes="cell-head")
                for i, p in enumerate(self.players):
                    with Horizontal(classes="grid-row"):
                        yield Label(plain_text(p), classes="pname")
                        for j, _ in enumerate(item.keys):
                            yield self._input(f"{base}-{i}-{j}", classes="cell")
        elif item is not None and item.kind == "list" and item.choices:  # melds: per player, suits to tap
            for i, p in enumerate(self.players):
                with Horizontal(classes="pmap-row"):
                    yield Label(plain_text(p), classes="pname")
                    yield self._pad([Cell(c, pad_label(c)) for c in item.choices], f"{base}-{i}", multi=True)
        elif item is not None and item.kind == "int" and _small(item):  # places 1-4: per player, a row of cells
            for i, p in enumerate(self.players):
                with Horizontal(classes="pmap-row"):
                    yield Label(plain_text(p), classes="pname")
                    yield self._pad(self._range_cells(item), f"{base}-{i}")
        else:
            with Horizontal(classes="pmap"):
                for i, p in enumerate(self.players):
                    if self.touch:  # the name above a tall box
                        with Vertical(classes="pcol"):
                            yield Label(plain_text(p), classes="pname")
                            yield self._input(f"{base}-{i}", classes="pcell")
                    else:
                        yield Label(plain_text(p), classes="pname")
                        yield self._input(f"{base}-{i}", classes="pcell")

    def _range_cells(self, f: Field) -> list[Cell]:
        names = {c.value: c.label for c in self._quick_cells(f)}
        return [Cell(v, names.get(v, str(v))) for v in range(int(f.min), int(f.max) + 1)]

    def _base_cells(self, f: Field, base: int | None) -> list[Cell]:
        """Bridge's result: relative to what the contract needs ("-1", "=", "+2"), or the tricks as such."""
        lo, hi = int(f.min or 0), int(f.max if f.max is not None else 13)
        if base is None:
            return [Cell(v, str(v)) for v in range(lo, hi + 1)]
        return [Cell(v, "=" if v == base else f"{v - base:+d}", (str(v),)) for v in range(lo, hi + 1)]

    @staticmethod
    def _range(f: Field) -> str:
        if f.min is not None and f.max is not None:
            return f"{f.min}-{f.max}"
        return ""

    def on_mount(self) -> None:
        try:
            self.refresh_visibility()
        except NoMatches:  # its screen was taken down before the form's mount came round (the evening changed)
            pass

    # --- values --------------------------------------------------------------------------------
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
                self._set(base, v)
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

    # --- feedback --------------------------------------------------------------------------------
    def labels(self) -> dict[str, str]:
        """Each field's label as the form shows it, by the field's name (a refusal names the label)."""
        return {f.name: label(f) for f in self.fields}

    def mark_errors(self, names: list[str]) -> None:
        """The fields named are marked, and the cursor goes to the first of them shown: where it is mended."""
        first = None
        for f in self.fields:
            bad = f.name in names
            row = self._row(f)
            if row.has_class("error") != bad:
                row.set_class(bad, "error")
                self._mark(row)
            if bad and first is None and row.display:
                first = f
        if first is not None:
            ws = self._controls_of(first)
            if ws:
                self._focus(ws[0])


    def renew_after_frame(self, suggestions: Callable[[], dict[str, Any] | None]) -> None:
        """The form emptied for the next hand, prefilled with what the game then suggests (`suggestions()`, read
        at that moment: another tablet may have saved meanwhile), its shape made for it and the cursor put on its
        first field, just after the frame that shows the hand saved. The sheet's new row is painted without
        waiting for the form: its boxes cleared, its new shape (a skat game's fields hidden until the next game is
        chosen, a bridge result pad back to plain tricks: a layout pass of the screen) and the repaint of every
        field the clear touches."""
        self.renewing = True
        self.call_after_refresh(self._renew, suggestions)

    def _renew(self, suggestions: Callable[[], dict[str, Any] | None]) -> None:
        self.renewing = False
        self.clear()
        self.prefilled.clear()
        self.prefill(suggestions())
        self.focus_first()

    def refresh_visibility(self) -> None:
        current = self.raw()
        numbers = False
        for f in self.fields:
            shown = f.applies(current)
            self._row(f).display = shown
            numbers = numbers or shown and any(isinstance(w, Input) and w.type in ("integer", "number")
                                               for w in self._in_row(f))
            if f.base is not None and f.kind == "int":
                pad = self._get(f"in-{f.name}")
                want = self._base_cells(f, f.base(current))
                if [c.label for c in pad.cells] != [c.label for c in want]:
                    pad.set_cells(want)
        self._get("keypad").display = self.touch and numbers  # the keypad where there is a number to type
        for head in self.query(".rare-head"):  # "less often" only over something shown
            head.display = any(f.rare and f.applies(current) for f in self.fields)

    # --- moving on -----------------------------------------------------------------------------
    def _controls_of(self, f: Field) -> list[Widget]:
        return [w for w in self._in_row(f)
                if w.can_focus and w.display and not (isinstance(w, Pad) and w.momentary)]

    def _empty(self, f: Field) -> bool:
        """Nothing chosen or typed in the field (a preselected "—" is a choice)."""
        for w in self._in_row(f):
            if isinstance(w, Pad) and not w.momentary and w.chosen or isinstance(w, Input) and w.value.strip():
                return False
        return True

    def focus_first(self) -> None:
        """The first usual field still empty (or the first field): where a new hand begins."""
        shown = [f for f in self.fields if self._row(f).display]
        for f in [f for f in shown if not f.rare and self._empty(f)] + shown:
            ws = self._controls_of(f)
            if ws:
                self._focus(ws[0])
                return

    def _focus(self, w: Widget) -> None:
        """The cursor to `w`, the form scrolled at once so that it shows (nothing moves under a finger)."""
        w.focus(scroll_visible=False)
        w.scroll_visible(animate=False)
        self._where = w
        if isinstance(w, Input):
            self.target = w

    _moved_on: tuple[Widget | None, float] = (None, 0.0)  # where the cursor moved by itself, and when

    def tab_after_move(self, w: Widget, key: str) -> bool:
        """A Tab typed at once after the cursor moved on by itself (the value before was complete) confirms that
        move: it is taken, so a hand typed with a Tab after each number lands as typed (110 Tab 70 Tab 30) and no
        field is skipped. Any other key, or a later Tab, is the box's as always."""
        target, at = self._moved_on
        self._moved_on = (None, 0.0)
        return key == "tab" and target is w and time.monotonic() - at < TYPE_AHEAD_SECONDS

    def _moved(self, w: Widget) -> None:
        self._focus(w)
        self._moved_on = (w, time.monotonic())

    def advance(self, w: Widget) -> bool:
        """A value is complete at `w`: on to the next empty cell of its field, else the next usual empty field;
        when none is left, the form is complete (the screen offers Save). Whether the cursor moved."""
        row = next((a for a in w.ancestors if a.has_class("field-row")), None)
        if row is None:
            return False
        f = self.by_name[row.id.removeprefix("f-")]
        mine = self._controls_of(f)
        if w in mine:
            for later in mine[mine.index(w) + 1:]:  # the next player's box, or pad (metamorfoza's declarations)
                # a box the form filled in (the rest of a fixed total) gets the cursor too: what is typed
                # there replaces the filled-in value, never lands in the box before it
                if (isinstance(later, Input) and (not later.value or later.id in self.auto)
                        or isinstance(later, Pad) and not later.chosen):
                    self._moved(later)
                    return True
        i = self.fields.index(f)
        for g in self.fields[i + 1:]:
            if g.rare or not self._row(g).display or not self._empty(g):
                continue
            ws = self._controls_of(g)
            if ws:
                self._moved(ws[0])
                return True
        self.post_message(self.Complete())
        return False

    @on(Pad.Changed)
    def _pad_changed(self, event: Pad.Changed) -> None:
        pad = event.pad
        if pad.id.startswith("part-"):
            self._part_picked(pad)
            return
        self.refresh_visibility()
        f = self.by_name.get(pad.id.removeprefix("in-"))
        if f is not None:
            self._mended(f)
        if event.complete:
            self.advance(pad)

    @on(Pad.Submitted)
    def _pad_submitted(self, event: Pad.Submitted) -> None:
        event.stop()
        self.post_message(self.Submitted())

    _where: Widget | None = None  # the field's control the cursor was on last (the keypad's → goes on from it)

    def on_descendant_focus(self, event) -> None:
        if isinstance(event.widget, Input):
            self.target = event.widget
        row = next((a for a in event.widget.ancestors if a.has_class("field-row")), None)
        if row is not None:
            self._where = event.widget
        if row is not self._current:
            old, self._current = self._current, row
            for r in (old, row):
                if r is not None:
                    self._mark(r)

    def _mark(self, row: Widget) -> None:
        """The field with the cursor is marked ▶ before its label, one in error ✗: seen without colour too."""
        f = self.by_name.get(row.id.removeprefix("f-"))
        if f is None:
            return
        mark = MARKS["current"] if row is self._current else MARKS["error"] if row.has_class("error") else MARKS[""]
        text = mark + label(f)
        shown = self._get(f"f-{f.name}").query_one(".field-label", Label)
        if str(shown.render()) != text:
            shown.update(text)

    # --- a value put together from parts (bridge contract: level, strain) ----------------------
    def _part_picked(self, pad: Pad) -> None:
        name = pad.id.removeprefix("part-").rsplit("-", 1)[0]
        f = self.by_name[name]
        pads = [self._get(f"part-{name}-{j}") for j in range(len(f.parts))]
        if pad.value in f.alone:
            for p in pads[1:]:
                p.value = None
            value = pad.value
        elif all(p.value is not None and p.value not in f.alone for p in pads):
            value = "".join(str(p.value) for p in pads)
        else:
            value = ""
        box = self._get(f"in-{name}")
        self._set_input(box, value)
        self.refresh_visibility()
        if value:
            self.advance(box)
        elif pad is pads[0] and pad.value is not None:
            pads[1].focus()

    def _show_parts(self, f: Field) -> None:
        """The pads show what the input holds (typed, or a recorded hand)."""
        text = f.split_suffix(self._get(f"in-{f.name}").value)[0].strip()
        value = f.normalize(text) if f.normalize and text else text
        pads = [self._get(f"part-{f.name}-{j}") for j in range(len(f.parts))]
        if value in f.alone:
            pads[0].value = value
            for p in pads[1:]:
                p.value = None
            return
        rest = value
        for j, row in enumerate(f.parts):
            hit = next((v for v in sorted(row, key=len, reverse=True) if rest.startswith(v)), None)
            pads[j].value = hit
            rest = rest[len(hit):] if hit else rest

    # --- numbers ---------------------------------------------------------------------------------
    def _field_of(self, w: Widget) -> tuple[Field | None, Field | None]:
        """The field an input belongs to, and the description of its own value."""
        wid = w.id or ""
        for f in self.fields:
            if wid == f"in-{f.name}":
                return f, f
            if wid.startswith(f"in-{f.name}-"):
                if f.kind == "table":
                    sub = next((s for s in f.sub if wid == f"in-{f.name}-{s.name}"), None)
                    return f, sub
                item = f.item
                if item is not None and item.kind == "table":
                    item = item.item
                return f, item if item is not None else Field("n", "int", min=0)  # a count
        return None, None

    def _bounds(self, f: Field, item: Field | None) -> tuple[Any, Any]:
        lo, hi = (item.min, item.max) if item is not None else (None, None)
        total = f.total_for(self.raw()) if f.kind == "player_map" else None
        if total is not None:
            lo = 0 if lo is None else lo
            hi = total if hi is None else min(hi, total)
        return lo, hi

    def field_words(self, w: Widget) -> str:
        """The label of the field `w` belongs to, in the UI's language (a player's box: the player named too)."""
        f, item = self._field_of(w)
        if f is None:
            return ""
        words = label(f)
        wid = w.id or ""
        if f.kind == "player_map" and wid.startswith(f"in-{f.name}-"):
            i = wid.removeprefix(f"in-{f.name}-").split("-")[0]
            if i.isdigit() and int(i) < len(self.players):
                words += f" ({self.players[int(i)]})"
        elif f.kind == "table" and item is not None and item is not f:
            words += f": {label(item)}"
        return plain_text(words).plain

    def refused(self, w: Widget, why: str) -> None:
        """A key refused in `w`: said (the screen's message line) until its field is mended."""
        f, _ = self._field_of(w)
        self.refused_in = f.name if f is not None else None
        self.post_message(self.Refused(w, why))

    def refusal(self, w: Widget, text: str | None) -> str | None:
        """Why the box `w` may not hold `text` (None: a key it cannot hold at all), in one line naming the field
        and its range; None when it may."""
        f, item = self._field_of(w)
        if f is not None and f.parts and text is not None:  # a contract typed: only what can still become one
            if self._could_be(f, text):
                return None
            return t("refused_cell", field=self.field_words(w), typed=text.strip(), choices=hint_of(f))
        if f is None or item is None or item.kind not in ("int", "number"):
            return None if text is not None else t("refused_key", field=self.field_words(w))
        lo, hi = self._bounds(f, item)
        if text is not None and not out_of_range(text, lo, hi, item.kind == "number"):
            return None
        if lo is not None and hi is not None:
            return t("refused_range", field=self.field_words(w), lo=fmt_bound(lo), hi=fmt_bound(hi))
        if lo is not None:
            return t("refused_min", field=self.field_words(w), lo=fmt_bound(lo))
        return t("refused_number", field=self.field_words(w))

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        w = event.input
        if self._quiet.get(w.id) == event.value:
            del self._quiet[w.id]
            return
        f, item = self._field_of(w)
        if f is None:
            return
        before = self._seen.get(w.id, "")
        self._seen[w.id] = event.value
        grew = len(event.value) > len(before)  # typed, not taken back: only a key typed moves the cursor on
        if w.id in self.auto:  # typed over: the scorekeeper's value now
            del self.auto[w.id]
            w.remove_class("auto")
        self._mended(f)
        if f.parts:
            rest, ending = f.split_suffix(event.value)
            if ending is not None and f.suffix[0] in self.by_name:  # "4SX": the contract, and its double
                self._set(f"in-{f.suffix[0]}", ending)
            self._show_parts(f)
            self.refresh_visibility()
            value = f.normalize(rest.strip()) if f.normalize else rest.strip()
            if grew and (value in f.alone or (
                    value and all(self._get(f"part-{f.name}-{j}").value for j in range(len(f.parts))))):
                self.advance(w)
                self._went_on = (w, time.monotonic())  # what is typed at once after may still be this value's
            return
        if f.kind == "player_map" and f.total is not None:
            self._fill_rest(f)
        if (grew and item is not None and item.kind == "int" and w.value
                and complete(w.value.strip(), *self._bounds(f, item))):
            self.advance(w)

    def continue_previous(self, pad: Pad, ch: str) -> bool:
        """A key the focused pad has no cell for, typed at once after the cursor left a whole contract by itself:
        still that contract's ("3n" then "t" is 3NT, "4 p" then "ik" is 4 pik; "4s" then "x" is 4S doubled, as
        players write 4SX). True when it was taken so; otherwise the key is refused where it was typed."""
        went = self._went_on
        if went is None or time.monotonic() - went[1] > TYPE_AHEAD_SECONDS or pad.chosen:
            return False
        box = went[0]
        f, _ = self._field_of(box)
        if f is None or not f.parts or not box.is_attached:
            return False
        text = box.value + ch
        if not self._same_value(f, box.value, text):
            return False
        self._went_on = (box, time.monotonic())
        self._set_input(box, text)
        _, ending = f.split_suffix(text)
        if ending is not None and f.suffix[0] in self.by_name:
            self._set(f"in-{f.suffix[0]}", ending)
        return True

    def _could_be(self, f: Field, text: str) -> bool:
        """Can typing on make `text` a value of the parts field `f` (a level, then a strain's name, then an ending
        such as x)? "4", "4 p", "4pi", "4sx", "pa" can; "130", "8", "4z" cannot."""
        squeezed = "".join(text.split()).lower()
        if not squeezed:
            return True
        pads = [self._get(f"part-{f.name}-{j}") for j in range(len(f.parts))]

        def names(pad: Pad) -> list[str]:
            return [n for c in pad.cells if not c.empty
                    for n in {c.label.lower(), str(c.value).lower(), *(x.lower() for x in c.words)} if n]
        if any(n.startswith(squeezed) or squeezed.startswith(n) and f.normalize and f.normalize(squeezed) in f.alone
               for n in names(pads[0]) if not n[:1].isdigit()):
            return True  # "pa" of pas, "pass"
        rests = [squeezed]
        for pad in pads:  # each part in turn takes a name's beginning (or all of it) off the front
            nxt = []
            for rest in rests:
                for n in names(pad):
                    if n.startswith(rest):
                        return True  # still typing this part
                    if rest.startswith(n):
                        nxt.append(rest[len(n):])
            rests = nxt
            if not rests:
                return False
        endings = [e for e, _ in f.suffix[1]] if f.suffix else []
        return any(r == "" or any(e.startswith(r) for e in endings) for r in rests)

    def _same_value(self, f: Field, old: str, new: str) -> bool:
        """Does `new` (the box's text with one key more) still name the value `old` names, or is it on its way to
        it (a strain's word half typed, an ending half typed)?"""
        def value(text: str) -> str:
            rest = f.split_suffix(text)[0].strip()
            return f.normalize(rest) if f.normalize else rest
        was = value(old)
        if value(new) == was:
            return True
        squeezed = "".join(new.split()).lower()
        for cut in range(len(squeezed), 0, -1):  # an ending on its way ("4sk" of "4s kontra")
            head, tail = squeezed[:cut], squeezed[cut:]
            if tail and value(head) == was and any(e.startswith(tail) for e, _ in f.suffix[1] if f.suffix):
                return True
        pads = [self._get(f"part-{f.name}-{j}") for j in range(len(f.parts))]
        lead = "".join(str(p.value).lower() for p in pads[:-1] if p.value is not None)
        last = pads[-1]
        if not squeezed.startswith(lead) or not last.chosen:  # a strain's word half typed ("4 pi" of "4 pik")
            return False
        cell = last.cells[last.chosen[0]]
        names = {cell.label.lower(), str(cell.value).lower(), *(w.lower() for w in cell.words)}
        return any(n.startswith(squeezed[len(lead):]) for n in names)

    @on(Pad.Refused)
    def _pad_refused(self, event: Pad.Refused) -> None:
        event.stop()
        f = self.by_name.get(event.pad.id.removeprefix("in-").removeprefix("part-").rsplit("-", 1)[0]
                            if event.pad.id.startswith("part-") else event.pad.id.removeprefix("in-"))
        name = label(f) if f is not None else ""
        self.refused_in = f.name if f is not None else None
        cells = [c.label for c in event.pad.cells if not c.empty]
        choices = f"{cells[0]} … {cells[-1]}" if len(cells) > 6 else ", ".join(cells)
        self.post_message(self.Refused(event.pad, t("refused_cell", field=plain_text(name).plain,
                                                     typed=event.word, choices=plain_text(choices).plain)))

    def _mended(self, f: Field) -> None:
        """A field that was in error (or refused a key) changed: no longer marked; the message may go."""
        row = self._row(f)
        if row.has_class("error") or self.refused_in == f.name:
            row.remove_class("error")
            self._mark(row)
            self.refused_in = None
            self.post_message(self.Mended())

    def _fill_rest(self, f: Field) -> None:
        """A player map with a fixed total: once every value but one is in, the last is filled in (dimmed, as
        filled in) and stays overridable; when the values typed make the total, the others are 0. Typing in a
        filled-in value makes it the scorekeeper's own."""
        total = f.total_for(self.raw())
        boxes = [self._get(f"in-{f.name}-{i}") for i in range(len(self.players))]
        mine = [b for b in boxes if b.id not in self.auto and b.value.strip()]
        rest = [b for b in boxes if b not in mine]
        try:
            taken = sum(int(b.value) for b in mine)
        except ValueError:
            return
        fill: dict[str, str] = {}
        if total is not None and rest and taken <= total and (len(rest) == 1 or taken == total):
            fill = {b.id: str(total - taken) if len(rest) == 1 else "0" for b in rest}
        for b in rest:
            value = fill.get(b.id, "")
            if b.id in self.auto or value:
                self._set_input(b, value)
                b.set_class(bool(value), "auto")
                if value:
                    self.auto[b.id] = value
                else:
                    self.auto.pop(b.id, None)

    @on(Pad.Pressed)
    def _pressed(self, event: Pad.Pressed) -> None:
        pad, key = event.pad, event.value
        event.stop()
        if pad.id == "keypad":
            self._keypad(key)
            return
        name = pad.id.removeprefix("q-")
        f = self.by_name[name]
        box = self._get(f"in-{name}")
        if f.kind == "list":  # a sequence: add one, or take the last back
            words = box.value.replace(",", " ").split()
            words = words[:-1] if key == "⌫" else words + [str(key)]
            self._set_input(box, ", ".join(words))
            box.focus()
            return
        self._set_input(box, str(key))
        self._mended(f)  # a value tapped in mends the field: its mark and its line go
        self.target = box
        self.advance(box)

    def _next_shown(self, w: Widget) -> None:
        """The cursor to the first control of the next field shown after `w`'s, whatever it holds (the keypad's →
        reaches kontra, bitki starych, the other players' melds)."""
        row = next((a for a in w.ancestors if a.has_class("field-row")), None)
        if row is None:
            return
        f = self.by_name[row.id.removeprefix("f-")]
        mine = self._controls_of(f)
        if w in mine and mine.index(w) + 1 < len(mine):
            self._focus(mine[mine.index(w) + 1])
            return
        for g in self.fields[self.fields.index(f) + 1:]:
            ws = self._controls_of(g) if self._row(g).display else []
            if ws:
                self._focus(ws[0])
                return

    def _keypad(self, key: str) -> None:
        w = self.target
        if w is None or not w.is_attached or not w.display:
            shown = [i for i in self._all(Input) if i.display and i.type in ("integer", "number")
                     and all(a.display for a in i.ancestors if isinstance(a, Widget) and a is not self.screen)]
            if not shown:
                return
            w = self.target = shown[0]
        if key == "→":  # on to the next field to fill; past the last one, the next field shown (rare ones too)
            here = self._where if self._where is not None and self._where.is_attached and self._where.display \
                else w
            if not self.advance(here):  # nothing to fill after it: the next field shown
                self._next_shown(here)
            return
        w.focus()
        end = len(w.value)
        w.cursor_position = end
        if key == "⌫":
            w.replace_next = False
            w.delete(max(end - 1, 0), end)
        elif key == "±":
            w.replace_next = False
            w.replace("" if w.value.startswith("-") else "-", 0, 1 if w.value.startswith("-") else 0)
        else:  # as if typed: refused past the field's range, a complete value moves on, a filled-in one replaced
            w.insert_text_at_cursor(key)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(self.Submitted())


class SaysRefusals:
    """A screen with an entry form and a message line (`say`): a key refused in the form is said there in one
    line, and the line goes when the field is mended."""

    _said_error = False

    def on_hand_form_refused(self, event: HandForm.Refused) -> None:
        event.stop()
        self.say(event.text, error=True)

    def on_hand_form_mended(self, event: HandForm.Mended) -> None:
        event.stop()
        if self._said_error:
            self.say("")
