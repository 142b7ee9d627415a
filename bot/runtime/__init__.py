"""What the running bot needs besides its layers: the work-apart process pool (``bot.runtime.pool``).

A leaf like ``bot.i18n``: it imports no other layer (``.importlinter``: runtime-is-a-leaf), so the
renderers (``images``), the menus (``cogs.menus``) and the AI (``bot.app``'s executor for ``cogs.bots``)
all use it by name without one of them owning it.
"""
