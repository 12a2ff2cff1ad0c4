"""A fuzzing suite for every input path: 42 and Bingo positions and views (JSON and notation), the
registry's reading of either, engine request lines, and batch records.

- ``seeds``: valid inputs, from tests/data, the docs, and games played out (positions and views at
  every stage, Bingo replies and exchanges included);
- ``mutate``: a fast mutation fuzzer over them, structure-aware (values swapped for hostile ones:
  bools, floats, NaN, huge integers, lone surrogates, unknown keys, deep nesting) and byte-level
  (flipped, cut, spliced, invalid UTF-8);
- ``targets``: each parser, and what its answer must be: a value that round-trips, or a named
  error (a ``DominoSolverError``); anything else is a finding. Engine requests go to a real engine
  (``dominosolver engine``) in its own process, so that its death is seen;
- ``strategies``: hypothesis strategies (hostile JSON values, valid seeds edited, notation edited
  token by token, whole 42 deals, engine request lines), used by ``test_fuzz.py``;
- ``runner``: runs the inputs in worker processes, so that a crash of the interpreter is seen and
  its input named, and reports inputs, named errors, other exceptions, crashes, engine deaths,
  hangs and round-trip mismatches (all but the first two must be 0).

``test_fuzz.py`` runs the hypothesis tests and a bounded fuzz (20 s, in a subprocess). The long run:
``python -m tests.fuzz --long`` from the repository root (10**6 inputs), or ``--inputs N`` or
``--seconds S``; ``--seed S --replay K`` shows input K of a run and runs it here.
"""
