"""Widgets grouped by domain: ``common`` for every game, one package per game."""
