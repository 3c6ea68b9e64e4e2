// The epilogue rule of the generated design space (core/tune/EpilogueRule.h): a reduction
// whose only reader is the element-wise output, read element for element (dense + bias +
// relu, conv2d + bias + relu through two element-wise stages), is tiled as if it were the
// output — its accumulator computed at the output's tile loop, the copy inlined into the
// epilogue. Checked: where it fires and where it must not (a transposed or broadcast read,
// a second reader, another shape), the rule's knobs, and the seeds and samples of both
// register-tile variants (rows x columns, ChannelTile) compiled, run and compared with the
// te oracle, for AVX2 and AVX-512 targets (rows and columns that are not multiples of the
// vector width; conv2d's 32 output channels are, so its ChannelTile variant is offered).
#include <QtTest>
#include <random>

#include "TuneTestSupport.h"
#include "tune/DesignSpace.h"
#include "tune/EpilogueRule.h"
#include "tune/TargetInfo.h"
#include "tune/Tuner.h"

namespace tst_tune_epilogue {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

const char* kDenseBiasRelu = R"(import tvm
from tvm import te
A = te.placeholder((20, 24), name="A")
W = te.placeholder((36, 24), name="W")
bias = te.placeholder((36,), name="bias")
k = te.reduce_axis((0, 24), name="k")
D = te.compute((20, 36), lambda i, j: te.sum(A[i, k] * W[j, k], axis=k), name="D")
R = te.compute((20, 36), lambda a, b: te.max(D[a, b] + bias[b], 0.0), name="R")
s = te.create_schedule(R.op)
)";

const char* kConvBiasRelu = R"(import tvm
from tvm import te
data = te.placeholder((1, 8, 10, 10), name="data")
kernel = te.placeholder((32, 8, 3, 3), name="kernel")
bias = te.placeholder((32,), name="bias")
pad = te.compute((1, 8, 12, 12), lambda n, c, y, x: te.if_then_else(
    te.all(y >= 1, y < 11, x >= 1, x < 11), data[n, c, y - 1, x - 1], 0.0), name="pad")
rc = te.reduce_axis((0, 8), name="rc")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
conv = te.compute((1, 32, 10, 10), lambda n, f, y, x: te.sum(
    pad[n, rc, y + ry, x + rx] * kernel[f, rc, ry, rx], axis=[rc, ry, rx]), name="conv")
biased = te.compute((1, 32, 10, 10), lambda n, f, y, x: conv[n, f, y, x] + bias[f], name="biased")
out = te.compute((1, 32, 10, 10), lambda n, f, y, x: te.max(biased[n, f, y, x], 0.0), name="out")
s = te.create_schedule(out.op)
)";

// A dense layer with bias and GELU (tanh written with exp) whose rows are a multiple of
// the vector width: ChannelTile vectorizes the rows, so its accumulator is stored
// transposed to the output.
const char* kDenseGelu = R"(import tvm
from tvm import te
X = te.placeholder((32, 24), name="X")
W = te.placeholder((20, 24), name="W")
bias = te.placeholder((20,), name="bias")
k = te.reduce_axis((0, 24), name="k")
D = te.compute((32, 20), lambda i, j: te.sum(X[i, k] * W[j, k], axis=k), name="D")
def gelu(v):
    z = 0.7978845608 * (v + 0.044715 * v * v * v)
    return 0.5 * v * (2.0 - 2.0 / (te.exp(2.0 * z) + 1.0))
Y = te.compute((32, 20), lambda i, j: gelu(D[i, j] + bias[j]), name="Y")
s = te.create_schedule(Y.op)
)";

// A depthwise 3 x 3 convolution with bias and ReLU6 (MobileNetV2's): DepthwiseTile
// vectorizes the channels.
const char* kDepthwiseBiasRelu6 = R"(import tvm
from tvm import te
data = te.placeholder((1, 16, 9, 9), name="data")
kernel = te.placeholder((16, 1, 3, 3), name="kernel")
bias = te.placeholder((16,), name="bias")
pad = te.compute((1, 16, 11, 11), lambda n, c, y, x: te.if_then_else(
    te.all(y >= 1, y < 10, x >= 1, x < 10), data[n, c, y - 1, x - 1], 0.0), name="pad")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
dw = te.compute((1, 16, 9, 9), lambda n, c, y, x: te.sum(
    pad[n, c, y + ry, x + rx] * kernel[c, 0, ry, rx], axis=[ry, rx]), name="dw")
out = te.compute((1, 16, 9, 9), lambda n, c, y, x: te.min(te.max(
    dw[n, c, y, x] + bias[c], 0.0), 6.0), name="out")
s = te.create_schedule(out.op)
)";

