"""The `skat` module's parameters: the list kept, Seeger-Fabian bonuses and lost-game fees, Kontra, the house rules
(Ramsch, Bock rounds, Schenken, the Revolution), the beer list's target and the house list's stake."""

from __future__ import annotations

from zapis.core.fields import Field
from zapis.core.words import Bi

PARAMS = (
    Field("list", "choice", Bi('lista: "tournament" (turniejowa, Seeger-Fabian), "beer" (piwna: tylko punkty ujemne, '
                               'do ustalonej granicy) albo "house" (domowa: punkty za gry, pieniądze według '
                               'stawki za punkt)',
                               "the list: tournament (Seeger-Fabian), beer (only minus points, to a target) or house "
                               "(game points; money at a stake per point)"),
          "tournament", choices=("tournament", "beer", "house")),
    Field("grand_base", "int", Bi("wartość podstawowa Granda (24; „domowo” 20)",
                                  "the grand's base value (24; \"domowo\" 20)"), 24, min=1),
    Field("series", "int", Bi("liczba rozdań w serii (0: 36 przy stole trzyosobowym, 48 przy czteroosobowym); "
                              "polska partia: 24",
                              "deals in a series (0: 36 at a three-player table, 48 at four); a Polish club plays 24"),
          0, min=0),
    Field("lost_game_fees", "list", Bi("lista turniejowa: opłata za przegraną grę (Verlustspielgeld) w złotych, "
                                       "według jej numeru na liście; ostatnia kwota obowiązuje dalej (0,50 za "
                                       "pierwsze trzy, 1,00 od czwartej); [] bez opłat",
                                       "tournament list: the fee in złoty for a lost game (Verlustspielgeld) by its "
                                       "number on the list; the last amount repeats (0.50 for the first three, "
                                       "1.00 from the fourth); [] no fees"), [0.5, 0.5, 0.5, 1.0]),
    Field("lost_game_fees_to", "choice", Bi('komu wracają zebrane opłaty za przegrane gry: "all" (po równo '
                                            'wszystkim graczom turnieju), "table" (po równo graczom stołu tej '
                                            'listy) albo "winner" (zwycięzcy listy)',
                                            "who gets the collected lost-game fees back: all (shared equally by "
                                            "every player of the tournament), table (by the players at this "
                                            "list's table) or winner (the list's winner)"), "all",
          choices=("all", "table", "winner")),
    Field("won_bonus", "int", Bi("Seeger: premia dodawana za wygraną grę, odejmowana za przegraną",
                                 "Seeger: added for a won game, taken for a lost one"), 50, min=0),
    Field("defeat_bonus_3", "int", Bi("Fabian: premia dla każdego przeciwnika, gdy rozgrywający przegra, przy stole "
                                      "trzyosobowym",
                                      "Fabian: each opponent of a lost game, three-player table"), 40, min=0),
    Field("defeat_bonus_4", "int", Bi("Fabian: premia dla każdego z trzech pozostałych, gdy rozgrywający przegra, "
                                      "przy stole czteroosobowym",
                                      "Fabian: each of the three others of a lost game, four-player table"), 30, min=0),
    Field("lost_hand_single", "bool", Bi("przegrana gra z ręki liczy się pojedynczo, nie podwójnie (zasada "
                                         "sprzed 1999 roku)",
                                         "lost hand games count single (the rule before 1999)"), False),
    Field("kontra", "int", Bi("najwyższa dozwolona kontra (długość drabinki): 0 bez kontr (ISkO), 1 kontra x2, "
                              "2 re x4, 3 sup x8 (polskie kluby), 4 hirsch x16",
                              "highest doubling allowed (the ladder's length): 0 none (ISkO), 1 kontra x2, 2 re x4, "
                              "3 sup x8 (Polish clubs), 4 hirsch x16"),
          0, min=0, max=4),
    Field("kontra_doubles_bonus", "bool", Bi("Kontra/Re/Bock mnożą też premie Seegera-Fabiana",
                                             "Kontra/Re/Bock also multiply the Seeger-Fabian bonuses"), False),
    Field("all_pass", "choice", Bi('rozdanie, w którym wszyscy spasowali: "pass" (0 punktów, rozdaje następny), '
                                   '"ramsch" (ramsz) albo "schieberamsch" (ramsz suwany)',
                                   "a deal everybody passed: pass (scores 0, the deal passes on), ramsch, "
                                   "schieberamsch"), "pass", choices=("pass", "ramsch", "schieberamsch")),
    Field("ramsch_value", "choice", Bi('ramsz: przegrany traci swoje oczka ("points") albo stałą wartość ("fixed")',
                                       "ramsch: the loser loses his card points, or a fixed value"), "points",
          choices=("points", "fixed")),
    Field("ramsch_fixed", "int_list", Bi("ramsz o stałej wartości: minus przegranego bez Jungfrau / z jedną Jungfrau "
                                         "(graczem bez lewy); durchmarsz daje trzecią wartość",
                                         "fixed ramsch: the loser's minus without / with one Jungfrau; a Durchmarsch "
                                         "scores the third value"), [10, 15, 20], min=0),
    Field("ramsch_tie", "choice", Bi('ramsz, gdy kilku ma najwięcej oczek: "all" (wszyscy tracą swoje oczka) albo '
                                     '"last-trick" (traci ten, kto wziął ostatnią lewę)',
                                     "ramsch: players tied on the most points: all lose their points, or the one who "
                                     "took the last trick"), "all", choices=("all", "last-trick")),
    Field("ramsch_skat", "choice", Bi('ramsz: oczka ze skata (120 minus wpisane) idą do przegranego ("loser"), do '
                                      'biorącego ostatnią lewę ("last-trick") albo do nikogo ("none")',
                                      "ramsch: the skat's card points (120 minus those entered) go to the loser, to "
                                      "the winner of the last trick, or to nobody"), "loser",
          choices=("loser", "last-trick", "none")),
    Field("ramsch_loser_factor", "int", Bi("ramsz suwany liczony oczkami: przegrany traci swoje oczka razy tyle "
                                           "(„mnożnik dwa za przegraną”), a potem każde przesunięcie skatu i "
                                           "każda jungfrau podwaja; 1: bez tego mnożnika",
                                           "Schieberamsch by card points: the loser loses his card points times "
                                           "this (the Polish \"multiplier two for losing\"), then each push and "
                                           "each Jungfrau doubles; 1: no such factor"), 2, min=1),
    Field("durchmarsch", "int", Bi("ramsz: gracz, który weźmie wszystkie lewy (durchmarsz), dostaje tyle",
                                   "ramsch: one player taking every trick scores this"), 120, min=0),
    Field("bock", "bool", Bi("rundy Bock (rundowanie): po grze, która wywołuje rundę Bock, następna runda liczy "
                             "się podwójnie",
                             "Bock rounds (rundowanie): after a trigger the next round counts double"), False),
    Field("bock_triggers", "list", Bi('co wywołuje rundę Bock: "grand-four" (Grand z czterema matadorami), '
                                      '"grand-four-either" (Grand z czterema albo bez czterech), "grand-hand" '
                                      '(Grand z ręki), "null-ouvert-hand" (null otwarty z ręki), "kontra" (gra '
                                      'z kontrą), "kontra-lost" (kontra przegrana: rozgrywający wygrał mimo '
                                      'kontry), "re" (gra z re), "over-120" (gra warta ponad 120), "lost-60" '
                                      '(gra przegrana z 60 oczkami), "schneider" (gra z krawcem)',
                                      "what starts a Bock round: grand-four (a grand with four matadors), "
                                      "grand-four-either (a grand with or without four), grand-hand (a Grand "
                                      "Hand), null-ouvert-hand, kontra (a game with kontra), kontra-lost (the "
                                      "kontra lost: the declarer won against it), re (a game with re), over-120 "
                                      "(a game worth over 120), lost-60 (a game lost with 60), schneider (a "
                                      "schneider game)"),
          ["grand-four", "re", "over-120"]),
    Field("bock_trigger_doubled", "bool", Bi("gra, która wywołuje rundę Bock, sama liczy się już podwójnie "
                                             "(„also auch schon das einleitende Spiel”)",
                                             "the game that starts a Bock round is itself already doubled"), False),
    Field("bock_overlap", "choice", Bi('runda Bock wywołana w trakcie innej: "queue" (gra się po niej) albo '
                                       '"stack" (zaczyna się od razu i gry obu liczą się x4)',
                                       "a Bock round started during another: queue (played after it) or stack "
                                       "(starts at once, the deals of both count x4)"), "queue",
          choices=("queue", "stack")),
    Field("bock_per_deal", "choice", Bi('ile rund Bock daje jedno rozdanie z kilkoma wyzwalaczami: "one" (jedną) '
                                        'albo "each" (po jednej za każdy wyzwalacz)',
                                        "Bock rounds from one deal with several triggers: one, or each (one per "
                                        "trigger)"), "one", choices=("one", "each")),
    Field("jungfrau_announce", "bool", Bi("ramsz suwany: gracz może zapowiedzieć jungfrau (że nie weźmie lewy): "
                                          "udana podwaja jeszcze raz, a gdy weźmie lewę, gra się kończy i dostaje "
                                          "-120",
                                          "schieberamsch: a player may announce Jungfrau (to take no trick): made, "
                                          "it doubles again; if he takes a trick the game ends and he gets -120"),
          False),
    Field("bock_mode", "choice", Bi('runda Bock: "double" (gry liczą się podwójnie) albo "schieberamsch" (gra się '
                                    'ramsz suwany)',
                                    "a Bock round: its games count double, or it is played as schieberamsch"),
          "double", choices=("double", "schieberamsch")),
    Field("schenken", "bool", Bi("obrońcy mogą się poddać (schenken), jak pozwalają polskie kluby",
                                 "defenders may concede (schenken), as Polish clubs allow"), False),
    Field("revolution", "bool", Bi("gra się rewolucję: null otwarty z ręki, w którym przeciwnicy mogą się "
                                   "wymienić kartami",
                                   "the Revolution is played: a Null Ouvert Hand in which the opponents may "
                                   "exchange cards"), False),
    Field("revolution_value", "int", Bi("wartość rewolucji (licytacyjna i w zapisie)",
                                        "the Revolution's value (to bid and to score)"), 92, min=1),
    Field("beer_target", "int", Bi("lista piwna: gra kończy się, gdy ktoś dojdzie do tylu punktów ujemnych",
                                   "beer list: the game ends when a player reaches this many minus points"), 501,
          min=1),
    Field("beer_dealer_pays", "bool", Bi("lista piwna, czterech graczy: pauzujący rozdający też dostaje minus, gdy "
                                         "rozgrywający wygra (polskie kluby)",
                                         "beer list, four players: the dealer who sat out also takes the minus when "
                                         "the declarer wins (Polish clubs)"), True),
    Field("stake", "number", Bi("lista domowa: groszy za punkt",
                                "house list: groszy per point"), 1, min=0),
    Field("money_round", "int", Bi("lista domowa: każdą kwotę zaokrągla się w górę do wielokrotności tylu groszy",
                                   "house list: each value is rounded up to this many groszy"), 10, min=1),
)
