"""What a purchase in Roll Player's menus tells before the click (tour "o", French rulebook): the price the
player would pay now (after a Warrior's discount, a Charisma token, Move Silently), the card's type and its
text; and a weapon the hands keep from being bought says to discard a Weapon first."""
from __future__ import annotations

import pytest
from clicks import live_message
from menu_kit import (
    LOCALES,
    act,
    after_setup,
    at_market_turn,
    deal,
    engine,
    fake_game,
    games_start_as,
    legal_of,
    options,
)
from test_cogs_phase import COMMANDS, options_for, start_two_player

from bot.games.rollplayer.content import CARD_ARROW, CARD_COST, CARD_HANDS, CARD_TYPE
from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from cogs import menus
from cogs.buttons import move_check
from cogs.rollplayer import PRESENTATION
from cogs.rollplayer.describe import move_label, names


def price_text(paid: int, card: str, locale: str) -> str:
    """How an option's detail states a price: the printed cost beside it when a discount or token lowers it."""
    if paid == CARD_COST[card]:
        return t("rollplayer.detail.price", locale, price=paid)
    return t("rollplayer.detail.price_reduced", locale, price=paid, cost=CARD_COST[card])


def warrior_at_market(market: list[str], gold: int = 5, charisma: int = 0):
    st = at_market_turn(after_setup(2, seed=3, classes={0: "warrior", 1: "warrior"}))
    seat = engine.pending(st)[0]["seat"]
    p = st.players[seat]
    p.gold, p.charisma = gold, charisma
    st.market = list(market)
    return st, seat


def assert_purchase_detail(detail: str, paid: int, card: str, locale: str) -> None:
    """A purchase's description: the price paid, the type (a Weapon with its hands), the arrow in the rulebook's
    words ("toward Good": a screen reader heard nothing of where a Trait moves the token), then the card's text,
    cut on a word with "…" when the whole does not fit Discord's 100 characters."""
    kind = t(f"img.type.{CARD_TYPE[card]}", locale)
    if CARD_TYPE[card] == "weapon":
        kind = t("rollplayer.detail.weapon_two_handed" if CARD_HANDS[card] == 2 else
                 "rollplayer.detail.weapon_one_handed", locale)
    sep = t("rollplayer.detail.sep", locale)
    arrow = f"{t(f'img.arrow.{CARD_ARROW[card]}', locale)}{sep}" if CARD_ARROW[card] else ""
    head = f"{price_text(paid, card, locale)}{sep}{kind}{sep}{arrow}"
    text = names.card_text(card, locale)
    assert detail.startswith(head), (card, detail)
    shown = detail[len(head):]
    assert shown == text or (shown.endswith("…") and text.startswith(shown[:-1])
                             and text[len(shown) - 1] in " ,."), (card, detail)
    assert len(detail) <= 100 and len(shown) > 10, (card, detail)


@pytest.mark.parametrize("locale", LOCALES)
def test_each_purchase_says_what_it_costs_now_its_type_and_its_text(locale):
    """A Warrior (−1 on armor and weapons) with a Charisma token: each option's price is what the rules then
    charge, the printed cost beside it when they differ."""
    st, seat = warrior_at_market(["chain_helm", "climb"], gold=5, charisma=1)
    buys = [o for o in options(st, seat, locale) if legal_of(st, seat, o[1])["type"] == "buy"]
    assert len(buys) == 4                                   # each card with and without the token
    for label, value, detail in buys:
        move = legal_of(st, seat, value)
        card = move["card"]
        before = st.players[seat].gold
        after, _ = act(st, move)
        paid = before - after.players[seat].gold
        assert_purchase_detail(detail, paid, card, locale)
    helm = {legal_of(st, seat, v)["tokens"]: d for _, v, d in buys if legal_of(st, seat, v)["card"] == "chain_helm"}
    printed = CARD_COST["chain_helm"]           # the Warrior's −1, and −1 more with the Charisma token
    assert helm[0].startswith(price_text(printed - 1, "chain_helm", locale))
    assert helm[1].startswith(price_text(printed - 2, "chain_helm", locale))


def test_move_silently_shows_the_discounted_price_of_the_discard_pile_card():
    st, seat = warrior_at_market(["climb"], gold=5)
    st.players[seat].cards.append("move_silently")
    st.discard = ["leather_boots"]
    uses = [o for o in options(st, seat, "fr", menu=menus.ALL)
            if legal_of(st, seat, o[1]).get("card") == "move_silently" and "target" in legal_of(st, seat, o[1])]
    assert uses
    for _, value, detail in uses:
        move = legal_of(st, seat, value)
        before = st.players[seat].gold
        paid = before - act(st, move)[0].players[seat].gold
        assert paid < CARD_COST["leather_boots"] and detail.startswith(price_text(paid, "leather_boots", "fr"))
        assert "Armure" in detail


