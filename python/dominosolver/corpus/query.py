"""Questions answered from a corpus (docs/corpus.md, "Queries"): make rates by hand features, the
best declaration for a hand pattern, par statistics. A query reads the partitions one at a time
(only the columns it needs), so its memory does not grow with the corpus.

Hand features, of the declarer's seven tiles as dealt:

- ``doubles``: doubles held (0..7);
- ``trumps``: tiles of the declaration's trump suit held (a suit: the tiles bearing its number,
  its double included; doubles trump: the doubles; follow-me: 0);
- ``count``: points of count tiles held (5-5 and 6-4 are 10, 5-0, 4-1 and 3-2 are 5: 0..35);
- ``long``: tiles in the hand's longest suit (its most frequent number, a double counting once);
- ``declaration``: the declaration (``make-rates`` only), and ``seat`` (N E S W).

A bid level ``b`` is made by a row when its double-dummy points reach ``points_needed(b)``: ``b``
for 30..41, all 42 (every trick) for a mark bid."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import ParseError, shown
from ..texas42.rules import Rules
from ..tiles import Tile
from .rows import SEAT_NAMES, require_pyarrow
from .store import CorpusMismatchError, Store, checksum

__all__ = [
    "CLASSES",
    "FEATURES",
    "PAR_GROUPS",
    "PATTERN_FEATURES",
    "Corpus",
    "QueryResult",
    "best_declarations",
    "bid_levels",
    "hand_features",
    "make_rates",
    "par_stats",
]

TILE_IDS = range(28)
DOUBLES_MASK = sum(1 << t for t in TILE_IDS if Tile.from_id(t).is_double)
SUIT_MASKS = [sum(1 << t for t in TILE_IDS if n in (Tile.from_id(t).hi, Tile.from_id(t).lo)) for n in range(7)]
COUNT_TILES = {Tile("5-5").id: 10, Tile("6-4").id: 10, Tile("5-0").id: 5, Tile("4-1").id: 5, Tile("3-2").id: 5}
FEATURES = ("doubles", "trumps", "count", "long", "declaration", "seat")
PATTERN_FEATURES = ("doubles", "long", "count", "seat")
CLASSES = ("long_suit", "second_suit", "doubles", "follow_me")
PAR_GROUPS = ("contract", "marks", "caller", "declaration", "reach")


def _popcount(masks: np.ndarray) -> np.ndarray:
    m = masks.astype(np.uint32)
    bits = np.unpackbits(m.view(np.uint8).reshape(*m.shape, 4), axis=-1)
    return bits.sum(axis=-1).astype(np.int16)


def hand_features(masks: np.ndarray) -> dict[str, np.ndarray]:
    """Features of hands given as tile masks (any shape): doubles, count, each suit's length (``suits``,
    a trailing axis of 7), the longest suit's number (``long_suit``, the higher number on ties) and
    length (``long``), the second longest's number (``second_suit``)."""
    masks = np.asarray(masks, dtype=np.int64)
    suits = np.stack([_popcount(masks & m) for m in SUIT_MASKS], axis=-1)
    count = np.zeros(masks.shape, dtype=np.int16)
    for tile, points in COUNT_TILES.items():
        count += ((masks >> tile) & 1).astype(np.int16) * points
    # Ties to the higher number: rank by length, then number.
    key = suits.astype(np.int32) * 8 + np.arange(7)
    order = np.argsort(-key, axis=-1)
    return {"doubles": _popcount(masks & DOUBLES_MASK), "count": count, "suits": suits,
            "long_suit": order[..., 0], "second_suit": order[..., 1], "long": np.take_along_axis(suits, order[..., :1], -1)[..., 0]}


