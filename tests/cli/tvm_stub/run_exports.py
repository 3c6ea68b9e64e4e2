#!/usr/bin/env python3
"""Runs `tessera-cli export --format tvm` of every shipped example under the TVM
stand-in (tvm/ next to this file), after checking that the stand-in rejects the
mistakes it exists to catch. Exit 0 when every export runs, 1 otherwise.

Usage: run_exports.py TESSERA_CLI EXAMPLES_DIR   (tests/tvm_programs is exported too)
"""
import contextlib
import io
import os
import subprocess
import sys
import traceback

STUB_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, STUB_DIR)

HEADER = """import tvm
from tvm import te
A = te.placeholder((16, 16), name="A")
k = te.reduce_axis((0, 16), name="k")
B = te.compute((16,), lambda i: te.sum(A[i, k], axis=k), name="B")
C = te.compute((16, 16), lambda i, j: A[i, j] * 2.0, name="C")
s = te.create_schedule([B.op, C.op])
"""

# Programs TVM rejects; the stand-in must reject each of them too. Every entry of these
# tables is run under a real TVM v0.19 by check_stub_against_tvm.py (it agrees on all).
MUST_FAIL = {
    "misspelled keyword": "s[C].split(C.op.axis[0], factors=4)",
    "split with factor and nparts": "s[C].split(C.op.axis[0], factor=4, nparts=4)",
    "split with neither factor nor nparts": "s[C].split(C.op.axis[0])",
    "split of a loop already split": "s[C].split(C.op.axis[0], 4)\ns[C].split(C.op.axis[0], 2)",
    "loop of another stage": "s[C].vectorize(B.op.axis[0])",
    "compute_at a loop of another stage": "s[C].compute_at(s[B], C.op.axis[0])",
    "bind to a plain loop": "s[C].bind(C.op.axis[0], C.op.axis[1])",
    "bind with a misspelled thread_axis keyword": "s[C].bind(C.op.axis[0], te.thread_axis(tags='threadIdx.x'))",
    "tensor rank": "D = te.compute((4,), lambda i: A[i])",
    "more lambda parameters than dimensions": "D = te.compute((4,), lambda i, j: A[i, j])",
    "dtype TVM cannot parse": "tvm.tir.const(1, 'floaty')",
    "dtype with lanes of zero": "tvm.tir.const(1, 'int32x')",
    "python and on expressions": "D = te.compute((4,), lambda i: A[i, i] if i < 2 else 0.0)",
    "tile with too few arguments": "s[C].tile(C.op.axis[0], C.op.axis[1], 4)",
    "rfactor of a data-parallel axis": "s.rfactor(B, B.op.axis[0])",
    "rfactor stage has one reduce axis left": "ko, ki = s[B].split(k, 4)\nBF = s.rfactor(B, ki)\nBF.op.reduce_axis[1]",
    "reduce over a data-parallel axis": "D = te.compute((4,), lambda i: te.sum(A[i, i], axis=C.op.axis[0]))",
    "cache_read without readers": "s.cache_read(A, 'shared')",
    "create_schedule of a tensor": "te.create_schedule(B)",
    "unknown te function": "te.not_a_function(1)",
    "lower with a schedule missing": "tvm.lower([A, B])",
    "lower keyword": "tvm.lower(s, [A, B], simple=True)",
    "an axis of the op rfactor replaced":
        "ko, ki = s[B].split(k, 4)\nBF = s.rfactor(B, ki)\ns[BF].compute_at(s[B], B.op.axis[0])",
    "set_axis_separators (not a method of TVM 0.19's te.Stage)": "s[C].set_axis_separators([1])",
    "extern with an input that is no tensor":
        "D = te.extern((4,), [A, 3], lambda ins, outs: tvm.tir.call_packed('f'))",
    "extern whose fcompute returns a string": "D = te.extern((4,), [A], lambda ins, outs: 'nothing')",
    "extern whose dtype cannot be inferred":
        "I = te.placeholder((4,), name='I', dtype='int32')\n"
        "D = te.extern((4,), [A, I], lambda ins, outs: tvm.tir.call_packed('f'))",
    "transform_layout that pads": "D = te.compute((14,), lambda i: A[i, 0], name='D')\n"
                                  "s2 = te.create_schedule(D.op)\n"
                                  "s2[D].transform_layout(lambda i: [i // 4, i % 4])",
}

# Whole programs TVM rejects (run without HEADER).
MUST_FAIL_PROGRAMS = {
    "tvm.lower without import tvm": "from tvm import te\n"
                                    "A = te.placeholder((4,), name='A')\n"
                                    "s = te.create_schedule(A.op)\n"
                                    "print(tvm.lower(s, [A], simple_mode=True))\n",
}

