
import pytest

from zapis.io import records


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a test of many seconds (a load test); -m 'not slow' leaves it out")


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Every test gets its own data directory; no colour codes in captured output."""
    monkeypatch.setenv("ZAPIS_HOME", str(tmp_path / "zapis-home"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    yield
    import gc

    gc.unfreeze()  # an app frees start-up's objects from the collector; a test run starts many apps


def score(data, overrides=None):
    """Score a record given as a dict (as it would be read from TOML); returns the JSON object."""
    rec, rules, module = records.parse({"format": "zapis/1", **data}, overrides=overrides)
    return records.score(rec, rules, module).to_json()


def problems(data):
    """The problem lines a record raises (empty if it is fine)."""
    from zapis.core.errors import ZapisError
    try:
        score(data)
    except ZapisError as e:
        return [str(p) for p in e.problems]
    return []