@dataclass(frozen=True)
class QueryResult:
    """A query's answer: one row a group (its keys, ``n``, and the query's figures)."""

    query: str
    corpus: str
    rows_read: int  # deals read
    units: str  # what one counted item is: "deal", "deal x seat", "deal x seat x declaration"
    by: list[str]
    columns: list[str]  # the figures of each group, in order
    groups: list[dict[str, Any]] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"schema": "dominosolver.corpusquery/1", "query": self.query, "corpus": self.corpus,
                "rows_read": self.rows_read, "units": self.units, "by": self.by, "columns": self.columns,
                "params": self.params, "groups": self.groups}


class Corpus:
    """A built corpus, read: its manifest and its partitions, one at a time (``batches``)."""

    def __init__(self, directory: str | Path) -> None:
        self.store = Store(directory)
        manifest = self.store.read_manifest()
        if manifest is None:
            raise CorpusMismatchError(f"{directory} holds no corpus (no manifest.json): build one with `dominosolver corpus build`")
        self.manifest = manifest
        self.rules = Rules.of_record(manifest)
        self.declarations: list[Any] = list(manifest["declarations"])
        self.contracts: list[str] = list(manifest["contracts"])

    @property
    def name(self) -> str:
        return str(self.manifest["name"])

    @property
    def rows(self) -> int:
        return int(self.manifest["rows"])

    def check(self) -> list[str]:
        """Partitions whose file is missing or whose checksum differs from the manifest's (empty: all well)."""
        bad = []
        for e in self.manifest["partitions"]:
            path = self.store.root / e["file"]
            if not path.is_file() or checksum(path) != e["sha256"]:
                bad.append(e["file"])
        return bad

    def batches(self, columns: Iterable[str] | None = None) -> Iterator[dict[str, np.ndarray]]:
        """Each finished partition in deal order, as column name -> numpy array."""
        require_pyarrow()
        import pyarrow.parquet as pq

        cols = None if columns is None else list(dict.fromkeys(columns))
        for path in self.store.partition_paths(self.manifest):
            table = pq.read_table(path, columns=cols)
            yield {name: table.column(name).to_numpy(zero_copy_only=False) for name in table.column_names}

    def dd_columns(self, declarations: list[Any] | None = None) -> list[str]:
        return [f"dd_{_word(d)}_{s}" for d in (declarations if declarations is not None else self.declarations)
                for s in SEAT_NAMES]

    def dd(self, batch: dict[str, np.ndarray], declarations: list[Any]) -> np.ndarray:
        """Points, shape (deals, declarations, seats)."""
        return np.stack([np.stack([batch[f"dd_{_word(d)}_{s}"] for s in SEAT_NAMES], axis=-1)
                         for d in declarations], axis=1).astype(np.int16)

    def hands(self, batch: dict[str, np.ndarray]) -> np.ndarray:
        return np.stack([batch[f"hand_{s}"] for s in SEAT_NAMES], axis=-1).astype(np.int64)

    def table(self, columns: Iterable[str] | None = None) -> Any:
        """The whole corpus (or some columns) as one Arrow table."""
        pa = require_pyarrow()
        import pyarrow.parquet as pq

        tables = [pq.read_table(p, columns=None if columns is None else list(columns))
                  for p in self.store.partition_paths(self.manifest)]
        return pa.concat_tables(tables) if tables else None


def _word(declaration: Any) -> str:
    return str(declaration).replace("-", "_")


def bid_levels(values: Iterable[Any]) -> list[int]:
    """Bid levels: 30..41, or a mark bid (42, 84, ...) standing for every trick."""
    out = []
    for v in values:
        try:
            b = int(v)
        except (TypeError, ValueError):
            raise ParseError(f"a bid level is 30..41 or a mark bid (42, 84, ...), not {shown(v)}") from None
        if not (30 <= b <= 41 or (b >= 42 and b % 42 == 0)):
            raise ParseError(f"a bid level is 30..41 or a mark bid (42, 84, ...), not {shown(v)}")
        out.append(b)
    if not out:
        raise ParseError("give at least one bid level")
    return out


