#!/usr/bin/env python3
"""Records what a real TVM does with Tessera's TVM exports (the reference data that
check_against_tvm.py compares Tessera with; CI cannot build TVM).

For every shipped example (resources/examples/*.py) and every program of
tests/tvm_programs/*.py: `tessera-cli export FILE --format tvm`, then that program is run
by this Python (which must `import tvm`) in a child process, with `tvm.lower` wrapped so
that the module it returns is kept. Written to reference/ next to this file:
  <set>.<name>.json     {"status": "ok" | "error", "tvm": VERSION, "error": TEXT,
                         "functions": [loop nest of each tvm.lower call],
                         "source": the same (status, error, functions) for the
                                   program itself run under TVM}
                         (loop nest format: loopnest.py)
  <set>.<name>.tvm.txt  what the program printed under TVM (the TVMScript of
                        print(tvm.lower(...))), or the error TVM raised
  <set>.<name>.export.py  the export that was run

Usage: record_with_tvm.py TESSERA_CLI [FILE.py ...]   (default: every example and program)
       docs/tvm_reference.md says how the TVM used here was built.
"""
import contextlib
import io
import json
import os
import subprocess
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
REFERENCE = os.path.join(HERE, "reference")
SETS = {"examples": os.path.join(ROOT, "resources", "examples"),
        "tvm_programs": os.path.join(ROOT, "tests", "tvm_programs")}

sys.path.insert(0, HERE)
import loopnest  # noqa: E402


# ------------------------------------------------------------------ child: under TVM
def _value(expr):
    import tvm
    from tvm import tir
    if isinstance(expr, int):
        return expr
    expr = tvm.arith.Analyzer().simplify(expr)
    if isinstance(expr, tir.IntImm):
        return int(expr.value)
    free = {}

    def visit(node):
        if isinstance(node, tir.Var):
            free[node.name] = node
    tir.stmt_functor.post_order_visit(expr, visit)
    samples = []
    for s in range(loopnest.SAMPLES):
        vmap = {var: tir.IntImm(var.dtype, loopnest.sample_value(name, s))
                for name, var in free.items()}
        try:
            value = tvm.arith.Analyzer().simplify(tir.stmt_functor.substitute(expr, vmap))
            samples.append(int(value.value) if isinstance(value, tir.IntImm) else None)
        except Exception:  # noqa: BLE001  (division by zero in a sample)
            samples.append(None)
    return {"expr": str(expr), "samples": samples}


_KINDS = {0: "serial", 1: "parallel", 2: "vectorized", 3: "unrolled", 4: "thread"}


def _nest(stmt):
    """The loop nest (loopnest.py's format) of a TIR statement."""
    import tvm
    from tvm import tir
    if stmt is None:
        return []
    if isinstance(stmt, tir.SeqStmt):
        out = []
        for s in stmt.seq:
            out.extend(_nest(s))
        return out
    if isinstance(stmt, tir.For):
        kind = _KINDS[int(stmt.kind)]
        var = stmt.loop_var.name
        if kind == "thread" and stmt.thread_binding is not None:
            var = stmt.thread_binding.thread_tag
        return [{"loop": kind, "var": var, "min": _value(stmt.min),
                 "extent": _value(stmt.extent), "body": _nest(stmt.body)}]
    if isinstance(stmt, tir.AttrStmt) and stmt.attr_key in ("thread_extent", "virtual_thread"):
        tag = stmt.node.thread_tag if hasattr(stmt.node, "thread_tag") else str(stmt.node)
        return [{"loop": "thread", "var": tag, "min": 0, "extent": _value(stmt.value),
                 "body": _nest(stmt.body)}]
    if isinstance(stmt, tir.Allocate):
        # In scalar elements: StorageRewrite may give the allocation a vector type
        # (float32x16), Tessera's allocations are scalar.
        elements = int(tvm.DataType(str(stmt.dtype)).lanes)
        for e in stmt.extents:
            elements = elements * e
        scope = stmt.buffer_var.type_annotation.storage_scope or "global"
        return [{"allocate": stmt.buffer_var.name, "scope": scope,
                 "elements": _value(elements)}] + _nest(stmt.body)
    if isinstance(stmt, tir.IfThenElse):
        return _nest(stmt.then_case) + _nest(stmt.else_case)
    if hasattr(stmt, "body") and isinstance(stmt.body, tir.Stmt):
        return _nest(stmt.body)  # LetStmt, AttrStmt, AssertStmt, DeclBuffer, ...
    return []


