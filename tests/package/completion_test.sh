#!/usr/bin/env bash
# The bash completion (packaging/racetable.bash) with a built racetable: what a
# TAB offers after each kind of word. Usage: completion_test.sh RACETABLE SCRIPT
# Also sourced by package_test.sh for the installed package (COMPLETION_ONLY_SMOKE=1).
set -uo pipefail
binary=$(realpath "$1")
script=$2
work=$(mktemp -d /tmp/racetable-completion-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/run/racetable" "$work/saves/sub"
ln -s "$binary" "$work/bin/racetable"
export PATH="$work/bin:$PATH" XDG_RUNTIME_DIR="$work/run" XDG_STATE_HOME="$work/state"

# shellcheck source=/dev/null
source "$script"

failures=0
# What a TAB offers after LINE (typed so far), one per line, sorted.
offers() {
    local COMP_LINE=$1 COMP_POINT=${#1}
    COMPREPLY=()
    _racetable
    printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort
}
expect() {  # expect LINE WANTED... : the offers are exactly WANTED
    local line=$1
    shift
    local got want
    got=$(offers "$line")
    want=$(printf '%s\n' "$@" | sed '/^$/d' | sort)
    if [[ $got != "$want" ]]; then
        echo "FAIL: '$line<TAB>' offers [${got//$'\n'/ }], expected [${want//$'\n'/ }]"
        failures=$((failures + 1))
    fi
}
expect_includes() {  # expect_includes LINE WANTED... : each WANTED is offered
    local line=$1
    shift
    local got
    got=$(offers "$line")
    for w in "$@"; do
        if ! grep -qxF -- "$w" <<<"$got"; then
            echo "FAIL: '$line<TAB>' offers [${got//$'\n'/ }], without '$w'"
            failures=$((failures + 1))
        fi
    done
}

registered=$(complete -p racetable)
[[ $registered == "complete -F _racetable racetable" ]] ||
    { echo "FAIL: complete -p racetable says: $registered"; failures=$((failures + 1)); }

# Commands as --help lists them, hidden ones left out.
commands=$(racetable --help | awk '/^Subcommands:/{f=1;next} f&&NF{print $1}')
# shellcheck disable=SC2086
expect "racetable " $commands
expect "racetable ke"
expect "racetable --ascii s" serve sim soak stats
expect "racetable --a" --ascii

# Game ids, from `racetable list`.
games=$(racetable list | awk '{print $1}')
# shellcheck disable=SC2086
expect "racetable rules " $games
expect "racetable sim go-" go-wacky
expect "racetable sim go-wacky go-"
# shellcheck disable=SC2086
expect "racetable bench --game " $games

# Each game's variants, as `racetable rules GAME` lists them.
for game in $games; do
    variants=$(racetable rules "$game" | awk '/^VARIANTS  \(--variant NAME\)$/{f=1;next} /^[^ ]/{f=0} f&&/^  [a-z0-9-]+  /{print $1}')
    # shellcheck disable=SC2086
    expect "racetable sim $game --variant " $variants
done
expect "racetable play rc-racer --variant=lo" long
expect "racetable sim wacky-races --option ra" races= racers=
expect "racetable sim wacky-races --option races=" ""

# Seat levels: people where people can play.
expect "racetable sim go-wacky --seats " random easy normal hard expert
expect "racetable sim go-wacky --seats normal,ex" normal,expert
expect "racetable play go-wacky --seats human,n" human,normal
expect "racetable host go-wacky --seats h" human hard
expect "racetable host go-wacky --stand-in e" easy expert
expect "racetable play go-wacky --contest-pace r" relaxed
expect "racetable host racesmack --contest-pace " relaxed normal quick

# Options: each subcommand's own; one that takes one value is not offered twice.
expect_includes "racetable sim --s" --seed --seats --save
expect "racetable sim go-wacky --seed 1 --se" --seats
expect_includes "racetable join x --" --seat --watch --code --dir --line

# Table names, from where `racetable tables` looks; a name another user could
# have crafted (an escape sequence) is never printed.
touch "$work/run/racetable/friday.sock" "$work/run/racetable/sat"$'\e'"[2J.sock" "$work/run/racetable/old.table"
expect "racetable join --dir $work/run/racetable " friday
expect_includes "racetable join fr" friday

# Files for resume and replay, directories for --data.
touch "$work/saves/go-wacky-seed7.save"
cd "$work/saves" || exit 1
expect "racetable resume go" go-wacky-seed7.save
expect "racetable replay " go-wacky-seed7.save sub
expect "racetable sim go-wacky --data " sub
expect "racetable sim go-wacky --save go" go-wacky-seed7.save
expect "racetable review " go-wacky-seed7.save sub
expect "racetable review go-wacky-seed7.save go" go-wacky-seed7.save
expect_includes "racetable review x.save --" --seat --json --think --shard
expect "racetable verify " go-wacky-seed7.save sub
expect_includes "racetable verify x.save --" --data
expect "racetable bench m" merge
expect_includes "racetable bench --tournament --" --shard --json
expect "racetable bench merge go" go-wacky-seed7.save
expect "racetable bench merge a.json --j" --json

if ((failures > 0)); then
    echo "bash completion: $failures failure(s)"
    exit 1
fi
echo "bash completion: every case passed"
