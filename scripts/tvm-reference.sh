#!/bin/sh
# Runs the TensorIR export (tessera-cli export --format tir) of every shipped example and
# every tests/tvm_programs program under a real TVM built from source, and writes what
# TVM printed into tests/tvm_reference_tir/<name>.txt: first the schedule lines of the
# export (from `sch = ...Schedule(func)` to the print of the module), then a line
# "==== TVM", then TVM's output (the scheduled module, the check's verdict) and the exit
# status. tst_tir_export compares the exporter's current output with these files; CI
# cannot build TVM, so the files are committed. A refused program gets no file (the
# refusal is printed here and checked by tst_tir_export).
#
# Then it runs every TensorIR schedule program under tests/tir/programs (te.create_prim_func
# or TVMScript, scheduled with tir.Schedule, printing the scheduled function and the
# trace) and writes TVM's output to tests/tir/programs/reference/<name>.txt, followed by
# "EXIT <status>": tst_tir_tvm_reference runs the same programs in Tessera and compares.
#
# Usage: TVM_SRC=/path/to/tvm TVM_BUILD=/path/to/tvm/build scripts/tvm-reference.sh
#   TVM_VERSION  the release the build is (0.20 by default): the export's spelling
#   TESSERA_CLI  the tessera-cli binary (default build-test/app/cli/tessera-cli)
set -u
: "${TVM_SRC:?set TVM_SRC to the TVM source tree}"
: "${TVM_BUILD:?set TVM_BUILD to the TVM build directory (holding libtvm.so)}"
root=$(cd "$(dirname "$0")/.." && pwd)
version=${TVM_VERSION:-0.20}
cli=${TESSERA_CLI:-$root/build-test/app/cli/tessera-cli}
out=$root/tests/tvm_reference_tir
python=/usr/bin/python3

[ -x "$cli" ] || { echo "tvm-reference: no tessera-cli at $cli (set TESSERA_CLI)" >&2; exit 2; }
[ -e "$TVM_BUILD/libtvm.so" ] || { echo "tvm-reference: no libtvm.so in $TVM_BUILD" >&2; exit 2; }
# The Cython FFI (TVM 0.20 falls back to ctypes without it, which is slower but works).
if ! ls "$TVM_SRC"/python/tvm/_ffi/_cy3/core*.so >/dev/null 2>&1; then
  (cd "$TVM_SRC/python" && "$python" setup.py build_ext --inplace) >/dev/null 2>&1 ||
    echo "tvm-reference: the Cython FFI did not build; TVM runs through ctypes" >&2
fi

# TVM's log lines start with the time of day: dropped, so that a rerun on the same machine
# rewrites the same files.
without_clock() { sed -E 's/^\[[0-9]{2}:[0-9]{2}:[0-9]{2}\] //'; }

mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The extern C functions that tensor intrinsics call (tests/tvm_reference_tir/extern/*.c):
# an exported program finds them in its process, so they are preloaded into every run.
externs=$work/libtessera_externs.so
cc -shared -fPIC -O1 -o "$externs" "$out"/extern/*.c ||
  { echo "tvm-reference: the extern functions in $out/extern did not compile" >&2; exit 2; }
# Examples that size their schedule with get_simd_32bit_lanes() export this machine's
# schedule; the tests evaluate them with the same fp32 vector width (MachinePeak's rule).
unset TESSERA_TARGET
if grep -qw avx512f /proc/cpuinfo; then lanes=16; elif grep -qw avx2 /proc/cpuinfo; then lanes=8; else lanes=4; fi
echo "$lanes" >"$out/simd_lanes"
exported=0
refused=0
passed=0
for file in "$root"/resources/examples/*.py "$root"/tests/tvm_programs/*.py; do
  name=$(basename "$file" .py)
  program=$work/$name.py
  if ! "$cli" export "$file" --format tir --tvm "$version" >"$program" 2>"$work/err"; then
    refused=$((refused + 1))
    echo "refused  $(cat "$work/err")"
    continue
  fi
  exported=$((exported + 1))
  {
    sed -n '/^sch = .*Schedule(func)$/,/^print(sch.mod.script())$/p' "$program"
    echo "==== TVM"
    LD_PRELOAD=$externs PYTHONPATH=$TVM_SRC/python TVM_LIBRARY_PATH=$TVM_BUILD \
      timeout 900 "$python" "$program" >"$work/run" 2>&1
    status=$?
    without_clock <"$work/run"
    echo "EXIT $status"
  } >"$out/$name.txt"
  if grep -q '^CHECK: OK' "$out/$name.txt"; then
    passed=$((passed + 1))
    echo "ok       $name"
  elif grep -q '^SKIP:' "$out/$name.txt"; then
    echo "skipped  $name ($(grep '^SKIP:' "$out/$name.txt"); TVM scheduled and printed it)"
  else
    echo "FAILED   $name (see $out/$name.txt)"
  fi
done
echo "TVM $version: $exported exported ($passed ran and matched the unscheduled function, the rest were scheduled and printed), $refused refused"

programs=$root/tests/tir/programs
mkdir -p "$programs/reference"
ran=0
for file in "$programs"/*.py; do
  name=$(basename "$file" .py)
  {
    PYTHONPATH=$TVM_SRC/python TVM_LIBRARY_PATH=$TVM_BUILD timeout 900 "$python" "$file" \
      >"$work/run" 2>&1
    status=$?
    without_clock <"$work/run"
    echo "EXIT $status"
  } >"$programs/reference/$name.txt"
  ran=$((ran + 1))
  tail -n 1 "$programs/reference/$name.txt" | grep -q '^EXIT 0$' &&
    echo "ok       $name" || echo "FAILED   $name (see $programs/reference/$name.txt)"
done
echo "TVM $version: $ran TensorIR schedule programs run"

# The TensorIR document export (export --format tir of a tir.Schedule script) of the
# programs listed in tests/tvm_reference_tir/documents/list: the exported program, a line
# "==== TVM", what TVM printed running it (its check's verdict) and the exit status, in
# tests/tvm_reference_tir/documents/<name>.txt; tst_tir_document_export compares.
documents=$out/documents
while read -r name; do
  case $name in ''|'#'*) continue ;; esac
  program=$work/doc_$name.py
  "$cli" export "$programs/$name.py" --format tir --tvm "$version" >"$program" 2>"$work/err" ||
    { echo "refused  $name: $(cat "$work/err")"; continue; }
  {
    cat "$program"
    echo "==== TVM"
    PYTHONPATH=$TVM_SRC/python TVM_LIBRARY_PATH=$TVM_BUILD timeout 900 "$python" "$program" \
      >"$work/run" 2>&1
    status=$?
    without_clock <"$work/run"
    echo "EXIT $status"
  } >"$documents/$name.txt"
  if grep -q '^CHECK: OK' "$documents/$name.txt"; then
    echo "ok       document $name"
  elif grep -q '^SKIP:' "$documents/$name.txt" && grep -q '^EXIT 0$' "$documents/$name.txt"; then
    echo "skipped  document $name ($(grep '^SKIP:' "$documents/$name.txt"); TVM scheduled and printed it)"
  else
    echo "FAILED   document $name (see $documents/$name.txt)"
  fi
done <"$documents/list"

# The values TVM computes (tests/tir/values/<name>.py: a program of tests/tir/programs built
# and run on fixed inputs, printing them and its outputs) in tests/tir/values/<name>.txt;
# the tests of tests/tir run the same function in Tessera on the same inputs and compare.
for file in "$root"/tests/tir/values/*.py; do
  name=$(basename "$file" .py)
  PYTHONPATH=$TVM_SRC/python TVM_LIBRARY_PATH=$TVM_BUILD timeout 900 "$python" "$file" \
    >"$work/run" 2>&1 && cp "$work/run" "${file%.py}.txt" && echo "ok       values $name" ||
    { echo "FAILED   values $name:"; cat "$work/run"; }
done
