"""The stand-in's REST rules on their own (raw HTTP with the bot token, no bot): what Discord accepts."""

from __future__ import annotations

import json
import re

import aiohttp
import pytest

from .commands import CommandUnavailable, build_command_data
from .fixtures import Cast
from .images import png_size
from .messages import PayloadRejected
from .ratelimits import RateLimits
from .server import DiscordStub
from .testbot import render_png
from .world import ALL_PERMISSIONS, perm_bits


@pytest.fixture
async def http(discord_stub: DiscordStub):
    # raw requests in quick succession, from a client that reads no rate-limit headers: these tests are about
    # what Discord accepts; the limits have their own (test_stub_ratelimits.py)
    discord_stub.rate_limits.enabled = False
    headers = {"Authorization": f"Bot {discord_stub.token}"}
    async with aiohttp.ClientSession(base_url=discord_stub.base_url, headers=headers) as session:
        yield session


def api(path: str) -> str:
    return "/api/v10" + path


async def test_channel_message_validation(discord_stub: DiscordStub, cast: Cast, http) -> None:
    url = api(f"/channels/{cast.games.id}/messages")
    cases = [
        ({}, 50006),
        ({"content": "x" * 2001}, 50035),
        ({"content": "x", "components": [{"type": 2, "style": 1, "label": "a", "custom_id": "a"}]}, 50035),
        ({"content": "x", "components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "a", "custom_id": "same"},
            {"type": 2, "style": 1, "label": "b", "custom_id": "same"}]}]}, 50035),
        ({"content": "x", "components": [{"type": 1, "components": [
            {"type": 3, "custom_id": "s", "options": [{"label": "l", "value": "v"}]},
            {"type": 2, "style": 1, "label": "b", "custom_id": "b"}]}]}, 50035),
        ({"content": "x", "components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": str(i), "custom_id": str(i)} for i in range(6)]}]}, 50035),
        ({"embeds": [{"title": "t", "fields": [{"name": "n", "value": ""}]}]}, 50035),
    ]
    for body, code in cases:
        async with http.post(url, json=body) as resp:
            assert resp.status == 400, body
            assert (await resp.json())["code"] == code, body
    assert len(discord_stub.rejections) == len(cases)
    assert discord_stub.messages(cast.games) == []


async def test_multipart_upload_and_attachment_edits(discord_stub: DiscordStub, cast: Cast, http) -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "two files", "attachments": [
        {"id": 0, "filename": "a.png"}, {"id": 1, "filename": "b.png", "description": "second"}]}))
    form.add_field("files[0]", render_png((3, 4)), filename="a.png", content_type="application/octet-stream")
    form.add_field("files[1]", render_png((5, 6)), filename="b.png", content_type="application/octet-stream")
    async with http.post(api(f"/channels/{cast.games.id}/messages"), data=form) as resp:
        assert resp.status == 200 and resp.headers["Content-Type"] == "application/json"
        data = await resp.json()
    assert [(a["filename"], a["width"], a["height"]) for a in data["attachments"]] == [("a.png", 3, 4), ("b.png", 5, 6)]
    msg = discord_stub.last_message(cast.games)
    assert [png_size(a) for a in msg.attachments] == [(3, 4), (5, 6)]
    async with http.get(data["attachments"][1]["url"]) as resp:  # the CDN URL serves the bytes
        assert png_size(await resp.read()) == (5, 6)
    keep_second = {"attachments": [{"id": data["attachments"][1]["id"]}]}
    async with http.patch(api(f"/channels/{cast.games.id}/messages/{msg.id}"), json=keep_second) as resp:
        assert resp.status == 200
    assert [a.filename for a in msg.attachments] == ["b.png"] and msg.content == "two files" and msg.edits == 1
    async with http.patch(api(f"/channels/{cast.games.id}/messages/{msg.id}"), json={"content": None}) as resp:
        assert resp.status == 200  # the remaining file keeps the message non-empty
    async with http.patch(api(f"/channels/{cast.games.id}/messages/{msg.id}"), json={"attachments": []}) as resp:
        assert resp.status == 400 and (await resp.json())["code"] == 50006
    async with http.get(api(f"/channels/{cast.games.id}/messages"), params={"limit": "5"}) as resp:
        assert [m["id"] for m in await resp.json()] == [str(msg.id)]
    async with http.delete(api(f"/channels/{cast.games.id}/messages/{msg.id}")) as resp:
        assert resp.status == 204
    async with http.get(api(f"/channels/{cast.games.id}/messages/{msg.id}")) as resp:
        assert resp.status == 404 and (await resp.json())["code"] == 10008


