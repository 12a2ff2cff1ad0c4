"""Queries checked against a plain recount over the corpus's rows: hand features counted tile by tile
from the Tile objects (not the query's bit masks), groups summed in a dict."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import defaultdict

import pytest
from dominosolver.corpus import Corpus, best_declarations, build_corpus, make_rates, par_stats
from dominosolver.errors import ParseError
from dominosolver.tiles import Tile

pytest.importorskip("pyarrow")

NAME = "query"
SEATS = "NESW"
COUNT = {"5-5": 10, "6-4": 10, "5-0": 5, "4-1": 5, "3-2": 5}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    where = tmp_path_factory.mktemp("corpus")
    build_corpus(where, 30, name=NAME, partition_size=8, dask=None)
    return Corpus(where)


def tiles_of(mask):
    return [Tile.from_id(t) for t in range(28) if mask >> t & 1]


def features(hand, trump):
    doubles = sum(t.is_double for t in hand)
    lengths = {n: sum(n in (t.hi, t.lo) for t in hand) for n in range(7)}
    ranked = sorted(range(7), key=lambda n: (lengths[n], n), reverse=True)
    trumps = lengths[trump] if isinstance(trump, int) else doubles if trump == "doubles" else 0
    return {"doubles": doubles, "count": sum(COUNT.get(str(t), 0) for t in hand), "long": lengths[ranked[0]],
            "trumps": trumps, "long_suit": ranked[0], "second_suit": ranked[1]}


def test_make_rates_match_a_plain_recount(corpus):
    result = make_rates(corpus, by="doubles,trumps", bids=[30, 35, 42], declarations="all")
    expected = defaultdict(lambda: [0, 0, 0, 0, 0])
    for row in corpus.table().to_pylist():
        for s, seat in enumerate(SEATS):
            hand = tiles_of(row[f"hand_{seat}"])
            for decl in corpus.declarations:
                f = features(hand, decl)
                points = row[f"dd_{decl}_{seat}"]
                slot = expected[(f["doubles"], f["trumps"])]
                slot[0] += 1
                slot[1] += points
                slot[2] += points >= 30
                slot[3] += points >= 35
                slot[4] += points == 42
    got = {(g["doubles"], g["trumps"]): g for g in result.groups}
    assert set(got) == set(expected)
    for key, (n, total, m30, m35, m42) in expected.items():
        g = got[key]
        assert g["n"] == n
        assert g["mean_points"] == pytest.approx(total / n, abs=1e-3)
        assert (g["make_30"], g["make_35"], g["make_42"]) == pytest.approx((m30 / n, m35 / n, m42 / n), abs=1e-4)
    assert sum(g["n"] for g in result.groups) == 30 * 4 * 9


def test_make_rates_by_count_and_declaration_over_one_declaration(corpus):
    result = make_rates(corpus, by=["count", "declaration"], bids=[31], declarations="doubles,none")
    expected = defaultdict(lambda: [0, 0])
    for row in corpus.table().to_pylist():
        for seat in SEATS:
            count = features(tiles_of(row[f"hand_{seat}"]), None)["count"]
            for decl in ("doubles", "none"):
                slot = expected[(count, decl)]
                slot[0] += 1
                slot[1] += row[f"dd_{decl}_{seat}"] >= 31
    got = {(g["count"], g["declaration"]): (g["n"], g["make_31"]) for g in result.groups}
    assert got == {k: (n, pytest.approx(m / n, abs=1e-4)) for k, (n, m) in expected.items()}


def test_best_declaration_matches_a_plain_recount(corpus):
    result = best_declarations(corpus, by="doubles,long", bid=30)
    sums = defaultdict(lambda: defaultdict(float))
    for row in corpus.table().to_pylist():
        for seat in SEATS:
            f = features(tiles_of(row[f"hand_{seat}"]), None)
            points = {"long_suit": row[f"dd_{f['long_suit']}_{seat}"], "second_suit": row[f"dd_{f['second_suit']}_{seat}"],
                      "doubles": row[f"dd_doubles_{seat}"], "follow_me": row[f"dd_none_{seat}"],
                      "dd_best": max(row[f"dd_{d}_{seat}"] for d in corpus.declarations)}
            slot = sums[(f["doubles"], f["long"])]
            slot["n"] += 1
            for c, p in points.items():
                slot[f"{c}_mean"] += p
                slot[f"{c}_make"] += p >= 30
    got = {(g["doubles"], g["long"]): g for g in result.groups}
    assert set(got) == set(sums)
    for key, slot in sums.items():
        g = got[key]
        n = slot.pop("n")
        assert g["n"] == n
        for name, total in slot.items():
            assert g[name] == pytest.approx(total / n, abs=1e-3), name
        means = {c: slot[f"{c}_mean"] / n for c in ("long_suit", "second_suit", "doubles", "follow_me")}
        assert means[g["best"]] == max(means.values())


@pytest.mark.parametrize("by", ["contract", "marks", "caller", "declaration", "reach"])
def test_par_statistics_match_a_plain_recount(corpus, by):
    result = par_stats(corpus, by)
    counts = defaultdict(int)
    for row in corpus.table().to_pylist():
        thrown = row["par_declarer"] < 0
        if by == "contract":
            keys = ["thrown in" if thrown else str(row["par_bid"]) if row["par_kind"] == "ordinary"
                    else f"{row['par_bid']}:{row['par_kind']}"]
        elif by == "marks":
            keys = [abs(row["par_marks"])]
        elif by == "caller":
            keys = ["thrown in" if thrown else (row["par_declarer"] - row["dealer"]) % 4 or 4]
        elif by == "declaration":
            keys = [row["par_declaration"] or "thrown in"]
        else:
            keys = [("none" if row[f"reach_{side}_bid"] == 0 else str(row[f"reach_{side}_bid"])
                     if row[f"reach_{side}_kind"] == "ordinary" else f"{row[f'reach_{side}_bid']}:{row[f'reach_{side}_kind']}")
                    for side in ("NS", "EW")]
        for k in keys:
            counts[k] += 1
    got = {g[by]: g["n"] for g in result.groups}
    assert got == dict(counts)
    assert sum(g["share"] for g in result.groups) == pytest.approx(1, abs=1e-3)
    assert result.rows_read == 30


def test_the_cli_prints_json_and_tables(corpus):
    from click.testing import CliRunner
    from dominosolver.cli.main import cli

    where = str(corpus.store.root)
    out = CliRunner().invoke(cli, ["corpus", "query", where, "make-rates", "--bid", "30", "--bid", "84", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["schema"] == "dominosolver.corpusquery/1" and data["columns"] == ["n", "mean_points", "make_30", "make_84"]
    assert data["groups"] == make_rates(corpus, bids=[30, 84]).to_json()["groups"]
    table = CliRunner().invoke(cli, ["corpus", "query", where, "par", "--by", "caller"])
    assert table.exit_code == 0 and "caller" in table.output
    deal = CliRunner().invoke(cli, ["corpus", "deal", NAME, "3", "--json"])
    assert json.loads(deal.output)["dealer"] == "W"


@pytest.mark.parametrize("call", [
    lambda c: make_rates(c, by="doubles,shape"),
    lambda c: make_rates(c, bids=[29]),
    lambda c: make_rates(c, bids=[43]),
    lambda c: make_rates(c, declarations="sevens"),
    lambda c: make_rates(c, by="doubles,doubles"),
    lambda c: best_declarations(c, by="trumps"),
    lambda c: par_stats(c, by="seat"),
])
def test_bad_questions_are_refused(corpus, call):
    with pytest.raises(ParseError):
        call(corpus)


def test_the_make_rate_picture_shows_each_groups_rate(corpus, tmp_path):
    """The SVG heat map's cells read back (data-row, data-column, their text) as the query's rates."""
    from dominosolver.corpus.picture import MISSING, make_rate_picture
    from svg_support import parse_svg

    result = make_rates(corpus, by="doubles,trumps", bids=[30, 42], min_n=3)
    root = parse_svg(make_rate_picture(result, 42))
    ns = "{http://www.w3.org/2000/svg}"
    shown_cells = {}
    for cell in root.iter(f"{ns}g"):
        if cell.get("class") == "cell":
            shown_cells[(cell.get("data-row"), cell.get("data-column"))] = cell.find(f"{ns}text").text
    expected = {(f"doubles {g['doubles']}", str(g["trumps"])): f"{round(100 * g['make_42'])}%" for g in result.groups}
    assert {k: v for k, v in shown_cells.items() if v != MISSING} == expected
    rows = {g["doubles"] for g in result.groups}
    columns = {g["trumps"] for g in result.groups}
    assert len(shown_cells) == len(rows) * len(columns)
    with pytest.raises(ParseError):
        make_rate_picture(make_rates(corpus, by="doubles"))
    with pytest.raises(ParseError):
        make_rate_picture(result, 35)

    from click.testing import CliRunner
    from dominosolver.cli.main import cli

    out = tmp_path / "rates.svg"
    run = CliRunner().invoke(cli, ["corpus", "query", str(corpus.store.root), "make-rates", "--by", "doubles,trumps",
                                   "--bid", "30", "--svg", str(out), "--json"])
    assert run.exit_code == 0, run.output
    parse_svg(out.read_text())



def test_a_wide_answer_keeps_every_figure_whole_on_a_narrow_screen(tmp_path):
    """best-declaration's 14 columns do not fit 80: the lines run on rather than cut a figure to '4…'."""
    build_corpus(tmp_path, 8, name=NAME, partition_size=8, dask=None)
    shown = subprocess.run([sys.executable, "-c", "from dominosolver.cli import main; main()", "corpus", "query",
                            str(tmp_path), "best-declaration"], check=False, capture_output=True, text=True,
                           env={**os.environ, "COLUMNS": "80"})
    assert shown.returncode == 0, shown.stderr
    answer = best_declarations(Corpus(tmp_path), "doubles,long", 30, 1)
    assert "…" not in shown.stdout and answer.groups
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in shown.stdout.splitlines()]
    for group in answer.groups:  # each row whole, in the order of its columns
        cells = [f"{group[n]:.3f}" if isinstance(group[n], float) else str(group[n]) for n in answer.by + answer.columns]
        assert cells in rows, (cells, shown.stdout)


def test_the_picture_says_what_an_empty_cell_means(corpus):
    """'—: no items' with every group shown, 'fewer than N items' with --min-n N (not 'fewer than 1 items')."""
    from dominosolver.corpus.picture import MISSING, make_rate_picture

    for least, words in ((1, "no items"), (3, "fewer than 3 items"), (1200, "fewer than 1,200 items")):
        picture = make_rate_picture(make_rates(corpus, by="doubles,trumps", bids=[30], min_n=least), 30)
        assert f"{MISSING}: {words};" in picture and "fewer than 1 items" not in picture
