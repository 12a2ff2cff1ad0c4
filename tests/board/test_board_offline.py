"""The board without a server (issue 43, point 3; docs/board.md): ``dominosolver board --export``
writes a static site whose Position screen reads positions and solves them with the WebAssembly
module. Without a browser: the bundler joins ES modules as the browser would run them, the site's
files (the module's code, the manifest's icons, the service worker's list), and the command's
errors. In chromium (marker ``browser``): the site opened from a file with the network off gives
every move the native solver's value and every cell of a deal's table Python's, and says in place
of what needs the server why it is not there; on a static host (http.server on 127.0.0.1) it is installable, and once the host is gone and
the network off a reload still opens it (from the service worker's cache). Screenshots at a 390 px
phone viewport go to tests/artifacts/board/offline-*.png.

The module is built in the checkout's build/wasm (as tests/wasm builds it; a second build is quick),
or taken from ``DOMINOSOLVER_JS`` (a built dominosolver-js folder) when set. Without emscripten,
cmake or node those tests skip, saying which is missing; under CI (``CI`` set) they fail instead."""

from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import random
import re
import shutil
import struct
import subprocess
import threading
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner
from dominosolver.cli import board as board_cli
from dominosolver.cli.main import cli
from dominosolver.games.texas42 import record as spec_record
from dominosolver.moon import moon_table
from dominosolver.texas42 import (
    Game,
    PlayerView,
    Position,
    Rules,
    advise_bid,
    dd_table,
    hint,
    solve,
)
from wasm_build import build_lock
from wasm_fixture import dealt, played

try:
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # without selenium the browser fixture skips these tests (or fails them under CI)
    pass

REPO = Path(__file__).resolve().parents[2]  # the checkout whose build/wasm the module is built in
WAIT = 60  # seconds for the page to show what it is waiting for (a loaded CI machine is slow)
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}


# ---------------------------------------------------------------- the site


