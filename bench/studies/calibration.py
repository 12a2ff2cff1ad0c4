"""How well the bid advisor's P(make) predicts the table: predicted against realised make rates.

    python bench/studies/calibration.py --hands 2000 -o bench/out/calibration.jsonl --svg docs/calibration.svg
    python bench/studies/calibration.py --summarise-only bench/out/calibration.jsonl --svg docs/calibration.svg

Hand ``i`` is the first hand of ``Game(seed=i, dealer=i % 4)`` (standard 42), bid and played by
``HintBot(seed=i)`` on all four seats (``--samples`` worlds a play hint, ``--bid-samples`` deals a
bid). For each contract the declarer's view as it made its winning bid (the game's moves replayed
up to that bid) is advised again with ``--predict-samples`` deals from the fixed ``--predict-seed``;
the record keeps, for the contract's bid, the raw double-dummy P(make) of the declaration named
(``p_make``), the same judged 5 points lower (``p_bid``, as HintBot judges a point bid), the best of
the declarations (``p_max``, ``p_max_bid``), and whether the contract was made. One JSON line a hand
to ``-o`` (a thrown-in hand: ``"contract": null``); a rerun skips the hands already there.

The summary: per decile of the prediction (equal counts; ``--fixed-bins``: 0.1 wide), contracts,
mean predicted, realised rate and its Wilson 95% interval, for the raw and the discounted P(make);
a logistic correction ``P(made) = 1 / (1 + exp(-(a + b logit p)))``, p clipped to [0.01, 0.99],
fitted by Newton's method, its decile table in-sample (fitted on the same contracts) and 2-fold
cross-validated (even hands fitted, odd predicted, and the reverse); Brier score and log loss of
each. ``--svg`` draws the reliability plot.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from contextlib import nullcontext, suppress
from functools import partial
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from dominosolver.pictures.svg import INK, MUTED, Canvas, number
from dominosolver.texas42 import Game
from dominosolver.texas42.bidding import advise_bid
from dominosolver.texas42.bots import HintBot
from dominosolver.texas42.rules import SEATS, bid_name

DISCOUNT, CLIP = 5, 0.01
SETTINGS = ("samples", "bid_samples", "predict_samples", "predict_seed")


def play_hand(i: int, samples: int, bid_samples: int, predict_samples: int, predict_seed: int) -> dict[str, Any]:
    """Hand ``i`` bid and played by four HintBots, and the declarer's P(make) at its winning bid."""
    start = time.perf_counter()
    game, bot = Game(seed=i, dealer=i % 4), HintBot(samples=samples, bid_samples=bid_samples, seed=i, threads=1)
    while not game.hands_played:
        game.play(bot.choose(game))
    hand = game.hands_played[0]
    record: dict[str, Any] = {"hand": i, "samples": samples, "bid_samples": bid_samples,
                              "predict_samples": predict_samples, "predict_seed": predict_seed, "contract": None}
    contract, played = hand["contract"], time.perf_counter()
    if contract is not None:
        bid, trump = contract.bid, hand["trump"]
        k = max(j for j, m in enumerate(game.moves) if m.kind == "bid" and m.value == bid)  # the winning bid
        view = Game(seed=i, dealer=i % 4, moves=game.moves[:k]).view(contract.declarer)
        assert view.legal_bids, "the declarer is to bid"
        advice = advise_bid(view, samples=predict_samples, seed=predict_seed, discount=DISCOUNT, threads=1)
        raw, judged = advice.p_make(bid), advice.p_bid(bid)  # per declaration
        named = advice.declarations.index(trump) if trump in advice.declarations else None
        record.update({
            "contract": f"{SEATS[contract.declarer]}{bid_name(bid)}", "declarer": SEATS[contract.declarer],
            "bid": int(bid), "trump": trump, "forced": 0 not in view.legal_bids, "made": bool(hand["result"]["made"]),
            "p_make": None if named is None else float(raw[named]),
            "p_bid": None if named is None else float(judged[named]),
            "p_max": float(raw.max()), "p_max_bid": float(judged.max()),
        })
    record["seconds"] = {"play": round(played - start, 3), "predict": round(time.perf_counter() - played, 3)}
    return record


