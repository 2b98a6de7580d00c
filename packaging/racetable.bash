# bash completion for racetable(6): installed as
# /usr/share/bash-completion/completions/racetable.
#
# The program answers for itself (`racetable complete -- WORDS`, see
# app/cli_complete.h): its commands and options, game ids, each game's
# variants and options, seat levels, open tables. A new game, variant or
# option needs no change here.

_racetable() {
    # The words up to the cursor, split at blanks only: "--option races=3" and
    # "--seats human,easy" stay whole (bash's COMP_WORDS would split at '=').
    local line=${COMP_LINE:0:COMP_POINT}
    local -a words
    read -r -a words <<<"$line"
    if [[ ${#words[@]} -eq 0 || $line == *[[:blank:]] ]]; then
        words+=("")
    fi
    local cur=${words[${#words[@]}-1]}
    local program=${words[0]}
    # shellcheck disable=SC2088 # a literal "~/" as typed, expanded here
    [[ $program == "~/"* ]] && program=$HOME/${program#"~/"}

    local -a answer
    mapfile -t answer < <("$program" complete -- "${words[@]:1}" 2>/dev/null)
    [[ ${#answer[@]} -gt 0 ]] || return 0
    local kind=${answer[0]}
    local -a candidates=("${answer[@]:1}")

    case $kind in
    files)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        ;;
    dirs)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
        ;;
    words | words-nospace)
        # Readline replaces only the text after the word's last '=' or ':'.
        local typed=${cur%"${cur##*[=:]}"}
        COMPREPLY=("${candidates[@]#"$typed"}")
        [[ $kind == words-nospace ]] && compopt -o nospace 2>/dev/null
        ;;
    esac
    return 0
}
complete -F _racetable racetable
