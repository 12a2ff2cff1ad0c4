"""The Big Game's bid advice reports its progress (biggame/bidding.py): what its zero-window tests
have settled, never less than before, and all at the end; asking for it changes no figure; the
command draws it as a bar on a terminal and prints the JSON alone with --json."""

from __future__ import annotations

import json
import re

from dominosolver.biggame import BIG_GAME
from dominosolver.texas42 import advise_bid
from terminal import Terminal

HAND = "86.81.73.70.66.60.55.54.32.31.22"


def figures(advice: object) -> dict:
    out = advice.to_json()  # type: ignore[attr-defined]
    out.pop("elapsed")  # the one figure that depends on the machine
    return out


def test_progress_counts_the_pairs_settled_and_changes_no_figure() -> None:
    seen: list[tuple[int, int]] = []
    told = advise_bid(HAND, seat="E", rules=BIG_GAME, samples=6, seed=5, threads=1,
                      on_progress=lambda done, of: seen.append((done, of)))
    quiet = advise_bid(HAND, seat="E", rules=BIG_GAME, samples=6, seed=5, threads=1)
    assert figures(told) == figures(quiet)
    of = len(told.declarations) * told.worlds
    assert len(seen) >= 2 and all(o == of for _, o in seen)
    dones = [d for d, _ in seen]
    assert all(a < b for a, b in zip(dones, dones[1:])) and 0 <= dones[0] and dones[-2] < of
    assert seen[-1] == (of, of)  # the advice made
    # The last round's figure is what the advice's tests settled at its level: known or failed pairs.
    t = told.tested
    assert dones[-2] == int(t.made.sum() + t.failed.sum()) == of - int(t.unknown.sum())


def run(*args: str) -> Terminal:
    term = Terminal(*args)
    assert term.close(timeout=300) == 0, term.text[-2000:]
    return term


ARGS = ["advise-bid", HAND, "--seat", "E", "--rules", "family:biggame", "--samples", "30", "--threads", "1",
        "--seed", "1"]


def test_the_command_draws_a_bar_on_a_terminal() -> None:
    term = run(*ARGS)
    assert re.search(r"bid advice .*\d+/330", term.text), term.text[:3000]
    assert "zero-window tests" in term.text  # and then the advice itself


def test_json_is_the_json_alone_even_on_a_terminal() -> None:
    term = run(*ARGS, "--json")
    assert term.raw.lstrip().startswith("{")
    assert json.loads(term.text)["game"] == "biggame"
