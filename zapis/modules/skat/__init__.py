"""Skat (seed 000 "Szkat"; the International Skat Order and the SkWO where the seed is short).

Game values: base × multiplier for suit and grand games (matadors + game + hand + schneider +
schneider announced + schwarz + schwarz announced + ouvert), fixed values for null; a lost game
counts −2 × value; an overbid game is lost at the smallest multiple of the base reaching the bid.
Lists: Seeger-Fabian (tournament), beer (only minus points, to 501), house (points and money).
House rules as parameters: Kontra/Re/Sup, Ramsch and Schieberamsch on an all-pass deal (the seed's
Schieberamsch doubles the loser's minus "za przegraną"), Bock rounds ("rundowanie"), Schenken, and the
seed's Rewolucja (a Null Ouvert Hand worth 92, "revolution").

The package: `values` (game values, bids), `house` (Ramsch, Bock, Kontra in the fold of the deals), `lists`
(the lists' points and money), `sheet` (the sheet and the totals), `parameters`, and `module` (SkatModule).
"""

from zapis.modules.skat.house import BOCK_TRIGGERS, plays_ramsch  # noqa: F401
from zapis.modules.skat.module import SkatModule, _sits_out  # noqa: F401
from zapis.modules.skat.parameters import PARAMS  # noqa: F401
from zapis.modules.skat.values import (  # noqa: F401
    BIDS, GAME_IN, GAME_PL, GAMES, KONTRA_PL, MATADOR_QUICK, NULL_VALUES, NULLS, PASSED, REVOLUTION, SUITS, Game,
    legal_bids,
)
