#!/usr/bin/env bash
# Checks that every C++ file of the tree is formatted as .clang-format says (clang-format
# 14, Debian's). `--fix` formats them instead. Prints the files that differ and exits 1.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
FORMAT="${CLANG_FORMAT:-clang-format-14}"
if ! command -v "$FORMAT" >/dev/null; then
  echo "format check: $FORMAT not found (apt-get install clang-format-14)" >&2
  exit 1
fi
mapfile -t files < <(git ls-files -- '*.h' '*.cpp' | grep -E '^(core|app|views|tests|tools|bench)/')
if [ "${1:-}" = "--fix" ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -P "$(nproc)" -n 50 "$FORMAT" -i
  exit 0
fi
bad=$(printf '%s\0' "${files[@]}" | xargs -0 -P "$(nproc)" -n 50 "$FORMAT" --dry-run 2>&1 |
      grep -oE '^[^:]+\.(h|cpp):[0-9]+' | cut -d: -f1 | sort -u || true)
if [ -n "$bad" ]; then
  echo "format check: these files differ from .clang-format (scripts/format-check.sh --fix):" >&2
  echo "$bad" | sed 's/^/  /' >&2
  exit 1
fi
echo "format check: ${#files[@]} files formatted"
