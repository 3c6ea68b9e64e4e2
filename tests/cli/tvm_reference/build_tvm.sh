#!/usr/bin/env bash
# Builds the trimmed TVM v0.19.0 that record_with_tvm.py runs the exports under (issue #18).
#
# Why trimmed: a full TVM build takes about two hours on the shared 2-core machine, and
# recording only needs `tvm.lower` of a TE schedule and printing the TIR it returns. So only
# the C++ that path reaches is compiled (IR, arith, TE, TIR and its passes, the TVMScript
# printer, targets, the runtime core); every symbol those files reference but that lives in
# a part left out (Relay, Relax, MetaSchedule, codegens, TIR schedule primitives, ...) is
# defined as a trap that names itself and aborts, so a call into a missing part can never
# pass silently. `tvm.lower` runs TVM's own, unmodified pass pipeline (driver_api.cc).
#
# There is no internet from the shell: the sources come from local git mirrors (the `fetch`
# tool's github:apache/tvm, github:dmlc/dlpack, github:dmlc/dmlc-core, github:agauniyal/rang).
#
# Usage:  tests/cli/tvm_reference/build_tvm.sh [DEST]          (DEST default /work/tvm-0.19)
# Environment (defaults in brackets):
#   TVM_MIRROR    git dir of apache/tvm            [/work/.mirror/apache+tvm/repo]
#   DLPACK_MIRROR git dir of dmlc/dlpack           [/work/.mirror/dmlc+dlpack/repo]
#   DMLC_MIRROR   git dir of dmlc/dmlc-core        [/work/.mirror/dmlc+dmlc-core/repo]
#   RANG_MIRROR   git dir of agauniyal/rang        [/work/.mirror/agauniyal+rang/repo]
#   JOBS          parallel compiles                [2]
#   CXX           compiler                         [clang++-14]
# Needs: clang-14 (or g++), ninja, /usr/bin/python3 with the Debian packages python3-numpy,
# python3-decorator, python3-typing-extensions and python3-packaging (TVM's Python imports
# them). A from-scratch build compiles 232 files: about 15 CPU-minutes.
# Run it niced on a shared machine:  echo 19 > /proc/self/autogroup; nice -n 19 build_tvm.sh
# Afterwards (from the repository root):
#   PYTHONPATH=DEST/tvm/python TVM_LIBRARY_PATH=DEST/build \
#     /usr/bin/python3 tests/cli/tvm_reference/record_with_tvm.py <tessera-cli>
# The script is re-runnable: sources are extracted once, ninja rebuilds only what changed.
set -euo pipefail

DEST=${1:-/work/tvm-0.19}
TVM_MIRROR=${TVM_MIRROR:-/work/.mirror/apache+tvm/repo}
DLPACK_MIRROR=${DLPACK_MIRROR:-/work/.mirror/dmlc+dlpack/repo}
DMLC_MIRROR=${DMLC_MIRROR:-/work/.mirror/dmlc+dmlc-core/repo}
RANG_MIRROR=${RANG_MIRROR:-/work/.mirror/agauniyal+rang/repo}
JOBS=${JOBS:-2}
CXX=${CXX:-clang++-14}
CC=${CC:-clang-14}

# The commits TVM v0.19.0 pins its submodules to (`git ls-tree v0.19.0 3rdparty/`).
TVM_TAG=refs/tags/v0.19.0
DLPACK_COMMIT=e2bdd3bee8cb6501558042633fa59144cc8b7f5f
DMLC_COMMIT=3031e4a61a98f49f07a42cfdec6242340fb2fd8c
RANG_COMMIT=cabe04d6d6b05356fa8f9741704924788f0dd762

SRC=$DEST/tvm
BUILD=$DEST/build
say() { printf 'build_tvm: %s\n' "$*" >&2; }

