// reorder_block_iter_var and unsafe_set_dtype as TVM's own tests call them
// (test_tir_schedule_reorder_block_iter_var.py, test_tir_schedule_set_dtype.py): the
// scheduled functions structurally equal to the ones those tests expect, the traces
// round-tripped, the refusals raised as tvm.tir.ScheduleError; a block named or passed as
// a BlockRV.
#include <QtTest>

#include "script/Evaluator.h"

namespace tst_tir_block_iters_dtype_script {

class TestTirBlockItersDTypeScript : public QObject {
  Q_OBJECT

  static void Passes(const char* source) {
    auto r = tessera::script::EvaluateScript(source, "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

 private slots:
  void reorderBlockIterVar() {
    Passes(R"py(import pytest
import tvm
from tvm import tir
from tvm.script import tir as T
from tvm.tir.schedule.testing import verify_trace_roundtrip

@T.prim_func
def matmul(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"),
           C: T.Buffer((128, 128), "float32")) -> None:
    for i, j, k in T.grid(128, 128, 128):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = 0.0
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]

@T.prim_func
def reordered(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"),
              C: T.Buffer((128, 128), "float32")):
    for i, j, k in T.grid(128, 128, 128):
        with T.block("C"):
            vk, vj, vi = T.axis.remap("RSS", [k, j, i])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]

sch = tir.Schedule(matmul, debug_mask="all")
c = sch.get_block("C")
for order in [[2, 1], [-1, 3, 2], [0, 0, 2]]:
    with pytest.raises(tvm.tir.ScheduleError):
        sch.reorder_block_iter_var(c, order)
sch.reorder_block_iter_var(c, [2, 1, 0])
tvm.ir.assert_structural_equal(reordered.with_attr("global_symbol", "matmul"), sch.mod["main"])
verify_trace_roundtrip(sch=sch, mod=matmul)
assert "sch.reorder_block_iter_var(block=b0, new_order=[2, 1, 0])" in str(sch.trace)
)py");
  }

  void unsafeSetDType() {
    Passes(R"py(import pytest
import tvm
from tvm import tir
from tvm.script import tir as T
from tvm.tir.schedule.testing import (
    assert_structural_equal_ignore_global_symbol,
    verify_trace_roundtrip,
)

@T.prim_func
def element_wise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")) -> None:
    B = T.alloc_buffer((128, 128), dtype="float32")
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * 2.0
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + 1.0

@T.prim_func
def half(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.alloc_buffer((128, 128), "float16")
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = T.cast(A[vi, vj] * 2.0, "float16")
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = T.cast(B[vi, vj], "float32") + 1.0

@T.prim_func
def views(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")) -> None:
    B = T.alloc_buffer((128, 128), dtype="float32")
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B0 = T.match_buffer(B[vi, vj], [], offset_factor=1)
            B0[()] = A[vi, vj] * 2.0
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            B1 = T.match_buffer(B[vi, vj], [], offset_factor=1)
            C[vi, vj] = B1[()] + 1.0

@T.prim_func
def views_half(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")) -> None:
    B = T.alloc_buffer((128, 128), "float16")
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B0 = T.match_buffer(B[vi, vj], (), "float16", offset_factor=1)
            B0[()] = T.cast(A[vi, vj] * 2.0, "float16")
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            B1 = T.match_buffer(B[vi, vj], (), "float16", offset_factor=1)
            C[vi, vj] = T.cast(B1[()], "float32") + 1.0

for by_name in [False, True]:
    sch = tir.Schedule(element_wise, debug_mask="all")
    sch.unsafe_set_dtype("B" if by_name else sch.get_block("B"), 0, "float16")
    assert_structural_equal_ignore_global_symbol(half, sch.mod["main"])
    verify_trace_roundtrip(sch=sch, mod=element_wise)
    sch = tir.Schedule(element_wise, debug_mask="all")
    with pytest.raises(tvm.tir.ScheduleError):
        sch.unsafe_set_dtype("C" if by_name else sch.get_block("C"), 0, "float16")

sch = tir.Schedule(element_wise, debug_mask="all")
with pytest.raises(tvm.tir.ScheduleError):
    sch.unsafe_set_dtype(sch.get_block("B"), 1, "float64")
with pytest.raises(tvm.tir.ScheduleError):
    sch.unsafe_set_dtype(sch.get_block("B"), -1, "float64")

sch = tir.Schedule(views, debug_mask="all")
sch.unsafe_set_dtype(sch.get_block("B"), 0, "float16")
assert_structural_equal_ignore_global_symbol(views_half, sch.mod["main"])
verify_trace_roundtrip(sch=sch, mod=views)
assert 'sch.unsafe_set_dtype(block=b0, buffer_index=0, dtype="float16")' in str(sch.trace)
)py");
  }

  // A data type that is none: TVM's ValueError, located at the call.
  void aWrongDataTypeIsLocated() {
    auto r = tessera::script::EvaluateScript(R"py(import tvm
from tvm import te, tir
A = te.placeholder((8,), "float32", name="A")
B = te.compute((8,), lambda i: A[i] * 2.0, name="B")
C = te.compute((8,), lambda i: B[i] + 1.0, name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
sch.unsafe_set_dtype("B", 0, "float17")
)py",
                                             "t.py");
    QVERIFY(!r.ok());
    const std::string message = r.error().format();
    QVERIFY2(message.find("t.py:7:") != std::string::npos, message.c_str());
    QVERIFY2(message.find("'float17' is not a scalar data type") != std::string::npos,
             message.c_str());
  }
};

}  // namespace tst_tir_block_iters_dtype_script

QTEST_APPLESS_MAIN(tst_tir_block_iters_dtype_script::TestTirBlockItersDTypeScript)
#include "tst_tir_block_iters_dtype_script.moc"
