"""``/rfa rules`` checked against the German rulebook (t12 defect 7): the enemies topic read only "The Master of
Shadows rolls the territory die", though his first phase makes every enemy on display attack again whatever its
rank, the die's faces do damage only, and he is shuffled back, never defeated (rulebook "Der Meister der Schatten
erscheint"). The territories topic now also says which dice each territory's enemies take, when a territory
falls, and what the Vortex of Memory frees at 10."""
from __future__ import annotations

import pytest

from bot.i18n import t

#: locale -> what the enemies and territories topics must say, in that language's printed terms
ENEMIES = {"en": ("whatever its rank", "2 damage", "shuffled back", "never be defeated"),
           "de": ("unabhängig von ihrem Rang", "2 Schaden", "wieder in den Feindestapel gemischt", "nie besiegt"),
           "fr": ("quel que soit leur rang", "2 dégâts", "remélangé dans la pioche", "jamais être vaincu"),
           "ko": ("순위와 상관없이", "피해 2", "다시 섞여요", "물리칠 수 없고")}
TERRITORIES = {"en": ("one die from section 1", "a 5 and a 6", "the highest die", "10 or more"),
               "de": ("1 Würfel aus dem ersten Abschnitt", "eine 5 und eine 6", "den höchsten Würfel", "10 oder mehr"),
               "fr": ("1 dé de la section 1", "un 5 et un 6", "le dé le plus haut", "10 ou plus"),
               "ko": ("1구역에서 1개", "5 하나와 6 하나", "가장 높은 주사위", "10 이상")}


@pytest.mark.parametrize("locale", list(ENEMIES))
async def test_the_rules_topics_say_what_the_rulebook_says(harness, alice, locale):
    harness.locale = locale
    place = harness.channel()
    for topic, wanted in (("enemies", ENEMIES[locale]), ("territories", TERRITORIES[locale])):
        message = (await harness.run("rfa rules", user=alice, place=place, topic=topic)).only()
        assert message.ephemeral
        text = message.text()
        assert t(f"rollforadventure.rules_topic.{topic}.title", locale) in text
        for words in wanted:
            assert words in text, (topic, words, text)
