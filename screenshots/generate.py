"""Regenerate the SVG screenshots in this folder: ``python screenshots/generate.py``.

Uses the same scenes as the snapshot tests (florencia_tui/tui/snapshots.py).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


async def shoot(name: str, factory, tmp: Path) -> Path:
    from florencia_tui.tui.snapshots import SIZE

    app, keys = factory(tmp)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await pilot.pause()
        if keys:
            await pilot.press(*keys)
        for _ in range(3):
            await pilot.pause()
        path = HERE / f"{name}.svg"
        path.write_text(app.export_screenshot(title=f"florencia · {name}"))
    return path


async def main(names: list[str]) -> None:
    from florencia_tui.tui.snapshots import SCENES

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["FLORENCIA_DATA_DIR"] = tmp
        for name in names or sorted(SCENES):
            sub = Path(tmp) / name
            sub.mkdir()
            print(await shoot(name, SCENES[name], sub))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
