"""Building a corpus: every row equal to a fresh solve of its deal, the same corpus whatever the
partitioning and backend (this process, a local Dask cluster, a worker lost mid-run), and a run
killed at any point (kill -9) resumed losing and duplicating nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import warnings

import numpy as np
import pytest
from dominosolver.corpus import Corpus, build_corpus, corpus_rules, deal_of, verify_sample
from dominosolver.corpus.store import CorpusBusyError, CorpusMismatchError, Store, part_name
from dominosolver.errors import ParseError
from dominosolver.texas42 import dd_table, special_table

pa = pytest.importorskip("pyarrow")
import pyarrow.parquet as pq

NAME = "test"
DEALS = 24


def rows_of(directory):
    table = Corpus(directory).table()
    return table.to_pylist()


def assert_whole(directory, deals=DEALS):
    """Every deal 0..deals-1 once, in order, and the manifest's counts and checksums right."""
    rows = rows_of(directory)
    assert [r["deal"] for r in rows] == list(range(deals))
    corpus = Corpus(directory)
    assert corpus.rows == deals and corpus.manifest["complete"] and corpus.check() == []
    assert sum(e["rows"] for e in corpus.manifest["partitions"]) == deals
    return rows


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The corpus built in this process, five deals a partition."""
    where = tmp_path_factory.mktemp("reference")
    summary = build_corpus(where, DEALS, name=NAME, partition_size=5, dask=None)
    assert (summary.solved, summary.kept, summary.rows, summary.complete) == (5, 0, DEALS, True)
    return where, assert_whole(where)


def test_rows_equal_fresh_tables_of_the_regenerated_deals(reference):
    """The first eight rows against dd_table and special_table called on the deal's hands."""
    _, rows = reference
    rules = corpus_rules()
    for row in rows[:8]:
        deal = deal_of(NAME, row["deal"])
        hands = deal.tiles()
        assert [row[f"hand_{s}"] for s in "NESW"] == list(deal.masks)
        assert row["dealer"] == row["deal"] % 4
        table = dd_table(hands, rules)
        special = special_table(hands, rules)
        for d, decl in enumerate(rules.table_declarations):
            word = str(decl).replace("-", "_")
            for s, seat in enumerate("NESW"):
                assert row[f"dd_{word}_{seat}"] == table.points[d, s]
                assert row[f"all_{word}_{seat}"] == bool(special.every_trick[d, s])
        for c, contract in enumerate(special.contracts):
            for s, seat in enumerate("NESW"):
                assert row[f"makes_{contract.replace('-', '_')}_{seat}"] == bool(special.makes[c, s])
        for s, seat in enumerate("NESW"):
            assert row[f"may_plunge_{seat}"] == special.may_bid["plunge"][s]
            assert row[f"may_splash_{seat}"] == special.may_bid["splash"][s]


def test_par_rows_are_made_contracts_within_each_sides_reach(reference):
    _, rows = reference
    for r in rows:
        if r["par_declarer"] < 0:
            assert r["par_marks"] == 0
            continue
        side = "NS" if r["par_declarer"] % 2 == 0 else "EW"
        assert r["par_declaration"] != ""  # made
        assert abs(r["par_marks"]) <= r[f"reach_{side}_marks"]
        assert (r["par_marks"] > 0) == (side == "NS")


def test_the_partitioning_does_not_change_the_corpus(reference, tmp_path):
    build_corpus(tmp_path, DEALS, name=NAME, partition_size=7, dask=None)
    assert assert_whole(tmp_path) == reference[1]
    assert len(list(tmp_path.glob("part-*.parquet"))) == 4  # 7 + 7 + 7 + 3


def test_a_local_dask_cluster_builds_the_same_corpus(reference, tmp_path):
    pytest.importorskip("distributed")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the cluster's own start-up and shutdown chatter
        summary = build_corpus(tmp_path, DEALS, name=NAME, partition_size=5, dask="local", workers=2)
    assert (summary.backend, summary.workers, summary.solved) == ("local-cluster", 2, 5)
    assert assert_whole(tmp_path) == reference[1]


def test_a_worker_lost_mid_run_loses_and_duplicates_nothing(reference, tmp_path):
    """A worker process killed (SIGKILL) once the first partition is in: Dask runs its task again
    elsewhere, and the corpus is whole."""
    distributed = pytest.importorskip("distributed")
    killed = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster:
            with distributed.Client(cluster) as client:
                pids = list(client.run(os.getpid).values())

            def progress(done, total):
                if 0 < done < total and not killed:
                    os.kill(pids[0], signal.SIGKILL)
                    killed.append(pids[0])

            summary = build_corpus(tmp_path, DEALS, name=NAME, partition_size=2, dask=cluster.scheduler_address,
                                   progress=progress)
    assert killed and summary.solved == 12
    assert assert_whole(tmp_path) == reference[1]


def test_a_build_killed_with_sigkill_resumes_without_loss_or_duplicates(reference, tmp_path):
    """`corpus build` in a process of its own, killed (kill -9) once two partitions are on disk, then
    run again: the partitions it finished are kept, the rest solved, every deal once."""
    out = tmp_path / "corpus"
    command = [sys.executable, "-c", "from dominosolver.cli import main; main()", "corpus", "build", str(out),
               "--deals", str(DEALS), "--name", NAME, "--partition-size", "2", "--dask", "none", "--json"]
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while child.poll() is None and len(list(out.glob("part-*.parquet"))) < 2:
            time.sleep(0.01)  # waiting for a state (two partitions written), not for a time
    finally:
        child.kill()
        child.wait()
    written = sorted(p.name for p in out.glob("part-*.parquet"))
    assert len(written) >= 2
    again = build_corpus(out, DEALS, name=NAME, partition_size=2, dask=None)
    assert again.kept + again.adopted == len(written) <= 12
    assert again.solved == 12 - len(written)
    assert assert_whole(out) == reference[1]


