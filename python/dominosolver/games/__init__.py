"""The game registry: each game tag that positions, views and records carry (``"texas42"``,
``"bingo"``) mapped to that game's classes, solver, hint, grading, batch tasks, engine answer and
terminal rendering (``GameSpec``: a small row and the kits beside it). The command line, batch
analysis and the engine look a game up here instead of telling games apart themselves; adding a
game is adding its adapter and its row.

>>> from dominosolver import games
>>> games.detect("bingo trump=3 turned=33 ...").title, games.detect({"trump": 4}).title
('Bingo', 'Texas 42')
"""

from .records import SHOW, show_json
from .registry import (
    DEFAULT,
    FAMILY42,
    GAMES,
    check_options,
    detect,
    get,
    is_view_text,
    kit,
    names,
    of_rules,
    read,
    read_view,
)
from .spec import (
    KITS,
    BatchKit,
    EngineKit,
    GameSpec,
    HumanKit,
    Notation,
    PicturesKit,
    RenderKit,
    legend,
)

__all__ = [
    "DEFAULT", "FAMILY42", "GAMES", "KITS", "SHOW", "BatchKit", "EngineKit", "GameSpec", "HumanKit", "Notation", "PicturesKit",
    "RenderKit", "check_options", "detect", "get", "is_view_text", "kit", "legend", "names", "of_rules", "read",
    "read_view", "show_json",
]
