#!/usr/bin/env bash
# The one command to test Afterglow: sets up what is missing, builds everything, runs every test
# (GoogleTest units and corpus conformance through ctest, natively and under AddressSanitizer and
# UBSan with a short libFuzzer pass per fuzz target, then the browser tests in headless Chromium), and ends with one line "N passed, N failed".
#
# On CI's 2 cores the builds are most of the time, and each phase leaves a core idle at times
# (links, Emscripten's optimizer, ctest's last long tests, the browser waiting for frames). So the
# page's build and the sanitizer build start at once in the background at low priority (nice 10
# and 19), and soak up what the phase in front leaves: the native build and its tests, then the
# browser tests, which thus run almost as fast as on an idle machine. Their output is kept in a
# file and shown if they fail. Each phase prints when it starts, in seconds since the start.
set -uo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh || exit 1

passed=0; failed=0
log=$(mktemp -d)
phase() { echo "== $* (at $SECONDS s) =="; }

# `build.sh TARGET`, then the CPU seconds it used (user + system, compilers included) on a last
# line "cpu: N s". Wall time depends on what else the machine runs; CPU time is what to compare
# when making the builds cheaper. A subshell, so `times` counts this build's processes only.
cpu_build() (
  ./scripts/build.sh "$1"
  status=$?
  # The second line of `times` is the children's user and system time, e.g. "5m2.130s 0m40.5s"
  # (written to a file: in a pipe, `times` would run in a new subshell that has no children).
  times >"$log/times-$1.txt"
  awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, "m"); cpu += t[1] * 60 + t[2] }
                 printf "cpu: %.0f s\n", cpu }' "$log/times-$1.txt"
  exit $status
)
cpu_of() { sed -n 's/^cpu: //p' "$log/build-$1.txt" | tail -1; }

# Starts `build.sh TARGET` in the background at priority NICE, in its own process group so that
# leaving early (a failure, Ctrl-C) stops its compilers too; wait_build TARGET waits for it.
declare -A build_pid
trap 'for pid in "${build_pid[@]}"; do kill -- "-$pid" 2>/dev/null; done; rm -rf "$log"' EXIT
start_build() {
  setsid nice -n "$2" bash -c "log=$log; $(declare -f cpu_build); cpu_build $1" >"$log/build-$1.txt" 2>&1 &
  build_pid[$1]=$!
}
wait_build() {
  if ! wait "${build_pid[$1]}"; then
    echo "build.sh $1 failed:" >&2
    tail -n 60 "$log/build-$1.txt" >&2
    exit 1
  fi
  echo "build.sh $1: done (at $SECONDS s, cpu $(cpu_of "$1"))"
}

# Adds ctest's "N tests failed out of M" (the output file $1, its exit status $2) to the totals.
count_ctest() {
  local total=0 fails=0
  read -r total fails < <(sed -n 's/.* \([0-9]*\) tests failed out of \([0-9]*\).*/\2 \1/p' "$1" | tail -1)
  passed=$((passed + ${total:-0} - ${fails:-0})); failed=$((failed + ${fails:-0}))
  [ "$2" = 0 ] || [ "${fails:-0}" != 0 ] || failed=$((failed + 1))
}

phase "builds: native in front; the page (nice 10) and the sanitizer build (nice 19) behind it"
start_build wasm 10
start_build asan 19
cpu_build native 2>&1 | tee "$log/build-native.txt"
[ "${PIPESTATUS[0]}" = 0 ] || exit 1
echo "build.sh native: done (at $SECONDS s, cpu $(cpu_of native))"

phase "unit and conformance tests (ctest)"
ctest --preset native -j "$(nproc 2>/dev/null || echo 2)" 2>&1 | tee "$log/ctest.txt"
count_ctest "$log/ctest.txt" "${PIPESTATUS[0]}"

phase "browser tests (headless Chromium)"
wait_build wasm
node --test --test-reporter=tap tests/browser/ 2>&1 | tee "$log/browser.txt"
browser_status=${PIPESTATUS[0]}
browser_pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log/browser.txt" | tail -1)
browser_fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log/browser.txt" | tail -1)
passed=$((passed + ${browser_pass:-0})); failed=$((failed + ${browser_fail:-0}))
[ "$browser_status" = 0 ] || [ "${browser_fail:-0}" != 0 ] || failed=$((failed + 1))

phase "the same tests under AddressSanitizer and UBSan, and a fixed-length fuzz pass per target"
wait_build asan
ASAN_OPTIONS=detect_leaks=1 ctest --preset asan -j "$(nproc 2>/dev/null || echo 2)" 2>&1 | tee "$log/asan.txt"
count_ctest "$log/asan.txt" "${PIPESTATUS[0]}"

echo
echo "builds' CPU time: native $(cpu_of native), wasm $(cpu_of wasm), asan $(cpu_of asan)"
echo "afterglow: $passed passed, $failed failed (in $SECONDS s)"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
