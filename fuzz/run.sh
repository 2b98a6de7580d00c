#!/usr/bin/env bash
# Each libFuzzer target for SECONDS on a scratch copy of its seed corpus, JOBS
# of them at a time (make fuzz-run; CI's check-clang): exit 1 if any failed.
#
#   fuzz/run.sh BUILD_DIR SECONDS JOBS
set -u
dir=$1 seconds=$2 jobs=$3
cd "$(dirname "$0")/.."

# run_one TARGET: runs it, then prints its summary in one piece.
run_one() {
  local t=$1 rc summary
  rm -rf "$dir/corpus-$t" && mkdir -p "$dir/corpus-$t" && cp fuzz/corpus/"$t"/* "$dir/corpus-$t/"
  "$dir/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$dir/crash-$t-" -print_final_stats=1 "$dir/corpus-$t" >"$dir/fuzz_$t.log" 2>&1
  rc=$?
  summary="fuzz_$t: $seconds s"$'\n'"$(tail -n 6 "$dir/fuzz_$t.log")"
  [ $rc -eq 0 ] || summary+=$'\n'"fuzz_$t failed (exit $rc): $dir/fuzz_$t.log, input in $dir/crash-$t-*"
  echo "$summary"
  return $rc
}

failed=0 running=0
for t in save data apply line protocol client; do
  if [ $running -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  run_one "$t" &
  running=$((running + 1))
done
while [ $running -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
exit $failed
