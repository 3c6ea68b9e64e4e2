#!/usr/bin/env bash
# The whole GPU check, for a session that has an NVIDIA GPU (run it from the repository
# root on the GPU machine, e.g. through the device tool):
#
#   scripts/gpu-check.sh            build, GPU tests, every GPU example with --check, benchmark
#   scripts/gpu-check.sh --quick    the same with a small benchmark (GEMM 1024^3, softmax 1024^2)
#
# A GPU machine without compilers (the device tool's machines start bare and reach no
# network) can run binaries built elsewhere: on an x86-64 machine with the same CUDA major
# version, Qt and compilers, `scripts/gpu-prebuild.sh DIR` builds and packs them (the test
# suites with the Qt libraries they load); carry DIR along and run
# `TESSERA_GPU_PREBUILT=DIR scripts/gpu-check.sh`: the build step is skipped.
#
# It builds the Qt-free core, the CLI and tessera-bench-gpu (no GUI, no LLVM; the Qt Test
# suites only when Qt6 Test is installed), runs the CUDA test suites (they launch real
# kernels here instead of skipping), `tessera-cli run FILE --target cuda --check` and
# `profile` for every resources/examples/gpu_*.py and tensorir/gpu_*.py, then
# tessera-bench-gpu, and prints everything. Exit codes: 0 all passed, 1 a step failed (the
# summary says which), 4 no GPU, no driver or no CUDA toolkit here.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TESSERA_GPU_BUILD_DIR:-$ROOT/build-gpu}"
JOBS="${TESSERA_JOBS:-$(nproc)}"
QUICK=0
[[ "${1:-}" == "--quick" ]] && QUICK=1

log() { printf '\n==== %s\n' "$*"; }
unavailable() {
  echo "gpu-check: not available: $*" >&2
  exit 4
}

# ---- what this machine has ----
have_driver() {
  ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1' && return 0
  local d
  IFS=: read -ra dirs <<<"${LD_LIBRARY_PATH:-}"
  for d in "${dirs[@]}" /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu /usr/lib64; do
    [[ -n "$d" && -e "$d/libcuda.so.1" ]] && return 0
  done
  return 1
}
have_driver || unavailable "no NVIDIA driver (libcuda.so.1) on this machine."
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader ||
    unavailable "nvidia-smi finds no GPU."
fi
CUDA_HOME="${CUDA_HOME:-/usr/local/cuda}"
export PATH="$CUDA_HOME/bin:$PATH"
PREBUILT="${TESSERA_GPU_PREBUILT:-}"
if [[ -z "$PREBUILT" ]]; then
  if [[ ! -e "$CUDA_HOME/include/nvrtc.h" ]] && ! ls /usr/include/nvrtc.h >/dev/null 2>&1; then
    unavailable "no CUDA toolkit (nvrtc.h not found under $CUDA_HOME or /usr/include; set CUDA_HOME)."
  fi
  for tool in cmake ninja c++; do
    command -v "$tool" >/dev/null || unavailable "no $tool on PATH (apt-get install cmake ninja-build g++, or see TESSERA_GPU_PREBUILT above)."
  done
fi

FAILED=()
step() {  # step NAME COMMAND...: runs and records a failure without stopping
  local name="$1"
  shift
  log "$name: $*"
  "$@"
  local rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "---- $name failed (exit $rc)"
    FAILED+=("$name (exit $rc)")
  fi
  return 0
}

# ---- build ----
# The GPU suites: their names and the test binary (one per tests/ folder) each lives in.
SUITES=()
for t in "$ROOT"/tests/cuda/tst_*.cpp "$ROOT"/tests/codegen/tst_c_codegen.cpp; do
  SUITES+=("$(basename "$(dirname "$t")"):$(basename "$t" .cpp)")
done
TESTS=ON
if [[ -n "$PREBUILT" ]]; then
  BUILD="$(cd "$PREBUILT" && pwd)"
  log "prebuilt binaries in $BUILD (no build)"
  [[ -x "$BUILD/tests/tests_cuda" ]] || TESTS=OFF
  # The libraries gpu-prebuild.sh packed, and NVRTC from this machine's toolkit.
  export LD_LIBRARY_PATH="$BUILD/lib:$CUDA_HOME/lib64:$CUDA_HOME/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
  if ! cmake --find-package -DNAME=Qt6Test -DCOMPILER_ID=GNU -DLANGUAGE=CXX -DMODE=EXIST >/dev/null 2>&1 &&
    ! ls /usr/lib/*/cmake/Qt6Test/Qt6TestConfig.cmake >/dev/null 2>&1; then
    echo "gpu-check: Qt6 Test is not installed: building without the test suites (apt-get install qt6-base-dev for them)"
    TESTS=OFF
  fi
  log "configure ($BUILD, tests $TESTS)"
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_GUI=OFF \
    -DTESSERA_LLVM=OFF -DTESSERA_TESTS=$TESTS -DTESSERA_BENCH=ON -DTESSERA_UNITY_BUILD=ON \
    -DCUDAToolkit_ROOT="$CUDA_HOME" || { echo "gpu-check: cmake failed"; exit 1; }
  grep -q 'TESSERA_HAS_CUDA' "$BUILD/build.ninja" 2>/dev/null ||
    unavailable "CMake did not find the CUDA toolkit (set CUDA_HOME to the toolkit's root)."
  TARGETS=(tessera-cli tessera-bench-gpu)
  [[ $TESTS == ON ]] && TARGETS+=(tests_cuda tests_codegen)
  log "build: ${TARGETS[*]}"
  ninja -C "$BUILD" -j"$JOBS" "${TARGETS[@]}" || { echo "gpu-check: the build failed"; exit 1; }
fi
CLI="$BUILD/app/cli/tessera-cli"
BENCH="$BUILD/bench/gpu/tessera-bench-gpu"
for exe in "$CLI" "$BENCH"; do
  [[ -x "$exe" ]] || { echo "gpu-check: $exe is missing"; exit 1; }
done
export TESSERA_SOURCE_DIR="$ROOT"

# ---- the GPU suites (they launch kernels on this machine instead of skipping) ----
if [[ $TESTS == ON ]]; then
  for entry in "${SUITES[@]}"; do
    step "${entry#*:}" env QT_QPA_PLATFORM=offscreen "$BUILD/tests/tests_${entry%%:*}" "${entry#*:}"
  done
else
  echo "gpu-check: no test binaries: the GPU suites did not run"
fi

# ---- every GPU example: run --check and profile ----
for example in "$ROOT"/resources/examples/gpu_*.py "$ROOT"/resources/examples/tensorir/gpu_*.py; do
  name="${example#"$ROOT"/resources/examples/}"
  vars=()
  grep -q 'te.size_var("n")' "$example" && vars=(--var n=1000000)
  step "run --check $name" "$CLI" run "$example" --target cuda --check "${vars[@]}"
  step "profile $name" "$CLI" profile "$example" --target cuda --repeat 20 "${vars[@]}"
done

# ---- the benchmark: GEMM vs cuBLAS, softmax vs a hand-written kernel ----
if [[ $QUICK == 1 ]]; then
  step "tessera-bench-gpu (quick)" "$BENCH" --gemm 1024 --softmax 1024x1024 --repeat 5
else
  step "tessera-bench-gpu" "$BENCH"
fi

log "summary"
if [[ ${#FAILED[@]} -eq 0 ]]; then
  echo "gpu-check: every step passed"
  exit 0
fi
printf 'gpu-check: FAILED: %s\n' "${FAILED[@]}"
exit 1
