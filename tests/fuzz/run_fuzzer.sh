#!/bin/sh
# Runs one libFuzzer binary for SECONDS over its seed corpora; new inputs go to
# WORK_DIR/corpus, a crashing input to WORK_DIR/crash-* (the message names it).
# Usage: run_fuzzer.sh BINARY SECONDS WORK_DIR SEED_DIR... [-- EXTRA_LIBFUZZER_FLAGS...]
set -eu
binary=$1 seconds=$2 work=$3
shift 3
mkdir -p "$work/corpus"
seeds=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  seeds="$seeds $1"
  shift
done
[ $# -gt 0 ] && shift  # the "--"
# -timeout: one input taking over 10 s is a hang; -rss_limit_mb: a runaway allocation.
# shellcheck disable=SC2086  # $seeds is a list of directories
exec "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -print_final_stats=1 -artifact_prefix="$work/" "$@" "$work/corpus" $seeds