MUST_PASS = {
    "every primitive": """xo, xi = s[C].split(C.op.axis[0], factor=4)
yo, yi = s[C].split(C.op.axis[1], nparts=2)
s[C].reorder(xo, yo, xi, yi)
f = s[C].fuse(xi, yi)
s[C].vectorize(f)
s[C].pragma(xo, "auto_unroll_max_step", 16)
ko, ki = s[B].split(k, factor=4)
BF = s.rfactor(B, ki, factor_axis=0)
s[BF].compute_at(s[B], s[B].op.axis[0])
s[BF].reorder(BF.op.axis[1], BF.op.reduce_axis[0], BF.op.axis[0])
s[B].bind(s[B].op.axis[0], te.thread_axis("blockIdx.x"))
AA = s.cache_read(A, "shared", [C])
s[AA].storage_align(AA.op.axis[0], 16, 1)
print(tvm.lower(s, [A, B, C], simple_mode=True))
""",
    "elementwise max and min": "D = te.compute((4,), lambda i: te.max(A[i, i], te.min(A[i, 0], 1.0)))",
    # TVM: fewer lambda parameters than dimensions give a tensor of that many dimensions.
    "compute with fewer parameters than dimensions":
        "D = te.compute((4, 4), lambda i: A[i, i], name='D')\n"
        "assert len(D.shape) == 1\n"
        "print(tvm.lower(te.create_schedule(D.op), [A, D], simple_mode=True))",
    "compute with *args": "D = te.compute((4, 4), lambda i, *rest: A[i, rest[0]], name='D')\n"
                          "assert len(D.shape) == 2",
    # Where TVM 0.19 has TOPI's x86 vector-width helper (not tvm.topi.x86.utils).
    "import get_simd_32bit_lanes": "from tvm.target.x86 import get_simd_32bit_lanes",
    "extern with an ir_builder body": "def body(ins, outs):\n"
                                      "    ib = tvm.tir.ir_builder.create()\n"
                                      "    a, c = ib.buffer_ptr(ins[0]), ib.buffer_ptr(outs[0])\n"
                                      "    with ib.for_range(0, 16, name='i') as i:\n"
                                      "        c[i] = a[i, 0] + ins[0][i, 1]\n"
                                      "    return ib.get()\n"
                                      "D = te.extern((16,), [A], body, name='D')\n"
                                      "print(tvm.lower(te.create_schedule(D.op), [A, D], simple_mode=True))",
    # TVM parses dtypes: any bit width, lanes, default widths.
    "dtypes TVM parses": "for d in ['float31', 'int7', 'uint1x8', 'float32x4', 'int', 'bfloat']:\n"
                         "    tvm.tir.const(1, d)",
}


def run_snippet(body, header=HEADER):
    code = header + body + "\n"
    namespace = {"__name__": "__main__"}
    for name in [m for m in sys.modules if m == "tvm" or m.startswith("tvm.")]:
        del sys.modules[name]
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "<snippet>", "exec"), namespace)


def self_test():
    ok = True
    for name, body in MUST_PASS.items():
        try:
            run_snippet(body)
        except Exception:  # noqa: BLE001  (any failure is the stand-in's bug)
            print("FAIL stand-in rejects a valid program (%s):" % name)
            traceback.print_exc()
            ok = False
    for name, body in MUST_FAIL.items():
        try:
            run_snippet(body)
        except (TypeError, ValueError, AttributeError, IndexError, NotImplementedError):
            continue
        print("FAIL stand-in accepts a program TVM rejects (%s):\n%s" % (name, body))
        ok = False
    for name, program in MUST_FAIL_PROGRAMS.items():
        try:
            run_snippet(program, header="")
        except NameError:
            continue
        print("FAIL stand-in accepts a program TVM rejects (%s):\n%s" % (name, program))
        ok = False
    print("stand-in self-test: %d valid and %d invalid programs %s"
          % (len(MUST_PASS), len(MUST_FAIL) + len(MUST_FAIL_PROGRAMS),
             "behave" if ok else "MISBEHAVE"))
    return ok


# The tests/tvm_programs corpus is exported too (TE programs in TVM's tutorial idioms).
CORPUS_DIR = os.path.join(STUB_DIR, "..", "..", "tvm_programs")


def run_exports(cli, examples_dir):
    examples = sorted(os.path.join(examples_dir, f) for f in os.listdir(examples_dir)
                      if f.endswith(".py"))
    if not examples:
        print("FAIL no examples in %s" % examples_dir)
        return False
    if os.path.isdir(CORPUS_DIR):
        examples += sorted(os.path.join(CORPUS_DIR, f) for f in os.listdir(CORPUS_DIR)
                           if f.endswith(".py"))
    ok = True
    for path in examples:
        example = os.path.basename(path)
        # A topi program's export calls TVM's operator inventory, which the stand-in does
        # not have; the real TVM runs it (tests/cli/tvm_reference).
        with open(path, encoding="utf-8") as source:
            text = source.read()
        if "from tvm import topi" in text or "import tvm.topi" in text:
            print("skip %s (uses tvm.topi, not in the stand-in)" % example)
            continue
        export = subprocess.run([cli, "export", path, "--format", "tvm"], capture_output=True,
                                text=True, check=False)
        if export.returncode != 0:
            print("FAIL %s: tessera-cli export exited %d:\n%s" % (example, export.returncode,
                                                                 export.stderr))
            ok = False
            continue
        env = dict(os.environ, PYTHONPATH=STUB_DIR)
        run = subprocess.run([sys.executable, "-"], input=export.stdout, capture_output=True,
                             text=True, env=env, check=False)
        if run.returncode != 0:
            print("FAIL %s: its TVM export does not run under the te stand-in:\n%s\n--- export:\n%s"
                  % (example, run.stderr, export.stdout))
            ok = False
            continue
        if "@T.prim_func" not in run.stdout:
            print("FAIL %s: the TVM export does not print tvm.lower(...)" % example)
            ok = False
            continue
        print("ok   %s" % example)
    return ok


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    passed = self_test()
    passed = run_exports(sys.argv[1], sys.argv[2]) and passed
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
