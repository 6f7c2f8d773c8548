"""Tablets ready in seconds: one warm process forks every tablet's session.

Started as a process of its own, a session spends most of its first half second importing Python, Textual and
zapis; thirty tablets switched on at the start of an evening queue for the laptop's cores. So `zapis serve`
starts one warm process (`python -m zapis.web.forks`) that imports all of it once and then waits; each tablet's
session is a fork of it, its imports shared with the others copy-on-write (what is frozen out of the collector's
reach stays shared), ready as soon as its own screen is built.

The server and the warm process speak over a socket pair: the server sends the session's size and table with the
three ends of its pipes (stdin, stdout, stderr), the warm process forks and answers with the session's pidfd, by
which the server sees it end and can end it. A session forked is the same session `python -m zapis.web.session`
runs (the same options, checks and plain lines); where forking is not to be had (not Linux, the warm process
failed), the server starts that command as before.

Each forked session ends with the warm process (PR_SET_PDEATHSIG), which ends with the server (the same, and
the socket pair's end).
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from types import CodeType, FrameType, FunctionType
from typing import Callable, Sequence

log = logging.getLogger("zapis.web.serve")

FORK_FD = "ZAPIS_FORK_FD"  # the warm process's end of the socket pair, by its number
READY = b"ready"
AVAILABLE = sys.platform.startswith("linux") and hasattr(os, "pidfd_open") and hasattr(socket, "send_fds")


# --- in the server ---------------------------------------------------------------------------------------

class Forked:
    """A forked session as asyncio's Process looks to textual-serve: its pipes, `returncode`, `kill`, `wait`."""

    def __init__(self, pid: int, pidfd: int, stdin: asyncio.StreamWriter, stdout: asyncio.StreamReader,
                 stderr: asyncio.StreamReader):
        self.pid, self._pidfd = pid, pidfd
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr
        self.returncode: int | None = None  # 0 once it ended (the warm process, its parent, reaps it)
        self._ended = asyncio.Event()
        asyncio.get_running_loop().add_reader(pidfd, self._exited)

    def _exited(self) -> None:
        asyncio.get_running_loop().remove_reader(self._pidfd)
        os.close(self._pidfd)
        self._pidfd = -1
        self.returncode = 0
        self._ended.set()

    def send_signal(self, sig: int) -> None:
        if self._pidfd >= 0:
            try:
                signal.pidfd_send_signal(self._pidfd, sig)  # never another process that took its number
            except ProcessLookupError:
                pass

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    async def wait(self) -> int:
        await self._ended.wait()
        return 0