async def test_multipart_bodies_read_by_hand(discord_stub: DiscordStub, cast: Cast, http) -> None:
    """The stand-in reads multipart itself (cheaply): file bytes holding CR LF and the boundary's dashes come
    through whole, a quoted filename is unquoted, and a field discord.py never sends or a broken body is
    refused as Discord would refuse it."""
    url = api(f"/channels/{cast.games.id}/messages")
    tricky = render_png((2, 2)) + b"\r\n--\r\n\r\n--x"
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "é \r\n", "attachments": [{"id": 0, "filename": 'a"b.png'}]}))
    form.add_field("files[0]", tricky, filename='a"b.png', content_type="image/png")
    async with http.post(url, data=form) as resp:
        assert resp.status == 200, await resp.text()
    msg = discord_stub.last_message(cast.games)
    assert msg.content == "é \r\n" and msg.attachments[0].filename == 'a"b.png'
    stray = aiohttp.FormData(quote_fields=False)
    stray.add_field("payload_json", json.dumps({"content": "x"}))
    stray.add_field("note", "not a file")
    broken = {"Content-Type": "multipart/form-data; boundary=zz"}
    for data, headers in ((stray, None), (b"--zz\r\nContent-Disposition: form-data\r\n\r\nx", broken),
                          (b"junk", broken), (b"--zz--", {"Content-Type": "multipart/form-data"})):
        async with http.post(url, data=data, headers=headers) as resp:
            assert resp.status == 400
    assert len(discord_stub.rejections) == 4 and len(discord_stub.messages(cast.games)) == 1


async def test_command_sync_validation(discord_stub: DiscordStub, http) -> None:
    url = api(f"/applications/{discord_stub.application_id}/commands")
    bad = [
        [{"name": "Upper", "description": "d"}],
        [{"name": "ok", "description": ""}],
        [{"name": "ok", "description": "d", "options": [
            {"type": 3, "name": "a", "description": "d"}, {"type": 3, "name": "b", "description": "d",
                                                           "required": True}]}],
        [{"name": "ok", "description": "d", "options": [
            {"type": 4, "name": "a", "description": "d", "choices": [{"name": str(i), "value": i}
                                                                     for i in range(26)]}]}],
        [{"name": "ok", "description": "d"}, {"name": "ok", "description": "again"}],
    ]
    for body in bad:
        async with http.put(url, json=body) as resp:
            assert resp.status == 400, body
    async with http.put(api(f"/applications/{discord_stub.application_id + 1}/commands"), json=[]) as resp:
        assert resp.status == 404
    async with http.put(url, json=[{"name": "ok", "description": "d", "options": [
            {"type": 1, "name": "sub", "description": "d", "options": [
                {"type": 4, "name": "n", "description": "d", "required": True, "min_value": 1, "max_value": 4}]}]}]) as resp:
        stored = await resp.json()
    assert stored[0]["application_id"] == str(discord_stub.application_id) and stored[0]["id"]


def test_command_limits_beyond_the_schema(discord_stub: DiscordStub) -> None:
    """Discord's documented rules that no schema says, checked at every sync (commands.command_problems)."""
    def sync(*options, **extra):
        discord_stub.commands.bulk_overwrite([{"name": "ok", "description": "d", "options": list(options),
                                               **extra}], None)

    sub = {"type": 1, "name": "sub", "description": "d"}
    refused = {
        "breaks Discord's naming rule": dict(name_localizations={"de": "Großes Spiel"}),
        "required option after an optional": [{"type": 3, "name": "a", "description": "d"},
                                              {"type": 3, "name": "b", "description": "d", "required": True}],
        "min_value 5 above max_value 4": [{"type": 4, "name": "n", "description": "d", "min_value": 5,
                                           "max_value": 4}],
        "max_value: 9007199254740992 is outside": [{"type": 4, "name": "n", "description": "d",
                                                    "max_value": 2**53}],
        "nested too deeply": [dict(sub, options=[dict(sub, name="deeper", type=2, options=[sub])])],
        "subcommands mixed with plain options": [sub, {"type": 5, "name": "flag", "description": "d"}],
        "unknown locales ['xx']": dict(description_localizations={"xx": "d"}),
        "duplicate option names": [{"type": 3, "name": "a", "description": "d", "name_localizations": {"de": "x"}},
                                   {"type": 3, "name": "b", "description": "d", "name_localizations": {"de": "x"}}],
        "counting each field's longest localisation": [
            {"type": 3, "name": f"o{i}", "description": "d", "description_localizations": {"ko": "k" * 100},
             "choices": [{"name": f"c{j}", "name_localizations": {"fr": "f" * 100}, "value": "v" * 100}
                         for j in range(25)]} for i in range(2)],
    }
    for why, case in refused.items():
        with pytest.raises(PayloadRejected, match=re.escape(why)):
            sync(*case) if isinstance(case, list) else sync(**case)
    sync({"type": 4, "name": "n", "description": "d", "required": True, "min_value": -(2**53 - 1),
          "max_value": 2**53 - 1}, {"type": 3, "name": "w", "description": "d", "min_length": 0, "max_length": 6000},
         name_localizations={"de": "gut"}, description_localizations={"ko": "좋아요"})


