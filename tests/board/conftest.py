"""The web board's browser tests: a real `dominosolver serve` on a free 127.0.0.1 port, Debian's
chromium driven headless by Selenium through the system chromedriver (named explicitly, so
Selenium Manager never runs and nothing is downloaded), and a directory for the screenshots.

Without chromium, chromedriver or selenium the tests skip, saying which is missing; under CI
(``CI=true``) they fail instead: there they must run."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:  # the test extra installs it; without it the browser tests skip (not under CI)
    webdriver = None

CHROMIUM = os.environ.get("DOMINOSOLVER_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("DOMINOSOLVER_CHROMEDRIVER", "/usr/bin/chromedriver")
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "board"  # git-ignored
START_TIMEOUT = 60  # seconds for the server to answer (a loaded CI machine imports slowly)


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if webdriver is None:
        return "selenium is not installed (pip install '.[test]')"
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not (Path(path).is_file() and os.access(path, os.X_OK)):
            return f"{path} not found (apt-get install {package})"
    return None


@pytest.fixture(scope="session")
def browser():
    """A headless chromium at 1280x1000, shared by the tests of the session."""
    reason = missing()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests must run under CI: {reason}")
        pytest.skip(reason)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console, for script errors
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,1000", "--no-first-run", "--disable-extensions"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# The server with a search time and a deadline two busy cores cannot reach: on a loaded machine the
# default 10 s would cut a hint or a bid advice short (179 of 200 deals), and these tests compare the
# board's figures with the library's whole answer (the limits have tests of their own, in tests/serve).
SERVE_UNHURRIED = ("import functools; from dominosolver.serve import app, limits; "
                   "app.ServeLimits = functools.partial(limits.ServeLimits, time=3_600.0, deadline=3_600.0); "
                   "from dominosolver.cli import main; main()")


def start_server(artifacts: Path, log_name: str = "server.log", *options: str):
    """A `dominosolver serve OPTIONS` on a free port: yields its base URL once it answers, and stops
    it after; its log goes to the artifacts' ``log_name``."""
    port = free_port()
    command = [sys.executable, "-c", SERVE_UNHURRIED, "serve", "--port", str(port), *options]
    log = artifacts / log_name
    with log.open("w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            with urllib.request.urlopen(f"{url}/v1/games", timeout=2):
                break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                process.wait()
                pytest.fail(f"dominosolver serve did not start on {url}: {log.read_text()[-2000:]}")
            time.sleep(0.2)
    yield url
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def server(browser, artifacts):
    """The base URL of a `dominosolver serve` started for the session (after the browser, so that a
    skipped browser starts no server); its log goes to the artifacts' server.log."""
    yield from start_server(artifacts)


CORPUS_DEALS = 40  # the Corpus screen's tiny corpus: built in-process in about a second


@pytest.fixture(scope="session")
def corpus_server(browser, artifacts, tmp_path_factory):
    """(base URL, corpus directory) of a `dominosolver serve --corpus` over a tiny corpus of solved
    deals built for the session, in this process (no Dask)."""
    pytest.importorskip("pyarrow")
    from dominosolver.corpus import build_corpus

    where = tmp_path_factory.mktemp("board-corpus")
    build_corpus(where, CORPUS_DEALS, name="board", partition_size=20, dask=None)
    for url in start_server(artifacts, "corpus-server.log", "--corpus", str(where)):
        yield url, where


TAKEN: list[tuple[Path, str]] = []  # (file, what it shows), listed in the test summary


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where the screenshots go: tests/artifacts/board/ (git-ignored), emptied once a session."""
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True)
    return ARTIFACTS


@pytest.fixture
def screenshot(browser, artifacts):
    """shoot(name, what): a PNG of the whole window into the artifacts, described in the summary."""

    def shoot(name: str, what: str) -> Path:
        path = artifacts / f"{name}.png"
        assert browser.save_screenshot(str(path)), f"no screenshot written to {path}"
        TAKEN.append((path, what))
        return path

    return shoot


def pytest_terminal_summary(terminalreporter):
    for path, what in TAKEN:
        terminalreporter.write_line(f"board screenshot {path}: {what}")


@pytest.fixture
def sized(browser):
    """``sized(width)`` sets the window's width (1000 px high); the window is 1280 px wide again after."""
    def size(width: int) -> None:
        browser.set_window_size(width, 1000)
    yield size
    browser.set_window_size(1280, 1000)
