"""The Big Game's rules (docs/rules.md §4.3): the 42 family's rules with its family flag preset."""

from __future__ import annotations

from .. import texas42


class BigGameRules(texas42.Rules):
    """The Big Game's rules: ``BigGameRules(nt_doubles="low")`` is ``Rules(family="biggame", ...)``."""

    __slots__ = ()
    _preset = {"family": "biggame"}


BIG_GAME = BigGameRules()