async def test_option_bounds_and_channel_options(discord_stub: DiscordStub, cast: Cast) -> None:
    discord_stub.commands.bulk_overwrite([{"name": "x", "description": "d", "options": [
        {"type": 4, "name": "n", "description": "d", "required": True, "min_value": 1, "max_value": 4},
        {"type": 7, "name": "where", "description": "d"},
        {"type": 10, "name": "f", "description": "d"}]}], None)
    with pytest.raises(CommandUnavailable, match="outside 1..4"):
        build_command_data(discord_stub.commands, discord_stub.world, cast.alice, cast.games, "x", {"n": 5})
    with pytest.raises(CommandUnavailable, match="expected an integer"):
        build_command_data(discord_stub.commands, discord_stub.world, cast.alice, cast.games, "x", {"n": "2"})
    data = build_command_data(discord_stub.commands, discord_stub.world, cast.alice, cast.games, "x",
                              {"n": 2, "where": cast.lounge, "f": 0.5})
    assert data["options"] == [{"type": 4, "name": "n", "value": 2},
                               {"type": 7, "name": "where", "value": str(cast.lounge.id)},
                               {"type": 10, "name": "f", "value": 0.5}]
    assert data["resolved"]["channels"][str(cast.lounge.id)]["name"] == "lounge"


def test_permission_algorithm(discord_stub: DiscordStub, cast: Cast) -> None:
    w = discord_stub.world
    attach = perm_bits(attach_files=True)
    send = perm_bits(send_messages=True)
    assert w.permissions(cast.games, w.bot) & attach
    w.restrict_bot(cast.lounge, send_messages=True)
    lounge = w.permissions(cast.lounge, w.bot)
    assert not lounge & send and not lounge & attach  # no Send Messages implies no Attach Files
    assert w.permissions(cast.lounge, cast.alice) & send
    assert w.permissions(cast.games, cast.mod) & perm_bits(manage_channels=True)
    assert not w.permissions(cast.games, cast.alice) & perm_bits(manage_channels=True)
    assert w.permissions(cast.games, w.owner) == ALL_PERMISSIONS


async def test_lean_mode_keeps_sizes_not_bytes() -> None:
    stub = DiscordStub(retain_uploads=False, max_request_log=3, rate_limits=RateLimits.off())
    await stub.start()
    try:
        w = stub.world
        user = w.add_user("erin")
        channel = w.add_channel("load")
        headers = {"Authorization": f"Bot {stub.token}"}
        async with aiohttp.ClientSession(base_url=stub.base_url, headers=headers) as http:
            png = render_png((300, 200))
            for _ in range(8):
                form = aiohttp.FormData(quote_fields=False)
                form.add_field("payload_json", json.dumps({"content": user.mention}))
                form.add_field("files[0]", png, filename="t.png")
                async with http.post(api(f"/channels/{channel.id}/messages"), data=form) as resp:
                    data = await resp.json()
                    assert resp.status == 200 and data["attachments"][0]["size"] == len(png)
        assert len(stub.requests) <= 6
        att = stub.last_message(channel).attachments[0]
        assert att.size == len(png) and len(att.data) == 33 and att.png_dimensions() == (300, 200)
        assert all(f.data == b"" and f.size == len(png) for r in stub.requests for f in r.files)
    finally:
        await stub.close()


