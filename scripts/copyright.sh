#!/bin/sh
# Usage: scripts/copyright.sh > copyright
# What installs beside the binary as share/doc/emoji-rater/copyright (the
# name Debian gives it): the licences of the data the binary embeds
# (Sources/EmojiData), then the licence and notice files of each Swift
# package it is built from, as SwiftPM checked them out under .build.
set -eu
section() {
    printf '\n%s\n' "$1"
    echo "$1" | sed 's/./-/g'
    cat "$2"
}
cat <<'HEADER'
emoji-rater: every Unicode emoji in a scrollable terminal grid, to vote up
or down.

The binary embeds the data below, each under its own licence, and is linked
from the Swift packages after it, each under its own; the Swift runtime and
Foundation linked into it are under the Apache License 2.0 with the Runtime
Library Exception.
HEADER
section "Unicode's emoji-test.txt 17.0 and CLDR 41's English annotations: © Unicode, Inc., under the Unicode License" \
    Sources/EmojiData/UNICODE-LICENSE.txt
section "The PyPI package emoji 2.16.0's short names: © Taehoon Kim and Kevin Wurster, under the BSD licence" \
    Sources/EmojiData/EMOJI-PACKAGE-LICENSE.txt
section "GitHub's gemoji 4.1.0's tags: © GitHub, Inc., under the MIT licence" \
    Sources/EmojiData/GEMOJI-LICENSE.txt
for package in .build/checkouts/*/; do
    for file in "$package"LICENSE* "$package"NOTICE*; do
        if [ -f "$file" ]; then section "The Swift package $(basename "$package"): $(basename "$file")" "$file"; fi
    done
done
