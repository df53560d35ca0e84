"""The blocks of docs/performance.md that a benchmark rewrites with ``--write``."""

from __future__ import annotations

import time
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "performance.md"


def write_block(script: str, heading: str, text: str) -> None:
    """Put ``text`` between ``<!-- NAME:begin -->`` and ``<!-- NAME:end -->``
    (NAME: ``script``'s name, ``-`` for ``_``), stamped with today's date and
    the command that wrote it; a doc without the block gets it at its end,
    under ``## heading``."""
    name = Path(script).stem.replace("_", "-")
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    doc = DOC.read_text()
    stamp = time.strftime("%Y-%m-%d")
    run = f"_Latest run {stamp}: `python benchmarks/{Path(script).name} --write`._"
    block = f"{begin}\n{run}\n\n{text}\n{end}"
    if begin in doc:
        head, rest = doc.split(begin, 1)
        doc = head + block + rest.split(end, 1)[1]
    else:
        doc = doc.rstrip() + f"\n\n## {heading}\n\n" + block + "\n"
    DOC.write_text(doc)
