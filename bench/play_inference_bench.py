"""Inference from the play: fit its temperature and slip rate, and measure how well it predicts the hidden hands.

    python bench/play_inference_bench.py --fit [--games 40] [--worlds 200]   # T and the slip rate
    python bench/play_inference_bench.py [--games 40] [--worlds 200]         # prediction, other hands

Hands are played by four hint bots (HintBot's defaults: 20 worlds a decision), one hand per seed; the
view of the seat to move is taken after 4, 8, 12 and 16 plays (contracts in points only).

``--fit`` (seeds 0..): for a grid of loss caps, temperatures and slip rates, the information the model's
weights give about the true deal, in bits: log2 of the true deal's likelihood over the mean
likelihood of ``--worlds`` uniformly drawn consistent deals (0: no better than uniform; what a
weighting that put all its weight on the truth would score is log2 of the number of deals). The
maximum is the fitted model; also how often the plays made were double-dummy best ones.

Otherwise (seeds 1000.., not those of the fit): for every hidden tile, the weighted share of the
sampled worlds that put it with its true holder, uniform against play weighting: the mean share and
the mean log2 of it (higher is better), the information about the true deal, the effective sample
size of the play weights, and the time to weigh the worlds (one thread).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import numpy as np

from dominosolver.texas42 import Game
from dominosolver.texas42.bots import HintBot
from dominosolver.texas42.play_inference import CAP, SLIP, TEMPERATURE, choices_in, log_likelihoods
from dominosolver.texas42.sampling import World, sample_worlds
from dominosolver.texas42.view import PlayerView

TEMPERATURES = (2.0, 4.0, 6.0, 8.0, 12.0)
SLIPS = (0.05, 0.1, 0.2, 0.3)
CAPS = (5, 10, 15, 40)
STOPS = (4, 8, 12, 16)


def stops_of(seed: int) -> list[tuple[int, PlayerView, World]]:
    """A hand of four hint bots from ``seed``: after each of STOPS plays, the view of the seat to move
    and the true current hands (a contract in points only)."""
    game, bot = Game(seed=seed), HintBot(seed=seed)
    out = []
    while not game.hands_played and game.phase != "game_over":
        pos = game.position
        if pos is not None and len(pos.plays) in STOPS and pos.objective == "points" and pos.to_move is not None:
            if not out or out[-1][0] != len(pos.plays):
                truth = tuple(sum(1 << t.id for t in pos.hand(s)) for s in range(4))
                out.append((len(pos.plays), game.view(game.to_move), truth))
        game.play(bot.choose(game))
    return out


def bits_about_truth(logs: np.ndarray) -> float:
    """log2 of the true deal's likelihood (the last) over the sampled deals' mean likelihood."""
    sampled = logs[:-1]
    top = sampled.max()
    return (logs[-1] - top - math.log(np.exp(sampled - top).mean())) / math.log(2)


def fit(games: int, worlds: int) -> None:
    cases = []
    best_plays = []
    for seed in range(games):
        for plays, view, truth in stops_of(seed):
            sampled = sample_worlds(view, worlds, seed=seed)
            choices = choices_in(view, list(sampled) + [truth], cap=max(CAPS))
            cases.append((len(sampled), choices))
            best_plays += (choices.regret[choices.world == len(sampled)] == 0).tolist()
    print(f"{len(cases)} views from {games} hands; the other seats' {len(best_plays)} choices among two or more "
          f"tiles were double-dummy best plays {np.mean(best_plays):.3f} of the time")
    print("information about the true deal (bits, mean over views), by loss cap and temperature T (rows) and "
          "slip rate (columns)")
    print(f"{'cap':>4} {'T':>5} " + " ".join(f"{e:>8}" for e in SLIPS))
    best = (-math.inf, 0.0, 0.0, 0)
    for cap in CAPS:
        for t in TEMPERATURES:
            cells = [statistics.mean(bits_about_truth(log_likelihoods(c, n + 1, t, e, cap)) for n, c in cases)
                     for e in SLIPS]
            print(f"{cap:>4} {t:>5} " + " ".join(f"{c:>8.4f}" for c in cells))
            best = max(best, *((c, t, e, cap) for c, e in zip(cells, SLIPS)))
    print(f"best: T = {best[1]}, slip rate {best[2]}, cap {best[3]}: {best[0]:.4f} bits")


def predict(games: int, worlds: int, first_seed: int) -> None:
    print(f"T = {TEMPERATURE}, slip rate {SLIP}, cap {CAP}; {worlds} worlds a view")
    print(f"{'plays':>5} {'views':>5} {'P(true) uniform':>16} {'play':>6} {'log2 uniform':>13} {'play':>6} "
          f"{'bits':>6} {'ESS':>6} {'ms':>6}")
    rows: dict[int, dict[str, list[float]]] = {p: {} for p in STOPS}
    for seed in range(first_seed, first_seed + games):
        for plays, view, truth in stops_of(seed):
            row = rows[plays]
            sampled = list(sample_worlds(view, worlds, seed=seed))
            start = time.perf_counter()
            choices = choices_in(view, sampled + [truth], threads=1)
            row.setdefault("ms", []).append(1000 * (time.perf_counter() - start) * len(sampled) / (len(sampled) + 1))
            logs = log_likelihoods(choices, len(sampled) + 1)
            row.setdefault("bits", []).append(bits_about_truth(logs))
            play = np.exp(logs[:-1] - logs[:-1].max())
            weights = {"uniform": np.full(len(sampled), 1 / len(sampled)), "play": play / play.sum()}
            row.setdefault("ess", []).append(1 / float((weights["play"] ** 2).sum()))
            for kind, w in weights.items():
                for t in view.hidden:
                    holder = next(s for s in range(4) if truth[s] >> t.id & 1)
                    p = float(sum(wk for wk, world in zip(w, sampled) if world[holder] >> t.id & 1))
                    row.setdefault(kind, []).append(p)
                    row.setdefault("log2 " + kind, []).append(math.log2(max(p, 1e-3)))
    for plays, row in rows.items():
        if not row:
            continue
        print(f"{plays:>5} {len(row['ess']):>5} {statistics.mean(row['uniform']):>16.3f} {statistics.mean(row['play']):>6.3f} "
              f"{statistics.mean(row['log2 uniform']):>13.3f} {statistics.mean(row['log2 play']):>6.3f} "
              f"{statistics.mean(row['bits']):>6.2f} {statistics.median(row['ess']):>6.0f} {statistics.median(row['ms']):>6.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit", action="store_true", help="fit the temperature and slip rate instead of measuring prediction")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1000, help="prediction uses hands from here (the fit used 0..)")
    args = ap.parse_args()
    if args.fit:
        fit(args.games, args.worlds)
    else:
        predict(args.games, args.worlds, args.first_seed)


if __name__ == "__main__":
    main()
