"""The entry form's cursor: where a new hand begins, on to the next empty field when a value is complete
(`advance`, skipping the rare fields), a Tab typed at once after such a move taken as confirming it
(`tab_after_move`), and the ▶ mark on the field with the cursor."""

from __future__ import annotations

import time

from textual import events, on
from textual.widget import Widget
from textual.widgets import Input, Label

from zapis.core.fields import Field
from zapis.lang import label
from zapis.ui.widgets.form_text import MARKS
from zapis.ui.widgets.pad import TYPE_AHEAD_SECONDS, Pad


class FormMoves(Widget):
    """The HandForm's cursor moving on (a part of HandForm; a Widget so that Textual finds its handlers)."""

    fields: list[Field]
    by_name: dict[str, Field]
    target: Input | None
    _current: Widget | None

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
        """The cursor to `w` now (not after the keys already queued: see `goes_on`), the form scrolled at once so
        that it shows (nothing moves under a finger)."""
        try:
            w.screen.set_focus(w, scroll_visible=False)
        except Exception:  # not on a screen (the form being built): as Textual does it, a moment later
            w.focus(scroll_visible=False)
        w.scroll_visible(animate=False)
        self._where = w
        if isinstance(w, Input):
            self.target = w

    def goes_on(self, w: Widget, event: events.Key) -> bool:
        """A key that reached `w` after the cursor had left it goes on to where the cursor is (True: sent there).
        A terminal sends keys typed quickly in one burst, and Textual hands each to the control that has the
        cursor when it arrives: the keys behind a Tab, or behind a number that moved the cursor on by itself,
        were all queued at the box being left, refused there and lost. Now each lands where the cursor is, as
        at a typing pace."""
        here = self.app.focused
        if here is w or here is None or not w.is_attached:
            return False
        event.stop()
        event.prevent_default()
        self.app.post_message(events.Key(event.key, event.character))  # as typed anew, with its bindings (Enter)
        return True

    def tab(self, w: Widget, key: str) -> bool:
        """Tab and Shift+Tab move the cursor at once (not when the key reaches the screen's binding, after the
        keys queued behind it were handed to this box)."""
        if key not in ("tab", "shift+tab"):
            return False
        w.screen.focus_next() if key == "tab" else w.screen.focus_previous()
        return True

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

    _auto_moved: tuple[Widget | None, float, Widget | None] = (None, 0.0, None)  # to, when, from

    def moved_on_by_itself(self, w: Widget) -> None:
        """A whole number at `w` moved the cursor on (advance): where to, when and from, for typed_twice (a →, a
        Space or a Tab moves it on purpose: those are never asked about)."""
        if self.advance(w):
            self._auto_moved = (self.app.focused, time.monotonic(), w)

    def typed_twice(self, w: Input, text: str) -> Input | None:
        """The first key typed into `w` at once after a whole number moved the cursor on to it, when it is that
        number's last digit again (1100 for a contract of 110, 1200 for 120 card points): most likely one key
        pressed twice, so it is refused and said (never carried into the next box unsaid); typed again, it is
        taken. The box the number was in, else None."""
        target, at, source = self._auto_moved
        if target is not w or w.value or time.monotonic() - at > TYPE_AHEAD_SECONDS:
            return None
        self._auto_moved = (None, 0.0, None)  # asked once: the same key again is this box's
        if isinstance(source, Input) and len(text) == 1 and text.isdigit() and source.value.endswith(text):
            return source
        return None

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
        if not event.read:
            self.pad_changed(event.pad, event.complete)

    def pad_changed(self, pad: Pad, complete: bool) -> None:
        """A pad of the form changed (read as it is picked: Pad.changed)."""
        if pad.id.startswith("part-"):
            self._part_picked(pad)
            return
        self.refresh_visibility()
        f = self.by_name.get(pad.id.removeprefix("in-"))
        if f is not None:
            self._mended(f)
        if complete:
            self.advance(pad)

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
