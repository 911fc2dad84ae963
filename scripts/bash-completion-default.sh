
# Added by scripts/install.sh. With no subcommand, emoji-rater runs browse,
# so its options complete there too (`emoji-rater --gl` → `--glyphs`): the
# generated function offers only subcommands and the root's own flags.
_emoji-rater-or-browse() {
    _emoji-rater "$@"
    [[ ${#COMPREPLY[@]} -eq 0 ]] || return 0
    local -a words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")
    # Only when every word so far is an option or an option's value, not a subcommand.
    [[ "${words[0]}" == -* ]] || return 0
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    local -r cur="${2}"
    local -r prev="${3}"
    local -i positional_number
    local -a unparsed_words=("${words[@]}")
    local -a repeating_flags=() non_repeating_flags=() repeating_options=() non_repeating_options=()
    _emoji-rater_browse
}
complete -o filenames -F _emoji-rater-or-browse emoji-rater