# --- 1. sources ---------------------------------------------------------------------------
if [[ ! -f $SRC/.extracted ]]; then
  for m in "$TVM_MIRROR" "$DLPACK_MIRROR" "$DMLC_MIRROR" "$RANG_MIRROR"; do
    git -C "$m" rev-parse --git-dir >/dev/null 2>&1 || { say "not a git mirror: $m"; exit 1; }
  done
  say "extracting TVM $TVM_TAG and its submodules into $SRC"
  rm -rf "$SRC" && mkdir -p "$SRC"
  git -C "$TVM_MIRROR" archive "$TVM_TAG" | tar -x -C "$SRC"
  # Check the pins against the tag's own gitlinks, so a wrong mirror cannot slip in.
  for pin in dlpack:$DLPACK_COMMIT dmlc-core:$DMLC_COMMIT rang:$RANG_COMMIT; do
    name=${pin%%:*} commit=${pin##*:}
    got=$(git -C "$TVM_MIRROR" ls-tree "$TVM_TAG" "3rdparty/$name" | awk '{print $3}')
    [[ $got == "$commit" ]] || { say "v0.19.0 pins 3rdparty/$name at $got, not $commit"; exit 1; }
  done
  git -C "$DLPACK_MIRROR" archive $DLPACK_COMMIT | tar -x -C "$SRC/3rdparty/dlpack"
  git -C "$DMLC_MIRROR" archive $DMLC_COMMIT | tar -x -C "$SRC/3rdparty/dmlc-core"
  git -C "$RANG_MIRROR" archive $RANG_COMMIT | tar -x -C "$SRC/3rdparty/rang"
  touch "$SRC/.extracted"
fi

# --- 2. Python: import what was built, nothing else -----------------------------------------
# The only Python changes: unknown object types (those of the parts not built) are skipped
# at registration, as TVM itself does for a runtime-only build, and `import tvm` does not
# import tvm.relay / tvm.relax (their import registers hundreds of ops that are not built).
/usr/bin/python3 - "$SRC/python/tvm" <<'PY'
import pathlib, sys
root = pathlib.Path(sys.argv[1])
def patch(rel, old, new):
    p = root / rel
    text = p.read_text()
    if new in text:
        return
    if old not in text:
        sys.exit(f"build_tvm: {rel}: expected text not found, TVM version changed?")
    p.write_text(text.replace(old, new, 1))
patch("_ffi/registry.py",
      "            if not _RUNTIME_ONLY:\n                check_call(",
      "            if False:  # trimmed build: skip types not built, as runtime-only does\n                check_call(")
patch("__init__.py",
      "    from . import relay\n    from . import relax\n",
      "    pass  # trimmed build: relay and relax are not built\n")
PY

# --- 3. compile -----------------------------------------------------------------------------
# What `tvm.lower` of a TE schedule reaches. Directories are taken whole except where noted.
cd "$SRC"
# TIR passes only `tvm.build` runs (driver_api.cc's MixedModulePassManager, host and device
# pass managers) or nothing in the lowering path runs; every pass `tvm.lower` runs
# (CreatePassList) is built, with the utilities they share.
BUILD_ONLY_PASSES='annotate_device_regions|bind_params|combine_context_call|convert_for_loops_serial'
BUILD_ONLY_PASSES+='|coproc_sync|decorate_device_scope|default_gpu_schedule|extract_constants'
BUILD_ONLY_PASSES+='|force_narrow_index_to_i32|inject_copy_intrin|inject_ptx_async_copy'
BUILD_ONLY_PASSES+='|inline_private_functions|install_debug_spans|legalize_packed_calls|lift_attr_scope'
BUILD_ONLY_PASSES+='|lower_custom_datatypes|lower_device_kernel_launch|lower_device_storage_access_info'
BUILD_ONLY_PASSES+='|lower_intrin|lower_thread_allreduce|lower_tvm_builtin|lower_vtcm_alloc'
BUILD_ONLY_PASSES+='|lower_warp_memory|make_packed_api|make_unpacked_api|merge_shared_memory_allocations'
BUILD_ONLY_PASSES+='|reduce_branching_through_overcompute|remap_thread_axis|remove_assume'
BUILD_ONLY_PASSES+='|remove_store_undef|remove_weight_layout_rewrite_block|skip_assert|split_host_device'
BUILD_ONLY_PASSES+='|thread_storage_sync|using_assume_to_reduce_branches'
# Code generation and module packaging (nothing is compiled to machine code).
CODEGEN='codegen|compilation_config|func_registry_generator|metadata|metadata_module|metadata_utils'
{
  find src/node src/ir src/arith src/driver -name '*.cc'
  find src/te -name '*.cc' -not -path '*/autodiff/*'
  find src/support -maxdepth 1 -name '*.cc'
  find src/tir/ir src/tir/op src/tir/analysis -name '*.cc'
  find src/tir/transforms -name '*.cc' | grep -Ev "/($BUILD_ONLY_PASSES)\.cc$"
  find src/script/printer -name '*.cc' -not -path '*/relax/*'
  find src/target -maxdepth 1 -name '*.cc' | grep -Ev "/($CODEGEN)\.cc$"
  find src/target/parsers -name '*.cc'
  ls src/target/datatype/registry.cc  # not the myfloat/posit examples
  find src/runtime -maxdepth 1 -name '*.cc'
  # Every PrimFunc carries a Relax struct info; these define those types and nothing more.
  ls src/relax/ir/struct_info.cc src/relax/ir/struct_info_functor.cc src/relax/ir/type.cc \
    src/relax/ir/expr.cc
} | sort >"$DEST/sources.txt"
say "$(wc -l <"$DEST/sources.txt") C++ files"

mkdir -p "$BUILD"
FLAGS="-std=c++17 -O0 -g0 -fPIC -w -DNDEBUG -DTVM_INDEX_DEFAULT_I64=1 -DDMLC_USE_FOPEN64=0"
FLAGS+=" -DDMLC_USE_LOGGING_LIBRARY='<tvm/runtime/logging.h>' -DTVM_USE_LIBBACKTRACE=0"
FLAGS+=" -I$SRC/include -isystem $SRC/3rdparty/dlpack/include -isystem $SRC/3rdparty/dmlc-core/include"
FLAGS+=" -isystem $SRC/3rdparty/rang/include -isystem $SRC/3rdparty/compiler-rt -isystem $SRC/3rdparty/picojson"
# libinfo.cc reports the build options (tvm.support.libinfo()); CMake passes them as
# TVM_INFO_* macros. Say what this build is: options off, except those it has.
commit=$(git -C "$TVM_MIRROR" rev-parse "$TVM_TAG^{commit}")
grep -o 'TVM_INFO_[A-Z0-9_]*' "$SRC/src/support/libinfo.cc" | sort -u | while read -r m; do
  case $m in
    TVM_INFO_GIT_COMMIT_HASH) v=$commit ;;
    TVM_INFO_INDEX_DEFAULT_I64 | TVM_INFO_USE_RTTI) v=ON ;;
    TVM_INFO_*PATH | TVM_INFO_*VERSION) v=NOT-FOUND ;;
    *) v=OFF ;;
  esac
  printf '#define %s "%s"\n' "$m" "$v"
