"""The loop nest of a lowered program in a form that Tessera's `lower` and TVM's
`tvm.lower` can both be reduced to, and the comparison of two such nests.

A nest is a list of nodes; a node is a dict:
  {"loop": KIND, "var": NAME, "min": VALUE, "extent": VALUE, "body": [nodes]}
     KIND is serial, parallel, vectorized, unrolled or thread (a thread launch,
     TVM's `T.launch_thread` / Tessera's thread-bound loop; NAME is then the thread tag)
  {"allocate": NAME, "scope": SCOPE, "elements": VALUE}
Statements that are neither (stores, lets, conditions, attributes) are transparent:
their loops and allocations become children of the enclosing node, in order.

A VALUE is an int when constant, else {"expr": TEXT, "samples": [int or None, ...]}:
the expression evaluated with every free name bound to sample_value(name, s) for each
sample s. Two expressions compare equal when their samples are equal, so that TVM's
`T.floordiv(n + 7, 8)` and Tessera's `floordiv((n + 7), 8)` are the same extent while
their spelling differs. The text is kept for the reader only.

Only the Python standard library is used: the CTest test runs it without TVM.
"""
import ast

SAMPLES = 4


def sample_value(name, sample):
    """The value a free name takes in sample `sample` (deterministic, never 0)."""
    h = 0
    for c in name:
        h = (h * 31 + ord(c)) % 1009
    return 1 + (h + 37 * sample * (sample + 1)) % 97


# ------------------------------------------------------------ Tessera's expressions
def _trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _trunc_mod(a, b):
    return a - b * _trunc_div(a, b)


def _dotted(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else base + "." + node.attr
    return None


_CALLS = {
    "floordiv": lambda a, b: a // b,
    "floormod": lambda a, b: a % b,
    "truncdiv": _trunc_div,
    "truncmod": _trunc_mod,
    "min": min,
    "max": max,
    "int32": lambda a: a,
    "int64": lambda a: a,
    "select": lambda c, a, b: a if c else b,
}


def _eval(node, env):
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool) or not isinstance(node.value, int):
            raise ValueError("not an integer constant: %r" % (node.value,))
        return node.value
    name = _dotted(node)
    if name is not None:
        return env(name)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_eval(node.operand, env)
    if isinstance(node, ast.BinOp):
        a, b = _eval(node.left, env), _eval(node.right, env)
        ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
               ast.Div: lambda: _trunc_div(a, b),  # Tessera prints C division as /
               ast.Mod: lambda: _trunc_mod(a, b),
               ast.FloorDiv: lambda: a // b}
        if type(node.op) in ops:
            return ops[type(node.op)]()
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        a, b = _eval(node.left, env), _eval(node.comparators[0], env)
        cmp = {ast.Lt: a < b, ast.LtE: a <= b, ast.Gt: a > b, ast.GtE: a >= b,
               ast.Eq: a == b, ast.NotEq: a != b}
        if type(node.ops[0]) in cmp:
            return int(cmp[type(node.ops[0])])
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in _CALLS and not node.keywords:
        return _CALLS[node.func.id](*[_eval(a, env) for a in node.args])
    raise ValueError("cannot evaluate %s" % ast.dump(node))


def tessera_value(text):
    """A VALUE from an integer expression as Tessera's IR printer writes it."""
    text = text.strip()
    tree = ast.parse(text, mode="eval").body
    try:
        return int(_eval(tree, lambda name: (_ for _ in ()).throw(KeyError(name))))
    except KeyError:
        pass
    samples = []
    for s in range(SAMPLES):
        try:
            samples.append(int(_eval(tree, lambda name, s=s: sample_value(name, s))))
        except ZeroDivisionError:
            samples.append(None)
    return {"expr": text, "samples": samples}


# ------------------------------------------------- Tessera's lowered program (text)
_LOOP_WORDS = {"for": "serial", "parallel": "parallel", "vectorized": "vectorized",
               "unrolled": "unrolled"}


def _split_args(text):
    """'a, f(b, c), d' -> ['a', 'f(b, c)', 'd'] (commas at parenthesis depth 0)."""
    parts, depth, cur = [], 0, ""
    for c in text:
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
    parts.append(cur)
    return [p.strip() for p in parts]


def _loop_header(line):
    """(kind, var, min, extent) when `line` opens a loop, else None."""
    word, _, rest = line.partition(" (")
    if not rest.endswith(") {") or " " in word:
        return None
    args = _split_args(rest[:-3])
    if len(args) != 3:
        return None
    if word in _LOOP_WORDS:
        return _LOOP_WORDS[word], args[0], args[1], args[2]
    if word == args[0] and ("Idx." in word or word.startswith("vthread")):
        return "thread", word, args[1], args[2]
    return None


