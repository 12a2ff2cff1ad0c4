"""The WebAssembly module's error messages say what is wrong as the Python package says it, where the
module answers the same question: the same words for the same fault (a hint's samples, a score, a
view's contract), the wrong value named as ``errors.shown`` names it, counts grouped by thousands;
where the module's bound is its own (a seed up to 2**53 - 1, a table up to 2,048 MB) the message has
the package's form with the module's bound. Node runs the built module (tests/wasm/test_wasm.py's
build) on each question; the package answers the same one here."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from dominosolver.cli.wasm_build import node_env
from dominosolver.errors import DominoSolverError
from dominosolver.moon import moon_table
from dominosolver.texas42 import PlayerView, Position, dd_table, hint
from test_wasm import module_dir  # noqa: F401 - the module built once, as test_wasm.py builds it

POSITION = Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30")
VIEW = POSITION.view(1).to_json()
DEAL = [["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"], ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"],
        ["4-3", "4-2", "4-1", "4-0", "3-3", "3-2", "3-1"], ["3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"]]
MOON_DEAL = [["6-5", "6-4", "6-3", "5-4", "5-1", "3-3", "2-1"], ["6-6", "6-1", "5-5", "5-2", "4-2", "3-1", "1-1"],
             ["6-2", "5-3", "4-4", "4-1", "3-2", "2-2", "0-0"]]


def table_question(hands: list[list[str]], game: str = "texas42") -> tuple[str, Any, dict[str, Any], Any]:
    """A table of the deal ``hands``: the module's table, the package's dd_table (moon_table for Moon)."""
    deal = {"game": game, "hands": hands}
    return ("table", deal, {}, lambda: (moon_table if game == "moon" else dd_table)(deal))


# Each question: how node asks it of the module (api.hint / api.readView / api.solve) and the
# package's equivalent (None: the module's own bound, checked by its form below).
QUESTIONS: list[tuple[str, Any, dict[str, Any], Any]] = [
    ("hint", VIEW, {"samples": 0}, lambda: hint(PlayerView.from_json(VIEW), samples=0)),
    ("hint", VIEW, {"samples": 2.5}, lambda: hint(PlayerView.from_json(VIEW), samples=2.5)),
    ("hint", VIEW, {"samples": 2, "exactLimit": -3},
     lambda: hint(PlayerView.from_json(VIEW), samples=2, exact_limit=-3)),
    ("hint", VIEW, {"samples": 2, "objective": "game", "score": [1]},
     lambda: hint(PlayerView.from_json(VIEW), samples=2, objective="game", score=[1])),
    ("hint", VIEW, {"samples": 2, "objective": "game", "score": [9, 1]},
     lambda: hint(PlayerView.from_json(VIEW), samples=2, objective="game", score=[9, 1])),
    ("hint", {**VIEW, "contract": [1]}, {}, lambda: PlayerView.from_json({**VIEW, "contract": [1]})),
    ("hint", {**VIEW, "contract": {"declarer": 0}}, {},
     lambda: PlayerView.from_json({**VIEW, "contract": {"declarer": 0}})),
    ("hint", POSITION.view(2).to_json(), {"samples": 2}, lambda: hint(POSITION.view(2), samples=2)),
    table_question([["6-6", "6-6", *DEAL[0][2:]], *DEAL[1:]]),  # a tile twice in a hand
    table_question([DEAL[0], [DEAL[0][0], *DEAL[1][1:]], *DEAL[2:]]),  # a tile in two hands
    table_question([DEAL[0][:1], *DEAL[1:]]),  # a hand of one tile
    table_question([["7-7", *DEAL[0][1:]], *DEAL[1:]]),  # a tile of no double-six set
    table_question([MOON_DEAL[0], [MOON_DEAL[0][0], *MOON_DEAL[1][1:]], MOON_DEAL[2]], "moon"),
    table_question([["1-0", *MOON_DEAL[0][1:]], *MOON_DEAL[1:]], "moon"),  # Moon has no 1-0
    table_question([MOON_DEAL[0][1:], *MOON_DEAL[1:]], "moon"),
    ("table", POSITION.to_json(), {}, lambda: dd_table(POSITION)),  # part of a deal, no earlier tricks
    ("hint", VIEW, {"samples": 2, "seed": 2**53}, None),
    ("hint", VIEW, {"samples": 2, "timeMs": -5}, None),
    ("solve", POSITION.to_json(), {"ttMb": 4096}, None),
]

SCRIPT = """
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
const ds = await import(pathToFileURL(resolve(process.env.DOMINOSOLVER_JS, "index.js")).href);
const api = await ds.load();
const out = [];
for (const [call, target, options] of JSON.parse(process.argv[2])) {
  try { api[call](target, options); out.push(null); } catch (e) { out.push([e.name, e.message]); }
}
process.stdout.write(JSON.stringify(out));
"""


def module_messages(folder: Path, tmp_path: Path) -> list[Any]:
    env = node_env()
    env["DOMINOSOLVER_JS"] = str(folder)
    script = tmp_path / "messages.mjs"
    script.write_text(SCRIPT)
    asked = json.dumps([[call, target, options] for call, target, options, _ in QUESTIONS])
    out = subprocess.run(["node", str(script), asked], check=False, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-4000:]
    return json.loads(out.stdout)


def package_message(ask) -> tuple[str, str]:
    with pytest.raises(DominoSolverError) as caught:
        ask()
    return type(caught.value).__name__, str(caught.value)


def test_the_module_words_its_errors_as_the_package(module_dir: Path, tmp_path: Path):  # noqa: F811
    answers = module_messages(module_dir, tmp_path)
    for (call, _, options, ask), got in zip(QUESTIONS, answers):
        assert got is not None, (call, options)
        if ask is not None:
            kind, message = package_message(ask)
            assert got == [kind, message.replace("exact_limit", "exactLimit")], options
    seed, time_ms, tt_mb = (message for _, message in answers[-3:])
    assert seed.startswith("seed must be a whole number from 0 to 2**53 - 1") and seed.endswith(f", not {2**53}")
    assert time_ms.startswith("timeMs must be a number of milliseconds from 0") and time_ms.endswith(", not -5")
    assert tt_mb == "ttMb must be a whole number of MB from 1 to 2,048, not 4096"
