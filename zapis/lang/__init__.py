"""Polish and English UI text. Polish card terms stay Polish in both (musik, rozbójnik, odgrywka...)."""

from __future__ import annotations

import locale
import os

from zapis.core.words import plural_pl  # noqa: F401 (every renderer names it from here)

TEXT: dict[str, tuple[str, str]] = {
    # key: (pl, en)
    "yes": ("tak", "yes"),
    "save_btn": ("Zapisz", "Save"),
    "standings_key": ("Wyniki", "Standings"),
    "unit_over": ("Wygrywają {who}. Następne rozdanie zaczyna nowy rober (cykl).",
                  "{who} won. The next hand starts a new rubber (cycle)."),
    "language_key": ("English", "Polski"),
    "missing": ("brak", "missing"),
    "undo_ask": ("Cofnąć rozdanie {n}? Zostanie w historii.", "Undo hand {n}? It stays in the history."),
    "undo_btn": ("Cofnij", "Undo"),
    "more_fields": ("rzadziej", "less often"),
    "games": ("gry", "games"),
    "place_pts": ("pkt za miejsca", "place pts"),
    "app_title": ("zapis — zapis gry w karty", "zapis — card club score-keeper"),
    "evening": ("Wieczór", "Evening"),
    "evenings": ("Wieczory", "Evenings"),
    "evening_choose": ("Który wieczór?", "Which evening?"),
    "evening_search": ("szukaj: data, tytuł, miejsce…", "search: date, title, place…"),
    "no_evening": ("Brak wieczoru: N zaczyna nowy.", "No evening yet: N starts one."),
    "tables": ("Stoły i gry", "Tables and games"),
    "table_games": ("Gry przy stole {n}", "The games at table {n}"),
    "table": ("stół", "table"),
    "game": ("gra", "game"),
    "hands": ("rozdania", "hands"),
    "finished": ("koniec", "finished"),
    "new_evening": ("Nowy wieczór", "New evening"),
    "new_game": ("Nowa gra", "New game"),
    "open_game": ("Otwórz grę", "Open game"),
    "standings": ("Klasyfikacja", "Standings"),
    "settlement": ("Rozliczenie", "Settlement"),
    "export": ("Eksport", "Export"),
    "players": ("Gracze", "Players"),
    "rulesets": ("Zasady", "Rulesets"),
    "help": ("Pomoc", "Help"),
    "quit": ("Koniec", "Quit"),
    "back": ("Wróć", "Back"),
    "save": ("Zapisz", "Save"),
    "cancel": ("Anuluj", "Cancel"),
    "undo": ("Cofnij", "Undo"),
    "edit": ("Popraw", "Edit"),
    "history": ("Historia", "History"),
    "language": ("Język", "Language"),
    "big": ("Duże cyfry", "Big digits"),
    "date": ("Data", "Date"),
    "time": ("Godzina", "Time"),
    "place": ("Miejsce", "Place"),
    "title": ("Tytuł", "Title"),
    "ruleset": ("Zasady gry", "Ruleset"),
    "ruleset_totals": ("Zasady gry i wynik", "Ruleset and totals"),
    "search": ("szukaj…", "search…"),
    "seats": ("Gracze w kolejności siedzenia (pierwszy rozdaje; pusty + Enter: gramy)",
              "Players in seat order (the first deals; Enter on an empty seat: play)"),
    "seats_touch": ("Gracze w kolejności siedzenia (pierwszy rozdaje)", "Players in seat order (the first deals)"),
    "seat": ("miejsce", "seat"),
    "stake": ("Stawka (gr za punkt)", "Stake (groszy per point)"),
    "sk_paid": ("wpłacił", "paid"),
    "sk_prize": ("nagroda", "prize"),
    "sk_prize_list": ("Lista nagród", "Prize list"),
    "sk_pot": ("pula", "pot"),
    "sk_house": ("dla organizatora", "the house"),
    "sk_place_n": ("{n}. miejsce", "place {n}"),
    "sk_teams": ("Drużyny", "Teams"),
    "sk_tandems": ("Tandemy", "Tandems"),
    "stake_own": ("stawka tych zasad: {stake} gr za punkt", "these rules' stake: {stake} groszy a point"),
    "saved": ("Zapisano rozdanie {n}.", "Hand {n} saved."),
    "edited": ("Poprawiono rozdanie {n}.", "Hand {n} corrected."),
    "undone": ("Cofnięto ostatnie rozdanie.", "The last hand was undone."),
    "nothing": ("Nie ma czego cofnąć.", "Nothing to undo."),
    "doubt_yes": ("Tak, zapisz", "Yes, save"),
    "param": ("parametr", "parameter"),
    "close": ("zamknij", "close"),
    "theme": ("Wygląd", "Theme"),
    "theme_help": ("Jasny lub ciemny, inne kolory", "Light or dark, other colours"),
    "search_commands": ("Szukaj polecenia…", "Search for a command…"),
    "quit_help": ("Zamknij zapis (wszystko jest już zapisane)", "Close zapis (everything is saved already)"),
    "value": ("wartość", "value"),
    "default": ("domyślnie", "default"),
    "value_toml": ('wartość (TOML): 900, true, "x"', 'value (TOML): 900, true, "x"'),
    "pairs_seats": ('pary: "Ala, Bartek" w jednym polu', 'pairs: "Ala, Bartek" in one field'),
    "doubt_no": ("Nie, popraw", "No, correct it"),
    "next": ("Dalej", "Next"),
    "over": ("Koniec gry — wygrywa", "Game over — winner"),
    "enter_hand": ("Rozdanie {n}", "Hand {n}"),
    "editing": ("Poprawiasz rozdanie {n} (Esc: nowe)", "Editing hand {n} (Esc: new)"),
    "editing_touch": ("Poprawiasz rozdanie {n} (Wróć: nowe)", "Editing hand {n} (Back: new)"),
    "exported": ("Zapisano: {path}", "Written: {path}"),
    "downloaded": ("Pobieranie pliku {name} w przeglądarce", "Downloading {name} in the browser"),
    "refused_range": ("{field}: od {lo} do {hi}", "{field}: from {lo} to {hi}"),
    "refused_min": ("{field}: co najmniej {lo}", "{field}: at least {lo}"),
    "refused_step": ("{field}: od {lo} do {hi}, co {step}", "{field}: from {lo} to {hi}, in steps of {step}"),
    "typed_twice": ("{next}: „{digit}” zaraz po pełnym {value} ({field}) — jeśli to nie pomyłka, wpisz jeszcze raz",
                    "{next}: \"{digit}\" right after the whole {value} ({field}): if it was meant, type it again"),
    "mend_first": ("popraw to, zanim zapiszesz", "mend it before saving"),
    "refused_zero": ("{field}: liczba nie zaczyna się od 0", "{field}: a number does not begin with 0"),
    "refused_number": ("{field}: tu wpisuje się liczbę", "{field}: a number goes here"),
    "refused_key": ("{field}: tu wpisuje się cyfry", "{field}: digits go here"),
    "refused_cell": ("{field}: „{typed}” — nie ma takiej wartości (możliwe: {choices})",
                     "{field}: \"{typed}\" is not a value here (possible: {choices})"),
    "typed_on_button": ("Kursor jest na przycisku {button}, nie w polu: Enter zapisuje, Shift+Tab wraca do pól.",
                        "The cursor is on the {button} button, not in a field: Enter saves, Shift+Tab goes back."),
    "pick_hand": ("Które rozdanie poprawić?", "Which hand to correct?"),
    "drop_typed": ("Rozdanie {n} jest wpisane, ale nie zapisane. Porzucić je?",
                   "Hand {n} is typed but not saved. Drop it?"),
    "drop_edit": ("Poprawka rozdania {n} nie jest zapisana. Porzucić ją?",
                  "The correction of hand {n} is not saved. Drop it?"),
    "nothing_to_edit": ("Nie ma jeszcze rozdania do poprawienia.", "There is no hand to correct yet."),
    "row_chosen": ("Rozdanie {n}: Ctrl+E poprawia je.", "Hand {n}: Ctrl+E corrects it."),
    "players_n": ("graczy: {n}", "players: {n}"),
    "players_from": ("graczy: {n} lub więcej", "players: {n} or more"),
    "or_word": (" lub ", " or "),
    "not_for_table": ("To robi kierownik, nie tablet stołu {n}.", "That is the director's work, not table {n}'s tablet's."),
    "nothing_to_export": ("Przy tym stole nie ma jeszcze gry do pobrania.", "This table has no game to download yet."),
    "evening_current": ("Tablety i tablica pokazują teraz ten wieczór.", "The tablets and the board now show this evening."),
    "overwrite": ("Plik {path} już istnieje. Zastąpić go?", "{path} exists already. Replace it?"),
    "not_written": ("Nic nie zapisano: {path}: {why}", "Nothing written: {path}: {why}"),
    "quit_ask": ("Zakończyć zapis na tym urządzeniu? Rozdania są już zapisane.",
                 "Close zapis on this device? The hands are saved already."),
    "no": ("nie", "no"),
    "backup_full": ("Dysk jest pełny: dziś nie zrobiono kopii zapasowej (wcześniejsze zostały). Zwolnij miejsce.",
                    "The disk is full: no backup was made today (the earlier ones are kept). Free some space."),
    "backup_damaged": ("Baza danych jest uszkodzona, więc nie zrobiono jej kopii (dobre kopie zostały). "
                       "Przywróć ostatnią: zapis restore.",
                       "The database is damaged, so it was not backed up (the good backups are kept). "
                       "Bring the last one back: zapis restore."),
    "backup_failed": ("Nie udało się zrobić kopii zapasowej (wcześniejsze zostały).",
                      "No backup could be made (the earlier ones are kept)."),
    "disk_full": ("Dysk jest pełny: rozdania nie zapisano. Zwolnij miejsce i zapisz jeszcze raz (wpisane wartości "
                  "zostały).", "The disk is full: the hand was not saved. Free some space and save again (what you "
                  "typed is still here)."),
    "db_busy": ("Inny tablet właśnie zapisuje: spróbuj jeszcze raz za chwilę.",
                "Another tablet is saving right now: try again in a moment."),
    "db_readonly": ("Tego zapisu nie można zmieniać (plik tylko do odczytu).",
                    "This sheet cannot be changed (the file is read-only)."),
    "db_damaged": ("Baza danych jest uszkodzona: kierownik przywróci kopię (zapis restore).",
                   "The database is damaged: the director will restore a backup (zapis restore)."),
    "disk_error": ("Błąd dysku: rozdania nie zapisano.", "A disk error: the hand was not saved."),
    "race_enter": ("Rozdanie {n} zapisano przed chwilą na innym tablecie: sprawdź i zapisz swoje jako następne, "
                   "jeśli to inne rozdanie.",
                   "Hand {n} was just saved on another tablet: check it, and save yours as the next one if it is a "
                   "different hand."),
    "race_edit": ("Rozdanie {n} zmieniono przed chwilą na innym tablecie: sprawdź je i popraw jeszcze raz, jeśli "
                  "trzeba.", "Hand {n} was just changed on another tablet: check it and correct it again if need be."),
    "race_edit_other": ("Na innym tablecie zapisano przed chwilą zmianę w tej grze: sprawdź zapis i zapisz "
                        "poprawkę rozdania {n} jeszcze raz.",
                        "Another tablet just saved a change to this game: check the sheet and save your correction "
                        "of hand {n} again."),
    "race_edit_gone": ("Rozdanie {n} cofnięto przed chwilą na innym tablecie: jeśli było dobre, zapisz je jeszcze raz "
                       "jako nowe.", "Hand {n} was just undone on another tablet: if it was right, save it again as a "
                       "new hand."),
    "race_undo": ("Na innym tablecie zapisano przed chwilą zmianę: sprawdź zapis, zanim cofniesz.",
                  "Another tablet just saved a change: check the sheet before you undo."),
    "live_saved": ("Na innym tablecie zapisano rozdanie {n}.", "Hand {n} was saved on another tablet."),
    "live_changed": ("Zapis zmieniono na innym tablecie.", "The sheet was changed on another tablet."),
    "tablets": ("Tablety", "Tablets"),
    "tablets_none": ("Serwer dla tabletów nie działa. Uruchom go na tym komputerze:\n  zapis serve --host 0.0.0.0",
                     "The server for tablets is not running. Start it on this computer:\n  zapis serve --host 0.0.0.0"),
    "tablets_urls": ("Tablety w tej samej sieci otwierają jeden z adresów:", "Tablets on the same network open one of:"),
    "tablets_code": ("Kod dostępu", "Access code"),
    "tablets_table": ("Stół {n} (←/→ inny stół): zeskanuj tabletem tego stołu albo wpisz kod {code}",
                      "Table {n} (←/→ another table): scan with this table's tablet, or type the code {code}"),
    "tablets_table_scan": ("Stół {n} (←/→ inny stół): zeskanuj tabletem tego stołu",
                           "Table {n} (←/→ another table): scan with this table's tablet"),
    "tablets_director": ("Kierownik (tylko dla ciebie)", "Director (yours alone)"),
    "tablets_cards_key": ("karty stołów", "table cards"),
    "tablets_games_key": ("gry stołów", "tables' games"),
    "tablets_games_yes": ("Tablet stołu może zacząć następną grę przy swoim stole (g: nie).",
                          "A table's tablet may start the next game at its table (g: no)."),
    "tablets_games_no": ("Tylko kierownik zaczyna gry (g: także tablety stołów).",
                         "Only the director starts games (g: the tables' tablets too)."),
    "table_key": ("stół", "table"),
    "tablets_scan": ("Albo skanują ten kod QR (wchodzi od razu, bez kodu):",
                     "Or they scan this QR code (it lets them in at once, no code):"),
    "variant_exists": ("Wariant {id} już jest: wybierz inną nazwę", "There is a variant {id} already: choose another name"),
    "format": ("Format", "Format"),
    "file": ("Plik", "File"),
    "rename": ("Zmień nazwę", "Rename"),
    "new_name": ("Nowa nazwa", "New name"),
    "variant": ("Zapisz wariant", "Save variant"),
    "variant_saved": ("Zapisano wariant: {path}", "Variant saved: {path}"),
    "id": ("Identyfikator", "Id"),
    "totals": ("Wynik", "Totals"),
    "checks": ("Kontrola", "Checks"),
    "board": ("Tablica wyników (tylko do odczytu)", "Scoreboard (read-only)"),
    # the board for a TV (zapis.web.board)
    "board_title": ("Tablica wyników", "Scoreboard"),
    "board_table": ("Stół", "Table"),
    "board_player": ("Gracz", "Player"),
    "board_money": ("zł", "zł"),
    "board_none": ("Nie ma jeszcze wieczoru.", "No evening yet."),
    "board_no_games": ("Nie ma jeszcze gier.", "No games yet."),
    "board_wait": ("Łączenie z serwerem…", "Connecting to the server…"),
    "board_leader": ("prowadzi", "leads"),
    # the board's page of a duplicate pairs session (zapis.web.board.pairs_page)
    "board_pair": ("Para", "Pair"),
    "board_pair_players": ("Gracze", "Players"),
    "board_last": ("Ostatnie rozdania", "Latest boards"),
    "board_board": ("rozd.", "board"),
    "board_contract": ("kontrakt", "contract"),
    "board_made": ("wynik", "result"),
    "board_score_ns": ("zapis NS", "NS score"),
    "board_result_one": ("wynik", "result"),
    "board_result_few": ("wyniki", "results"),
    "board_result_many": ("wyników", "results"),
    "board_mp": ("PT", "MP"),
    "board_imp": ("IMP", "IMP"),
    "board_matchpoints": ("zapis maksymalny", "matchpoints"),
    "board_cross_imps": ("IMP-y (każdy z każdym)", "cross-IMPs"),
    "board_butler": ("IMP-y (butler)", "Butler IMPs"),
    "changed": ("(poprawione)", "(edited)"),
    "help_text": (
        "Klawisze: Tab/Shift+Tab — pola, Enter — zapisz, Ctrl+Z — cofnij ostatnie rozdanie, "
        "Ctrl+E — popraw zaznaczone rozdanie, Ctrl+R — historia zmian, Ctrl+G — wykres, b — duże cyfry, s — klasyfikacja, "
        "x — eksport, l — język, Ctrl+P — polecenia, Esc — wróć.",
        "Keys: Tab/Shift+Tab — fields, Enter — save, Ctrl+Z — undo the last hand, "
        "Ctrl+E — edit the selected hand, Ctrl+R — history of changes, Ctrl+G — chart, b — big digits, s — standings, "
        "x — export, l — language, Ctrl+P — commands, Esc — back."),
    # chart
    "chart": ("Wykres", "Chart"),
    "chart_title": ("Wynik po każdym rozdaniu", "The score after each hand"),
    "chart_hand": ("rozdanie", "hand"),
    "chart_none": ("Nie ma jeszcze rozdań: wykres pokaże wynik po każdym zapisanym rozdaniu.",
                   "No hands yet: the chart will show the score after each hand saved."),
    "chart_final": ("Σ: wynik zapisu, z premiami, których nie ma w żadnym rozdaniu (np. Prawo 80: niedokończony "
                    "rober).", "Σ: the sheet's total, with bonuses no hand has (e.g. Law 80: an unfinished rubber)."),
    # standings/season/export/db
    "st_player": ("Gracz", "Player"),
    "st_no_games": ("Nie ma jeszcze gier.", "No games yet."),
    "st_evenings": ("wieczory", "evenings"),
    "st_pts": ("pkt", "pts"),
    "season_head": ("Sezon {start} – {end} · wieczory: {evenings} · gry: {games}",
                    "Season {start} – {end} · evenings: {evenings} · games: {games}"),
    "season_none": ("Nie ma wieczorów od {start} do {end}.", "No evenings from {start} to {end}."),
    "season_places": ("1. 2. 3.: ile razy na tym miejscu (miejsce dzielone liczy się jako wyższe)",
                      "1. 2. 3.: times in that place (a shared place counts as the higher one)"),
    # season ratings (zapis standings --season ... --ratings, the ratings screen)
    "rt_key": ("Ranking", "Ratings"),
    "rt_title": ("Ranking sezonu {start} – {end}", "Season ratings {start} – {end}"),
    "rt_rating": ("ranking", "rating"),
    "rt_change": ("zmiana", "change"),
    "rt_pool": ("wszystkie gry", "all games"),
    "rt_next": ("Rodzina gier", "Game family"),
    "rt_none": ("Nie ma jeszcze graczy w tym sezonie.", "No players in this season yet."),
    "rt_note": ("Ranking: 1000 na początku sezonu; każda skończona gra przesuwa go według zajętych miejsc "
                "(openskill, Plackett-Luce). Gry policzone: {rated}, nieskończone pominięte: {skipped}.",
                "Rating: 1000 at the start of the season; each finished game moves it by the places taken "
                "(openskill, Plackett-Luce). Games rated: {rated}, unfinished left out: {skipped}."),
    # season statistics (zapis standings --season ... --stats, the statistics screen)
    "stats_key": ("Statystyki", "Statistics"),
    "stats_title": ("Statystyki sezonu {start} – {end}", "Season statistics {start} – {end}"),
    "stats_wins": ("wygr.", "wins"),
    "stats_avg": ("śr. m.", "avg pl."),
    "stats_best": ("najl.", "best"),
    "stats_worst": ("najg.", "worst"),
    "stats_declared": ("rozgr.", "decl."),
    "stats_made": ("ugr.", "made"),
    "stats_streak": ("seria", "streak"),
    "stats_none": ("Nie ma jeszcze rozstrzygniętych gier w tym sezonie.", "No game decided in this season yet."),
    "stats_note": ("wygr.: ile razy 1. (także dzielone) · śr. m.: średnie miejsce · najl., najg.: najlepszy i "
                   "najgorszy wynik w punktach tej gry · rozgr., ugr.: rozdania jako rozgrywający i z nich ugrane "
                   "(bomba: nieugrana) · seria: najdłuższa seria wygranych po kolei",
                   "wins: times 1st (shared too) · avg pl.: average place · best, worst: the highest and lowest "
                   "score in that family's points · decl., made: deals as declarer and of them made (a bomb: not "
                   "made) · streak: the longest run of wins in a row"),
    "db_new_ask": ("Bazy danych {path} jeszcze nie ma. Utworzyć nową, pustą bazę?",
                   "There is no database {path} yet. Create a new, empty one?"),
    "db_create": ("Utwórz", "Create"),
    # a duplicate pairs session: the table's tablet
    "pt_title": ("Turniej par · stół {table} · runda {round} z {rounds}",
                 "Pairs session · table {table} · round {round} of {rounds}"),
    "pt_pair": ("para {n}", "pair {n}"),
    "pt_board_head": ("Rozdanie {n} · rozdaje {dealer} · {vul}", "Board {n} · dealer {dealer} · {vul}"),
    "pt_to_accept": ("Dalej: akceptacja E-W", "Next: E-W accept"),
    "pt_summary": ("Rozdanie {board}: {contract} · N-S {ns}, E-W {ew}", "Board {board}: {contract} · N-S {ns}, "
                   "E-W {ew}"),
    "pt_ask_ew": ("E-W: czy wynik się zgadza?", "E-W: is the result right?"),
    "pt_accept": ("E-W akceptuje", "E-W accept"),
    "pt_change": ("Popraw", "Change"),
    "pt_saved": ("Rozdanie {n} zapisane.", "Board {n} saved."),
    "pt_already": ("Rozdanie {n} ma już wynik z innego tabletu tego stołu: oto protokół. Poprawia sędzia.",
                   "Board {n} already has a result from another tablet of this table: here is the traveller. The "
                   "director corrects it."),
    "pt_next": ("Następne rozdanie", "Next board"),
    "pt_next_round": ("Następna runda", "Next round"),
    "pt_finish": ("Koniec", "Finish"),
    "pt_round_done": ("Runda {n} zakończona.", "Round {n} is over."),
    "pt_goes": ("Para {n} → stół {table} {side}.", "Pair {n} → table {table} {side}."),
    "pt_sits_out": ("Para {n} pauzuje.", "Pair {n} sits out."),
    "phantom_name": ("pauza", "phantom"),
    "pt_phantom": ("Para {n} pauzuje w tej rundzie: rozdania {boards} dostaje z zapisu sędziego ({pct}%). Nic tu nie "
                   "wpisujemy; runda kończy się, gdy zapiszą ją inne stoły.",
                   "Pair {n} sits out this round: boards {boards} score an adjusted {pct}%. Nothing to enter here; "
                   "the round ends when the other tables have entered it."),
    "pt_all_done": ("Wszystkie rozdania tego stołu są zapisane. Dziękujemy!",
                    "Every board of this table is in. Thank you!"),
    "pt_not_played": ("nie grane", "not played"),
    "pt_mp": ("PT", "MP"),
    "pt_contract": ("kontrakt", "contract"),
    "pt_score_ns": ("zapis N-S", "N-S score"),
    # a duplicate pairs session: the director
    "pairs_session": ("Turniej par (brydż sportowy)", "Duplicate pairs session"),
    "pd_key": ("Turniej par", "Pairs"),
    "pd_movement": ("{kind}, stoły: {tables}, rundy: {rounds}, rozdania w rundzie: {boards} · wyniki {done} z {total}",
                    "{kind}, {tables} tables, {rounds} rounds, {boards} boards a round · {done} of {total} results in"),
    "pd_progress": ("Postęp stołów (✓ komplet)", "Tables' progress (✓ all in)"),
    "pd_ranking": ("Klasyfikacja na żywo", "Live ranking"),
    "pd_results": ("Wyniki (Enter lub c: popraw; a: dopisz wynik; r: rozkład; h: historia)",
                   "Results (Enter or c: correct; a: add a result; r: the deal; h: history)"),
    "pd_total": ("suma", "total"),
    "pd_round": ("runda", "round"),
    "pd_board": ("rozd.", "board"),
    "pd_correct": ("popraw", "correct"),
    "pd_add": ("dopisz", "add"),
    "pd_deal": ("rozkład", "deal"),
    "pd_no_deal": ("Rozdanie {board} nie ma zapisanego rozkładu (zapis deal, import pliku .pbn).",
                   "Board {board} has no deal recorded (zapis deal, a .pbn file imported)."),
    "pd_correct_title": ("Popraw wynik (zostaje w historii)", "Correct the result (the history keeps it)"),
    "pd_add_title": ("Dopisz wynik", "Add a result"),
    "pd_corrected": ("Poprawiono wynik rozdania {board}.", "The result of board {board} corrected."),
    "pd_none": ("Nie ma jeszcze wyników do poprawienia.", "No result to correct yet."),
    "pd_unchanged": ("Bez zmian: nic nie zapisano.", "Unchanged: nothing recorded."),
    "pd_added": ("Dopisano wynik rozdania {board}.", "A result of board {board} added."),
    "ns_title": ("Nowy turniej par", "New pairs session"),
    "ns_pairs": ("Pary: jedna w wierszu, dwa nazwiska po przecinku", "Pairs: one a line, two names by a comma"),
    "ns_movement": ("Ruch", "Movement"),
    "ns_method": ("Zapis", "Scoring"),
    "ns_boards": ("Rozdania w rundzie", "Boards a round"),
    "ns_rounds": ("Rundy (0: cały ruch)", "Rounds (0: the whole movement)"),
    "ns_arrow": ("Mitchell: kierunki", "Mitchell: directions"),
    "ns_arrow_no": ("stałe (N-S i E-W osobno)", "kept (N-S, E-W apart)"),
    "ns_arrow_yes": ("zmiana w ostatniej rundzie", "switched in the last round"),
    "ns_relay": ("Mitchell, parzysta liczba stołów", "Mitchell, an even number of tables"),
    "ns_skip": ("skip (o rundę mniej)", "skip (a round fewer)"),
    "ns_relay_stand": ("relay (stoły 1 i ostatni dzielą)", "relay (first, last share)"),
    "ns_pair_line": ("para {n}: „{text}” to nie dwa nazwiska po przecinku", "pair {n}: \"{text}\" is not two names "
                     "by a comma"),
    "ns_odd": ("Nieparzysta liczba par", "An odd number of pairs"),
    "ns_sit_out": ("jedna para pauzuje (bez zapisu)", "one pair sits out (no score)"),
    "ns_phantom": ("para-widmo (pauza za 60%)", "a phantom (the bye scores 60%)"),
    "ns_factoring": ("Rozdanie z mniej wynikami", "A board with fewer results"),
    "ns_neuberg": ("Neuberg", "Neuberg"),
    "ns_plain": ("zwykły procent (jak JFR)", "plain per cent (as JFR)"),
    "ns_matchpoints": ("maksy (PT, %)", "matchpoints (%)"),
    "ns_cross_imps": ("IMP-y (cross-IMP)", "cross-IMPs"),
    "ns_butler": ("Butler (IMP od datum)", "Butler (IMPs against a datum)"),
    "db_not_created": ("Nic nie utworzono: {path}", "Nothing created: {path}"),
    # skat tournament: the draw and the ranking
    "sk_title": ("Turniej skata", "Skat tournament"),
    "sk_key": ("Skat", "Skat"),
    "sk_series": ("Seria {n}", "Series {n}"),
    "sk_table": ("stół {n} ({size})", "table {n} ({size})"),
    "sk_players": ("Gracze (po przecinku)", "Players (comma-separated)"),
    "sk_series_count": ("Liczba serii", "Number of series"),
    "sk_seed": ("Ziarno losowania (puste: losowo)", "Draw number (empty: random)"),
    "sk_draw": ("Losuj", "Draw"),
    "sk_create": ("Utwórz gry serii 1", "Create the games of series 1"),
    "sk_by_ranking": ("Seria wg klasyfikacji", "Series by the ranking"),
    "sk_create_ranked": ("Utwórz gry tej serii", "Create this series' games"),
    "sk_series_ranked": ("Następna seria wg klasyfikacji (najlepsi przy stole 1)",
                         "The next series by the ranking (the best at table 1)"),
    "sk_created": ("Utworzono gry serii 1: {n}", "Series 1 games created: {n}"),
    "sk_ranking": ("Klasyfikacja turnieju (Seeger-Fabian)", "Tournament ranking (Seeger-Fabian)"),
    "sk_no_lists": ("Ten wieczór nie ma list turniejowych skata.", "This evening has no skat tournament lists."),
    "sk_result": ("wynik", "result"),
    "sk_won": ("wygrane", "won"),
    "sk_lost": ("przegrane", "lost"),
    "sk_fees": ("opłaty", "fees"),
    "sk_net": ("bilans zł", "net zł"),
    "sk_fees_settle": ("Rozliczenie opłat za przegrane gry", "Settlement of the lost-game fees"),
    "sk_fees_note": ("opłaty: zapłacone za przegrane gry; bilans: zwrot z puli minus opłaty (suma 0)",
                     "fees: paid for lost games; net: paid back from the pot less the fees (sums to 0)"),
    "sk_prize_section": ("Turniej o nagrody (Preisskat; puste pola: bez nagród)",
                         "Prize tournament (Preisskat; empty fields: no prizes)"),
    "sk_entry_fee": ("Wpisowe (zł)", "Entry fee (zł)"),
    "sk_table_fee": ("Opłata stołowa za serię (zł)", "Table fee a series (zł)"),
    "sk_house_share": ("Część wpisowego dla organizatora (%)", "The house's part of the entry fees (%)"),
    "sk_lost_to_pot": ("Opłaty za przegrane gry do puli nagród", "Lost-game fees into the prize pot"),
    "sk_prize_shares": ("Nagrody: % puli wg miejsc (np. 40 25 15 10)", "Prizes: % of the pot by place (e.g. 40 25 15 10)"),
    "sk_special": ("Nagrody specjalne (kategoria: zł; np. kobieta: 50; junior: 30)",
                   "Special prizes (category: zł; e.g. woman: 50; youth: 30)"),
    "sk_categories": ("Kategorie graczy (gracz: kategoria; np. Ala: kobieta; Jan: senior)",
                      "Players' categories (player: category; e.g. Ala: woman; Jan: senior)"),
    "sk_teams_field": ("Drużyny po 4 (nazwa: gracz, gracz, gracz, gracz; nazwa: ...)",
                       "Teams of 4 (name: player, player, player, player; name: ...)"),
    "sk_tandems_field": ("Tandemy po 2 (nazwa: gracz, gracz; nazwa: ...)", "Tandems of 2 (name: player, player; name: ...)"),
    "sk_save_prizes": ("Zapisz turniej o nagrody", "Save the prize tournament"),
    "sk_print_prizes": ("Lista nagród do druku", "Prize list to print"),
    "sk_prizes_saved": ("Turniej o nagrody zapisany z wieczorem.", "The prize tournament is kept with the evening."),
    "sk_prizes_removed": ("Ten wieczór nie jest już turniejem o nagrody.", "This evening is no longer a prize tournament."),
    "sk_prizes_first": ("Najpierw zapisz turniej o nagrody.", "Save the prize tournament first."),
    "sk_no_prizes": ("nagród nie ma (brak procentów nagród)", "no prizes (no percentages given)"),
    "sk_not_amount": ("„{typed}” to nie kwota (liczba co najmniej 0)", "\"{typed}\" is not an amount (a number of at least 0)"),
    "sk_not_named": ("„{typed}” — wpisz nazwa: ..., kolejne po średniku", "\"{typed}\": type name: ..., the next after a semicolon"),
    "sk_from_to": ("od {lo} do {hi}", "from {lo} to {hi}"),
}

