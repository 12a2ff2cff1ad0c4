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
from dominosolver.texas42 import PlayerView, Position, hint
from test_wasm import module_dir  # noqa: F401 - the module built once, as test_wasm.py builds it

POSITION = Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30")
VIEW = POSITION.view(1).to_json()

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
