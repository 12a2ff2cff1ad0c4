"""The engine protocol: JSON lines on stdin/stdout (docs/protocol.md). ``serve`` runs an engine;
``EngineClient`` drives one in another process."""

from .client import EngineClient, EngineError
from .server import PROTOCOL, EngineLimits, EngineServer, serve

__all__ = ["PROTOCOL", "EngineClient", "EngineError", "EngineLimits", "EngineServer", "serve"]
