#!/bin/sh
# The strength figures of docs/benchmarks.md (issue 12), each a `fives duel` on paired
# deals, written to bench/results/ as JSON. Run from the checkout, in the background:
#
#   nice sh bench/strength.sh [DEALS] [DEALS_SMALL] [N100]
#
# DEALS (default 300) paired deals for the two-player dominos-cc duels, DEALS_SMALL
# (default 100) for four players in partnerships and fives-and-threes (each deal is
# played twice, A and B swapping seats: --matches is twice the deals), N100 (default 320) the Monte
# Carlo deals a move that take a median of about 100 ms of CPU on a quiet core of the
# project's machine (calibrated with bench/calibrate.py). Every duel uses two workers.
#
# Each duel writes a temporary file beside its result and moves it into place only
# when the duel finished: a failed or interrupted run leaves the committed results
# as they were.
set -e
usage() {
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
}
case "${1:-}" in
    -h|--help) usage; exit 0 ;;
esac
for value in "${1:-300}" "${2:-100}" "${3:-320}"; do
    case "$value" in
        ''|*[!0-9]*|0) echo "bench/strength.sh: DEALS, DEALS_SMALL and N100 are whole numbers above 0, not '$value'" >&2
                       usage >&2; exit 2 ;;
    esac
done
DEALS=$((2 * ${1:-300}))
SMALL=$((2 * ${2:-100}))
N100=${3:-320}
FIVES=${FIVES:-.venv/bin/fives}
OUT=bench/results
mkdir -p $OUT
PARTIAL=""
trap 'if [ -n "$PARTIAL" ]; then rm -f "$PARTIAL"; fi' EXIT
trap 'exit 130' INT TERM
duel() {
    name=$1; shift
    echo "fives duel $*" >&2
    PARTIAL=$(mktemp "$OUT/.issue12-$name.json.XXXXXX")
    $FIVES duel "$@" --workers 2 --json > "$PARTIAL"
    mv "$PARTIAL" "$OUT/issue12-$name.json"
    PARTIAL=""
}
duel expert-vs-greedy expert greedy --matches $DEALS --seed 1
duel expert-vs-defensive expert defensive --matches $DEALS --seed 2
duel expert-vs-greedy-4p expert greedy --matches $SMALL --players 4 --rules pagat-all-fives --seed 7
duel expert-vs-greedy-f3 expert greedy --matches $SMALL --rules fives-and-threes --seed 10
duel mc100-vs-expert monte-carlo:$N100 expert --matches $DEALS --seed 3
duel mc100-vs-greedy monte-carlo:$N100 greedy --matches $DEALS --seed 4
duel mc100-vs-defensive monte-carlo:$N100 defensive --matches $DEALS --seed 5
duel mc-default-vs-expert monte-carlo expert --matches $DEALS --seed 6
duel mc100-vs-expert-4p monte-carlo:$N100 expert --matches $SMALL --players 4 --rules pagat-all-fives --seed 8
duel mc100-vs-expert-f3 monte-carlo:$N100 expert --matches $SMALL --rules fives-and-threes --seed 11
duel mc100-vs-greedy-4p monte-carlo:$N100 greedy --matches $SMALL --players 4 --rules pagat-all-fives --seed 9
duel mc100-vs-greedy-f3 monte-carlo:$N100 greedy --matches $SMALL --rules fives-and-threes --seed 12