def _features(by: Iterable[str], allowed: tuple[str, ...]) -> list[str]:
    by = [b.strip() for b in (by.split(",") if isinstance(by, str) else by) if b.strip()]
    for b in by:
        if b not in allowed:
            raise ParseError(f"unknown feature {shown(b)}: {', '.join(allowed)}")
    if len(set(by)) != len(by):
        raise ParseError(f"a feature is named twice in {by}")
    return by


def _declarations(corpus: Corpus, which: str | Iterable[Any]) -> list[Any]:
    named = {str(d): d for d in corpus.declarations} | {"follow-me": "none"}
    if which == "suits":
        return [d for d in corpus.declarations if isinstance(d, int)]
    if which == "all":
        return list(corpus.declarations)
    items = which.split(",") if isinstance(which, str) else list(which)
    out = []
    for item in items:
        key = str(item).strip()
        if key not in named:
            raise ParseError(f"unknown declaration {shown(item)}: suits, all, or some of {', '.join(named)}")
        out.append(named[key])
    return out


class _Groups:
    """Sums by group key (a tuple of feature values)."""

    def __init__(self, width: int) -> None:
        self.sums: dict[tuple[Any, ...], np.ndarray] = {}
        self.width = width

    def add(self, keys: list[np.ndarray], values: np.ndarray) -> None:
        """``values`` (items, width) summed into the group of each item's keys."""
        if not len(values):
            return
        code = np.zeros(len(values), dtype=np.int64)
        uniques = []
        for k in keys:
            u, inverse = np.unique(np.asarray(k), return_inverse=True)
            code = code * len(u) + inverse.reshape(-1)
            uniques.append(u)
        groups, inverse = np.unique(code, return_inverse=True)
        sums = np.zeros((len(groups), self.width))
        np.add.at(sums, inverse.reshape(-1), values)
        for g, c in enumerate(groups):
            parts = []
            for u in reversed(uniques):
                c, r = divmod(int(c), len(u))
                parts.append(_plain(u[r]))
            key = tuple(reversed(parts))
            if key in self.sums:
                self.sums[key] += sums[g]
            else:
                self.sums[key] = sums[g].copy()

    def sorted(self) -> list[tuple[tuple[Any, ...], np.ndarray]]:
        return sorted(self.sums.items(), key=lambda kv: tuple(_order(x) for x in kv[0]))


def _order(x: Any) -> tuple[int, float, str]:
    """Numbers in order, then labels by their leading number ("30" < "126" < "168:plunge"), then words."""
    if isinstance(x, (int, float)):
        return (0, float(x), "")
    head = str(x).split(":")[0]
    return (1, float(head), str(x)) if head.isdigit() else (2, 0.0, str(x))


def _plain(x: Any) -> Any:
    return x.item() if hasattr(x, "item") else x


