#!/bin/sh
# Usage: scripts/install.sh install|uninstall|list DESTDIR PREFIX [MANPAGE]
# Lays out (or takes away, or lists) what `make install` installs, under
# DESTDIR (empty for the system) and PREFIX (/usr/local by default):
# the release binary, its man page, completions for bash, zsh and fish, in
# the folders each shell reads on its own, and the licences of the data it
# embeds and the packages it links (share/doc/emoji-rater/copyright, as
# Debian names it; scripts/copyright.sh). The binary writes its completion
# scripts itself (--generate-completion-script); the man page is made
# beforehand (`make man`, from the argument parser's own description).
# `make deb` lays out its package with it too (DESTDIR a staging folder,
# PREFIX /usr), so this is the one list of the files.
set -eu

action=$1
destdir=$2
prefix=$3
manpage=${4:-.build/man/emoji-rater.1}
root="$destdir$prefix"

files="bin/emoji-rater
share/man/man1/emoji-rater.1
share/bash-completion/completions/emoji-rater
share/zsh/site-functions/_emoji-rater
share/fish/vendor_completions.d/emoji-rater.fish
share/doc/emoji-rater/copyright"

case "$action" in
list)
    echo "$files"
    ;;
install)
    binary=.build/release/emoji-rater
    [ -x "$binary" ] || { echo "install: $binary is not built: run make install" >&2; exit 1; }
    [ -f "$manpage" ] || { echo "install: $manpage is not made: run make install" >&2; exit 1; }
    install -D -m 0755 "$binary" "$root/bin/emoji-rater"
    install -D -m 0644 "$manpage" "$root/share/man/man1/emoji-rater.1"
    for shell in bash zsh fish; do
        case "$shell" in
        bash) target=share/bash-completion/completions/emoji-rater ;;
        zsh) target=share/zsh/site-functions/_emoji-rater ;;
        fish) target=share/fish/vendor_completions.d/emoji-rater.fish ;;
        esac
        mkdir -p "$(dirname "$root/$target")"
        "$binary" --generate-completion-script "$shell" > "$root/$target"
        if [ "$shell" = bash ]; then cat scripts/bash-completion-default.sh >> "$root/$target"; fi
        chmod 0644 "$root/$target"
    done
    mkdir -p "$root/share/doc/emoji-rater"
    scripts/copyright.sh > "$root/share/doc/emoji-rater/copyright"
    chmod 0644 "$root/share/doc/emoji-rater/copyright"
    echo "installed under $root:"
    echo "$files" | sed 's/^/  /'
    ;;
uninstall)
    echo "$files" | while read -r file; do rm -f "$root/$file"; done
    echo "removed emoji-rater's files from $root"
    ;;
*)
    echo "usage: $0 install|uninstall|list DESTDIR PREFIX [MANPAGE]" >&2
    exit 2
    ;;
esac
