"""The fuzzing suite in CI: hypothesis strategies over every parser, and a bounded run of the
mutation fuzzer in a subprocess (``python -m tests.fuzz --seconds 20``). Every input must parse and
round-trip, or be refused with a named error (dominosolver.errors); nothing may crash the
interpreter, kill the engine, or leave a line without its one reply."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosolver import texas42

from .runner import fuzz
from .strategies import deals_42, edited, edited_text, engine_lines, json_bytes, json_values
from .targets import TARGETS, Engine, checks, run

ROOT = Path(__file__).resolve().parents[2]
FINE = ("ok", "named")
CHECKS = checks()


@pytest.fixture(scope="module")
def engine():
    process = Engine()
    yield process
    process.close()


@pytest.mark.parametrize("target", ["42.position.json", "42.view.json", "bingo.position.json", "bingo.view.json",
                                    "registry", "batch"])
@settings(max_examples=120)
@given(data=st.data())
def test_edited_json_parses_and_round_trips_or_is_refused_by_name(target, data):
    value = data.draw(edited(target))
    if target == "batch":  # a line of a records file
        text = json_bytes(value)
        value = data.draw(st.sampled_from([text, text[:40]]))
    assert run(CHECKS[target], value)[0] in FINE


@pytest.mark.parametrize("target", ["42.position.text", "bingo.position.text", "42.view.text", "bingo.view.text",
                                    "registry"])
@settings(max_examples=150)
@given(data=st.data())
def test_edited_notation_parses_and_round_trips_or_is_refused_by_name(target, data):
    text = data.draw(edited_text("42.position.text" if target == "registry" else target))
    assert run(CHECKS[target], text) in [("ok", ""), ("named", "")]


@pytest.mark.parametrize("target", ["42.position.json", "42.view.json", "bingo.position.json", "bingo.view.json",
                                    "registry"])
@settings(max_examples=80)
@given(value=json_values)
def test_any_json_value_is_refused_by_name(target, value):
    assert run(CHECKS[target], value) == ("named", "")


@settings(max_examples=60)
@given(text=deals_42())
def test_every_42_deal_round_trips(text):
    assert run(CHECKS["42.position.text"], text) == ("ok", "")
    assert texas42.Position(text).tricks_left == 7


@settings(max_examples=40)
@given(lines=engine_lines())
def test_engine_answers_each_line_once_and_lives(engine, lines):
    assert run(engine, lines)[0] in FINE


def test_engine_findings_are_seen(engine):
    # A line the engine does not answer is a mismatch; an engine that ends, a death.
    assert run(engine, b'{"cmd": "hello"}\n') == ("ok", "")
    assert run(engine, b'{"cmd": "quit"}\n{"cmd": "hello"}\n') == ("ok", "")  # the lines after quit are not read
    engine._start().kill()
    assert run(engine, b'{"cmd": "hello"}\n')[0] == "death"
    assert run(engine, b'{"cmd": "hello"}\n') == ("ok", "")  # a fresh engine


def _aborting() -> dict:
    """The real checks, but the batch target's ends the interpreter at once and the registry's raises."""
    found = checks()

    def registry(data):
        raise KeyError("a finding")

    return {**found, "batch": lambda data: os._exit(70), "registry": registry}


def test_the_runner_sees_crashes_and_other_exceptions():
    report = fuzz(inputs=60, seed=3, workers=2, chunk=20, checks_of=_aborting)
    batch, registry = report.counts["batch", "crash"], report.counts["registry", "other"]
    assert batch > 0 and registry > 0 and report.inputs == 60
    assert report.findings == batch + registry
    assert {kind for _, kind in report.examples} == {"crash", "other"}


def test_bounded_fuzz_finds_nothing():
    """The mutation fuzzer over every target for 20 s, in a subprocess (its workers in theirs)."""
    done = subprocess.run([sys.executable, "-m", "tests.fuzz", "--seconds", "20", "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    report = json.loads(done.stdout.splitlines()[-1])
    findings = {kind: report[kind] for kind in ("other", "mismatch", "death", "crash", "hang")}
    assert findings == dict.fromkeys(findings, 0), report["examples"]
    assert done.returncode == 0, done.stderr[-2000:]
    assert report["inputs"] >= 2000
    for target in TARGETS:  # each target both parsed inputs and refused some
        assert report["targets"][target]["ok"] > 0 and report["targets"][target]["named"] > 0, target
