#!/usr/bin/env bash
# Screenshots of the real desktop application, for docs/screenshots/.
#   scripts/screenshots.sh [BUILD_DIR]     (default: $TESSERA_BUILD_DIR or build)
# Starts `tessera` under a virtual X server (xvfb-run, 1920x1080, and 1280x800 for the
# small-screen pictures *_1280x800.png; the window fills the screen) on each example,
# arranges the window with its command-line options, and captures the whole screen
# with ImageMagick's `import`, else `xwd | convert`, else `scrot`. Missing X tools are
# installed with apt-get when run as root. Each run uses a fresh settings directory, so
# the user's saved layout never leaks into the pictures.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-${TESSERA_BUILD_DIR:-$ROOT/build}}"
APP="$BUILD/app/gui/tessera"
OUT="$ROOT/docs/screenshots"
EXAMPLES="$ROOT/resources/examples"
WAIT="${TESSERA_SCREENSHOT_WAIT:-4}"

log() { printf '\033[1m[screenshots]\033[0m %s\n' "$*" >&2; }

[ -x "$APP" ] || { log "no $APP: build the GUI first (cmake --build $BUILD --target tessera)"; exit 1; }

have() { command -v "$1" >/dev/null 2>&1; }
# /usr/local/bin/convert may be a stand-in that only reads PNGs; the real one is here.
real_convert() { [ -x /usr/bin/convert ] && /usr/bin/convert --version 2>/dev/null | grep -q ImageMagick; }

install_tools() {
  local missing=()
  have xvfb-run || missing+=(xvfb xauth)
  if ! have import && ! { have xwd && real_convert; } && ! have scrot; then
    missing+=(x11-apps imagemagick)
  fi
  [ ${#missing[@]} -eq 0 ] && return
  if [ "$(id -u)" -ne 0 ]; then
    log "missing: ${missing[*]} (run as root to install them)"
    exit 1
  fi
  log "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# The capture command, run inside the virtual display: takes the output path.
capture_command() {
  if have import; then
    echo 'import -window root'
  elif have xwd && real_convert; then
    echo 'capture_xwd'
  else
    echo 'scrot -o'
  fi
}

# shot NAME FILE [tessera options...]: one picture of the window on FILE.
shot() {
  local name="$1" file="$2"
  shift 2
  local config
  config="$(mktemp -d)"
  log "$name: $(basename "$file") $*"
  XDG_CONFIG_HOME="$config" XDG_DATA_HOME="$config" CAPTURE="$(capture_command)" WAIT="$WAIT" \
    xvfb-run -a -s "-screen 0 ${SIZE:-1920x1080}x24" bash -c '
      capture_xwd() { xwd -root -silent | /usr/bin/convert xwd:- png:"$1"; }
      "$0" "$@" >/dev/null 2>&1 &
      pid=$!
      sleep "$WAIT"
      $CAPTURE "$SHOT"
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true' "$APP" "$file" "$@" 2>/dev/null
  rm -rf "$config"
}

install_tools
mkdir -p "$OUT"

# TESSERA_SCREENSHOTS=instrument (or tensorir) takes only those pictures (below).
ONLY="${TESSERA_SCREENSHOTS:-all}"
if [ "$ONLY" = all ]; then
SHOT="$OUT/gemm.png" shot "GEMM, tiled and vectorized" "$EXAMPLES/gemm.py" --select C:j.inner
SIZE=1280x800 SHOT="$OUT/gemm_1280x800.png" shot "GEMM on a 1280x800 screen" "$EXAMPLES/gemm.py" \
  --select C:j.inner
SIZE=1280x800 SHOT="$OUT/gemm_runlog_1280x800.png" WAIT=$((WAIT + 10)) shot "GEMM run log" \
  "$EXAMPLES/gemm.py" --raise RunLog --profile
SHOT="$OUT/inferbound_ex6.png" shot "InferBound Ex. 6 (fuse + split + compute_at)" \
  "$EXAMPLES/fuse_split_ex6.py" --select B
SHOT="$OUT/gemm_profile.png" WAIT=$((WAIT + 6)) shot "GEMM profile" "$EXAMPLES/gemm.py" \
  --raise Profile --profile
SHOT="$OUT/softmax_dark.png" shot "softmax, dark palette" "$EXAMPLES/softmax.py" --palette dark
SHOT="$OUT/conv2d_zh_CN.png" shot "conv2d in Simplified Chinese" "$EXAMPLES/conv2d.py" \
  --language zh_CN --raise Bounds
for f in "$EXAMPLES"/*layout*.py; do
  [ -e "$f" ] || continue
  SHOT="$OUT/$(basename "${f%.py}").png" shot "buffer layout" "$f" --raise BufferLayout
done
fi

# TensorIR documents: the block graph, the loops and iterators with the loop-order strip,
# the TensorIR loop nest and the region analysis.
if [ "$ONLY" = all ] || [ "$ONLY" = tensorir ]; then
SHOT="$OUT/tir_conv2d_blocks.png" shot "TensorIR conv2d: block graph, loops, loop nest" \
  "$EXAMPLES/tensorir/conv2d_pad_tir.py" --raise BlockGraph --raise TirLoopNest --select Y:y
SHOT="$OUT/tir_gpu_gemm_bounds.png" shot "TensorIR GPU GEMM: regions per consumer" \
  "$EXAMPLES/tensorir/gpu_gemm_tir.py" --raise BlockGraph --raise TirBounds --select A_shared
fi
[ "$ONLY" = tensorir ] && { log "wrote the TensorIR pictures to $OUT"; exit 0; }

# The instrument (issue #15): roofline, cache fit, loop <-> code, versions, GPU emulator.
SHOT="$OUT/roofline.png" WAIT=$((WAIT + 16)) shot "roofline of a GEMM profile" "$EXAMPLES/gemm.py" \
  --raise Roofline --profile
SHOT="$OUT/cache_fit.png" shot "cache fit: the Loop nest's working-set column" "$EXAMPLES/gemm.py" \
  --raise LoopNest --widen LoopNest --select C:k.outer
SHOT="$OUT/loop_to_code.png" WAIT=$((WAIT + 4)) shot "loop <-> code: a loop's assembly lines" \
  "$EXAMPLES/gemm.py" --raise Code --code Assembly --select C:i.inner
# The same GEMM with another register tile: two versions side by side.
variant="$(mktemp --suffix=.py)"
python3 - "$EXAMPLES/gemm.py" "$variant" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
# Doubles the first split factor: a version that differs in one primitive.
text = re.sub(r"factor=(\d+)", lambda m: "factor=" + str(2 * int(m.group(1))), text, count=1)
open(sys.argv[2], "w").write(text)
PY
SHOT="$OUT/version_compare.png" WAIT=$((WAIT + 2)) shot "two schedule versions compared" "$EXAMPLES/gemm.py" \
  --compare-with "$variant"
rm -f "$variant"
# (1024 blocks: the emulator runs 256 of them; minutes in a sanitizer build.)
SHOT="$OUT/gpu_emulator_check.png" WAIT=$((WAIT + ${TESSERA_EMULATOR_WAIT:-150})) \
  shot "GPU softmax checked on the emulator" "$EXAMPLES/gpu_softmax.py" --action actionCheckEmulator

log "wrote $(ls "$OUT"/*.png | wc -l) pictures to $OUT"
