"""A value of the entry form put together from parts (bridge's contract: level, strain, and an ending such as
x for its double): the pads and the box kept showing the same value, what can still become one while it is
typed, and a key typed just after the cursor left a whole contract taken as still that contract's."""

from __future__ import annotations

import time

from textual.widget import Widget

from zapis.core.fields import Field
from zapis.ui.widgets.pad import TYPE_AHEAD_SECONDS, Pad


class FormContract(Widget):
    """The HandForm's values made of parts (a part of HandForm)."""

    by_name: dict[str, Field]
    _went_on: tuple[Widget, float] | None

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
