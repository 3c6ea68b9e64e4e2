#!/usr/bin/env bash
# One entry point for the README's Quick start:
#   scripts/tessera.sh run   install what is missing, build, run the main job
#   scripts/tessera.sh test  install what is missing, build, run the whole test suite
# Both are idempotent: packages already present are not reinstalled, and the build is
# incremental (ccache when present).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TESSERA_BUILD_DIR:-$ROOT/build}"
JOBS="${TESSERA_JOBS:-$(nproc)}"

# Debian 12 packages (see shared/SETUP.md). CUDA is optional and never installed here.
PACKAGES=(
  build-essential cmake ninja-build pkg-config ccache
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools
  libqcustomplot-dev libqcustomplot2.1-qt6 libgraphviz-dev
  llvm-19-dev libzstd-dev zlib1g-dev
  libopenblas-dev libhalide14-0-dev
  xvfb xauth fonts-wqy-microhei qt6-translations-l10n
  python3 python3-numpy clang-14 libclang-rt-14-dev clang-format-14 mold
  libdnnl-dev libxgboost-dev libsqlite3-dev
  slurmctld slurmd slurm-client munge
)

log() { printf '\033[1m[tessera]\033[0m %s\n' "$*" >&2; }

# The timing summary (issue #16): every stage's wall time, printed when the command ends
# (also when a stage fails), so that a slow CI run says where its time went.
STAGES=()
timed() {
  local name="$1"; shift
  local start=$SECONDS status=0
  "$@" || status=$?
  STAGES+=("$(printf '%-34s %5d s  %s' "$name" $((SECONDS - start)) "$([ $status -eq 0 ] && echo ok || echo "FAILED ($status)")")")
  return $status
}
print_timing() {
  [ ${#STAGES[@]} -eq 0 ] && return
  printf '\n[tessera] timing summary (wall clock, %s cores)\n' "$JOBS" >&2
  printf '  %s\n' "${STAGES[@]}" >&2
  printf '  %-34s %5d s\n' "total" "$SECONDS" >&2
  # CTest's closing summary stays the last line of the output (CI reads the counts there).
  if [ -n "${SUMMARY_LOG:-}" ] && [ -f "$SUMMARY_LOG" ]; then
    grep -E '[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$SUMMARY_LOG" | tail -1
  fi
}
trap print_timing EXIT

# ccache: paths relative to the checkout, so that two clones (or CI's fresh clone) share
# the cache; the build folder is not part of the hash.
export CCACHE_BASEDIR="$ROOT" CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    log "all packages present"
    return
  fi
  log "installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

configure_and_build() {
  if [ ! -f "$BUILD/build.ninja" ]; then
    log "configuring $BUILD"
    cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DTESSERA_UNITY_BUILD=ON "$@"
  fi
  log "building ($JOBS jobs)"
  cmake --build "$BUILD" -j "$JOBS"
}

# The main job needs the desktop application and the command line only, not the test
# suite, the benchmarks or the tools. Its core is compiled in the unity batches of the
# test build, so that it compiles what CI compiled (scripts/include-check.sh checks the
# files one by one, as a build by hand compiles them).
build_app() {
  if [ ! -f "$BUILD/build.ninja" ]; then
    log "configuring $BUILD"
    cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DTESSERA_UNITY_BUILD=ON
  fi
  local targets=(tessera-cli)
  grep -q '^build app/gui/tessera:' "$BUILD/build.ninja" && targets+=(tessera)
  log "building ${targets[*]} ($JOBS jobs)"
  cmake --build "$BUILD" -j "$JOBS" --target "${targets[@]}"
}

run_main() {
  print_timing
  STAGES=()
  local example="$ROOT/resources/examples/gemm.py"
  if [ -x "$BUILD/app/gui/tessera" ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
    log "starting the desktop application on the built-in GEMM example"
    exec "$BUILD/app/gui/tessera" "$example"
  fi
  log "no display (or no GUI build): the CLI lowers the built-in GEMM example"
  exec "$BUILD/app/cli/tessera-cli" lower "$example"
}

# The test build (issue #16): ONE build of everything in which the whole suite runs, the
# core, the command line and their tests instrumented with ASan + UBSan (DESIGN.md,
# "Tests"), the Qt views and the GUI linked with the sanitizer runtimes. The suite used to
# be built twice (plain, then sanitized) and the core tests run twice. -O1: the sanitizers'
# cost stays low at run time; -g1: line tables for the reports, no full debug info.
# The core is compiled in unity batches (core/CMakeLists.txt, TESSERA_UNITY_BUILD): a
# fresh build spends 36 % less CPU on it (747 -> 480 CPU-s); an edited core file recompiles its
# batch of 8. TESSERA_SANITIZER=0 builds and runs the suite plainly in the main build
# instead.
TEST_BUILD="${TESSERA_TEST_BUILD_DIR:-$ROOT/build-test}"
build_tests() {
  if [ "${TESSERA_SANITIZER:-1}" != "1" ]; then
    TEST_BUILD="$BUILD"
    configure_and_build
    return
  fi
  if [ ! -f "$TEST_BUILD/build.ninja" ]; then
    log "configuring the test build $TEST_BUILD (ASan + UBSan)"
    cmake -S "$ROOT" -B "$TEST_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=None -DTESSERA_SANITIZE=ON \
      -DCMAKE_CXX_FLAGS="-O1 -g1" -DTESSERA_UNITY_BUILD=ON
  fi
  log "building the test build ($JOBS jobs)"
  cmake --build "$TEST_BUILD" -j "$JOBS"
}

# A single-node Slurm for the cluster-runner tests (DESIGN.md core/runner; SETUP.md
# "Slurm on one machine"). Only as root on a machine with the packages; the Slurm tests
# skip visibly otherwise. Stopped again when the command ends.
start_slurm() {
  [ "$(id -u)" -eq 0 ] && [ -x "$ROOT/scripts/slurm-up.sh" ] || return 0
  if bash "$ROOT/scripts/slurm-up.sh"; then
    trap 'bash "$ROOT/scripts/slurm-down.sh" >/dev/null 2>&1 || true; print_timing' EXIT
  else
    log "Slurm could not be started: the Slurm runner tests will skip"
  fi
}

run_tests() {
  timed "single-node Slurm up" start_slurm || true
  log "running the test suite in $TEST_BUILD"
  rm -f "$TEST_BUILD/ctest-summary.log"
  SUMMARY_LOG="$TEST_BUILD/ctest-summary.log"
  # The sanitizer options come with each test (tests/CMakeLists.txt).
  timed "test suite" bash -c 'set -o pipefail; cd "$1" &&
    QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$2" | tee ctest-summary.log' \
    _ "$TEST_BUILD" "$JOBS"
}

case "${1:-}" in
  run) timed "install packages" install_missing; timed "application build" build_app; run_main ;;
  test) timed "install packages" install_missing; timed "format check" bash "$ROOT/scripts/format-check.sh"
        timed "test build" build_tests; run_tests ;;
  *) echo "usage: scripts/tessera.sh run|test" >&2; exit 2 ;;
esac