def _allocation(line):
    """(name, elements text, scope) of an `allocate` line, else None."""
    if not line.startswith("allocate "):
        return None
    head = line[len("allocate "):]
    name, _, rest = head.partition("[")
    inside, _, after = rest.partition("]")
    factors = inside.split(" * ")[1:]  # drop the dtype
    scope = "global"
    if "storage_scope = " in after:
        scope = after.split("storage_scope = ")[1].split()[0].rstrip(",")
    return name, " * ".join("(%s)" % f for f in factors) or "1", scope


def parse_tessera_lower(text):
    """The nest of `tessera-cli lower` output."""
    root = []
    stack = [(root, False)]  # (children list, is a loop) per open brace
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        loop = _loop_header(line)
        if loop:
            kind, var, lo, extent = loop
            node = {"loop": kind, "var": var, "min": tessera_value(lo),
                    "extent": tessera_value(extent), "body": []}
            stack[-1][0].append(node)
            stack.append((node["body"], True))
            continue
        alloc = _allocation(line)
        if alloc:
            name, elements, scope = alloc
            stack[-1][0].append({"allocate": name, "scope": scope,
                                 "elements": tessera_value(elements)})
            continue
        closes = line.startswith("}")
        opens = line.endswith("{")
        if closes:
            stack.pop()
        if opens:
            stack.append((stack[-1][0], False))  # a non-loop block is transparent
    return root


# ------------------------------------------------------------ normalisation, compare
def expand_unrolled(nest):
    """TVM's UnrollLoop (explicit_unroll, on by default in tvm.lower) replaces a loop
    marked unrolled with a constant extent by that many copies of its body. Tessera
    keeps the loop (LLVM unrolls it). This returns the nest as TVM would print it: each
    unrolled loop replaced by `extent` copies of its children (names bound by sample)."""
    out = []
    for node in nest:
        if "loop" in node and node["loop"] == "unrolled" and isinstance(node["extent"], int) \
                and isinstance(node["min"], int):
            body = expand_unrolled(node["body"])
            for _ in range(node["extent"]):
                out.extend(body)
        elif "loop" in node:
            copy = dict(node)
            copy["body"] = expand_unrolled(node["body"])
            out.append(copy)
        else:
            out.append(node)
    return out


