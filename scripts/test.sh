#!/usr/bin/env bash
# The one command to test Afterglow: sets up what is missing, builds everything, runs every test
# (GoogleTest units and corpus conformance through ctest, then the browser tests in headless
# Chromium), and ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh || exit 1
./scripts/build.sh native wasm || exit 1

passed=0; failed=0
log=$(mktemp -d)

echo "== unit and conformance tests (ctest) =="
ctest --preset native -j "$(nproc 2>/dev/null || echo 2)" 2>&1 | tee "$log/ctest.txt"
ctest_status=${PIPESTATUS[0]}
read -r ctest_total ctest_failed < <(sed -n 's/.* \([0-9]*\) tests failed out of \([0-9]*\).*/\2 \1/p' "$log/ctest.txt" | tail -1)
passed=$((passed + ${ctest_total:-0} - ${ctest_failed:-0})); failed=$((failed + ${ctest_failed:-0}))
[ "$ctest_status" = 0 ] || [ "${ctest_failed:-0}" != 0 ] || failed=$((failed + 1))

echo "== the same tests under AddressSanitizer and UBSan =="
./scripts/build.sh asan >/dev/null || exit 1
ASAN_OPTIONS=detect_leaks=1 ctest --preset asan -j "$(nproc 2>/dev/null || echo 2)" 2>&1 | tee "$log/asan.txt"
asan_status=${PIPESTATUS[0]}
read -r asan_total asan_failed < <(sed -n 's/.* \([0-9]*\) tests failed out of \([0-9]*\).*/\2 \1/p' "$log/asan.txt" | tail -1)
passed=$((passed + ${asan_total:-0} - ${asan_failed:-0})); failed=$((failed + ${asan_failed:-0}))
[ "$asan_status" = 0 ] || [ "${asan_failed:-0}" != 0 ] || failed=$((failed + 1))

echo "== browser tests (headless Chromium) =="
node --test --test-reporter=tap tests/browser/ 2>&1 | tee "$log/browser.txt"
browser_status=${PIPESTATUS[0]}
browser_pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log/browser.txt" | tail -1)
browser_fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log/browser.txt" | tail -1)
passed=$((passed + ${browser_pass:-0})); failed=$((failed + ${browser_fail:-0}))
[ "$browser_status" = 0 ] || [ "${browser_fail:-0}" != 0 ] || failed=$((failed + 1))

rm -rf "$log"
echo
echo "afterglow: $passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
