#!/usr/bin/env bash
# Checks that every core file compiles on its own: each core .cpp, and each core header
# included alone, parsed with the core's own flags (-fsyntax-only). The test build
# compiles the core in unity batches (core/CMakeLists.txt), where a file that misses an
# include still compiles when an earlier file of its batch has it; a build by hand
# (README, "Building by hand") compiles the core file by file and fails on it.
#   scripts/include-check.sh [BUILD_DIR] [FILE...]
# BUILD_DIR (default build) is any configured build: its compile_commands.json gives the
# core's flags. FILEs limit the check to those (paths from the source root), e.g.
# $(git diff --name-only main -- core). Prints the files that fail with their first
# error; exits 1.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD="${1:-build}"
[ $# -gt 0 ] && shift
DB="$BUILD/compile_commands.json"
if [ ! -f "$DB" ]; then
  echo "include check: $DB not found (configure with cmake -S . -B $BUILD first)" >&2
  exit 1
fi
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files -- 'core/*.cpp' 'core/*.h')
fi

# The flags the core is compiled with (any of its files), without output and input.
flags=$(python3 - "$DB" <<'EOF'
import json, shlex, sys
for entry in json.load(open(sys.argv[1])):
    if "/core/" in entry["file"] and "tessera_core.dir" in entry["command"]:
        args = shlex.split(entry["command"])
        out = []
        skip = False
        for a in args[1:]:
            if skip:
                skip = False
                continue
            if a in ("-o", "-c", "-MF", "-MT"):
                skip = True
                continue
            if a in ("-MD",) or a == entry["file"]:
                continue
            out.append(a)
        print(shlex.join([args[0]] + out))
        break
EOF
)
if [ -z "$flags" ]; then
  echo "include check: $DB compiles no file of the core" >&2
  exit 1
fi

check() {
  local file="$1" flags="$2" log status=0
  case "$file" in
    *.cpp) log=$(eval "$flags -fsyntax-only '$file'" 2>&1) || status=$? ;;
    *.h) log=$(echo "#include \"${file#core/}\"" | eval "$flags -fsyntax-only -x c++ -" 2>&1) ||
           status=$? ;;
    *) return 0 ;;
  esac
  if [ $status -ne 0 ]; then
    printf '%s: %s\n' "$file" "$(echo "$log" | grep -m1 'error:' || echo "$log" | head -1)"
  fi
}
export -f check
bad=$(printf '%s\0' "${files[@]}" |
      xargs -0 -P "$(nproc)" -I{} bash -c 'check "$1" "$2"' _ {} "$flags" || true)
if [ -n "$bad" ]; then
  echo "include check: these files do not compile on their own:" >&2
  echo "$bad" | sed 's/^/  /' >&2
  exit 1
fi
echo "include check: ${#files[@]} files compile on their own"
