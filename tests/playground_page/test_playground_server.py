"""The playground's server parts without a browser: the local Discord's world is kept across a restart, the
page's calls refuse bad input politely and change nothing, and the page listens on loopback unless told."""
from __future__ import annotations

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.__main__ import parse_args
from playground.local_discord.commands import CommandUnavailable, build_command_data
from playground.local_discord.world import perm_bits
from playground.page import CHROME, Controls, Page, texts
from playground.world import CHANNELS, LOCALES, PEOPLE, LocalDiscord


class Clocks(Controls):
    def __init__(self) -> None:
        self.skipped: list[float] = []

    async def skip(self, seconds: float) -> None:
        self.skipped.append(seconds)
        self.offset += seconds


async def test_the_local_discord_is_kept_across_a_restart(tmp_path):
    first = LocalDiscord(tmp_path / "server.pickle")
    await first.start()
    try:
        ann = first.people[0]
        channel = first.text_channels[0]
        first.commands.bulk_overwrite([{"name": "ping", "description": "Ping", "type": 1}], None)
        first.save()
    finally:
        await first.close()
    second = LocalDiscord(tmp_path / "server.pickle")
    assert second.restored
    assert [p.id for p in second.people] == [p.id for p in first.people] and second.people[0].username == ann.username
    assert [c.id for c in second.text_channels] == [channel.id] + [c.id for c in first.text_channels[1:]]
    assert [c["name"] for c in second.commands.listing(None)] == ["ping"]
    assert second.ids.next() > max(u.id for u in second.world.users.values())


async def _post(stub: LocalDiscord, channel_id: int, body: dict) -> dict:
    """A channel post as the bot makes it (its token, Discord's route)."""
    headers = {"Authorization": f"Bot {stub.token}"}
    async with aiohttp.ClientSession(base_url=stub.base_url, headers=headers) as http, \
            http.post(f"/api/v10/channels/{channel_id}/messages", json=body) as resp:
        assert resp.status == 200, await resp.text()
        return await resp.json()


async def test_a_restarted_local_discord_still_knows_the_nonces_of_the_last_minutes(tmp_path):
    """The bot stopped after its post reached the local Discord and before it recorded it: after the
    playground's restart the same post (same nonce, ``enforce_nonce``) gets the first message back, as on
    Discord, and not a second one; past Discord's few minutes it is a new post again."""
    first = LocalDiscord(tmp_path / "server.pickle")
    await first.start()
    channel = first.text_channels[0]
    body = {"content": "Final scores", "nonce": "g6-16", "enforce_nonce": True}
    try:
        posted = await _post(first, channel.id, body)
        first.save()
    finally:
        await first.close()
    second = LocalDiscord(tmp_path / "server.pickle")
    await second.start()
    try:
        again = await _post(second, channel.id, body)
        assert again["id"] == posted["id"], "the same nonce gets the first message back after a restart"
        assert [m.content for m in second.all_messages(second.channel(channel.id))] == ["Final scores"]
        second.advance_clock(second.rate_limits.nonce_window + 1)
        later = await _post(second, channel.id, body)
        assert later["id"] != posted["id"], "remembered for Discord's few minutes only, not for ever"
    finally:
        await second.close()


def test_a_fresh_server_has_the_people_and_channels_and_a_damaged_file_is_not_fatal(tmp_path):
    (tmp_path / "server.pickle").write_bytes(b"not a pickle")
    stub = LocalDiscord(tmp_path / "server.pickle")
    assert not stub.restored
    assert [p.global_name for p in stub.people] == list(PEOPLE)
    assert [c.name for c in stub.text_channels] == list(CHANNELS)
    assert all(stub.world.dm_with(p).is_dm for p in stub.people)


async def test_the_pages_calls_refuse_bad_input_and_change_nothing(tmp_path):
    stub = LocalDiscord()
    await stub.start()
    clocks = Clocks()
    page = Page(stub, clocks)
    client = TestClient(TestServer(page.app()))
    await client.start_server()
    try:
        world = await (await client.get("/api/world")).json()
        assert [p["name"] for p in world["people"]] == list(PEOPLE)
        assert set(world["texts"]) == set(LOCALES) and set(world["texts"]["ko"]) == set(CHROME)
        ann = world["people"][0]["id"]
        bad = await client.post("/api/locale", json={"user": ann, "locale": "xx"})
        assert bad.status == 400 and "xx" in (await bad.json())["error"]
        assert stub.people[0].locale == "en-US"
        good = await client.post("/api/locale", json={"user": ann, "locale": "ko"})
        assert good.status == 200 and stub.people[0].locale == "ko"
        channel = world["channels"][0]["id"]
        for query in ("", f"?channel={channel}", f"?user={ann}", f"?user=x&channel={channel}",
                      f"?user=1&channel={channel}", f"?user={ann}&channel=1"):
            assert (await client.get("/api/commands" + query)).status == 400, query
        assert (await client.get(f"/api/commands?user={ann}&channel={channel}")).status == 200
        gone = await client.post("/api/click", json={"user": ann, "message": "1", "custom_id": "x"})
        assert gone.status == 400
        nobody = await client.post("/api/command", json={"user": "1", "channel": world["channels"][0]["id"],
                                                          "command": "rp new", "options": {}})
        assert nobody.status == 400
        unknown = await client.post("/api/command", json={"user": ann, "channel": world["channels"][0]["id"],
                                                          "command": "nope", "options": {}})
        assert unknown.status == 400 and not stub.interactions
        too_far = await client.post("/api/skip", json={"seconds": 10 * 24 * 3600})
        assert too_far.status == 400 and clocks.skipped == []
        skipped = await client.post("/api/skip", json={"seconds": 3600})
        assert (await skipped.json())["result"] == 3600 and clocks.skipped == [3600]
        index = await client.get("/")
        assert index.status == 200 and "app.js" in await index.text()
    finally:
        await client.close()
        await stub.close()


