"""A game carried in with totals (`start`) is over when the sheet says so, and a deal after that is refused: the
order of deals is checked from the same totals the sheet counts (it was checked from zero, so a deal after the end
was taken and then scored as if nothing had ended)."""

import pytest

from zapis.io import records
from zapis.store import Store

P = ["A", "B", "C"]


def check(data):
    rec, rules, module = records.parse({"format": "zapis/1", **data})
    return module.check_hands(rules, rec.players, rec.hands, rec.start), module, rules, rec


CASES = [
    # kierki dominowe: each heart -1, over at -31 (the ruleset's end "minus", target 31). A begins at -30 and takes
    # one heart: -31, the game is over after deal 1
    ({"ruleset": "kierki-dominowe", "players": P, "start": {"A": -30}},
     {"taken": {"A": {"hearts": 1}, "B": {"hearts": 6}, "C": {"hearts": 6}}},
     {"A": -31, "B": -6, "C": -6}, "the game was over after deal 1"),
    # tysiąc: A begins at 950, bids 100 and takes 100: +100, 1050 reaches 1000 and ends the game
    ({"ruleset": "tysiac", "players": P, "start": {"A": 950}},
     {"declarer": "A", "bid": 100, "points": {"A": 100, "B": 10, "C": 10}},
     {"A": 1050, "B": 10, "C": 10}, "the game is over: a player has reached 1000"),
    # beer skat: A begins at -480 and loses hearts with 1 (10 x 2 = 20): a lost game is -2 x 20 = -40 on the
    # declarer, -520 passes -501 and ends the game (Bierlachs: "gra kończy się, gdy ktoś dojdzie do 501")
    ({"ruleset": "skat-beer", "players": P, "start": {"A": -480}},
     {"declarer": "A", "game": "hearts", "matadors": 1, "card_points": 50},
     {"A": -520, "B": 0, "C": 0}, "the game is over: a player has reached -501"),
]


@pytest.mark.parametrize("game,deal,after_one,refusal", CASES, ids=[c[0]["ruleset"] for c in CASES])
def test_a_deal_after_a_start_ended_game_is_refused(game, deal, after_one, refusal, db):
    found, module, rules, rec = check({**game, "hands": [deal]})
    assert found == []
    sheet = module.score(rules, rec.players, rec.hands, rec.start)
    assert sheet.totals == after_one and sheet.finished
    found, *_ = check({**game, "hands": [deal, deal]})
    assert [(p.place, p.message.en) for p in found] == [("hands[1]", refusal)]
    # without the carried-in totals the same two deals are a game going on
    assert check({**{k: v for k, v in game.items() if k != "start"}, "hands": [deal, deal]})[0] == []
    # the store refuses the deal too (it checks the order from the game's start)
    store = Store(db)
    gid = store.new_game(store.new_evening("2026-11-20"), 1, rec, rules, module, hands=[deal])
    with pytest.raises(Exception) as refused:
        store.enter(gid, deal)
    assert refusal in " ".join(refused.value.lines())
    assert len(store.hands(gid)) == 1
