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
set -e
DEALS=$((2 * ${1:-300}))
SMALL=$((2 * ${2:-100}))
N100=${3:-320}
FIVES=${FIVES:-.venv/bin/fives}
OUT=bench/results
mkdir -p $OUT
duel() {
    name=$1; shift
    echo "fives duel $*" >&2
    $FIVES duel "$@" --workers 2 --json > $OUT/issue12-$name.json
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