# Words of a module's `next` description.
NEXT_WORDS: dict[str, tuple[str, str]] = {
    "dealer": ("rozdaje", "dealer"), "leader": ("wychodzi", "leads"), "first_bidder": ("licytuje pierwszy",
    "first bid"), "deal": ("rozdanie", "deal"), "vulnerable": ("po partii", "vulnerable"), "seat": ("miejsce",
    "seat"), "rubber": ("rober", "rubber"), "sits_out": ("pauzuje", "sits out"), "label": ("gra", "play"),
    "owed_for": ("za", "for"), "no_trumps": ("bez atu", "no trumps"), "forehand": ("przodek", "forehand"),
    "deals_left": ("zostało rozdań", "deals left"), "cards": ("kart", "cards"), "chooser": ("wybiera", "chooses"),
    "last_bidder": ("licytuje ostatni", "last bid"), "bock": ("bock", "bock"), "game": ("gra", "game"),
    "number": ("nr", "no."), "owed": ("należne", "owed"), "targets": ("do wzięcia", "to take"),
    "exchange": ("wymiana", "exchange"), "from": ("daje", "gives"), "with": ("z", "with"),
    "to_target": ("do celu", "to the target"), "left": ("zostały", "left"), "below": ("pod kreską", "below the line"),
    "round": ("runda", "round"), "part": ("rozgrywka", "part"),
}

