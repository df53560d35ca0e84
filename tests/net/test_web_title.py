"""The browser tab of the game page is named (issue 29.8: it had no title)."""

from __future__ import annotations


def test_the_browser_tab_is_named_florencia():
    from pathlib import Path

    import textual_serve

    from florencia_tui.net.web_page import PAGE, rewrite

    template = Path(textual_serve.__file__).with_name("templates") / PAGE
    page = rewrite(template.read_text())
    head = page[: page.index("</head>")]
    assert head.count("<title>") == 1 and "<title>florencia</title>" in head
