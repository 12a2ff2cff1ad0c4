"""How each game's objects look: on a terminal (``texas42.py``, ``moon.py``, ``biggame.py``,
``bingo.py``: rich renderables) and as SVG (``texas42_pictures.py``, ``bingo_pictures.py``, drawn by
``dominosolver.pictures``). Each fills in a kit of ``kit.py`` (``RenderKit``, ``PicturesKit``) that the
game's registry row carries (``GameSpec.render``, ``GameSpec.pictures``); the registry
(``dominosolver.games``) imports them, they import the games and never the registry."""