// Not epilogues: the output reads D transposed; D has a second reader; D is broadcast
// into a larger output; D is read at a shifted index.
const char* kTransposed = R"(import tvm
from tvm import te
A = te.placeholder((16, 16), name="A")
k = te.reduce_axis((0, 16), name="k")
D = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * A[k, j], axis=k), name="D")
R = te.compute((16, 16), lambda i, j: D[j, i] * 2.0, name="R")
s = te.create_schedule(R.op)
)";
const char* kSecondReader = R"(import tvm
from tvm import te
A = te.placeholder((16, 16), name="A")
k = te.reduce_axis((0, 16), name="k")
D = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * A[k, j], axis=k), name="D")
k2 = te.reduce_axis((0, 16), name="k2")
T = te.compute((16,), lambda i: te.sum(D[i, k2], axis=k2), name="T")
R = te.compute((16, 16), lambda i, j: D[i, j] / T[i], name="R")
s = te.create_schedule(R.op)
)";
const char* kBroadcast = R"(import tvm
from tvm import te
A = te.placeholder((16, 16), name="A")
k = te.reduce_axis((0, 16), name="k")
D = te.compute((16,), lambda i: te.sum(A[i, k], axis=k), name="D")
R = te.compute((16, 16), lambda i, j: A[i, j] - D[i], name="R")
s = te.create_schedule(R.op)
)";
const char* kShifted = R"(import tvm
from tvm import te
A = te.placeholder((16, 16), name="A")
k = te.reduce_axis((0, 16), name="k")
D = te.compute((17, 16), lambda i, j: te.sum(A[te.min(i, 15), k] * A[k, j], axis=k), name="D")
R = te.compute((16, 16), lambda i, j: D[i + 1, j], name="R")
s = te.create_schedule(R.op)
)";

TargetInfo Target(const QString& isa) {
  return TargetInfoFromFeatures({isa.toStdString(), "fma"}, 2);
}

}  // namespace

class TuneEpilogue : public QObject {
  Q_OBJECT

 private slots:
  void denseBiasReluIsTiledThroughItsEpilogue() {
    auto p = Load(kDenseBiasRelu);
    DesignSpace space = SpaceOf(p, Target("avx2"));
    const StageRule* d = RuleOf(space, "D");
    QVERIFY(d);
    QCOMPARE(d->kind, StageRule::Kind::Tile);
    QCOMPARE(d->epilogue.output, std::string("R"));
    QCOMPARE(d->epilogue.output_axes, (std::vector<std::string>{"a", "b"}));
    QVERIFY(d->epilogue.relays.empty());
    QVERIFY(!RuleOf(space, "R"));  // its loops are the tile's
    const Knob* cw = KnobOf(space, "D.cache_write");
    QVERIFY(cw);
    QCOMPARE(cw->choices, std::vector<int64_t>{1});
    QCOMPARE(OuterAxisName(*d, "j"), std::string("b"));
  }

  void convBiasReluThroughTwoRelays() {
    auto p = Load(kConvBiasRelu);
    DesignSpace space = SpaceOf(p, Target("avx512f"));
    const StageRule* conv = RuleOf(space, "conv");
    QVERIFY(conv);
    QCOMPARE(conv->kind, StageRule::Kind::Tile);
    QCOMPARE(conv->epilogue.output, std::string("out"));
    QCOMPARE(conv->epilogue.relays, std::vector<std::string>{"biased"});
    const Knob* relay = KnobOf(space, "biased.inline");
    QVERIFY(relay);
    QCOMPARE(relay->choices, std::vector<int64_t>{1});  // inlined: out reads conv's tile
    const Knob* pad = KnobOf(space, "pad.inline");
    QVERIFY(pad);
    QCOMPARE(pad->choices, (std::vector<int64_t>{1, 0}));  // not on the path: free
    QVERIFY(conv->channel.defined());  // output channels: the ChannelTile variant too
  }

