"""F1 help text for Architects of the West Kingdom."""

RULES_HELP = """\
# Architects of the West Kingdom

Place workers, gather resources, hire apprentices and construct buildings
for the King. The game ends one round after the Guildhall fills. Most VP wins;
ties go to higher virtue, then more silver.

## Setup
- Draft: 4 buildings each, keep 1 and pass left, keep 3 in all.
- Starting silver 3, 4, 5, 6, 7 in turn order; virtue 7; 20 workers each.
- Side 2 (option): each player gets a character board with its own silver,
  virtue, prisoners and power (Therese, Caroline, Ada, Frederick, Rudolf).

## A turn
Place 1 worker. `n` = your own workers there after placing.
- **Quarry / Forest**: n stone / n wood.
- **Mines**: n+1 clay, or floor(n/2) gold (needs n >= 2).
- **Silversmith**: n+1 silver.
- **King's Storehouse**: up to n trades: 2 clay/wood/stone -> 1 virtue,
  3 wood/stone -> 1 marble, or one apprentice trade.
- **Workshop**: hire 1 apprentice (4 silver, 2 of it tax; columns 1..n,
  1 silver per skipped column onto the cards you skip), or draw 1+floor(n/2)
  buildings.
- **Town Centre**: up to n captures (1st costs 1 tax, then 1 silver each).
  A capture takes all workers of one colour at one large location; 2-3 players
  may use 2 locations, 4-5 players only 1. Your own workers come home.
- **Tax Stand**: take all its silver, lose 2 virtue.
- **Black Market** (virtue 9 or less): 3 spaces, 1/2/3 silver and 1 virtue:
  small card / hire any apprentice or draw 5 keep 1 / large card.
- **Guardhouse**: up to n of: turn in captives (1 silver each), release your
  Prison workers, ransom your captured workers (5 silver, or debt + 1 virtue),
  pay off a debt (6 silver, 3 of it tax, +1 virtue).
- **Guildhall**: construct a building from hand (apprentices must show its
  skills) or advance 1 Cathedral level (virtue 5+, pay, discard 1 card, draw a
  reward). The workers stay.
- No workers on your board at the start of your turn: your turn is taking 1
  back from a large location.
- At the end of your turn discard down to 6 building cards.

## Virtue and debts
- Virtue 0..14. Above 14 destroys unpaid debts; below 0 takes debts.
- Virtue 2-3 ignores 1 tax per payment, 0-1 ignores 2.
- Black Market reset (3rd space filled, or first space of Guildhall rows 3
  and 4): Black Market workers go to Prison, the market card flips, reset
  powers apply, 3+ prisoners lose 1 virtue, most prisoners take 1 debt.

## Scoring
Buildings (printed + end bonuses), Cathedral 0/2/4/7/12/20, virtue flag
(-9..+7), -2 per unpaid debt, +1 per gold and marble, +1 per 10 silver,
-1 per 2 of your workers in the Prison.

## On screen
- Each player has a colour and a letter (the name's initial, or the seat
  number); the town grid shows how many workers each has at each location,
  and "you get" what your next worker there would bring.
- Resources: $ silver, c clay, w wood, s stone, g gold, m marble, v virtue;
  apprentice skills C Carpentry, T Tiling, M Masonry.
- Placing a worker: a letter highlights a location and the line below says
  what it would bring; Enter places it. q Quarry, f Forest, m Mines (clay),
  n Mines (gold), s Silversmith, k King's Storehouse, w Workshop,
  t Town Centre, x Tax Stand, d Guardhouse, 1 2 3 Black Market spaces,
  g Guildhall. Greyed rows say why an option is closed.
- Every other choice: its key (1-9, 0, then letters) plays it at once;
  arrows show each option's details first.
- PgUp/PgDn scroll the board (your tableau and hand, then the others');
  Tab moves to the board, the log and back.

## Notation
`place quarry`, `place mines gold`, `place market 2`, `hire 25`, `draw`,
`trade virtue clay wood`, `use 15`, `capture forest 2`, `turnin`, `release`,
`ransom silver`, `paydebt`, `build 13`, `cathedral`, `pay w3s1`,
`discard 22`, `gain gold`, `done`, `dismiss 13`, `retrieve forest`.

## Options
`side` 1/2, `promo_boards`, `promo_cards` (apprentices and buildings 41-43),
and the named variants, all off by default (the rules as printed): Take back
from anywhere (`no_worker_fallback`), Conspirator per capture
(`conspirator_mode`), and the BGA-only Free starting apprentice
(`free_apprentice`) and Guildhall refresh (`guildhall_refresh`). The ones this
game plays with are listed under "Options in effect" below.

## Not included
- Solo mode (Constantine/Helena and the Scheme cards): its rules were not
  found, so it is not offered; the game is for 2-5 players.
- The expansions (Age of Artisans, Works of Wonder).

## Reconstructed data
- RECONSTRUCTED: first player with side-2 boards (highest starting virtue,
  ties random, as BGA); Multiplier factor (unused).
- SOURCED from BGA only: which Small and Large Black Market sides share a card.
- DECISION: Conspirator lowers one Town Centre action's non-tax silver by 1
  (option `conspirator_mode`); Fortress keeps the location limit; no debt at a
  reset when the Prison is empty; release powers before Squire checks;
  end-game effects in the best order for each player; Fountain + Gambler's
  Den = -2 per debt; a no-worker turn with no worker on a large location
  passes ("no puede ser retirado del Ayuntamiento, Mercado Negro, Prisión o el
  Tablero de jugador de un oponente"), and a full round of such passes ends
  the game;
  Guildhall needs a possible construction or Cathedral advance; Ada's dodge
  adds to the virtue icons; apprentices may be dismissed at any decision of yours
  ("en cualquier momento");
  n fixed at placement, costs paid in full, empty visits allowed; hire fee
  before taking coins; Black Market resets still happen in the final round.
"""
