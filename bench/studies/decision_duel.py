"""Two hint bots compared one decision at a time: where they disagree, each choice played out.

    python bench/studies/decision_duel.py --deals 100 --a hint-infoset@120 --b hint@400 --jobs 2 -o duel.jsonl

An arena plays whole deals, so a decision the two bots take differently is one among some 28 plays,
4 bids and a declaration, each with its own luck: over 2,000 mirrored deals its 95% interval is
about ±0.06 marks a deal (bench/studies/README.md). This measures the same question where it is decided.
Four ``--b`` bots bid and play each deal's first hand; at every play both bots are asked (``--a``
and ``--b``: an arena hint bot and its worlds a play, e.g. ``hint-infoset@120``, ``hint@400/goal``). Where they choose
different tiles, the hand is played to its end twice from the true deal, once after each choice,
by four continuation bots (``--continue`` worlds a play, plain PIMC; each seat sees only its own
view), with the same seeds in both lines. The difference in marks the mover's team scores in that
hand (A's line − B's) is one sample: its mean over the disagreements, with a 95% interval and a
two-sided p (normal approximation), and how often the bots agree. Each deal's records are one JSON
line of ``-o`` (resumed: deals already there are skipped).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from dominosolver.texas42 import Game
from dominosolver.texas42.arena import HINT_BOTS, make_bot
from dominosolver.texas42.bots import HintBot

def bot_of(spec: str, seed: int) -> HintBot:
    """An arena hint bot with its worlds a play, and optionally the order of its moves:
    ``hint-infoset@120``, ``hint@400/goal`` (``dominosolver arena``'s names; ``/goal`` or ``/points``,
    HintBot's ``objective``)."""
    name, _, rest = spec.partition("@")
    worlds, _, objective = rest.partition("/")
    if name not in HINT_BOTS or not worlds.isdigit() or objective not in ("", "goal", "points"):
        raise SystemExit(f"bot {spec!r}: write name@worlds[/goal|/points], name one of {', '.join(HINT_BOTS)}")
    return make_bot(name, seed, {"samples": int(worlds), **({"objective": objective} if objective else {})})


def team_marks(game: Game, team: int) -> int:
    """What ``team`` (0: NS, 1: EW) scored on the last finished hand, less what the other scored."""
    score = game.hands_played[-1]["result"]["score"]
    return score[team] - score[1 - team]


def play_out(seed: int, moves: list[Any], bots: HintBot) -> Game:
    """The deal's game from ``moves`` on to the end of its first hand, every seat played by ``bots``."""
    game = Game(seed=seed, moves=moves)
    while not game.hands_played:
        game.play(bots.choose(game))
    return game


def duel(seed: int, a: str, b: str, worlds: int) -> dict[str, Any]:
    """One deal: its first hand bid and played by B; every play asked of A as well."""
    bot_a, bot_b = bot_of(a, seed), bot_of(b, seed)
    game = Game(seed=seed)
    plays = 0
    samples = []
    while not game.hands_played:
        if game.phase != "playing" or len(game.legal_moves) == 1:
            game.play(bot_b.choose(game))
            continue
        plays += 1
        move_a, move_b = bot_a.choose(game), bot_b.choose(game)
        if str(move_a) != str(move_b):
            team = game.to_move % 2
            lines = [play_out(seed, [*game.moves, m], HintBot(seed=seed + 7919, samples=worlds)) for m in (move_a, move_b)]
            points = [line.hands_played[-1]["points"]["EW" if team else "NS"] for line in lines]
            samples.append({"plays": len(game.position.plays), "a": str(move_a), "b": str(move_b),
                            "diff": team_marks(lines[0], team) - team_marks(lines[1], team),
                            "points": points[0] - points[1]})
        game.play(move_b)
    return {"seed": seed, "a": a, "b": b, "continue": worlds, "decisions": plays, "samples": samples}


def summary(records: list[dict[str, Any]]) -> str:
    diffs = [s["diff"] for r in records for s in r["samples"]]
    decisions = sum(r["decisions"] for r in records)
    head = f"{len(records)} deals, {decisions} plays with a choice, {len(diffs)} disagreements"
    if len(diffs) < 2:
        return head
    mean, sd = statistics.mean(diffs), statistics.stdev(diffs)
    half = 1.96 * sd / math.sqrt(len(diffs))
    p = math.erfc(abs(mean) / (sd / math.sqrt(len(diffs))) / math.sqrt(2)) if sd else float(mean == 0)
    wins, losses = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    return (f"{head} ({len(diffs) / decisions:.1%}); A − B {mean:+.3f} marks a disagreement "
            f"({mean - half:+.3f} to {mean + half:+.3f}), p = {p:.2g}; A better {wins}, B better {losses}; "
            f"{mean * len(diffs) / len(records):+.3f} marks a deal")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--a", default="hint-infoset@120")
    ap.add_argument("--b", default="hint@400")
    ap.add_argument("--continue", dest="worlds", type=int, default=50, help="worlds a play of the continuation bots")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    bot_of(args.a, 0), bot_of(args.b, 0)  # a typo fails before any work
    out = Path(args.output)
    records = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    records = [r for r in records if (r["a"], r["b"], r["continue"]) == (args.a, args.b, args.worlds)]
    done = {r["seed"] for r in records}
    todo = [s for s in range(args.first_seed, args.first_seed + args.deals) if s not in done]
    with ProcessPoolExecutor(args.jobs) as pool, out.open("a") as f:
        futures = [pool.submit(duel, s, args.a, args.b, args.worlds) for s in todo]
        for k, future in enumerate(as_completed(futures), 1):
            records.append(future.result())
            f.write(json.dumps(records[-1]) + "\n")
            f.flush()
            print(f"{k}/{len(todo)}: {summary(records)}", file=sys.stderr, flush=True)
    print(summary(records))


if __name__ == "__main__":
    main()