def wilson(made: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = made / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def bins_of(p: np.ndarray, fixed: bool) -> list[np.ndarray]:
    """Indices per bin: ten 0.1-wide bins (empty ones dropped), or deciles of equal count."""
    if fixed:
        which = np.minimum((p * 10).astype(int), 9)
        return [np.flatnonzero(which == b) for b in range(10) if (which == b).any()]
    return [b for b in np.array_split(np.argsort(p, kind="stable"), min(10, len(p))) if len(b)]


def table(p: np.ndarray, made: np.ndarray, title: str, fixed: bool) -> list[tuple[int, float, float, float, float]]:
    """Print and return the bins: (count, mean predicted, realised, Wilson low, high)."""
    rows = []
    for b in bins_of(p, fixed):
        lo, hi = wilson(made[b].sum(), len(b))
        rows.append((len(b), float(p[b].mean()), float(made[b].mean()), lo, hi))
    clipped = np.clip(p, 1e-6, 1 - 1e-6)
    brier, loss = np.mean((p - made) ** 2), -np.mean(made * np.log(clipped) + (1 - made) * np.log(1 - clipped))
    print(f"\n{title}: mean predicted {p.mean():.3f}, realised {made.mean():.3f}; Brier {brier:.4f}, log loss {loss:.4f}")
    print(f"{'predictions':>12} {'count':>6} {'predicted':>10} {'realised':>9}   Wilson 95%     realised - predicted")
    for b, (n, mp, r, lo, hi) in zip(bins_of(p, fixed), rows):
        print(f"{p[b].min():.3f}-{p[b].max():.3f} {n:>6} {mp:>10.3f} {r:>9.3f}   {lo:.3f}-{hi:.3f}    {r - mp:+.3f}")
    return rows


def logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, CLIP, 1 - CLIP)
    return np.log(p / (1 - p))


def fit(p: np.ndarray, made: np.ndarray) -> np.ndarray:
    """(a, b) of made ~ a + b logit(p) by Newton's method (a 1e-6 ridge keeps it finite)."""
    x = np.column_stack([np.ones(len(p)), logit(p)])
    w = np.zeros(2)
    for _ in range(50):
        q = 1 / (1 + np.exp(-x @ w))
        step = np.linalg.solve(x.T @ (x * (q * (1 - q))[:, None]) + 1e-6 * np.eye(2), x.T @ (made - q) - 1e-6 * w)
        w += step
        if np.abs(step).max() < 1e-10:
            break
    return w


def corrected(w: np.ndarray, p: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-(w[0] + w[1] * logit(p))))


