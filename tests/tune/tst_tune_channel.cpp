// The ChannelTile rule of the generated design space (core/tune/ChannelTile.h): a
// reduction whose output has an axis along which one operand is invariant and another
// can be packed contiguous is offered a register tile vectorized along that axis. The
// rule fires on conv2d of other shapes than the benchmark's (48 filters, 5x5, stride 2)
// and on the rows of a GEMM and of a batched matmul, not where no operand is invariant
// or the axis is not a multiple of the vector width; its seeds fit the register file of
// AVX2 and AVX-512 targets (AVX2's densest: 4 x 3 ragged, vectors outer, the reduction in
// chunks); every sample choosing it validates; every seed validates (a conv2d's padding
// stays a stage, vectorized, stored [n, h, c, w]), runs and matches the te oracle.
#include <QtTest>
#include <random>
#include <regex>

#include "TuneTestSupport.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "reference/Reference.h"
#include "runtime/LLVMModule.h"
#include "script/Evaluator.h"
#include "tune/ArgumentLayouts.h"
#include "tune/DesignSpace.h"
#include "tune/TargetInfo.h"

namespace tst_tune_channel {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

// conv2d NCHW: batch 1, `in` channels of size x size, `out` filters of k x k, stride,
// padding `pad` (a stage of its own, as in the benchmark).
std::string Conv(int in, int size, int out, int k, int stride, int pad) {
  const int padded = size + 2 * pad, out_size = (size + 2 * pad - k) / stride + 1;
  auto n = [](int v) { return std::to_string(v); };
  return "import tvm\nfrom tvm import te\n"
         "data = te.placeholder((1, " +
         n(in) + ", " + n(size) + ", " + n(size) +
         "), name=\"data\")\n"
         "kernel = te.placeholder((" +
         n(out) + ", " + n(in) + ", " + n(k) + ", " + n(k) +
         "), name=\"kernel\")\n"
         "pad = te.compute((1, " +
         n(in) + ", " + n(padded) + ", " + n(padded) +
         "), lambda n, c, h, w: te.if_then_else(tvm.tir.all(h >= " + n(pad) + ", h < " +
         n(size + pad) + ", w >= " + n(pad) + ", w < " + n(size + pad) + "), data[n, c, h - " +
         n(pad) + ", w - " + n(pad) +
         "], tvm.tir.const(0.0, \"float32\")), name=\"pad\")\n"
         "rc = te.reduce_axis((0, " +
         n(in) +
         "), name=\"rc\")\n"
         "ry = te.reduce_axis((0, " +
         n(k) +
         "), name=\"ry\")\n"
         "rx = te.reduce_axis((0, " +
         n(k) +
         "), name=\"rx\")\n"
         "conv = te.compute((1, " +
         n(out) + ", " + n(out_size) + ", " + n(out_size) +
         "), lambda n, f, y, x: te.sum(pad[n, rc, y * " + n(stride) + " + ry, x * " + n(stride) +
         " + rx] * kernel[f, rc, ry, rx], axis=[rc, ry, rx]), name=\"conv\")\n"
         "s = te.create_schedule(conv.op)\n";
}

const char* kGemm = R"(import tvm
from tvm import te
A = te.placeholder((64, 32), name="A")
B = te.placeholder((32, 48), name="B")
k = te.reduce_axis((0, 32), name="k")
C = te.compute((64, 48), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

// A batched contraction: the rule vectorizes along i (A packed per batch row block, B
// broadcast); b moves both operands.
const char* kBatchMatmul = R"(import tvm
from tvm import te
A = te.placeholder((4, 32, 16), name="A")
B = te.placeholder((4, 16, 24), name="B")
k = te.reduce_axis((0, 16), name="k")
C = te.compute((4, 32, 24), lambda b, i, j: te.sum(A[b, i, k] * B[b, k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

// A x A^T: both operands are A, so neither is invariant along i while the other moves.
const char* kGram = R"(import tvm
from tvm import te
A = te.placeholder((64, 32), name="A")
k = te.reduce_axis((0, 32), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * A[j, k], axis=k), name="C")
s = te.create_schedule(C.op)
)";

// RuleOf that stops the run where the stage has no rule.
const StageRule& StageRuleOf(const DesignSpace& space, const std::string& stage) {
  for (const StageRule& r : space.rules())
    if (r.stage == stage) return r;
  qFatal("no rule for %s", stage.c_str());
}

std::vector<Decisions> ChannelSeeds(const DesignSpace& space, const std::string& stage) {
  std::vector<Decisions> out;
  for (const Decisions& d : space.Seeds())
    if (d.values.at(ChannelKnobName(stage))[0] == 1) out.push_back(d);
  return out;
}

}  // namespace

class TuneChannel : public QObject {
  Q_OBJECT

 private slots:
  void firesOnConvAndContractions_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("stage");
    QTest::addColumn<QString>("axis");
    QTest::addColumn<QString>("packed");
    QTest::addColumn<QString>("broadcast");
    QTest::addColumn<int>("dim");  // the packed operand's index that is `a`
    QTest::newRow("ResNet-50 3x3") << QString::fromStdString(Conv(64, 56, 64, 3, 1, 1)) << "conv"
                                   << "f"
                                   << "kernel"
                                   << "pad" << 0;
    QTest::newRow("48 filters 5x5 stride 2")
        << QString::fromStdString(Conv(32, 28, 48, 5, 2, 2)) << "conv"
        << "f"
        << "kernel"
        << "pad" << 0;
    QTest::newRow("gemm rows") << QString(kGemm) << "C"
                               << "i"
                               << "A"
                               << "B" << 0;
    QTest::newRow("batch matmul rows") << QString(kBatchMatmul) << "C"
                                       << "i"
                                       << "A"
                                       << "B" << 1;
  }
  void firesOnConvAndContractions() {
    QFETCH(QString, source);
    QFETCH(QString, stage);
    QFETCH(QString, axis);
    QFETCH(QString, packed);
    QFETCH(QString, broadcast);
    QFETCH(int, dim);
    auto p = Load(source.toStdString());
    for (const char* isa : {"avx2", "avx512f"}) {
      DesignSpace space = SpaceOf(p, IsaTarget(isa));
      const ChannelAxis& c = StageRuleOf(space, stage.toStdString()).channel;
      QCOMPARE(QString::fromStdString(c.axis), axis);
      QCOMPARE(QString::fromStdString(c.packed), packed);
      QCOMPARE(c.packed_dim, static_cast<size_t>(dim));
      QCOMPARE(QString::fromStdString(c.broadcast), broadcast);
    }
  }

  // The broadcast operand's order: the output's other axes first, the reduction's, the
  // column last (conv2d's padding [n, c, h, w] -> [n, h, c, w]); the reduction's first
  // axis is the chunked one.
  void broadcastLayoutAndChunkAxis() {
    auto conv = Load(Conv(32, 28, 48, 5, 2, 2));
    const ChannelAxis c = StageRuleOf(SpaceOf(conv, IsaTarget("avx2")), "conv").channel;
    QCOMPARE(c.broadcast_layout, (std::vector<size_t>{0, 2, 1, 3}));
    QCOMPARE(c.chunk_extent, int64_t{32});
    QCOMPARE(c.window, int64_t{25});
    auto gemm = Load(kGemm);
    const ChannelAxis g = StageRuleOf(SpaceOf(gemm, IsaTarget("avx2")), "C").channel;
    QCOMPARE(g.broadcast_layout, (std::vector<size_t>{0, 1}));  // B[k, j]: already so
    QCOMPARE(g.window, int64_t{1});
  }

  void doesNotFireWithoutAnInvariantOperandOrWholeVectors() {
    auto gram = Load(kGram);
    QVERIFY(!StageRuleOf(SpaceOf(gram, IsaTarget("avx2")), "C").channel.defined());
    // 12 filters: not a multiple of 8 lanes (nor 16).
    auto conv = Load(Conv(8, 12, 12, 3, 1, 1));
    for (const char* isa : {"avx2", "avx512f"}) {
      DesignSpace space = SpaceOf(conv, IsaTarget(isa));
      QVERIFY(!StageRuleOf(space, "conv").channel.defined());
      for (const Knob& k : space.knobs())
        QVERIFY2(k.name.find(".channel") == std::string::npos, k.name.c_str());
    }
  }

  // Seeds: whole vectors of `a`; half of the vector registers as accumulators, the
  // densest as many as fit beside their operands, those that cover the FMA latency x
  // pipes first; the padding stays a stage (not inlined into the inner loop).
  void seedsFitTheRegisterFile_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<int>("registers");
    QTest::addColumn<QString>("first");    // the first seed's tile: vectors x columns
    QTest::addColumn<QString>("densest");  // the densest seed: vectors x columns / order / chunk
    // AVX2: 2 x 4 (8 accumulators) does not cover the FMA latency x pipes, 4 x 3 does.
    QTest::newRow("avx2") << "avx2" << 8 << 16 << "4x3"
                          << "4x3/1/8";
    QTest::newRow("avx512") << "avx512f" << 16 << 32 << "2x8"
                            << "4x6/0/4";
  }
  void seedsFitTheRegisterFile() {
    QFETCH(QString, isa);
    QFETCH(int, lanes);
    QFETCH(int, registers);
    QFETCH(QString, first);
    QFETCH(QString, densest);
    // Accumulators within 3/4 of the registers, and with the operands one reduction step
    // keeps live (columns outer: the vectors + a broadcast; vectors outer: a vector + a
    // broadcast per column) within all of them.
    auto fits = [&](const Decisions& d) {
      const int64_t v = d.values.at("conv.channel.f").back() / lanes,
                    x = d.values.at("conv.channel.x").back();
      const int64_t operands = d.values.at("conv.channel/order")[0] == 0 ? v + 1 : x + 1;
      return 4 * v * x <= 3 * registers && v * x + operands <= registers;
    };
    for (const std::string& source : {Conv(64, 56, 64, 3, 1, 1), Conv(32, 28, 48, 5, 2, 2)}) {
      auto p = Load(source);
      DesignSpace space = SpaceOf(p, IsaTarget(isa.toStdString()));
      std::vector<Decisions> seeds = ChannelSeeds(space, "conv");
      QVERIFY(!seeds.empty());
      int inlined = 0;
      for (const Decisions& d : seeds) {
        QVERIFY(space.Satisfies(d));
        const int64_t t = d.values.at("conv.channel.f").back(),
                      x = d.values.at("conv.channel.x").back();
        QCOMPARE(t % lanes, int64_t{0});
        QVERIFY2(fits(d), qPrintable(QString::number(t) + " x " + QString::number(x)));
        inlined += d.values.at("pad.inline") == std::vector<int64_t>{1};
      }
      // The padding inlined (the dense tiles also with it a stage per chunk).
      QVERIFY(inlined > 0);
      if (source == Conv(64, 56, 64, 3, 1, 1)) {
        auto name = [&](const Decisions& d) {
          return QString::number(d.values.at("conv.channel.f").back() / lanes) + "x" +
                 QString::number(d.values.at("conv.channel.x").back());
        };
        QCOMPARE(name(seeds.front()), first);
        QStringList dense;
        for (const Decisions& d : seeds)
          dense << name(d) + "/" + QString::number(d.values.at("conv.channel/order")[0]) + "/" +
                       QString::number(d.values.at("conv.channel/chunk")[0]);
        QVERIFY2(dense.contains(densest), qPrintable(dense.join(", ")));
      }
    }
    // Samples with the rule on keep the register tile within the budget too.
    auto p = Load(Conv(32, 28, 48, 5, 2, 2));
    DesignSpace space = SpaceOf(p, IsaTarget(isa.toStdString()));
    std::mt19937_64 rng(17);
    int on = 0;
    for (int i = 0; i < 200; ++i) {
      Decisions d = space.Sample(rng);
      if (d.values.at("conv.channel")[0] != 1) continue;
      ++on;
      QVERIFY(d.values.at("conv.channel.f").back() % lanes == 0 && fits(d));
    }
    QVERIFY(on > 0);
  }

