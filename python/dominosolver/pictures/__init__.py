"""Pictures as SVG text, drawn with the standard library only: ``svg`` (the canvas), ``tiles`` (a
domino face up or down), ``board`` (a table of hands, trick and piles), ``heatmap`` (a table of
values coloured against a goal) and ``chart`` (a line of values, play by play, against a goal).

These draw plain descriptions (``Board``, ``HeatMap``, ``Chart``) and know no game: each game says
what its positions and views look like in its ``picture`` module, and what its tables and graded
plays look like in its ``render/*_pictures.py`` module (``GameSpec.pictures``)."""
