"""The tests measured slow, for the fast set to leave out (tests/conftest.py reads tests/slow_tests.txt).

    python -m pytest -n auto --durations=0 -q > durations.txt
    python tests/slow_list.py durations.txt > tests/slow_tests.txt

A test is slow when its setup, call and teardown together take SECONDS (1.0) or more; the browser tests, the real
terminal and the files in conftest.SLOW_FILES are slow by their kind and need no line here."""

from __future__ import annotations

import re
import sys
from collections import defaultdict

SECONDS = 1.0
LINE = re.compile(r"^(\d+(?:\.\d+)?)s (?:setup|call|teardown)\s+(\S+)")


def slow_ids(text: str, seconds: float = SECONDS) -> list[str]:
    took: dict[str, float] = defaultdict(float)
    for line in text.splitlines():
        m = LINE.match(line.strip())
        if m:
            took[m.group(2)] += float(m.group(1))
    return sorted(test for test, t in took.items() if t >= seconds)


if __name__ == "__main__":
    ids = slow_ids("".join(open(path, encoding="utf-8").read() for path in sys.argv[1:]))
    print(f"# tests measured at {SECONDS} s or more (tests/slow_list.py): the fast set leaves them out")
    print("\n".join(ids))