async def test_components_v2_messages(discord_stub: DiscordStub, cast: Cast, http) -> None:
    """A layout message (IS_COMPONENTS_V2): a container with a media gallery of ``attachment://`` files and
    text displays (whose mentions ping), action rows below; sent silently; edits that replace attachments;
    the flag cannot be dropped and a gallery may only name the message's own attachments."""
    v2, silent = 1 << 15, 1 << 12
    url = api(f"/channels/{cast.games.id}/messages")
    layout = [{"type": 17, "components": [
        {"type": 12, "items": [{"media": {"url": "attachment://table.png"}}]},
        {"type": 10, "content": f"<@{cast.alice.id}>: your turn"}]},
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]

    def form(payload: dict, name: str | None = "table.png", size: tuple[int, int] = (7, 8)) -> aiohttp.FormData:
        data = aiohttp.FormData(quote_fields=False)
        data.add_field("payload_json", json.dumps(payload))
        if name:
            data.add_field("files[0]", render_png(size), filename=name, content_type="image/png")
        return data

    body = {"flags": v2 | silent, "components": layout, "attachments": [{"id": 0, "filename": "table.png"}],
            "allowed_mentions": {"users": [str(cast.alice.id)]}}
    async with http.post(url, data=form(body)) as resp:
        assert resp.status == 200, await resp.text()
        message = discord_stub.message_by_id(int((await resp.json())["id"]))
    assert message.layout and message.silent and message.mentions == [cast.alice.id]
    assert message.button_labels == ["Go"] and "your turn" in message.text and png_size(message.images[0]) == (7, 8)
    # content beside the flag, a gallery naming a file the message lacks: refused
    for bad, name in (({**body, "content": "x"}, "table.png"),
                      ({**body, "attachments": [{"id": 0, "filename": "other.png"}]}, "other.png")):
        async with http.post(url, data=form(bad, name)) as resp:
            assert resp.status == 400
    edit_url = f"{url}/{message.id}"
    replaced = {"flags": v2, "components": layout, "attachments": [{"id": 0, "filename": "table.png"}]}
    async with http.patch(edit_url, data=form(replaced, size=(9, 10))) as resp:
        assert resp.status == 200
    assert [png_size(a) for a in message.images] == [(9, 10)] and message.edits == 1
    summary = {"flags": v2, "components": [{"type": 10, "content": "-# done"}], "attachments": []}
    async with http.patch(edit_url, json=summary) as resp:
        assert resp.status == 200
    assert message.images == [] and message.buttons == [] and message.text == "-# done"
    async with http.patch(edit_url, json={"flags": 0, "content": "plain again"}) as resp:
        assert resp.status == 400, "the components v2 flag stays"


async def test_threads_start_without_a_message_and_take_members(discord_stub: DiscordStub, cast: Cast, http) -> None:
    """Start Thread without Message and Add Thread Member as Discord serves them: 201 and the thread, the bot
    its first member; posting in it needs Send Messages in Threads; no thread of a thread or a DM; adding needs
    a guild member and an open thread; without Create Public Threads the bot gets 403/50013."""
    async with http.post(api(f"/channels/{cast.games.id}/threads"),
                         json={"name": "Roll Player · table of 3", "type": 11, "auto_archive_duration": 10080}) as resp:
        assert resp.status == 201
        thread = await resp.json()
    assert thread["type"] == 11 and thread["parent_id"] == str(cast.games.id)
    assert thread["member"]["user_id"] == str(discord_stub.world.bot.id)
    tid = int(thread["id"])
    for user, status in ((cast.alice, 204), (cast.alice, 204), (cast.stranger, 404)):
        async with http.put(api(f"/channels/{tid}/thread-members/{user.id}")) as resp:
            assert resp.status == status, user
    assert discord_stub.world.channels[tid].thread_members == [discord_stub.world.bot.id, cast.alice.id]
    async with http.post(api(f"/channels/{tid}/messages"), json={"content": "hi"}) as resp:
        assert resp.status == 200
    for channel, body, code in ((tid, {"name": "inner", "type": 11}, 50024),
                                (discord_stub.dm_channel(cast.alice).id, {"name": "dm", "type": 11}, 50024),
                                (cast.games.id, {"name": "", "type": 11}, 50035),
                                (cast.games.id, {"name": "x", "type": 11, "auto_archive_duration": 5}, 50035)):
        async with http.post(api(f"/channels/{channel}/threads"), json=body) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == code, body
    discord_stub.world.channels[tid].archived = True
    async with http.put(api(f"/channels/{tid}/thread-members/{cast.bob.id}")) as resp:
        assert resp.status == 400 and (await resp.json())["code"] == 50083
    discord_stub.world.restrict_bot(cast.lounge, create_public_threads=True)
    async with http.post(api(f"/channels/{cast.lounge.id}/threads"), json={"name": "x", "type": 11}) as resp:
        assert resp.status == 403 and (await resp.json())["code"] == 50013
    discord_stub.world.restrict_bot(cast.games, send_messages_in_threads=True)
    async with http.post(api(f"/channels/{tid}/messages"), json={"content": "hi"}) as resp:
        assert resp.status == 403 and (await resp.json())["code"] == 50013
    discord_stub.rejections.clear()


