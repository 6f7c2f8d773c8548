"""The command line as argparse reads it: every command and option in English or Polish, argparse's own words
included, and --db and --lang taken before or after the command."""

from __future__ import annotations

import argparse
import contextlib
from typing import Sequence

from zapis import __version__
from zapis.cli.database import cmd_backup, cmd_db, cmd_restore
from zapis.cli.deals import cmd_deal
from zapis.cli.evenings import cmd_evening, cmd_import, cmd_players
from zapis.cli.export import cmd_export
from zapis.cli.score import cmd_rulesets, cmd_score
from zapis.cli.screens import cmd_app, cmd_demo, cmd_serve, cmd_tablets
from zapis.cli.standings import cmd_standings
from zapis.cli.tournaments import cmd_movement, cmd_pairs, cmd_skat


#: argparse's own words in Polish (its messages go through gettext, which has no Polish catalogue for it)
ARGPARSE_PL = {
    "usage: ": "użycie: ", "positional arguments": "argumenty", "options": "opcje",
    "show this help message and exit": "pokaż tę pomoc i zakończ",
    "show program's version number and exit": "pokaż wersję programu i zakończ",
    "%(prog)s: error: %(message)s\n": "%(prog)s: błąd: %(message)s\n",
    "invalid choice: %(value)r (choose from %(choices)s)": "nieznany wybór: %(value)r (do wyboru: %(choices)s)",
    "invalid %(type)s value: %(value)r": "zła wartość (%(type)s): %(value)r",
    "the following arguments are required: %s": "brak wymaganych argumentów: %s",
    "unrecognized arguments: %s": "nieznane argumenty: %s",
    "expected one argument": "oczekiwano jednej wartości",
    "expected at least one argument": "oczekiwano co najmniej jednej wartości",
    "expected at most one argument": "oczekiwano najwyżej jednej wartości",
    "expected %s argument": "oczekiwano wartości: %s", "expected %s arguments": "oczekiwano wartości: %s",
    "ambiguous option: %(option)s could match %(matches)s": "niejednoznaczna opcja: %(option)s, pasują %(matches)s",
    "not allowed with argument %s": "nie razem z %s",
    "one of the arguments %s is required": "potrzebny jeden z argumentów %s",
    "ignored explicit argument %r": "pominięto argument %r",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "nieznane polecenie %(parser_name)r (do wyboru: "
                                                               "%(choices)s)",
}


