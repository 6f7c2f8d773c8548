"""zapis.ui.strip_caches: a strip's caches start with one shared, read-only empty mapping, and cache exactly as
Textual's FIFOCache does."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from textual.cache import FIFOCache
from textual.strip import Strip

from zapis.ui import strip_caches
from zapis.ui.strip_caches import LazyFIFOCache

OPS = st.lists(st.tuples(st.sampled_from(["set", "setitem", "get", "getitem", "in", "len", "bool", "keys", "clear"]),
                         st.integers(0, 6), st.integers()), max_size=60)


@given(st.integers(1, 5), OPS)
def test_a_lazy_cache_answers_every_operation_as_textuals_fifo_cache(maxsize, ops):
    lazy, fifo = LazyFIFOCache(maxsize), FIFOCache(maxsize)

    def run(cache, op, key, value):
        if op == "set":
            return cache.set(key, value)
        if op == "setitem":
            cache[key] = value
            return None
        if op == "get":
            return cache.get(key, "none")
        if op == "getitem":
            try:
                return cache[key]
            except KeyError:
                return "KeyError"
        if op == "in":
            return key in cache
        if op == "len":
            return len(cache)
        if op == "bool":
            return bool(cache)
        if op == "keys":
            return list(cache.keys())
        return cache.clear()
    for op, key, value in ops:
        assert run(lazy, op, key, value) == run(fifo, op, key, value), (op, key)
    assert (lazy.hits, lazy.misses) == (fifo.hits, fifo.misses)


def test_caches_share_only_the_empty_mapping_which_cannot_be_written():
    a, b = LazyFIFOCache(4), LazyFIFOCache(4)
    assert a._cache is b._cache and len(a._cache) == 0
    a["x"] = 1
    assert a.get("x") == 1 and "x" not in b and b._cache is strip_caches._EMPTY and len(strip_caches._EMPTY) == 0
    a.clear()
    assert a._cache is strip_caches._EMPTY and "x" not in a
    try:
        strip_caches._EMPTY["y"] = 2  # type: ignore[index]
    except TypeError:
        pass
    else:
        raise AssertionError("the shared empty mapping was written")


def test_installed_on_this_textual_and_left_alone_on_a_fifo_cache_that_changed(monkeypatch):
    assert strip_caches.install()  # (zapis.ui.app installs it)
    line = Strip([])
    assert isinstance(line._crop_cache, LazyFIFOCache)
    monkeypatch.setattr(FIFOCache, "pop", lambda self, key: None, raising=False)  # a new way to change entries
    monkeypatch.setattr("textual.strip.FIFOCache", FIFOCache)
    assert not strip_caches.install()
    assert not isinstance(Strip([])._crop_cache, LazyFIFOCache)
