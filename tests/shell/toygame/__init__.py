"""Pig, a tiny dice game that exists only to prove the shell: registered through the two protocols, it is
playable through the real cogs without any change to shared code (docs/architecture.md, "How to add a game").
"""
