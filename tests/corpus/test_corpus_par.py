"""Par (docs/corpus.md, "Par") on tables made up so that the answer follows from the rules by hand:
the auction of docs/rules.md §2.2 (one round, left of the dealer first, mark bids 42 or 84 first
and then one mark up), made contracts scoring their marks."""

from __future__ import annotations

import numpy as np
import pytest
from dominosolver.corpus import corpus_rules, deal_of, par_of
from dominosolver.errors import ParseError
from dominosolver.texas42 import Rules
from dominosolver.tiles import Tile

RULES = corpus_rules()
N, E, S, W = range(4)
DECLS = len(RULES.table_declarations)
CONTRACTS = ["sevens", "nello", "nello-high", "nello-low"]


def tables(best: dict[int, int], every_trick: dict[int, bool] | None = None, makes: dict[int, str] | None = None):
    """A dd table whose best declaration for each seat takes ``best[seat]`` points (fours: row 4),
    every other cell 0; every_trick[seat]: a Plunge or Splash by seat makes (with fives); makes[seat]:
    the seat makes that contract of its own."""
    dd = np.zeros((DECLS, 4), dtype=np.int16)
    for seat, points in best.items():
        dd[4, seat] = points
    all_tricks = np.zeros((DECLS, 4), dtype=bool)
    for seat, v in (every_trick or {}).items():
        all_tricks[5, seat] = v
    own = np.zeros((len(CONTRACTS), 4), dtype=bool)
    for seat, c in (makes or {}).items():
        own[CONTRACTS.index(c), seat] = True
    return dd, all_tricks, CONTRACTS, own


PLAIN = [list(h) for h in deal_of("par", 0).hands]  # hands: they matter only for Plunge and Splash


def par(hands, dealer, **kw):
    return par_of(RULES, hands, dealer, *tables(**kw))


def test_nobody_makes_anything_and_the_hand_is_thrown_in():
    result = par(PLAIN, W, best={s: 29 for s in range(4)})
    assert result.par.declarer == -1 and result.par.ns_marks == 0
    assert all(not r.made for r in result.reach)


def test_one_seat_bids_the_least_it_needs():
    result = par(PLAIN, W, best={S: 35, N: 12, E: 20, W: 29})
    assert (result.par.declarer, result.par.bid, result.par.made, result.par.ns_marks) == (S, 30, True, 1)
    assert result.par.declaration == "fours"
    ns, ew = result.reach
    assert (ns.bid, ns.marks, ns.declarer) == (35, 1, S)  # alone, NS bids all it makes
    assert not ew.made


@pytest.mark.parametrize("dealer, winner", [(W, N), (N, E)])
def test_equal_bests_go_to_the_side_that_bids_first(dealer, winner):
    """N and E both make 34 at most: whoever bids first bids 34, and the other cannot top it."""
    result = par(PLAIN, dealer, best={N: 34, E: 34})
    assert (result.par.declarer, result.par.bid) == (winner, 34)
    assert result.par.ns_marks == (1 if winner == N else -1)


def test_every_trick_by_one_seat_is_worth_two_marks_and_by_partners_three():
    alone = par(PLAIN, W, best={N: 42, E: 30})
    assert (alone.par.declarer, alone.par.bid, alone.par.ns_marks) == (N, 84, 2)  # 84 opens; S cannot go on
    both = par(PLAIN, W, best={N: 42, S: 42})
    assert (both.par.declarer, both.par.bid, both.par.ns_marks) == (S, 126, 3)  # N 84, S 126


def test_a_mark_bid_is_made_by_a_contract_of_its_own():
    result = par(PLAIN, W, best={N: 30}, makes={N: "nello"})
    assert (result.par.declarer, result.par.bid, result.par.declaration, result.par.ns_marks) == (N, 84, "nello", 2)


def doubles_hands():
    """N holds five doubles (6-6 5-5 4-4 3-3 2-2) and two tiles; the rest shared out."""
    n = ["6-6", "5-5", "4-4", "3-3", "2-2", "6-5", "6-4"]
    rest = [t for t in (f"{h}-{lo}" for h in range(7) for lo in range(h + 1)) if t not in n]
    hands = [n, rest[0:7], rest[7:14], rest[14:21]]
    return [[Tile(t).id for t in h] for h in hands]


def test_a_plunge_made_by_the_partner_is_four_marks():
    result = par(doubles_hands(), W, best={N: 25}, every_trick={N: True})
    assert (result.par.declarer, result.par.bid, result.par.kind, result.par.ns_marks) == (N, 168, "plunge", 4)
    assert result.par.declaration == "fives"


def test_a_plunge_nobody_can_make_is_not_bid():
    result = par(doubles_hands(), W, best={N: 31}, every_trick={N: False})
    assert (result.par.declarer, result.par.bid, result.par.kind) == (N, 30, "ordinary")


def test_par_is_for_texas_42_in_marks():
    with pytest.raises(ParseError):
        par_of(Rules(scoring="points"), PLAIN, W, *tables(best={N: 30}))


def test_legal_calls_kept_across_deals_give_the_par_of_a_fresh_replay():
    """Par keeps the core's legal calls by (rules, turn, high bid, doubles held) across deals: each
    deal's par with that store emptied first equals its par with the store filled by other deals."""
    from dominosolver.corpus import par as par_module
    from dominosolver.texas42 import dd_table, special_table

    deals = [deal_of("legal", i) for i in range(12)]
    solved = []
    for d in deals:
        special = special_table(d.tiles(), RULES)
        solved.append((d, dd_table(d.tiles(), RULES).points, special))
    fresh = []
    for d, dd, special in solved:
        par_module._LEGAL.clear()
        fresh.append(par_of(RULES, d.hands, d.dealer, dd, special.every_trick, special.contracts, special.makes))
    warm = [par_of(RULES, d.hands, d.dealer, dd, special.every_trick, special.contracts, special.makes)
            for d, dd, special in reversed(solved)][::-1]
    assert warm == fresh
