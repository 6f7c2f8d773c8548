"""The `bridge` module's parameters (rubber, Chicago, IMP, the seatings) and the seed's HCP table for IMP scoring."""

from __future__ import annotations

from zapis.core.fields import Field
from zapis.core.words import Bi
from zapis.modules.bridge.law77 import IMP_SCALE

# The seed's expected-score table for the Polish "zapis IMP": HCP of the stronger side -> NV, V.
HCP_TABLE = [
    [20, 0, 0], [21, 50, 50], [22, 70, 70], [23, 110, 110], [24, 200, 290], [25, 300, 440],
    [26, 350, 520], [27, 400, 600], [28, 430, 630], [29, 460, 660], [30, 490, 690],
    [31, 600, 900], [32, 700, 1050], [33, 900, 1350], [34, 1000, 1500], [35, 1100, 1650],
    [36, 1200, 1800], [37, 1300, 1950], [38, 1300, 1950], [39, 1300, 1950], [40, 1300, 1950],
]

P = Field
PARAMS = (
    P("scoring", "choice", Bi('sposób zapisu: "rubber" (robrowy), "chicago" (cykle po cztery rozdania) albo "imp" '
                              '(cykl chicago, każde rozdanie w IMP-ach według tabeli PC)',
                              "how deals are scored: rubber, chicago (four-deal cycles) or imp (Chicago cycle, each "
                              "deal in IMPs against the HCP table)"), "rubber", choices=("rubber", "chicago", "imp")),
    P("trick_values", "table", Bi("punkty za każdą zapowiedzianą i ugraną lewę ponad szóstą, według miana (C, D, "
                                  "H, S, NT)",
                                  "points per odd trick bid and made, by strain (C, D, H, S, NT)"),
      {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}, item=P("value", "int", min=0)),
    P("nt_first", "int", Bi("punkty za pierwszą lewę ponad szóstą w bez atu",
                            "points for the first odd trick in no trumps"), 40, min=0),
    P("overtricks_at_trick_value", "bool", Bi("nadróbki bez kontry liczą się po wartości lewy (inaczej po "
                                              "overtrick_nv / overtrick_v za każdą)",
                                              "undoubled overtricks score the trick value (otherwise overtrick_nv / "
                                              "overtrick_v each)"), True),
    P("overtrick_nv", "int", Bi("nadróbka bez kontry, przed partią (gdy nie liczy się po wartości lewy)",
                                "undoubled overtrick, not vulnerable (when not at trick value)"), 50, min=0),
    P("overtrick_v", "int", Bi("nadróbka bez kontry, po partii (gdy nie liczy się po wartości lewy)",
                               "undoubled overtrick, vulnerable (when not at trick value)"), 100, min=0),
    P("overtrick_doubled_nv", "int", Bi("nadróbka z kontrą, przed partią (z rekontrą: dwa razy tyle)",
                                        "doubled overtrick, not vulnerable (redoubled: twice)"), 100, min=0),
    P("overtrick_doubled_v", "int", Bi("nadróbka z kontrą, po partii (z rekontrą: dwa razy tyle)",
                                       "doubled overtrick, vulnerable (redoubled: twice)"), 200, min=0),
    P("undertrick_nv", "int", Bi("wpadka bez kontry, przed partią, za każdą lewę",
                                 "undoubled undertrick, not vulnerable, each"), 50, min=0),
    P("undertrick_v", "int", Bi("wpadka bez kontry, po partii, za każdą lewę",
                                "undoubled undertrick, vulnerable, each"), 100, min=0),
    P("doubled_undertricks", "choice", Bi('wpadki z kontrą: "law77" (przed partią 100, 200, 200, potem po 300) albo '
                                          '"pre1987" (przed partią 100, potem po 200, jak w polskich przepisach); po '
                                          'partii w obu 200, potem po 300; z rekontrą dwa razy tyle co z kontrą',
                                          "doubled undertricks: law77 (NV 100, 200, 200, then 300 each) or pre1987 "
                                          "(NV 100 then 200 each, as the Polish rule book prints); vulnerable 200 "
                                          "then 300 in both; redoubled twice doubled"),
      "law77", choices=("law77", "pre1987")),
    P("insult", "int", Bi("premia za ugranie kontraktu z kontrą",
                          "bonus for making a doubled contract"), 50, min=0),
    P("insult_redoubled", "int", Bi("premia za ugranie kontraktu z rekontrą",
                                    "bonus for making a redoubled contract"), 100, min=0),
    P("small_slam_nv", "int", Bi("zapowiedziany i ugrany szlemik, przed partią",
                                 "small slam bid and made, not vulnerable"), 500, min=0),
    P("small_slam_v", "int", Bi("zapowiedziany i ugrany szlemik, po partii",
                                "small slam bid and made, vulnerable"), 750, min=0),
    P("grand_slam_nv", "int", Bi("zapowiedziany i ugrany szlem, przed partią",
                                 "grand slam bid and made, not vulnerable"), 1000, min=0),
    P("grand_slam_v", "int", Bi("zapowiedziany i ugrany szlem, po partii",
                                "grand slam bid and made, vulnerable"), 1500, min=0),
    P("making_nv", "int", Bi("premia za ugranie każdego kontraktu, przed partią (zapis staropolski)",
                             "bonus for making any contract, not vulnerable (Old Polish)"), 0, min=0),
    P("making_v", "int", Bi("premia za ugranie każdego kontraktu, po partii (zapis staropolski)",
                            "bonus for making any contract, vulnerable (Old Polish)"), 0, min=0),
    P("game_thresholds", "int_list", Bi("rober: punkty za lewy (pod kreską) potrzebne stronie do pierwszej i do "
                                        "drugiej dogranej",
                                        "rubber: trick points for a side's first and second game"), [100, 100], min=1),
    P("rubber_bonus_2_0", "int", Bi("premia za rober wygrany 2:0 (dwie dograne do zera)",
                                    "rubber won two games to none"), 700, min=0),
    P("rubber_bonus_2_1", "int", Bi("premia za rober wygrany 2:1 (dwie dograne do jednej)",
                                    "rubber won two games to one"), 500, min=0),
    P("unfinished_game_bonus", "int", Bi("niedokończony rober (Prawo 80): premia dla strony, która jako jedyna "
                                         "ma dograną",
                                         "unfinished rubber (Law 80): the only side with a game"), 300, min=0),
    P("unfinished_partscore_bonus", "int", Bi("niedokończony rober (Prawo 80): premia dla strony, która jako jedyna "
                                              "ma częściówkę w niedokończonej dogranej (w niektórych klubach: 50)",
                                              "unfinished rubber (Law 80): the only side with a partscore in the "
                                              "unfinished game (some clubs: 50)"), 100, min=0),
    P("unfinished_partscore_both", "bool", Bi("niedokończony rober: gdy obie strony mają częściówkę, obie dostają "
                                              "premię za częściówkę (Prawo 80 z 1993 roku nie daje żadnej)",
                                              "unfinished rubber: when both sides have a partscore, both get the "
                                              "partscore bonus (the 1993 Law 80 gives none)"), False),
    P("honours", "bool", Bi("liczą się honory (100 za cztery honory atutowe w ręku jednego gracza, 150 za pięć albo "
                            "za cztery asy w bez atu)",
                            "honours (100 for four trump honours in one hand, 150 for five or four aces at no "
                            "trumps) are scored"), True),
    P("partscore_bonus", "int", Bi("Chicago/IMP: premia za częściówkę ugraną w rozdaniu (bez przenoszenia)",
                                   "Chicago/IMP: premium for a partscore made on a deal "
                                   "(without carry-over)"), 50, min=0),
    P("game_bonus_nv", "int", Bi("Chicago/IMP: premia za dograną, przed partią",
                                 "Chicago/IMP: game premium, not vulnerable"), 300, min=0),
    P("game_bonus_v", "int", Bi("Chicago/IMP: premia za dograną, po partii",
                                "Chicago/IMP: game premium, vulnerable"), 500, min=0),
    P("cycle_vulnerability", "list", Bi('Chicago/IMP: założenia w rozdaniach 1-4 każdego cyklu ("none", "NS", "EW", '
                                        '"both"); według polskich przepisów: none, NS, EW, both',
                                        "Chicago/IMP: vulnerability of deals 1-4 of each cycle (none, NS, EW, both); "
                                        "the Polish rule book: none, NS, EW, both"), ["none", "NS", "EW", "both"]),
    P("carry_over", "bool", Bi("Chicago: częściówki przechodzą na kolejne rozdania i sumują się, aż dograna je "
                               "skasuje; bez premii za częściówkę (ACBL)",
                               "Chicago: partscores carry over and combine until a game wipes them; no partscore "
                               "premium (ACBL)"), False),
    P("fourth_deal_partscore_bonus", "int", Bi("Chicago z przenoszeniem: premia za częściówkę w czwartym rozdaniu, "
                                               "która nie daje dogranej",
                                               "Chicago with carry-over: a partscore on deal 4 that does not "
                                               "complete a game"), 100, min=0),
    P("passed_out", "choice", Bi('Chicago/IMP: rozdanie przepasowane liczy się jako rozdanie z wynikiem 0 ("counts") '
                                 'albo rozdaje je ponownie ten sam rozdający i się nie liczy ("redeal")',
                                 "Chicago/IMP: a passed-out deal counts as a deal (scoring 0) or is redealt by the "
                                 "same dealer and does not count"), "counts", choices=("counts", "redeal")),
    P("hcp_table", "list", Bi("IMP: oczekiwany zapis według PC silniejszej strony, wiersze [hcp, NV, V] dla 20-40 "
                              "(tabela polska)",
                              "IMP: expected score by HCP of the stronger side, rows [hcp, NV, V] for 20-40 (the "
                              "Polish table)"), HCP_TABLE),
    P("imp_scale", "int_list", Bi("IMP: dolne granice przedziałów tabeli IMP (Prawo 78B)",
                                  "IMP: lower bounds of the IMP bands (Law 78B)"), list(IMP_SCALE), min=0),
    P("settlement_unit", "int", Bi("rober: różnicę sum rozlicza się w takich jednostkach, z zaokrągleniem (polskie "
                                   "przepisy: 100)",
                                   "rubber: the difference of the totals is settled in these units, rounded (the "
                                   "Polish rule book: 100)"), 100, min=1),
    P("seating", "choice", Bi('kto z kim gra: "four" (czterech graczy w stałych parach: N-S to `players[0]` i '
                              '`players[2]`), "two" (dwóch graczy, każdy sam jest stroną: `players[0]` to N-S, '
                              '`players[1]` to E-W; rozdają na zmianę) albo "tura" (czterech graczy, trzy robry, w '
                              'każdym robrze inne pary; wynik każdego gracza osobno); "two" i "tura" tylko w zapisie '
                              'robrowym',
                              "who plays with whom: four (four players in fixed partnerships: N-S are `players[0]` "
                              "and `players[2]`), two (two players, each a side of his own: `players[0]` is N-S, "
                              "`players[1]` E-W; they deal in turn) or tura (four players, three rubbers, new "
                              "partners each rubber; each player's total on its own); two and tura with rubber "
                              "scoring only"), "four", choices=("four", "two", "tura")),
    P("partners", "list", Bi('tura: partner gracza `players[0]` w robrze 1, 2 i 3 (trzech różnych spośród '
                             '`players[1:]`, każdy raz); pusta lista: `players[2]`, `players[1]`, `players[3]`; w '
                             'zapisie gry klucz `partners` stoi na samej górze',
                             "tura: the partner of `players[0]` in rubbers 1, 2 and 3 (three different names of "
                             "`players[1:]`, each once); an empty list: `players[2]`, `players[1]`, `players[3]`; a "
                             "game record writes `partners` at its top level"), []),
)
