"""Where a tablet finds the server: the addresses and host names it listens on (and the Host headers it answers
to), each role's login URL, and the announcement of them: on the terminal (with a QR code) and in a file beside
the database for the director's app and `zapis tablets`."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.store.roles import BOARD, TABLE, Role
from zapis.web.access import Access
from zapis.web.logins import DEFAULT_TABLES


def lan_addresses(ipv6: bool = True) -> list[str]:
    """This machine's addresses a tablet on the same network can use (IPv4 first, no loopback)."""
    import ipaddress

    import ifaddr

    v4, v6 = [], []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                a = ipaddress.ip_address(ip.ip)
                if not a.is_loopback and not a.is_link_local:
                    v4.append(str(a))
            else:
                a = ipaddress.ip_address(ip.ip[0])
                if not a.is_loopback and not a.is_link_local:
                    v6.append(f"[{a}]")
    return list(dict.fromkeys(v4 + (v6 if ipv6 else [])))


def host_names() -> list[str]:
    name = socket.gethostname()
    out = [name] if name and name != "localhost" else []
    if out and "." not in name:
        out.append(f"{name}.local")  # mDNS: how most tablets reach a laptop by name
    return out


def _port_suffix(port: int) -> str:
    return "" if port == 80 else f":{port}"


def allowed_hosts(host: str, port: int, extra: list[str] = ()) -> set[str]:
    """The Host headers this server answers to: its own names and addresses, never another site's."""
    names = ["localhost", "127.0.0.1", "[::1]", *extra]
    if host in ("0.0.0.0", "::", ""):
        names += host_names() + lan_addresses(ipv6=host == "::")
    elif host not in ("127.0.0.1", "localhost", "::1"):
        names.append(f"[{host}]" if ":" in host else host)
    return {n.lower() + sfx for n in names for sfx in {_port_suffix(port), f":{port}"}}


class Addresses:
    """The ZapisServer's addresses and their announcement."""

    host: str
    port: int
    db: str | None
    lang: str
    access: Access | None

    # --- the addresses -----------------------------------------------------------------------------------
    def urls(self) -> list[str]:
        """What a tablet can open: LAN addresses and host names when listening on all of them."""
        sfx = _port_suffix(self.port)
        if self.host in ("0.0.0.0", "::", ""):
            names = lan_addresses(ipv6=self.host == "::") + host_names()
        else:
            names = [f"[{self.host}]" if ":" in self.host else self.host]
        return [f"http://{n}{sfx}/" for n in names] or [f"http://localhost{sfx}/"]

    def entry_url(self, url: str, board: bool = False) -> str:
        """The director's (or the board's) URL with its key in it (what its QR code shows)."""
        return self.login_url(url, Role(BOARD) if board else Role())

    def login_url(self, url: str, role: Role) -> str:
        """The URL that logs a browser in as `role` (`url` is one of `urls()`; zapis.web.logins)."""
        from zapis.web.logins import login_url

        if self.access is not None and role.directs:
            return f"{url}k/{self.access.key}"
        return login_url(url, role, self.access.logins if self.access else None)

    def logins_json(self, tables: int | None = None) -> dict[str, Any]:
        """What `zapis tablets --json` prints (docs/records.md): the server's address and each role's login URL."""
        from zapis.web.logins import logins_json

        logins = self.access.logins if self.access else None
        n = tables if tables is not None else (logins.tables if logins else DEFAULT_TABLES)
        if logins is not None and not logins.first <= n <= logins.tables:
            raise ZapisError([Problem("--tables", Bi(f"ten serwer zna stoły 1-{logins.tables} "
                                                     "(zapis serve --tables)",
                                                     f"this server knows {logins.tables} tables "
                                                     "(zapis serve --tables)"))])
        return logins_json(self.urls()[0], logins, n, self.access.key if self.access else None,
                           first=logins.first if logins else 1)

    def codes_json(self) -> dict[str, Any] | None:
        """Each role's typed code (for the table cards), or None on a server only this machine reaches."""
        if self.access is None:
            return None
        logins = self.access.logins
        return {"director": self.access.code,
                "board": logins.code(Role(BOARD)) if logins else None,
                "tables": {str(t): logins.code(Role(TABLE, t)) for t in range(logins.first, logins.tables + 1)}
                if logins else {}}

    # --- the announcement ----------------------------------------------------------------------------
    def announce(self, out=None) -> str:
        """The addresses, the code and a QR code of the entry URL, as text for the terminal."""
        import io

        import segno

        pl = self.lang == "pl"  # one language: the one the app and the pages speak
        lines = []
        urls = self.urls()
        for url in urls:
            lines.append(f"zapis: {url}    {'tablica' if pl else 'board'}: {url}board")
        lines.append("Stoły: zapis tablets (karty stołów z kodami QR)" if pl else
                     "Tables: zapis tablets (table cards with QR codes)")
        if self.access:
            from zapis.web.logins import spaced

            board = self.login_url(urls[0], Role(BOARD))
            lines.append(f"{'Tablica' if pl else 'Board'}: {board}")
            buf = io.StringIO()
            segno.make(board, error="m").terminal(out=buf, compact=True, border=2)
            lines.append(buf.getvalue().rstrip("\n"))
            lines.append(f"{'Kierownik' if pl else 'Director'}: {self.entry_url(urls[0])}    "
                         f"{'kod' if pl else 'code'}: {spaced(self.access.code)}")
        lines.append("Ctrl+C: koniec" if pl else "Ctrl+C: quit")
        return "\n".join(lines)

    def announcement_file(self) -> Path:
        from zapis.store.db import default_db_path
        from zapis.web.tablets import announcement_file

        path = announcement_file(self.db or default_db_path())
        path.parent.mkdir(parents=True, exist_ok=True)
        return path

    def write_announcement(self) -> None:
        """The director's app shows the addresses and the QR code too; the file is this user's alone."""
        urls = self.urls()
        data = {"urls": urls, "entry": [self.entry_url(u) for u in urls],
                "board": [self.entry_url(u, True) for u in urls],
                "code": self.access.code if self.access else None, "pid": os.getpid(),
                "logins": self.logins_json(), "codes": self.codes_json()}
        try:
            fd = os.open(self.announcement_file(), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
        except OSError:
            pass
