"""Counts the clicks a Roll Player game costs, played through the bot's components the way a person does.

A seeded player (like ``tests/e2e/policy.py``) looks where a person would look: at the game's ONE live message
(the newest public message of the channel that still has components to click; older ones are summaries) and
at their ONE private message of the game, which the bot redraws in place at each private step (so it may be
edited rather than appear among an interaction's new messages). When the player has a private menu, they
click there; otherwise, when the live message carries the menu of the one player due, that player clicks
there; otherwise the player presses "My moves" and clicks in the private menu it opens. Every option a menu
offers (move buttons, move select options, narrowing options) is equally likely. Each interaction is charged
to what the clicking player was doing: a dice-phase turn (from taking an initiative card to the end of the
turn, nested keeps and swaps included) or placing their starting dice. The game state is read only to know
who is due and what to charge; moves come from the bot's components.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from harness import Harness, Place, Result, Sent, User, is_played

MOVE_PREFIXES = ("rp:m:", "rp:s:", "rp:c:")


def move_options(message: Sent) -> list[tuple[str, str, str]]:
    """(kind, custom_id, value) of every move or narrowing option the message offers."""
    out = []
    for button in message.buttons():
        cid = button.get("custom_id", "")
        if cid.startswith(MOVE_PREFIXES) and not button.get("disabled"):
            out.append(("button", cid, button.get("label", "")))
    for select in message.selects():
        cid = select.get("custom_id", "")
        if cid.startswith("rp:s:") and not select.get("disabled"):
            out += [("select", cid, o["value"]) for o in select.get("options", [])]
    return out


@dataclass
class Counts:
    dice_clicks: int = 0
    dice_turns: int = 0
    start_clicks: Counter = field(default_factory=Counter)      # seat -> clicks placing starting dice
    setup_clicks: int = 0                                       # sheet and class choices
    other_clicks: int = 0
    max_turn: int = 0
    per_turn: Counter = field(default_factory=Counter)          # (round, seat) -> clicks
    per_step: Counter = field(default_factory=Counter)          # dice-turn step -> clicks

    @property
    def per_dice_turn(self) -> float:
        return self.dice_clicks / max(1, self.dice_turns)


def live_message(harness: Harness, place: Place) -> Sent | None:
    """The game's live message in ``place``: the newest public message that still has something to click (a
    message the live one replaced is a one-line summary without buttons; edits keep a message's place)."""
    for message in reversed(harness.rec.order):
        if message.channel_id == place.channel_id and not message.ephemeral and not message.deleted \
                and (message.buttons() or message.selects()):
            return message
    return None


class Screens:
    """What each player sees: the live message, and their private message as the bot last drew it.

    Every interaction goes through :meth:`click` / :meth:`select`, which note the private messages it made
    (they belong to the clicking player, like the followups of the stored interaction tokens that later redraw
    them) and every private message it changed, new or edited in place. A player's private message is the one
    of theirs changed last; it is their menu while it offers moves (a step that went public leaves it as
    "✓ …" without a menu)."""

    def __init__(self, harness: Harness, place: Place):
        self.h = harness
        self.place = place
        self.owner: dict[int, int] = {}          # private message id -> user id
        self.changed: dict[int, int] = {}        # private message id -> interaction count when last changed
        self.interactions = 0

    def live(self) -> Sent | None:
        return live_message(self.h, self.place)

    def own(self, user: User) -> Sent | None:
        """The user's private message as last drawn (None before the first)."""
        mine = [(self.changed[m.id], i, m) for i, m in enumerate(self.h.rec.order)
                if m.id in self.changed and self.owner.get(m.id) == user.id and not m.deleted]
        return max(mine, key=lambda entry: entry[:2])[2] if mine else None

    def menu(self, user: User) -> Sent | None:
        """The user's private menu: their private message while it offers moves."""
        own = self.own(user)
        return own if own is not None and move_options(own) else None

    async def _track(self, user: User, interaction) -> Result:
        edits = {m.id: m.edits for m in self.h.rec.order if m.ephemeral}
        result = await interaction
        self.interactions += 1
        for message in result.messages:
            if message.ephemeral:
                self.owner.setdefault(message.id, user.id)
        for message in self.h.rec.order:
            if message.ephemeral and message.channel_id == self.place.channel_id and \
                    message.edits != edits.get(message.id, -1):
                self.changed[message.id] = self.interactions
        return result

    async def click(self, message: Sent, *, user: User, **kwargs) -> Result:
        return await self._track(user, self.h.click(message, user=user, place=self.place, **kwargs))

    async def select(self, message: Sent, values: list[str], *, user: User, **kwargs) -> Result:
        return await self._track(user, self.h.select(message, values, user=user, place=self.place, **kwargs))

    async def choose(self, message: Sent, option: tuple[str, str, str], *, user: User) -> Result:
        """Click one of :func:`move_options`."""
        kind, custom_id, value = option
        if kind == "button":
            return await self.click(message, user=user, custom_id=custom_id)
        return await self.select(message, [value], user=user, custom_id=custom_id)