def test_a_world_saved_before_threads_loads_with_none(discord_stub: DiscordStub, cast: Cast) -> None:
    """The playground keeps its server in a pickle: channels and guilds saved before threads came get their
    defaults when read back."""
    import pickle

    for name in ("parent_id", "owner_id", "thread_members", "archived", "locked", "auto_archive_duration", "created_at",
                 "archive_timestamp"):
        del cast.games.__dict__[name]
    del discord_stub.world.guild.__dict__["threads"]
    world = pickle.loads(pickle.dumps(discord_stub.world))
    games = world.channels[cast.games.id]
    assert games.thread_members == [] and not games.is_thread and world.guild.threads == {} and not games.locked
    assert world.guild.payload(world.joined_at)["threads"] == []
    assert world.add_thread(games, "t", world.bot).parent_id == games.id


async def test_alt_texts_are_kept_and_held_to_discords_limit(discord_stub: DiscordStub, cast: Cast, http) -> None:
    """A picture's alt text (an attachment's ``description``, a media gallery item's) is kept and served back, an
    edit may give a kept file a new one, and 1,025 characters are refused as Discord refuses them: by the stand-in
    itself, as the playground runs it (without the OpenAPI check the tests add), and by Discord's description."""
    url = api(f"/channels/{cast.games.id}/messages")

    def upload(description: object, item: object = None) -> aiohttp.FormData:
        gallery = {"type": 12, "items": [{"media": {"url": "attachment://a.png"},
                                          **({"description": item} if item is not None else {})}]}
        form = aiohttp.FormData(quote_fields=False)
        form.add_field("payload_json", json.dumps({"flags": 1 << 15, "components": [gallery], "attachments": [
            {"id": 0, "filename": "a.png", "description": description}]}))
        form.add_field("files[0]", render_png((3, 4)), filename="a.png", content_type="image/png")
        return form

    openapi_checks = list(discord_stub.request_checks)
    for checks in ([], openapi_checks):
        discord_stub.request_checks[:] = checks
        for description, item in (("x" * 1025, None), ("fine", "y" * 1025), ("fine", ""), (7, None)):
            async with http.post(url, data=upload(description, item)) as resp:
                assert resp.status == 400 and (await resp.json())["code"] == 50035, (checks, description, item)
    assert discord_stub.messages(cast.games) == []

    async with http.post(url, data=upload("w" * 1024, "i" * 1024)) as resp:
        assert resp.status == 200, await resp.text()
        sent = await resp.json()
    msg = discord_stub.last_message(cast.games)
    assert sent["attachments"][0]["description"] == msg.attachments[0].description == "w" * 1024
    assert sent["components"][0]["items"][0]["description"] == "i" * 1024
    kept = {"attachments": [{"id": sent["attachments"][0]["id"], "description": "the table, round 2"}]}
    async with http.patch(f"{url}/{msg.id}", json=kept) as resp:
        assert resp.status == 200 and (await resp.json())["attachments"][0]["description"] == "the table, round 2"
    too_long = {"attachments": [{"id": sent["attachments"][0]["id"], "description": "z" * 1025}]}
    async with http.patch(f"{url}/{msg.id}", json=too_long) as resp:
        assert resp.status == 400
    assert msg.attachments[0].description == "the table, round 2", "a refused edit changes nothing"


async def test_a_post_a_test_holds_and_refuses_is_finished_and_lets_the_stand_in_settle(
        discord_stub: DiscordStub, cast: Cast, http) -> None:
    """``channel_post_gate`` refusing a post answers 503; the request is over, so ``settle`` returns (it waited
    for it until its timeout)."""
    async def refuse(channel, record) -> bool:
        return False
    discord_stub.channel_post_gate = refuse
    async with http.post(api(f"/channels/{cast.games.id}/messages"), json={"content": "held"}) as r:
        assert r.status == 503
    assert discord_stub.requests[-1].finished > 0 and discord_stub.requests[-1].status == 503
    await discord_stub.settle(timeout=2.0)
