# Sourced by the tmux end-to-end scripts: polling a screen without starting a
# process for each look but tmux's own (a `sleep` and a `grep` per poll were
# half of the test run's CPU).

# nap SECONDS: sleeps inside the shell (read's timeout on a pipe nobody writes).
exec {NAP_FD}<> <(:)
nap() { read -rt "$1" -u "$NAP_FD" || true; }

# has_line TEXT REGEX: whether a line of TEXT matches the extended REGEX, as
# `grep -Eq -- REGEX <<<"$TEXT"` would say.
has_line() {
  local line
  while IFS= read -r line; do
    [[ $line =~ $2 ]] && return 0
  done <<<"$1"
  return 1
}