@pytest.mark.usefixtures("fixed_seed")
async def test_the_live_message_tells_each_purchase_its_price(harness, alice, bob):
    """Played like players up to the first Market turn: the live message's buy options carry the price the
    purchase then costs (the log told it only afterwards: "bought … for 1 gold"), the card's type and its text."""
    place = harness.channel()
    users = [alice, bob]
    game, _ = await start_two_player(harness, alice, bob, place)
    while not (game.state.phase == "market" and game.state.step == "buy" and game.state.sub is None):
        seat = KIND.pending(game.state)[0]["seat"]
        user = next(u for u in users if u.id == game.seats[seat].user_id)
        move = next(m for m in KIND.legal_moves(game.state, seat) if m["type"] not in ("skill", "discard_weapon"))
        path, spec = COMMANDS[move["type"]]
        await harness.run(path, user=user, place=place, **options_for(move, spec))
        game = await harness.bot.sessions.load(game.id)
    seat = KIND.pending(game.state)[0]["seat"]
    legal = KIND.legal_moves(game.state, seat)
    live = live_message(harness, place)
    described = {o["label"]: o.get("description") for s in live.selects() for o in s["options"]}
    buys = [m for m in legal if m["type"] == "buy"]
    assert buys, "no purchase to check"
    for move in buys:
        label = move_label(game, seat, move, "en")
        paid = game.state.players[seat].gold - KIND.apply(game.state, seat, move)[0].players[seat].gold
        assert_purchase_detail(described[label], paid, move["card"], "en")


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261122)


# ---------------------------------------------------------------- hands full

def full_hands_at_market(gold: int = 9):
    """A Warrior at the Market holding a Longsword and a Blessed Mace (both hands), with a Longbow (two hands) and a
    Jeweled Dagger (one hand) for sale beside a Skill."""
    st = at_market_turn(after_setup(2, seed=3, classes={0: "warrior", 1: "warrior"}))
    seat = engine.pending(st)[0]["seat"]
    st.players[seat].gold, st.players[seat].charisma = gold, 1
    deal(st, seat, ["longsword", "blessed_mace"], market=["longbow", "jeweled_dagger", "climb"])
    return st, seat


@pytest.mark.parametrize("locale", LOCALES)
def test_a_weapon_the_hands_keep_out_is_offered_with_the_discards_it_takes(locale):
    """A tour with both hands full read "Your hands are full: discard a Weapon first to buy it" under "Discard
    Longbow, take 2 gold" (the option that gives the Longbow away), while the discards sat behind "More…". The
    weapon's purchase is offered with the other purchases, saying what to discard first, and the discards are in
    the main menu, each saying which weapon it makes room for."""
    st, seat = full_hands_at_market()
    plan = menus.plan_menu(PRESENTATION, fake_game(st), seat, engine.legal(st, seat), locale)
    assert not plan.hidden, "nothing left behind More…"
    shown = options(st, seat, locale)
    mace, sword = names.card_name("blessed_mace", locale), names.card_name("longsword", locale)
    chains = [(label, value, detail) for label, value, detail in shown if "+" in value]
    bought = {}
    for label, value, detail in chains:
        index, checks = value.split(":")
        first, *then = checks.split("+")
        after, move = st, legal_of(st, seat, value)
        for check in then:          # the chain's moves, played in turn, each legal after the one before
            after = act(after, move)[0]
            move = next(m for m in engine.legal(after, seat) if move_check(m) == check)
        after = act(after, move)[0]
        card = move["card"]
        kept = [c for c in after.players[seat].cards if CARD_TYPE[c] == "weapon"]
        bought.setdefault(card, []).append(sorted(set(["longsword", "blessed_mace"]) - set(kept)))
        assert label == t("rollplayer.chain.discard_buy", locale, buy=move_label(None, seat, move, locale),
                          weapons=", ".join(names.card_name(w, locale) for w in ["longsword", "blessed_mace"]
                                            if w not in kept))
        assert detail.startswith(price_text(st.players[seat].gold - after.players[seat].gold, card, locale))
        assert len(label) <= 100 and len(detail) <= 100
    # the two-handed bow takes both hands, the dagger either one; with and without the Charisma token
    assert sorted(bought["longbow"]) == [["blessed_mace", "longsword"]] * 2
    assert sorted(bought["jeweled_dagger"]) == [["blessed_mace"], ["blessed_mace"], ["longsword"], ["longsword"]]
    discards = {legal_of(st, seat, v)["card"]: d for _, v, d in shown
                if legal_of(st, seat, v)["type"] == "discard_weapon" and "+" not in v}
    room = t("rollplayer.detail.frees_hands", locale, cards=", ".join(
        names.card_name(c, locale) for c in ("longbow", "jeweled_dagger")))
    assert discards == {"longsword": room, "blessed_mace": room}, (mace, sword)
    gold_for = [d for _, v, d in shown if legal_of(st, seat, v)["type"] == "take_gold"]
    assert gold_for and all(d is None for d in gold_for), "no note under the options that give a card away"


