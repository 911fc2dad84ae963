#!/usr/bin/env bash
# Measures, as a person would see it, the share of cells ready on display
# during a steady scroll: starts the release build in a detached tmux session,
# waits for the first screen, puts the selection on the bottom row, resets the
# counts (r), then presses j every 1/RATE seconds for SECONDS seconds, so the
# view scrolls RATE rows a second, and prints the bottom line.
# Usage: scripts/measure-ready.sh MODE [RATE] [SECONDS] [extra app options...]
set -euo pipefail
mode=${1:?usage: measure-ready.sh sync|async|prefetch [rows-per-second] [seconds] [options...]}
rate=${2:-5}
seconds=${3:-20}
shift $(( $# < 3 ? $# : 3 ))
app=${EMOJI_RATER_BIN:-.build/release/emoji-rater}
socket="measure-$$"
tmux -L "$socket" -f /dev/null -u new-session -d -x 80 -y 24 \
  "env LANG=C.UTF-8 TERM=xterm-256color $app --mode $mode --seed 7 $*; sleep 600"
trap 'tmux -L "$socket" kill-server 2>/dev/null' EXIT
until tmux -L "$socket" capture-pane -p | grep -q 'grinning face'; do sleep 0.1; done
for _ in $(seq 21); do tmux -L "$socket" send-keys j; done
sleep 2
tmux -L "$socket" send-keys r
interval=$(awk "BEGIN { print 1 / $rate }")
for _ in $(seq $(( rate * seconds ))); do
  tmux -L "$socket" send-keys j
  sleep "$interval"
done
sleep 0.3
tmux -L "$socket" capture-pane -p | tail -n 1
