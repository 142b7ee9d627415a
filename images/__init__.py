"""The pictures: a shared drawing kit at the top (fonts and fitted text, dice and icons, palette, PNG
encoding), and each game's renderers in its own subpackage (``images.rollplayer``, ...).

Renderers are pure: game state (+ seat, + locale, + player names) in, PNG bytes out. No Discord, no database.
"""

#: What a pool process (``bot.runtime.pool``) imports before its first picture: what every picture needs.
WARM_MODULES = ("PIL.Image", "PIL.ImageDraw", "images.draw", "images.png", "images.text", "images.icons")
