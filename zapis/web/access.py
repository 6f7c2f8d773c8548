"""Who may come in from another machine: each login's role, wrong tries limited per address (and over all of them
at once), and the session tokens a browser that got in holds in its cookie, never the key or the code."""

from __future__ import annotations

import secrets
import time
from collections import deque
from typing import Callable

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.store.roles import Role
from zapis.web.conn import address_group  # one guesser counted as its connections are

MIN_CODE = 6


class Lockout:
    """At most `limit` wrong tries per address in `window` seconds; then that address waits."""

    def __init__(self, limit: int = 10, window: float = 60.0, clock: Callable[[], float] = time.monotonic):
        self.limit, self.window, self.clock = limit, window, clock
        self.failures: dict[str, deque[float]] = {}

    def _recent(self, address: str) -> deque[float]:
        now = self.clock()
        q = self.failures.get(address)
        if q is None:
            return deque()
        while q and q[0] <= now - self.window:
            q.popleft()
        if not q:
            del self.failures[address]
        return q

    def wait(self, address: str) -> float:
        """Seconds this address must wait before its next try (0: it may try now)."""
        q = self._recent(address)
        return max(0.0, q[0] + self.window - self.clock()) if len(q) >= self.limit else 0.0

    def count(self, address: str) -> int:
        """Wrong tries of this address within the window."""
        return len(self._recent(address))

    def failed(self, address: str) -> None:
        self._recent(address)
        self.failures.setdefault(address, deque()).append(self.clock())
        if len(self.failures) > 10_000:  # a flood of addresses cannot grow this without bound
            self.failures.pop(next(iter(self.failures)))


class Access:
    """Who may come in from another machine, and as whom: each login (a key or a typed code) belongs to one role
    (zapis.web.logins); the session it opens carries that role, held here, whatever the browser sends later."""

    def __init__(self, key: str | None = None, code: str | None = None, lockout: Lockout | None = None,
                 session_hours: float = 24.0, everyone: Lockout | None = None, logins=None):
        self.logins = logins
        director = Role()
        self.keys: dict[str, Role] = dict(logins.keys) if logins else {}
        self.codes: dict[str, Role] = dict(logins.codes) if logins else {}
        if logins:
            key = key or logins.key(director)
            if code:  # the director's own code (--code) instead of the derived one
                self.codes = {c: r for c, r in self.codes.items() if r != director}
            code = code or logins.code(director)
        if key:
            self.keys[key] = director
        if code:
            self.codes[code] = director
        self.key, self.code = key, code  # the director's
        self.lockout = lockout or Lockout()
        # many addresses at once: past this cap over all of them, an address that has guessed wrong waits its
        # whole window after one more wrong try; a right code or key is never refused by it
        self.everyone = everyone or Lockout(limit=30, window=60.0, clock=self.lockout.clock)
        self.sessions: dict[str, tuple[float, Role]] = {}
        self.session_seconds = session_hours * 3600

    def key_role(self, given: str) -> Role | None:
        """The role of a long key (what a QR code carries): too long to guess, so no lockout stands before it."""
        found = None
        for key, role in self.keys.items():  # each compared in constant time, none skipped
            if secrets.compare_digest(given.encode(), key.encode()):
                found = role
        return found

    def is_key(self, given: str) -> bool:
        return self.key_role(given) is not None

    def role_of(self, given: str) -> Role | None:
        """The role a key or a typed code (spaces and dashes as printed are ignored) leads to, or None."""
        found = self.key_role(given)
        digits = "".join(c for c in given if c not in " -")
        for code, role in self.codes.items():
            if secrets.compare_digest(digits.encode(), code.encode()) or secrets.compare_digest(
                    given.encode(), code.encode()):
                found = found or role
        return found

    def wait(self, address: str) -> float:
        group = address_group(address)
        own = self.lockout.wait(group)
        if own > 0:
            return own
        if self.everyone.wait("*") > 0 and self.lockout.count(group) > 0:  # many guessers at once: one that
            return self.lockout.window  # has guessed wrong already waits; a fresh address still tries
        return 0.0

    def failed(self, address: str) -> None:
        group = address_group(address)
        if self.everyone.wait("*") > 0:  # under a flood of guesses: one wrong try and this address waits
            for _ in range(self.lockout.limit):
                self.lockout.failed(group)
        else:
            self.lockout.failed(group)
        self.everyone.failed("*")

    def new_session(self, role: Role | None = None) -> str:
        token = secrets.token_urlsafe(32)
        self.sessions[token] = (time.monotonic() + self.session_seconds, role or Role())
        if len(self.sessions) > 10_000:  # logins repeated without end cannot grow this without bound
            self.sessions.pop(next(iter(self.sessions)))
        return token

    def session_role(self, token: str | None) -> Role | None:
        held = self.sessions.get(token or "")
        if held is None:
            return None
        if held[0] < time.monotonic():
            del self.sessions[token]
            return None
        return held[1]

    def has_session(self, token: str | None) -> bool:
        return self.session_role(token) is not None


def check_code(code: str | None) -> str | None:
    if code is None:
        return None
    code = code.strip()
    if len(code) < MIN_CODE or len(code) > 64 or not code.isprintable() or " " in code:
        raise ZapisError([Problem("--code", Bi(f"wymaga od {MIN_CODE} do 64 znaków bez spacji "
                                               f"(krótki kod łatwo odgadnąć)",
                                               f"needs {MIN_CODE} to 64 characters without spaces "
                                               f"(a short code is guessed quickly)"))])
    return code
