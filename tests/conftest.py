"""Shared test configuration: hypothesis runs derandomized (the same examples on every run), with no
deadline or timing health check (no wall-clock verdicts) and no example database written into the
tree."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "dominosolver",
    derandomize=True,
    deadline=None,
    database=None,
    # too_slow is a timing check: no wall-clock verdicts on a shared CI machine
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("dominosolver")