def test_discards_stay_behind_more_when_no_purchase_waits_on_them():
    """Too poor for either weapon: discarding one helps no purchase, so it is an aside again (behind "More…")."""
    st, seat = full_hands_at_market(gold=0)
    st.players[seat].charisma = 0
    plan = menus.plan_menu(PRESENTATION, fake_game(st), seat, engine.legal(st, seat), "en")
    assert plan.hidden
    assert not any(legal_of(st, seat, v)["type"] == "discard_weapon" or "+" in v for _, v, _ in options(st, seat, "en"))
    extra = options(st, seat, "en", menu=menus.EXTRA)
    assert sorted(legal_of(st, seat, v)["card"] for _, v, _ in extra) == ["blessed_mace", "longsword"]


async def test_buying_the_weapon_the_hands_kept_out_is_one_pick(harness, alice, bob, monkeypatch):
    """Played like players: the live message offers the Longbow with the discards it takes; one pick discards both
    Weapons and buys it, and the turn passes on."""
    games_start_as(monkeypatch, lambda: full_hands_at_market()[0])
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    seat = KIND.pending(game.state)[0]["seat"]
    user = alice if game.seats[seat].user_id == alice.id else bob
    live = live_message(harness, place)
    wanted = t("rollplayer.chain.discard_buy", "en", buy="Buy Longbow", weapons="Longsword, Blessed Mace")
    [select] = [s for s in live.selects() if any(o["label"] == wanted for o in s["options"])]
    [value] = [o["value"] for o in select["options"] if o["label"] == wanted]
    assert t("button.more", "en") not in [b.get("label") for b in live.buttons()]
    await harness.select(live, [value], user=user, place=place, custom_id=select["custom_id"])
    game = await harness.bot.sessions.load(game.id)
    held = game.state.players[seat].cards
    assert "longbow" in held and "longsword" not in held and "blessed_mace" not in held
    assert game.state.players[seat].gold == 9 - 4                  # the Warrior's price, no token spent
    assert seat not in [d["seat"] for d in KIND.pending(game.state)]


def test_a_long_card_text_is_cut_on_a_word_and_says_what_the_card_does_first():
    """Tour "s": all six French weapons read "Pour les Objectifs de Caractéristique uniquement…" (cut at the
    first comma, their texts all began so). The text is cut on the last word that fits, after the price and the
    type, and a French weapon's text says what it does before the "for attribute goals only" that all share."""
    st, seat = warrior_at_market(["longsword", "jeweled_dagger"], gold=9, charisma=1)
    details = [d for label, _, d in options(st, seat, "fr") if label.startswith("Acheter")]
    assert len(details) == 4 and len(set(details)) == 4
    for detail in details:
        assert detail.endswith("…") and len(detail) >= 90, detail
        assert "Arme à une main ; Chaque dé " in detail, detail


@pytest.mark.parametrize("locale", LOCALES)
def test_every_market_card_keeps_its_type_and_a_weapon_names_its_hands(locale):
    """A tour read weapons in French without "Arme" (a long text pushed the type out) and no purchase said whether
    a weapon takes one hand or two. Every card of the game, at its printed cost and with a reduced price (the
    longest price text): the price, the type (a weapon's hands), and the text cut on a word."""
    for card in sorted(CARD_COST):
        st, seat = warrior_at_market([card], gold=20, charisma=1)
        st.players[seat].cards = []
        buys = [(v, d) for _, v, d in options(st, seat, locale) if legal_of(st, seat, v)["type"] == "buy"]
        assert buys, card
        for value, detail in buys:
            move = legal_of(st, seat, value)
            paid = st.players[seat].gold - act(st, move)[0].players[seat].gold
            assert_purchase_detail(detail, paid, card, locale)


