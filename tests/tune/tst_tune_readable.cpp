// A tuned schedule reads as a person would write it: no split by 1 or by a loop's whole
// extent, no loops of extent 1 fused or reordered, short loop names (y_0, y_1,
// c_0_y_0_fused) — and it is the same schedule: its lowered program equals the generated
// one's once loop names are set aside (loops of extent 1 are gone from both), and its
// script prints back to itself, so a tuned candidate applied to the document is still the
// record that was measured.
#include <QFile>
#include <QtTest>
#include <random>
#include <regex>

#include "TuneTestSupport.h"
#include "schedule/Primitives.h"
#include "script/export/ScriptPrinter.h"
#include "transform/LowerSchedule.h"
#include "tune/KnobNames.h"
#include "tune/ReadableSchedule.h"

namespace tst_tune_readable {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

// A bare depthwise convolution with a batch of 1: every tile level of n is a split by 1.
const char* kDepthwise = R"(import tvm
from tvm import te
A = te.placeholder((1, 32, 30, 30), name="A")
Wt = te.placeholder((32, 1, 3, 3), name="Wt")
pad = te.compute((1, 32, 32, 32), lambda n, c, y, x: te.if_then_else(te.all(y >= 1, y < 31, x >= 1, x < 31), A[n, c, y - 1, x - 1], 0.0), name="pad")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
O = te.compute((1, 32, 30, 30), lambda n, c, y, x: te.sum(pad[n, c, y + ry, x + rx] * Wt[c, 0, ry, rx], axis=[ry, rx]), name="O")
s = te.create_schedule(O.op)
)";

const char* kGemm = R"(import tvm
from tvm import te
A = te.placeholder((64, 48), name="A")
B = te.placeholder((48, 32), name="B")
k = te.reduce_axis((0, 48), name="k")
C = te.compute((64, 32), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

TargetInfo Avx2() { return TargetInfoFromFeatures({"avx2", "fma"}, 2); }

// The final lowered program with each loop's variable renamed L0, L1, ... in the order the
// loops start (a later loop of the same name is a new one), and the loop named by an
// attribute left out (it stands right before its loop): two schedules that differ only by
// loops of extent 1 and names print alike.
QString Canonical(const schedule::Schedule& sch, const std::vector<te::Tensor>& args) {
  auto lowered = transform::LowerSchedule(sch, args, "llvm");
  if (!lowered) return QString::fromStdString("lowering failed: " + lowered.error().message);
  std::string text = lowered->timeline.back().ir;
  static const std::regex kAttrLoop(R"(iter_var\([^\]]*\)\])");
  text = std::regex_replace(text, kAttrLoop, "iter_var]");
  static const std::regex kToken(
      R"((for|parallel|vectorized|unrolled) \(([A-Za-z_][\w.]*), |[0-9][\w.]*|[A-Za-z_][\w.]*)");
  std::map<std::string, std::string> rename;
  int loops = 0;
  std::string out;
  auto last = text.cbegin();
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kToken);
       it != std::sregex_iterator(); ++it) {
    out.append(last, text.cbegin() + it->position());
    last = text.cbegin() + it->position() + it->length();
    if ((*it)[2].matched) {  // a loop starts: its variable gets the next name
      rename[(*it)[2].str()] = "L" + std::to_string(loops++);
      out += (*it)[1].str() + " (" + rename[(*it)[2].str()] + ", ";
      continue;
    }
    auto r = rename.find(it->str());
    out += r != rename.end() ? r->second : it->str();
  }
  out.append(last, text.cend());
  return QString::fromStdString(out);
}

// The first line where `a` and `b` differ, with both lines ("" when they are equal).
QString FirstDifference(const QString& a, const QString& b) {
  const QStringList x = a.split('\n'), y = b.split('\n');
  for (int i = 0; i < std::max(x.size(), y.size()); ++i) {
    const QString l = i < x.size() ? x[i] : "(end)", r = i < y.size() ? y[i] : "(end)";
    if (l != r) return QString("line %1:\n  %2\n  %3").arg(i + 1).arg(l, r);
  }
  return {};
}

