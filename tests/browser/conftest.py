"""Browser tests: Debian's Chromium driven by Playwright for Python (never a downloaded browser).

In CI (CI=true) a missing Chromium fails the run: .ci/run installs it. On a developer's machine
without it these tests are skipped with the reason."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

#: the terminal's output as text, read from the websocket (xterm draws on a canvas)
CAPTURE = r"""
(() => {
  const Orig = window.WebSocket;
  window.__zapis = "";
  const strip = (t) => t.replace(/\x1b\[[0-9;?]*[ -\/]*[@-~]/g, "").replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, "");
  window.__raw = [];  // every byte of output, as text: a terminal emulator in the test redraws the screen
  window.__size = null;  // the terminal's size, as the page last asked the app for it
  function Capturing(url, protocols) {
    const ws = protocols === undefined ? new Orig(url) : new Orig(url, protocols);
    const decoder = new TextDecoder();
    ws.addEventListener("message", (e) => {
      if (typeof e.data !== "string") {
        const text = decoder.decode(new Uint8Array(e.data), {stream: true});
        window.__raw.push(text);
        window.__zapis += strip(text);
        if (window.__zapis.length > 400000) window.__zapis = window.__zapis.slice(-200000);
      }
    });
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      try {
        const msg = JSON.parse(data);
        if (msg[0] === "resize") window.__size = msg[1];
      } catch (err) {}
      return send(data);
    };
    return ws;
  }
  Capturing.prototype = Orig.prototype;
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Capturing[k] = Orig[k];
  window.WebSocket = Capturing;
})();
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def chromium():
    """Per test: Playwright's sync API runs an event loop of its own, which must be gone before the asyncio
    tests of the suite run."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing in CI: .ci/run installs Debian's chromium")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield browser
        browser.close()


class Served:
    def __init__(self, db: Path, host: str = "127.0.0.1", extra: list[str] = ()):
        self.port = free_port()
        self.host = host
        self.proc = subprocess.Popen([sys.executable, "-m", "zapis", "--db", str(db), "--lang", "pl", "serve",
                                      "--host", host, "--port", str(self.port), *extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = f"http://{host}:{self.port}"
        deadline = time.time() + 30
        while time.time() < deadline:
            with socket.socket() as s:
                if s.connect_ex((host, self.port)) == 0:
                    break
            time.sleep(0.1)
        else:
            raise RuntimeError("zapis serve did not start")

    def stop(self) -> tuple[str, str]:
        self.proc.terminate()
        try:
            return self.proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.communicate()


@pytest.fixture
def serve():
    started: list[Served] = []

    def start(db, **kw) -> Served:
        s = Served(db, **kw)
        started.append(s)
        return s
    yield start
    for s in started:
        s.stop()
