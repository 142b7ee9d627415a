"""A game kind module that exists but cannot import its own dependency: the registry must not hide that."""
import no_such_dependency_for_rollbot_tests  # noqa: F401

KIND = None
