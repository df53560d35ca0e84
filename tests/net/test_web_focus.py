"""Issue 27, item 4: the browser page gives the terminal the keyboard when it
shows, and a click that only brings the keyboard back never plays anything.

The served page carries the script (net/web_page.py FOCUS); what it does is
run here with Node against the few page objects it touches (skipped where
Node is not installed: no browser is needed)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from florencia_tui.net.sshd import Auth
from florencia_tui.net.web_page import FOCUS, rewrite

from .test_web import browser, sign_in, web_server


async def test_the_game_page_carries_the_focus_script(tmp_path, short_dir):
    server = await web_server(tmp_path, short_dir, Auth(open=True))
    try:
        async with browser() as http:
            await sign_in(http, server, "zoe")
            async with http.get(server.web_url + "/") as page:
                text = await page.text()
        assert page.status == 200 and "textual.js" in text
        assert FOCUS.strip() in text
        # After textual.js (which makes the terminal on load), before </body>.
        assert text.index("textual.js") < text.index(FOCUS.strip()) < text.index("</body>")
    finally:
        await server.close()


#: The page, as far as the script sees it: one terminal input box, the
#: document's and the window's listeners, the focus, and the clock.
HARNESS = r"""
const script = %s;
let now = 10000;
let active = null;
const box = { focus() { active = box; } };
const inTerminal = { closest: (sel) => sel === ".textual-terminal" ? {} : null };
const outside = { closest: () => null };
const doc = {}, win = {};
const on = (table) => (type, f) => { (table[type] = table[type] || []).push(f); };
global.document = {
  addEventListener: on(doc),
  querySelector: (sel) => sel === ".textual-terminal .xterm-helper-textarea" ? box : null,
  get activeElement() { return active; },
  hasFocus: () => true,
};
global.window = { addEventListener: on(win) };
global.setTimeout = (f) => f();
Date.now = () => now;
eval(script);
function fire(type, target) {
  let stopped = false, prevented = false;
  const ev = { type, target, preventDefault() { prevented = true; },
               stopImmediatePropagation() { stopped = true; } };
  for (const f of doc[type] || []) f(ev);
  return stopped && prevented;
}
function press(target) {
  return ["mousedown", "mouseup", "click"].map((t) => fire(t, target));
}
const out = {};
out.beforeLoad = active === box;
for (const f of win.load) f({});
out.afterLoad = active === box;
out.clickWithKeyboard = press(inTerminal);
active = null;  // something else took the focus
out.clickToFocus = press(inTerminal);
out.focusedByClick = active === box;
out.nextClick = press(inTerminal);
for (const f of win.focus) f({});  // the page comes back to the front...
now += 100;
out.clickOnReturn = press(inTerminal);
now += 1000;
out.clickLater = press(inTerminal);
active = null;
out.signOutButton = press(outside);
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_the_script_focuses_the_terminal_and_swallows_a_focusing_click():
    script = FOCUS.strip().removeprefix("<script>").removesuffix("</script>")
    run = subprocess.run(
        ["node", "-e", HARNESS % json.dumps(script)],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    out = json.loads(run.stdout)
    assert out["beforeLoad"] is False and out["afterLoad"] is True  # keys work at once
    swallowed, passed = [True] * 3, [False] * 3  # (press, release, click)
    assert out["clickWithKeyboard"] == passed  # a click on a focused terminal plays
    assert out["clickToFocus"] == swallowed and out["focusedByClick"] is True
    assert out["nextClick"] == passed
    assert out["clickOnReturn"] == swallowed  # the click that brought the page back
    assert out["clickLater"] == passed
    assert out["signOutButton"] == passed  # the page's own button is left alone


def test_the_rewritten_page_puts_the_script_last():
    page = rewrite("<html><head></head><body><div class='textual-terminal'></div></body></html>")
    assert page.endswith(FOCUS + "</body></html>")
