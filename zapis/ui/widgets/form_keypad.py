"""The entry form's touch keypad and quick values: a tapped digit typed into the number with the cursor (as
if typed: refused past its range, a complete value moves on), ⌫ and ±, → on to the next field; a field's
quick value (or a list's next item) put in at a tap."""

from __future__ import annotations

from textual import on
from textual.widget import Widget
from textual.widgets import Input

from zapis.core.fields import Field
from zapis.ui.widgets.pad import Pad

KEYPAD = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "⌫", "±", "→")


class FormKeypad(Widget):
    """The HandForm's keypad and quick-value pads (a part of HandForm; a Widget so that Textual finds its
    handler)."""

    fields: list[Field]
    by_name: dict[str, Field]
    target: Input | None
    _where: Widget | None

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
