#!/usr/bin/env bash
# Fuzzes every target of afterglow_fuzz for SECONDS each (default 60), one after another at low
# priority, in the asan preset's build (the engine instrumented for libFuzzer, with ASan and
# UBSan), and ends with a table of each target's runs, coverage (edges), features and corpus.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# What each target finds stays in build/asan/fuzz/TARGET/corpus and is reused by the next run; a
# crash, leak, timeout or out-of-memory input is left as build/asan/fuzz/TARGET/crash-* (etc.):
# fix it, then keep the input in tests/fuzz/regressions/TARGET/ (ctest's fuzz.TARGET replays it).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
./scripts/build.sh asan
binary=build/asan/tests/fuzz/afterglow_fuzz
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <("$binary" --list)
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
status=0
for target in "${targets[@]}"; do
  work=build/asan/fuzz/$target
  log=build/asan/fuzz/$target.log
  mkdir -p "$work"
  echo "== $target ($seconds s)"
  if nice -n 15 tests/fuzz/run_target.sh "$binary" "$target" ../shared/corpus "$work" \
       -max_total_time="$seconds" >"$log" 2>&1; then result=ok; else result=FAILED; status=1; fi
  # libFuzzer's last status line: "#RUNS DONE cov: EDGES ft: FEATURES corp: UNITS/SIZE ...".
  line=$(grep -E '^#[0-9]+' "$log" | tail -1)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$line")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$line")
  corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p' <<<"$line")
  printf '%-14s %-7s runs %10s  cov %6s  ft %7s  corpus %s\n' "$target" "$result" "${runs:-?}" \
    "${cov:-?}" "${ft:-?}" "${corp:-?}" | tee -a "$summary"
  [ "$result" = ok ] || tail -n 30 "$log"
done
echo
echo "target         result  runs              cov            ft       corpus (units/bytes)"
cat "$summary"
exit $status
