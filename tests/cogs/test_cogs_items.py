"""The persistent buttons (``cogs.buttons.ShellButton``): a custom id parses back to the values it was made from,
and every button's handler is a method of the service it names on the bot."""
from __future__ import annotations

import inspect

import pytest

from cogs.buttons import DYNAMIC_ITEMS, MoveButton, ShellButton, SubsetToggle
from cogs.clock import ClockButton
from cogs.daily import ShareButton
from cogs.history import HistoryButton, PostedReplayButton
from cogs.mygames import GamesPageButton
from cogs.stats import ForgetButton

BUTTONS = [cls for cls in (*DYNAMIC_ITEMS, ClockButton, HistoryButton, PostedReplayButton, ForgetButton,
                           GamesPageButton, ShareButton) if issubclass(cls, ShellButton)]


@pytest.mark.parametrize("button, values", [
    (MoveButton(7, 12, 3, "12345678", label="Take"), (7, 12, 3, "12345678")),     # a checksum of digits stays text
    (SubsetToggle(7, 12, 5, 2, label="4"), (7, 12, 5, 2)),
    (HistoryButton("replay", 7, 0, "c", label=""), ("replay", 7, 0, "c")),
    (PostedReplayButton(7, 3, "n", 100_000_000_000_000_001, "fr", label="Next"),
     (7, 3, "n", 100_000_000_000_000_001, "fr")),
    (ClockButton(7, 1, 1700000000, "wait", label="Wait"), (7, 1, 1700000000, "wait")),
    (ForgetButton(100_000_000_000_000_001, label="Forget"), (100_000_000_000_000_001,)),
    (GamesPageButton(3, "n", label="Next"), (3, "n")),
])
async def test_a_custom_id_parses_back_to_its_values(button, values):
    match = type(button).__discord_ui_compiled_template__.fullmatch(button.custom_id)
    assert match is not None
    again = await type(button).from_custom_id(None, button.item, match)
    assert again.values == values and again.custom_id == button.custom_id


async def test_every_button_reaches_a_method_of_its_service(harness):
    assert {cls.prefix for cls in BUTTONS} == {"rp:l", "rp:v", "rp:m", "rp:t", "rp:c", "rp:u", "rp:k", "rp:h", "rp:f",
                                                "rp:y", "rp:hp", "rp:ds"}
    for cls in BUTTONS:
        handler = getattr(getattr(harness.bot, cls.service), cls.handler)
        fields = len(cls.__discord_ui_compiled_template__.groupindex)
        assert len(inspect.signature(handler).parameters) == 1 + fields, cls
