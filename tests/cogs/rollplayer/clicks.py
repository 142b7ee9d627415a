"""Counts the clicks a Roll Player game costs, played through the bot's components the way a person does.

A seeded player (like ``tests/e2e/policy.py``) reads the latest public prompt: when it carries the menu of
the one player due, that player clicks there; otherwise the player presses "My moves" and clicks in the
private menu. Every option a menu offers (move buttons, move select options, narrowing options) is equally
likely. Each interaction is charged to what the clicking player was doing: a dice-phase turn (from taking an
initiative card to the end of the turn, nested keeps and swaps included) or placing their starting dice.
The game state is read only to know who is due and what to charge; moves come from the bot's components.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from harness import Harness, Place, Sent, User

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
        self.prompt: Sent | None = None
        self.private: dict[int, Sent] = {}

    def user_of(self, game, seat: int) -> User:
        return next(u for u in self.users if u.id == game.seats[seat].user_id)

    def latest_prompt(self) -> Sent | None:
        """The newest public message of the game's channel that offers something to click (a turn post or a
        live message edited in place)."""
        for message in reversed(self.h.rec.order):
            if message.channel_id == self.place.channel_id and not message.ephemeral and not message.deleted \
                    and message.components:
                return message
        return None

    def absorb(self, messages: list[Sent], user: User, clicked: Sent | None = None) -> None:
        """Follow what a click led to: a new private menu, or the clicked private menu changed in place
        (narrowed, or the next step of the turn), or no menu left; and the newest public prompt."""
        fresh = [m for m in messages if m.ephemeral and not m.deleted and move_options(m)]
        if fresh:
            self.private[user.id] = fresh[-1]
        elif clicked is not None and clicked.ephemeral:
            if move_options(clicked) and not clicked.deleted:
                self.private[user.id] = clicked
            elif self.private.get(user.id) is clicked:
                del self.private[user.id]
        self.prompt = self.latest_prompt()

    async def play(self, game_id: int, started, *, max_clicks: int = 4000) -> Counts:
        kind = self.h.bot.sessions.kinds["rollplayer"]
        self.absorb(started.messages, self.users[0])
        clicks = 0
        while True:
            game = await self.h.bot.sessions.load(game_id)
            if game.status != "active":
                return self.counts
            due = sorted({p["seat"] for p in kind.pending(game.state)})
            owners = [s for s in due if self.user_of(game, s).id in self.private]
            seat = owners[0] if owners else self.rng.choice(due)
            user = self.user_of(game, seat)
            bucket = _bucket(game.state, seat)
            menu = self.private.get(user.id)
            spent = 0
            if menu is None:
                if len(due) == 1 and move_options(self.prompt):
                    menu = self.prompt
                else:
                    result = await self.h.click(self.prompt, user=user, place=self.place, label="My moves")
                    spent += 1
                    self.absorb(result.messages, user)
                    menu = self.private[user.id]
            kind_, custom_id, value = self.rng.choice(move_options(menu))
            if kind_ == "button":
                result = await self.h.click(menu, user=user, place=self.place, custom_id=custom_id)
            else:
                result = await self.h.select(menu, [value], user=user, place=self.place, custom_id=custom_id)
            spent += 1
            refused = [m for m in result.messages if m.ephemeral and not move_options(m)
                       and not (m.content or "").startswith("✓")]
            assert not refused, [m.text() for m in refused]
            self.absorb(result.messages, user, clicked=menu)
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
    return await ClickCounter(harness, place, users, seed=seed).play(game.id, started)
