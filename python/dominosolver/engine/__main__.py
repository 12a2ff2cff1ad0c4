"""``python -m dominosolver.engine``: run an engine on stdin/stdout."""

from .server import serve

serve()
