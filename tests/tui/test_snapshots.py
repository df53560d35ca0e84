"""SVG snapshots of each screen at 80x24 (pytest-textual-snapshot).

Update after an intended change with ``pytest tests/tui/test_snapshots.py --snapshot-update``
and regenerate ``screenshots/`` with ``python screenshots/generate.py``.
"""

import pytest

from florencia_tui.tui.snapshots import SCENES, SIZE


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_snapshot(scene, snap_compare, tmp_path):
    app, keys = SCENES[scene](tmp_path)
    assert snap_compare(app, press=keys, terminal_size=SIZE)
