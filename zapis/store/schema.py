"""The schema and its migrations. The version lives in PRAGMA user_version; the file is marked as
a zapis database by PRAGMA application_id."""

APPLICATION_ID = 0x7A617069  # "zapi"

MIGRATIONS: list[str] = [
    # 1: players, evenings, tables, games with their frozen rules, the hand log
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created TEXT NOT NULL DEFAULT (datetime('now'))
    );
    CREATE TABLE evenings (
        id INTEGER PRIMARY KEY,
        date TEXT NOT NULL,
        place TEXT NOT NULL DEFAULT '',
        title TEXT NOT NULL DEFAULT '',
        created TEXT NOT NULL DEFAULT (datetime('now'))
    );
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        evening_id INTEGER NOT NULL REFERENCES evenings(id),
        number INTEGER NOT NULL,
        UNIQUE (evening_id, number)
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        table_id INTEGER NOT NULL REFERENCES tables(id),
        ruleset TEXT NOT NULL,          -- the ruleset as the record names it
        rules_json TEXT NOT NULL,       -- the ruleset frozen when the game began: module, title, values
        layout_json TEXT NOT NULL,      -- the seats as recorded (a list of names, or pairs)
        start_json TEXT NOT NULL DEFAULT '{}',
        title TEXT,
        stake REAL NOT NULL DEFAULT 0,  -- money per point (groszy), for the settlement
        version INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL DEFAULT (datetime('now'))
    );
    CREATE TABLE game_players (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        name TEXT NOT NULL,              -- the name as the hands spell it
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE hand_log (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        action TEXT NOT NULL CHECK (action IN ('enter', 'edit', 'undo')),
        position INTEGER NOT NULL,      -- which hand (0-based) it enters, replaces or removes
        hand_json TEXT,                 -- the hand as recorded (NULL for undo)
        at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))
    );
    CREATE INDEX hand_log_game ON hand_log (game_id, id);
    """,
    # 2: the games of a table found by an index (the evening's queries searched the whole hand log without it)
    """
    CREATE INDEX games_table ON games (table_id);
    """,
    # 3: a memo of each game's outcome for the standings (places, place points, money), keyed by everything that
    # determines it; never a source of truth: a changed key recomputes, `zapis db check` compares it afresh
    """
    CREATE TABLE game_results (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        key TEXT NOT NULL,              -- a digest of the game's version, rules, seats, names, stake, scoring code
        outcome_json TEXT NOT NULL
    );
    CREATE INDEX evenings_date ON evenings (date);  -- a season is the evenings between two dates
    """,
    # 4: the evening's settings the director sets (which evening the tablets and the board follow, whether a table may
    # start its next game), as key and JSON value
    """
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 5: a duplicate session's hand record: each board's double dummy and par remembered by what determines them
    # (the deal and the board's place in the 16-board cycle: never a source of truth, a memo of the solver's work),
    # and each hand record attached to a game after it began, kept in order (the last one counts; none is lost)
    """
    CREATE TABLE deal_analyses (
        key TEXT PRIMARY KEY,           -- "place in the cycle|the deal, North first"
        analysis_json TEXT NOT NULL     -- {"dd": ..., "par": ...}
    );
    CREATE TABLE deal_log (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        deals_json TEXT NOT NULL,       -- the [[deals]] as attached
        at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))
    );
    CREATE INDEX deal_log_game ON deal_log (game_id, id);
    """,
]
