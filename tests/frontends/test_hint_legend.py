"""A hint table's dashes are explained: under means "tied" a move whose P(make) already ranks it has
no mean, and the legend says why and how to get every move's mean."""

from __future__ import annotations

import re

from click.testing import CliRunner
from dominosolver.cli.main import cli

VIEW = "seat=N contract=N30 trump=4 hand=62.53.52.44.31.20.11"  # N leads: seven tiles, P(make)s apart
WHY = "mean —: not valued, its P(make) decides its rank"


def shown(*options: str) -> str:
    out = CliRunner().invoke(cli, ["hint", VIEW, "--seed", "1", "--samples", "60", "--threads", "1", *options])
    assert out.exit_code == 0, out.output
    return " ".join(out.output.split())


def test_a_dash_for_a_mean_is_explained():
    text = shown()
    assert re.search(r"│ \d+ │ \d-\d │ — │ — │ 0\.\d+ │", text), text  # a move shown without its mean
    assert WHY in text and "--means all values every move" in text


def test_no_dash_no_explanation():
    text = shown("--means", "all")
    assert not re.search(r"│ \d+ │ \d-\d │ — │", text), text
    assert WHY not in text