def refusals(result: Result) -> list[str]:
    """New private messages that are neither a menu nor a played move ("Done: …"): the bot said no."""
    return [m.text() for m in result.messages if m.ephemeral and not m.deleted and not move_options(m)
            and not is_played(m.content or "")]


def _bucket(state, seat: int) -> str:
    if state.phase == "setup_dice":
        return "start"
    if state.phase in ("setup_race", "setup_class"):
        return "setup"
    sub = state.sub
    if state.phase == "dice" and state.turn == seat and (sub is None or sub.get("kind") != "order_ties"):
        return "dice"
    return "other"


class ClickCounter:
    def __init__(self, harness: Harness, place: Place, users: list[User], *, seed: int):
        self.h = harness
        self.place = place
        self.users = users
        self.rng = random.Random(seed)
        self.counts = Counts()
        self.screens = Screens(harness, place)

    def user_of(self, game, seat: int) -> User:
        return next(u for u in self.users if u.id == game.seats[seat].user_id)

    async def play(self, game_id: int, *, max_clicks: int = 4000) -> Counts:
        kind = self.h.bot.sessions.kinds["rollplayer"]
        screens = self.screens
        clicks = 0
        while True:
            game = await self.h.bot.sessions.load(game_id)
            if game.status != "active":
                return self.counts
            due = sorted({p["seat"] for p in kind.pending(game.state)})
            owners = [s for s in due if screens.menu(self.user_of(game, s)) is not None]
            seat = owners[0] if owners else self.rng.choice(due)
            user = self.user_of(game, seat)
            bucket = _bucket(game.state, seat)
            menu = screens.menu(user)
            spent = 0
            if menu is None:
                live = screens.live()
                if len(due) == 1 and move_options(live):
                    menu = live
                else:
                    result = await screens.click(live, user=user, label="My moves")
                    spent += 1
                    assert not refusals(result), refusals(result)
                    menu = screens.menu(user)
                    assert menu is not None, "My moves opened no menu"
            result = await screens.choose(menu, self.rng.choice(move_options(menu)), user=user)
            spent += 1
            assert not refusals(result), refusals(result)
            self._charge(bucket, game.state, seat, spent)
            if bucket == "dice":
                sub = game.state.sub
                self.counts.per_step[sub["kind"] if sub else game.state.step] += spent
            clicks += spent
            assert clicks < max_clicks, "the game did not end"

    def _charge(self, bucket: str, state, seat: int, spent: int) -> None:
        c = self.counts
        if bucket == "dice":
            key = (state.round, seat)
            if key not in c.per_turn:
                c.dice_turns += 1
            c.per_turn[key] += spent
            c.dice_clicks += spent
            c.max_turn = max(c.max_turn, c.per_turn[key])
        elif bucket == "start":
            c.start_clicks[seat] += spent
        elif bucket == "setup":
            c.setup_clicks += spent
        else:
            c.other_clicks += spent


async def count_game(harness: Harness, users: list[User], *, seed: int) -> Counts:
    """One whole game of ``len(users)`` players, counted."""
    place = harness.channel()
    result = await harness.run("new", user=users[0], place=place, players=len(users))
    lobby = next(m for m in result.messages if m.buttons())
    for user in users[1:]:
        await harness.click(lobby, user=user, place=place, label="Join")
    started = await harness.click(lobby, user=users[0], place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert live_message(harness, place) in started.public(), "the game began with its live message"
    return await ClickCounter(harness, place, users, seed=seed).play(game.id)
