"""A PostgreSQL server of the test run's own: a fresh cluster (initdb) in a temporary folder, listening on
127.0.0.1 at a free port and on a socket in that folder, trusted for local connections, stopped when the run ends.
Debian's binaries (the package postgresql, which .ci/run installs); as root, they run as the user postgres (the
server refuses root). Each test gets a database of its own (fresh())."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def binaries() -> Path | None:
    """The folder of PostgreSQL's server programs (initdb, pg_ctl), the newest installed; None without them."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    def __init__(self) -> None:
        bin_dir = binaries()
        if bin_dir is None:
            raise RuntimeError("PostgreSQL's server programs are not installed (Debian: apt-get install postgresql)")
        self.bin = bin_dir
        self.dir = Path(tempfile.mkdtemp(prefix="zapis-pg-"))
        self.port = _free_port()
        self.user = "postgres" if os.geteuid() == 0 else None  # the server refuses to run as root
        self._names = itertools.count(1)
        data = self.dir / "data"
        if self.user:
            shutil.chown(self.dir, self.user)
        self._run("initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8")
        conf = data / "postgresql.conf"
        with open(conf, "a", encoding="utf-8") as f:
            # a test server: fast and small; the tests that need a crash-safe write kill zapis, not PostgreSQL
            f.write(f"listen_addresses = '127.0.0.1'\nport = {self.port}\nunix_socket_directories = '{self.dir}'\n"
                    "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 200\n"
                    "shared_buffers = 32MB\n")
        self._run("pg_ctl", "-D", str(data), "-l", str(self.dir / "log"), "-w", "-t", "60", "start")

    def _run(self, program: str, *args: str) -> None:
        cmd = [str(self.bin / program), *args]
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        r = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
        if r.returncode != 0:
            raise RuntimeError(f"{program} failed (exit {r.returncode}): {r.stderr.strip() or r.stdout.strip()}")

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{dbname}"

    def fresh(self) -> str:
        """The address of a new, empty database."""
        import psycopg

        name = f"t{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def pause(self) -> None:
        """The server stopped (its clients' connections end), its data kept: resume() starts it again."""
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-l", str(self.dir / "log"), "-w", "-t", "60", "start")

    def stop(self) -> None:
        try:
            if (self.dir / "data" / "postmaster.pid").exists():  # not paused (or paused and resumed)
                self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
