// A convolution's inlined zero padding through the whole lowering (LoopPartition, then
// vectorization, unrolling and Simplify), as TVM's pipeline treats it: a tap that reads
// the padding after the loops are cut is `acc + 0*w`, which folds to a no-op store and
// disappears, so the border tiles do only the multiply-adds of real input; a guard
// vectorized along the image's columns keeps only the lanes it really tests (no
// `x8(True)` guards, which the code generator turned into masked loads). Each schedule
// still computes the definition (interpreter and LLVM against the te oracle).
#include <QtTest>

#include "TeTestSupport.h"

namespace tst_padding_lowering {

using namespace tessera;
using namespace tessera::te_testing;

namespace {

// 1 x 4 x 10 x 10 input, 8 filters 3 x 3, padding 1; `schedule` follows the definition.
std::string PaddedConv(const std::string& schedule) {
  return R"(import tvm
from tvm import te
data = te.placeholder((1, 4, 10, 10), name="data")
kernel = te.placeholder((8, 4, 3, 3), name="kernel")
pad = te.compute((1, 4, 12, 12), lambda n, c, h, w: te.if_then_else(tvm.tir.all(h >= 1, h < 11, w >= 1, w < 11), data[n, c, h - 1, w - 1], tvm.tir.const(0.0, "float32")), name="pad")
rc = te.reduce_axis((0, 4), name="rc")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
conv = te.compute((1, 8, 10, 10), lambda n, f, y, x: te.sum(pad[n, rc, y + ry, x + rx] * kernel[f, rc, ry, rx], axis=[rc, ry, rx]), name="conv")
s = te.create_schedule(conv.op)
s[pad].compute_inline()
)" + schedule;
}

}  // namespace

class TestPaddingLowering : public QObject {
  Q_OBJECT

 private slots:
  // conv2d_fast's structure: the output channels in vectors of 8, a tile of 3 columns,
  // the window unrolled. The left column tile's taps at x - 1 and the right tile's at
  // x + 1 read padding in every row: folded away, not multiplied by zero.
  void paddedTapsOfChannelVectorsAreNotComputed() {
    auto p = script::EvaluateScript(PaddedConv(R"(
acc = s.cache_write(conv, "local")
n, f, y, x = s[conv].op.axis
s[conv].reorder(n, y, f, x)
rows = s[conv].fuse(n, y)
s[acc].compute_at(s[conv], rows)
a_n, a_y, a_x, a_f = s[acc].transform_layout(lambda n, f, y, x: [n, y, x, f])
a_rc, a_ry, a_rx = s[acc].op.reduce_axis
a_xo, a_xi = s[acc].split(a_x, factor=3)
s[acc].reorder(a_n, a_y, a_xo, a_rc, a_ry, a_rx, a_xi, a_f)
s[acc].unroll(a_ry)
s[acc].unroll(a_rx)
s[acc].unroll(a_xi)
s[acc].vectorize(a_f)
)"),
                                    "conv.py");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto text = LoweredText(*p);
    TE_VERIFY_OK(text);
    QVERIFY2(!Contains(*text, "x8(0f)*") && !Contains(*text, "(0f*"), text->c_str());
    QVERIFY2(!Contains(*text, "+ x8(0f))") && !Contains(*text, "+ 0f)"), text->c_str());
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // The columns in vectors of 8 instead (10 = 8 + 2): the first vector's tap at x - 1
  // tests lane 0 only, the other lanes' guards are decided; no guard is left that is true
  // in every lane.
  void guardsVectorizedAlongColumnsKeepOnlyTheirUndecidedLanes() {
    auto p = script::EvaluateScript(PaddedConv(R"(
n, f, y, x = s[conv].op.axis
xo, xi = s[conv].split(x, factor=8)
rc, ry, rx = s[conv].op.reduce_axis
s[conv].reorder(n, f, y, xo, rc, ry, rx, xi)
s[conv].unroll(ry)
s[conv].unroll(rx)
s[conv].vectorize(xi)
)"),
                                    "conv.py");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto text = LoweredText(*p);
    TE_VERIFY_OK(text);
    QVERIFY2(!Contains(*text, "x8(True)") && !Contains(*text, "x8(False)"), text->c_str());
    QVERIFY2(Contains(*text, "if_then_else("), text->c_str());  // the real border lanes
    TE_VERIFY_OK(RunAndCheck(*p));
  }
};

}  // namespace tst_padding_lowering

QTEST_APPLESS_MAIN(tst_padding_lowering::TestPaddingLowering)
#include "tst_padding_lowering.moc"
