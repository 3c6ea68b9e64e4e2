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
  xvfb xauth
  python3 clang-14 libclang-rt-14-dev
)

log() { printf '\033[1m[tessera]\033[0m %s\n' "$*" >&2; }

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
    cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
  fi
  log "building ($JOBS jobs)"
  cmake --build "$BUILD" -j "$JOBS"
}

run_main() {
  local example="$ROOT/resources/examples/gemm.py"
  if [ -x "$BUILD/app/gui/tessera" ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
    log "starting the desktop application on the built-in GEMM example"
    exec "$BUILD/app/gui/tessera" "$example"
  fi
  log "no display (or no GUI build): the CLI lowers the built-in GEMM example"
  exec "$BUILD/app/cli/tessera-cli" lower "$example"
}

# The core and its tests under AddressSanitizer + UBSan (DESIGN.md, "Tests"): no GUI,
# no LLVM (the JIT is exercised by the main suite), its own build folder.
run_sanitizer_tests() {
  local asan="$ROOT/build-asan"
  if [ ! -f "$asan/build.ninja" ]; then
    log "configuring the sanitizer build $asan"
    # -O1 -g1: fast enough to run, line tables for the reports, cheap to compile.
    cmake -S "$ROOT" -B "$asan" -G Ninja -DCMAKE_BUILD_TYPE=None -DTESSERA_SANITIZE=ON \
      -DTESSERA_GUI=OFF -DTESSERA_LLVM=OFF -DTESSERA_BENCH=OFF -DCMAKE_CXX_FLAGS="-O1 -g1"
  fi
  log "building the sanitizer build ($JOBS jobs)"
  cmake --build "$asan" -j "$JOBS"
  # The fuzzers carry their own ASan+UBSan and already run in the main suite.
  log "running the core tests under ASan + UBSan"
  (cd "$asan" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$JOBS" --label-exclude fuzz)
}

run_tests() {
  local status=0
  # The sanitizer stage (DESIGN.md, "Tests") runs first and the whole suite last, so that
  # CTest's closing summary line is the whole suite's; a failure in either fails the
  # command. TESSERA_SANITIZER=0 skips the stage for a quick local run.
  if [ "${TESSERA_SANITIZER:-1}" = "1" ]; then
    run_sanitizer_tests || { status=$?; log "the sanitizer stage FAILED (see above)"; }
  fi
  log "running the test suite"
  (cd "$BUILD" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$JOBS") || status=$?
  return "$status"
}

case "${1:-}" in
  run) install_missing; configure_and_build; run_main ;;
  test) install_missing; configure_and_build; run_tests ;;
  *) echo "usage: scripts/tessera.sh run|test" >&2; exit 2 ;;
esac
