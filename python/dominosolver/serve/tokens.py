"""Game tokens: what a client carries from one reply of a game against the bots to its next request
(docs/http.md). A token is its payload (JSON, base64url) and an HMAC-SHA256 of it under the server's
key: a client can read it but not alter it. The payload names the game, which the server keeps
(``store.py``), and how many of its moves the client has seen; no deal, seed or move is in it.

The key is 32 random bytes that ``dominosolver serve`` makes at start and hands to its worker
processes as hex in ``DOMINOSOLVER_SERVE_KEY``; set the variable yourself (with
``DOMINOSOLVER_SERVE_GAMES``) to keep tokens valid across restarts."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import secrets
from typing import Any

from ..errors import ParseError, shown
from ..io import json_value

__all__ = ["KEY_VARIABLE", "Sealer", "key_from_environment", "new_key"]

KEY_VARIABLE = "DOMINOSOLVER_SERVE_KEY"
KEY_BYTES = 32
TAG_BYTES = 32
MAX_TOKEN_CHARS = 1 << 16  # far beyond the longest game's moves


def new_key() -> str:
    """A fresh key, as hex (the form the environment variable holds)."""
    return secrets.token_hex(KEY_BYTES)


def key_from_environment() -> bytes:
    """The key of ``DOMINOSOLVER_SERVE_KEY``, or a fresh one when it is unset (one process: its
    tokens last as long as it does)."""
    text = os.environ.get(KEY_VARIABLE)
    if text is None:
        return secrets.token_bytes(KEY_BYTES)
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) < 16:
        raise ParseError(f"{KEY_VARIABLE} must be at least 16 bytes written in hex (e.g. {KEY_BYTES * 2} hex digits)")
    return key


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Sealer:
    """Signs and checks tokens under one key."""

    def __init__(self, key: bytes) -> None:
        self._key = key

    def __repr__(self) -> str:
        return "Sealer(key=...)"  # never the key itself

    def _mac(self, purpose: bytes, message: bytes) -> bytes:
        return hmac.new(self._key, purpose + b"\0" + message, hashlib.sha256).digest()

    def seal(self, payload: dict[str, Any]) -> str:
        body = _b64(json.dumps(payload, separators=(",", ":")).encode())
        return body + "." + _b64(self._mac(b"token", body.encode()))

    def open(self, token: Any) -> dict[str, Any]:
        """The payload of a token this key sealed; ``ParseError`` for anything else."""
        if not isinstance(token, str):
            raise ParseError(f"token must be the text a game reply carries, not {shown(token)}")
        body, dot, tag = token.partition(".")
        try:
            if not dot or len(token) > MAX_TOKEN_CHARS or not token.isascii():
                raise ValueError
            given = _unb64(tag)
        except (ValueError, binascii.Error):
            raise ParseError("token is malformed: give the token of the last game reply unchanged") from None
        if len(given) != TAG_BYTES or not hmac.compare_digest(given, self._mac(b"token", body.encode())):
            raise ParseError("token was not issued by this server or was altered (a server restarted without "
                             f"{KEY_VARIABLE} set makes a new key): start a new game")
        payload = json_value(_unb64(body))
        if not isinstance(payload, dict):
            raise ParseError("token holds no game")
        return payload
