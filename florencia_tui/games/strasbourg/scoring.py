"""Council phase, end-game scoring and task evaluation (spec 6, 8.3, 10).

Pure functions over the plain-dict state (see ``rules.py`` for its layout).
"""

from __future__ import annotations

from florencia_tui.games.strasbourg import data


def own_cells(s: dict, p: int) -> list[str]:
    return [c for c, o in s["city"].items() if o == p]


def city_count(s: dict, p: int) -> int:
    return sum(1 for o in s["city"].values() if o == p)


def council_count(s: dict, p: int) -> int:
    return sum(1 for o in s["council"].values() if o == p)


def chapel_points(s: dict, p: int) -> int:
    city = s["city"]
    return sum(1 for k in s["chapels"] for c in data.CHAPEL_SQUARES[k] if city.get(c) == p)


def building_adjacent(s: dict, space: str, p: int) -> int:
    city = s["city"]
    return sum(1 for c in data.SPACE_NEIGHBOURS[space] if city.get(c) == p)


def building_points(s: dict, p: int) -> list[tuple[str, int]]:
    """(building id, points) for each built building, in building order."""
    out = []
    for space, b in s["built"].items():
        out.append((b, data.BUILDINGS[b]["value"] * building_adjacent(s, space, p)))
    return out


# ----- council phase (spec 8.3) ----------------------------------------------
def council_phase(s: dict) -> None:
    counts = [council_count(s, p) for p in range(s["n"])]
    for p, c in enumerate(counts):
        s["players"][p]["prestige"] += c
    top = max(counts)
    if top > 0:
        for p, c in enumerate(counts):
            if c == top:
                s["players"][p]["priv"] += 1


# ----- task evaluation (spec 6) ----------------------------------------------
def _lines(cells: set, dirs) -> bool:
    for c in cells:
        x, y = data.cell_xy(c)
        for dx, dy in dirs:
            ok = True
            for k in (1, 2):
                nx, ny = x + dx * k, y + dy * k
                if not (0 <= nx < len(data.COLUMNS) and 0 <= ny < data.ROWS):
                    ok = False
                    break
                if data.cell_id(nx, ny) not in cells:
                    ok = False
                    break
            if ok:
                return True
    return False


def _largest_group(cells: set) -> int:
    seen: set = set()
    best = 0
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        todo = [start]
        size = 0
        while todo:
            c = todo.pop()
            size += 1
            for n in data.CELL_NEIGHBOURS[c]:
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
        best = max(best, size)
    return best


def evaluate(task_id: str, s: dict, p: int) -> bool:
    """Is task ``task_id`` fulfilled for player ``p`` in state ``s``?"""
    _, kind, prm, _value = data.TASK_BY_ID[task_id]
    cells = set(own_cells(s, p))
    if kind == "building_adjacent":
        for space, b in s["built"].items():
            if b == prm["building"]:
                return building_adjacent(s, space, p) >= prm["min"]
        return False
    if kind == "guild_count":
        return sum(1 for c in cells if data.CELLS[c]["guild"] == prm["guild"]) >= prm["min"]
    if kind == "same_building":
        return any(building_adjacent(s, sp, p) >= prm["min"] for sp in s["built"])
    if kind == "orth_line":
        return _lines(cells, ((1, 0), (0, 1)))
    if kind == "diag_line":
        return _lines(cells, ((1, 1), (1, -1)))
    if kind == "council_count":
        need = prm["min_by_players"].get(str(s["n"]), 3)
        return council_count(s, p) >= need
    if kind == "buildings_touched":
        return sum(1 for sp in s["built"] if building_adjacent(s, sp, p) >= 1) >= prm["min"]
    if kind == "city_majority":
        mine = len(cells)
        return all(mine > city_count(s, q) for q in range(s["n"]) if q != p)
    if kind == "same_chapel":
        return any(
            sum(1 for c in data.CHAPEL_SQUARES[k] if c in cells) >= prm["min"] for k in s["chapels"]
        )
    if kind == "chapels_touched":
        return (
            sum(1 for k in s["chapels"] if any(c in cells for c in data.CHAPEL_SQUARES[k]))
            >= prm["min"]
        )
    if kind == "all_guilds":
        return {data.CELLS[c]["guild"] for c in cells} == set(data.GUILDS)
    if kind == "block_2x2":
        for c in cells:
            x, y = data.cell_xy(c)
            if (
                x + 1 < len(data.COLUMNS)
                and y + 1 < data.ROWS
                and all(
                    data.cell_id(x + dx, y + dy) in cells for dx, dy in ((1, 0), (0, 1), (1, 1))
                )
            ):
                return True
        return False
    if kind == "connected_group":
        return _largest_group(cells) >= prm["min"]
    if kind == "council_seat":
        return s["council"][prm["seat"]] == p
    if kind == "most_coins":
        mine = s["players"][p]["coins"]
        return all(mine > s["players"][q]["coins"] for q in range(s["n"]) if q != p)
    if kind == "guild_seats":
        return sum(1 for g in data.GUILDS if s["council"][g] == p) >= prm["min"]
    raise ValueError(f"unknown task kind {kind}")


def task_points(s: dict, p: int) -> list[tuple[str, bool, int]]:
    """(task id, met, points) for each task player ``p`` kept."""
    out = []
    for tid in s["players"][p]["tasks"] or []:
        met = evaluate(tid, s, p)
        out.append((tid, met, data.TASK_BY_ID[tid][3] if met else data.TASK_UNMET_PENALTY))
    return out


def final_lines(s: dict, p: int, with_private: bool) -> list[tuple[str, int]]:
    """Labelled score lines for player ``p``: prestige so far plus the end-game
    items. ``with_private`` adds privileges and tasks (hidden until the end)."""
    lines = [("Council prestige", s["players"][p]["prestige"])]
    lines.append(("City members", city_count(s, p)))
    lines.append(("Chapels", chapel_points(s, p)))
    for b, pts in building_points(s, p):
        lines.append((data.BUILDINGS[b]["name"], pts))
    if with_private:
        lines.append(("Privileges", s["players"][p]["priv"] * data.PRIVILEGE_POINTS))
        for tid, met, pts in task_points(s, p):
            lines.append((f"Task {tid} ({'met' if met else 'unmet'})", pts))
    return lines