  // Every sample that chooses the rule passes the primitives' checks and lowering.
  void everySampleWithTheRuleValidates_data() {
    QTest::addColumn<QString>("source");
    QTest::newRow("5x5 stride 2") << QString::fromStdString(Conv(8, 12, 16, 5, 2, 2));
    QTest::newRow("batch matmul") << QString(kBatchMatmul);
  }
  void everySampleWithTheRuleValidates() {
    QFETCH(QString, source);
    auto p = Load(source.toStdString());
    for (const char* isa : {"avx2", "avx512f"}) {
      DesignSpace space = SpaceOf(p, IsaTarget(isa));
      const std::string stage = p.schedule->outputs.front()->name;
      std::mt19937_64 rng(23);
      int validated = 0;
      for (int i = 0; i < 60 && validated < 12; ++i) {
        Decisions d = space.Sample(rng);
        d.values[ChannelKnobName(stage)] = {1};
        if (!space.Satisfies(d)) continue;  // the resampled tile of `a` may not fit
        auto valid = space.Validate(d, p.Arguments());
        QVERIFY2(valid.ok(), (valid.ok() ? std::string()
                                         : valid.error().message + "\n" + DesignSpace::Describe(d))
                                 .c_str());
        ++validated;
      }
      QVERIFY(validated > 0);
    }
  }

