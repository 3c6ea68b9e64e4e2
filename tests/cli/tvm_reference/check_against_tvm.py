#!/usr/bin/env python3
"""Compares Tessera's lowered loop nests with what a real TVM 0.19 made of Tessera's TVM
exports of the same programs (reference/, recorded by record_with_tvm.py; CI cannot
build TVM).

For every reference/<set>.<name>.json:
- TVM ran the export: `tessera-cli lower FILE` (with GPU threads: `--target cuda --after
  ThreadStorageScope`, the point where Tessera has given storage scopes as TVM's lower
  does and not yet lowered thread launches) must have the same loop nest as TVM's
  `tvm.lower` of the export: the same loops in the same order and nesting, each with the
  same kind (serial, parallel, vectorized, thread launch), loop variable and extent
  (symbolic extents compared by value at sample points: loopnest.py). Differences that
  are two ways of writing the same loops are normalised and printed as notes:
  * loops Tessera marks unrolled are expanded, as TVM's UnrollLoop does;
  * loops Tessera's LoopPartition split are merged back (TVM 0.19 does not partition);
  * Tessera lowers with `--keep-guards`: TVM 0.19 leaves an if_then_else guard (an
    inlined padding stage's border test) in its loops, Tessera by default cuts the loops
    where it is decided and tests row conditions once outside (noted where that differs);
  * serial `v.s` loops of TVM's VectorizeLoop giving up are dropped (Tessera vectorizes);
  * loop minimums are not compared (TVM starts every loop at 0, see loopnest.py);
  * thread launches of extent 1 are dropped on both sides (TVM keeps them, Tessera not);
  * a launch nested in a launch of the same thread and extent is dropped on both sides
    (the same thread index; TVM writes it only when the stage binds another thread_axis
    object of that tag, Tessera always);
  * where TVM's TIR calls tensor-core builtins (tvm_mma_sync, ...), the loops Tessera's
    LowerWmmaBuiltins wrote for them (their CPU meaning) are dropped.
  Allocations: every TVM allocation has a Tessera one of the same storage scope and
  size (scalar elements), and every Tessera allocation fits in a TVM one of its scope
  (TVM's StorageRewrite lets allocations with disjoint lifetimes share memory).
- The program itself, where it lowers under TVM, lowers to the same nest as its export.
- A program whose schedule follows the machine (get_simd_32bit_lanes()) is compared
  through the recorded export TVM ran, whose values do not depend on this machine.
- TVM refused the export: the program must be listed in KNOWN_REFUSALS with the reason
  (so a new refusal fails, and so does a listed one that TVM now runs).
Programs without a reference are listed as not checked (they were added after the
reference data was recorded); a reference whose program is gone fails.

Usage: check_against_tvm.py TESSERA_CLI        exit 0 when everything matches
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
REFERENCE = os.path.join(HERE, "reference")
SETS = {"examples": os.path.join(ROOT, "resources", "examples"),
        "tvm_programs": os.path.join(ROOT, "tests", "tvm_programs")}

sys.path.insert(0, HERE)
import loopnest  # noqa: E402

# Exports TVM 0.19 refuses, with why (each must still be refused by the recorded TVM).
KNOWN_REFUSALS = {
}

# Programs whose TVM export is, by design, not the same loop nest (Tessera-only features
# exported as the closest program TVM can run), with why.
KNOWN_DEPARTURES = {
    "examples.layout_padding":
        "B's layout pads (transform_layout with pad_value); TVM's TE cannot pad, so the "
        "export keeps B's logical layout and splits its loop as the index map does",
    "tvm_programs.reduction_row_sum":
        "after s.rfactor(B, ...) TVM names the axes of B's new operation ax0, ax1, ... "
        "(its loop is ax0.outer); Tessera kept B's axis names (i.outer)",
    "tvm_programs.scan_multi_stage_cell":
        "a stage attached inside the scan's update at i.outer of a symbolic n: TVM "
        "realizes and loops over the whole split factor (32); Tessera's InferBound keeps "
        "the exact, tighter region max(min(n - i.outer*32, 32), 0) (issue #12: the tighter "
        "exact region where TVM over-computes)",
    "tvm_programs.bitwise_shift_index_compute_at":
        "C reads B[i >> 3] inside i.outer: Tessera's interval rule for a shift by a "
        "constant (floordiv by 2^c) proves ((i.outer*8 + 7) >> 3) - ((i.outer*8) >> 3) = 0 "
        "and realizes the one word each i.outer reads; TVM 0.19 cannot simplify that extent "
        "and realizes and computes all 16 words per iteration (the tighter exact region, as "
        "for scan_multi_stage_cell)",
}


def reference_keys():
    return sorted(f[:-len(".json")] for f in os.listdir(REFERENCE) if f.endswith(".json"))


def source_of(key):
    set_name, _, name = key.partition(".")
    return os.path.join(SETS.get(set_name, ""), name + ".py")


def allocation_summary(nest):
    return sorted((a["scope"], loopnest.show_value(a["elements"]))
                  for a in loopnest.allocations(nest))


def _fits(small, big):
    a, b = small["elements"], big["elements"]
    if isinstance(a, int) and isinstance(b, int):
        return a <= b
    return loopnest._same_value(a, b)


def same_allocations(ours, theirs):
    """Every TVM allocation has a Tessera allocation of the same scope and size, and
    every Tessera allocation fits in a TVM allocation of its scope."""
    a, b = loopnest.allocations(ours), loopnest.allocations(theirs)
    for y in b:
        if not any(x["scope"] == y["scope"] and loopnest._same_value(x["elements"], y["elements"])
                   for x in a):
            return False
    return all(any(x["scope"] == y["scope"] and _fits(x, y) for y in b) for x in a)


def uses_threads(nest):
    return any("loop" in n and (n["loop"] == "thread" or uses_threads(n["body"])) for n in nest)


def check(cli, key, notes):
    """A list of problems (empty when Tessera agrees with the reference); `notes` gets
    the normalisations that were applied."""
    with open(os.path.join(REFERENCE, key + ".json")) as f:
        ref = json.load(f)
    source = source_of(key)
    if not os.path.exists(source):
        return ["the reference has no program (%s is gone): re-record" % source]
    if ref["status"] != "ok":
        if key in KNOWN_REFUSALS:
            return []
        return ["TVM %s refused the export and KNOWN_REFUSALS does not say why:\n%s"
                % (ref.get("tvm", "?"), ref["error"])]
    if key in KNOWN_REFUSALS:
        return ["KNOWN_REFUSALS lists it, but TVM ran the export: remove it from the list"]
    own = ref.get("source", {})
    if own.get("status") == "ok" and own.get("functions") and own["functions"] != ref["functions"]:
        return ["under TVM the program itself and its export lower to different loop nests"]
    theirs = [n for fn in ref["functions"] for n in fn["nest"]]
    # A program whose schedule follows the machine (tile sizes from
    # get_simd_32bit_lanes(), as the *_fast.py examples do) exports different concrete
    # values on an AVX2 and on an AVX-512 machine: compare Tessera's lowering of the very
    # export TVM ran (recorded next to the reference), not of the source on this machine.
    with open(source) as f:
        machine_dependent = "get_simd_32bit_lanes(" in f.read()
    program = source
    recorded_export = os.path.join(REFERENCE, key + ".export.py")
    if machine_dependent:
        if not os.path.exists(recorded_export):
            return ["its schedule follows the machine and %s is missing: re-record" % recorded_export]
        program = recorded_export
        notes.append("the schedule follows the machine's vector width: compared through the "
                     "export TVM ran")
    command = [cli, "lower", program]
    if uses_threads(theirs):
        command += ["--target", "cuda", "--after", "ThreadStorageScope"]
    lower = subprocess.run(command + ["--keep-guards"], capture_output=True, text=True, check=False)
    if lower.returncode != 0:
        return ["%s exited %d: %s" % (" ".join(command[:2] + command[3:]), lower.returncode,
                                      lower.stderr.strip())]
    cut = subprocess.run(command, capture_output=True, text=True, check=False)
    if cut.returncode != 0:
        return ["%s exited %d: %s" % (" ".join(command[:2] + command[3:]), cut.returncode,
                                      cut.stderr.strip())]
    if cut.stdout != lower.stdout:
        notes.append("Tessera's LoopPartition cuts loops at if_then_else guards (compared "
                     "with --keep-guards, as TVM 0.19 keeps them)")
    ours = loopnest.parse_tessera_lower(lower.stdout)
    ours = loopnest.merge_partitions(loopnest.expand_unrolled(ours), notes)
    theirs = loopnest.drop_scalarized(theirs, notes)
    ours = loopnest.drop_unit_threads(ours, notes, "Tessera")
    ours = loopnest.drop_relaunched_threads(ours, notes, "Tessera")
    theirs = loopnest.drop_unit_threads(theirs, notes, "TVM")
    theirs = loopnest.drop_relaunched_threads(theirs, notes, "TVM")
    with open(os.path.join(REFERENCE, key + ".tvm.txt")) as f:
        if any(b in f.read() for b in ("tvm_load_matrix_sync", "tvm_mma_sync", "tvm_fill_fragment",
                                       "tvm_store_matrix_sync")):
            ours = loopnest.drop_wmma_builtin_loops(ours, notes)
    problems = loopnest.compare_loops(loopnest.loops_only(ours), loopnest.loops_only(theirs))
    if not same_allocations(ours, theirs):
        problems.append("allocations (scope, elements): Tessera %s, TVM %s"
                        % (allocation_summary(ours), allocation_summary(theirs)))
    if key in KNOWN_DEPARTURES:
        if not problems:
            return ["KNOWN_DEPARTURES lists it, but the loop nests agree: remove it"]
        return []
    return problems


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    cli = sys.argv[1]
    keys = reference_keys()
    failed = 0
    for key in keys:
        notes = []
        problems = check(cli, key, notes)
        if problems:
            failed += 1
            print("FAIL %s:\n  %s" % (key, "\n  ".join(problems)))
        elif key in KNOWN_REFUSALS:
            print("ok   %s (TVM refuses the export, as known: %s)" % (key, KNOWN_REFUSALS[key]))
        elif key in KNOWN_DEPARTURES:
            print("ok   %s (departs from TVM, as known: %s)" % (key, KNOWN_DEPARTURES[key]))
        else:
            print("ok   %s" % key)
        for note in notes:
            print("       note: " + note)
    for set_name, d in SETS.items():
        for f in sorted(os.listdir(d)):
            if f.endswith(".py") and "%s.%s" % (set_name, f[:-3]) not in keys:
                print("not checked: %s/%s has no TVM reference (record_with_tvm.py)" % (set_name, f))
    print("%d of %d programs agree with TVM" % (len(keys) - failed, len(keys)))
    if not keys:
        print("FAIL no reference data in %s" % REFERENCE)
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
