"""Inference from the play: fit its temperature and slip rate, and measure how well it predicts the hidden hands.

    python bench/studies/play_inference.py --fit [--games 40] [--worlds 200]   # T and the slip rate
    python bench/studies/play_inference.py [--games 40] [--worlds 200]         # prediction, other hands
    python bench/studies/play_inference.py --recent 0                          # ... weighing every play
    python bench/studies/play_inference.py --game bingo [--fit] [--games 30] [--worlds 100]   # Bingo's

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

``--game bingo``: first deals of ``Game(seed)`` between two Bingo hint bots (HintBot's defaults); the
view of the player to move at its first decision after 1, 2, 3 and 5 tricks, the truth being the
opponent's hand and the boneyard order. The same measures (a hidden tile's true place is the
opponent's hand or the boneyard), over a grid of temperatures (game points) and slip rates; each
opponent decision valued within ``CHOICE_NODES`` (bingo/play_inference.py).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import numpy as np

from typing import Any

from dominosolver import bingo
from dominosolver.bingo.bots import HintBot as BingoHintBot
from dominosolver.bingo.play_inference import SLIP as BINGO_SLIP, TEMPERATURE as BINGO_TEMPERATURE
from dominosolver.bingo.play_inference import choices_in as bingo_choices_in, log_likelihoods as bingo_log_likelihoods
from dominosolver.bingo.sampling import sample_masks as bingo_sample_masks
from dominosolver.texas42 import Game
from dominosolver.texas42.bots import HintBot
from dominosolver.texas42.play_inference import CAP, RECENT, SLIP, TEMPERATURE, choices_in, log_likelihoods
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


def fit(games: int, worlds: int, recent: int | None) -> None:
    cases = []
    best_plays = []
    for seed in range(games):
        for plays, view, truth in stops_of(seed):
            sampled = sample_worlds(view, worlds, seed=seed)
            choices = choices_in(view, list(sampled) + [truth], cap=max(CAPS), recent=recent)
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


def print_rows(rows: dict[int, dict[str, list[float]]], width: int) -> None:
    """The prediction table's rows (a stop: plays or tricks, ``width`` wide), stops without views left out."""
    for stop, row in rows.items():
        if not row:
            continue
        print(f"{stop:>{width}} {len(row['ess']):>5} {statistics.mean(row['uniform']):>16.3f} {statistics.mean(row['play']):>6.3f} "
              f"{statistics.mean(row['log2 uniform']):>13.3f} {statistics.mean(row['log2 play']):>6.3f} "
              f"{statistics.mean(row['bits']):>6.2f} {statistics.median(row['ess']):>6.0f} {statistics.median(row['ms']):>6.0f}")


def predict(games: int, worlds: int, first_seed: int, recent: int | None) -> None:
    print(f"T = {TEMPERATURE}, slip rate {SLIP}, cap {CAP}; {worlds} worlds a view; "
          f"{'every play' if recent is None else f'the last {recent} plays'} weighed")
    print(f"{'plays':>5} {'views':>5} {'P(true) uniform':>16} {'play':>6} {'log2 uniform':>13} {'play':>6} "
          f"{'bits':>6} {'ESS':>6} {'ms':>6}")
    rows: dict[int, dict[str, list[float]]] = {p: {} for p in STOPS}
    for seed in range(first_seed, first_seed + games):
        for plays, view, truth in stops_of(seed):
            row = rows[plays]
            sampled = list(sample_worlds(view, worlds, seed=seed))
            start = time.perf_counter()
            choices = choices_in(view, sampled + [truth], threads=1, recent=recent)
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
    print_rows(rows, 5)


BINGO_TEMPERATURES = (1.0, 2.0, 3.0, 4.0, 6.0)
BINGO_SLIPS = (0.2, 0.4, 0.6, 0.8, 0.9, 1.0)
BINGO_STOPS = (1, 2, 3, 5)


def bingo_stops(seed: int) -> list[tuple[int, bingo.PlayerView, tuple[int, list[int]]]]:
    """A first deal of two Bingo hint bots: at the first decision after each of BINGO_STOPS tricks,
    the view of the player to move and the truth (opponent hand as a mask, boneyard ids in order)."""
    game = bingo.Game(seed=seed)
    bots = [BingoHintBot(seed=seed), BingoHintBot(seed=seed + 1)]
    out = []
    while not game.deals_played:
        pos = game.position
        tricks = sum(pos.tricks)
        if tricks in BINGO_STOPS and (not out or out[-1][0] != tricks) and len(pos.legal_moves) > 1:
            seat = game.to_move
            truth = (sum(1 << t.id for t in pos.hand(1 - seat)), [t.id for t in pos.boneyard])
            out.append((tricks, game.view(seat), truth))
        game.play(bots[game.to_move].choose(game))
    return out


