"""F1 help text for Palazzo (Markdown)."""

RULES_HELP = """\
# Palazzo: rules summary

Build palaces floor by floor. Tall, pure (one material) palaces score best.

## Components
- 48 building tiles: brick (B), sandstone (S), marble (M); floor 1-5; 1-3 windows.
  Written material + floor + windows, e.g. `S32`; the duplicate floor-3 one-window
  tiles are `B31a`/`B31b` etc. Stacks I, II, III are used in order.
- 5 riders shuffled into stack III: the 5th rider drawn ends the game at once.
- 55 money cards: Red, Green, Blue values 3-7 (3 copies each) and ten 2-certificates (`C2`).
  The value-3 certificate (`C3`) only opens auctions.
- The supply (buy only) and four quarries Q0-Q3 (auction only); the master builder
  stands on one quarry.

## Your turn: exactly one action
1. **Money** (`money`): reveal players+1 cards; you take 2, then each other player
   clockwise takes 1. Illegal if deck + discard hold too few cards.
2. **Tiles** (`tiles`): draw two tiles. The first goes to the supply; the second to the
   quarry that is *windows* steps clockwise from the master builder. A rider is set aside
   (not replaced). Then **buy** or **auction**:
   - **Buy** 1 or 2 supply tiles at unit price 10 - N (N = tiles in the supply now,
     at least 0), paid as ONE payment; overpaying allowed, no change.
   - **Auction**: the master builder steps clockwise to the next quarry with tiles.
     With 4+ tiles there is no auction: each player from you clockwise picks one tile
     and builds it; the rest are removed unseen. Otherwise you open with `C3` (3) and
     players clockwise raise (add cards, cumulative total strictly higher) or pass
     (take your cards back, out of this auction). The last bidder wins all the tiles
     and discards the bid cards (`C3` returns to the table).
   - With no tile anywhere else, auction does nothing.
3. **Rebuild** (`rebuild`, costs any one card): detach a tile from a palace into a new
   single-tile palace; insert a single-tile palace into another palace (floor not present);
   or scrap a single-tile palace.

The next turn is always the player on the left of the active player.

## Payments
A payment (or one auction increment) is: any whole **groups** (one Red, one Green and one
Blue card of the same value, or three `C2`; worth 15 each), loose `C2` (2 each), and loose
currency cards of **one** currency. In an auction, once your loose cards are of a currency,
later loose cards must be that currency; groups must be played whole in one increment.

## Building
Every acquired tile is built at once: as a new palace, on top of a palace whose top floor
is lower, or discarded. Floors strictly increase upward (gaps allowed). Only a rebuild
inserts below or between.

## Scoring (per palace, by number of tiles)
| Tiles | VP | Pure bonus |
|---|---|---|
| 1 | -5 | 0 |
| 2 | 0 | 0 |
| 3 | windows | +3 |
| 4 | windows + 3 | +3 |
| 5 | windows + 6 | +6 |

Most VP wins; ties go to the largest single payment from the hand; still tied share the win.

## Reconstructed data
- **RECONSTRUCTED**: which stack (I/II/III) each tile belongs to (stacks of 15/18/15;
  stack I low floors, stack III high floors + riders).
- **SOURCED** (not in the rulebook transcript): the exact tile mix (each material: every
  floor 1-5 with 1, 2, 3 windows plus one extra floor-3 one-window tile).
- **DECISION**: unit price floored at 0 (pay nothing) when 10+ tiles are in the supply;
  every player must take a tile under the 4+ rule (discard allowed); detaching from a
  single-tile palace is not allowed; hand sizes are public; players tied on VP and on the
  tie-break share the win; the master builder stays put when no other quarry has tiles;
  seat 1 starts; the master builder starts on a random quarry.
- **Names**: the currencies are called Red, Green and Blue here.
"""