  // The seed's schedule lowers, compiles, runs and agrees with the te oracle; its
  // accumulator tile is a small local buffer (the realize of the transformed cache stage
  // covers the tile, not the output).
  void candidateMatchesTheOracle_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("isa");
    for (const char* isa : {"avx2", "avx512f"}) {
      QTest::newRow(qPrintable(QString("3x3 ") + isa))
          << QString::fromStdString(Conv(16, 14, 32, 3, 1, 1)) << isa;
      QTest::newRow(qPrintable(QString("5x5 stride 2 ") + isa))
          << QString::fromStdString(Conv(8, 12, 16, 5, 2, 2)) << isa;
    }
    QTest::newRow("gemm rows") << QString(kGemm) << "avx2";
    QTest::newRow("batch matmul rows") << QString(kBatchMatmul) << "avx512f";
  }
  void candidateMatchesTheOracle() {
    QFETCH(QString, source);
    QFETCH(QString, isa);
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, IsaTarget(isa.toStdString()));
    const std::string stage = p.schedule->outputs.front()->name;
    std::vector<Decisions> seeds = ChannelSeeds(space, stage);
    QVERIFY(!seeds.empty());
    const std::vector<te::Tensor> args = p.Arguments();
    int at_chunk = 0, rows_outer = 0, inlined = 0;
    for (const Decisions& seed : seeds) {
      auto valid = space.Validate(seed, args);
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      const std::string text = ir::to_string(valid->func.body);
      QVERIFY2(text.find(".local[float32 * ") != std::string::npos, text.c_str());
      // conv2d's padding inlined (the lowering cuts its guard out of the interior tiles),
      // or a stage, its rows vectorized (the guard becomes a mask), computed at the
      // accumulator's chunk loop when the seed says so, else at the root.
      schedule::Stage pad = valid->schedule.find("pad");
      if (pad && seed.values.at("pad.inline")[0] == 1) {
        QCOMPARE(pad->attach_type, schedule::AttachType::Inline);
        ++inlined;
      } else if (pad) {
        auto chunk = seed.values.find(ChannelChunkKnobName(stage));
        auto at = seed.values.find(ChannelProducerKnobName(stage));
        if (chunk != seed.values.end() && chunk->second[0] > 0 && at != seed.values.end() &&
            at->second[0] == 1) {
          QCOMPARE(pad->attach_type, schedule::AttachType::Scope);
          QCOMPARE(QString::fromStdString(pad->attach_stage->name()),
                   QString::fromStdString(stage + ".local"));
          QCOMPARE(QString::fromStdString(pad->attach_ivar->var.name()), QString("rc.outer"));
          ++at_chunk;
        } else {
          QCOMPARE(pad->attach_type, schedule::AttachType::GroupRoot);
        }
        const auto attr = pad->iter_var_attrs.find(pad->leaf_iter_vars.back());
        QVERIFY(attr != pad->iter_var_attrs.end());
        QCOMPARE(attr->second.annotation, ir::IterVarType::Vectorized);
        QVERIFY(pad->layout);  // stored [n, h, c, w]
      }
      // The parallel loop: blocks of `a` outermost, or (rows knob 1) innermost, so that each
      // core takes a band of the other axes for every block.
      {
        schedule::Stage out = valid->schedule.find(stage);
        QVERIFY(out);
        std::string parallel;
        for (const ir::IterVar& iv : out->leaf_iter_vars) {
          auto attr = out->iter_var_attrs.find(iv);
          if (attr != out->iter_var_attrs.end() &&
              attr->second.annotation == ir::IterVarType::Parallelized)
            parallel = iv->var.name();
        }
        QVERIFY2(!parallel.empty(), DesignSpace::Describe(seed).c_str());
        const std::string block = StageRuleOf(space, stage).channel.axis + ".outer";
        auto rows = seed.values.find(ChannelRowsKnobName(stage));
        QVERIFY(rows != seed.values.end());
        if (parallel.find(".fused") != std::string::npos) {
          const bool block_last =
              parallel.size() >= block.size() + 6 &&
              parallel.compare(parallel.size() - block.size() - 6, block.size(), block) == 0;
          // (conv2d's f comes before y: only the rows knob moves its blocks last.)
          const bool conv = QString(QTest::currentDataTag()).contains("x");
          if (rows->second[0] == 1 || conv)
            QVERIFY2(block_last == (rows->second[0] == 1),
                     (parallel + "\n" + DesignSpace::Describe(seed)).c_str());
          if (rows->second[0] == 1) ++rows_outer;
        }
      }
      if (!codegen::LLVMAvailable()) QSKIP("built without LLVM");
      auto kernel = runtime::BuildLLVM(valid->func);
      QVERIFY2(kernel.ok(), kernel.ok() ? "" : kernel.error().message.c_str());
      std::vector<runtime::NDArray> buffers;
      for (size_t i = 0; i < args.size(); ++i) {
        std::vector<int64_t> shape;
        for (const ir::Expr& e : args[i]->shape) shape.push_back(*ir::as_const_int(e));
        buffers.push_back(*runtime::NDArray::Empty(shape, args[i]->dtype));
        buffers.back().FillRandom(100 + i);
      }
      Status st = kernel->Call(buffers);
      QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
      auto checks = reference::CheckAgainstReference(valid->schedule, args, buffers, {});
      QVERIFY2(checks.ok(), checks.ok() ? "" : checks.error().message.c_str());
      QVERIFY(!checks->empty());
      for (const reference::OutputCheck& c : *checks)
        QVERIFY2(c.result.ok(),
                 (c.tensor + ": " + c.result.str() + "\n" + DesignSpace::Describe(seed)).c_str());
    }
    // The chunked (densest) seeds of the 3x3 convolution compute the padding per chunk in
    // one variant; the convolutions' other seeds inline it.
    if (QString(QTest::currentDataTag()).startsWith("3x3")) QVERIFY(at_chunk > 0);
    if (QString(QTest::currentDataTag()).contains("x")) QVERIFY(inlined > 0);
    // ... and some seeds put the rows outer (conv2d's n, y before the channel blocks).
    if (QString(QTest::currentDataTag()).contains("x")) QVERIFY(rows_outer > 0);
  }

  // A chunked seed's accumulator covers the whole output row; the output's copy out of it
  // writes a power of two of columns at a time when one of at least half a vector divides
  // the row — 8 of ResNet-50's 56 with 16 lanes (it wrote 14, a copy the code generator
  // could only emit as gathers or as a padded 16-row transpose) — and the widest divisor
  // otherwise (28 columns: 14, not 4).
  // Blocked outputs (TargetInfo::blocked.outputs) copy as many columns at a time, each
  // column a vector of channels: the row is never cut into the register tile's width
  // (3 of 28 columns on AVX2: a ragged last tile).
  void chunkedCopyWritesWholePowerOfTwoTiles_data() {
    QTest::addColumn<int>("size");
    QTest::addColumn<int>("columns");
    QTest::addColumn<bool>("blocked");
    QTest::newRow("56 columns") << 56 << 8 << false;
    QTest::newRow("28 columns") << 28 << 14 << false;
    QTest::newRow("56 columns, blocked output") << 56 << 8 << true;
    QTest::newRow("28 columns, blocked output") << 28 << 14 << true;
  }
  void chunkedCopyWritesWholePowerOfTwoTiles() {
    QFETCH(int, size);
    QFETCH(int, columns);
    QFETCH(bool, blocked);
    auto p = Load(Conv(16, size, 32, 3, 1, 1));
    TargetInfo target = IsaTarget("avx512f");
    target.blocked.outputs = blocked;
    DesignSpace space = SpaceOf(p, target);
    int chunked = 0;
    for (const Decisions& seed : ChannelSeeds(space, "conv")) {
      auto chunk = seed.values.find("conv.channel/chunk");
      if (chunk == seed.values.end() || chunk->second[0] == 0) continue;
      auto valid = space.Validate(seed, p.Arguments());
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      if (blocked) {
        // [f // B, n, y, x, f % B]: x (axis3, or axis3_1 beside the packed kernel's
        // loops) split in tiles of `columns`.
        const std::string script = CandidateScript(p, valid->schedule);
        const std::regex split(R"(s\[conv\]\.split\(axis3\w*, factor=)" + std::to_string(columns) +
                               R"(\))");
        QVERIFY2(std::regex_search(script, split), script.substr(script.find("s[conv]")).c_str());
        ++chunked;
        continue;
      }
      // The copy: conv[ramp(.., 1, columns)] = conv.local[ramp(.., channels, columns)].
      const std::string text = ir::to_string(valid->func.body);
      const std::string copy = ", 1, " + std::to_string(columns) + ")] = conv.local[ramp(";
      QVERIFY2(text.find(copy) != std::string::npos, (copy + "\n" + text).c_str());
      ++chunked;
    }
    QVERIFY(chunked > 0);
  }

  // The packing of the operand that moves with the vectorized axis is tiles of a vector's
  // channels x as many elements of each: the lowered copy reads vectors of channels, one
  // element of each channel's run (a strided ramp the code generator transposes in
  // registers), where its innermost loop over a block's channels was scalar (gathered).
  void packingIsVectorizedAcrossTheChannels_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("operand");
    QTest::addColumn<QString>("isa");
    QTest::addColumn<QString>("stage");
    const QString conv = QString::fromStdString(Conv(16, 14, 32, 3, 1, 1));
    QTest::newRow("conv2d, AVX-512") << conv << "kernel"
                                     << "avx512f"
                                     << "conv";
    QTest::newRow("conv2d, AVX2") << conv << "kernel"
                                  << "avx2"
                                  << "conv";
    QTest::newRow("GEMM rows, AVX2") << QString(kGemm) << "A"
                                     << "avx2"
                                     << "C";
  }
  void packingIsVectorizedAcrossTheChannels() {
    QFETCH(QString, source);
    QFETCH(QString, operand);
    QFETCH(QString, isa);
    QFETCH(QString, stage);
    auto p = Load(source.toStdString());
    const TargetInfo target = IsaTarget(isa.toStdString());
    DesignSpace space = SpaceOf(p, target);
    const std::string read = "] = " + operand.toStdString() + "[ramp(";
    const std::string lanes = ", " + std::to_string(target.vector_lanes) + ")]";
    int seeds = 0;
    for (const Decisions& seed : ChannelSeeds(space, stage.toStdString())) {
      auto valid = space.Validate(seed, p.Arguments());
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      const std::string text = ir::to_string(valid->func.body);
      const size_t at = text.find(read);
      QVERIFY2(at != std::string::npos, (DesignSpace::Describe(seed) + "\n" + text).c_str());
      const size_t end = text.find('\n', at);
      QVERIFY2(text.substr(at, end - at).find(lanes) != std::string::npos,
               text.substr(at, end - at).c_str());
      ++seeds;
    }
    QVERIFY(seeds > 0);
  }

  // The window knob: 1 unrolls the reduction axes after the first (conv2d's ky and kx), so
  // that the lowered accumulator has no ry / rx loop left; 0 keeps them. Both seeds of the
  // densest tile are there (the oracle check above runs every seed); a 7 x 7 window (49
  // steps, past kMaxUnrolledWindow) gets no knob.
  void windowKnobUnrollsTheKernelWindow() {
    auto p = Load(Conv(16, 14, 32, 3, 1, 1));
    DesignSpace space = SpaceOf(p, IsaTarget("avx512f"));
    int kept = 0, unrolled = 0;
    for (const Decisions& seed : ChannelSeeds(space, "conv")) {
      auto window = seed.values.find("conv.channel/window");
      QVERIFY(window != seed.values.end());
      auto valid = space.Validate(seed, p.Arguments());
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      const std::string text = ir::to_string(valid->func.body);
      const bool has_ry_loop = text.find("for (ry, ") != std::string::npos;
      QVERIFY2(has_ry_loop == (window->second[0] == 0),
               (DesignSpace::Describe(seed) + "\n" + text).c_str());
      ++(window->second[0] == 1 ? unrolled : kept);
    }
    QVERIFY(kept > 0);
    QVERIFY(unrolled > 0);
    auto wide = Load(Conv(8, 14, 32, 7, 1, 3));
    const DesignSpace wide_space = SpaceOf(wide, IsaTarget("avx512f"));
    for (const Knob& k : wide_space.knobs())
      QVERIFY2(k.name != "conv.channel/window", "a 7 x 7 window is not unrolled");
  }

  // A padding that another stage reads too stays at the root (the other reader needs all
  // of it), whatever the producer knob says; the seeds still agree with the oracle.
  void sharedPaddingStaysAtTheRoot() {
    std::string source = Conv(16, 14, 32, 3, 1, 1);
    const std::string tail = "s = te.create_schedule(conv.op)";
    const size_t at = source.find(tail);
    QVERIFY(at != std::string::npos);
    source.replace(
        at, tail.size(),
        "side = te.compute(pad.shape, lambda n, c, h, w: pad[n, c, h, w] * 2.0, name=\"side\")\n"
        "s = te.create_schedule([conv.op, side.op])");
    auto p = Load(source);
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    int checked = 0;
    for (Decisions seed : ChannelSeeds(space, "conv")) {
      auto producer = seed.values.find("conv.channel/producer");
      if (producer == seed.values.end()) continue;
      producer->second = {1};
      seed.values["pad.inline"] = {0};
      auto valid = space.Validate(seed, p.Arguments());
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      schedule::Stage pad = valid->schedule.find("pad");
      QVERIFY(pad);
      QCOMPARE(pad->attach_type, schedule::AttachType::GroupRoot);
      ++checked;
    }
    QVERIFY(checked > 0);
  }

  // With blocked outputs (TargetInfo::blocked.outputs) the output — or its element-wise
  // epilogue — is laid out in blocks of the tile's vectorized axis `a`, its axes in order
  // with a // B in a's place and a % B last (nChw8c for conv2d's channels), and its copy out writes
  // each column's B values of `a` as whole vectors (its innermost loop) instead of transposing
  // them; every seed matches the oracle, which compares the output in that layout.
  void blockedOutputsWriteWholeVectors_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("isa");
    const std::string conv = Conv(16, 14, 32, 3, 1, 1);
    std::string relu = conv;
    const std::string schedule = "s = te.create_schedule(conv.op)\n";
    relu.replace(relu.find(schedule), schedule.size(),
                 "out = te.compute(conv.shape, lambda n, f, y, x: te.max(conv[n, f, y, x], "
                 "tvm.tir.const(0.0, \"float32\")), name=\"out\")\n"
                 "s = te.create_schedule(out.op)\n");
    QTest::newRow("3x3 avx2") << QString::fromStdString(conv) << "avx2";
    QTest::newRow("3x3 relu avx512f") << QString::fromStdString(relu) << "avx512f";
    QTest::newRow("1x1 stride 2 avx512f")
        << QString::fromStdString(Conv(32, 14, 32, 1, 2, 0)) << "avx512f";
    QTest::newRow("gemm rows") << QString(kGemm) << "avx2";
  }
  void blockedOutputsWriteWholeVectors() {
    QFETCH(QString, source);
    QFETCH(QString, isa);
    auto p = Load(source.toStdString());
    TargetInfo target = IsaTarget(isa.toStdString());
    target.blocked.outputs = true;
    DesignSpace space = SpaceOf(p, target);
    const std::string output = p.schedule->outputs.front()->name;
    const std::string stage = output == "out" ? "conv" : output;
    const std::vector<Decisions> seeds = ChannelSeeds(space, stage);
    QVERIFY(!seeds.empty());
    int checked = 0;
    for (const Decisions& d : seeds) {
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      const std::string script = CandidateScript(p, valid->schedule);
      QVERIFY2(script.find("s[" + output + "].transform_layout(") != std::string::npos,
               script.c_str());
      // The layout's last loop: `a` % B.
      const size_t rank = te::output_of(p.schedule->outputs.front(), 0).ndim();
      if (rank == 4)
        QVERIFY2(script.find("transform_layout(lambda d0, d1, d2, d3: [d0, (d1 // ") !=
                     std::string::npos,
                 script.c_str());
      QVERIFY2(InnermostVectorized(valid->schedule.find(output)) == "axis" + std::to_string(rank),
               script.c_str());
      const QString failure = RunAgainstOracle(p, *valid, "channel_blocked_output");
      QVERIFY2(failure.isEmpty(),
               qPrintable(failure + "\n" + QString::fromStdString(DesignSpace::Describe(d))));
      ++checked;
    }
    QVERIFY(checked > 0);
  }

  // With a block of the run's own (BlockedArguments::block, a caller's nChw8c) smaller
  // than a tile's channels, the kernel and the output are laid out in it and a tile spans
  // several blocks: their loop within the tile is unrolled, the block's channels the
  // vector. A tile the block does not divide lays out nothing. A seed of each kind
  // matches the oracle.
  void aRunsOwnBlockIsHandedAcrossTiles() {
    auto p = Load(Conv(16, 14, 64, 3, 1, 1));
    TargetInfo target = IsaTarget("avx512f");
    target.blocked = {true, true, 8};
    DesignSpace space = SpaceOf(p, target);
    int spanning = 0;
    bool single = false;
    for (const Decisions& d : ChannelSeeds(space, "conv")) {
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      const std::string script = CandidateScript(p, valid->schedule);
      const int64_t tile = KnobValue(d, ChannelSplitKnobName("conv", "f"));
      QVERIFY2(tile % 8 == 0, script.c_str());
      QVERIFY2(script.find("s[conv].transform_layout(lambda d0, d1, d2, d3: [d0, (d1 // 8), d2, "
                           "d3, (d1 % 8)])") != std::string::npos,
               script.c_str());
      QVERIFY2(script.find("s[kernel].transform_layout(lambda d0, d1, d2, d3: [(d0 // 8), d1, "
                           "d2, d3, (d0 % 8)])") != std::string::npos,
               script.c_str());
      QVERIFY2(ArgumentLaidOutBeyond(valid->schedule, target.blocked).empty(), script.c_str());
      QVERIFY2(InnermostVectorized(valid->schedule.find("conv")) == "axis4", script.c_str());
      // The oracle runs one seed of each kind: a tile of one block and one of several.
      const bool spans = tile > 8;
      if (spans ? spanning == 0 : !single) {
        const QString failure = RunAgainstOracle(p, *valid, "channel_own_block");
        QVERIFY2(failure.isEmpty(),
                 qPrintable(failure + "\n" + QString::fromStdString(DesignSpace::Describe(d))));
      }
      spanning += spans ? 1 : 0;
      single = single || !spans;
    }
    QVERIFY(spanning > 0);
    // Blocks of 48 channels divide no power-of-two tile: nothing is laid out anew.
    target.blocked.block = 48;
    DesignSpace none = SpaceOf(p, target);
    for (const Decisions& d : ChannelSeeds(none, "conv")) {
      auto valid = none.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      QVERIFY(LaidOutArguments(valid->schedule).empty());
    }
  }
};

}  // namespace tst_tune_channel

QTEST_APPLESS_MAIN(tst_tune_channel::TuneChannel)
#include "tst_tune_channel.moc"
