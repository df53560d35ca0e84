"""Game records: (game, seed, seats, options, actions) replays to the same state."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from florencia_tui.core.game import Game, State
from florencia_tui.core.undo import UndoLog


@dataclass
class Record:
    game: str
    seed: int
    seats: list[dict]  # [{"name": str, "kind": "human" | "bot:random" | ...}]
    options: dict = field(default_factory=dict)
    # [[seat, "notation"], ...]; [seat, "undo"] takes back seat's latest action
    actions: list[list] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": self.game,
                "seed": self.seed,
                "seats": self.seats,
                "options": self.options,
                "actions": self.actions,
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        d = json.loads(text)
        return cls(
            d["game"],
            int(d["seed"]),
            d["seats"],
            d.get("options", {}),
            [[int(a), str(b)] for a, b in d.get("actions", [])],
        )


def replay(record: Record, game: Game, upto: int | None = None) -> State:
    """The state after the first ``upto`` entries (all by default) of a record
    of ``game`` (the caller looks it up: ``games.get_game(record.game)``; the
    core knows no registry).

    Undo entries (``[seat, "undo"]``) take back that seat's latest action under
    the same policy the table enforces (``florencia_tui.core.undo``); a record
    whose undo the policy forbids raises IllegalAction."""
    if record.game != game.id:
        raise ValueError(f"a record of '{record.game}' replayed as '{game.id}'")
    s = game.new(record.names, record.seed, record.options)
    return UndoLog().replay(game, s, record.actions[:upto])
