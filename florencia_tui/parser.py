"""The command-line parser of every entry point: the ``florencia`` command
(cli.py) and the networked app an SSH or web session starts (net/client.py).

A module of its own, importing nothing of the app, so that ``net/`` need not
import the command line (which imports ``net/``) to read its arguments.
"""

from __future__ import annotations

import argparse


class Parser(argparse.ArgumentParser):
    """argparse without its two ways of leaking a secret: no abbreviated options
    (``--password X`` must not quietly become ``--password-file X``), and an
    unknown argument is named by its option only, never echoed with its value."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def parse_args(self, args=None, namespace=None):
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            names = [a.split("=", 1)[0] for a in extras if a.startswith("-")]
            if "--password" in names:
                self.error(
                    "there is no --password option: a password on the command line "
                    "is visible to every local account (ps); use --password-file FILE, "
                    "$FLORENCIA_SSH_PASSWORD or --passwords FILE"
                )
            what = ", ".join(names) if names else "a value"
            others = len(extras) - len(names)
            if names and others:
                what += f" (and {others} value(s), not shown)"
            self.error(f"unrecognized arguments: {what}")
        return ns
