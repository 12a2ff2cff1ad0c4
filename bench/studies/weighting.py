"""How well a hint's worlds predict the hidden hands, uniform against auction weighting.

    python bench/studies/weighting.py [--games 60] [--worlds 400]

Positions: games of four rule-of-thumb players (RuleBot: they bid by trump count and doubles),
stopped at the first lead and after 4 and 8 plays; the seat to move is the observer. For every
hidden tile, the weighted share of the sampled worlds that put it with its true holder; the table
gives the mean of that share and the mean log2 of it (higher is better; uniform over three seats
would be 1/3 and -1.58 before any void).
"""

from __future__ import annotations

import argparse
import math
import statistics

from dominosolver.texas42 import Game
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.sampling import sample_worlds
from dominosolver.texas42.weighting import world_weights


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--worlds", type=int, default=400)
    ap.add_argument(
        "--first-seed",
        type=int,
        default=1000,
        help="games use seeds from here (the model was fitted on 0..39)",
    )
    args = ap.parse_args()
    print(
        f"{'plays':>5} {'positions':>9} {'P(true) uniform':>16} {'auction':>8} {'log2 uniform':>13} {'auction':>8}"
    )
    for plays in (0, 4, 8):
        share = {"uniform": [], "auction": []}
        logs = {"uniform": [], "auction": []}
        positions = 0
        for seed in range(args.first_seed, args.first_seed + args.games):
            game, bot = Game(seed=seed), RuleBot()
            while game.phase != "game_over" and (
                game.position is None or len(game.position.plays) < plays
            ):
                game.play(bot.choose(game))
            pos = game.position
            if pos is None or len(pos.plays) != plays or game.contract is None:
                continue  # thrown in, or the hand ended early
            positions += 1
            view = game.view(game.to_move)
            worlds = sample_worlds(view, args.worlds, seed=seed)
            truth = [sum(1 << t.id for t in pos.hand(s)) for s in range(4)]
            for kind in ("uniform", "auction"):
                w = world_weights(view, worlds, kind)
                w = w / w.sum()
                for t in view.hidden:
                    holder = next(s for s in range(4) if truth[s] >> t.id & 1)
                    p = float(sum(wk for wk, world in zip(w, worlds) if world[holder] >> t.id & 1))
                    share[kind].append(p)
                    logs[kind].append(math.log2(max(p, 1e-3)))
        print(
            f"{plays:>5} {positions:>9} {statistics.mean(share['uniform']):>16.3f} {statistics.mean(share['auction']):>8.3f} "
            f"{statistics.mean(logs['uniform']):>13.3f} {statistics.mean(logs['auction']):>8.3f}"
        )


if __name__ == "__main__":
    main()