  // ChannelTile's epilogue knob: 1 computes the epilogue in a stage of its own, laid out
  // as the accumulator (the vectorized axis innermost) and computed where it is, so that
  // it reads the accumulator's vectors whole; 0 computes it in the output's loops. Both
  // match the oracle (ChannelTile and its depthwise variant).
  void anEpilogueRunsInTheAccumulatorsLayout_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("isa");
    QTest::addColumn<QString>("reduction");
    QTest::addColumn<QString>("output");
    QTest::addColumn<QString>("axis");    // the vectorized axis (ChannelTile's `a`)
    QTest::addColumn<int64_t>("seeded");  // the seeds' choice
    for (const char* isa : {"avx2", "avx512f"}) {
      QTest::addRow("dense + gelu, %s", isa) << kDenseGelu << isa << "D"
                                             << "Y"
                                             << "i" << int64_t{1};
      QTest::addRow("conv2d + bias + relu, %s", isa) << kConvBiasRelu << isa << "conv"
                                                     << "out"
                                                     << "f" << int64_t{1};
      QTest::addRow("depthwise + bias + relu6, %s", isa) << kDepthwiseBiasRelu6 << isa << "dw"
                                                         << "out"
                                                         << "c" << int64_t{0};
    }
  }
  void anEpilogueRunsInTheAccumulatorsLayout() {
    QFETCH(QString, source);
    QFETCH(QString, isa);
    QFETCH(QString, reduction);
    QFETCH(QString, output);
    QFETCH(QString, axis);
    QFETCH(int64_t, seeded);
    const std::string r = reduction.toStdString(), out = output.toStdString();
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, Target(isa));
    QCOMPARE(RuleOf(space, r)->channel.axis, axis.toStdString());
    const Knob* knob = KnobOf(space, r + ".channel/epilogue");
    QVERIFY(knob);
    QCOMPARE(knob->choices, (std::vector<int64_t>{0, 1}));
    const Decisions* seed = nullptr;
    std::vector<Decisions> seeds = space.Seeds();
    for (const Decisions& d : seeds)
      if (d.values.at(r + ".channel")[0] == 1) {
        seed = &d;
        break;
      }
    QVERIFY(seed);
    // Seeded in its own stage where that was measured (dense layers), else not.
    QCOMPARE(seed->values.at(r + ".channel/epilogue"), std::vector<int64_t>{seeded});
    for (int64_t choice : {1, 0}) {
      Decisions d = *seed;
      d.values[r + ".channel/epilogue"] = {choice};
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      const schedule::Schedule& sch = valid->schedule;
      const schedule::Stage local = sch.find(r + ".local"), own = sch.find(out + ".local");
      QVERIFY(local);
      if (choice == 0) {
        QVERIFY(!own);
      } else {
        QVERIFY(own);
        QCOMPARE(own->attach_type, schedule::AttachType::Scope);
        QCOMPARE(own->attach_stage->name(), out);
        QCOMPARE(own->attach_ivar, local->attach_ivar);
        QVERIFY(own->layout);  // stored as the accumulator is
        QCOMPARE(own->attr(own->leaf_iter_vars.back()).annotation, ir::IterVarType::Vectorized);
        // After the accumulator, before the output's copy.
        auto at = [&](const std::string& name) {
          for (size_t i = 0; i < sch.stages.size(); ++i)
            if (sch.stages[i]->name() == name) return i;
          return sch.stages.size();
        };
        QVERIFY(at(r + ".local") < at(out + ".local"));
        QVERIFY(at(out + ".local") < at(out));
      }
      const QString failure = RunAgainstOracle(p, *valid);
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
  }

  void notAnEpilogue_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("reduction");
    QTest::newRow("transposed read") << kTransposed << "D";
    QTest::newRow("second reader") << kSecondReader << "D";
    QTest::newRow("broadcast into a larger output") << kBroadcast << "D";
    QTest::newRow("shifted index, other shape") << kShifted << "D";
  }
  void notAnEpilogue() {
    QFETCH(QString, source);
    QFETCH(QString, reduction);
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, Target("avx2"));
    const StageRule* d = RuleOf(space, reduction.toStdString());
    QVERIFY(d);
    QVERIFY(d->epilogue.output.empty());
    QVERIFY(d->kind != StageRule::Kind::Tile);
  }

  // Every seed (rows x columns tiles, blocked, ChannelTile) and a few samples: the
  // accumulator sits inside the output's loops, and the program matches the oracle.
  void seedsAndSamplesMatchTheOracle_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("isa");
    QTest::addColumn<QString>("reduction");
    QTest::addColumn<QString>("output");
    for (const char* isa : {"avx2", "avx512f"}) {
      QTest::addRow("dense, %s", isa) << kDenseBiasRelu << isa << "D"
                                      << "R";
      QTest::addRow("conv2d, %s", isa) << kConvBiasRelu << isa << "conv"
                                       << "out";
    }
  }
  void seedsAndSamplesMatchTheOracle() {
    QFETCH(QString, source);
    QFETCH(QString, isa);
    QFETCH(QString, reduction);
    QFETCH(QString, output);
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, Target(isa));
    std::vector<Decisions> points = space.Seeds();
    QVERIFY(!points.empty());
    std::mt19937_64 rng(7);
    for (int s = 0; s < 3; ++s) points.push_back(space.Sample(rng));
    int checked = 0;
    for (const Decisions& d : points) {
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const schedule::Stage local = valid->schedule.find(reduction.toStdString() + ".local");
      QVERIFY(local);
      QCOMPARE(local->attach_type, schedule::AttachType::Scope);
      QCOMPARE(local->attach_stage->name(), output.toStdString());
      QCOMPARE(valid->schedule.find(reduction.toStdString())->attach_type,
               schedule::AttachType::Inline);
      const QString failure = RunAgainstOracle(p, *valid);
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
      ++checked;
      if (checked >= 6) break;  // enough of them: each one compiles a kernel
    }
  }
};

}  // namespace tst_tune_epilogue

QTEST_APPLESS_MAIN(tst_tune_epilogue::TuneEpilogue)
#include "tst_tune_epilogue.moc"