# ---------------------------------------------------------------- hands full: Move Silently, Open Lock

def full_hands_with_skill(skill: str):
    """A Warrior in their Market turn holding a Longsword and a Blessed Mace (both hands) and the Skill ``skill``,
    the Longbow (two hands) lying on the discard pile (Move Silently) or on top of the deck (Open Lock)."""
    st, seat = full_hands_at_market()
    deal(st, seat, [skill])
    for pile in (st.deck, st.market, st.discard):
        if "longbow" in pile:
            pile.remove("longbow")
    (st.discard.append if skill == "move_silently" else lambda card: st.deck.insert(0, card))("longbow")
    return st, seat


async def pick(harness, message, label: str, *, user, place):
    """Click the option ``label`` of ``message``: a move button, or the option of a select."""
    if any(b.get("label") == label for b in message.buttons()):
        return await harness.click(message, user=user, place=place, label=label)
    [select] = [s for s in message.selects() if any(o["label"] == label for o in s["options"])]
    [value] = [o["value"] for o in select["options"] if o["label"] == label]
    return await harness.select(message, [value], user=user, place=place, custom_id=select["custom_id"])


def option_labels(message) -> list[str]:
    return [b.get("label") for b in message.buttons()] + [o["label"] for s in message.selects()
                                                         for o in s["options"]]


@pytest.mark.parametrize("locale", LOCALES)
def test_move_silently_offers_the_discard_piles_weapon_the_hands_keep_out(locale):
    """With both hands full, Move Silently offered every card of the discard pile but the Longbow, without a word,
    and the discards that make room sat behind "More…": its purchase is offered with the discards it takes first,
    and the discards are in the main menu saying which weapon they make room for."""
    st, seat = full_hands_with_skill("move_silently")
    shown = options(st, seat, locale)
    buy = next(m for m in engine.legal(act(act(st, {"type": "discard_weapon", "seat": seat, "card": "longsword"})[0],
                                            {"type": "discard_weapon", "seat": seat, "card": "blessed_mace"})[0],
                                        seat) if m.get("target") == "longbow")
    weapons = ", ".join(names.card_name(w, locale) for w in ("longsword", "blessed_mace"))
    wanted = t("rollplayer.chain.discard_buy", locale, buy=move_label(None, seat, buy, locale), weapons=weapons)
    assert wanted in [label for label, _, _ in shown], [label for label, _, _ in shown]
    discards = {legal_of(st, seat, v)["card"]: d for _, v, d in shown
                if legal_of(st, seat, v)["type"] == "discard_weapon" and "+" not in v}
    assert set(discards) == {"longsword", "blessed_mace"}
    assert all(names.card_name("longbow", locale) in d for d in discards.values())


async def test_buying_the_discard_piles_weapon_with_move_silently_is_one_pick(harness, alice, bob, monkeypatch):
    """Played like players: the live message offers Move Silently on the Longbow with the discards it takes; one
    pick discards both Weapons and buys it from the discard pile."""
    games_start_as(monkeypatch, lambda: full_hands_with_skill("move_silently")[0])
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    seat = KIND.pending(game.state)[0]["seat"]
    user = alice if game.seats[seat].user_id == alice.id else bob
    live = live_message(harness, place)
    label = next(x for x in option_labels(live) if x.endswith("— discard Longsword, Blessed Mace first"))
    assert label.startswith("Use Move Silently") and "Longbow" in label, label
    await pick(harness, live, label, user=user, place=place)
    game = await harness.bot.sessions.load(game.id)
    held = game.state.players[seat].cards
    assert "longbow" in held and "longsword" not in held and "blessed_mace" not in held
    assert "longbow" not in game.state.discard


@pytest.mark.parametrize("locale", LOCALES)
def test_open_locks_revealed_weapon_is_offered_after_the_discards_without_naming_it(locale):
    """Open Lock turned up a Longbow for a player with both hands full: the menu offered only "Leave the revealed
    card" (the discards behind "More…"). The purchase is offered with the discards it takes first; as a menu may
    be public, neither it nor the discards name the card (the buyer reads it privately with the decision)."""
    st, seat = full_hands_with_skill("open_lock")
    st = act(st, {"type": "skill", "seat": seat, "card": "open_lock"})[0]
    shown = options(st, seat, locale)
    weapons = ", ".join(names.card_name(w, locale) for w in ("longsword", "blessed_mace"))
    wanted = t("rollplayer.chain.discard_buy", locale, buy=t("move.open_lock_buy", locale), weapons=weapons)
    assert wanted in [label for label, _, _ in shown], [label for label, _, _ in shown]
    room = t("rollplayer.detail.frees_hands_revealed", locale)
    assert [d for _, v, d in shown if legal_of(st, seat, v)["type"] == "discard_weapon" and "+" not in v] == \
        [room, room]
    assert not any(names.card_name("longbow", locale) in f"{label} {detail}" for label, _, detail in shown)