def built_module() -> Path:
    """DOMINOSOLVER_JS, else the module built as the export builds it when not given one (in this
    checkout's build/wasm, whether or not the package is installed from it, one build at a time:
    wasm_build.build_lock); skips (fails under CI) when the tools for that build are missing."""
    given = os.environ.get("DOMINOSOLVER_JS")
    if given:
        return Path(given)
    missing = [f"{tool} (apt-get install {package})" for tool, package in board_cli.TOOLS.items() if not shutil.which(tool)]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"the offline board's tests must run under CI: {', '.join(missing)} not found")
        pytest.skip(f"{', '.join(missing)} not found")
    with build_lock():
        return board_cli.find_module(None, quiet=True, checkouts=[REPO])


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[Path, dict, Path]:
    """(directory, the export's --json reply, the module's folder) of the board exported once."""
    where = tmp_path_factory.mktemp("board-site")
    module = built_module()
    result = CliRunner().invoke(cli, ["board", "--export", str(where), "--json", "--module", str(module)])
    assert result.exit_code == 0, result.output + repr(result.exception)
    return where, json.loads(result.output), module


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_the_export_writes_the_site(site):
    where, reply, module = site
    assert reply["schema"] == "dominosolver.board-export/1" and Path(reply["directory"]) == where.resolve()
    assert reply["files"] == {p.name: p.stat().st_size for p in where.iterdir()}
    # The module's code, whole, as core.js's base64.
    core = re.fullmatch(r'(?s)//[^\n]*\nglobalThis\.dominosolverWasm = "([A-Za-z0-9+/=]+)";\n', (where / "core.js").read_text())
    assert core and base64.b64decode(core[1]) == (module / "dominosolver_core.wasm").read_bytes()
    # The manifest's icons are there, of the sizes it declares; the start page is the site's.
    manifest = json.loads((where / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        data = (where / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            width, height = (int(n) for n in icon["sizes"].split("x"))
            assert png_size(data) == (width, height)
    # The service worker keeps every file of the site (and the folder's own address).
    kept = json.loads(re.search(r"const FILES = (\[.*\]);", (where / "sw.js").read_text())[1])
    assert sorted(kept) == sorted(["./", *(name for name in reply["files"] if name != "sw.js")])
    # The page runs the two classic scripts (a page opened from a file cannot import modules).
    html = (where / "index.html").read_text()
    assert 'type="module"' not in html and re.findall(r'<script defer src="([^"]+)">', html) == ["core.js", "board.js"]
    # Its icon is the served board's, linked once.
    assert (where / "icon.svg").read_bytes() == (board_cli.STATIC / "icon.svg").read_bytes() and html.count('rel="icon"') == 1


def test_the_bundle_is_a_script_node_reads(site):
    if not shutil.which("node"):
        pytest.skip("node not found (apt-get install nodejs)")
    out = subprocess.run(["node", "--check", str(site[0] / "board.js")], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr


# ---------------------------------------------------------------- the bundler


def run_bundle(modules: dict[str, str], entries: list[str]) -> list[str]:
    """The bundle's console output in node, a line each."""
    if not shutil.which("node"):
        pytest.skip("node not found (apt-get install nodejs)")
    script = "globalThis.self = globalThis; self.location = { href: 'file:///site/index.html' };\n"
    out = subprocess.run(["node", "-e", script + board_cli.bundle(modules, entries)], capture_output=True, text=True,
                         check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_the_bundle_runs_modules_as_a_browser_would():
    modules = {
        "main.js": 'import { twice, Box as Crate } from "./lib/a.js";\nimport three, { ORDER } from "./lib/b.js";\n'
                   'import * as b from "./lib/b.js";\nimport "./side.js";\n'
                   'console.log(twice(21), new Crate(5).size, three, b.default, ORDER.join(" "));\n'
                   'console.log(typeof __url, __url);\n',
        "lib/a.js": 'import { ORDER } from "./b.js";\nORDER.push("a");\nexport function twice(x) { return 2 * x; }\n'
                    "export class Box {\n  constructor(size) { this.size = size; }\n}\n",
        "lib/b.js": 'export const ORDER = ["b"];\nconst three = 3;\nexport default three;\n',
        "side.js": 'import { ORDER } from "./lib/b.js";\nORDER.push("side");\nconst url = import.meta.url;\n'
                   "export { url as where };\n",
    }
    # Each module runs once, after what it imports, in import order; a default, a namespace, a
    # renamed import; import.meta.url is the module's address beside the page.
    assert run_bundle(modules, ["main.js"]) == ["42 5 3 3 b a side", "string file:///site/main.js"]


@pytest.mark.parametrize("source, fault", [
    ("export let count = 0;\n", "export let count"),
    ('import { a } from "https://example.org/a.js";\n', "only relative imports"),
    ('import { a } from "./missing.js";\n', "missing.js, which is not in the site"),
])
def test_the_bundler_refuses_what_it_cannot_join(source, fault):
    with pytest.raises(board_cli.BundleError, match=re.escape(fault)):
        board_cli.bundle({"main.js": source}, ["main.js"])


def test_the_bundler_refuses_a_cycle():
    modules = {"a.js": 'import { b } from "./b.js";\nexport const a = 1;\n', "b.js": 'import { a } from "./a.js";\nexport const b = 2;\n'}
    with pytest.raises(board_cli.BundleError, match="a cycle of imports: a.js -> b.js -> a.js"):
        board_cli.bundle(modules, ["a.js"])


# ---------------------------------------------------------------- the command's errors


def test_a_module_folder_without_the_module_is_named(tmp_path):
    (tmp_path / "index.js").write_text("")
    result = CliRunner().invoke(cli, ["board", "--export", str(tmp_path / "site"), "--module", str(tmp_path)])
    assert result.exit_code == 2
    assert "lacks dominosolver_core.mjs, dominosolver_core.wasm" in result.output
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("fault", ["cut", "magic"])
def test_a_module_half_built_is_refused(site, tmp_path, fault):
    """A module folder copied while a build writes it (its .wasm cut short, or not yet a binary) is
    refused by name, and nothing is exported."""
    copy = tmp_path / "module"
    shutil.copytree(site[2], copy)
    binary = copy / "dominosolver_core.wasm"
    data = binary.read_bytes()
    if fault == "cut":
        binary.write_bytes(data[: len(data) * 2 // 3])
    else:
        binary.write_bytes(b"\0" * 8 + data[8:])
    result = CliRunner().invoke(cli, ["board", "--export", str(tmp_path / "site"), "--module", str(copy)])
    assert result.exit_code == 2, result.output
    assert "not a whole WebAssembly module" in result.output, result.output
    assert "build it again" in result.output and not (tmp_path / "site").exists()


def test_without_a_checkout_a_module_is_asked_for(tmp_path, monkeypatch):
    monkeypatch.setattr(board_cli, "ROOT", tmp_path)  # an install from a wheel: no C++ sources
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["board", "--export", str(tmp_path / "site")])
    assert result.exit_code == 1
    assert "no WebAssembly module to export" in result.output and "pass --module DIR" in result.output


def test_without_emscripten_the_missing_tools_are_named(tmp_path, monkeypatch):
    monkeypatch.setattr(board_cli, "ROOT", REPO)  # a checkout to build from
    monkeypatch.setenv("PATH", str(tmp_path))  # nothing to run
    result = CliRunner().invoke(cli, ["board", "--export", str(tmp_path / "site")])
    assert result.exit_code == 1
    assert "needs emcmake (apt-get install emscripten), em++ (apt-get install emscripten)" in result.output
    assert "or pass --module DIR" in result.output and not (tmp_path / "site").exists()


# ---------------------------------------------------------------- in the browser


def positions() -> list[tuple[str, Position]]:
    """A whole 42 hand, a follow-me hand in mid-trick, Moon and The Big Game near their ends."""
    rng = random.Random("board-offline")
    out = [("42 deal", Position(trump=5, hands=dealt(rng, Rules()), contract=(0, 30)))]
    out.append(("42 follow-me", played(Position(trump="none", hands=dealt(rng, Rules()), contract=(2, 34)), rng, 9)))
    moon = Rules(family="moon")
    out.append(("moon", played(Position(trump=3, hands=dealt(rng, moon), rules=moon, contract=(1, 5)), rng, 10)))
    big = Rules(family="biggame")
    out.append(("biggame", played(Position(trump=6, hands=dealt(rng, big), rules=big), rng, 4 * 8 + 1)))
    return out


def wait_for(browser, condition, what: str):
    return WebDriverWait(browser, WAIT, ignored_exceptions=(StaleElementReferenceException,)).until(
        condition, message=f"timed out waiting for {what}")


def ready(browser) -> None:
    wait_for(browser, lambda b: b.execute_script("return document.body?.dataset.ready === 'true'"), "the board")


def network(browser, *, offline: bool) -> None:
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions",
                            {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


@pytest.fixture
def phone(browser):
    """The browser as a 390 px phone with the network off; as it was after."""
    browser.get_log("browser")  # earlier tests' entries
    network(browser, offline=True)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    network(browser, offline=False)
    errors = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, f"errors in the console: {errors}"


def solved(browser, position: Position) -> None:
    """Wait until the board shows ``position`` solved (its JSON, the solve's note)."""
    text = json.dumps(position.to_json(), separators=(",", ":"))
    try:
        wait_for(browser, lambda b: b.find_element(By.ID, "json").get_attribute("value") == text
                 and b.find_element(By.ID, "solve-note").text.startswith("value"), "the solve")
    except TimeoutException:
        shown = {i: browser.find_element(By.ID, i).get_attribute("value") or browser.find_element(By.ID, i).text
                 for i in ("status", "solve-note", "json")}
        pytest.fail(f"the board did not show {text} solved: {shown}")


def load_position(browser, position: Position) -> dict[str, int]:
    """Paste the position's JSON, press Load, and read every move's value once the module solved it."""
    text = json.dumps(position.to_json())
    paste = browser.find_element(By.ID, "paste")
    paste.clear()
    browser.execute_script("arguments[0].value = arguments[1]", paste, text)
    browser.find_element(By.ID, "load").click()
    solved(browser, position)
    return {cell.get_attribute("data-move"): int(cell.get_attribute("data-value"))
            for cell in browser.find_elements(By.CSS_SELECTOR, "#moves .move")}


def scroll_width(browser) -> int:
    return browser.execute_script("return document.documentElement.scrollWidth")


@pytest.mark.browser
def test_the_board_opened_from_a_file_solves_offline(phone, site, screenshot):
    browser = phone
    browser.get((site[0] / "index.html").as_uri())
    ready(browser)
    assert browser.execute_script("return document.body.dataset.backend") == "module"
    # Everything the page loaded is a file of the site.
    loaded = browser.execute_script("return [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]")
    assert {url.rsplit("/", 1)[0] for url in loaded} == {site[0].as_uri()}, loaded
    # The games the module plays, and no other.
    games = [o.get_attribute("value") for o in browser.find_elements(By.CSS_SELECTOR, 'select[name="game"] option')]
    assert games == list(board_cli.MODULE_GAMES)
    for name, position in positions():
        expected = solve(position)
        assert load_position(browser, position) == expected.moves, name
        note = browser.find_element(By.ID, "solve-note").text
        assert note == f"value {expected.value} {expected.units} for {expected.pov}", name
    # A move clicked is played by the module: the next position's values are the native solver's too.
    name, position = positions()[0]
    load_position(browser, position)
    browser.execute_script("document.querySelector('#moves').scrollIntoView()")
    screenshot("offline-position", "the offline board from a file at 390 px: a whole 42 hand's first leads valued by the module")
    best = solve(position).best[0]
    browser.find_element(By.CSS_SELECTOR, f'#moves .move[data-move="{best}"] button').click()
    position.play(best)
    solved(browser, position)
    shown = {c.get_attribute("data-move"): int(c.get_attribute("data-value")) for c in browser.find_elements(By.CSS_SELECTOR, "#moves .move")}
    assert shown == solve(position).moves
    # The notation the module writes is Python's; the address names it, and a reload opens it again.
    assert browser.find_element(By.ID, "notation").get_attribute("value") == str(position)
    assert browser.find_element(By.ID, "copy-notation").is_enabled()
    assert scroll_width(browser) <= PHONE["width"]
    assert browser.execute_script("return decodeURIComponent(location.hash)") == f"#position={position}"
    browser.refresh()
    ready(browser)
    solved(browser, position)
    # Pasted notation is read by the module: a Moon position as Python writes it, solved as Python solves it.
    moon = positions()[2][1]
    paste = browser.find_element(By.ID, "paste")
    paste.clear()
    browser.execute_script("arguments[0].value = arguments[1]", paste, str(moon))
    browser.find_element(By.ID, "load").click()
    solved(browser, moon)
    assert browser.find_element(By.ID, "notation").get_attribute("value") == str(moon)
    shown = {c.get_attribute("data-move"): int(c.get_attribute("data-value")) for c in browser.find_elements(By.CSS_SELECTOR, "#moves .move")}
    assert shown == solve(moon).moves


@pytest.mark.browser
def test_what_needs_the_server_says_so_offline(phone, site, screenshot):
    browser = phone
    browser.get((site[0] / "index.html").as_uri())
    ready(browser)
    note = browser.find_element(By.ID, "backend")
    # Folded on a phone to a line or two under the title (it took seven); its summary opens the rest.
    font = browser.execute_script("return parseFloat(getComputedStyle(arguments[0]).fontSize)", note)
    assert note.size["height"] <= 3 * font, (note.size, font)  # two lines at most (a line is 1.2-1.5 font sizes)
    assert "need the server" not in note.text
    note.find_element(By.TAG_NAME, "summary").click()
    wait_for(browser, lambda b: "need the server" in note.text, "the note opened")
    assert "Bingo" in note.text
    for screen in ("chart",):
        browser.find_element(By.CSS_SELECTOR, f'nav [data-screen="{screen}"]').click()
        section = browser.find_element(By.CSS_SELECTOR, f'section[data-screen="{screen}"]')
        wait_for(browser, lambda b, s=section: s.is_displayed(), f"the {screen} screen")
        panel = section.find_element(By.CSS_SELECTOR, ".unavailable")
        assert panel.find_element(By.TAG_NAME, "h2").text == "Not available offline"
        assert "Python package" in panel.text and "dominosolver serve" in panel.text
        assert section.find_elements(By.CSS_SELECTOR, "button, input, textarea, select") == []  # nothing to press
        assert scroll_width(browser) <= PHONE["width"]
    assert not browser.find_element(By.CSS_SELECTOR, 'nav [data-screen="corpus"]').is_displayed()


@pytest.mark.browser
def test_the_table_screen_offline_is_pythons(phone, site, screenshot):
    """The Table screen from a file, the network off: a 42 deal's double-dummy table (typed as its
    hands' notation) and a Moon deal's (a position's JSON: its whole deal) made by the module in the
    hint worker, every cell the points (Moon: tricks) of Python's table of the deal; a Big Game table
    under way shows its progress and stops for the next deal asked."""
    browser = phone
    browser.get((site[0] / "index.html").as_uri())
    ready(browser)
    browser.find_element(By.CSS_SELECTOR, 'nav [data-screen="table"]').click()
    assert browser.find_elements(By.CSS_SELECTOR, 'section[data-screen="table"] .unavailable') == []
    # The Big Game's table (its cells take up to seconds each) tells its progress cell by cell; asking
    # for another deal stops it between cells: the next table (below) then comes from the worker.
    big = Rules.of_game("biggame")
    big_hands = dealt(random.Random("board-offline-bg-0"), big)  # its first cells solve in a tenth of a second
    field = browser.find_element(By.ID, "deal")
    browser.execute_script("arguments[0].value = arguments[1]", field,
                           json.dumps({"game": "biggame", "hands": [[str(t) for t in h] for h in big_hands]}))
    browser.find_element(By.ID, "make-table").click()
    cells = len(big.table_declarations) * big.seats
    wait_for(browser, lambda b: re.fullmatch(rf"solving… ([2-9]|\d\d) of {cells} cells", b.find_element(By.ID, "table-status").text),
             "the Big Game table's progress")
    rng = random.Random("board-offline-table")
    hands = dealt(rng, Rules())
    moon = Rules(family="moon")
    moon_position = played(Position(trump=3, hands=dealt(rng, moon), rules=moon, contract=(1, 5)), rng, 5)
    deals = [("hands=" + "/".join(".".join(t.compact() for t in h) for h in hands), dd_table(hands).to_json(), "points"),
             (json.dumps(moon_position.to_json()), moon_table(moon_position).to_json(), "tricks")]
    for text, expected, units in deals:
        field = browser.find_element(By.ID, "deal")
        field.clear()
        browser.execute_script("arguments[0].value = arguments[1]", field, text)
        browser.find_element(By.ID, "make-table").click()
        cells = f"{len(expected['declarations'])} declarations × {len(expected['seats'])} declarers ({units})"
        wait_for(browser, lambda b, c=cells: b.find_element(By.ID, "table-status").text == c, "the table")
        shown = {(c.get_attribute("data-declaration"), c.get_attribute("data-seat")): int(c.get_attribute("data-points"))
                 for c in browser.find_elements(By.CSS_SELECTOR, "#heatmap td")}
        assert shown == {(str(d), seat): values[col]
                         for d, values in zip(expected["declarations"], expected[units])
                         for col, seat in enumerate(expected["seats"])}, text
        assert scroll_width(browser) <= PHONE["width"]
        if units == "points":
            browser.execute_script("document.querySelector('#screen-table').scrollIntoView()")
            screenshot("offline-table", "the offline Table screen from a file at 390 px: a 42 deal's double-dummy table made by the module")
    # A deal the module cannot table says why, as the server would.
    field = browser.find_element(By.ID, "deal")
    field.clear()
    field.send_keys("hands=66.65/55")
    browser.find_element(By.ID, "make-table").click()
    wait_for(browser, lambda b: "ParseError" in b.find_element(By.ID, "table-status").text, "the deal's error")


def play_state(browser) -> dict:
    """The Play screen's game once it waits for the human (its turn, or the first hand over): the botgame/1 reply."""
    script = ("const p = window.board.play; const s = p?.state;"
              "return s && !p.busy && (s.your_turn || s.over || s.record.hands.length > 0) ? s : null;")
    return wait_for(browser, lambda b: b.execute_script(script), "the bots to move")


def shown_advice(browser) -> dict:
    """The bid advice the Play screen shows (its bidadvice/1 reply), less its time."""
    advice = browser.execute_script("return window.board.play.bidAdvice")
    return {k: v for k, v in advice.items() if k != "elapsed"}


def python_advice(view: dict) -> dict:
    """Python's advise_bid of the view as ``POST /v1/advise-bid {view}`` asks it (no seed, the default
    deals), less its time."""
    advice = advise_bid(PlayerView.from_json(view), threads=1).to_json()
    return json.loads(json.dumps({k: v for k, v in advice.items() if k != "elapsed"}))


@pytest.mark.browser
def test_a_whole_hand_against_the_bots_offline(phone, site, screenshot):
    """From a file with the network off, at 390 px: a whole 42 hand against the module's bots, the
    human bidding, declaring and playing by the board's buttons (and asking a bid advice, a
    declaration advice and a hint);
    the hand as dealt, its calls, plays, points and result are what Python's Game gives for the seed
    and the same moves."""
    browser = phone
    browser.get((site[0] / "index.html").as_uri() + "?pause=0")
    ready(browser)
    browser.find_element(By.CSS_SELECTOR, 'nav [data-screen="play"]').click()
    games = [o.get_attribute("value") for o in browser.find_elements(By.CSS_SELECTOR, 'select[name="play-game"] option')]
    assert games == list(board_cli.MODULE_GAMES)  # the family: Texas 42 first
    seed = 3
    browser.find_element(By.NAME, "play-seed").send_keys(str(seed))
    browser.find_element(By.ID, "new-game").click()
    asked = {"bid": False, "declare": False, "hint": False}
    shot = False
    state = play_state(browser)
    while not state["record"]["hands"]:
        view = state["view"]
        if not asked["bid"] and "legal_bids" in view:  # the bid advice of the human's hand
            browser.find_element(By.ID, "hint").click()
            action = wait_for(browser, lambda b: b.find_elements(By.ID, "bid-action"), "the bid advice")[0]
            assert action.get_attribute("data-action") in view["legal_bids"]
            assert shown_advice(browser) == python_advice(view)  # the served board's figures: the question's seed
            asked["bid"] = True
        if not asked["declare"] and state["legal_moves"][0].startswith("declare "):  # the contract won: which trump
            browser.find_element(By.ID, "hint").click()
            action = wait_for(browser, lambda b: b.find_elements(By.ID, "bid-action"), "the declaration advice")[0]
            assert action.get_attribute("data-action") in state["legal_moves"]
            assert shown_advice(browser) == python_advice(view)
            asked["declare"] = True
        if not asked["hint"] and view.get("legal_moves") and len(view["legal_moves"]) > 1:  # a hint in play
            browser.find_element(By.ID, "hint").click()
            rows = wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#hint-table tr[data-move]"), "the hint")
            assert sorted(r.get_attribute("data-move") for r in rows) == sorted(view["legal_moves"])
            asked["hint"] = True
        legal = state["legal_moves"]
        if view.get("legal_moves") and view["trick"] and not shot:  # the human to play to a trick
            assert scroll_width(browser) <= PHONE["width"]
            browser.execute_script("document.querySelector('#play-table').scrollIntoView()")
            screenshot("offline-play", "the offline board from a file at 390 px, network off: a 42 hand against the "
                       "module's bots, the human to play to the trick")
            shot = True
        if view.get("legal_moves"):  # a tile of the human's hand
            move = legal[-1]
            browser.find_element(By.CSS_SELECTOR, f'#play-table .hand.own button[data-move="{move}"]').click()
        else:  # a call or the declaration: the least bid (or a pass), the first declaration
            move = next((m for m in legal if m != "pass"), legal[0]) if "legal_bids" in view else legal[0]
            browser.find_element(By.CSS_SELECTOR, f'#play-choices button[data-move="{move}"]').click()
        wait_for(browser, lambda b, t=state["token"]: b.execute_script("return window.board.play.state.token") != t,
                 "the move")
        state = play_state(browser)
    assert all(asked.values())  # the human won the auction (seed 3): its declaration advised
    [hand] = state["record"]["hands"]
    # Python's game from the seed, the same calls, declaration and plays: the same hand.
    game = Game(seed)
    assert hand["deal"] == [[str(t) for t in tiles] for tiles in game.deal()]
    for bid in hand["bids"]:
        game.play(bid)
    if hand["contract"] is not None:
        game.play(f"declare {hand['trump']}")
        for _, tile in hand["plays"]:
            game.play(tile)
    python_record = json.loads(json.dumps(spec_record(game)))  # as the JSON of a reply
    assert state["record"]["hands"] == python_record["hands"]
    assert state["scores"] == python_record["scores"]
    if hand["contract"] is not None and len(hand["plays"]) == 28:
        assert sum(hand["points"].values()) == 42
    # The review offline: the hands as dealt and the result; the grades need the server.
    browser.find_element(By.CSS_SELECTOR, "#review .review-button").click()
    box = wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#review .review"), "the review")[0]
    assert "needs the server" in box.text
    assert not browser.find_element(By.ID, "claim").is_enabled()
    assert scroll_width(browser) <= PHONE["width"] and shot
    browser.execute_script("arguments[0].scrollIntoView()", box)
    screenshot("offline-play-review", "the offline board at 390 px: the hand's end, the hands as dealt and the result")
    # The address names the game (#game=<token>, the game itself offline): a reload brings it back.
    token = browser.execute_script("return window.board.play.state.token")
    assert browser.execute_script("return decodeURIComponent(location.hash)") == f"#game={token}"
    browser.refresh()
    ready(browser)
    reopened = play_state(browser)
    assert reopened["record"]["hands"][0] == hand and reopened["seat"] == 0


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.mark.browser
def test_on_a_static_host_the_app_installs_and_reloads_with_the_network_off(browser, site, screenshot):
    host = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site[0])))
    threading.Thread(target=host.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{host.server_address[1]}/"
    browser.get_log("browser")
    try:
        browser.get(url)
        ready(browser)
        assert browser.execute_script("return document.body.dataset.backend") == "module"
        wait_for(browser, lambda b: b.execute_script("return navigator.serviceWorker.controller !== null"), "the service worker")
        # Installable: the manifest read without errors, nothing Chrome misses to install it.
        manifest = browser.execute_cdp_cmd("Page.getAppManifest", {})
        assert manifest["url"] == f"{url}manifest.webmanifest" and manifest["errors"] == []
        assert browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
    finally:
        host.shutdown()
        host.server_close()
    with pytest.raises(OSError):
        urllib.request.urlopen(url, timeout=5)  # the host is gone
    network(browser, offline=True)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        browser.refresh()
        ready(browser)
        position = positions()[1][1]
        assert load_position(browser, position) == solve(position).moves
        screenshot("offline-static-host", "the board reloaded from its service worker's cache at 390 px, host gone, network off")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        network(browser, offline=False)
    errors = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, f"errors in the console: {errors}"


@pytest.mark.browser
def test_the_served_board_asks_the_server(browser, server):
    """Under dominosolver serve the same files ask the HTTP API: no note, every screen its own."""
    browser.get(f"{server}/")
    ready(browser)
    assert browser.execute_script("return document.body.dataset.backend") == "server"
    assert browser.find_elements(By.ID, "backend") == [] and browser.find_elements(By.CSS_SELECTOR, ".unavailable") == []
    games = [o.get_attribute("value") for o in browser.find_elements(By.CSS_SELECTOR, 'select[name="game"] option')]
    assert "bingo" in games


def play_on_board(browser, position: Position, move: str) -> None:
    """Click ``move`` among the solved moves; ``position`` follows, and the board shows it solved."""
    browser.find_element(By.CSS_SELECTOR, f'#moves .move[data-move="{move}"] button').click()
    position.play(move)
    solved(browser, position)


def board_hint(browser, samples: int, seed: int) -> list[dict]:
    """Ask the Position screen's hint with these worlds and seed; its rows, best first."""
    for field, value in (("view-hint-samples", samples), ("view-hint-seed", seed)):
        browser.execute_script("arguments[0].value = arguments[1]", browser.find_element(By.ID, field), str(value))
    wait_for(browser, lambda b: b.find_element(By.ID, "view-hint").is_enabled(), "the hint button")
    browser.find_element(By.ID, "view-hint").click()
    try:
        rows = wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#view-hint-panel tr[data-move]"), "the hint")
    except TimeoutException:
        pytest.fail(f"no hint shown: {browser.find_element(By.ID, 'view-hint-status').text}")
    def number(text: str) -> float | None:
        return None if text == "" else float(text)

    return [{"move": r.get_attribute("data-move"), **{key: number(r.get_attribute(f"data-{attr}"))
             for key, attr in (("mean", "mean"), ("stderr", "stderr"), ("p_make", "p-make"))}} for r in rows]


def mid_trick() -> Position:
    """The follow-me hand of ``positions`` set up anew in mid-trick: its hands and the trick on the
    table, the earlier tricks unrecorded."""
    j = positions()[1][1].to_json()
    del j["history"]
    assert j["trick"]
    return Position.from_json(j)


def python_hint(position: Position, samples: int, seed: int) -> list[dict]:
    """Python's hint from the view of the seat to move, as the board's rows show it."""
    moves = hint(position.view(position.to_move), samples=samples, seed=seed).to_json()["moves"]
    return [{k: m[k] for k in ("move", "mean", "stderr", "p_make")} for m in moves]


@pytest.mark.browser
def test_the_offline_hint_is_pythons(phone, site, screenshot):
    """The hint from the view of the seat to move, run by the module's worker in a page opened from
    a file, is Python's hint of that seat's view: the same worlds, the same figures."""
    browser = phone
    browser.get((site[0] / "index.html").as_uri())
    ready(browser)
    position = positions()[0][1]
    load_position(browser, position)
    assert board_hint(browser, 40, 5) == python_hint(position, 40, 5)  # the opening lead
    for _ in range(2):  # two plays later: the view has seen them (and what they show)
        play_on_board(browser, position, solve(position).best[-1])
    assert board_hint(browser, 30, 11) == python_hint(position, 30, 11)
    browser.execute_script("document.querySelector('#view-hint-panel').scrollIntoView()")
    screenshot("offline-hint", "the offline board at 390 px: the module's hint from the view of the seat to move")
    # A position set up in mid-trick, its earlier tricks unrecorded: the module's view of it (their tiles
    # gone), Python's Position.view.
    load_position(browser, position := mid_trick())
    assert board_hint(browser, 30, 3) == python_hint(position, 30, 3)


@pytest.mark.browser
def test_the_served_hint_is_pythons(browser, server):
    """Under dominosolver serve the same view goes to POST /v1/hint, with the same figures."""
    browser.get(f"{server}/")
    ready(browser)
    position = positions()[0][1]
    load_position(browser, position)
    play_on_board(browser, position, solve(position).best[0])
    assert board_hint(browser, 30, 2) == python_hint(position, 30, 2)
    # Set up in mid-trick: POST /v1/hint with the position and its seat to move.
    load_position(browser, position := mid_trick())
    assert board_hint(browser, 30, 3) == python_hint(position, 30, 3)


@pytest.mark.browser
def test_a_bid_advice_the_module_does_not_give_says_it_needs_the_server(phone, site):
    """The Big Game's auction offline: the Hint asks an advice the module does not give, and the board
    says that it needs the server, with the game's name (not a ParseError the player never typed)."""
    browser = phone
    browser.get((site[0] / "index.html").as_uri() + "?pause=0")
    ready(browser)
    browser.find_element(By.CSS_SELECTOR, 'nav [data-screen="play"]').click()
    Select(browser.find_element(By.NAME, "play-game")).select_by_value("biggame")
    browser.find_element(By.NAME, "play-seed").send_keys("7")
    browser.find_element(By.ID, "new-game").click()
    state = play_state(browser)
    assert state["your_turn"] and "pass" in state["legal_moves"], state["legal_moves"]
    browser.find_element(By.ID, "hint").click()
    shown = wait_for(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#hint-panel .invalid"), "the hint's answer")[0].text
    title = next(g["title"] for g in browser.execute_script("return dominosolverOffline.games.games") if g["tag"] == "biggame")
    assert shown.startswith(f"Unavailable: Bid advice in {title} needs the server (dominosolver serve): "), shown