# Names of the values a choice field stores (a record keeps the value; the form shows the name).
CHOICES: dict[str, tuple[str, str]] = {
    "diamonds": ("karo ♦", "diamonds ♦"), "hearts": ("kier ♥", "hearts ♥"), "spades": ("pik ♠", "spades ♠"),
    "clubs": ("trefl ♣", "clubs ♣"), "grand": ("grand", "grand"), "null": ("null", "null"),
    "ramsch": ("ramsz", "ramsch"), "robber": ("rozbójnik", "rozbójnik (robber)"),
    "revolution": ("rewolucja", "revolution"),
    "trumps": ("odgrywka (atu)", "odgrywka (trumps)"), "lottery": ("loteryjka", "loteryjka (lottery)"),
    "no-tricks": ("bez lew", "no tricks"), "no-hearts": ("bez kierów", "no hearts"), "no-queens": ("bez dam",
    "no queens"), "no-kings-jacks": ("bez panów", "no kings and jacks"), "no-king-of-hearts": ("bez króla kier",
    "no king of hearts"), "no-last": ("bez ostatniej", "no last trick"), "no-trumps": ("bez atu (BA)", "no trumps"),
    "ordinary": ("zwyczajna", "ordinary"), "wedding": ("wesele", "wedding"), "solo": ("zolo", "solo"),
    "solo-du": ("zolo du", "solo du"), "silent": ("cicha", "silent"), "none": ("nikt", "none"),
    "both": ("obie", "both"), "": ("—", "—"), "X": ("kontra (X)", "double (X)"), "XX": ("rekontra (XX)",
    "redouble (XX)"), "z-wyjsciem": ("z wyjściem", "losers got out"), "bez-wyjscia": ("bez wyjścia", "losers not out"),
    "bez-bitki": ("bez bitki", "losers no trick"),
}