def test_every_language_has_every_text_of_the_page():
    for locale, found in texts().items():
        assert all(found[key] and not found[key].startswith("⟦") for key in CHROME), locale


def test_the_page_listens_on_loopback_unless_told_otherwise():
    args = parse_args(["--playground"])
    assert args.playground and args.host == "127.0.0.1" and args.port == 0


async def test_a_long_running_server_forgets_expired_interactions():
    stub = LocalDiscord()
    await stub.start()
    try:
        ann, games = stub.people[0], stub.text_channels[0]
        old = stub.new_interaction(2, ann, games, {"name": "x"})
        fresh = stub.new_interaction(2, ann, games, {"name": "y"})
        for ix in (old, fresh):
            stub.interactions[ix.id] = ix
            stub._by_token[ix.token] = ix
        old.dispatched_at = stub.now() - 3600
        fresh.dispatched_at = stub.now()
        stub.forget_old()
        assert list(stub.interactions) == [fresh.id] and old.token not in stub._by_token
    finally:
        await stub.close()


def test_an_autocomplete_carries_what_is_filled_while_a_later_required_option_is_empty():
    """Discord's client sends an autocomplete with whatever options are filled; the local Discord refused it while
    a later required option was empty (/rfa place: value never autocompleted before where was typed). A command
    itself still needs every required option."""
    stub = LocalDiscord()
    option = {"type": 3, "description": "d", "required": True, "autocomplete": True}
    stub.commands.bulk_overwrite([{"name": "place", "description": "Place", "type": 1,
                                   "options": [option | {"name": "value"}, option | {"name": "where"}]}], None)
    ann, games = stub.people[0], stub.text_channels[0]
    data = build_command_data(stub.commands, stub.world, ann, games, "place", {"value": "2"}, focused="value")
    assert data["options"] == [{"type": 3, "name": "value", "value": "2", "focused": True}]
    with pytest.raises(CommandUnavailable, match="required option 'where' missing"):
        build_command_data(stub.commands, stub.world, ann, games, "place", {"value": "2"})


async def test_the_page_denies_and_allows_a_permission_for_the_bot_live():
    """A tester had to stop the playground and edit its saved file to take Attach Files away from the bot, so a hold
    lifted live (CHANNEL_UPDATE) could never be tried. Now the page's call denies and allows a permission in one
    channel, tells the bot as Discord does, and refuses what is not a channel's permission, changing nothing."""
    stub = LocalDiscord()
    await stub.start()
    page = Page(stub, Clocks())
    client = TestClient(TestServer(page.app()))
    await client.start_server()
    events: list[tuple[str, dict]] = []
    original = stub._emit_event
    stub._emit_event = lambda name, data, *args, **kwargs: (events.append((name, data)),
                                                             original(name, data, *args, **kwargs))[1]
    games, ann = stub.text_channels[0], stub.people[0]
    try:
        async def permission(**body) -> tuple[int, dict]:
            resp = await client.post("/api/permission", json=body)
            return resp.status, await resp.json()

        status, answer = await permission(channel=str(games.id), permission="attach_files", allow=False)
        assert status == 200 and answer["result"] == ["attach_files"]
        assert not stub.world.permissions(games, stub.world.bot) & perm_bits(attach_files=True)
        assert stub.world.permissions(games, stub.world.bot) & perm_bits(send_messages=True)
        assert stub.world.permissions(stub.text_channels[1], stub.world.bot) & perm_bits(attach_files=True)
        assert [(name, data["id"]) for name, data in events] == [("CHANNEL_UPDATE", str(games.id))]
        status, answer = await permission(channel=str(games.id), permission="send_messages", allow=False)
        assert answer["result"] == ["send_messages", "attach_files"]
        for bad in ({"channel": str(games.id), "permission": "administrator", "allow": False},
                    {"channel": str(games.id), "permission": "attach_files", "allow": "yes"},
                    {"channel": "1", "permission": "attach_files", "allow": True},
                    {"channel": str(stub.world.dm_with(ann).id), "permission": "attach_files", "allow": False}):
            status, answer = await permission(**bad)
            assert status == 400 and answer["error"], bad
        assert stub.bot_denied(games) == ["send_messages", "attach_files"] and len(events) == 2
        status, answer = await permission(channel=str(games.id), permission="attach_files", allow=True)
        status, answer = await permission(channel=str(games.id), permission="send_messages", allow=True)
        assert answer["result"] == [] and stub.world.permissions(games, stub.world.bot) & perm_bits(attach_files=True)
        assert [name for name, _ in events] == ["CHANNEL_UPDATE"] * 4
    finally:
        await client.close()
        await stub.close()