async def test_buying_open_locks_revealed_weapon_is_one_pick_in_the_private_menu(harness, alice, bob, monkeypatch):
    """Played like players: Open Lock from the live message shows the revealed Longbow privately, and the private
    menu buys it after discarding both Weapons in one pick."""
    games_start_as(monkeypatch, lambda: full_hands_with_skill("open_lock")[0])
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    seat = KIND.pending(game.state)[0]["seat"]
    user = alice if game.seats[seat].user_id == alice.id else bob
    looked = await pick(harness, live_message(harness, place), "Use Open Lock", user=user, place=place)
    [step] = [m for m in looked.private() if m.selects() or m.buttons()]
    assert "**Longbow**" in step.text()
    wanted = t("rollplayer.chain.discard_buy", "en", buy=t("move.open_lock_buy", "en"),
               weapons="Longsword, Blessed Mace")
    await pick(harness, step, wanted, user=user, place=place)
    game = await harness.bot.sessions.load(game.id)
    held = game.state.players[seat].cards
    assert "longbow" in held and "longsword" not in held and "blessed_mace" not in held
    assert game.state.sub is None and game.state.players[seat].gold == 9 - CARD_COST["longbow"]


def test_diplomacy_copying_move_silently_offers_the_weapon_after_the_discards_too():
    """Diplomacy uses another player's Move Silently: the same discard pile purchase, the same way to it."""
    st, seat = full_hands_with_skill("move_silently")
    deal(st, 1 - seat, ["move_silently"])
    deal(st, seat, ["diplomacy"])
    labels = [label for label, _, _ in options(st, seat, "en")]
    assert "Use Diplomacy: copy Move Silently, target Longbow — discard Longsword, Blessed Mace first" in labels, labels


# ---------------------------------------------------------------- hands full: typed commands

async def test_a_typed_purchase_the_hands_keep_out_says_why_and_what_to_discard(harness, alice, bob, monkeypatch):
    """Typed, a weapon the hands keep out read "**card: longbow** is not a legal choice right now", where the menus
    offer it with the discards it takes: the typed command gives the menus' reason (``choices.held_back``), naming
    the Weapons to discard first (any one of them, for a one-handed Dagger), and nothing changes."""
    games_start_as(monkeypatch, lambda: full_hands_at_market()[0])
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    seat = KIND.pending(game.state)[0]["seat"]
    user = alice if game.seats[seat].user_id == alice.id else bob
    bow = await harness.run("market buy", user=user, place=place, card="longbow")
    assert bow.only().ephemeral
    assert bow.only().content == t("rollplayer.refusal.hands_full", "en", card="Longbow", group="rp",
                                   weapons="Longsword, Blessed Mace"), bow.only().content
    dagger = await harness.run("market buy", user=user, place=place, card="Jeweled Dagger", charisma="1")
    assert dagger.only().content == t("rollplayer.refusal.hands_full", "en", card="Jeweled Dagger", group="rp",
                                      weapons="Longsword or Blessed Mace"), dagger.only().content
    # a Weapon already held, not for sale: refused as before
    held = await harness.run("market buy", user=user, place=place, card="longsword")
    assert held.only().content == t("error.option_not_legal", "en", option="card", value="longsword")
    assert (await harness.bot.sessions.load(game.id)).version == game.version


async def test_a_typed_move_silently_on_a_weapon_the_hands_keep_out_says_what_to_discard(harness, alice, bob,
                                                                                         monkeypatch):
    """``/rp skill card:Move Silently target:…`` naming the discard pile's Longbow with both hands full: the
    menus' reason and its discards, as for a Market purchase."""
    games_start_as(monkeypatch, lambda: full_hands_with_skill("move_silently")[0])
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    seat = KIND.pending(game.state)[0]["seat"]
    user = alice if game.seats[seat].user_id == alice.id else bob
    result = await harness.run("skill", user=user, place=place, card="move_silently", target="target=longbow;tokens=0")
    assert result.only().content == t("rollplayer.refusal.hands_full", "en", card="Longbow", group="rp",
                                      weapons="Longsword, Blessed Mace"), result.only().content
    assert (await harness.bot.sessions.load(game.id)).version == game.version
