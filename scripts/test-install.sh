#!/usr/bin/env bash
# `make install` into a folder of its own: exactly the files it lists, a
# man page man can read, a bash completion that completes, and nothing
# left after `make uninstall`.
set -euo pipefail
destdir=$(mktemp -d)
trap 'rm -rf "$destdir"' EXIT
prefix=/usr/local
make --no-print-directory install DESTDIR="$destdir" PREFIX="$prefix"
expected=$(scripts/install.sh list "$destdir" "$prefix" | sort)
found=$(cd "$destdir$prefix" && find . -type f | sed 's|^\./||' | sort)
if [ "$found" != "$expected" ]; then
    echo "test-install: make install laid out other files than it lists:" >&2
    diff <(echo "$expected") <(echo "$found") >&2 || true
    exit 1
fi
root="$destdir$prefix"
"$root/bin/emoji-rater" --version
MANWIDTH=80 man -l "$root/share/man/man1/emoji-rater.1" 2>/dev/null | grep -q "ENVIRONMENT" \
    || { echo "test-install: the man page has no ENVIRONMENT section" >&2; exit 1; }
# As bash calls the function `complete` names for emoji-rater: the command, the word, the one before.
completed=$(bash -c 'source "$1"; COMP_WORDS=(emoji-rater --gl); COMP_CWORD=1; COMP_LINE="emoji-rater --gl";
    COMP_POINT=${#COMP_LINE}; function=$(complete -p emoji-rater | sed "s/.*-F \([^ ]*\).*/\1/");
    "$function" emoji-rater --gl emoji-rater; echo "${COMPREPLY[*]}"' _ "$root/share/bash-completion/completions/emoji-rater")
[ "$completed" = "--glyphs" ] || { echo "test-install: bash completed --gl to '$completed', not --glyphs" >&2; exit 1; }
make --no-print-directory uninstall DESTDIR="$destdir" PREFIX="$prefix"
left=$(find "$destdir" -type f)
[ -z "$left" ] || { echo "test-install: make uninstall left $left" >&2; exit 1; }
echo "test-install: make install laid out its $(echo "$expected" | wc -l) files; uninstall took them away"
