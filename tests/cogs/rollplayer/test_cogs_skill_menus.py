"""Skills in Roll Player's menus (tour "o", French rulebook): a skill's label joins its targets with the
catalog's separators (French " : "), and declining an any-time skill's effect is offered with its uses, behind
"My moves", never alone on the public message."""
from __future__ import annotations

from menu_kit import engine, fake_game, options

from bot.games.rollplayer import moves
from bot.i18n import t
from cogs import menus
from cogs.rollplayer import PRESENTATION
from cogs.rollplayer.describe import event_text, group_label, move_label, names
from tests.games.rollplayer.rp_kit import after_setup, at_dice_turn, at_market_turn


def sleight_of_hand_turn():
    st = at_dice_turn(after_setup(2, seed=5))
    seat = st.turn
    st.players[seat].cards.append("sleight_of_hand")
    return st, seat


def test_a_skill_label_joins_its_targets_as_the_language_does():
    st, seat = sleight_of_hand_turn()
    game = fake_game(st)
    [use, *_] = [m for m in engine.legal(st, seat) if m.get("card") == "sleight_of_hand" and "die" in m]
    fr = move_label(game, seat, use, "fr")
    assert fr.startswith("Utiliser Tour de Passe-Passe : dé ") and ":" not in fr.replace(" : ", ""), fr
    assert move_label(game, seat, use, "en").startswith("Use Sleight of Hand: die ")
    uses = [m for m in engine.legal(st, seat) if m.get("card") == "sleight_of_hand" and m.get("die") == use["die"]]
    assert group_label("to", uses, game, seat, "fr").startswith("Utiliser Tour de Passe-Passe : dé ")


# ---------------------------------------------------------------- an any-time skill's decline

def test_an_any_time_skills_decline_stays_with_its_uses_behind_my_moves():
    st, seat = sleight_of_hand_turn()
    game = fake_game(st)
    legal = engine.legal(st, seat)
    decline = t("move.skill_decline", "en", card="Sleight of Hand")
    public = menus.move_view(PRESENTATION, game, seat, legal, "en")
    shown = [getattr(c, "item", c).label for c in public.children if hasattr(getattr(c, "item", c), "label")]
    shown += [o.label for c in public.children for o in getattr(getattr(c, "item", c), "options", [])]
    assert not any("Sleight of Hand" in (label or "") for label in shown), shown
    assert t("button.my_moves", "en") in shown
    extra = [label for label, _, _ in options(st, seat, "en", menu=menus.EXTRA)]
    assert decline in extra and any(label.startswith("Use Sleight of Hand") for label in extra)



def test_using_a_skill_without_its_effect_says_so_in_the_menu_and_the_log():
    """The option to decline a Skill's effect still turns the card and follows its arrow (EFFECTS.md rule 5): a
    tour read "Don't use Open Lock" and then "Ann uses Open Lock · Ann's Alignment moves down"."""
    st, seat = sleight_of_hand_turn()
    game = fake_game(st)
    [decline] = [m for m in engine.legal(st, seat) if m.get("card") == "sleight_of_hand" and m.get("decline")]
    for locale in ("en", "de", "fr", "ko"):
        name = names.card_name("sleight_of_hand", locale)
        assert move_label(game, seat, decline, locale) == t("move.skill_decline", locale, card=name)
    assert move_label(game, seat, decline, "en") == "Use Sleight of Hand without its effect (arrow only)"
    after, events = moves.apply(st.clone(), decline)
    assert "sleight_of_hand" in after.players[seat].exhausted                # the card is turned all the same
    used = next(e for e in events if e["key"] == "rollplayer.skill_used")
    assert event_text(fake_game(after), used, "en") == \
        f"{game.seats[seat].name} used Sleight of Hand without its effect (its arrow only)"


def test_move_silently_names_its_charisma_token_as_a_purchase_does():
    """A tour read "Utiliser Déplacement silencieux : Charisme 0, cible …" (the raw field): a token reads as on
    a Market purchase, and no token reads as nothing."""
    st = at_market_turn(after_setup(2, seed=3))
    seat = st.turn
    player = st.players[seat]
    player.cards.append("move_silently")
    player.charisma, player.gold = 1, 9
    st.discard = ["leather_boots"]
    game = fake_game(st)
    uses = {m["tokens"]: m for m in engine.legal(st, seat) if m.get("card") == "move_silently" and "target" in m}
    for locale in ("en", "de", "fr", "ko"):
        plain, with_token = (move_label(game, seat, uses[n], locale) for n in (0, 1))
        assert t("field.tokens", locale) not in plain and not any(ch.isdigit() for ch in plain)
        assert with_token == t("move.with_tokens", locale, label=plain, tokens=1)
