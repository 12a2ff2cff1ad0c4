"""The known answers of independent reference solvers (tests/data/, copied from the project's
shared data), one JSON object a line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


def known(name: str) -> list[dict[str, Any]]:
    """The records of ``tests/data/<name>.jsonl``."""
    return [json.loads(line) for line in (DATA / f"{name}.jsonl").read_text().splitlines() if line.strip()]