int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The seeds of `stage`'s plain tile rule (not ChannelTile's) that compute in place,
// validated.
std::vector<schedule::Schedule> PlainTileSeeds(const script::ScriptProgram& p,
                                               const std::string& stage) {
  DesignSpace space = SpaceOf(p, Avx2());
  std::vector<schedule::Schedule> out;
  for (const Decisions& d : space.Seeds()) {
    auto channel = d.values.find(ChannelKnobName(stage));
    if (channel != d.values.end() && channel->second == std::vector<int64_t>{1}) continue;
    auto acc = d.values.find(CacheWriteKnobName(stage));
    if (acc != d.values.end() && acc->second == std::vector<int64_t>{1}) continue;
    if (auto c = space.Validate(d, p.Arguments())) out.push_back(std::move(c->schedule));
  }
  return out;
}

// The seeds and `samples` random points of `source`'s generated space, validated.
std::vector<schedule::Schedule> Candidates(const script::ScriptProgram& p, int samples) {
  DesignSpace space = SpaceOf(p, Avx2());
  std::vector<Decisions> points = space.Seeds();
  std::mt19937_64 rng(7);
  for (int i = 0; i < samples; ++i) points.push_back(space.Sample(rng));
  std::vector<schedule::Schedule> out;
  for (const Decisions& d : points)
    if (auto c = space.Validate(d, p.Arguments())) out.push_back(std::move(c->schedule));
  return out;
}

}  // namespace

class TestTuneReadable : public QObject {
  Q_OBJECT

 private slots:
  // The depthwise convolution's first seed of the plain tile (the channel tile's come
  // before it): 14 splits (12 of them by 1) and a fused loop named after 4 loops become 5
  // splits and one parallel loop c_0.
  void theSeedOfADepthwiseConvolutionReads() {
    script::ScriptProgram p = Load(kDepthwise);
    std::vector<schedule::Schedule> seeds = PlainTileSeeds(p, "O");
    QVERIFY(!seeds.empty());
    const std::string before = CandidateScript(p, seeds[0]);
    const std::string after = ReadableCandidateScript(p, seeds[0]);
    QVERIFY2(Count(before, "factor=1)") > 0, before.c_str());
    // Only the reduction's splits by 1 stay (they place its accumulator's initialisation).
    QCOMPARE(Count(after, "factor=1)"), 2);
    QVERIFY2(after.find(".split(ry, factor=1)") != std::string::npos &&
                 after.find(".split(rx, factor=1)") != std::string::npos,
             after.c_str());
    QVERIFY2(after.find("outer_outer") == std::string::npos, after.c_str());
    QVERIFY2(Count(after, ".split(") < Count(before, ".split("), after.c_str());
    // No name of the schedule is longer than a few parts.
    static const std::regex kAssigned(R"(\n([\w, ]+) = s\[)");
    for (auto it = std::sregex_iterator(after.begin(), after.end(), kAssigned);
         it != std::sregex_iterator(); ++it)
      QVERIFY2((*it)[1].length() <= 24, (*it)[1].str().c_str());
    QCOMPARE(Canonical(*DropUnitLoops(seeds[0]), p.Arguments()),
             Canonical(seeds[0], p.Arguments()));
    // It computes what the te definition does.
    runner::MeasureRequest request;
    request.id = "readable";
    request.script = after;
    request.warmup = 0;
    request.repeat = 1;
    request.check = true;
    runner::MeasureResult r = runner::MeasureOne(request, "");
    QVERIFY2(r.status == runner::MeasureStatus::Ok, (r.message + "\n" + after).c_str());
  }

