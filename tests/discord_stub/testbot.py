"""A small discord.py bot that exercises every route and interaction flavour the real bot will use.

It exists to prove the stand-in with the unmodified client before ``bot.app`` exists: slash command group
with options and autocomplete, deferrals and follow-ups with PNG files, DynamicItem buttons that survive a
restart, a select, a modal, DMs, channel posts, fetches, and edits/deletes of responses.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

PIC_SIZE = (64, 48)


def render_png(size: tuple[int, int] = PIC_SIZE, colour: tuple[int, int, int] = (200, 40, 40)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, colour).save(buf, format="PNG")
    return buf.getvalue()


class CounterButton(discord.ui.DynamicItem[discord.ui.Button], template=r"t:count:(?P<n>\d+)"):
    """A persistent counter: the custom id carries the count the clicker saw, so a stale click is detectable
    even by a freshly restarted bot (which adopts the count from the first click it sees)."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", style=discord.ButtonStyle.primary,
                                           custom_id=f"t:count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ProbeBot = interaction.client  # type: ignore[assignment]
        assert interaction.message is not None
        key = interaction.message.id
        current = bot.counters.setdefault(key, self.n)
        if self.n != current:
            await interaction.response.send_message(f"stale: that button showed {self.n}, now {current}",
                                                    ephemeral=True)
            return
        bot.counters[key] = current + 1
        bot.clicks.append((interaction.user.id, self.n))
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(current + 1))
        await interaction.response.edit_message(content=f"count {current + 1} by {interaction.user.name}", view=view)


class PostButton(discord.ui.DynamicItem[discord.ui.Button], template=r"t:post:(?P<tag>[a-z]+)"):
    """Acknowledges silently (deferred update), then posts a new channel message with an image."""

    def __init__(self, tag: str) -> None:
        super().__init__(discord.ui.Button(label=f"Post {tag}", style=discord.ButtonStyle.secondary,
                                           custom_id=f"t:post:{tag}"))
        self.tag = tag

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PostButton:
        return cls(match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        png = await asyncio.to_thread(render_png, (32, 32))
        assert interaction.channel is not None
        await interaction.channel.send(f"{self.tag} posted for {interaction.user.mention}",
                                       file=discord.File(io.BytesIO(png), "post.png"))
        await interaction.edit_original_response(content=f"posted {self.tag}")


class ColourSelect(discord.ui.Select):
    def __init__(self) -> None:
        super().__init__(custom_id="t:colour", placeholder="Pick colours", min_values=1, max_values=2,
                         options=[discord.SelectOption(label=c.title(), value=c) for c in ("red", "green", "blue")])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"picked {','.join(self.values)}", view=None)


class NameModal(discord.ui.Modal, title="Your name"):
    name = discord.ui.TextInput(label="Name", custom_id="t:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}")


class Secret(discord.ui.View):
    """A classic (non-persistent) view: stored under the response's message id by discord.py."""

    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Reveal", custom_id="t:reveal")
    async def reveal(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content="revealed", view=None)


class Bad(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=5)
        self.add_item(discord.ui.Button(label="x" * 81, custom_id="t:bad"))


group = app_commands.Group(name="t", description="stand-in test commands")


@group.command(description="Answer at once")
async def ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pong")
    original = await interaction.original_response()
    interaction.client.seen_original_ids.append(original.id)  # type: ignore[attr-defined]


@group.command(description="Echo options back")
@app_commands.describe(text="what to say", times="how often", loud="shout", who="someone to mention")
@app_commands.choices(times=[app_commands.Choice(name=str(i), value=i) for i in (1, 2, 3)])
async def echo(interaction: discord.Interaction, text: str, times: app_commands.Choice[int], loud: bool = False,
               who: discord.Member | None = None) -> None:
    said = " ".join([text.upper() if loud else text] * times.value)
    if who is not None:
        said += f" {who.mention} ({type(who).__name__})"
    await interaction.response.send_message(said, allowed_mentions=discord.AllowedMentions(users=True))


@group.command(description="Pick a word")
async def pick(interaction: discord.Interaction, word: str) -> None:
    await interaction.response.send_message(f"you picked {word}", ephemeral=True)


