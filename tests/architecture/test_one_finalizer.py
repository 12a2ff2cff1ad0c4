"""SplitMix64's finalizer (the 64-bit mix behind the deals' shuffles and the tables' keys) is written
once, in cpp/include/dominosolver/core/random.hpp: every other mix calls `splitmix64_mix`."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOME = ROOT / "cpp" / "include" / "dominosolver" / "core" / "random.hpp"
# The finalizer's two multipliers, in any case, with or without C++'s suffixes.
MULTIPLIERS = re.compile(r"0x(?:bf58476d1ce4e5b9|94d049bb133111eb)", re.IGNORECASE)


def test_the_finalizer_is_written_once():
    sources = [p for folder in ("cpp", "src", "wasm", "python") for p in (ROOT / folder).rglob("*")
               if p.suffix in (".cpp", ".hpp", ".h", ".py", ".js") and "__pycache__" not in p.parts]
    assert HOME in sources and len(MULTIPLIERS.findall(HOME.read_text())) == 2  # it finds the one copy
    copies = [f"{p.relative_to(ROOT)}:{n}" for p in sources if p != HOME
              for n, line in enumerate(p.read_text(errors="replace").splitlines(), 1) if MULTIPLIERS.search(line)]
    assert not copies, f"SplitMix64's finalizer written again (call splitmix64_mix, core/random.hpp): {copies}"
