"""``dominosolver serve``: the HTTP API under ``/v1/`` and the web board at ``/`` (docs/http.md).

One file per concept: ``app`` (the ASGI application and ``run``), ``handlers`` (the endpoints),
``limits`` (what a request may ask), ``pool`` (searches off the event loop, stopped when their
client leaves), ``botgame`` (a game against the bots), ``store`` (the games, kept on the server)
and ``tokens`` (the signed token that names one), ``openapi`` and ``schemas`` (the OpenAPI document, built on the shipped JSON Schemas)."""

from .app import create_app, run
from .limits import ServeLimits

__all__ = ["ServeLimits", "create_app", "run"]
