"""The prize tournament's form (Preisskat) on the skat tournament screen: the entry and table fees, the house's
part, where the lost-game fees go, the prize shares, the special prizes and players' categories, the teams and
the tandems. It reads into a tournament file's data (zapis.club.preisskat checks it) and is filled from it."""

from __future__ import annotations

import math
import re
from typing import Any, Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Label

from zapis.club import preisskat as pk
from zapis.core.errors import ZapisError
from zapis.core.words import say
from zapis.lang import get_lang, t

#: each key of the tournament file, its field and the field's label
FIELDS = {"entry_fee": ("pf-entry", "sk_entry_fee"), "table_fee": ("pf-table-fee", "sk_table_fee"),
          "house_share": ("pf-house", "sk_house_share"), "lost_fees_to": ("pf-lost-to-pot", "sk_lost_to_pot"),
          "prizes": ("pf-prizes", "sk_prize_shares"), "special": ("pf-special", "sk_special"),
          "categories": ("pf-categories", "sk_categories"), "teams": ("pf-teams", "sk_teams_field"),
          "tandems": ("pf-tandems", "sk_tandems_field")}


class Refused(Exception):
    """What is wrong, in one line naming the field (its label), and the field's id to put the cursor in."""

    def __init__(self, field: str, line: str):
        super().__init__(line)
        self.field, self.line = field, line


def _number(text: str) -> float:
    """A number as a person types it: 12,50 or 12.50; ValueError for anything else (inf and nan too)."""
    value = float(text.strip().replace(",", "."))
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def _number_text(value: float) -> str:
    text = f"{value:g}"
    return text.replace(".", ",") if get_lang() == "pl" else text


class PrizeForm(Vertical):
    DEFAULT_CSS = "PrizeForm { height: auto; } PrizeForm .pf-short { width: 30; } PrizeForm Checkbox { border: none; }"

    def compose(self) -> ComposeResult:
        yield Label(t("sk_prize_section"), classes="pf-title")
        for key, (fid, label) in FIELDS.items():
            if key == "lost_fees_to":
                yield Checkbox(t(label), True, id=fid, compact=True)
                continue
            yield Label(t(label))
            short = key in ("entry_fee", "table_fee", "house_share")
            yield Input("", id=fid, compact=True, classes="pf-short" if short else "")

    def _value(self, key: str) -> str:
        return self.query_one(f"#{FIELDS[key][0]}", Input).value.strip()

    def _refuse(self, key: str, what: str) -> Refused:
        fid, label = FIELDS[key.split(".")[0]]
        return Refused(fid, f"{t(label).split(' (')[0]}: {what}")

    def fill(self, data: dict[str, Any] | None) -> None:
        """The fields from a kept tournament (all empty without one)."""
        data = data or {}

        def put(key: str, text: str) -> None:
            self.query_one(f"#{FIELDS[key][0]}", Input).value = text

        for key in ("entry_fee", "table_fee"):
            put(key, _number_text(data[key]) if key in data else "")
        put("house_share", _number_text(round(data["house_share"] * 100, 4)) if "house_share" in data else "")
        put("prizes", " ".join(_number_text(p) for p in data.get("prizes", [])))
        put("special", "; ".join(f"{c}: {_number_text(v)}" for c, v in data.get("special", {}).items()))
        for key in ("categories", "teams", "tandems"):
            put(key, pk.lists_text(data.get(key, {})))
        self.query_one(f"#{FIELDS['lost_fees_to'][0]}", Checkbox).value = data.get("lost_fees_to", "pot") == "pot"

    def data(self, players: Sequence[str] | None) -> dict[str, Any] | None:
        """The tournament file's data typed (None when every field is empty: no prize tournament), checked by
        zapis.club.preisskat.parse against `players`; Refused for the first field in error."""
        out: dict[str, Any] = {}
        for key in ("entry_fee", "table_fee", "house_share"):
            text = self._value(key)
            if text:
                try:
                    out[key] = _number(text)
                except ValueError:
                    raise self._refuse(key, t("sk_not_amount", typed=text[:20])) from None
        for key in ("entry_fee", "table_fee"):
            if out.get(key, 0) < 0:
                raise self._refuse(key, t("sk_not_amount", typed=self._value(key)[:20]))
        if "house_share" in out:
            if not 0 <= out["house_share"] <= 100:
                raise self._refuse("house_share", t("sk_from_to", lo=0, hi=100))
            out["house_share"] = out["house_share"] / 100
        if self._value("prizes"):
            try:
                out["prizes"] = [_number(p) for p in re.split(r"[\s;]+|,\s+", self._value("prizes")) if p]
            except ValueError:
                raise self._refuse("prizes", t("sk_not_amount", typed=self._value("prizes")[:20])) from None
        for key in ("special", "categories", "teams", "tandems"):
            try:
                named = pk.read_lists(self._value(key))
            except ValueError as e:
                raise self._refuse(key, t("sk_not_named", typed=str(e)[:30])) from None
            if named and key == "special":
                try:
                    named = {c: _number(",".join(v)) for c, v in named.items()}
                except ValueError:
                    raise self._refuse(key, t("sk_not_amount", typed=self._value(key)[:20])) from None
            if named:
                out[key] = named
        if not out and self.query_one(f"#{FIELDS['lost_fees_to'][0]}", Checkbox).value:
            return None
        out["lost_fees_to"] = "pot" if self.query_one(f"#{FIELDS['lost_fees_to'][0]}", Checkbox).value else "house"
        try:
            pk.parse(out, players or None)
        except ZapisError as e:
            first = e.problems[0]
            where = first.place.split(".", 1)
            raise self._refuse(first.place, (f"{where[1]}: " if len(where) > 1 else "")
                               + say(first.message, get_lang())) from None
        return out
