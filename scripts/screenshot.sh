#!/usr/bin/env bash
# Makes the README's screenshots from the real app: the release build in
# tmux at a fixed size, seed and data folder, the screen captured with its
# colours (capture-pane -e), turned into HTML (aha) and into a PNG by
# headless Chromium with Noto Color Emoji. Writes docs/screenshot-*.png.
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs
bin=.build/release/emoji-rater
socket="emoji-rater-shot-$$"
work=$(mktemp -d)
tmux_() { tmux -L "$socket" -f /dev/null -u "$@"; }
cleanup() { tmux_ kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$out" "$work/data"

# Waits until the screen shows $1 (a grep pattern), up to 20 s.
wait_for() {
  for _ in $(seq 1 200); do
    if tmux_ capture-pane -p -t shot | grep -q -- "$1"; then return 0; fi
    sleep 0.1
  done
  echo "screenshot: the screen never showed '$1':" >&2
  tmux_ capture-pane -p -t shot >&2
  exit 1
}

# Starts the app at COLUMNS×ROWS with the given options, in a fresh session.
start() {
  local columns=$1 rows=$2
  shift 2
  tmux_ kill-server 2>/dev/null || true
  rm -rf "$work/data" && mkdir -p "$work/data"
  tmux_ new-session -d -s shot -x "$columns" -y "$rows" \
    env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color XDG_DATA_HOME="$work/data" HOME="$work/data" \
    "$bin" --seed 7 "$@"
}

# Captures the screen with its colours and renders it to $out/$1.png.
shoot() {
  local name=$1 columns rows
  columns=$(tmux_ display -p -t shot '#{pane_width}')
  rows=$(tmux_ display -p -t shot '#{pane_height}')
  tmux_ capture-pane -e -p -t shot > "$work/$name.ansi"
  aha --black --no-header < "$work/$name.ansi" > "$work/$name.body"
  python3 scripts/screenshot-page.py "$work/$name.body" > "$work/$name.html"
  # A cell is 10 px wide and 20 px high (see screenshot-page.py).
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size=$((columns * 10 + 24)),$((rows * 20 + 24)) \
    --screenshot="$PWD/$out/$name.png" "file://$work/$name.html" > /dev/null 2>&1
  echo "screenshot: $out/$name.png"
}

# 1. The grid as it opens, a few votes cast and the selection moved on.
start 100 30 --latency 0
wait_for "grinning face"
tmux_ send-keys -t shot + l l - l l l l + j l l
wait_for "28/1914"
sleep 0.5
shoot screenshot-grid

# 2. The voting overlay on a selected emoji.
tmux_ send-keys -t shot Enter
wait_for "clear │"
sleep 0.3
shoot screenshot-vote

# 3. sync mode: every frame waits for a load, and the HUD counts the drops.
start 100 30 --mode sync --latency 300ms
wait_for "sync │"
tmux_ send-keys -t shot NPage
sleep 1
tmux_ send-keys -t shot NPage
sleep 2
shoot screenshot-sync