def make_rates(corpus: Corpus | str | Path, by: Iterable[str] | str = ("doubles", "trumps"), bids: Iterable[Any] = (30,),
               declarations: str | Iterable[Any] = "suits", min_n: int = 1) -> QueryResult:
    """How often a declarer makes each bid level, by features of its hand (module doc): one item per
    deal, seat and declaration (``"suits"``, ``"all"`` or a list: ``[4, "doubles"]``), the seat
    declaring it and leading; groups of fewer than ``min_n`` items left out."""
    corpus = corpus if isinstance(corpus, Corpus) else Corpus(corpus)
    by = _features(by, FEATURES)
    levels = bid_levels(bids)
    decls = _declarations(corpus, declarations)
    needs = [corpus.rules.points_needed(b) for b in levels]
    groups = _Groups(2 + len(levels))
    read = 0
    for batch in corpus.batches(["deal"] + [f"hand_{s}" for s in SEAT_NAMES] + corpus.dd_columns(decls)):
        n = len(batch["deal"])
        read += n
        points = corpus.dd(batch, decls)  # (n, D, 4)
        feats = hand_features(corpus.hands(batch))  # (n, 4)
        shape = points.shape
        values = {"doubles": np.broadcast_to(feats["doubles"][:, None, :], shape),
                  "count": np.broadcast_to(feats["count"][:, None, :], shape),
                  "long": np.broadcast_to(feats["long"][:, None, :], shape),
                  "seat": np.broadcast_to(np.array(SEAT_NAMES)[None, None, :], shape),
                  "declaration": np.broadcast_to(np.array([str(d) for d in decls])[None, :, None], shape)}
        trumps = np.zeros(shape, dtype=np.int16)
        for k, d in enumerate(decls):
            if isinstance(d, int):
                trumps[:, k, :] = feats["suits"][..., d]
            elif d == "doubles":
                trumps[:, k, :] = feats["doubles"]
        values["trumps"] = trumps
        keys = [np.asarray(values[b]).reshape(-1) for b in by]
        flat = points.reshape(-1)
        figures = np.column_stack([np.ones(len(flat)), flat] + [(flat >= need) for need in needs])
        groups.add(keys, figures)
    out = []
    for key, sums in groups.sorted():
        if sums[0] < min_n:
            continue
        row: dict[str, Any] = dict(zip(by, key))
        row["n"] = int(sums[0])
        row["mean_points"] = round(float(sums[1] / sums[0]), 3)
        row.update({f"make_{b}": round(float(s / sums[0]), 4) for b, s in zip(levels, sums[2:])})
        out.append(row)
    return QueryResult("make-rates", corpus.name, read, "deal x seat x declaration", by,
                       ["n", "mean_points"] + [f"make_{b}" for b in levels], out,
                       {"bids": levels, "declarations": [str(d) for d in decls], "min_n": min_n})


def best_declarations(corpus: Corpus | str | Path, by: Iterable[str] | str = ("doubles", "long"), bid: Any = 30,
                      min_n: int = 1) -> QueryResult:
    """For hands of each pattern (features of the seat's hand: doubles, long, count, seat), the mean
    points and the make rate of ``bid`` of each kind of declaration the hand can choose without
    seeing the others (``CLASSES``: its longest suit, its second longest, doubles, follow-me), the
    kind with the highest mean (``best``), and the double-dummy best of all nine (``dd_best_*``, a
    bound no bidder reaches). One item per deal and seat."""
    corpus = corpus if isinstance(corpus, Corpus) else Corpus(corpus)
    by = _features(by, PATTERN_FEATURES)
    (level,) = bid_levels([bid])
    need = corpus.rules.points_needed(level)
    decls = list(corpus.declarations)
    suit_index = [decls.index(n) for n in range(7)]
    groups = _Groups(1 + 2 * (len(CLASSES) + 1))
    read = 0
    for batch in corpus.batches(["deal"] + [f"hand_{s}" for s in SEAT_NAMES] + corpus.dd_columns(decls)):
        n = len(batch["deal"])
        read += n
        points = corpus.dd(batch, decls)  # (n, D, 4)
        feats = hand_features(corpus.hands(batch))
        seat_axis = np.arange(4)[None, :]
        deal_axis = np.arange(n)[:, None]
        by_class = {
            "long_suit": points[deal_axis, np.take(suit_index, feats["long_suit"]), seat_axis],
            "second_suit": points[deal_axis, np.take(suit_index, feats["second_suit"]), seat_axis],
            "doubles": points[:, decls.index("doubles"), :],
            "follow_me": points[:, decls.index("none"), :],
        }
        best = points.max(axis=1)
        cols = [np.ones(n * 4)]
        for c in CLASSES:
            cols += [by_class[c].reshape(-1), (by_class[c] >= need).reshape(-1)]
        cols += [best.reshape(-1), (best >= need).reshape(-1)]
        values = {"doubles": feats["doubles"], "long": feats["long"], "count": feats["count"],
                  "seat": np.broadcast_to(np.array(SEAT_NAMES)[None, :], (n, 4))}
        groups.add([np.asarray(values[b]).reshape(-1) for b in by], np.column_stack(cols))
    out = []
    for key, sums in groups.sorted():
        if sums[0] < min_n:
            continue
        row: dict[str, Any] = dict(zip(by, key))
        row["n"] = int(sums[0])
        means = {}
        for k, c in enumerate(CLASSES):
            means[c] = float(sums[1 + 2 * k] / sums[0])
            row[f"{c}_mean"] = round(means[c], 3)
            row[f"{c}_make"] = round(float(sums[2 + 2 * k] / sums[0]), 4)
        row["best"] = max(CLASSES, key=lambda c: means[c])  # ties: the first in CLASSES
        row["dd_best_mean"] = round(float(sums[-2] / sums[0]), 3)
        row["dd_best_make"] = round(float(sums[-1] / sums[0]), 4)
        out.append(row)
    columns = ["n"] + [f"{c}_{w}" for c in CLASSES for w in ("mean", "make")] + ["best", "dd_best_mean", "dd_best_make"]
    return QueryResult("best-declaration", corpus.name, read, "deal x seat", by, columns, out,
                       {"bid": level, "min_n": min_n})


