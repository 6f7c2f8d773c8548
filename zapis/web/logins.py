"""The logins of a served evening: one for the director, one for each table, one for the board.

Each login is a key (what its QR code and its URL carry: 96 random-looking bits) and a typed code (ten digits, for
whoever has no camera). Both are derived from one secret kept beside the database, readable by its owner only, so
the table cards printed once stay good from evening to evening, until the director renews them
(`zapis tablets --renew`). The role a login belongs to is held by the server: a table's card logs a browser in as
that table, and nothing the browser sends later changes it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.store.roles import BOARD, DIRECTOR, TABLE, Role

CODE_DIGITS = 10
#: table logins a server knows by default (a larger club says --tables)
DEFAULT_TABLES = 30


def secret_file(db: Path) -> Path:
    return db.with_name(db.name + ".logins")


def load_secret(db: Path, renew: bool = False) -> bytes:
    """The database's login secret: read, or made (and kept, mode 0600) when there is none or it is renewed."""
    path = secret_file(db)
    if not renew:
        try:
            text = path.read_text(encoding="ascii").strip()
            if len(text) >= 32:
                return bytes.fromhex(text)
        except (OSError, ValueError, UnicodeError):
            pass
    secret = secrets.token_bytes(32)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(secret.hex())
    os.replace(tmp, path)
    return secret


def role_label(role: Role) -> str:
    return f"table:{role.table}" if role.kind == TABLE else role.kind


class Logins:
    """Every login's key and code, and the role each one leads to."""

    def __init__(self, secret: bytes, tables: int | tuple[int, int] = DEFAULT_TABLES):
        self.secret = secret
        # the tables this server serves: 1 to N, or (first, last) where several servers share an event (each
        # table's key and code come from the secret alone: the same card whichever server printed it)
        self.first, self.tables = (1, tables) if isinstance(tables, int) else tables
        self.keys: dict[str, Role] = {}
        self.codes: dict[str, Role] = {}
        self._by_role: dict[Role, tuple[str, str]] = {}
        for role in [Role(DIRECTOR), Role(BOARD)] + [Role(TABLE, n) for n in range(self.first, self.tables + 1)]:
            key = self._derive_key(role)
            code, bump = self._derive_code(role, 0), 0
            while code in self.codes:  # two logins on one code (about 1 in 10^8 for 30 tables): the next one
                bump += 1
                code = self._derive_code(role, bump)
            self.keys[key], self.codes[code] = role, role
            self._by_role[role] = (key, code)

    def _mac(self, text: str) -> bytes:
        return hmac.new(self.secret, text.encode(), hashlib.sha256).digest()

    def _derive_key(self, role: Role) -> str:
        return base64.urlsafe_b64encode(self._mac("key " + role_label(role))[:12]).decode()  # 96 bits, 16 chars

    def _derive_code(self, role: Role, bump: int) -> str:
        n = int.from_bytes(self._mac(f"code {role_label(role)} {bump}")[:8], "big")
        return f"{n % 10 ** CODE_DIGITS:0{CODE_DIGITS}d}"

    def key(self, role: Role) -> str:
        return self._by_role[role][0]

    def code(self, role: Role) -> str:
        return self._by_role[role][1]

    def role_of_key(self, given: str) -> Role | None:
        for key, role in self.keys.items():  # every key compared in constant time, none skipped
            if hmac.compare_digest(given.encode(), key.encode()):
                return role
        return None

    def role_of_code(self, given: str) -> Role | None:
        digits = "".join(c for c in given if c not in " -")  # typed as printed: "123 456 7890"
        for code, role in self.codes.items():
            if hmac.compare_digest(digits.encode(), code.encode()):
                return role
        return None


def spaced(code: str) -> str:
    """A code as printed on a card: 123 456 7890."""
    return f"{code[:3]} {code[3:6]} {code[6:]}" if len(code) == CODE_DIGITS and code.isdigit() else code


def login_url(url: str, role: Role, logins: Logins | None) -> str:
    """The URL (`url`: the server's address, ending in /) that logs a browser in as `role`: /k/KEY, short for a QR
    code and a card; without logins (a server only this machine reaches) the page itself."""
    if logins is None:
        return url + ("board" if role.kind == BOARD else f"?table={role.table}" if role.kind == TABLE else "")
    return f"{url}k/{logins.key(role)}"


def logins_json(url: str, logins: Logins | None, tables: int, director_key: str | None = None,
                first: int = 1) -> dict:
    """What `zapis tablets --json` prints (docs/records.md): the server's address and each role's login URL (its
    tables: `first` to `tables`)."""
    director = f"{url}k/{director_key}" if director_key else login_url(url, Role(DIRECTOR), logins)
    return {"server": url.rstrip("/"), "director": director, "board": login_url(url, Role(BOARD), logins),
            "tables": {str(t): login_url(url, Role(TABLE, t), logins) for t in range(first, tables + 1)}}


def table_span(text: str) -> tuple[int, int]:
    """`zapis serve --tables`: N (tables 1 to N) or FIRST-LAST (a server of several on one event); 1 to 999."""
    first, sep, last = str(text).strip().partition("-")
    try:
        span = (int(first), int(last)) if sep else (1, int(first))
    except ValueError:
        span = (0, 0)
    if not 1 <= span[0] <= span[1] <= 999:
        raise ZapisError([Problem(f"--tables {text}", Bi(
            "musi być liczbą stołów (1-999) albo zakresem, np. 31-60",
            "must be a number of tables (1-999) or a span, e.g. 31-60"))])
    return span