# Short names on the cells of a pad: the words and signs players use at the table.
PAD: dict[str, tuple[str, str]] = {
    "NT": ("BA", "NT"), "pass": ("pas", "pass"),
    "NULLO": ("nullo", "nullo"), "dummy": ("dziadek", "dummy"),  # bridge-bobby: a strain, the honours' holder
    "": ("—", "—"), "X": ("X", "X"), "XX": ("XX", "XX"), "NS": ("N-S", "N-S"), "EW": ("E-W", "E-W"),
    "none": ("nikt", "none"), "both": ("obie", "both"),
    "diamonds": ("♦ karo", "♦ diamonds"), "hearts": ("♥ kier", "♥ hearts"), "spades": ("♠ pik", "♠ spades"),
    "clubs": ("♣ trefl", "♣ clubs"), "aces": ("asy", "aces"), "no-trumps": ("BA", "NT"),
    "accepted": ("przyjęte", "accepted"), "refused": ("odrzucone", "refused"),
    "refused-accepted": ("odrz.-przyj.", "refused-accepted"), "refused-refused": ("odrz.-odrz.", "refused-refused"),
}

# A bridge strain on the contract's pad (S there is spades; as a seat it stays S).
STRAIN_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

# The items a player takes in the card-count games (the columns of their grid), short.
ITEM_NAMES: dict[str, tuple[str, str]] = {
    "hearts": ("kiery", "hearts"), "spades": ("piki", "spades"), "clubs": ("trefle", "clubs"),
    "diamonds": ("kara", "diamonds"), "queen_spades": ("dama ♠", "queen ♠"), "king_spades": ("król ♠", "king ♠"),
    "ace_spades": ("as ♠", "ace ♠"), "ten_diamonds": ("10 ♦", "10 ♦"), "queen_clubs": ("dama ♣", "queen ♣"),
    "jack_hearts": ("walet ♥", "jack ♥"), "jack_diamonds": ("walet ♦", "jack ♦"), "jack_clubs": ("walet ♣", "jack ♣"),
    "jack_spades": ("walet ♠", "jack ♠"), "first_trick": ("1. lewa", "1st trick"), "last_trick": ("ost. lewa",
    "last trick"), "cards": ("karty", "cards"), "heart_points": ("oczka ♥", "♥ points"), "joker": ("dżoker", "joker"),
}

