#!/usr/bin/env bash
# `make deb`'s package installed on this machine, as a person would (as
# root): dpkg -i puts exactly the files scripts/install.sh lists under /usr;
# the installed binary says its version and the commit it was built from,
# and runs with no Swift toolchain on PATH (doctor, then the grid in tmux:
# j, q, the shell back); man finds its page; bash completes --gl to
# --glyphs from the installed script; dpkg -r leaves none of its files. An
# emoji-rater package installed beforehand is upgraded, then removed too.
set -euo pipefail
fail() { echo "test-deb: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "dpkg -i needs root: run it as root (CI does)"
deb=$(ls .build/deb/emoji-rater_*.deb)
[ "$(echo "$deb" | wc -l)" -eq 1 ] || fail "not one package in .build/deb: $deb"
home=$(mktemp -d)
socket=emoji-rater-test-deb-$$
# No Swift on PATH, nothing of this shell's environment: only what a
# person's terminal gives.
clean=(env -i PATH=/usr/bin:/bin HOME="$home" TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8)
tmux_() { "${clean[@]}" tmux -L "$socket" -f /dev/null "$@"; }
trap 'tmux_ kill-server 2>/dev/null || true; rm -rf "$home"' EXIT
pane() { tmux_ capture-pane -p -S -200 -t deb; }
# Waits (10 s at most) until the pane shows $1 (a grep -E pattern).
wait_for() {
    for _ in $(seq 100); do
        if pane | grep -Eq -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "test-deb: the pane never showed /$1/; it shows:" >&2
    pane >&2
    exit 1
}

if dpkg-query -W -f='${Status}' emoji-rater 2>/dev/null | grep -q 'install ok installed'; then
    echo "test-deb: emoji-rater $(dpkg-query -W -f='${Version}' emoji-rater) is installed: dpkg -i upgrades it"
fi
dpkg -i "$deb"

expected=$(scripts/install.sh list "" /usr | sed 's|^|/usr/|' | sort)
found=$(dpkg -L emoji-rater | while read -r path; do if [ -f "$path" ]; then echo "$path"; fi; done | sort)
if [ "$found" != "$expected" ]; then
    echo "test-deb: the package holds other files than scripts/install.sh lists:" >&2
    diff <(echo "$expected") <(echo "$found") >&2 || true
    exit 1
fi

if ldd /usr/bin/emoji-rater | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift'; then
    fail "the installed binary links the Swift libraries above"
fi
version=$("${clean[@]}" emoji-rater --version)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+\ \(commit\ $commit(-dirty)?\)$ ]] \
    || fail "emoji-rater --version says '$version', not the version and commit $commit"

# doctor needs a terminal: tmux's, which answers its width probe.
tmux_ new-session -d -s deb -x 100 -y 40 "emoji-rater doctor; echo \"[exit \$?]\"; exec sleep 600"
wait_for '^\[exit [0-9]+\]'
if ! pane | grep -q '^\[exit 0\]' || ! pane | grep -q 'columns the terminal gives each kind'; then
    echo "test-deb: emoji-rater doctor did not end well in tmux; it showed:" >&2
    pane >&2
    exit 1
fi
tmux_ kill-session -t deb

# The grid at 80×24 from a shell, as a person starts it; j moves down a row
# (15 columns at 80 wide: emoji 16 of 1,914), q quits to the shell.
tmux_ new-session -d -s deb -x 80 -y 24 "PS1='deb-test\$ ' sh -i"
wait_for '^deb-test\$'
tmux_ send-keys -t deb 'emoji-rater' Enter
wait_for 'grinning face.*1/1914|1/1914.*grinning face'
tmux_ send-keys -t deb j
wait_for '16/1914'
tmux_ send-keys -t deb q
wait_for '^deb-test\$ *$'
tmux_ send-keys -t deb 'echo "[exit $?]"' Enter
wait_for '^\[exit 0\]'
tmux_ kill-session -t deb

manpage=$("${clean[@]}" man -w emoji-rater) || fail "man -w emoji-rater found no page"
[ "$manpage" = /usr/share/man/man1/emoji-rater.1.gz ] || [ "$manpage" = /usr/share/man/man1/emoji-rater.1 ] \
    || fail "man -w emoji-rater found $manpage, not the package's page"
# As bash calls the function `complete` names for emoji-rater: the command, the word, the one before.
completed=$("${clean[@]}" bash --norc -c 'source /usr/share/bash-completion/completions/emoji-rater
    COMP_WORDS=(emoji-rater --gl); COMP_CWORD=1; COMP_LINE="emoji-rater --gl"; COMP_POINT=${#COMP_LINE}
    function=$(complete -p emoji-rater | sed "s/.*-F \([^ ]*\).*/\1/")
    "$function" emoji-rater --gl emoji-rater; echo "${COMPREPLY[*]}"')
[ "$completed" = "--glyphs" ] || fail "bash completed --gl to '$completed', not --glyphs"

dpkg -r emoji-rater
left=$({ echo "$expected"; echo /usr/share/doc/emoji-rater; } | while read -r path; do if [ -e "$path" ]; then echo "$path"; fi; done)
[ -z "$left" ] || fail "dpkg -r left $left"
! dpkg-query -W -f='${Status}' emoji-rater 2>/dev/null | grep -q 'install ok installed' \
    || fail "dpkg -r left emoji-rater installed"
echo "test-deb: $(basename "$deb") installed its $(echo "$expected" | wc -l) files, ran without Swift ($version), and dpkg -r took them away"