def reliability_svg(curves: list[tuple[str, str, list[Any]]], w: np.ndarray, n: int, path: Path) -> None:
    """x predicted, y realised, both from the lowest bin's tenth to 1: the diagonal, the fitted
    correction, each curve's bins (Wilson bars and counts on the first)."""
    low = math.floor(10 * min(min(r[1], r[2], r[3]) for _, _, rows in curves for r in rows)) / 10
    size, left, top = 440, 60, 52
    canvas = Canvas(left + size + 40, top + size + 88 + 18 * len(curves), "Bid advisor calibration")
    canvas.text(16, 22, "Bid advisor: predicted P(make) against contracts made", size=15, font_weight="bold")
    canvas.text(16, 40, f"{n} contracts; HintBot on all four seats; predicted by advise_bid at the winning bid",
                size=11, fill=MUTED)
    x = lambda v: left + size * (v - low) / (1 - low)  # noqa: E731
    y = lambda v: top + size * (1 - v) / (1 - low)  # noqa: E731
    axes = canvas.group(stroke=MUTED, stroke_width=1)
    canvas.add("rect", axes, x=left, y=top, width=size, height=size, fill="none")
    for t in np.arange(low, 1.0001, 0.1 if low < 0.5 else 0.05):
        canvas.add("line", axes, x1=x(t), y1=y(low), x2=x(t), y2=y(low) + 4)
        canvas.add("line", axes, x1=x(low) - 4, y1=y(t), x2=x(low), y2=y(t))
        canvas.text(x(t), y(low) + 17, f"{t:.2f}", size=10, text_anchor="middle", fill=MUTED)
        canvas.text(x(low) - 7, y(t) + 4, f"{t:.2f}", size=10, text_anchor="end", fill=MUTED)
    canvas.text(x((1 + low) / 2), y(low) + 34, "predicted P(make)", size=12, text_anchor="middle")
    canvas.text(18, y((1 + low) / 2), "realised make rate", size=12, text_anchor="middle",
                transform=f"rotate(-90 18 {number(y((1 + low) / 2))})")
    canvas.add("line", x1=x(low), y1=y(low), x2=x(1), y2=y(1), stroke="#bbbbbb", stroke_dasharray="4 4")
    grid = np.linspace(low, 1, 101)
    canvas.add("polyline", points=" ".join(f"{number(x(g))},{number(y(c))}" for g, c in zip(grid, corrected(w, grid)) if c >= low),
               fill="none", stroke="#999999", stroke_width=1.2)
    for k, (label, colour, rows) in enumerate(curves):
        canvas.add("polyline", points=" ".join(f"{number(x(r[1]))},{number(y(r[2]))}" for r in rows),
                   fill="none", stroke=colour, stroke_width=1.8)
        for count, mp, r, lo, hi in rows:
            if k == 0:
                canvas.add("line", x1=x(mp), y1=y(lo), x2=x(mp), y2=y(hi), stroke=colour, stroke_opacity=0.5)
                canvas.text(x(mp) + 5, y(r) + 13, str(count), size=9, fill=colour)
            canvas.add("circle", cx=x(mp), cy=y(r), r=3.5, fill=colour)
    fitted = f"fitted correction: 1 / (1 + exp(-({w[0]:.3f} {w[1]:+.3f} logit p)))"
    for k, (label, colour, _) in enumerate([*curves, (fitted, "#999999", None)]):
        ly = y(low) + 56 + 18 * k
        canvas.add("line", x1=left, y1=ly - 4, x2=left + 24, y2=ly - 4, stroke=colour, stroke_width=1.8)
        canvas.text(left + 30, ly, label, size=11, fill=INK)
    path.write_text(canvas.to_svg() + "\n")


def summarise(records: list[dict[str, Any]], fixed: bool, svg: str | None, contracts: str | None = None) -> None:
    hands = len(records)
    records = [r for r in records if r["contract"] is not None]
    scored = [r for r in records if r["p_make"] is not None]
    play, predict = (np.mean([r["seconds"][k] for r in records] or [0]) for k in ("play", "predict"))
    print(f"{hands} hands, {hands - len(records)} thrown in, {len(records)} contracts "
          f"({len(records) - len(scored)} without a named declaration in the table), "
          f"made {sum(r['made'] for r in records)}; a contract's hand {play + predict:.2f} s "
          f"(play {play:.2f} s, prediction {predict:.2f} s)")
    if len(scored) < 4:
        return
    for name, keep in (("point bids", lambda r: r["bid"] < 42), ("bids of every trick", lambda r: r["bid"] >= 42),
                       ("forced bids", lambda r: r["forced"])):
        part = [r for r in scored if keep(r)]
        if part:
            print(f"  {name}: {len(part)}, made {np.mean([r['made'] for r in part]):.3f}, "
                  f"mean P(make) {np.mean([r['p_make'] for r in part]):.3f}")
    made = np.array([r["made"] for r in scored], dtype=float)
    raw, judged = np.array([r["p_make"] for r in scored]), np.array([r["p_bid"] for r in scored])
    bins = "0.1-wide bins" if fixed else "deciles"
    raw_rows = table(raw, made, f"Raw double-dummy P(make), declaration named, {bins}", fixed)
    table(judged, made, f"P(make) {DISCOUNT} points off (as HintBot judges a point bid), {bins}", fixed)
    table(np.array([r["p_max"] for r in scored]), made, f"Raw P(make), best declaration, {bins}", fixed)
    # The correction the package ships (texas42/calibration.py) is fitted on the raw double-dummy
    # P(make): it predicts better than the judged one (5 points off), whose discount loses information.
    w = fit(raw, made)
    print(f"\nCorrection of the raw P(make): P(made) = 1 / (1 + exp(-(a + b logit p))), p clipped to "
          f"[{CLIP}, {1 - CLIP}]: a = {w[0]:.4f}, b = {w[1]:.4f} (texas42/calibration.py's A, B; CONTRACTS = {len(scored)})")
    for q in (0.5, 0.75, 0.85) if w[1] > 0 else ():  # the raw P(make) the correction maps to q
        print(f"  calibrated {q}: raw P(make) {1 / (1 + math.exp(-(math.log(q / (1 - q)) - w[0]) / w[1])):.3f}")
    wj = fit(judged, made)
    print(f"  (fitted on the judged P(make) instead: a = {wj[0]:.4f}, b = {wj[1]:.4f}; Brier "
          f"{np.mean((corrected(wj, judged) - made) ** 2):.4f} against {np.mean((corrected(w, raw) - made) ** 2):.4f})")
    table(corrected(w, raw), made, f"Corrected, IN-SAMPLE (fitted on these same contracts), {bins}", fixed)
    even = np.array([r["hand"] % 2 == 0 for r in scored])
    cv = np.empty_like(raw)
    for fold in (even, ~even):
        wf = fit(raw[~fold], made[~fold])
        cv[fold] = corrected(wf, raw[fold])
        print(f"{'even' if fold is even else 'odd'} hands predicted by a fit on the others: a = {wf[0]:.4f}, b = {wf[1]:.4f}")
    cv_rows = table(cv, made, f"Corrected, 2-fold cross-validated (even/odd hands), {bins}", fixed)
    if svg:
        reliability_svg([("raw P(make), declaration named (Wilson 95%, contracts)", "#cb181d", raw_rows),
                         ("corrected, 2-fold cross-validated", "#2171b5", cv_rows)], w, len(scored), Path(svg))
        print(f"\nwrote {svg}")
    if contracts:  # what tests/texas42/test_calibration_fit.py refits
        with open(contracts, "w") as f:
            for r in scored:
                f.write(json.dumps({"hand": r["hand"], "contract": r["contract"], "made": r["made"],
                                    "p_bid": r["p_bid"], "p_make": r["p_make"]}) + "\n")
        print(f"wrote {len(scored)} contracts to {contracts}")


