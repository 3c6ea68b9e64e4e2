#!/bin/sh
# Runs the libFuzzer targets (the script parser, the project reader) for SECONDS each
# (default 600), keeping what they learn in build-fuzz/<fuzzer>.work/corpus between
# runs. A crash stops the run and leaves the input in build-fuzz/<fuzzer>.work/crash-*;
# replay it with `build-fuzz/tests/fuzz/bin/<fuzzer> FILE`.
# Usage: scripts/fuzz.sh [SECONDS] [fuzz_script_parser|fuzz_project_reader]
set -eu
seconds=${1:-600}
only=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-fuzz
cmake -S "$root" -B "$build" -G Ninja -DTESSERA_GUI=OFF >/dev/null
ninja -C "$build" fuzz_script_parser fuzz_project_reader
fuzzers=$root/tests/fuzz
run() {
  name=$1
  shift
  [ -n "$only" ] && [ "$only" != "$name" ] && return 0
  echo "== $name for ${seconds}s"
  "$fuzzers/run_fuzzer.sh" "$build/tests/fuzz/bin/$name" "$seconds" "$build/$name.work" "$@"
}
run fuzz_script_parser "$root/resources/examples" "$fuzzers/corpus/script" -- -dict="$fuzzers/script.dict"
run fuzz_project_reader "$fuzzers/corpus/project"
