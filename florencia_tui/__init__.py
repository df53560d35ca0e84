"""florencia_tui: a terminal game table for four Renaissance-era Eurogames."""

__version__ = "0.1.0"
