"""Tile shapes, orientations and placement legality on the 7x7 principality.

A player's principality is stored as a 49-character string, row-major, row 0
at the top: '.' empty, 'P' palazzo, an upper-case letter a building, a
lower-case letter a landscape (codes in ``data.CELL_CODE``).

Orientation ``r<k> [f]``: take the shape from ``data.SHAPES``; if ``f``, mirror
it left-right first; then rotate it ``k`` quarter turns clockwise; then shift
it so its bounding box starts at local (0, 0). The anchor ``(row, col)`` of a
placement is the board square of the bounding box's top-left corner. Only the
first orientation (in the order r0 r1 r2 r3 r0f r1f r2f r3f) giving a distinct
cell pattern is a valid name for that pattern (``ORIENTS``).
"""

from __future__ import annotations

from functools import lru_cache

from florencia_tui.games.florence import data as D

N = D.GRID


def _base(kind: str) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(D.SHAPES[kind]) for c, ch in enumerate(row) if ch == "#"]


def _norm(cells) -> tuple:
    mr = min(r for r, _ in cells)
    mc = min(c for _, c in cells)
    return tuple(sorted((r - mr, c - mc) for r, c in cells))


def transform(kind: str, rot: int, flip: bool) -> tuple:
    cells = _base(kind)
    if flip:
        cells = [(r, -c) for r, c in cells]
    for _ in range(rot % 4):
        cells = [(c, -r) for r, c in cells]
    return _norm(cells)


def _orients(kind: str) -> dict:
    out: dict[str, tuple] = {}
    seen: set = set()
    flips = (False, True) if D.MIRROR_ALLOWED.get(kind, True) else (False,)
    for flip in flips:
        for rot in range(4):
            cells = transform(kind, rot, flip)
            if cells in seen:
                continue
            seen.add(cells)
            out[orient_name(rot, flip)] = cells
    return out


def orient_name(rot: int, flip: bool) -> str:
    return f"r{rot}" + (" f" if flip else "")


#: kind -> {orientation name ("r1" or "r1 f") -> normalised cells}
ORIENTS: dict[str, dict[str, tuple]] = {k: _orients(k) for k in D.SHAPES}
#: kind -> [(orientation name, cells, height, width)] for fast enumeration
_ORIENT_LIST = {
    k: [
        (name, cells, max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1)
        for name, cells in v.items()
    ]
    for k, v in ORIENTS.items()
}


def empty_grid() -> str:
    return "".join("P" if (r, c) in D.PALAZZO else "." for r in range(N) for c in range(N))


def is_building(kind: str) -> bool:
    return kind in D.SIZE_CLASS


def _neighbours_blocked(grid: str, r: int, c: int) -> bool:
    """Is (r, c) edge-adjacent to a building or the palazzo?"""
    if r > 0 and grid[(r - 1) * N + c].isupper():
        return True
    if r < N - 1 and grid[(r + 1) * N + c].isupper():
        return True
    if c > 0 and grid[r * N + c - 1].isupper():
        return True
    if c < N - 1 and grid[r * N + c + 1].isupper():
        return True
    return False


def cells_at(kind: str, orient: str, row: int, col: int) -> list[tuple[int, int]]:
    return [(row + r, col + c) for r, c in ORIENTS[kind][orient]]


def check_cells(grid: str, kind: str, cells, builders: int) -> str | None:
    """None if the cells are a legal spot for ``kind``, else the reason."""
    for r, c in cells:
        if not (0 <= r < N and 0 <= c < N):
            return "the tile would stick out of the principality"
    for r, c in cells:
        ch = grid[r * N + c]
        if ch == "P":
            return "the tile would cover the palazzo"
        if ch != ".":
            return "the tile would overlap a tile already placed"
    if is_building(kind) and builders < 2:
        for r, c in cells:
            if _neighbours_blocked(grid, r, c):
                return (
                    "a building may not touch another building or the palazzo "
                    "along an edge unless you have 2 builders"
                )
    return None


#: The placement rules of spec §7 the UI names when a spot is refused.
RULES = {
    1: "a tile lies inside the 7x7 principality and never on the palazzo",
    2: "a tile never overlaps a tile already placed",
    3: "a building may not touch another building or the palazzo along an edge "
    "unless its owner has 2 builders (corners may touch)",
    5: "at most one building of each type per principality",
}


def _where(r: int, c: int) -> str:
    return f"row {r}, col {c}"


