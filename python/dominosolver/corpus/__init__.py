"""A corpus of solved 42 deals (docs/corpus.md): deal ``i`` of a named corpus is a pure function of
(name, i) (``deals``); each deal's double-dummy table, special-contract table and par result
(``par``, ``rows``) stored as Parquet partitions with a manifest (``store``), built on Dask and
resumable (``build``), and questions answered from it (``query``). Needs pyarrow (and
dask.distributed for a cluster): ``pip install 'dominosolver[corpus]'``."""

from .build import BuildSummary, build_corpus, corpus_rules
from .deals import CorpusDeal, deal_of
from .par import Par, ParOutcome, par_of
from .query import Corpus, QueryResult, best_declarations, make_rates, par_stats
from .verify import verify_sample

__all__ = [
           "BuildSummary",
           "Corpus",
           "CorpusDeal",
           "Par",
           "ParOutcome",
           "QueryResult",
           "best_declarations",
           "build_corpus",
           "corpus_rules",
           "deal_of",
           "make_rates",
           "par_of",
           "par_stats",
           "verify_sample",
]
