// merge as TVM's own tests call it (test_tir_schedule_merge.py): the merged functions
// structurally equal to what TVM makes, the trace round-tripped, each refusal raised as
// tvm.tir.ScheduleError (TVM fails these checks with "ScheduleError: ..." messages), and
// the merged nest placed where the last given nest stood.
#include <QtTest>

#include "ScriptOutcome.h"

namespace tst_tir_merge_script {

namespace {

// Three nests over one intermediate: B (64x64), then C and D over B, C's and D's loops
// each split in two at equal outer extents.
const char* kPrelude = R"py(import pytest
import tvm
from tvm import tir
from tvm.script import tir as T
from tvm.tir.schedule.testing import (
    assert_structural_equal_ignore_global_symbol,
    verify_trace_roundtrip,
)

@T.prim_func
def three_nests(a: T.handle, c: T.handle, d: T.handle) -> None:
    A = T.match_buffer(a, (64, 64))
    C = T.match_buffer(c, (64, 64))
    D = T.match_buffer(d, (32, 32))
    B = T.alloc_buffer((64, 64))
    for i, j in T.grid(64, 64):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] + T.float32(3)
    for i_0, j_0, i_1, j_1 in T.grid(4, 4, 16, 16):
        with T.block("C"):
            vi = T.axis.spatial(64, i_0 * 16 + i_1)
            vj = T.axis.spatial(64, j_0 * 16 + j_1)
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi, vj] * T.float32(5)
    for i_0, j_0, i_1, j_1 in T.grid(4, 4, 8, 8):
        with T.block("D"):
            vi = T.axis.spatial(32, i_0 * 8 + i_1)
            vj = T.axis.spatial(32, j_0 * 8 + j_1)
            T.reads(B[vi, vj])
            T.writes(D[vi, vj])
            D[vi, vj] = B[vi, vj] - T.float32(1)
)py";

}  // namespace

class TestTirMergeScript : public QObject {
  Q_OBJECT

