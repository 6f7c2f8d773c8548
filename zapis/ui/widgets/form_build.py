"""The entry form's fields built as widgets: each field's row, its label and its controls by its kind (a pad
of choices, players, yes/no or a few numbers; a number box with its quick values; the contract's box with its
level and strain pads; a box or pad per player; a table's rows), and the keypad under them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label

from zapis.core.fields import Field
from zapis.lang.text import plain_text
from zapis.lang import get_lang, item_name, label, pad_label, pad_words, t
from zapis.ui.widgets.field_input import FieldInput
from zapis.ui.widgets.form_keypad import KEYPAD
from zapis.ui.widgets.form_text import MARKS, _small, hint_of
from zapis.ui.widgets.pad import Cell, Pad


class FormBuild(Widget):
    """The HandForm's widgets, composed from its fields (a part of HandForm)."""

    fields: list[Field]
    players: list[str]
    touch: bool

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form-scroll", can_focus=False):  # (scrolled by its fields, never a stop of Tab)
            rare = False
            for f in self.fields:
                if f.rare and not rare:
                    rare = True
                    yield Label(t("more_fields"), classes="rare-head")
                with Horizontal(classes="field-row", id=f"f-{f.name}"):
                    yield Label(MARKS[""] + label(f), classes="field-label")
                    with Vertical(classes="controls"):
                        yield from self._controls(f)
        yield Pad([Cell(k, k) for k in KEYPAD], momentary=True, focusable=False, tall=self.touch, stretch=True,
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
            return f"{f.min}…{f.max}" if f.min < 0 else f"{f.min}-{f.max}"  # -11…11, never -11-11
        return ""