  // Every seed and a sample of each space: the same lowered program, fewer or as many
  // splits, most splits by 1 gone (ReadableSchedule.h says which stay), and a fixed point —
  // the printed script, evaluated and made readable again, is the same text.
  void everyCandidateIsTheSameScheduleAndAFixedPoint_data() {
    QTest::addColumn<QString>("source");
    QTest::newRow("depthwise") << kDepthwise;
    QTest::newRow("gemm") << kGemm;
    QTest::newRow("conv") << QString::fromStdString(kTinyConv);
    QTest::newRow("softmax") << kTinySoftmax;
  }
  void everyCandidateIsTheSameScheduleAndAFixedPoint() {
    QFETCH(QString, source);
    script::ScriptProgram p = Load(source.toStdString());
    std::vector<schedule::Schedule> candidates = Candidates(p, 12);
    QVERIFY(candidates.size() >= 8);
    int rewritten = 0, unit_splits_before = 0, unit_splits_left = 0;
    for (const schedule::Schedule& c : candidates) {
      auto tidy = DropUnitLoops(c);
      QVERIFY2(tidy.ok(), tidy.ok() ? "" : tidy.error().message.c_str());
      const QString diff =
          FirstDifference(Canonical(*tidy, p.Arguments()), Canonical(c, p.Arguments()));
      QVERIFY2(diff.isEmpty(), qPrintable(diff));
      QVERIFY(tidy->trace.entries.size() <= c.trace.entries.size());
      if (tidy->trace.entries.size() < c.trace.entries.size()) ++rewritten;
      const std::string script = ReadableCandidateScript(p, c);
      unit_splits_before += Count(CandidateScript(p, c), "factor=1)");
      unit_splits_left += Count(script, "factor=1)");
      auto again = script::EvaluateScript(script, "readable.py");
      QVERIFY2(again.ok(), again.ok() ? "" : (again.error().format() + "\n" + script).c_str());
      QCOMPARE(QString::fromStdString(script::PrintScript(*again)), QString::fromStdString(script));
      QCOMPARE(QString::fromStdString(ReadableCandidateScript(*again, *again->schedule)),
               QString::fromStdString(script));
    }
    QVERIFY2(rewritten > 0, "no candidate had a loop of extent 1 to drop");
    // Those left split a reduction or an axis of a stage computed at another's loop.
    QVERIFY2(
        unit_splits_left * 4 <= unit_splits_before,
        qPrintable(
            QString("%1 of %2 splits by 1 left").arg(unit_splits_left).arg(unit_splits_before)));
  }

  // A loop of extent 1 that a stage is computed at stays (its split too); a fused loop of
  // loops of extent 1 that a pragma names keeps its outermost part for the pragma.
  void neededLoopsOfExtentOneStay() {
    script::ScriptProgram p = Load(kTinySoftmax);
    schedule::Schedule sch = p.schedule->copy();
    schedule::Stage b = sch.find("B"), expsum = sch.find("expsum");
    auto i = schedule::Split(sch, b, b->leaf_iter_vars[0], 1);  // i.inner: extent 1
    QVERIFY(i.ok());
    QVERIFY(schedule::ComputeAt(sch, expsum, b, i->second).ok());
    auto j = schedule::Split(sch, b, b->leaf_iter_vars[2], 64);  // j.outer: extent 1
    QVERIFY(j.ok());
    auto ji = schedule::Split(sch, b, j->second, 64);  // j.inner.outer: extent 1
    QVERIFY(ji.ok());
    auto fused = schedule::Fuse(sch, b, {j->first, ji->first});
    QVERIFY2(fused.ok(), fused.ok() ? "" : fused.error().message.c_str());
    QVERIFY(schedule::Pragma(sch, b, *fused, "fp_contract").ok());
    auto tidy = DropUnitLoops(sch);
    QVERIFY2(tidy.ok(), tidy.ok() ? "" : tidy.error().message.c_str());
    const QString diff =
        FirstDifference(Canonical(*tidy, p.Arguments()), Canonical(sch, p.Arguments()));
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    std::string trace;
    for (const schedule::TraceEntry& e : tidy->trace.entries)
      trace += schedule::to_string(e) + "\n";
    const QString text = QString::fromStdString(trace);
    QVERIFY2(text.contains("split(B, i, factor=1)"), qPrintable(text));
    QVERIFY2(text.contains("compute_at(expsum, B, i.inner)"), qPrintable(text));
    QVERIFY2(text.contains("split(B, j, factor=64)"), qPrintable(text));
    QCOMPARE(text.count("split("), 2);
    QVERIFY2(!text.contains("fuse("), qPrintable(text));
    QVERIFY2(text.contains("pragma(B, j.outer"), qPrintable(text));
  }

