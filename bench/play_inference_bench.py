"""Inference from the play: fit its temperature, and measure how well it predicts the hidden hands.

    python bench/play_inference_bench.py --fit [--games 40]      # the temperature, by maximum likelihood
    python bench/play_inference_bench.py [--games 40] [--worlds 200]

Hands are played by four hint bots (HintBot's defaults: 20 worlds a decision), one hand per seed.

``--fit``: every play with more than one legal tile, valued double dummy on the real deal; the log-
likelihood of the plays made under the softmax model (``play_inference.py``) for a grid of
temperatures, and how often the play made was a double-dummy best one. Seeds 0.. (the fit).

Otherwise: from seeds 1000.. (not those of the fit), the position after 4, 8, 12 and 16 plays, seen
by the seat to move. For every hidden tile, the weighted share of the sampled worlds that put it with
its true holder, uniform against play weighting: the mean share and the mean log2 of it (higher is
better), the effective sample size of the play weights, and the time to weigh the worlds.
"""

from __future__ import annotations

import argparse
import copy
import math
import statistics
import time

import numpy as np

from dominosolver.texas42 import Game, Position
from dominosolver.texas42.bots import HintBot
from dominosolver.texas42.play_inference import SLIP, TEMPERATURE, play_log_likelihoods
from dominosolver.texas42.sampling import sample_worlds
from dominosolver.texas42.solve import solve_batch

TEMPERATURES = (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0)
STOPS = (4, 8, 12, 16)
SLIPS = (0.0, 0.05, 0.1, 0.2, 0.3)


def played_hand(seed: int, until: int | None = None) -> Game:
    """A hand of four hint bots from ``seed``, played to its end (or to ``until`` plays)."""
    game, bot = Game(seed=seed), HintBot(seed=seed)
    while not game.hands_played and game.phase != "game_over":
        if until is not None and game.position is not None and len(game.position.plays) >= until:
            break
        game.play(bot.choose(game))
    return game


def real_choices(seed: int) -> list[tuple[Position, int]]:
    """Every choice of the hand of ``seed`` with more than one legal tile: the position, the tile."""
    game, bot = Game(seed=seed), HintBot(seed=seed)
    choices = []
    while not game.hands_played and game.phase != "game_over":
        move = bot.choose(game)
        pos = game.position
        if pos is not None and len(pos.legal_moves) > 1 and pos.objective == "points":
            choices.append((copy.copy(pos), move.value.id))
        game.play(move)
    return choices


def fit(games: int) -> None:
    choices = [c for seed in range(games) for c in real_choices(seed)]
    values = solve_batch([p for p, _ in choices], moves=True).move_values
    assert values is not None
    played = np.array([t for _, t in choices])
    rows = np.arange(len(choices))
    best = values.max(axis=1)
    print(f"{len(choices)} choices with more than one legal tile in {games} hands; "
          f"a double-dummy best play {np.mean(values[rows, played] == best):.3f} of the time")
    legal = values >= 0
    print("mean log-likelihood of the plays made, by temperature T (rows) and slip rate (columns)")
    print(f"{'T':>5} " + " ".join(f"{e:>8}" for e in SLIPS))
    for t in TEMPERATURES:
        scaled = np.where(legal, values / t, -np.inf)
        top = scaled.max(axis=1)
        log_norm = top + np.log(np.exp(scaled - top[:, None]).sum(axis=1))
        p_softmax = np.exp(scaled[rows, played] - log_norm)
        cells = [np.mean(np.log((1 - e) * p_softmax + e / legal.sum(axis=1))) for e in SLIPS]
        print(f"{t:>5} " + " ".join(f"{c:>8.4f}" for c in cells))


def predict(games: int, worlds: int, first_seed: int) -> None:
    print(f"T = {TEMPERATURE}, slip rate {SLIP}; {worlds} worlds a position")
    print(f"{'plays':>5} {'positions':>9} {'P(true) uniform':>16} {'play':>6} {'log2 uniform':>13} {'play':>6} "
          f"{'ESS':>6} {'ms':>6}")
    for plays in STOPS:
        share: dict[str, list[float]] = {"uniform": [], "play": []}
        logs: dict[str, list[float]] = {"uniform": [], "play": []}
        ess, times, positions = [], [], 0
        for seed in range(first_seed, first_seed + games):
            game = played_hand(seed, until=plays)
            pos = game.position
            if pos is None or len(pos.plays) != plays or pos.objective != "points":
                continue  # thrown in, the hand ended early, or a contract in tricks
            positions += 1
            view = game.view(game.to_move)
            sampled = sample_worlds(view, worlds, seed=seed)
            start = time.perf_counter()
            log_w = play_log_likelihoods(view, sampled, threads=1)
            times.append(time.perf_counter() - start)
            weights = {"uniform": np.full(len(sampled), 1 / len(sampled)), "play": np.exp(log_w - log_w.max())}
            weights["play"] /= weights["play"].sum()
            ess.append(1 / float((weights["play"] ** 2).sum()))
            truth = [sum(1 << t.id for t in pos.hand(s)) for s in range(4)]
            for kind, w in weights.items():
                for t in view.hidden:
                    holder = next(s for s in range(4) if truth[s] >> t.id & 1)
                    p = float(sum(wk for wk, world in zip(w, sampled) if world[holder] >> t.id & 1))
                    share[kind].append(p)
                    logs[kind].append(math.log2(max(p, 1e-3)))
        print(f"{plays:>5} {positions:>9} {statistics.mean(share['uniform']):>16.3f} {statistics.mean(share['play']):>6.3f} "
              f"{statistics.mean(logs['uniform']):>13.3f} {statistics.mean(logs['play']):>6.3f} "
              f"{statistics.median(ess):>6.0f} {1000 * statistics.median(times):>6.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit", action="store_true", help="fit the temperature instead of measuring prediction")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1000, help="prediction uses hands from here (the fit used 0..)")
    args = ap.parse_args()
    if args.fit:
        fit(args.games)
    else:
        predict(args.games, args.worlds, args.first_seed)


if __name__ == "__main__":
    main()