# More ways of typing a cell's value on the keyboard (Polish and English card notation).
PAD_WORDS: dict[str, tuple[str, ...]] = {
    "C": ("t", "trefl", "trefle", "clubs", "club", "♣"), "D": ("ka", "karo", "diamonds", "diamond", "♦", "♢"),
    "H": ("k", "kier", "kiery", "hearts", "heart", "♥", "♡"), "S": ("p", "pik", "piki", "spades", "spade", "♠"),
    "NT": ("ba", "nt", "n", "b", "bezatu", "notrump", "notrumps"), "pass": ("pas", "pass", "pasy", "passed"),
    "X": ("kontra", "double", "dbl"), "XX": ("rekontra", "redouble", "rdbl"),
}

_lang = "pl"


def default_lang() -> str:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        v = os.environ.get(var)
        if v:
            return "pl" if v.lower().startswith("pl") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "pl" if loc.lower().startswith("pl") else "en"


def cli_lang(asked: str | None) -> str:
    """The language of what a command prints: --lang, else the one chosen last in the app, else the system's."""
    from zapis import settings

    return asked or settings.load().get("lang") or default_lang()


def set_lang(lang: str) -> None:
    global _lang
    _lang = lang if lang in ("pl", "en") else "en"


def get_lang() -> str:
    return _lang


