"""Players have no "seed": no title, description, parameter or field text a user can see names the project's
sources (the rulesets screen, `zapis rulesets show`, the new-game dialog and the form show these)."""

import re

from zapis.io import rulesets
from zapis.core.module import get_module

SOURCE = re.compile(r"\bseeds?\b", re.IGNORECASE)


def _texts():
    for rid in rulesets.builtin_ids():
        r = rulesets.load(rid)
        yield rid, r.title
        yield rid, r.description
        module = get_module(r.module)
        for p in module.params:
            yield f"{rid}.{p.name}", p.meaning
        n = 4 if 4 in module.player_counts else module.player_counts[0]
        players = {"1": ["A", "B"], "2": ["C", "D"]} if module.players_key == "pairs" else [f"P{i}" for i in range(n)]
        for f in module.hand_fields(r, players):
            yield f"{rid}.{f.name}", " ".join([f.meaning, *f.label.values()])


def test_no_user_visible_text_names_our_sources():
    found = [(where, text) for where, text in _texts() if SOURCE.search(text or "")]
    assert found == []