 private slots:
  void mergeOuterLoops() {
    QCOMPARE(ScriptOutcome(kPrelude + std::string(R"py(
@T.prim_func
def merged(a: T.handle, c: T.handle, d: T.handle) -> None:
    A = T.match_buffer(a, (64, 64))
    C = T.match_buffer(c, (64, 64))
    D = T.match_buffer(d, (32, 32))
    B = T.alloc_buffer((64, 64))
    for i, j in T.grid(64, 64):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] + T.float32(3)
    for i_0_m in range(4):
        for j_0, i_1, j_1 in T.grid(4, 16, 16):
            with T.block("C"):
                vi = T.axis.spatial(64, i_0_m * 16 + i_1)
                vj = T.axis.spatial(64, j_0 * 16 + j_1)
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] * T.float32(5)
        for j_0, i_1, j_1 in T.grid(4, 8, 8):
            with T.block("D"):
                vi = T.axis.spatial(32, i_0_m * 8 + i_1)
                vj = T.axis.spatial(32, j_0 * 8 + j_1)
                T.reads(B[vi, vj])
                T.writes(D[vi, vj])
                D[vi, vj] = B[vi, vj] - T.float32(1)

sch = tir.Schedule(three_nests, debug_mask="all")
m = sch.merge(sch.get_loops(sch.get_block("C"))[0], sch.get_loops(sch.get_block("D"))[0])
assert_structural_equal_ignore_global_symbol(merged, sch.mod["main"])
assert sch.get(m).extent == 4
verify_trace_roundtrip(sch=sch, mod=three_nests)
assert "l10 = sch.merge(l1, l6)" in str(sch.trace), str(sch.trace)
)py"),
                           "t.py"),
             std::string("ok"));
  }

  void mergeSecondLevel() {
    QCOMPARE(ScriptOutcome(kPrelude + std::string(R"py(
@T.prim_func
def merged(a: T.handle, c: T.handle, d: T.handle) -> None:
    A = T.match_buffer(a, (64, 64))
    C = T.match_buffer(c, (64, 64))
    D = T.match_buffer(d, (32, 32))
    B = T.alloc_buffer((64, 64))
    for i, j in T.grid(64, 64):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] + T.float32(3)
    for i_0_m, j_0_m in T.grid(4, 4):
        for i_1, j_1 in T.grid(16, 16):
            with T.block("C"):
                vi = T.axis.spatial(64, i_0_m * 16 + i_1)
                vj = T.axis.spatial(64, j_0_m * 16 + j_1)
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] * T.float32(5)
        for i_1, j_1 in T.grid(8, 8):
            with T.block("D"):
                vi = T.axis.spatial(32, i_0_m * 8 + i_1)
                vj = T.axis.spatial(32, j_0_m * 8 + j_1)
                T.reads(B[vi, vj])
                T.writes(D[vi, vj])
                D[vi, vj] = B[vi, vj] - T.float32(1)

sch = tir.Schedule(three_nests, debug_mask="all")
sch.merge(sch.get_loops(sch.get_block("C"))[1], sch.get_loops(sch.get_block("D"))[1])
assert_structural_equal_ignore_global_symbol(merged, sch.mod["main"])
verify_trace_roundtrip(sch=sch, mod=three_nests)
)py"),
                           "t.py"),
             std::string("ok"));
  }

  // B's nest and D's nest are not neighbours: the merged nest stands where D's stood,
  // after C's (TVM replaces the last nest and drops the others).
  void mergedNestStandsWhereTheLastStood() {
    QCOMPARE(ScriptOutcome(kPrelude + std::string(R"py(
@T.prim_func
def two_apart(a: T.handle, c: T.handle, d: T.handle) -> None:
    A = T.match_buffer(a, (16,))
    C = T.match_buffer(c, (16,))
    D = T.match_buffer(d, (16,))
    B = T.alloc_buffer((16,))
    for i in range(16):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            B[vi] = A[vi] * T.float32(2)
    for i in range(8):
        with T.block("C"):
            vi = T.axis.spatial(8, i)
            C[vi] = A[vi] + T.float32(1)
    for i in range(16):
        with T.block("D"):
            vi = T.axis.spatial(16, i)
            D[vi] = B[vi] + T.float32(1)

sch = tir.Schedule(two_apart)
sch.merge(sch.get_loops(sch.get_block("B"))[0], sch.get_loops(sch.get_block("D"))[0])
root = sch.get_block("root")
names = [sch.get(b).name_hint for b in sch.get_child_blocks(root)]
assert names == ["C", "B", "D"], names
loops = sch.get_loops(sch.get_block("D"))
assert len(loops) == 1 and sch.get(loops[0]).loop_var.name == "i_m"
)py"),
                           "t.py"),
             std::string("ok"));
  }

  void refusals() {
    QCOMPARE(ScriptOutcome(kPrelude + std::string(R"py(
@T.prim_func
def with_seq(a: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (16, 16, 16))
    C = T.match_buffer(c, (16, 16, 16))
    B = T.alloc_buffer((16, 16, 16))
    D = T.alloc_buffer((16, 16, 16))
    for i, j in T.grid(16, 16):
        for k in T.serial(0, 16):
            with T.block("D"):
                vi, vj, vk = T.axis.remap("SSS", [i, j, k])
                D[vi, vj, vk] = A[vi, vj, vk] * 2.0
        for k in T.serial(0, 16):
            with T.block("B"):
                vi, vj, vk = T.axis.remap("SSS", [i, j, k])
                B[vi, vj, vk] = A[vi, vj, vk] * 2.0
    for i, j in T.grid(16, 16):
        for k in T.serial(0, 16):
            with T.block("C"):
                vi, vj, vk = T.axis.remap("SSS", [i, j, k])
                C[vi, vj, vk] = B[vi, vj, vk] * 2.0

@T.prim_func
def offset_start(a: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (16, 16))
    C = T.match_buffer(c, (16, 16))
    B = T.alloc_buffer((16, 16))
    for i in range(16):
        for j in T.serial(1, 16):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] * 2.0
    for i, j in T.grid(16, 16):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = A[vi, vj] * 2.0

@T.prim_func
def other_extent(a: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (16, 16))
    C = T.match_buffer(c, (16, 16))
    B = T.alloc_buffer((8, 16))
    for i, j in T.grid(8, 16):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * 2.0
    for i, j in T.grid(16, 16):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = A[vi, vj] * 2.0

@T.prim_func
def other_scope(a: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (16, 16))
    C = T.match_buffer(c, (16, 16))
    B = T.alloc_buffer((16, 16))
    with T.block("outer"):
        for i, j in T.grid(16, 16):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] * 2.0
    for i, j in T.grid(16, 16):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = A[vi, vj] * 2.0

def refused(func, producer, consumer, depth_p, depth_c):
    sch = tir.Schedule(func, debug_mask="all")
    p = sch.get_loops(sch.get_block(producer))[depth_p]
    c = sch.get_loops(sch.get_block(consumer))[depth_c]
    with pytest.raises(tvm.tir.ScheduleError):
        sch.merge(p, c)
    assert_structural_equal_ignore_global_symbol(func, sch.mod["main"])
    assert len(sch.trace.insts) == 4

refused(with_seq, "B", "C", 2, 2)      # B's j holds two loops
refused(offset_start, "B", "C", 1, 1)  # B's j starts at 1
refused(other_extent, "B", "C", 1, 1)  # 8 rows against 16
refused(other_extent, "B", "C", 0, 1)  # not at one depth
refused(other_scope, "B", "C", 1, 1)   # a block between B's loops and the root

sch = tir.Schedule(other_extent)
i = sch.get_loops(sch.get_block("B"))[0]
try:
    sch.merge(i)
    raise AssertionError("one loop must fail")
except ValueError as e:
    assert "at least 2" in str(e), str(e)
)py"),
                           "t.py"),
             std::string("ok"));
  }
};

}  // namespace tst_tir_merge_script

QTEST_APPLESS_MAIN(tst_tir_merge_script::TestTirMergeScript)
#include "tst_tir_merge_script.moc"