def placement_problem(
    grid: str, kind: str, cells, builders: int, owned=()
) -> tuple[int, str] | None:
    """Which placement rule of spec §7 putting ``kind`` on ``cells`` breaks.

    Returns None for a legal spot, else ``(rule number, explanation)`` naming
    the first offending square. ``owned`` are the building types the player
    already has (rule 5). Agrees with :func:`check_cells` on legality.
    """
    if is_building(kind) and kind in owned:
        return 5, f"rule 5: you already have a {kind} (one building of each type)"
    for r, c in cells:
        if not (0 <= r < N and 0 <= c < N):
            return 1, "rule 1: the tile would stick out of the 7x7 principality"
    for r, c in cells:
        if grid[r * N + c] == "P":
            return 1, f"rule 1: the tile would cover the palazzo ({_where(r, c)})"
    for r, c in cells:
        ch = grid[r * N + c]
        if ch != ".":
            return 2, (f"rule 2: the tile would overlap your {D.CODE_KIND[ch]} ({_where(r, c)})")
    if is_building(kind) and builders < 2:
        for r, c in cells:
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < N and 0 <= cc < N and grid[rr * N + cc].isupper():
                    ch = grid[rr * N + cc]
                    other = "the palazzo" if ch == "P" else f"your {D.CODE_KIND[ch]}"
                    return 3, (
                        f"rule 3: a building may not touch {other} along an edge "
                        f"({_where(r, c)} next to {_where(rr, cc)}) unless you "
                        f"have 2 builders (you have {builders})"
                    )
    return None


def grid_from_rows(rows: list[list[str]]) -> str:
    """The 49-character grid string from a view's ``grid`` rows (inverse of rows())."""
    out = []
    for line in rows:
        for name in line:
            out.append("." if not name else "P" if name == "palazzo" else D.CELL_CODE[name])
    return "".join(out)


def _mask(cells) -> int:
    m = 0
    for r, c in cells:
        m |= 1 << (r * N + c)
    return m


def _edge_neighbours(cells) -> int:
    m = 0
    for r, c in cells:
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < N and 0 <= cc < N:
                m |= 1 << (rr * N + cc)
    return m


#: kind -> every in-bounds (row, col, orientation, cell mask, edge-neighbour mask),
#: in the order placements() lists them (orientation, then row, then column).
_SPOTS: dict[str, list[tuple[int, int, str, int, int]]] = {}
#: kind -> {(row, col, orientation): (cell mask, edge-neighbour mask)}
_SPOT_MASKS: dict[str, dict[tuple[int, int, str], tuple[int, int]]] = {}
for _kind, _lst in _ORIENT_LIST.items():
    _SPOTS[_kind] = []
    for _name, _cells, _h, _w in _lst:
        for _row in range(N - _h + 1):
            for _col in range(N - _w + 1):
                _abs = [(_row + r, _col + c) for r, c in _cells]
                _SPOTS[_kind].append((_row, _col, _name, _mask(_abs), _edge_neighbours(_abs)))
    _SPOT_MASKS[_kind] = {(r, c, n): (cm, nm) for r, c, n, cm, nm in _SPOTS[_kind]}


@lru_cache(maxsize=8192)
def grid_masks(grid: str) -> tuple[int, int]:
    """(occupied squares, building-or-palazzo squares) of a grid as bit masks."""
    occ = bld = 0
    for i, ch in enumerate(grid):
        if ch != ".":
            occ |= 1 << i
            if ch.isupper():
                bld |= 1 << i
    return occ, bld


def placements(grid: str, kind: str, builders: int) -> list[tuple[int, int, str]]:
    """Every legal (row, col, orientation) for ``kind`` (same verdicts as check_cells)."""
    occ, bld = grid_masks(grid)
    if is_building(kind) and builders < 2:
        return [(r, c, n) for r, c, n, cm, nm in _SPOTS[kind] if not cm & occ and not nm & bld]
    return [(r, c, n) for r, c, n, cm, nm in _SPOTS[kind] if not cm & occ]


def has_placement(grid: str, kind: str, builders: int) -> bool:
    occ, bld = grid_masks(grid)
    strict = is_building(kind) and builders < 2
    return any(not cm & occ and not (strict and nm & bld) for _, _, _, cm, nm in _SPOTS[kind])


def _below(bits, n: int) -> int:
    """``rng.randrange(n)`` for n > 0, drawn as ``random.Random`` draws it
    (``bits``: the generator's ``getrandbits``), without randrange's checks:
    random placements make thousands of such draws a game."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def random_placement(grid: str, kind: str, builders: int, rng, tries: int = 40):
    """A random legal (row, col, orientation), or None; tries at random first."""
    lst = _ORIENT_LIST[kind]
    occ, bld = grid_masks(grid)
    strict = is_building(kind) and builders < 2
    masks = _SPOT_MASKS[kind]
    bits = rng.getrandbits
    for _ in range(tries):
        name, cells, h, w = lst[_below(bits, len(lst))]
        row = _below(bits, N - h + 1)
        col = _below(bits, N - w + 1)
        cm, nm = masks[(row, col, name)]
        if not cm & occ and not (strict and nm & bld):
            return (row, col, name)
    allp = placements(grid, kind, builders)
    return rng.choice(allp) if allp else None


def put(grid: str, kind: str, cells) -> str:
    g = list(grid)
    code = D.CELL_CODE[kind]
    for r, c in cells:
        g[r * N + c] = code
    return "".join(g)


def empty_count(grid: str) -> int:
    return grid.count(".")


_CELL_NAME = {".": "", "P": "palazzo", **D.CODE_KIND}


def rows(grid: str) -> list[list[str]]:
    """The grid as 7 lists of 7 cell names ('' empty, 'palazzo', kind)."""
    return [[_CELL_NAME[ch] for ch in grid[r * N : (r + 1) * N]] for r in range(N)]
