#!/bin/sh
# Usage: scripts/man-page.sh GENERATED.1 SECTIONS.mdoc > emoji-rater.1
# The man page: what swift-argument-parser's generate-manual plugin wrote
# from the command line's own description (a section per subcommand, its
# options, the keys), with the hand-written FILES and ENVIRONMENT
# sections put in before EXIT STATUS, where man pages keep them.
set -eu
generated=$1
sections=$2
grep -q '^\.Sh "EXIT STATUS"' "$generated" || { echo "man-page: no EXIT STATUS in $generated" >&2; exit 1; }
awk -v sections="$sections" '
    /^\.Sh "EXIT STATUS"/ { while ((getline line < sections) > 0) print line }
    { print }
' "$generated"