@contextlib.contextmanager
def argparse_speaks(lang: str):
    """argparse's own words (usage, errors, -h) in `lang` while the command line is read."""
    if lang != "pl":
        yield
        return
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = lambda text: ARGPARSE_PL.get(text, text)  # type: ignore[attr-defined]
    argparse.ngettext = lambda one, many, n: ARGPARSE_PL.get(one if n == 1 else many, one if n == 1 else many)
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    def w(en: str, pl: str) -> str:
        return pl if lang == "pl" else en

    p = argparse.ArgumentParser(prog="zapis", description=w("zapis: a score-keeper for card clubs.",
                                                            "zapis: zapisywanie wyników w klubie karcianym."))
    p.add_argument("--version", action="version", version=f"zapis {__version__}",
                   help=w("show program's version number and exit", "pokaż wersję programu i zakończ"))
    p.add_argument("--db", metavar=w("DB", "BAZA"), help=w(
        "the database file (default: zapis.db in the user's data directory)",
        "plik bazy danych (domyślnie: zapis.db w katalogu danych użytkownika)"))
    p.add_argument("--lang", choices=("pl", "en"), help=w(
        "the language of the app (default: the one chosen last with l, else the system's)",
        "język programu (domyślnie: wybrany ostatnio klawiszem l, inaczej język systemu)"))
    sub = p.add_subparsers(dest="command", title=w("commands", "polecenia"), metavar=w("COMMAND", "POLECENIE"))
    evening = w("EVENING", "WIECZÓR")
    s = sub.add_parser("score", help=w("score a game record (TOML) and print its sheet",
                                       "policz zapis gry (TOML) i pokaż jej arkusz"))
    s.add_argument("file", metavar=w("FILE", "PLIK"), help=w("the game record", "zapis gry"))
    s.add_argument("--json", action="store_true", help=w("print the result as JSON", "wynik jako JSON"))
    s.add_argument("--rules", nargs="+", metavar=w("KEY=VALUE", "KLUCZ=WARTOŚĆ"), action="extend",
                   help=w("override a ruleset parameter for this run", "zmień parametr zasad na ten raz"))
    s.set_defaults(func=cmd_score)
    r = sub.add_parser("rulesets", help=w("list rulesets; show ID; check FILE",
                                          "lista zestawów zasad; show ID; check PLIK"))
    r.add_argument("action", nargs="?", choices=("list", "show", "check"))
    r.add_argument("target", nargs="?", metavar=w("TARGET", "CEL"),
                   help=w("a ruleset id or a .toml file", "id zestawu zasad albo plik .toml"))
    r.set_defaults(func=cmd_rulesets)

    e = sub.add_parser("evening", help=w("evenings: new, list, show ID", "wieczory: new, list, show ID"))
    e.add_argument("action", choices=("new", "list", "show"))
    e.add_argument("id", nargs="?", type=int)
    e.add_argument("--date", metavar=w("DATE", "DATA"), help=w("YYYY-MM-DD (default: today)",
                                                                "RRRR-MM-DD (domyślnie: dziś)"))
    e.add_argument("--place", metavar=w("PLACE", "MIEJSCE"))
    e.add_argument("--title", metavar=w("TITLE", "TYTUŁ"))
    e.set_defaults(func=cmd_evening)
    im = sub.add_parser("import", help=w(
        "import a game record into an evening (all or nothing); a .pbn hand record: its deals attached to the "
        "evening's pairs session", "wczytaj zapis gry do wieczoru (całość albo nic); rozkłady z pliku .pbn: "
        "dołączone do turnieju par wieczoru"))
    im.add_argument("file", metavar=w("FILE", "PLIK"))
    im.add_argument("--evening", type=int, metavar=evening, help=w("the evening (default: a new one)",
                                                                    "wieczór (domyślnie: nowy)"))
    im.add_argument("--game", type=int, metavar=w("GAME", "GRA"), help=w(
        "a .pbn file: the pairs session (when the evening has several)",
        "plik .pbn: turniej par (gdy wieczór ma kilka)"))
    im.add_argument("--table", type=int, default=1, metavar=w("TABLE", "STÓŁ"))
    im.add_argument("--stake", type=float, default=0, metavar=w("STAKE", "STAWKA"),
                    help=w("groszy per point, for the settlement", "grosze za punkt, do rozliczenia"))
    im.set_defaults(func=cmd_import)
    de = sub.add_parser("deal", help=w(
        "deal a reproducible hand record (the same seed, the same deals): PBN, or A4 sheets to make up the boards",
        "rozdaj karty do turnieju (ten sam klucz, te same rozkłady): PBN albo arkusze A4 do przełożenia rozdań"))
    de.add_argument("--boards", default="1-24", metavar=w("BOARDS", "ROZDANIA"), help=w(
        "e.g. 1-24 (the default) or 1-8,17-24", "np. 1-24 (domyślnie) albo 1-8,17-24"))
    de.add_argument("--seed", metavar=w("SEED", "KLUCZ"), help=w(
        "the key of the dealing (default: a new random one, printed with the deals)",
        "klucz losowania (domyślnie: nowy, losowy, wypisany z rozkładami)"))
    de.add_argument("--format", choices=("pbn", "html"), default="pbn", help=w(
        "pbn (the default) or html: A4 hand-record sheets, four boards a page",
        "pbn (domyślnie) albo html: arkusze A4 z rozkładami, cztery rozdania na stronie"))
    de.add_argument("--analysis", action="store_true", help=w(
        "html: each board's double-dummy table and par as well", "html: także analiza w widne karty i par"))
    de.add_argument("--title", metavar=w("TITLE", "TYTUŁ"))
    de.add_argument("-o", "--output", metavar=w("OUTPUT", "CEL"), help=w("a file (default: the screen)",
                                                                          "plik (domyślnie: ekran)"))
    de.add_argument("--replace", action="store_true", help=w("replace the file if it exists",
                                                             "zastąp plik, jeśli istnieje"))
    de.set_defaults(func=cmd_deal)
    st = sub.add_parser("standings", help=w("the evening's (or a season's) standings and settlement",
                                            "klasyfikacja i rozliczenie wieczoru (albo sezonu)"))
    season_from_to = (w("FROM", "OD"), w("TO", "DO"))
    st.add_argument("--evening", type=int, metavar=evening)
    st.add_argument("--season", nargs=2, metavar=season_from_to)
    st.add_argument("--json", action="store_true")
    st.add_argument("--stats", action="store_true", help=w(
        "with --season: statistics per player and game family (games, wins, average place, best and worst, "
        "declared and made, the longest winning streak)",
        "z --season: statystyki gracza w każdej rodzinie gier (gry, wygrane, średnie miejsce, najlepszy i "
        "najgorszy wynik, rozgrywki i ugrane, najdłuższa seria wygranych)"))
    st.add_argument("--ratings", action="store_true", help=w(
        "with --season: each player's rating (openskill), its change over the season and games",
        "z --season: ranking każdego gracza (openskill), jego zmiana w sezonie i liczba gier"))
    st.set_defaults(func=cmd_standings)
    ex = sub.add_parser("export", help=w("export an evening (csv, json, toml or html) or a season's report",
                                         "eksport wieczoru (csv, json, toml albo html) albo raportu sezonu"))
    which = ex.add_mutually_exclusive_group(required=True)
    which.add_argument("--evening", type=int, metavar=evening)
    which.add_argument("--season", nargs=2, metavar=season_from_to, help=w(
        "the season's standings, ratings and statistics (csv, json or html)",
        "klasyfikacja, rankingi i statystyki sezonu (csv, json albo html)"))
    ex.add_argument("--format", choices=("csv", "json", "toml", "html", "pbn", "usebio", "travellers", "site"),
                    required=True, help=w(
                        "pbn, usebio (XML), travellers (printable HTML) and site (a folder of results pages: the "
                        "ranking, each board, each pair): each duplicate pairs session of the evening",
                        "pbn, usebio (XML), travellers (protokoły do druku, HTML) i site (folder stron z wynikami: "
                        "klasyfikacja, każde rozdanie, każda para): każdy turniej par wieczoru"))
    ex.add_argument("-o", "--output", metavar=w("OUTPUT", "CEL"), help=w(
        "a file (or a folder for several files)", "plik (albo folder na kilka plików)"))
    ex.add_argument("--replace", action="store_true", help=w("replace files that exist (never done silently)",
                                                             "zastąp istniejące pliki (nigdy bez pytania)"))
    ex.set_defaults(func=cmd_export)
    b = sub.add_parser("backup", help=w("copy the database safely while it is in use (checked before it counts)",
                                        "bezpieczna kopia bazy także w trakcie pracy (sprawdzona, zanim się liczy)"))
    b.add_argument("file", metavar=w("FILE", "PLIK"))
    b.add_argument("--replace", action="store_true", help=w("replace FILE if it exists (never done silently)",
                                                            "zastąp PLIK, jeśli istnieje (nigdy bez pytania)"))
    b.set_defaults(func=cmd_backup)
    rs = sub.add_parser("restore", help=w(
        "bring a backup back as the database (the replaced file is kept aside)",
        "przywróć kopię jako bazę danych (zastąpiony plik zostaje obok)"), description=w(
        "Checks BACKUP, moves the database and its -wal/-shm files aside (renamed *.replaced-DATE), and puts "
        "the backup in their place. Close zapis first. Automatic backups are in the backups/ folder beside the "
        "database.", "Sprawdza KOPIĘ, odsuwa bazę danych i jej pliki -wal/-shm (nowe nazwy *.replaced-DATA) i "
        "kładzie kopię na ich miejsce. Najpierw zamknij zapis. Automatyczne kopie są w folderze backups/ obok "
        "bazy danych."))
    rs.add_argument("backup", nargs="?", metavar=w("BACKUP", "KOPIA"), help=w(
        "the backup file (default: list the automatic backups)", "plik kopii (domyślnie: lista automatycznych "
        "kopii)"))
    rs.set_defaults(func=cmd_restore)
    d = sub.add_parser("db", help=w("db check: SQLite's integrity check and every game recomputed",
                                    "db check: kontrola spójności SQLite i przeliczenie każdej gry"))
    d.add_argument("action", choices=("check",))
    d.set_defaults(func=cmd_db)
    pl = sub.add_parser("players", help=w("list players; rename OLD NEW", "lista graczy; rename STARE NOWE"))
    pl.add_argument("action", nargs="?", choices=("list", "rename"))
    pl.add_argument("names", nargs="*", metavar=w("NAME", "NAZWA"))
    pl.set_defaults(func=cmd_players)
    a = sub.add_parser("app", help=w("the scorekeeper's app (the default when no command is given)",
                                     "program do zapisu (domyślnie, gdy nie podano polecenia)"))
    a.add_argument("--table", type=int, metavar=w("TABLE", "STÓŁ"), help=w(
        "a table's tablet: open on this table's game, list its games only",
        "tablet stołu: otwiera grę tego stołu i pokazuje tylko jego gry"))
    a.add_argument("--touch", action="store_true", help=w(
        "pads with large cells and an in-app keypad, for a touch screen (the default when served)",
        "duże pola i klawiatura w programie, dla ekranu dotykowego (domyślnie przy serve)"))
    a.set_defaults(func=cmd_app)
    bo = sub.add_parser("board", help=w("the read-only scoreboard for a TV", "tablica wyników na telewizor "
                                                                            "(tylko do odczytu)"))
    bo.set_defaults(func=cmd_app, board=True)
    sv = sub.add_parser("serve", help=w("serve the app to web browsers (tablets); the board at /board",
                                        "program w przeglądarkach (tablety); tablica pod /board"))
    sv.add_argument("--host", default="127.0.0.1", metavar=w("HOST", "ADRES"), help=w(
        "the address to listen on (default: this machine only)", "adres nasłuchu (domyślnie: tylko ten komputer)"))
    sv.add_argument("--port", type=int, default=8000, metavar=w("PORT", "PORT"))
    sv.add_argument("--code", metavar=w("CODE", "KOD"), help=w(
        "the short access code for other machines, at least 6 characters (default: a random one, printed); the "
        "QR code carries a long key instead", "krótki kod dostępu dla innych urządzeń, co najmniej 6 znaków "
        "(domyślnie losowy, wypisany); kod QR niesie zamiast niego długi klucz"))
    sv.add_argument("--max-sessions", type=int, default=None, metavar="N", help=w(
        "at most N app sessions at once (default: two a table of the current evening, the director and a margin; "
        "at least 16)", "najwyżej N sesji naraz (domyślnie: dwie na stół bieżącego wieczoru, kierownik i zapas; "
        "co najmniej 16)"))
    sv.add_argument("--font-size", type=int, default=16, metavar="PX", help=w(
        "the browser's font size (default 16: a touch target of 3 rows is about 56 px)",
        "rozmiar czcionki w przeglądarce (domyślnie 16: pole dotyku na 3 wiersze ma około 56 px)"))
    sv.add_argument("--code-here", action="store_true", help=w(
        "ask for the code on this machine too (a laptop others use at the club)",
        "pytaj o kod także na tym komputerze (laptop, z którego korzystają inni w klubie)"))
    sv.add_argument("--allow-host", action="append", metavar=w("NAME", "NAZWA"), help=w(
        "another name or address the tablets use to reach this machine (repeatable)",
        "inna nazwa albo adres, pod którym tablety widzą ten komputer (można powtarzać)"))
    sv.add_argument("--tables", default="30", metavar=w("N|FIRST-LAST", "N|OD-DO"), help=w(
        "the tables this server serves, each with a login (a table card): 1 to N (default 30), or FIRST-LAST where "
        "several servers share one PostgreSQL database",
        "stoły, które obsługuje ten serwer, każdy z logowaniem (kartą stołu): 1 do N (domyślnie 30) albo OD-DO, "
        "gdy kilka serwerów dzieli jedną bazę PostgreSQL"))
    sv.add_argument("--no-spares", dest="spares", action="store_false", help=w(
        "start a table's session when its tablet connects, not before (less memory while tables wait)",
        "uruchamiaj sesję stołu dopiero, gdy łączy się jego tablet (mniej pamięci, gdy stoły czekają)"))
    sv.set_defaults(func=cmd_serve)
    tb = sub.add_parser("tablets", help=w(
        "each table's login (QR code, short URL, code) while zapis serve runs",
        "logowanie każdego stołu (kod QR, krótki adres, kod), gdy działa zapis serve"))
    tb.add_argument("--json", action="store_true", help=w("the logins as JSON (docs/records.md)",
                                                          "logowania jako JSON (docs/records.md)"))
    tb.add_argument("--tables", type=int, metavar="N", help=w(
        "tables 1 to N only (default: the tables of the current evening for the cards and the list, every table "
        "the server has for --json)", "tylko stoły od 1 do N (domyślnie: stoły bieżącego wieczoru na kartach i "
        "liście, każdy stół serwera dla --json)"))
    tb.add_argument("--cards", metavar=w("FILE", "PLIK"), help=w("write the table cards to print (A4 HTML)",
                                                                 "zapisz karty stołów do druku (HTML A4)"))
    tb.add_argument("--replace", action="store_true", help=w("replace the cards file if it exists",
                                                             "zastąp plik kart, jeśli istnieje"))
    tb.add_argument("--renew", action="store_true", help=w(
        "new logins for every role (the cards printed so far stop working when the server restarts)",
        "nowe logowania dla wszystkich (wydrukowane karty przestaną działać po ponownym starcie serwera)"))
    tb.set_defaults(func=cmd_tablets)
    dm = sub.add_parser("demo", help=w("a sample evening in a temporary database",
                                       "przykładowy wieczór w tymczasowej bazie"))
    dm.add_argument("--build-only", action="store_true", help=argparse.SUPPRESS)
    dm.set_defaults(func=cmd_demo)
    pa = sub.add_parser("pairs", help=w("a duplicate pairs session run at the tables: new, status",
                                        "turniej par prowadzony przy stołach: new, status"))
    pa_sub = pa.add_subparsers(dest="action", required=True, metavar=w("ACTION", "CZYNNOŚĆ"))
    pan = pa_sub.add_parser("new", help=w(
        "make a pairs session in an evening: the pairs, the movement, the scoring",
        "nowy turniej par w wieczorze: pary, ruch, sposób liczenia"))
    pan.add_argument("--evening", type=int, metavar=evening, help=w(
        "the evening (default: a new one today)", "wieczór (domyślnie: nowy, dzisiejszy)"))
    pan.add_argument("--pair", action="append", metavar=w("NAME,NAME", "NAZWA,NAZWA"), help=w(
        "a pair: two names by a comma, numbered 1, 2, ... in the order given (repeatable)",
        "para: dwie nazwy po przecinku, numerowane 1, 2, ... w podanej kolejności (można powtarzać)"))
    pan.add_argument("--movement", choices=("howell", "mitchell"), default="howell")
    pan.add_argument("--method", choices=("matchpoints", "cross-imps", "butler"), default="matchpoints")
    pan.add_argument("--boards-per-round", type=int, default=2, metavar="B")
    pan.add_argument("--rounds", type=int, default=0, metavar="R", help=w(
        "rounds played (default: the whole movement)", "rozegrane rundy (domyślnie: cały ruch)"))
    pan.add_argument("--arrow-switch", action="store_true", help=w(
        "Mitchell: switch directions in the last round", "Mitchell: zamiana kierunków w ostatniej rundzie"))
    pan.add_argument("--relay", action="store_true", help=w(
        "Mitchell with an even number of tables: relay, not skip",
        "Mitchell przy parzystej liczbie stołów: wspólne rozdania zamiast przeskoku"))
    pan.add_argument("--phantom", action="store_true", help=w(
        "an odd number of pairs: a phantom pair completes the movement (the pair facing it gets an adjusted "
        "score, phantom_score, default 60%%; the phantom is never ranked)",
        "nieparzysta liczba par: para-widmo (pauza) uzupełnia ruch (para, która na nią trafia, dostaje zapis "
        "sędziego, domyślnie 60%%; widmo nie jest klasyfikowane)"))
    pan.add_argument("--factoring", choices=("neuberg", "none"), help=w(
        "a board with fewer results: neuberg (the default) or none (plain per cent among them, as JFR Pary)",
        "rozdanie z mniejszą liczbą wyników: neuberg (domyślnie) albo none (zwykły procent, jak JFR Pary)"))
    pan.add_argument("--title", metavar=w("TITLE", "TYTUŁ"), help=w("the session's title", "tytuł turnieju"))
    pan.add_argument("--table", type=int, default=1, metavar=w("TABLE", "STÓŁ"), help=w(
        "the table number the session is kept under (default 1)", "numer stołu, pod którym jest turniej "
        "(domyślnie 1)"))
    pan.add_argument("--json", action="store_true")
    pan.set_defaults(func=cmd_pairs)
    pas = pa_sub.add_parser("status", help=w("each table's progress and the live ranking",
                                             "postęp każdego stołu i bieżąca klasyfikacja"))
    pas.add_argument("--evening", type=int, metavar=evening, help=w("the evening (default: the last one)",
                                                                     "wieczór (domyślnie: ostatni)"))
    pas.add_argument("--json", action="store_true")
    pas.set_defaults(func=cmd_pairs)
    sk = sub.add_parser("skat", help=w("skat tournaments: draw the tables of each series; rank an evening's lists",
                                       "turnieje skata: losowanie stołów każdej serii; klasyfikacja list "
                                       "wieczoru"))
    sk_sub = sk.add_subparsers(dest="action", required=True, metavar=w("ACTION", "CZYNNOŚĆ"))
    skd = sk_sub.add_parser("draw", help=w("seat the players at tables of 4 and 3, drawn again for each series",
                                           "rozsadzenie graczy przy stołach po 4 i 3, losowane w każdej serii"))
    skd.add_argument("--players", nargs="+", metavar=w("NAME", "NAZWA"), required=True,
                     help=w("the players", "gracze"))
    skd.add_argument("--series", default="1", metavar="K", help=w("how many series (default 1)",
                                                                  "ile serii (domyślnie 1)"))
    skd.add_argument("--seed", metavar="S", help=w("the draw's seed: the same seed, the same draw",
                                                   "ziarno losowania: to samo ziarno, to samo losowanie"))
    skd.add_argument("--teams", nargs="+", metavar=w("NAME=P1,P2,...", "NAZWA=G1,G2,..."), help=w(
        "a prize tournament's teams (or tandems), seated at different tables wherever the tables allow",
        "drużyny (albo tandemy) turnieju o nagrody, sadzane przy różnych stołach, gdzie tylko stoły pozwalają"))
    skd.add_argument("--json", action="store_true")
    skd.set_defaults(func=cmd_skat)
    skr = sk_sub.add_parser("ranking", help=w("an evening's Seeger-Fabian lists ranked as one tournament, with fees",
                                              "listy Seegera-Fabiana wieczoru jako jeden turniej, z opłatami"))
    skr.add_argument("--evening", type=int, metavar=evening, help=w("the evening (default: the last one)",
                                                                     "wieczór (domyślnie: ostatni)"))
    skr.add_argument("--tournament", metavar=w("FILE", "PLIK"), help=w(
        "a prize tournament's file (TOML; its keys in docs/records.md): the money from the fees to the prize list, "
        "and the teams' and tandems' rankings (default: the one made with the evening in the app)",
        "plik turnieju o nagrody (TOML; jego klucze w docs/records.md): pieniądze od wpisowego do listy nagród oraz "
        "klasyfikacje drużyn i tandemów (domyślnie: turniej zapisany z wieczorem w aplikacji)"))
    skr.add_argument("--html", metavar=w("FILE", "PLIK"), help=w(
        "a prize tournament's prize list on A4 (HTML) into FILE",
        "lista nagród turnieju o nagrody na A4 (HTML) do PLIKU"))
    skr.add_argument("--replace", action="store_true", help=w("replace an existing --html file",
                                                               "zastąp istniejący plik --html"))
    skr.add_argument("--json", action="store_true")
    skr.set_defaults(func=cmd_skat)
    mv = sub.add_parser("movement", help=w("a duplicate bridge movement (Mitchell or Howell), round by round",
                                           "ruch turnieju brydżowego (Mitchell albo Howell), runda po rundzie"))
    mv.add_argument("kind", choices=("mitchell", "howell"))
    mv.add_argument("--tables", metavar="N", required=True, help=w("how many tables", "ile stołów"))
    mv.add_argument("--pairs", metavar="P", help=w(
        "how many pairs: 2N (the default) or 2N-1 (one pair sits out)",
        "ile par: 2N (domyślnie) albo 2N-1 (jedna para pauzuje)"))
    mv.add_argument("--rounds", metavar="R", help=w("play only the first R rounds (default: the whole movement)",
                                                    "tylko pierwsze R rund (domyślnie: cały ruch)"))
    mv.add_argument("--boards-per-round", metavar="B", help=w("boards per round (default 2)",
                                                              "rozdań w rundzie (domyślnie 2)"))
    mv.add_argument("--arrow-switch", action="store_true", help=w(
        "Mitchell: N-S and E-W switch in the last round", "Mitchell: N-S i E-W zamieniają się w ostatniej rundzie"))
    mv.add_argument("--relay", action="store_true", help=w(
        "Mitchell with an even number of tables: a bye stand and shared boards (default: E-W skip)",
        "Mitchell przy parzystej liczbie stołów: stolik pauzy i wspólne rozdania (domyślnie: przeskok E-W)"))
    mv.add_argument("--json", action="store_true")
    mv.set_defaults(func=cmd_movement)
    return p


def _global_options_everywhere(parser: argparse.ArgumentParser) -> None:
    """--db and --lang are taken after the command too (`zapis serve --db X`), as well as before it; a word
    chosen from a list is named by its choices in a message (not by its English name inside zapis)."""
    for action in parser._actions:
        if not action.option_strings and action.choices and action.metavar is None and \
                not isinstance(action, argparse._SubParsersAction):
            action.metavar = "{" + ",".join(action.choices) + "}"
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                sub.add_argument("--db", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
                sub.add_argument("--lang", choices=("pl", "en"), default=argparse.SUPPRESS, help=argparse.SUPPRESS)
                _global_options_everywhere(sub)


def asked_lang(argv: Sequence[str]) -> str | None:
    """--lang as typed anywhere on the command line (read before the parser, which speaks that language)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1] if argv[i + 1] in ("pl", "en") else None
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1] if arg.split("=", 1)[1] in ("pl", "en") else None
    return None