class Forks:
    """The warm process, seen from the server: `start()` once, then `await spawn(table, width, height)` per
    tablet (None when forking is not to be had: the caller starts a process of its own)."""

    START_SECONDS = 60.0  # a warm process not ready by then is given up (its sessions start as processes)
    FORK_SECONDS = 30.0  # a fork not answered by then: the warm process is given up the same way

    def __init__(self, options: Sequence[str], environment: Callable[[], dict[str, str]]):
        self.options = list(options)  # --db, --lang: the server's, the same for every session
        self.environment = environment  # a session's, as the server would start it (its size set per fork)
        self.process: subprocess.Popen | None = None
        self._sock: socket.socket | None = None
        self._lock = threading.Lock()  # one request and its answer at a time
        self._ready: asyncio.Future | None = None
        self.failed = not AVAILABLE

    def start(self) -> None:
        """Start the warm process (it imports while the server goes on)."""
        if self.failed or self.process is not None:
            return
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = {k: v for k, v in self.environment().items() if k not in ("COLUMNS", "ROWS")}
        env[FORK_FD] = str(theirs.fileno())
        try:
            self.process = subprocess.Popen([sys.executable, "-m", "zapis.web.forks", *self.options], env=env,
                                            pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
        except OSError as e:
            log.warning("no warm process for the tablets (%s): each starts on its own", type(e).__name__)
            self.failed = True
            mine.close()
            return
        finally:
            theirs.close()
        self._sock = mine
        self._ready = asyncio.get_running_loop().run_in_executor(None, self._wait_ready)

    def _wait_ready(self) -> bool:
        sock = self._sock
        if sock is None:  # stopped before it was ready
            return False
        try:
            sock.settimeout(self.START_SECONDS)
            ok = sock.recv(64) == READY
            sock.settimeout(None)
        except OSError:  # (closed by stop() while it warmed, too)
            ok = False
        return ok

    async def spawn(self, table: int | None, width: int, height: int) -> Forked | None:
        if self.failed or self._ready is None:
            return None
        if not await asyncio.shield(self._ready):
            if not self.failed:
                log.warning("the warm process for the tablets did not start: each starts on its own")
            self.failed = True
            return None
        loop = asyncio.get_running_loop()
        stdin_r, stdin_w = os.pipe()
        stdout_r, stdout_w = os.pipe()
        stderr_r, stderr_w = os.pipe()
        request = json.dumps({"table": table, "columns": width, "rows": height}).encode()
        try:
            answer = await loop.run_in_executor(None, self._ask, request, [stdin_r, stdout_w, stderr_w])
        finally:
            for fd in (stdin_r, stdout_w, stderr_w):  # the session holds its own ends now
                os.close(fd)
        if answer is None:
            for fd in (stdin_w, stdout_r, stderr_r):
                os.close(fd)
            if not self.failed:
                log.warning("the warm process for the tablets ended: each starts on its own")
            self.failed = True
            return None
        pid, pidfd = answer
        stdout = await _reader(loop, stdout_r)
        stderr = await _reader(loop, stderr_r)
        transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin,
                                                            os.fdopen(stdin_w, "wb", buffering=0))
        stdin = asyncio.StreamWriter(transport, protocol, None, loop)
        return Forked(pid, pidfd, stdin, stdout, stderr)

    def _ask(self, request: bytes, fds: list[int]) -> tuple[int, int] | None:
        """One fork: the request and the pipes' ends sent, the session's pid and pidfd received."""
        with self._lock:
            sock = self._sock
            if sock is None:  # the server stopped while this fork waited for its turn
                return None
            try:
                sock.settimeout(self.FORK_SECONDS)  # a warm process that hangs fails this tablet, not all
                socket.send_fds(sock, [request], fds)
                message, got, _flags, _addr = socket.recv_fds(sock, 256, 1)
            except OSError:  # (closed by stop() meanwhile, too)
                return None
            if not message or not got:
                for fd in got:
                    os.close(fd)
                return None
            return json.loads(message)["pid"], got[0]

    def stop(self) -> None:
        """The warm process ends (its sessions with it, each already stopped by the server)."""
        if self._sock is not None:
            self._sock.close()  # the warm process reads the end of the pair and exits
            self._sock = None
        if self.process is not None:
            try:
                self.process.wait(3.0)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None


async def _reader(loop: asyncio.AbstractEventLoop, fd: int) -> asyncio.StreamReader:
    reader = asyncio.StreamReader(limit=2**16, loop=loop)  # asyncio's subprocess pipes have the same limit
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader, loop=loop),
                                 os.fdopen(fd, "rb", buffering=0))
    return reader


# --- the warm process ----------------------------------------------------------------------------------------

def warm(lang: str | None = None) -> None:
    """Import what every session needs before its first frame (Textual, its web driver, the app, the screens a
    tablet opens on, the scoring modules), then keep it all out of the collector's passes: a forked session's
    collections would otherwise write into every shared page they scan."""
    import zapis.web.driver  # noqa: F401
    from zapis.core.module import modules
    from zapis.ui.app import warm_up

    warm_up()
    modules()
    _first_frame_imports()
    _rehearse_and_pack(lang)
    gc.collect()
    _fill_pools()
    _fill_heap()
    gc.freeze()


def _first_frame_imports() -> None:
    """What a session would otherwise import or load at its first frame (found by comparing sys.modules before and
    after a tablet's first screen), then held by each session on its own: made once here, shared."""
    import concurrent.futures.thread  # noqa: F401 - asyncio's default executor
    import queue  # noqa: F401

    import rich._emoji_codes  # noqa: F401
    import textual.drivers._writer_thread  # noqa: F401 - the web driver's writer
    import textual.layouts.factory  # noqa: F401 - the horizontal and stream layouts
    import textual.scrollbar  # noqa: F401 - a game's sheet scrolls
    from rich.cells import cell_len

    cell_len("żółć ♠♥")  # rich's table of character widths, loaded on the first wide character