  // A stage computed at a fused loop that would be left with one loop of a ragged split
  // (32 channels in tiles of 3): its bounds come through the fuse (the last tile clipped),
  // through a plain loop otherwise (the loop partitioned), so the fuse stays.
  void aFusedLoopAStageIsComputedAtStays() {
    script::ScriptProgram p = Load(kDepthwise);
    schedule::Schedule sch = p.schedule->copy();
    schedule::Stage o = sch.find("O");
    auto copy = schedule::CacheRead(sch, sch.find("Wt"), "global", {o});
    QVERIFY(copy.ok());
    auto c = schedule::Split(sch, o, o->leaf_iter_vars[1], 3);  // 11 tiles, the last of 2
    QVERIFY(c.ok());
    auto y = schedule::Split(sch, o, o->leaf_iter_vars[3], 30);  // y.outer: extent 1
    QVERIFY(y.ok());
    QVERIFY(schedule::Reorder(sch, o, {c->first, y->first, c->second}).ok());
    auto fused = schedule::Fuse(sch, o, {o->leaf_iter_vars[0], c->first, y->first});
    QVERIFY2(fused.ok(), fused.ok() ? "" : fused.error().message.c_str());
    QVERIFY(schedule::Parallel(sch, o, *fused).ok());
    QVERIFY(schedule::ComputeAt(sch, *copy, o, *fused).ok());
    auto tidy = DropUnitLoops(sch);
    QVERIFY2(tidy.ok(), tidy.ok() ? "" : tidy.error().message.c_str());
    const QString diff =
        FirstDifference(Canonical(*tidy, p.Arguments()), Canonical(sch, p.Arguments()));
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
  }

  // nparts 1 and a tile by 1 are dropped like factor splits; a fuse whose ends are loops of
  // extent 1 fuses what is between them.
  void npartsTileAndFuseEnds() {
    script::ScriptProgram p = Load(kGemm);
    schedule::Schedule sch = p.schedule->copy();
    schedule::Stage c = sch.find("C");
    auto i = schedule::SplitByNParts(sch, c, c->leaf_iter_vars[0], 1);  // i.outer: extent 1
    QVERIFY(i.ok());
    auto tiles = schedule::Tile(sch, c, i->second, c->leaf_iter_vars[2], 1, 8);
    QVERIFY(tiles.ok());
    // Leaves: i.outer(1), i.inner.outer(64), j.outer(4), i.inner.inner(1), j.inner(8), k
    auto fused = schedule::Fuse(
        sch, c,
        {c->leaf_iter_vars[0], c->leaf_iter_vars[1], c->leaf_iter_vars[2], c->leaf_iter_vars[3]});
    QVERIFY2(fused.ok(), fused.ok() ? "" : fused.error().message.c_str());
    QVERIFY(schedule::Parallel(sch, c, *fused).ok());
    auto tidy = DropUnitLoops(sch);
    QVERIFY2(tidy.ok(), tidy.ok() ? "" : tidy.error().message.c_str());
    QCOMPARE(Canonical(*tidy, p.Arguments()), Canonical(sch, p.Arguments()));
    std::string text;
    for (const schedule::TraceEntry& e : tidy->trace.entries) text += schedule::to_string(e) + "\n";
    QVERIFY2(Count(text, "split(") == 1 && text.find("split(C, j, factor=8)") != std::string::npos,
             text.c_str());
    QVERIFY2(text.find("fuse(C, i, j.outer)") != std::string::npos, text.c_str());
    QVERIFY2(text.find("parallel(C, i.j.outer.fused)") != std::string::npos, text.c_str());
    const std::string script = ReadableCandidateScript(p, sch);
    QVERIFY2(script.find("j_0, j_1 = s[C].split(C.op.axis[1], factor=8)") != std::string::npos,
             script.c_str());
    QVERIFY2(script.find("i_j_0_fused = s[C].fuse(C.op.axis[0], j_0)") != std::string::npos,
             script.c_str());
  }

  // What it does not rewrite is refused by name; the tuner then keeps the schedule as made.
  void aGroupIsKeptAsItIs() {
    script::ScriptProgram p = Load(R"(import tvm
from tvm import te
A = te.placeholder((16,), name="A")
B = te.compute((16,), lambda i: A[i] + 1.0, name="B")
C = te.compute((16,), lambda i: B[i] * 2.0, name="C")
s = te.create_schedule(C.op)
g = s.create_group(outputs=C, inputs=A, include_inputs=False)
io, ii = s[C].split(C.op.axis[0], factor=1)
)");
    auto tidy = DropUnitLoops(*p.schedule);
    QVERIFY(!tidy.ok());
    QVERIFY2(tidy.error().message.find("create_group") != std::string::npos,
             tidy.error().message.c_str());
    const std::string script = ReadableCandidateScript(p, *p.schedule);
    QVERIFY2(script.find("split(C.op.axis[0], factor=1)") != std::string::npos, script.c_str());
  }
};

}  // namespace tst_tune_readable

QTEST_APPLESS_MAIN(tst_tune_readable::TestTuneReadable)
#include "tst_tune_readable.moc"
