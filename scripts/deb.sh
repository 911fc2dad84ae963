#!/usr/bin/env bash
# Usage: scripts/deb.sh (after `make man`, which builds the release binary)
# The Debian package, .build/deb/emoji-rater_VERSION_ARCH.deb: the files
# `make install` lays out (scripts/install.sh, PREFIX /usr), the binary
# without its debug information (its symbol table stays, for
# readable backtraces), and Depends worked out by dpkg-shlibdeps from the
# libraries the binary links. The version is the app's (--version).
set -euo pipefail
umask 022
binary=.build/release/emoji-rater
[ -x "$binary" ] || { echo "deb: $binary is not built: run make deb" >&2; exit 1; }
# "0.1.0 (commit 73bce94)" → 0.1.0
version=$("$binary" --version | sed -n 's/^\([0-9][0-9A-Za-z.+~-]*\) (commit [^)]*)$/\1/p')
[ -n "$version" ] || { echo "deb: '$("$binary" --version)' names no version" >&2; exit 1; }
arch=$(dpkg --print-architecture)
out=.build/deb
deb="$out/emoji-rater_${version}_$arch.deb"

# dpkg-shlibdeps reads debian/control and expects the files under
# debian/PACKAGE: both in a folder of their own, not in the repository.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/debian/emoji-rater"
scripts/install.sh install "$root" /usr > /dev/null
strip --strip-debug "$root/usr/bin/emoji-rater"
printf 'Source: emoji-rater\n\nPackage: emoji-rater\nArchitecture: any\n' > "$work/debian/control"
mkdir -p "$root/DEBIAN"
depends=$(cd "$work" && dpkg-shlibdeps -O -edebian/emoji-rater/usr/bin/emoji-rater | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "deb: dpkg-shlibdeps found no libraries the binary links" >&2; exit 1; }

cat > "$root/DEBIAN/control" <<CONTROL
Package: emoji-rater
Version: $version
Architecture: $arch
Maintainer: emoji-rater developers <dev@emoji-rater.invalid>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: utils
Priority: optional
Description: browse and rate every Unicode emoji in a terminal grid
 Every Unicode emoji in a scrollable terminal grid, to vote up or down, and
 a live demonstration of loading slow data off the main thread and
 prefetching what is about to scroll in. Also: search, pick emoji for a
 pipe, doctor (what the terminal does with emoji), a benchmark, and a
 ratings server.
CONTROL
mkdir -p "$out"
rm -f "$out"/emoji-rater_*.deb
dpkg-deb --build --root-owner-group "$root" "$deb" > /dev/null
echo "deb: built $deb ($(du -k "$deb" | cut -f1) KB; Depends: $depends)"
