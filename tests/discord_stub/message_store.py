"""Moved to ``playground/local_discord/message_store.py`` (the playground ships the local Discord); this name stays
for the tests and is the very same module object."""

import sys

from playground.local_discord import message_store as _module

sys.modules[__name__] = _module
