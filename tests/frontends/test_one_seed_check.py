"""Every command's --seed is checked once, the same way (arguments.seed_value): a whole number from 0
to 2**64 - 1; beyond it (or below 0) each command refuses it in the same words before any work."""

from __future__ import annotations

import pytest
from dominosolver.arguments import seed_value
from dominosolver.cli import main
from dominosolver.errors import ParseError
from dominosolver.texas42 import Game

TOO_BIG = str(2**64)
COMMANDS = {
    "play": ["play", "42"],
    "hint": ["hint", "trump=4 leader=N hands=66/65/63/60"],
    "advise-bid": ["advise-bid", "66.65.64.63.62.61.60", "--samples", "2"],
    "arena": ["arena", "42", "--deals", "1", "--bots", "rule,random"],
    "analyse-batch": ["analyse-batch", "RECORDS", "-o", "OUT"],
    "corpus verify": ["corpus", "verify", "DIR"],
}


def run(args: list[str], capsys) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    return exit_info.value.code, capsys.readouterr().err


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("seed", [TOO_BIG, "99999999999999999999999", "-1"])
def test_every_command_refuses_the_same_seeds(command, seed, capsys, tmp_path):
    records = tmp_path / "in.jsonl"
    records.write_text("{}\n")
    args = [str(records) if a == "RECORDS" else str(tmp_path / "out.jsonl") if a == "OUT" else
            str(tmp_path) if a == "DIR" else a for a in COMMANDS[command]]
    code, err = run([*args, "--seed", seed], capsys)
    assert code == 2 and f"--seed must be a whole number from 0 to 2**64 - 1, not {seed}" in err, err
    assert not (tmp_path / "out.jsonl").exists()


def test_the_largest_seed_is_taken_everywhere():
    top = 2**64 - 1
    assert seed_value(top) == top and Game(seed=top).seed == top
    for bad in (2**64, -1, True, 1.0):
        with pytest.raises(ParseError, match="seed must be a whole number from 0 to 2\\*\\*64 - 1"):
            seed_value(bad)
        with pytest.raises(ParseError, match="seed must be a whole number from 0 to 2\\*\\*64 - 1"):
            Game(seed=bad)
