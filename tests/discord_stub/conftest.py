from .fixtures import bot_starter, cast, discord_stub  # noqa: F401  (pytest fixtures)
