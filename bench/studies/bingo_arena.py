"""The hint bot against the rule-based baseline over whole Bingo games (issue 41, point 4):
`python bench/studies/bingo_arena.py --games 1000 --samples 100 --max-nodes 150000 --seed 41 -o arena.jsonl`.

Each deal seed starts a game to 7 game points that is played twice, the players swapped (mirrored),
in one process: the arena of `dominosolver arena bingo --whole --bots hint,baseline` (same records,
same figures), with a summary that states what the edge rests on:

- games won by the hint bot, with a Wilson 95% interval, and an exact two-sided binomial p of the
  games against even chances;
- the sign test on the mirrored pairs (a pair counts where one bot won both of its games);
- closes made per bot, game points a game, and the time per decision of each side (wall clock,
  and CPU time, which other jobs on a shared machine do not inflate).

A progress bar on a terminal; `--json` prints the summary as JSON and nothing else. With `-o` a
rerun resumes from the games already written.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from dominosolver.arena import report, run_arena, summarise
from dominosolver.bingo.arena import ARENA
from dominosolver.bingo.bots import BaselineBot
from dominosolver.bingo.solve import HINT_WORLD_NODES
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

WHOLE = ARENA.whole


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games in all (twice the mirrored deals; even)")
    ap.add_argument("--samples", type=int, default=100, help="worlds per hint of the hint bot")
    ap.add_argument("--max-nodes", type=int, default=HINT_WORLD_NODES, help="the hint bot's node budget per world")
    ap.add_argument("--exact-limit", type=int, default=400, help="the hint bot enumerates up to this many worlds")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--bots", default="hint,baseline", help="bots A and B")
    ap.add_argument("-o", "--output", default=None, help="JSON lines, one mirrored deal a line (resumable)")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON; no progress bar")
    args = ap.parse_args()
    if args.games < 2 or args.games % 2:
        ap.error("--games must be an even number from 2 (each deal is played twice)")
    a, b = (x.strip() for x in args.bots.split(","))
    options = {"samples": args.samples, "max_nodes": args.max_nodes, "exact_limit": args.exact_limit}
    deals = args.games // 2
    started = time.perf_counter()
    kwargs: dict[str, Any] = {"seed": args.seed, "options": options, "output": args.output}
    if not args.json and sys.stderr.isatty():
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=Console(stderr=True)) as bar:
            job = bar.add_task("mirrored deals", total=deals)
            results = run_arena(WHOLE, deals, [(a, b)], progress=lambda d, t: bar.update(job, completed=d, total=t),
                                **kwargs)
    else:
        results = run_arena(WHOLE, deals, [(a, b)], **kwargs)
    elapsed = time.perf_counter() - started
    (stats,) = summarise(WHOLE, results)
    summary = report(WHOLE, deals, args.seed, options, [stats])
    summary["elapsed_s"] = round(elapsed, 1)
    summary["load_average"] = list(os.getloadavg())
    summary["baseline_closed_samples"] = BaselineBot().closed_samples
    if args.json:
        print(json.dumps(summary, indent=1))
        return
    won, games = stats.extras["games_won"], stats.extras["games_won"][a]["games"]
    print(f"{deals} mirrored deals = {games} games to 7 game points, seed {args.seed}; "
          f"{a}: {args.samples} worlds a hint, {args.max_nodes:,} nodes a world; {elapsed / 60:.1f} min, "
          f"load {os.getloadavg()[0]:.1f}")
    for bot in (a, b):
        w = won[bot]
        t = stats.extras["time"][bot]
        c = stats.extras["closes"][bot]
        gp = stats.extras["game_points_a_game"][bot]
        print(f"  {bot:9} won {w['made']:4} of {games} ({w['rate']:.1%}, 95% {w['ci95'][0]:.1%}-{w['ci95'][1]:.1%}); "
              f"{gp['mean']:.2f} game points a game; closed {c['closed']}, made {c['made']}; "
              f"{t['ms_a_decision']:.1f} ms a decision ({t['cpu_ms_a_decision']:.1f} ms CPU) over {t['decisions']:,}")
    print(f"  binomial p on games {stats.extras['games_p']:.2g}; sign test on mirrored pairs "
          f"{stats.sign_wins}-{stats.sign_losses}, p = {stats.sign_p:.2g}")


if __name__ == "__main__":
    main()