def test_a_crash_between_a_partition_and_the_manifest_is_adopted_and_a_changed_file_redone(reference, tmp_path):
    build_corpus(tmp_path, 10, name=NAME, partition_size=5, dask=None)
    store = Store(tmp_path)
    manifest = store.read_manifest()
    # A killed run: the last partition written, the manifest not yet told; a temporary file left.
    manifest["partitions"] = manifest["partitions"][:1]
    store.write_manifest(manifest)
    (tmp_path / (part_name(10, 15) + ".tmp-999")).write_bytes(b"half a file")
    summary = build_corpus(tmp_path, DEALS, name=NAME, partition_size=5, dask=None)
    assert (summary.kept, summary.adopted, summary.solved) == (1, 1, 3)
    assert not list(tmp_path.glob("*.tmp-*"))
    assert assert_whole(tmp_path) == reference[1]
    # A partition changed on disk no longer matches its checksum: redone, not trusted.
    victim = tmp_path / part_name(5, 10)
    table = pq.read_table(victim)
    pq.write_table(table.set_column(table.schema.get_field_index("dd_0_N"), "dd_0_N",
                                    pa.array(np.zeros(5, dtype=np.int8))), victim)
    assert Corpus(tmp_path).check() == [victim.name]
    summary = build_corpus(tmp_path, DEALS, name=NAME, partition_size=5, dask=None)
    assert (summary.kept, summary.adopted, summary.solved) == (4, 0, 1)
    assert assert_whole(tmp_path) == reference[1]


def test_verify_finds_equal_rows_and_a_changed_one(reference, tmp_path):
    where, _ = reference
    report = verify_sample(where, sample=6, seed=1)
    assert report.ok and report.sampled == report.equal == 6
    build_corpus(tmp_path, 5, name=NAME, partition_size=5, dask=None)
    store = Store(tmp_path)
    path = tmp_path / part_name(0, 5)
    table = pq.read_table(path)
    wrong = table.column("par_marks").to_numpy().astype(np.int8) + 1
    pq.write_table(table.set_column(table.schema.get_field_index("par_marks"), "par_marks", pa.array(wrong)), path)
    report = verify_sample(tmp_path, sample=5)
    assert not report.ok and report.missing_partitions == [path.name]
    assert [d["columns"] for d in report.differing] == [["par_marks"]] * 5
    assert store.read_manifest()["rows"] == 5


def test_another_corpus_in_the_directory_is_refused(reference, tmp_path):
    build_corpus(tmp_path, 5, name=NAME, partition_size=5, dask=None)
    with pytest.raises(CorpusMismatchError):
        build_corpus(tmp_path, 5, name="other", partition_size=5, dask=None)
    with pytest.raises(CorpusMismatchError):
        build_corpus(tmp_path, 5, name=NAME, partition_size=4, dask=None)
    with pytest.raises(CorpusMismatchError):
        build_corpus(tmp_path, 5, name=NAME, partition_size=5, rules={"mark_jump": "free"}, dask=None)
    with pytest.raises(CorpusMismatchError):  # fewer deals than it holds: nothing finished is dropped
        build_corpus(tmp_path, 4, name=NAME, partition_size=5, dask=None)
    assert Corpus(tmp_path).rows == 5
    stranger = tmp_path / "elsewhere"
    stranger.mkdir()
    (stranger / "notes.txt").write_text("mine")
    with pytest.raises(CorpusMismatchError):
        build_corpus(stranger, 5, name=NAME, dask=None)
    assert (stranger / "notes.txt").read_text() == "mine"


def test_one_build_at_a_time(tmp_path):
    with Store(tmp_path).lock(), pytest.raises(CorpusBusyError):
        build_corpus(tmp_path, 5, name=NAME, dask=None)


@pytest.mark.parametrize("kwargs", [{"deals": 0}, {"deals": 1.5}, {"partition_size": 0}, {"workers": 0},
                                    {"name": ""}, {"rules": {"scoring": "points"}}])
def test_bad_arguments_are_refused(tmp_path, kwargs):
    args = {"deals": 5, "name": NAME, "dask": None, **kwargs}
    with pytest.raises(ParseError):
        build_corpus(tmp_path, args.pop("deals"), **args)


def test_the_cli_builds_quietly_with_json_and_resumes(reference, tmp_path):
    from click.testing import CliRunner
    from dominosolver.cli.main import cli

    args = ["corpus", "build", str(tmp_path), "--deals", "10", "--name", NAME, "--partition-size", "5", "--dask", "none"]
    first = CliRunner().invoke(cli, [*args, "--json"])
    assert first.exit_code == 0, first.output
    summary = json.loads(first.output)
    assert (summary["schema"], summary["rows"], summary["solved"]) == ("dominosolver.corpusbuild/1", 10, 2)
    again = CliRunner().invoke(cli, [*args, "--json"])
    assert json.loads(again.output)["kept"] == 2 and json.loads(again.output)["solved"] == 0
    assert rows_of(tmp_path) == reference[1][:10]