def contract_label(bid: int, kind: str) -> str:
    if bid == 0:
        return "thrown in"
    return str(bid) if kind in ("", "ordinary") else f"{bid}:{kind}"


def turn(rules: Rules, dealer: int, seat: int) -> int:
    """``seat``'s turn in the auction: 1 for the seat after the dealer, ``rules.seats`` for the dealer."""
    return next(k for k in range(1, rules.seats + 1) if rules.seat_after(dealer, k) == seat)


def par_stats(corpus: Corpus | str | Path, by: str = "contract") -> QueryResult:
    """How deals' par results fall (docs/corpus.md, "Par"), by ``by``: ``contract`` (the par bid),
    ``marks`` (marks the par side scores), ``caller`` (the par declarer's turn in the auction, 1
    left of the dealer to 4 the dealer), ``declaration`` (what makes the par contract), ``reach`` (each
    side's own best, ``none`` where it makes nothing: two items a deal). Each group: ``n`` and ``share``, and the mean marks."""
    corpus = corpus if isinstance(corpus, Corpus) else Corpus(corpus)
    if by not in PAR_GROUPS:
        raise ParseError(f"unknown par grouping {shown(by)}: {', '.join(PAR_GROUPS)}")
    counts: dict[Any, list[float]] = {}
    read = 0
    cols = ["deal", "dealer", "par_declarer", "par_bid", "par_kind", "par_declaration", "par_marks",
            "reach_NS_bid", "reach_NS_kind", "reach_NS_marks", "reach_EW_bid", "reach_EW_kind", "reach_EW_marks"]
    for batch in corpus.batches(cols):
        n = len(batch["deal"])
        read += n
        if by == "reach":
            items = [(contract_label(int(b), str(k)) if b else "none", int(m)) for side in ("NS", "EW")
                     for b, k, m in zip(batch[f"reach_{side}_bid"], batch[f"reach_{side}_kind"], batch[f"reach_{side}_marks"])]
        else:
            items = []
            for i in range(n):
                declarer, bid, kind = int(batch["par_declarer"][i]), int(batch["par_bid"][i]), str(batch["par_kind"][i])
                marks = abs(int(batch["par_marks"][i]))
                if by == "contract":
                    key: Any = contract_label(bid, kind)
                elif by == "marks":
                    key = marks
                elif by == "caller":
                    key = "thrown in" if declarer < 0 else turn(corpus.rules, int(batch["dealer"][i]), declarer)
                else:
                    key = str(batch["par_declaration"][i]) or "thrown in"
                items.append((key, marks))
        for key, marks in items:
            slot = counts.setdefault(key, [0, 0])
            slot[0] += 1
            slot[1] += marks
    total = sum(v[0] for v in counts.values())
    rows = []
    for key in sorted(counts, key=_order):
        n, marks = counts[key]
        rows.append({by: key, "n": int(n), "share": round(n / total, 4), "mean_marks": round(marks / n, 3)})
    return QueryResult("par", corpus.name, read, "deal x side" if by == "reach" else "deal", [by],
                       ["n", "share", "mean_marks"], rows, {})