@pick.autocomplete("word")
async def pick_word(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    words = ["apple", "apricot", "banana", "cherry"]
    return [app_commands.Choice(name=w, value=w) for w in words if w.startswith(current)]


@group.command(description="Deferred answer with a picture and buttons")
async def pic(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    png = await asyncio.to_thread(render_png)
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(0))
    view.add_item(PostButton("news"))
    await interaction.followup.send("a picture", file=discord.File(io.BytesIO(png), "pic.png"), view=view, wait=True)
    extra = await interaction.followup.send("second follow-up", wait=True)
    await extra.edit(content="second follow-up, edited")


@group.command(description="Deferred, then edit the original with a file")
async def edit(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    png = await asyncio.to_thread(render_png, (20, 10))
    await interaction.edit_original_response(content="edited", attachments=[discord.File(io.BytesIO(png), "e.png")])


@group.command(description="Answer with a file straight in the callback")
async def card(interaction: discord.Interaction) -> None:
    png = await asyncio.to_thread(render_png, (10, 20))
    await interaction.response.send_message("card", file=discord.File(io.BytesIO(png), "card.png"))


@group.command(description="Ephemeral answer with a classic view")
async def secret(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("shh", view=Secret(), ephemeral=True)


@group.command(description="A select")
async def menu(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=60)
    view.add_item(ColourSelect())
    await interaction.response.send_message("choose", view=view)


@group.command(description="A modal")
async def form(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(NameModal())


@group.command(description="Post in the channel with an image")
async def announce(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    png = await asyncio.to_thread(render_png, (40, 30))
    assert interaction.channel is not None
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(0))
    await interaction.channel.send(f"announcement for {interaction.user.mention}",
                                   file=discord.File(io.BytesIO(png), "a.png"), view=view)
    await interaction.followup.send("posted", ephemeral=True)


@group.command(description="Talk to you in a DM")
@app_commands.allowed_contexts(guilds=True, dms=True)
async def dm(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    channel = await interaction.user.create_dm()
    png = await asyncio.to_thread(render_png, (16, 16))
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(0))
    try:
        await channel.send("hello in private", file=discord.File(io.BytesIO(png), "dm.png"), view=view)
    except discord.Forbidden as exc:
        await interaction.followup.send(f"cannot DM you ({exc.code})")
        return
    await interaction.followup.send("sent you a DM")


@group.command(description="Fetch things over REST")
async def whoami(interaction: discord.Interaction) -> None:
    await interaction.response.defer()
    assert interaction.guild is not None and interaction.channel is not None
    member = await interaction.guild.fetch_member(interaction.user.id)
    channel = await interaction.client.fetch_channel(interaction.channel.id)
    guild = await interaction.client.fetch_guild(interaction.guild.id)
    user = await interaction.client.fetch_user(interaction.user.id)
    perms = interaction.app_permissions
    await interaction.followup.send(
        f"{member.name} in #{channel.name} of {guild.name}; user {user.name}; bot can attach: {perms.attach_files}")


@group.command(description="Answer, then delete everything")
async def vanish(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("now you see me")
    follow = await interaction.followup.send("me too", wait=True)
    await follow.delete()
    await interaction.delete_original_response()


@app_commands.command(description="Moderators only (a root command: Discord ignores permissions on subcommands)")
@app_commands.default_permissions(manage_channels=True)
@app_commands.guild_only()
async def modonly(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("admin ok", ephemeral=True)


@group.command(description="Too slow to answer")
async def slow(interaction: discord.Interaction, seconds: float) -> None:
    await asyncio.sleep(seconds)
    try:
        await interaction.response.send_message("late")
    except discord.NotFound as exc:
        interaction.client.late_errors.append(exc.code)  # type: ignore[attr-defined]


@group.command(description="Answer only when the test opens the gate")
async def gated(interaction: discord.Interaction) -> None:
    await interaction.client.gate.wait()  # type: ignore[attr-defined]
    await interaction.response.send_message("through the gate")


@group.command(description="Send a button Discord refuses")
async def bad(interaction: discord.Interaction) -> None:
    try:
        await interaction.response.send_message("bad", view=Bad())
    except discord.HTTPException as exc:
        interaction.client.http_errors.append((exc.status, exc.code))  # type: ignore[attr-defined]
        await interaction.response.send_message(f"refused {exc.code}")


@group.command(description="Call a route the stand-in does not serve")
async def pins(interaction: discord.Interaction) -> None:
    await interaction.response.defer()
    assert isinstance(interaction.channel, discord.TextChannel)
    async for _ in interaction.channel.pins():
        pass


class ProbeBot(commands.AutoShardedBot):
    """Registers /t globally and /g in the test guild (to exercise both sync routes)."""

    def __init__(self, guild_id: int, intents: discord.Intents | None = None, guild_ready_timeout: float = 0.05) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=intents or discord.Intents.default(),
                         guild_ready_timeout=guild_ready_timeout, help_command=None)
        self.guild_id = guild_id
        self.counters: dict[int, int] = {}
        self.clicks: list[tuple[int, int]] = []
        self.seen_original_ids: list[int] = []
        self.late_errors: list[int] = []
        self.http_errors: list[tuple[int, int]] = []
        self.gate = asyncio.Event()
        self.tree.add_command(group)
        self.tree.add_command(modonly)
        guild_group = app_commands.Group(name="g", description="guild-only test commands")

        @guild_group.command(description="Hello from a guild command")
        async def hello(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"hello guild {interaction.guild_id}")

        self.tree.add_command(guild_group, guild=discord.Object(guild_id))

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CounterButton, PostButton)
        await self.tree.sync()
        await self.tree.sync(guild=discord.Object(self.guild_id))


async def _main() -> None:
    """Run the probe bot in its own process: ``python -m tests.discord_stub.testbot`` with DISCORD_API_BASE,
    DISCORD_TOKEN and STUB_GUILD_ID set (the way the real bot is configured for the stand-in)."""
    import os
    import signal

    discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
    bot = ProbeBot(int(os.environ["STUB_GUILD_ID"]))
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    async with bot:
        await bot.start(os.environ["DISCORD_TOKEN"])


if __name__ == "__main__":
    asyncio.run(_main())
