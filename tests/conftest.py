"""Shared fixtures: every test gets its own data directory, never the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FLORENCIA_DATA_DIR", str(tmp_path / "data"))
    yield