def _rehearse_and_pack(lang: str | None) -> None:
    """A table's tablet played once here (zapis.ui.app.rehearse): what its first screen loads and fills (lazy
    imports, caches) is then made once for all sessions. And the code it ran is copied, in the order it first ran,
    into memory of its own: Python 3.11 writes into a code object as it runs it (its warm-up count, its specialised
    instructions' counters), so each session copies every page holding code it runs; packed, those pages hold
    little else. A rehearsal that fails costs only this (one line on the warm process's stderr)."""
    from zapis.ui.app import rehearse

    ran: dict[CodeType, None] = {}

    def called(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            ran.setdefault(frame.f_code, None)
    try:
        sys.setprofile(called)
        try:
            rehearse(lang)
        finally:
            sys.setprofile(None)
        _pack(ran)  # (a second rehearsal, specialising the copies here, made no difference: each session writes them)
    except Exception as e:  # noqa: BLE001 - an optimisation: a session works without it
        print(f"zapis: the warm process did not rehearse a tablet ({type(e).__name__}: {e})", file=sys.stderr)
    finally:
        gc.unfreeze()  # (the rehearsed app froze what it had after its first frame: its garbage is collected)


def _pack(ran: dict[CodeType, None]) -> None:
    """Each function whose code ran gets a copy of it (code nested in it that ran: copied too, the copy's constants
    refer to it), the copies made one after another in the order the code first ran."""
    copies: dict[CodeType, CodeType] = {}

    def copy(code: CodeType) -> CodeType:
        if code not in copies:
            consts = tuple(copy(c) if type(c) is CodeType and c in ran else c for c in code.co_consts)
            copies[code] = code.replace(co_consts=consts)
        return copies[code]
    for code in ran:
        copy(code)
    gc.unfreeze()
    for f in gc.get_objects():
        if type(f) is FunctionType and f.__code__ in copies:
            f.__code__ = copies[f.__code__]


_FILLERS: list = []  # held for the warm process's life (each session its copy, never written)


def _fill_pools() -> None:
    """Fill the free blocks left in the small-object allocator's pools (by the imports' and the rehearsal's garbage)
    with objects never used: a session's own small objects then start pools of their own instead of going into
    those free blocks, each write copying a page shared with the warm process."""
    for size, free in _free_blocks():
        if size >= 48:  # a bytes object of n bytes asks for 33 + n
            _FILLERS.extend(bytes(size - 33) for _ in range(free))
        elif size == 32:  # an int of one digit: 28 bytes
            _FILLERS.extend(2**20 + i for i in range(free))


def _free_blocks() -> list[tuple[int, int]]:
    """(size class, free blocks in its used pools), as the allocator reports them on C's stderr (read through a
    file)."""
    text = _c_report(lambda fd: sys._debugmallocstats(), 2)
    rows = re.findall(r"^\s*\d+\s+(\d+)\s+\d+\s+\d+\s+(\d+)\s*$", text, re.M)
    return [(int(size), int(free)) for size, free in rows]


def _fill_heap() -> None:
    """The same for C's allocator (Python's objects over 512 bytes, in glibc): its free chunks smaller than a page
    are taken for good (its thread cache's first: up to 7 of each size)."""
    libc = _glibc()
    if libc is None:
        return
    for size in range(32, 1040, 16):
        _FILLERS.extend(libc.malloc(size - 8) for _ in range(7))
    for chunk, count in _heap_free_chunks(libc):
        if chunk < 4096:
            _FILLERS.extend(libc.malloc(chunk - 8) for _ in range(count))


def _glibc() -> ctypes.CDLL | None:
    """glibc's malloc, malloc_info, fdopen and fclose, typed (None: another C library)."""
    try:
        libc = ctypes.CDLL(None)
        libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
        libc.fdopen.restype, libc.fdopen.argtypes = ctypes.c_void_p, [ctypes.c_int, ctypes.c_char_p]
        libc.malloc_info.argtypes, libc.fclose.argtypes = [ctypes.c_int, ctypes.c_void_p], [ctypes.c_void_p]
    except (OSError, AttributeError):
        return None
    return libc


def _heap_free_chunks(libc: ctypes.CDLL) -> list[tuple[int, int]]:
    """(chunk size, how many) of the main heap's free chunks of one size, as malloc_info reports them (its sizes
    carry the chunk's "previous in use" bit: one more)."""
    def report(fd: int) -> None:
        stream = libc.fdopen(os.dup(fd), b"w")
        libc.malloc_info(0, stream)
        libc.fclose(stream)
    main_heap = _c_report(report).split("</heap>", 1)[0]
    sizes = re.findall(r'<(?:size|unsorted) from="(\d+)" to="(\d+)" total="\d+" count="(\d+)"/>', main_heap)
    return [(int(low) - 1, int(count)) for low, high, count in sizes if low == high]


def _c_report(write: Callable[[int], None], fd: int | None = None) -> str:
    """What C code writes to a file descriptor: `write(fd)` with fd a temporary file's (or, with `fd`, that
    descriptor pointed at it meanwhile)."""
    sys.stderr.flush()
    with tempfile.TemporaryFile() as out:
        if fd is None:
            write(out.fileno())
        else:
            saved = os.dup(fd)
            try:
                os.dup2(out.fileno(), fd)
                write(fd)
            finally:
                os.dup2(saved, fd)
                os.close(saved)
        out.seek(0)
        return out.read().decode("ascii", "replace")


def _reap(signum: int, frame: object) -> None:
    """The sessions that ended are reaped (the server saw each end by its pidfd)."""
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _session(fds: list[int], request: dict, options: list[str], warm_pid: int) -> int:
    """In the forked child: the pipes become its stdin, stdout and stderr, and the session runs."""
    from zapis.web.session import die_with_server, session

    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
    for target, fd in zip((0, 1, 2), fds):
        os.dup2(fd, target)
        os.close(fd)
    os.environ["COLUMNS"], os.environ["ROWS"] = str(request["columns"]), str(request["rows"])
    die_with_server(warm_pid, signal.SIGKILL)  # (a paused spare would keep a SIGTERM pending for ever)
    table = request.get("table")
    return session(options + (["--table", str(table)] if table else []))


def serve(sock: socket.socket, options: list[str]) -> None:
    """Fork a session for every request until the server closes its end."""
    signal.signal(signal.SIGCHLD, _reap)
    me = os.getpid()
    while True:
        try:
            message, fds, _flags, _addr = socket.recv_fds(sock, 4096, 3)
        except OSError:
            return
        if not message:  # the server is gone
            return
        try:
            request = json.loads(message)
            if len(fds) != 3 or not isinstance(request, dict):
                raise ValueError(request)
        except ValueError:
            for fd in fds:
                os.close(fd)
            return
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})  # not reaped before its pidfd is taken
        try:
            pid = os.fork()
            if pid == 0:
                code = 1
                try:
                    sock.close()
                    code = _session(fds, request, options, me)
                finally:
                    for stream in (sys.stdout, sys.stderr):  # os._exit writes out nothing itself
                        try:
                            stream.flush()
                        except (OSError, ValueError):
                            pass
                    os._exit(code)
            pidfd = os.pidfd_open(pid)
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
        for fd in fds:
            os.close(fd)
        try:
            socket.send_fds(sock, [json.dumps({"pid": pid}).encode()], [pidfd])
        except OSError:
            return
        finally:
            os.close(pidfd)


def main(argv: Sequence[str] | None = None) -> int:
    from zapis.web.session import die_with_server, parse

    die_with_server()
    sock = socket.socket(fileno=int(os.environ.pop(FORK_FD)))
    try:
        opts = parse(list(sys.argv[1:] if argv is None else argv))
        options = [x for k, v in opts.items() if v is not None and k != "--table" for x in (k, v)]
        warm(opts.get("--lang"))
        sock.sendall(READY)
        serve(sock, options)
    except KeyboardInterrupt:  # Ctrl+C at the server's terminal reaches its whole group: the server says it
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