def child(export_path, out_path):
    import tvm
    kept = []
    real_lower = tvm.lower

    def lower(*args, **kwargs):
        mod = real_lower(*args, **kwargs)
        kept.append(mod)
        return mod
    tvm.lower = lower
    printed = io.StringIO()
    result = {"tvm": tvm.__version__}
    with open(export_path) as f:
        source = f.read()
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(source, os.path.basename(export_path), "exec"),
                 {"__name__": "__main__"})
        result["status"] = "ok"
        functions = []
        for mod in kept:
            for gv, func in mod.functions.items():
                functions.append({"name": gv.name_hint, "nest": _nest(func.body)})
        result["functions"] = functions
        result["printed"] = printed.getvalue()
    except BaseException:  # noqa: BLE001  (whatever TVM raises is the record)
        result["status"] = "error"
        lines = traceback.format_exc().strip().splitlines()
        result["error"] = "\n".join(lines[-25:])
        result["printed"] = printed.getvalue()
    with open(out_path, "w") as f:
        json.dump(result, f)


# ------------------------------------------------------------------ parent
def programs(args):
    if args:
        out = []
        for path in args:
            set_name = next((k for k, d in SETS.items()
                             if os.path.samefile(os.path.dirname(os.path.abspath(path)), d)),
                            "other")
            out.append((set_name, os.path.abspath(path)))
        return out
    out = []
    for set_name, d in SETS.items():
        out += [(set_name, os.path.join(d, f)) for f in sorted(os.listdir(d)) if f.endswith(".py")]
    return out


def run_under_tvm(program_path, key):
    out_path = os.path.join(REFERENCE, key + ".json.tmp")
    run = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", program_path,
                          out_path], capture_output=True, text=True, check=False)
    if run.returncode != 0 or not os.path.exists(out_path):
        return {"status": "error", "error": "the TVM process died (exit %d):\n%s"
                % (run.returncode, run.stderr[-3000:]), "printed": ""}
    with open(out_path) as f:
        result = json.load(f)
    os.remove(out_path)
    return result


def record(cli, set_name, path):
    name = os.path.splitext(os.path.basename(path))[0]
    key = "%s.%s" % (set_name, name)
    export = subprocess.run([cli, "export", path, "--format", "tvm"], capture_output=True,
                            text=True, check=False)
    if export.returncode != 0:
        print("SKIP %s: tessera-cli export failed: %s" % (key, export.stderr.strip()))
        return None
    export_path = os.path.join(REFERENCE, key + ".export.py")
    with open(export_path, "w") as f:
        f.write(export.stdout)
    result = run_under_tvm(export_path, key)
    # The program itself, as its author wrote it, is a TE program too: what TVM makes of
    # it must be what TVM makes of the export.
    source = run_under_tvm(path, key + ".source")
    result["source"] = {k: source[k] for k in ("status", "error", "functions") if k in source}
    with open(os.path.join(REFERENCE, key + ".tvm.txt"), "w") as f:
        f.write(result["printed"] if result["status"] == "ok" else
                result["printed"] + result["error"] + "\n")
    result.pop("printed")
    with open(os.path.join(REFERENCE, key + ".json"), "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    status = "ok  " if result["status"] == "ok" else "REFUSED"
    src = result["source"]
    if src["status"] != "ok":
        source_note = "; the program itself fails under TVM: " + src["error"].splitlines()[-1]
    elif not src["functions"]:
        source_note = "; the program itself runs under TVM (it does not lower)"
    elif src["functions"] == result.get("functions"):
        source_note = "; the program itself lowers to the same nest"
    else:
        source_note = "; the program itself lowers to a DIFFERENT nest"
    print("%s %s%s%s" % (status, key, "" if result["status"] == "ok"
                         else ": " + result["error"].splitlines()[-1], source_note))
    return result["status"] == "ok"


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
        return 0
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    os.makedirs(REFERENCE, exist_ok=True)
    results = [record(sys.argv[1], s, p) for s, p in programs(sys.argv[2:])]
    print("%d exports run under TVM, %d refused, %d not exported"
          % (results.count(True), results.count(False), results.count(None)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