def t(key: str, lang: str | None = None, **kw) -> str:
    pl, en = TEXT.get(key, (key, key))
    return (pl if (lang or _lang) == "pl" else en).format(**kw)


def choice(value, lang: str | None = None) -> str:
    pl, en = CHOICES.get(str(value), (str(value), str(value)))
    return pl if (lang or _lang) == "pl" else en




def pad_label(value, strain: bool = False) -> str:
    """A value's name on a pad cell: short (a suit sign, X, BA), else its name in a choice list."""
    if strain and str(value) in STRAIN_SIGNS:
        return STRAIN_SIGNS[str(value)]
    if str(value) in PAD:
        pl, en = PAD[str(value)]
        return pl if _lang == "pl" else en
    return choice(value)


def item_name(key: str) -> str:
    pl, en = ITEM_NAMES.get(key, (key.replace("_", " "), key.replace("_", " ")))
    return pl if _lang == "pl" else en


def pad_words(value) -> tuple[str, ...]:
    return PAD_WORDS.get(str(value), ())


def word(key: str, lang: str | None = None) -> str:
    pl, en = NEXT_WORDS.get(key, (key.replace("_", " "), key.replace("_", " ")))
    return pl if (lang or _lang) == "pl" else en


def value_words(v, lang: str | None = None) -> str:
    """A value of a sheet's "what comes next" in words: Celina 8, Ala 5 (not {'Celina': 8}); choices by name.
    In `lang`, else the app's language."""
    if isinstance(v, dict):
        return ", ".join(f"{word(k, lang) if k in NEXT_WORDS else k} {value_words(x, lang)}" for k, x in v.items())
    if isinstance(v, list):
        return "; ".join(value_words(x, lang) for x in v) if any(isinstance(x, dict) for x in v) else \
            ", ".join(value_words(x, lang) for x in v)
    if isinstance(v, bool):
        return t("yes", lang) if v else "—"
    return choice(v, lang) if isinstance(v, str) else str(v)


def next_words(nxt, skip=(), lang: str | None = None) -> str:
    """What comes next, in words: "rozdaje Ala, miejsce N, po partii obie"; nothing unset or false. In `lang`
    (zapis score, an export), else the app's language."""
    return ", ".join(word(k, lang) + ("" if v is True else f" {value_words(v, lang)}") for k, v in nxt.items()
                     if k not in skip and v is not None and v is not False)


def label(field) -> str:
    """A field's label in the current language."""
    return field.label.get(_lang) or field.label.get("en") or field.name.replace("_", " ")
