#!/bin/sh
# An example for `florencia serve --notify-command docs/notify-mail.sh`:
# the server runs it (never through a shell) as
#     notify-mail.sh TABLE GAME PLAYER
# when it becomes PLAYER's move at turn-based table TABLE (a four-letter
# code) of GAME (florence, palazzo, strasbourg, architects). It mails the
# player at an address looked up in a file of "name address" lines, kept by
# the operator (players' names are letters, digits and . _ @ -, never spaces).
# Needs a working `mail` (e.g. bsd-mailx with a local MTA). Runs at most 30 s;
# a failure is only logged by the server.
set -eu
table=$1 game=$2 player=$3
addresses=${FLORENCIA_MAIL_ADDRESSES:-/etc/florencia/mail-addresses}
address=$(awk -v p="$player" '$1 == p { print $2; exit }' "$addresses")
[ -n "$address" ] || exit 0 # no address: nobody to tell
printf 'It is your move at table %s (%s).\nssh -t -p 2222 %s@%s\n' \
    "$table" "$game" "$player" "$(hostname -f)" |
    mail -s "florencia: your move at $table" -- "$address"
