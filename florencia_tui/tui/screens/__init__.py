"""Screens: home, setup, game, curtain, end, help."""
