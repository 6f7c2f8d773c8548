"""The entry form of one hand, built from the module's description of a hand (zapis.core.fields).

The same Field list validates records; here it becomes pads and inputs. Choices, players, toggles and bridge's
contract and result are pads (a tap or a typed beginning picks); numbers are inputs that digits type into, or
the in-app keypad and a field's quick values on a tablet. Tab moves, Enter saves, a complete value moves the
cursor on by itself, skipping the fields a hand usually leaves alone (`rare`, drawn last). A field whose
`when` condition fails is hidden.

HandForm is composed of its parts: its widgets built (form_build), its values read and set (form_values),
typing and refusals (form_typing, on the cursor's moving on: form_moves), the contract put together from parts
(form_contract), the touch keypad and quick values (form_keypad); the boxes are FieldInput (field_input), the
text of values form_text. Here: the form's messages, its state, its feedback and shape, and Enter.
"""

from __future__ import annotations

from typing import Any, Callable

from textual import events, on
from textual.message import Message
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Input

from zapis.core.fields import Field
from zapis.lang import label
from zapis.ui.widgets.form_build import FormBuild
from zapis.ui.widgets.form_contract import FormContract
from zapis.ui.widgets.form_keypad import FormKeypad
from zapis.ui.widgets.form_typing import FormTyping
from zapis.ui.widgets.form_values import FormValues

# the names this module has always offered, now kept in its parts
from zapis.ui.widgets.field_input import FieldInput  # noqa: F401
from zapis.ui.widgets.form_keypad import KEYPAD  # noqa: F401
from zapis.ui.widgets.form_text import (  # noqa: F401
    MARKS, FormError, _in_range, _parse_int, _parse_list, _small, complete, fmt_bound, hint_of, out_of_range)
from zapis.ui.widgets.pad import TYPE_AHEAD_SECONDS, Cell, Pad  # noqa: F401


class HandForm(FormTyping, FormContract, FormKeypad, FormValues, FormBuild):
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
        self._held: list[tuple[str, str | None]] = []  # keys typed after Enter, before the form was read
        self._seen: dict[str, str] = {}  # each box's value as last seen (did a change add a key or take one?)
        self.refused_in: str | None = None  # the field whose key was refused last (its message goes when mended)
        self._went_on: tuple[Widget, float] | None = None  # a value's box the cursor just left by itself, and when
        self._current: Widget | None = None  # the row of the field with the cursor (marked ▶)
        self.set_class(touch, "-touch")

    def on_mount(self) -> None:
        try:
            self.refresh_visibility()
        except NoMatches:  # its screen was taken down before the form's mount came round (the evening changed)
            pass

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
                if isinstance(ws[0], FieldInput) and ws[0].type in ("integer", "number") and ws[0].value:
                    ws[0].mend_next, ws[0].replace_next = True, False  # refused: the next key mends it (FieldInput)


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
        self._type_held()

    # --- keys after Enter --------------------------------------------------------------------------------
    # Textual hands a key to the field before the Enter typed ahead of it has reached the screen (its Submitted
    # message queues behind the key): 5 Enter 5 in one burst saved 55. From Enter until the screen has read the
    # form (and, after a save, until the form is renewed) every key is held, then typed where the cursor is then.
    holding = False
    _holds = 0

    def hold(self) -> None:
        self.holding = True
        self._holds += 1
        n = self._holds  # never held for good: should no screen read the form (an Enter that saves nothing), a
        self.set_timer(1.0, lambda: self.holding and self._holds == n and self.release())  # second lets go

    def keep(self, event: events.Key) -> bool:
        """A key typed while held: kept (True; the field does nothing with it)."""
        if not (self.holding or self.renewing):
            return False
        event.stop()
        event.prevent_default()
        self._held.append((event.key, event.character))
        return True

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """The cursor left the form (a question over it took the Enter, a refusal moved it): nothing is held, and
        no field is marked ▶ (the cursor on Zapisz is marked there: one mark on the screen). The app losing the
        focus (a served app until its browser's terminal has it, as a tablet's until its first tap) leaves the
        mark where the cursor comes back to."""
        if self.holding:
            self.release()
        here = self.app.focused
        if self._current is not None and self.app.app_focus and (here is None or self not in here.ancestors):
            old, self._current = self._current, None
            self._mark(old)

    def release(self) -> None:
        """The screen has read the form: the keys held are typed now (a saved hand's: once the form is renewed)."""
        self.holding = False
        if not self.renewing:
            self._type_held()

    def _type_held(self) -> None:
        held, self._held = self._held, []
        for key, character in held:
            self.app.post_message(events.Key(key, character))

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
                base = f.base(current)
                want = self._base_cells(f, base)
                if [c.label for c in pad.cells] != [c.label for c in want]:
                    # a result picked relative to its contract (+1) stays what was picked when the contract
                    # changes (2♥ +1 made 4♥ +1, never the same tricks read as -1), or goes where the new one
                    # cannot have it (7♥ +1): never a value nobody picked
                    picked = pad.cells[pad.chosen[0]].label if pad.chosen and pad.counted_from is not None else None
                    pad.set_cells(want)
                    if picked is not None:
                        same = [c.value for c in want if c.label == picked] if base is not None else []
                        pad.value = same[0] if same else None
                pad.counted_from = base
            if f.limits is not None and shown and isinstance(box := self._get(f"in-{f.name}"), Input):
                lo, hi = f.limits(current) or (f.min, f.max)  # the range its hint says follows the hand (-4…4)
                hint = f"{lo}…{hi}" if lo is not None and lo < 0 else f"{lo}-{hi}"
                if box.placeholder != hint:
                    box.placeholder = hint
        self._get("keypad").display = self.touch and numbers  # the keypad where there is a number to type
        for head in self.query(".rare-head"):  # "less often" only over something shown
            head.display = any(f.rare and f.applies(current) for f in self.fields)

    # --- Enter ---------------------------------------------------------------------------------------
    @on(Pad.Submitted)
    def _pad_submitted(self, event: Pad.Submitted) -> None:
        event.stop()
        self._submit()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit()

    def _submit(self) -> None:
        """Submitted, to the screen straight away, and the keys held since the Enter let go after the screen has
        read the form (in the screen's queue behind it)."""
        self.screen.post_message(self.Submitted())
        self.screen.call_later(self.release)


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
