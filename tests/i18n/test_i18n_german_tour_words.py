"""German words from the tour of undo, log, replay and stats: a rating change reads "von 1000 auf 1138" (it read
"Ben: 1000 auf 1138"), and the stand-in's notices name the player it stands in for until they are back (they said
"bis die Person zurück ist")."""
from __future__ import annotations

from bot.i18n import t


def test_a_rating_change_reads_from_and_to():
    assert t("ratings.final_line", "de", player="Ben", before=1000, after=1138, change="+138", mark="") \
        == "Ben: von 1000 auf 1138 (+138)"
    assert "(von 990 auf 970)" in t("handover.forfeit", "de", player="Ben", before=990, after=970)


def test_the_stand_in_notices_name_the_player_not_the_person():
    for key in ("clock.ran_out_bot", "clock.decided.bot"):
        text = t(key, "de", player="<@1>", user="<@2>", button="Meine Züge")
        assert "die Person" not in text and "bis <@1> zurück ist" in text, text
