"""What batch-analysis tests share."""

from __future__ import annotations

import json


def stable(results: list[dict]) -> list[dict]:
    """Results without wall-clock fields (a copy), so two runs compare equal."""
    out = json.loads(json.dumps(results))
    for r in out:
        if "result" in r:
            r["result"].pop("elapsed", None)
    return out
