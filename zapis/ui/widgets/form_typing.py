"""Typing into the entry form: the field a box belongs to and its range, why a key is refused there (said in
one line naming the field), a field mended, a player map's last value filled in from its total, and a complete
number moving the cursor on."""

from __future__ import annotations

import time
from typing import Any

from textual import on
from textual.widget import Widget
from textual.widgets import Input

from zapis.core.errors import Problem
from zapis.core.fields import Field
from zapis.core.words import Bi
from zapis.lang.text import plain_text
from zapis.lang import label, t
from zapis.ui.widgets.form_moves import FormMoves
from zapis.ui.widgets.form_text import FormError, complete, fmt_bound, hint_of, leading_zero, out_of_range
from zapis.ui.widgets.pad import Pad


class FormTyping(FormMoves):
    """The HandForm's typing and refusals (a part of HandForm, on its cursor's moving on: a complete value moves
    it; a Widget so that Textual finds its handlers)."""

    fields: list[Field]
    by_name: dict[str, Field]
    players: list[str]
    auto: dict[str, str]
    _quiet: dict[str, str]
    _seen: dict[str, str]
    refused_in: str | None
    _went_on: tuple[Widget, float] | None

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
        if item is f and f.limits is not None:  # the range the hand's other values leave it
            lo, hi = f.limits(self.raw()) or (lo, hi)
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
        self.refused_box = w.id  # (a player's box: the line stays while another player's value is typed)
        self.refused_why = why
        self.post_message(self.Refused(w, why))

    def refusal(self, w: Widget, text: str | None) -> str | None:
        """Why the box `w` may not hold `text` (None: a key it cannot hold at all), in one line naming the field
        and its range; None when it may."""
        f, item = self._field_of(w)
        if f is not None and f.parts and text is not None:  # a contract typed: only what can still become one
            if self._could_be(f, text):
                return None
            return t("refused_cell", field=self.field_words(w), typed=text.strip(), choices=hint_of(f))
        if f is None or item is None or item.kind not in ("int", "number") or text is None:  # a letter: digits go here
            return None if text is not None else t("refused_key", field=self.field_words(w))
        lo, hi = self._bounds(f, item)
        if text is not None and not out_of_range(text, lo, hi, item.kind == "number", item.step):
            return None
        if text is not None and item.kind == "int" and leading_zero(text):
            return t("refused_zero", field=self.field_words(w))
        if item.step and lo is not None and hi is not None:
            return t("refused_step", field=self.field_words(w), lo=fmt_bound(lo), hi=fmt_bound(hi), step=item.step)
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
        if event.value == w.value:  # (an older value's message: the box was read as it was typed, typed_now)
            self.typed_now(w)

    def typed_now(self, w: Input) -> None:
        """The box `w` holds a new value: read at once as a key is typed (FieldInput.replace), so that a number
        that is whole moves the cursor on before the next key of a burst is handled (that key then goes on to
        where the cursor is); Input's Changed message comes later and finds it read."""
        value = w.value
        if self._seen.get(w.id, "") == value:
            return
        f, item = self._field_of(w)
        if f is None:
            return
        before = self._seen.get(w.id, "")
        self._seen[w.id] = value
        grew = len(value) > len(before)  # typed, not taken back: only a key typed moves the cursor on
        if w.id in self.auto:  # typed over: the scorekeeper's value now
            del self.auto[w.id]
            w.remove_class("auto")
        self._mended(f, w)
        if f.parts:
            rest, ending = f.split_suffix(value)
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
            self.moved_on_by_itself(w)

    @on(Pad.Refused)
    def _pad_refused(self, event: Pad.Refused) -> None:
        event.stop()
        f = self.by_name.get(event.pad.id.removeprefix("in-").removeprefix("part-").rsplit("-", 1)[0]
                            if event.pad.id.startswith("part-") else event.pad.id.removeprefix("in-"))
        if f is None:  # a player's own pad of a field (tysiąc's melds: in-melds-0): named with the player
            f = self._field_of(event.pad)[0]
            name = self.field_words(event.pad)
        else:
            name = label(f)
        self.refused_in, self.refused_box = (f.name if f is not None else None), None
        cells = [c.label for c in event.pad.cells if not c.empty]
        choices = f"{cells[0]} … {cells[-1]}" if len(cells) > 6 else ", ".join(cells)
        self.post_message(self.Refused(event.pad, t("refused_cell", field=plain_text(name).plain,
                                                     typed=event.word, choices=plain_text(choices).plain)))

    refused_box: str | None = None  # the box that refused a key last
    refused_why = ""  # and why

    def to_save(self) -> dict[str, Any]:
        """The hand to save, as values() reads it; but while a key refused in a box is not yet mended there, the
        hand is not saved (FormError, the cursor put back in that box): 1 3 0 then Enter saved the 13 the refusal
        left (a lost skat), the refusal's line unread. Mended (that box changed), it saves as it stands."""
        box = self._get(self.refused_box) if self.refused_in and self.refused_box else None
        if box is not None and box.display:
            self._focus(box)
            said = f"{self.refused_why} ({t('mend_first')})"  # (already in the UI's language)
            raise FormError([Problem("", Bi(said, said))])
        return self.values()

    def _mended(self, f: Field, w: Widget | None = None) -> None:
        """A field that was in error (or refused a key) changed (at its box `w`): no longer marked; the message
        may go. A key refused in Leon's box is still said while Marta's value is typed."""
        row = self._row(f)
        if w is not None and self.refused_in == f.name and self.refused_box not in (None, w.id) \
                and not row.has_class("error"):
            return
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
