// annotate_buffer_access as TVM's tests call it (test_tir_schedule_annotate_buffer_access.py):
// the region a block declares, replaced by gen_new_ranges' (begin, end) pairs and listed
// in its explicit_read_region / explicit_write_region annotation; compute_at then copies
// only the annotated window of a resize's input, where the inferred region is all of it;
// the trace round-trips; TVM's wrapper errors for a wrong buf_type or range count.
#include <QtTest>

#include "ScriptOutcome.h"

namespace tst_tir_annotate_buffer_access_script {

namespace {

const char* kPrelude = R"py(import pytest
import tvm
from tvm import tir
from tvm.script import tir as T
from tvm.tir.schedule.testing import (
    assert_structural_equal_ignore_global_symbol,
    verify_trace_roundtrip,
)

@T.prim_func
def blur(A: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    B = T.alloc_buffer((64, 64))
    for i, j in T.grid(64, 64):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(0.5)
    for i, j in T.grid(64, 64):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1)
)py";

}  // namespace

class TestTirAnnotateBufferAccessScript : public QObject {
  Q_OBJECT

 private slots:
  void readRegion() {
    QCOMPARE(ScriptOutcome(kPrelude + std::string(R"py(
@T.prim_func
def expected(A: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    B = T.alloc_buffer((64, 64))
    for i, j in T.grid(64, 64):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi - 2:vi + 2, vj - 1:vj - 1 + 3])
            T.writes(B[vi, vj])
            T.block_attr({"explicit_read_region": [0]})
            B[vi, vj] = A[vi, vj] * T.float32(0.5)
    for i, j in T.grid(64, 64):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1)

sch = tir.Schedule(blur, debug_mask="all")
sch.annotate_buffer_access(sch.get_block("B"), 0, "read",
                           lambda vi, vj: ((vi - 2, vi + 2), (vj - 1, vj + 2)))
assert_structural_equal_ignore_global_symbol(sch.mod["main"], expected)
verify_trace_roundtrip(sch=sch, mod=blur)
text = str(sch.trace)
assert ('sch.annotate_buffer_access(block=b0, buffer_index=0, buf_type="read", '
        'gen_new_ranges=lambda vi, vj: [(vi - 2, vi + 2), (vj - 1, vj + 2)])') in text, text
)py"),
                           "t.py"),
             std::string("ok"));
  }

  // A write region, then a second read annotation of the same index: the annotation lists
  // each index once.
  void writeRegionAndAnnotatedTwice() {
    QCOMPARE(ScriptOutcome(kPrelude + std::string(R"py(
sch = tir.Schedule(blur)
c = sch.get_block("C")
sch.annotate_buffer_access(c, 0, "write", lambda vi, vj: (vi, (vj, vj + 4)))
sch.annotate_buffer_access(c, 0, "read", lambda vi, vj: ((vi, vi + 2), vj))
sch.annotate_buffer_access(c, 0, "read", lambda vi, vj: ((vi, vi + 3), vj))
block = sch.get(c)
w = block.annotations["explicit_write_region"]
r = block.annotations["explicit_read_region"]
assert str(w) == "[0]", str(w)
assert str(r) == "[0]", str(r)
assert str(block.reads[0].region[0].extent) == "3", block.reads[0].region
assert str(block.writes[0].region[1].extent) == "4", block.writes[0].region
verify_trace_roundtrip(sch=sch, mod=blur)
)py"),
                           "t.py"),
             std::string("ok"));
  }

  // The resize reads its input at a float-computed index: its inferred read region is the
  // whole input, so compute_at of the copy copies all of it under every tile. Annotated
  // with the window each output reads, the copy shrinks to the tile's window.
  void computeAtFollowsTheAnnotatedRegion() {
    QCOMPARE(ScriptOutcome(kPrelude + std::string(R"py(
@T.prim_func
def resize(x: T.Buffer((2, 80, 80), "float32"), y: T.Buffer((2, 40, 40), "float32")):
    xc = T.alloc_buffer((2, 80, 80))
    for c, h, w in T.grid(2, 80, 80):
        with T.block("copy"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            xc[vc, vh, vw] = x[vc, vh, vw]
    for c, h, w in T.grid(2, 40, 40):
        with T.block("resize"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            y[vc, vh, vw] = xc[vc, T.Cast("int32", T.floor(T.Cast("float32", vh * 2) + T.float32(0.5))), T.Cast("int32", T.floor(T.Cast("float32", vw * 2) + T.float32(0.5)))]

def tiled(annotate):
    sch = tir.Schedule(resize, debug_mask="all")
    block = sch.get_block("resize")
    if annotate:
        sch.annotate_buffer_access(block, 0, "read",
                                   lambda vc, vh, vw: (vc, (vh * 2 - 1, vh * 2 + 2), (vw * 2 - 1, vw * 2 + 2)))
    c, h, w = sch.get_loops(block)
    ho, hi = sch.split(h, factors=[4, 10])
    wo, wi = sch.split(w, factors=[4, 10])
    sch.reorder(ho, wo, hi, wi)
    sch.compute_at(sch.get_block("copy"), wo)
    return sch

narrow = tiled(True)
wide = tiled(False)
def copy_extents(sch):
    return [int(sch.get(l).extent) for l in sch.get_loops(sch.get_block("copy"))[-2:]]
assert copy_extents(narrow) == [21, 21], copy_extents(narrow)
assert copy_extents(wide) == [80, 80], copy_extents(wide)
verify_trace_roundtrip(sch=narrow, mod=resize)
)py"),
                           "t.py"),
             std::string("ok"));
  }

  void refusals() {
    QCOMPARE(ScriptOutcome(kPrelude + std::string(R"py(
sch = tir.Schedule(blur)
b = sch.get_block("B")
with pytest.raises(ValueError):
    sch.annotate_buffer_access(b, 0, "readwrite", lambda vi, vj: (vi, vj))
with pytest.raises(ValueError):
    sch.annotate_buffer_access(b, 0, "read", lambda vi, vj: (vi,))
with pytest.raises(ValueError):
    sch.annotate_buffer_access(b, 0, "read", lambda vi, vj: ((vi, vi + 1, vi + 2), vj))
with pytest.raises(TypeError):
    sch.annotate_buffer_access(b, 0, "read", lambda vi, vj: (vi, "j"))
with pytest.raises(tvm.tir.ScheduleError):
    sch.annotate_buffer_access(b, 3, "read", lambda vi, vj: (vi, vj))
assert_structural_equal_ignore_global_symbol(sch.mod["main"], blur)
)py"),
                           "t.py"),
             std::string("ok"));
  }
};

}  // namespace tst_tir_annotate_buffer_access_script

QTEST_APPLESS_MAIN(tst_tir_annotate_buffer_access_script::TestTirAnnotateBufferAccessScript)
#include "tst_tir_annotate_buffer_access_script.moc"
