#!/usr/bin/env bash
# Builds what scripts/gpu-check.sh runs, on a machine with compilers, Qt and the CUDA
# toolkit, and packs it for a GPU machine that has none of them (the device tool's
# machines start bare and reach no network):
#
#   scripts/gpu-prebuild.sh [DIR]       (default .gpu-prebuilt, ignored by git)
#
# DIR then holds the stripped tessera-cli, tessera-bench-gpu and the Qt Test binaries of
# the GPU suites at their build-tree paths, and lib/ with the shared libraries they load
# that a CUDA machine may lack (Qt and what Qt needs). It leaves out the C library, the
# C++ runtime and NVRTC, which the GPU machine has in versions at least as new (NVRTC
# must be the same major version: the binaries name libnvrtc.so.N), and DIR.tar.xz holds
# the same, a third of its size, for a transfer with a size limit. Run it there with
#   TESSERA_GPU_PREBUILT=DIR scripts/gpu-check.sh
# (after `mkdir -p DIR && tar -xJf DIR.tar.xz -C DIR` where only the archive travelled).
# The build itself stays in build-gpu (gpu-check.sh's own build folder; Release, no GUI, no
# LLVM, the core in unity batches).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$(realpath -m "${1:-$ROOT/.gpu-prebuilt}")"
BUILD="${TESSERA_GPU_BUILD_DIR:-$ROOT/build-gpu}"
CUDA_HOME="${CUDA_HOME:-/usr/local/cuda}"
JOBS="${TESSERA_JOBS:-$(nproc)}"

[[ -e "$CUDA_HOME/include/nvrtc.h" ]] ||
  { echo "gpu-prebuild: no CUDA toolkit under $CUDA_HOME (set CUDA_HOME)" >&2; exit 4; }

cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_GUI=OFF \
  -DTESSERA_LLVM=OFF -DTESSERA_TESTS=ON -DTESSERA_BENCH=ON -DTESSERA_UNITY_BUILD=ON \
  -DCUDAToolkit_ROOT="$CUDA_HOME" >/dev/null
grep -q 'TESSERA_HAS_CUDA' "$BUILD/build.ninja" ||
  { echo "gpu-prebuild: CMake did not find the CUDA toolkit under $CUDA_HOME" >&2; exit 4; }

# The suites gpu-check.sh runs live in these test binaries (one per tests/ folder).
BINARIES=(app/cli/tessera-cli bench/gpu/tessera-bench-gpu tests/tests_cuda tests/tests_codegen)
TARGETS=()
for b in "${BINARIES[@]}"; do TARGETS+=("$(basename "$b")"); done
ninja -C "$BUILD" -j"$JOBS" "${TARGETS[@]}"

rm -rf "$OUT"
mkdir -p "$OUT/lib"
for b in "${BINARIES[@]}"; do
  mkdir -p "$OUT/$(dirname "$b")"
  strip -o "$OUT/$b" "$BUILD/$b"
done

# Shared libraries: everything the binaries resolve here except the base system and CUDA.
is_base() {
  case "$(basename "$1")" in
  ld-linux* | libc.so* | libm.so* | libdl.so* | libpthread.so* | librt.so* | libstdc++.so* | \
    libgcc_s.so* | libnvrtc* | libcuda.so*) return 0 ;;
  esac
  return 1
}
for b in "${BINARIES[@]}"; do
  ldd "$BUILD/$b" | awk '/=> \//{print $3}'
done | sort -u | while read -r lib; do
  is_base "$lib" || cp -L "$lib" "$OUT/lib/$(basename "$lib")"
done
tar -C "$OUT" -cJf "$OUT.tar.xz" .
du -sh "$OUT" "$OUT.tar.xz"
echo "gpu-prebuild: packed in $OUT; on the GPU machine: TESSERA_GPU_PREBUILT=$OUT scripts/gpu-check.sh"
