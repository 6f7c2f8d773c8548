"""Work spread over two processes: a forked child does every other item while this process does the rest, so a
season scored from its hand logs (5,000 games) uses both cores of a club's laptop.

Only where it is safe and worth it: on a system with fork, with a second core this process may use, from a
process running one thread (a child forked from a threaded process, the app's, may inherit a lock another thread
held), and for enough work to pay for the fork. Anywhere else, and whenever the child fails in any way (it
raised, died, or sent something unreadable), its items are done here: the answer never depends on the spreading.
"""

from __future__ import annotations

import os
import pickle
import threading
from typing import Any, Callable, Sequence

MIN_ITEMS = 200  # below this a fork (a few ms) and the copy back cost more than the half they save


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def spreadable(items: int) -> bool:
    return (items >= MIN_ITEMS and hasattr(os, "fork") and threading.active_count() == 1 and cores() >= 2
            and os.environ.get("ZAPIS_ONE_CORE") != "1")


def in_two(items: Sequence[Any], work: Callable[[Any], Any], send: Callable[[Any], Any] = lambda r: r,
           back: Callable[[Any, Any], Any] = lambda item, sent: sent) -> list[Any]:
    """[work(item) for item in items], in their order, the odd ones done by a forked child when spreadable(). The
    child sends send(work(item)) (it must pickle: plain data), which becomes back(item, sent) here. An exception
    raised by work() is raised here, as the plain list would."""
    return halves(items, lambda some: [work(item) for item in some], send=lambda done: [send(r) for r in done],
                  back=back)


def halves(items: Sequence[Any], part: Callable[[Sequence[Any]], list[Any]],
           send: Callable[[list[Any]], Any] = lambda done: done,
           back: Callable[[Any, Any], Any] = lambda item, sent: sent) -> list[Any]:
    """part(items): one result for each item, in their order; when spreadable(), part(the odd items) is done by a
    forked child at the same time as part(the even ones) here (alongside(): the child's half sent back whole).
    The child sends send(its results) (it must pickle: plain data), one piece for each of its items, which
    becomes back(item, piece) here. An exception raised by part() is raised here, as part(items) would raise it;
    whatever stops the child, its items are done here."""
    theirs = items[1::2]
    sent: list[Any] = []
    ran = alongside(lambda poll: part(items[0::2]), lambda give: give(send(part(theirs))), sent.append, len(items))
    if ran is None:
        return part(items)
    mine, whole = ran
    got: list[Any] | None = None
    if whole and len(sent) == 1 and isinstance(sent[0], list) and len(sent[0]) == len(theirs):
        try:
            got = [back(item, piece) for item, piece in zip(theirs, sent[0])]
        except Exception:  # noqa: BLE001 - what the child sent does not make a result: done here instead
            got = None
    if got is None:
        got = part(theirs)
    out: list[Any] = [None] * len(items)
    out[0::2] = mine
    out[1::2] = got
    return out


def alongside(mine: Callable[[Callable[[], None]], Any], theirs: Callable[[Callable[[Any], None]], None],
              take: Callable[[Any], None], size: int) -> tuple[Any, bool] | None:
    """mine(poll) here while a forked child runs theirs(send), when spreadable(size) (else None: nothing done).
    Each piece the child sends (plain data: it must pickle) is given to take() here as it comes: whenever mine
    calls poll() (between its steps: a piece waits for no end) and after mine is done. Returns what mine returned
    and whether all of the child's work came; when not (it raised, died, or sent something unreadable, or take()
    raised), what take() was given is to be dropped and the child's work done here."""
    if not spreadable(size):
        return None
    read_end, write_end = os.pipe()
    try:  # room for most of what the child sends (Linux): it need not wait for this process to read
        import fcntl
        fcntl.fcntl(write_end, getattr(fcntl, "F_SETPIPE_SZ", 1031), 1 << 20)
    except (ImportError, OSError):
        pass
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return None
    if pid == 0:  # the child: its pieces, each as its length and its pickle, then a length 0 for "all sent"
        code = 1
        try:
            os.close(read_end)
            with os.fdopen(write_end, "wb") as out:
                def send(piece: Any) -> None:
                    frame = pickle.dumps(piece, protocol=pickle.HIGHEST_PROTOCOL)
                    out.write(len(frame).to_bytes(8, "little") + frame)
                    out.flush()
                theirs(send)
                out.write(bytes(8))
            code = 0
        except BaseException:  # noqa: BLE001, S110 - the parent does this work itself and says what stops it
            pass
        finally:
            os._exit(code)
    os.close(write_end)
    got, state = bytearray(), {"all sent": False, "broken": False}

    def pieces(wait: bool) -> None:
        """Whatever the child has sent so far (all of it, to its end, when `wait`) given to take()."""
        os.set_blocking(read_end, wait)
        while not state["all sent"] and not state["broken"]:
            try:
                more = os.read(read_end, 1 << 20)
            except BlockingIOError:
                return
            if not more:  # the child is gone
                return
            got.extend(more)
            while len(got) >= 8 and not state["all sent"]:
                n = int.from_bytes(got[:8], "little")
                if n == 0:
                    state["all sent"] = True
                elif len(got) >= 8 + n:
                    piece = bytes(got[8:8 + n])
                    del got[:8 + n]
                    try:
                        take(pickle.loads(piece))
                    except Exception:  # noqa: BLE001 - unreadable, or no result made of it: done here instead
                        state["broken"] = True
                        return
                    continue
                break

    try:
        result = mine(lambda: pieces(False))
        pieces(True)
    finally:
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
    return result, state["all sent"] and not state["broken"] and os.waitstatus_to_exitcode(status) == 0
