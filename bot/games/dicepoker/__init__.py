"""Dice poker from The Witcher: Old World as a pure game kind (see README.md in this folder)."""