def _add(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    sa = a["samples"] if isinstance(a, dict) else [a] * SAMPLES
    sb = b["samples"] if isinstance(b, dict) else [b] * SAMPLES
    return {"expr": "%s + %s" % (show_value(a), show_value(b)),
            "samples": [None if x is None or y is None else x + y for x, y in zip(sa, sb)]}


def merge_partitions(nest, notes):
    """Tessera's LoopPartition splits a loop whose body has a `likely` bound check into
    consecutive loops over adjacent ranges ([a, b) then [b, c)); TVM 0.19's tvm.lower
    does not (partition_const_loop is off and it kept the check on symbolic loops).
    This merges such consecutive siblings (same kind and variable, adjacent ranges) back
    into one loop over [a, c) whose body is the first part's, noting each merge. (The
    parts' bodies may differ: an inner loop vectorized in the first part stays a serial
    tail loop in the last.)"""
    out = []
    for node in nest:
        if "loop" in node:
            node = dict(node)
            node["body"] = merge_partitions(node["body"], notes)
            prev = out[-1] if out else None
            if prev is not None and "loop" in prev and prev["loop"] == node["loop"] \
                    and prev["var"] == node["var"] \
                    and _same_value(_add(prev["min"], prev["extent"]), node["min"]):
                merged = dict(prev)
                merged["extent"] = _add(prev["extent"], node["extent"])
                merged["body"] = prev["body"]  # (the partitions repeat its allocations)
                notes.append("Tessera partitioned loop %s (merged back for the comparison)"
                             % node["var"])
                out[-1] = merged
                continue
        out.append(node)
    return out


def drop_scalarized(nest, notes):
    """TVM's VectorizeLoop gives up on a loop it cannot vectorize (e.g. an update with
    if_then_else on a vector condition) and scalarizes it: a serial loop `v.s`. Tessera
    vectorizes such loops (masked loads). This removes those TVM loops, noting each."""
    out = []
    for node in nest:
        if "loop" in node and node["loop"] == "serial" and node["var"].endswith(".s"):
            notes.append("TVM 0.19 could not vectorize %s (scalarized it as %s); Tessera vectorizes it"
                         % (node["var"][:-2], node["var"]))
            out.extend(drop_scalarized(node["body"], notes))
        elif "loop" in node:
            copy = dict(node)
            copy["body"] = drop_scalarized(node["body"], notes)
            out.append(copy)
        else:
            out.append(node)
    return out


def drop_unit_threads(nest, notes, who):
    """A thread launch of extent 1 (TVM keeps `launch_thread("blockIdx.x", 1)` for an
    axis bound to a thread of one iteration; Tessera omits it): the launch dimension is 1
    either way. This removes such launches from `who`'s nest, noting each."""
    out = []
    for node in nest:
        if "loop" in node and node["loop"] == "thread" and node["extent"] == 1:
            notes.append("%s's launch of %s with extent 1 is not compared (a dimension of 1)"
                         % (who, node["var"]))
            out.extend(drop_unit_threads(node["body"], notes, who))
        elif "loop" in node:
            copy = dict(node)
            copy["body"] = drop_unit_threads(node["body"], notes, who)
            out.append(copy)
        else:
            out.append(node)
    return out


def drop_relaunched_threads(nest, notes, who, bound=None):
    """A launch of a thread nested in a launch of the same thread with the same extent (a
    stage attached inside the launch and bound to that thread) is the same hardware index.
    TVM writes the nested launch when the stage binds another te.thread_axis of that tag
    and not when it binds the same one; Tessera always writes it. This removes such nested
    launches from `who`'s nest, noting each."""
    bound = bound or {}
    out = []
    for node in nest:
        if ("loop" in node and node["loop"] == "thread" and node["var"] in bound
                and _same_value(bound[node["var"]], node["extent"])):
            note = "%s's nested launch of %s inside a launch of %s is not compared (the same " \
                   "thread index)" % (who, node["var"], node["var"])
            if note not in notes:
                notes.append(note)
            out.extend(drop_relaunched_threads(node["body"], notes, who, bound))
        elif "loop" in node:
            copy = dict(node)
            inner = dict(bound, **{node["var"]: node["extent"]}) if node["loop"] == "thread" else bound
            copy["body"] = drop_relaunched_threads(node["body"], notes, who, inner)
            out.append(copy)
        else:
            out.append(node)
    return out


# The loops Tessera's LowerWmmaBuiltins writes for a tensor-core builtin (its CPU meaning,
# core/codegen/WmmaBuiltins.cpp): tvm.lower keeps the builtin call (tvm_load_matrix_sync,
# tvm_mma_sync, ...) and lowers it only in code generation.
WMMA_BUILTIN_LOOPS = ("wmma_r", "wmma_c", "wmma_i", "wmma_j", "wmma_k")


def drop_wmma_builtin_loops(nest, notes):
    out = []
    for node in nest:
        if "loop" in node and node["var"] in WMMA_BUILTIN_LOOPS:
            note = "Tessera's loops of a wmma builtin (CPU meaning) are not compared: TVM keeps the call"
            if note not in notes:
                notes.append(note)
            out.extend(drop_wmma_builtin_loops(node["body"], notes))
        elif "loop" in node:
            copy = dict(node)
            copy["body"] = drop_wmma_builtin_loops(node["body"], notes)
            out.append(copy)
        else:
            out.append(node)
    return out


def _same_value(a, b):
    if isinstance(a, int) or isinstance(b, int):
        if isinstance(a, int) and isinstance(b, int):
            return a == b
        const, sym = (a, b) if isinstance(a, int) else (b, a)
        return all(v == const for v in sym["samples"])
    return a["samples"] == b["samples"]


def show_value(v):
    return str(v) if isinstance(v, int) else v["expr"]


def describe(node):
    if "loop" in node:
        return "%s %s in [%s, +%s)" % (node["loop"], node["var"], show_value(node["min"]),
                                       show_value(node["extent"]))
    return "allocate %s (%s, %s elements)" % (node["allocate"], node["scope"],
                                              show_value(node["elements"]))


def loops_only(nest):
    """The nest without allocations (their placement is compared separately)."""
    out = []
    for node in nest:
        if "loop" in node:
            copy = dict(node)
            copy["body"] = loops_only(node["body"])
            out.append(copy)
    return out


def allocations(nest):
    """Every allocation of the nest, in order, as (name, scope, elements)."""
    out = []
    for node in nest:
        if "loop" in node:
            out.extend(allocations(node["body"]))
        else:
            out.append(node)
    return out


def compare_loops(ours, theirs, path="", problems=None):
    """Differences between two loop nests (allocations ignored), as sentences."""
    problems = [] if problems is None else problems
    if len(ours) != len(theirs):
        problems.append("%s: Tessera has %d loop(s) [%s], TVM %d [%s]"
                        % (path or "top level", len(ours), "; ".join(describe(n) for n in ours),
                           len(theirs), "; ".join(describe(n) for n in theirs)))
        return problems
    for a, b in zip(ours, theirs):
        where = (path + " > " if path else "") + b["var"]
        # Loop minimums are not compared: TVM's ScheduleOps makes every loop start at 0
        # (it substitutes min + v for the loop variable); Tessera keeps the offset of an
        # attached stage's loop in its min ([m.outer*16, +16) where TVM has [0, +16)).
        if a["loop"] != b["loop"] or a["var"] != b["var"] \
                or not _same_value(a["extent"], b["extent"]):
            problems.append("%s: Tessera has %s, TVM %s" % (where, describe(a), describe(b)))
            continue
        compare_loops(a["body"], b["body"], where, problems)
    return problems
