"""Discord-free game orchestration over the store, the engine and the renderer."""

from bot.service.games import GameService
from bot.service.model import COMPUTER, BoardSpec, Button, Ctx, Post, Reply, UserError

__all__ = ["COMPUTER", "BoardSpec", "Button", "Ctx", "GameService", "Post", "Reply",
           "UserError"]
