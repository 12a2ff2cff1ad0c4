"""A corpus row: one deal with its tables and par (docs/corpus.md, "Columns"), and the worker's job:
solve a range of deals into an Arrow table. Every column is a plain scalar, named so that other
tools (pandas, DuckDB, Spark) read the corpus without this package:

- ``deal`` (int64), ``dealer`` (int8, N E S W = 0..3), ``hand_N`` ... ``hand_W`` (int32: bit t set
  for tile id t);
- ``dd_<declaration>_<seat>`` (int8): points the declaring side takes, the seat declaring and leading
  (``rules.table_declarations``: ``0``..``6``, ``doubles``, ``none`` for follow-me);
- ``all_<declaration>_<seat>`` (bool): the seat's side takes every trick, its partner naming the
  declaration and leading (a Plunge or Splash by the seat); ``may_plunge_<seat>``, ``may_splash_<seat>``
  (bool): the seat holds the doubles to bid them;
- ``makes_<contract>_<seat>`` (bool): the seat makes that contract of its own (``sevens``, ``nello``,
  ``nello_high``, ``nello_low``) declaring it on a mark bid and leading;
- ``par_declarer`` (int8, -1 thrown in), ``par_bid`` (int16), ``par_kind``, ``par_declaration``
  (string), ``par_marks`` (int8: NS's marks less EW's), and for each side ``reach_<side>_bid``,
  ``reach_<side>_kind``, ``reach_<side>_marks`` (what it makes alone: see par.py).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..errors import DominoSolverError
from ..texas42.rules import Rules
from ..texas42.solve import Solver
from .deals import deal_of
from .par import SIDES, par_of

__all__ = ["Layout", "require_pyarrow", "solve_range"]

SEAT_NAMES = ("N", "E", "S", "W")
TT_MB = 64


def require_pyarrow() -> Any:
    try:
        import pyarrow
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise DominoSolverError("the corpus needs pyarrow: pip install 'dominosolver[corpus]'") from e
    return pyarrow


def column_word(name: object) -> str:
    return str(name).replace("-", "_")


class Layout:
    """The columns of a corpus with these rules (module doc), in order."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        contracts = own_contracts(rules)
        self.declarations = [column_word(d) for d in rules.table_declarations]
        self.contracts = [column_word(c) for c in contracts]
        self.raw_contracts = list(contracts)
        seats = SEAT_NAMES
        self.hand = [f"hand_{s}" for s in seats]
        self.dd = [f"dd_{d}_{s}" for d in self.declarations for s in seats]
        self.all = [f"all_{d}_{s}" for d in self.declarations for s in seats]
        self.may = [f"may_{k}_{s}" for k in ("plunge", "splash") for s in seats]
        self.makes = [f"makes_{c}_{s}" for c in self.contracts for s in seats]
        self.par = ["par_declarer", "par_bid", "par_kind", "par_declaration", "par_marks"]
        self.reach = [f"reach_{side}_{what}" for side in SIDES for what in ("bid", "kind", "marks")]

    def schema(self) -> Any:
        pa = require_pyarrow()
        fields = [pa.field("deal", pa.int64()), pa.field("dealer", pa.int8())]
        fields += [pa.field(n, pa.int32()) for n in self.hand]
        fields += [pa.field(n, pa.int8()) for n in self.dd]
        fields += [pa.field(n, pa.bool_()) for n in self.all + self.may + self.makes]
        fields += [pa.field("par_declarer", pa.int8()), pa.field("par_bid", pa.int16()),
                   pa.field("par_kind", pa.string()), pa.field("par_declaration", pa.string()),
                   pa.field("par_marks", pa.int8())]
        for side in SIDES:
            fields += [pa.field(f"reach_{side}_bid", pa.int16()), pa.field(f"reach_{side}_kind", pa.string()),
                       pa.field(f"reach_{side}_marks", pa.int8())]
        return pa.schema(fields)


def own_contracts(rules: Rules) -> list[str]:
    """The declarations the rules offer that set a contract of their own (the special table's
    ``contracts``: Sevens, Nel-O's doubles modes), in the rules' order."""
    table = set(rules.table_declarations)
    return [str(d) for d in rules.declarations if d not in table]


def solve_deal(solver: Solver, rules: Rules, name: str, index: int) -> dict[str, Any]:
    """Deal ``index`` of corpus ``name`` with its tables and par, as one row (column -> value)."""
    deal = deal_of(name, index)
    tiles = deal.tiles()
    dd = solver.dd_table(tiles, rules)
    special = solver.special_table(tiles, rules)
    par = par_of(rules, deal.hands, deal.dealer, dd.points, special.every_trick, special.contracts, special.makes)
    row: dict[str, Any] = {"deal": index, "dealer": deal.dealer}
    row.update(zip((f"hand_{s}" for s in SEAT_NAMES), deal.masks))
    row["dd"] = np.asarray(dd.points, dtype=np.int8).reshape(-1)
    row["all"] = np.asarray(special.every_trick, dtype=bool).reshape(-1)
    row["may"] = np.array(list(special.may_bid.get("plunge", [False] * 4)) + list(special.may_bid.get("splash", [False] * 4)),
                          dtype=bool)
    row["makes"] = np.asarray(special.makes, dtype=bool).reshape(-1)
    row["contracts"] = list(special.contracts)
    p = par.par
    row.update(par_declarer=p.declarer, par_bid=p.bid, par_kind=p.kind, par_declaration=p.declaration,
               par_marks=p.ns_marks)
    for side, r in zip(SIDES, par.reach):
        row.update({f"reach_{side}_bid": r.bid if r.made else 0, f"reach_{side}_kind": r.kind if r.made else "",
                    f"reach_{side}_marks": r.marks if r.made else 0})
    return row


def rows_table(rows: list[dict[str, Any]], layout: Layout) -> Any:
    """The rows as an Arrow table of ``layout``'s schema."""
    pa = require_pyarrow()
    columns: dict[str, Any] = {"deal": [r["deal"] for r in rows], "dealer": [r["dealer"] for r in rows]}
    for n in layout.hand:
        columns[n] = [r[n] for r in rows]
    for group, names in (("dd", layout.dd), ("all", layout.all), ("may", layout.may), ("makes", layout.makes)):
        block = np.stack([r[group] for r in rows]) if rows else np.zeros((0, len(names)))
        if block.shape[1] != len(names):
            raise DominoSolverError(f"the solver's {group} table has {block.shape[1]} cells, the corpus {len(names)}")
        for k, n in enumerate(names):
            columns[n] = block[:, k]
    for n in layout.par + layout.reach:
        columns[n] = [r[n] for r in rows]
    return pa.Table.from_pydict(columns, schema=layout.schema())


def solve_range(name: str, rules_json: dict[str, Any], first: int, end: int) -> tuple[bytes, float]:
    """Deals ``first`` to ``end - 1`` of corpus ``name`` solved, as the bytes of a Parquet file (what
    a worker sends back: the client writes it, so workers need no shared disk), and the CPU seconds
    the worker spent on them (whatever else the machine runs)."""
    started = time.process_time()
    pa = require_pyarrow()
    import pyarrow.parquet as pq

    rules = Rules.of_game("texas42", rules_json)
    solver = Solver(TT_MB)
    rows = [solve_deal(solver, rules, name, i) for i in range(first, end)]
    layout = Layout(rules)
    if rows and rows[0]["contracts"] != layout.raw_contracts:
        raise DominoSolverError(f"the special table's contracts {rows[0]['contracts']} are not the rules' {layout.raw_contracts}")
    table = rows_table(rows, layout)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    return sink.getvalue().to_pybytes(), time.process_time() - started