def read(path: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for line in path.read_text().splitlines() if path.exists() else []:
        with suppress(json.JSONDecodeError):  # a line cut short by a kill is skipped
            out.append(json.loads(line))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--first-hand", type=int, default=0)
    ap.add_argument("--samples", type=int, default=20, help="worlds a play hint")
    ap.add_argument("--bid-samples", type=int, default=16, help="deals a bid of the bots")
    ap.add_argument("--predict-samples", type=int, default=200, help="deals of the prediction")
    ap.add_argument("--predict-seed", type=int, default=42)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--fixed-bins", action="store_true", help="0.1-wide bins instead of deciles")
    ap.add_argument("-o", "--output")
    ap.add_argument("--summarise-only", metavar="FILE")
    ap.add_argument("--svg", metavar="FILE")
    ap.add_argument("--contracts", metavar="FILE", help="write the contracts fitted (tests/data/calibration_contracts.jsonl)")
    args = ap.parse_args()
    if args.summarise_only:
        return summarise(read(Path(args.summarise_only)), args.fixed_bins, args.svg, args.contracts)
    if not args.output:
        ap.error("-o FILE is needed to play (or --summarise-only FILE)")
    out, settings = Path(args.output), {k: getattr(args, k) for k in SETTINGS}
    records = [r for r in read(out) if all(r[k] == v for k, v in settings.items())]
    done = {r["hand"] for r in records}
    todo = [i for i in range(args.first_hand, args.first_hand + args.hands) if i not in done]
    task = partial(play_hand, **settings)
    with Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool, out.open("a") as f:
        for k, record in enumerate(pool.imap_unordered(task, todo) if pool else map(task, todo), 1):
            records.append(record)
            f.write(json.dumps(record) + "\n")
            f.flush()
            print(f"{k}/{len(todo)} hand {record['hand']}: {record['contract']} made {record.get('made')} "
                  f"p_make {record.get('p_make')} ({sum(record['seconds'].values()):.1f} s)", file=sys.stderr, flush=True)
    summarise(records, args.fixed_bins, args.svg, args.contracts)


if __name__ == "__main__":
    main()