done >"$BUILD/libinfo_defs.h"
{
  for rule in cxx cxx_libinfo; do
    extra=; [[ $rule == cxx_libinfo ]] && extra=" -include $BUILD/libinfo_defs.h"
    echo "rule $rule"
    echo "  command = $CXX $FLAGS$extra -MD -MF \$out.d -c \$in -o \$out"
    echo "  depfile = \$out.d"
    echo "  description = CXX \$in"
  done
  while read -r f; do
    rule=cxx; [[ $f == src/support/libinfo.cc ]] && rule=cxx_libinfo
    echo "build obj/${f%.cc}.o: $rule $SRC/$f"
  done <"$DEST/sources.txt"
} >"$BUILD/build.ninja"
say "compiling with -j$JOBS (ninja in $BUILD)"
ninja -C "$BUILD" -j "$JOBS" -k 0

# --- 4. traps for what was left out, then link ------------------------------------------------
cd "$BUILD"
sed 's|^\(.*\)\.cc$|obj/\1.o|' "$DEST/sources.txt" >objects.txt
xargs nm -g --defined-only <objects.txt | awk 'NF==3{print $3}' | sort -u >defined.txt
xargs nm -u <objects.txt | awk '$1=="U"{print $2}' | sort -u >undefined.txt
# Symbols the C/C++ runtime provides are not missing.
for lib in libstdc++.so.6 libc.so.6 libm.so.6 libgcc_s.so.1 ld-linux-x86-64.so.2; do
  path=$($CXX -print-file-name=$lib)
  [[ -f $path ]] || path=$(/sbin/ldconfig -p | awk -v l=$lib '$1==l{print $NF; exit}')
  nm -D --defined-only "$path" | awk '{print $3}' | sed 's/@.*//'
done >system.txt
echo __dso_handle >>system.txt  # the linker's crtbeginS.o defines it
sort -u -o system.txt system.txt
comm -23 undefined.txt defined.txt | comm -23 - system.txt >missing.txt
say "$(wc -l <missing.txt) symbols of parts not built become traps (list: $BUILD/missing.txt)"
{
  echo '# Generated by build_tvm.sh: each symbol of a part of TVM that was not built.'
  echo '  .text'
  n=0
  while read -r sym; do
    echo "  .globl $sym"
    echo "  .type $sym,@function"
    echo "$sym:"
    echo "  leaq .Ltrap_name$n(%rip), %rdi"
    echo "  jmp tvm_trimmed_build_trap"
    n=$((n + 1))
  done <missing.txt
  echo '  .section .rodata.str1.1,"aMS",@progbits,1'
  n=0
  while read -r sym; do
    echo ".Ltrap_name$n: .asciz \"$sym\""
    n=$((n + 1))
  done <missing.txt
  echo '  .section .note.GNU-stack,"",@progbits'
} >traps.s
cat >trap.c <<'C'
#include <stdio.h>
#include <stdlib.h>
/* A call reached a part of TVM the trimmed build left out: stop loudly, never guess. */
__attribute__((visibility("hidden"), noreturn)) void tvm_trimmed_build_trap(const char* symbol) {
  fprintf(stderr, "trimmed TVM build: called %s, which is in a part not built\n", symbol);
  abort();
}
C
$CC -c -fPIC traps.s -o traps.o
$CC -c -fPIC -O1 trap.c -o trap.o
$CXX -shared -o libtvm.so.tmp @objects.txt traps.o trap.o -Wl,--no-undefined -ldl -lpthread
mv libtvm.so.tmp libtvm.so
# The Python package also looks for the runtime library; the one library holds both.
ln -sf libtvm.so libtvm_runtime.so
say "checking: import tvm"
PYTHONPATH=$SRC/python TVM_LIBRARY_PATH=$BUILD /usr/bin/python3 -c \
  'import tvm, tvm.te; print("TVM", tvm.__version__, "from", tvm._ffi.base._LIB._name)'
