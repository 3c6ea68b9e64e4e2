#!/usr/bin/env python3
"""Runs the stand-in's own behaviour checks (run_exports.py's MUST_PASS, MUST_FAIL and
MUST_FAIL_PROGRAMS) under a REAL TVM, so that the stand-in's idea of what TVM accepts is
itself checked against TVM (issue #18). Run with a Python that can `import tvm` (the
trimmed TVM 0.19 of tests/cli/tvm_reference/build_tvm.sh):

    PYTHONPATH=<tvm>/python TVM_LIBRARY_PATH=<tvm build> /usr/bin/python3 \
        tests/cli/tvm_stub/check_stub_against_tvm.py

Each snippet runs in its own process (TVM's object registry cannot be imported twice in
one). A MUST_PASS snippet must run; a MUST_FAIL one must raise (TVM raises its own
TVMError where the stand-in raises TypeError/ValueError/...; any exception counts).
Exit 0 when TVM agrees with every table entry. Not a CTest test: CI has no TVM.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def tables():
    """run_exports.py's tables, without letting it put the stand-in on sys.path."""
    saved = list(sys.path)
    sys.path.insert(0, HERE)
    try:
        import run_exports  # noqa: PLC0415
    finally:
        sys.path[:] = saved
    return run_exports


def run_under_tvm(code):
    env = dict(os.environ)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=False)
    last = (run.stderr.strip().splitlines() or [""])[-1]
    return run.returncode == 0, last


def main():
    probe = subprocess.run([sys.executable, "-c", "import tvm, os; print(tvm.__file__)"],
                           capture_output=True, text=True, check=False)
    if probe.returncode != 0 or os.path.dirname(os.path.dirname(probe.stdout.strip())) == HERE:
        print("this needs a Python that imports a real TVM (not the stand-in):\n" + probe.stderr)
        return 2
    t = tables()
    disagree = 0
    cases = [("must pass", n, t.HEADER + b, True) for n, b in t.MUST_PASS.items()]
    cases += [("must fail", n, t.HEADER + b, False) for n, b in t.MUST_FAIL.items()]
    cases += [("must fail", n, p, False) for n, p in t.MUST_FAIL_PROGRAMS.items()]
    for kind, name, code, should_run in cases:
        ran, last = run_under_tvm(code)
        if ran == should_run:
            print("agree     %s: %s%s" % (kind, name, "" if ran else " (TVM: %s)" % last[:160]))
        else:
            disagree += 1
            print("DISAGREE  %s: %s: TVM %s" % (kind, name, "runs it" if ran else "refuses: " + last))
    print("%d of %d stand-in checks agree with TVM %s" % (len(cases) - disagree, len(cases),
                                                         probe.stdout.strip()))
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
