"""Shared test configuration: hypothesis runs derandomized (the same examples on every run), with no
deadline (no wall-clock assertions) and no example database written into the tree."""

from hypothesis import settings

settings.register_profile("dominosolver", derandomize=True, deadline=None, database=None)
settings.load_profile("dominosolver")
