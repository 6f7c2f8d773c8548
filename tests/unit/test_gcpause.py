"""The collector paused while a season's thousands of lasting objects are made: no pass over them meanwhile, and
none at once after (they go to the oldest generation), unless the app has frozen its start-up."""

import subprocess
import sys

CHILD = """
import gc
from zapis.core.gcpause import collector_paused
{before}
with collector_paused():
    assert not gc.isenabled()
    kept = [[i] for i in range(200_000)]
assert gc.isenabled()
print(gc.get_count()[0], gc.get_freeze_count())
"""


def run(before: str = "") -> tuple[int, int]:
    out = subprocess.run([sys.executable, "-c", CHILD.format(before=before)], capture_output=True, text=True,
                         check=True).stdout.split()
    return int(out[0]), int(out[1])


def test_what_was_made_while_paused_is_left_for_a_full_collection():
    young, frozen = run()
    assert young < 1000 and frozen == 0  # 200,000 lists made, none waiting in the young generation


def test_a_frozen_start_up_stays_frozen():
    young, frozen = run("gc.collect(); gc.freeze(); n = gc.get_freeze_count()")
    assert frozen > 0  # the app's frozen start-up is not thawed (the season's objects wait as before)
