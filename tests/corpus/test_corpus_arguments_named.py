"""build_corpus checks ``progress`` and ``dask`` before it touches the directory: ``progress=5``
raised TypeError after the first partition (solved and written), ``dask=5`` Dask's TypeError after
the manifest was written; each is now a ParseError naming it, and the directory is left as it was."""

from __future__ import annotations

import pytest

pytest.importorskip("pyarrow")

from dominosolver.corpus.build import build_corpus
from dominosolver.errors import ParseError


@pytest.mark.parametrize("options, refused", [({"progress": 5, "dask": None}, "progress must be a function or None, not 5"),
                                              ({"dask": 5}, "dask must be 'local', a scheduler's address or None, not 5")])
def test_a_bad_argument_leaves_the_directory_untouched(tmp_path, options, refused):
    directory = tmp_path / "corpus"
    with pytest.raises(ParseError, match=refused):
        build_corpus(directory, 4, partition_size=2, **options)
    assert not directory.exists()


def test_a_progress_function_is_told_each_partition(tmp_path):
    seen = []
    summary = build_corpus(tmp_path / "corpus", 4, partition_size=2, dask=None, progress=lambda done, total: seen.append((done, total)))
    assert summary.complete and [done for done, _ in seen if done] == [2, 4] and {total for _, total in seen} == {4}
