"""Command line entry point (filled in with the table and app)."""


def main(argv: list[str] | None = None) -> int:
    from florencia_tui.tui.app import run_app

    return run_app()
