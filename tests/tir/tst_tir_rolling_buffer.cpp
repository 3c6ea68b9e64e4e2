// rolling_buffer: a producer computed at a tile of its consumer keeps one tile of its
// buffer along the outermost axis whose tiles overlap, and the result computes what the
// te oracle computes (tiles that divide the image and tiles that leave a tail, one axis
// tiled and two); each refusal carries TVM's error kind and leaves the function and the
// trace as they were; the instruction prints and round-trips through JSON as TVM's.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTextChecks.h"
#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"
#include "tir/TraceJson.h"

namespace tst_tir_rolling_buffer {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

// Two cascaded 3x3 window sums: B = A summed over 3x3 windows, C = B summed likewise;
// A is (h + 4) x (w + 4), B (h + 2) x (w + 2), C h x w.
TeProgram CascadedWindows(int h, int w) {
  const auto f32 = ir::DataType::Float(32);
  auto A = *te::placeholder({h + 4, w + 4}, f32, "A");
  auto window = [](const te::Tensor& in, int rows, int cols, const std::string& name) {
    auto ry = te::reduce_axis(ir::Range(0, 3), "ry");
    auto rx = te::reduce_axis(ir::Range(0, 3), "rx");
    return *te::compute(
        {rows, cols},
        [&](const std::vector<ir::Var>& i) {
          return te::sum(in(i[0] + ry->var, i[1] + rx->var), {ry, rx});
        },
        name);
  };
  te::Tensor B = window(A, h + 2, w + 2, "B");
  te::Tensor C = window(B, h, w, "C");
  return {{A, C}};
}

// C tiled by `tile_h` x `tile_w` (0: that axis not tiled), B computed at the innermost
// outer loop.
Status TileCascade(Schedule& sch, int tile_h, int tile_w) {
  std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("C"));
  auto h = sch.Split(loops[0], {Expr(), Expr(tile_h)});
  if (!h.ok()) return h.error();
  LoopRV at = (*h)[0];
  if (tile_w) {
    auto w = sch.Split(loops[1], {Expr(), Expr(tile_w)});
    if (!w.ok()) return w.error();
    if (Status s = sch.Reorder({(*h)[0], (*w)[0], (*h)[1]}); !s.ok()) return s;
    at = (*w)[0];
  }
  return sch.ComputeAt(*sch.GetBlock("B"), at);
}

}  // namespace

class TestTirRollingBuffer : public QObject {
  Q_OBJECT

 private slots:
  // Rows tiled by 4 of 12: B keeps 6 of its 14 rows, indexed modulo 6, and skips the two
  // rows the previous tile computed; the result is the oracle's.
  void rowsTiledComputeTheSame() {
    TeProgram program = CascadedWindows(12, 10);
    Schedule sch(program.func());
    QVERIFY(TileCascade(sch, 4, 0).ok());
    Status s = sch.RollingBuffer(*sch.GetBlock("B"), 0);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    const QString printed = Q(AsTVMScript(sch.func()));
    QVERIFY2(printed.contains("B = T.alloc_buffer((6, 12))"), qPrintable(printed));
    QVERIFY2(printed.contains("% 6"), qPrintable(printed));
    QVERIFY2(printed.contains("T.where(i_0 < 1 or 2 <= ax0)"), qPrintable(printed));
    QVERIFY2(printed.contains("T.axis.opaque(14, i_0 * 4 + ax0)"), qPrintable(printed));
    s = LowerRunAndCompare(program, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QVERIFY(Q(TraceAsPython(sch.trace())).contains("sch.rolling_buffer(block=b"));
  }

  // Tiles of 5 x 4 over 13 x 11: a tail in both axes, both overlap (a skip predicate for
  // each), the buffer rolls along the rows only.
  void tailTilesInBothAxesComputeTheSame() {
    TeProgram program = CascadedWindows(13, 11);
    Schedule sch(program.func());
    QVERIFY(TileCascade(sch, 5, 4).ok());
    Status s = sch.RollingBuffer(*sch.GetBlock("B"), 0);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    const QString printed = Q(AsTVMScript(sch.func()));
    QVERIFY2(printed.contains("B = T.alloc_buffer((7, 13))"), qPrintable(printed));
    QVERIFY2(printed.contains("(i_0 < 1 or 2 <= ax0) and (j_0 < 1 or 2 <= ax1)"),
             qPrintable(printed));
    s = LowerRunAndCompare(program, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  }

  // Each refusal leaves the function and the trace as they were.
  void refusalsLeaveTheScheduleAlone() {
    TeProgram program = CascadedWindows(12, 10);
    {
      // B not computed at C: the accesses meet at the root block.
      Schedule sch(program.func());
      BlockRV b = *sch.GetBlock("B"), c = *sch.GetBlock("C");
      ExpectRefusal(
          sch, [&] { return sch.RollingBuffer(b, 0); }, "RollingBufferInsertionError");
      ExpectRefusal(
          sch, [&] { return sch.RollingBuffer(c, 0); }, "OutputBlockError");
      ExpectRefusal(
          sch, [&] { return sch.RollingBuffer(b, 1); }, "BufferIndexOutOfRangeError");
    }
    {
      // A copy tiled by 4 rows: its tiles do not overlap, nothing rolls.
      const auto f32 = ir::DataType::Float(32);
      auto A = *te::placeholder({12, 8}, f32, "A");
      auto B = *te::compute(
          {12, 8}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) * 2; }, "B");
      auto C = *te::compute(
          {12, 8}, [&](const std::vector<ir::Var>& i) { return B(i[0], i[1]) + 1; }, "C");
      Schedule sch(TeProgram{{A, C}}.func());
      std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("C"));
      std::vector<LoopRV> h = *sch.Split(loops[0], {Expr(), Expr(4)});
      BlockRV b = *sch.GetBlock("B");
      QVERIFY(sch.ComputeAt(b, h[0]).ok());
      ExpectRefusal(
          sch, [&] { return sch.RollingBuffer(b, 0); }, "RollingBufferMatchError");
    }
  }

  // As TVM writes it: the block is the input, the buffer index the attribute; the replay
  // of the JSON gives the same function.
  void jsonAsTvmWritesIt() {
    TeProgram program = CascadedWindows(12, 10);
    Schedule sch(program.func());
    QVERIFY(TileCascade(sch, 4, 0).ok());
    QVERIFY(sch.RollingBuffer(*sch.GetBlock("B"), 0).ok());
    const QString json = Q(TraceToJson(sch.trace()));
    QVERIFY2(QRegularExpression("\\[\"RollingBuffer\", \\[\"b\\d+\"\\], \\[0\\], \\[\\]\\]")
                 .match(json)
                 .hasMatch(),
             qPrintable(json));
    auto back = TraceFromJson(TraceToJson(sch.trace()));
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    Schedule replayed(program.func());
    QVERIFY(ApplyTrace(*back, &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
  }
};

}  // namespace tst_tir_rolling_buffer

QTEST_APPLESS_MAIN(tst_tir_rolling_buffer::TestTirRollingBuffer)
#include "tst_tir_rolling_buffer.moc"