def bingo_cases(seeds: range, worlds: int, value: bool = True) -> list[tuple[int, bingo.PlayerView, list, Any, float]]:
    """Per view: (tricks, view, sampled worlds + the truth last, their Choices, seconds to value them;
    ``value`` False: options counted only, as the hint does at SLIP = 1)."""
    solver = bingo.Solver(16)
    cases = []
    for seed in seeds:
        for tricks, view, truth in bingo_stops(seed):
            hands, boneyards = bingo_sample_masks(view, worlds, seed=seed)
            sampled = [*zip(hands, boneyards), truth]
            start = time.perf_counter()
            choices = bingo_choices_in(view, sampled, seed=seed, solver=solver, value=value)
            cases.append((tricks, view, sampled, choices, time.perf_counter() - start))
    return cases


def bingo_fit(games: int, worlds: int) -> None:
    cases = bingo_cases(range(games), worlds)
    truth_regret = np.concatenate([c.regret[c.world == len(s) - 1] for _, _, s, c, _ in cases])
    unvalued = sum(c.unvalued for *_, c, _ in cases)
    valued = sum(len(c.world) for *_, c, _ in cases)
    print(f"{len(cases)} views from {games} deals; in the true worlds the opponent's {len(truth_regret)} decisions "
          f"among two or more moves were double-dummy best {np.mean(truth_regret == 0):.3f} of the time; "
          f"{unvalued} of {valued} decisions (all worlds) cut short by the node budget")
    print("information about the true deal (bits, mean over views), by temperature T in game points (rows) and "
          "slip rate (columns)")
    print(f"{'T':>5} " + " ".join(f"{e:>8}" for e in BINGO_SLIPS))
    best = (-math.inf, 0.0, 0.0)
    for t in BINGO_TEMPERATURES:
        cells = [statistics.mean(bits_about_truth(bingo_log_likelihoods(c, len(s), t, e)) for _, _, s, c, _ in cases)
                 for e in BINGO_SLIPS]
        print(f"{t:>5} " + " ".join(f"{c:>8.4f}" for c in cells))
        best = max(best, *((c, t, e) for c, e in zip(cells, BINGO_SLIPS)))
    print(f"best: T = {best[1]}, slip rate {best[2]}: {best[0]:.4f} bits")


def bingo_predict(games: int, worlds: int, first_seed: int) -> None:
    print(f"T = {BINGO_TEMPERATURE}, slip rate {BINGO_SLIP}; {worlds} worlds a view")
    print(f"{'tricks':>6} {'views':>5} {'P(true) uniform':>16} {'play':>6} {'log2 uniform':>13} {'play':>6} "
          f"{'bits':>6} {'ESS':>6} {'ms':>6}")
    rows: dict[int, dict[str, list[float]]] = {t: {} for t in BINGO_STOPS}
    for tricks, view, sampled, choices, seconds in bingo_cases(range(first_seed, first_seed + games), worlds,
                                                               value=BINGO_SLIP < 1):
        row = rows[tricks]
        logs = bingo_log_likelihoods(choices, len(sampled))
        row.setdefault("bits", []).append(bits_about_truth(logs))
        row.setdefault("ms", []).append(1000 * seconds * (len(sampled) - 1) / len(sampled))
        n = len(sampled) - 1
        play = np.exp(logs[:-1] - logs[:-1].max())
        weights = {"uniform": np.full(n, 1 / n), "play": play / play.sum()}
        row.setdefault("ess", []).append(1 / float((weights["play"] ** 2).sum()))
        truth_hand = sampled[-1][0]
        for kind, w in weights.items():
            for t in view.unknown:
                with_opponent = truth_hand >> t.id & 1
                p = float(sum(wk for wk, (hand, _) in zip(w, sampled) if (hand >> t.id & 1) == with_opponent))
                row.setdefault(kind, []).append(p)
                row.setdefault("log2 " + kind, []).append(math.log2(max(p, 1e-3)))
    print_rows(rows, 6)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit", action="store_true", help="fit the temperature and slip rate instead of measuring prediction")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1000, help="prediction uses hands from here (the fit used 0..)")
    ap.add_argument("--game", choices=("texas42", "bingo"), default="texas42")
    ap.add_argument("--recent", type=int, default=RECENT, help="42: weigh the last N plays (0: every play)")
    args = ap.parse_args()
    if args.game == "bingo":
        bingo_fit(args.games, args.worlds) if args.fit else bingo_predict(args.games, args.worlds, args.first_seed)
    elif args.fit:
        fit(args.games, args.worlds, args.recent or None)
    else:
        predict(args.games, args.worlds, args.first_seed, args.recent or None)


if __name__ == "__main__":
    main()
