"""A fuzzing suite for every input path: 42 and Bingo positions and views (JSON and notation), the
registry's reading of either, engine request lines, and batch records.

- ``seeds``: valid inputs, from tests/data, the docs, and games played out (positions and views at
  every stage, Bingo replies and exchanges included);
- ``mutate``: a fast mutation fuzzer over them, structure-aware (values swapped for hostile ones:
  bools, floats, NaN, huge integers, lone surrogates, unknown keys, deep nesting) and byte-level
  (flipped, cut, spliced, invalid UTF-8);
- ``targets``: each parser, and what its answer must be: a value that round-trips, or a named
  error (a ``DominoSolverError``); anything else is a finding;
- ``runner``: runs the inputs in worker processes, so that a crash of the interpreter is seen and
  its input named, and reports inputs, named errors, other exceptions, crashes, hangs and
  round-trip mismatches (all but the first two must be 0).

The hypothesis strategies are in ``test_fuzz.py``, which also runs a bounded fuzz (CI). The long run:
``python -m tests.fuzz --long`` from the repository root (10**6 inputs), or ``--inputs N``.
"""
