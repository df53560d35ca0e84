"""The game page a signed-in browser gets: textual-serve's page, with
everything it loads served by this server, and a sign-out button.

textual-serve's template links a font stylesheet on a third-party host (which
would learn who plays, and where it hangs, the page waits); the same font
files ship in textual-serve's static directory. The template is read through
:class:`PageLoader`, which drops every stylesheet link to another host,
declares the font from the server's own ``/static/fonts/``, names the tab
("florencia": the template has no title, issue 29), adds a thin
bar with a sign-out button (``POST /signout``, :mod:`florencia_tui.net.web`)
above the terminal, and :data:`FOCUS`: the terminal takes the keyboard when the
page shows (textual-serve's page never focuses it, so keys went nowhere until a
click), and a click that only brings the keyboard back to it is not passed to
the game (issue 27.4: the first click on the page placed a worker).
"""

from __future__ import annotations

import re

import jinja2

PAGE = "app_index.html"
#: A <link> to a URL on another host ("https://...", "//...").
FOREIGN_LINK = re.compile(r"""<link\b[^>]*\bhref=["'](?:[a-z]+:)?//[^>]*>\s*""", re.I)
#: The font from /static/fonts/, and a 26px bar above the terminal (which fills the rest).
HEAD = """<title>florencia</title>
<style>
@font-face { font-family: "Roboto Mono"; font-style: normal; font-weight: 100 700;
  src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
@font-face { font-family: "Roboto Mono"; font-style: italic; font-weight: 100 700;
  src: url("{{ config.static.url }}fonts/RobotoMono-Italic-VariableFont_wght.ttf")
    format("truetype"); }
.florencia-bar { position: fixed; top: 0; left: 0; right: 0; height: 26px; margin: 0;
  display: flex; justify-content: flex-end; align-items: center; background: #0c181f;
  z-index: 30; }
.florencia-bar button { display: inline; margin: 0 8px; padding: 2px 12px; font-size: 12px;
  font-family: "Roboto Mono", menlo, monospace; color: #ddd; background: #12232d;
  border: 1px solid #345; cursor: pointer; }
body .textual-terminal { position: absolute; top: 26px; height: calc(100vh - 26px); }
</style>
"""

SIGN_OUT = """<form class="florencia-bar" method="post" action="/signout">
<button type="submit" title="end this browser's session">Sign out</button></form>
"""


#: The terminal (xterm.js's input box) takes the focus once the page has
#: loaded (textual.js makes the terminal on load), and a mouse press on it
#: while it does not have the keyboard (the page just came back to the front,
#: or something else had the focus) only gives it the keyboard: the press, its
#: release and its click never reach the game.
FOCUS = """<script>
(function () {
  var GRACE = 400;
  var back = 0;
  var swallowing = false;
  function input() {
    return document.querySelector(".textual-terminal .xterm-helper-textarea");
  }
  function focusTerminal() {
    var box = input();
    if (box) { box.focus(); }
    return !!box;
  }
  function soon(tries) {
    if (!focusTerminal() && tries > 0) { setTimeout(function () { soon(tries - 1); }, 50); }
  }
  function hasKeyboard() {
    var box = input();
    return !!box && document.hasFocus() && document.activeElement === box &&
      Date.now() - back > GRACE;
  }
  function focusOnly(event) {
    var target = event.target;
    if (!target || !target.closest || !target.closest(".textual-terminal")) { return; }
    if (event.type === "mousedown") {
      swallowing = !hasKeyboard();
      if (swallowing) { focusTerminal(); }
    }
    if (!swallowing) { return; }
    if (event.type === "click") { swallowing = false; }
    event.preventDefault();
    event.stopImmediatePropagation();
  }
  ["mousedown", "mouseup", "click"].forEach(function (type) {
    document.addEventListener(type, focusOnly, true);
  });
  window.addEventListener("focus", function () { back = Date.now(); });
  window.addEventListener("load", function () { soon(100); });
})();
</script>
"""


def rewrite(source: str) -> str:
    """textual-serve's page template, served from this server alone."""
    if "</head>" not in source or "</body>" not in source:
        raise ValueError("textual-serve's page template has no </head> or </body>")
    source = FOREIGN_LINK.sub("", source)
    source = source.replace("</head>", HEAD + "</head>", 1)
    return source.replace("</body>", SIGN_OUT + FOCUS + "</body>", 1)


class PageLoader(jinja2.BaseLoader):
    """A template loader that reads through ``inner`` and rewrites the page."""

    def __init__(self, inner: jinja2.BaseLoader) -> None:
        self.inner = inner

    def get_source(self, environment, template):
        source, filename, uptodate = self.inner.get_source(environment, template)
        if template == PAGE:
            source = rewrite(source)
        return source, filename, uptodate
