"""The command line's errors name what the user typed: a check deep inside the library that names its
argument ("exact_limit must be ...") names the option given ("--exact-limit must be ..."), and an
empty argument or an empty file is called so, not read as the current directory or as notation that
lacks its keys."""

from __future__ import annotations

import pytest
from cli_run import run
from dominosolver.cli.main import cli
from dominosolver.cli.sources import typed_option

POSITION = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42"
HAND = "66.65.64.62.55.33.10"


def one_error(args: list[str], capsys) -> str:
    status, err = run(args, capsys)
    assert status == 2 and err.startswith("error: ParseError: ") and len(err.strip().splitlines()) == 1, err
    return err.strip()


@pytest.mark.parametrize("args, option, fault", [
    (["hint", POSITION, "--exact-limit", "-1"], "--exact-limit", "whole number from 0"),
    (["hint", POSITION, "--threads", "0"], "--threads", "whole number from 1"),
    (["hint", POSITION, "--time", "-1"], "--time", "number of seconds from 0"),
    (["advise-bid", HAND, "--mark-risk", "5"], "--mark-risk", "number from 0 to 1"),
    (["advise-bid", HAND, "--samples", "1"], "--samples", "whole number from 2"),
    (["advise-bid", HAND, "--discount", "-3"], "--discount", "whole number from 0"),
])
def test_an_option_out_of_range_is_named_as_typed(args, option, fault, capsys):
    err = one_error(args, capsys)
    assert f"ParseError: {option} must be a {fault}" in err
    assert "or None" not in err  # the library's None is no value a command line can give


def test_only_an_option_given_is_named():
    ctx = cli.commands["hint"].make_context("hint", [POSITION, "--threads", "2"])
    assert typed_option(ctx, "threads must be a whole number") == "--threads must be a whole number"
    assert typed_option(ctx, "exact_limit must be a whole number") is None  # not given: another source's
    assert typed_option(ctx, "threads are many") is None


@pytest.mark.parametrize("command", ["show", "solve", "hint", "table", "advise-bid"])
def test_an_empty_argument_is_called_empty(command, capsys):
    assert "an empty argument" in one_error([command, ""], capsys)


def test_an_empty_file_is_called_empty(tmp_path, capsys):
    empty = tmp_path / "empty.json"
    empty.write_text("\n")
    assert f"{empty} is empty" in one_error(["show", str(empty)], capsys)


def test_a_negative_deal_index_is_out_of_range_not_an_option(capsys):
    status, err = run(["corpus", "deal", "main", "-1"], capsys)
    assert status == 2 and "'INDEX': -1 is not in the range x>=0" in err, err


@pytest.mark.parametrize("command", ["show", "solve", "hint"])
@pytest.mark.parametrize("text, kind", [('[["6-6"], ["6-5"], ["6-4"], ["6-3"]]', "a JSON list"), ('"trump=4"', "a JSON string")])
def test_json_that_is_no_object_is_named_not_read_as_notation(command, text, kind, capsys):
    err = one_error([command, text], capsys)
    assert f"{kind} is no position" in err and "position text" not in err


def test_a_local_cluster_beyond_the_cores_is_refused_before_any_work(tmp_path, capsys):
    from dominosolver.resume import most_jobs

    status, err = run(["corpus", "build", str(tmp_path / "c"), "--deals", "4", "--workers", str(most_jobs() + 1)], capsys)
    assert status == 2 and f"'--workers': at most {most_jobs()} (two worker processes a core" in err, err
    assert not (tmp_path / "c").exists()
