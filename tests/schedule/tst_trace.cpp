// The Trace: every primitive is recorded with TVM-expressible handles, ApplyPrimitive
// applies entries by name, and Replay reproduces a schedule exactly.
#include <QtTest>

#include "ScheduleTestSupport.h"
#include "schedule/Replay.h"

namespace tst_trace {

using namespace tessera;
using namespace tessera::testing;

class TestTrace : public QObject {
  Q_OBJECT

 private slots:
  void splitEntryReferencesAxisByHandle() {
    CD w;
    auto [o, i] = *Split(w.sch, w.d(), w.d_axis(0), 8);
    QVERIFY(Vectorize(w.sch, w.d(), i).ok());
    const TraceEntry& split = w.sch.trace.entries.at(0);
    QCOMPARE(Q(split.primitive), QString("split"));
    QCOMPARE(Q(split.stage.name), QString("D"));
    QCOMPARE(split.iter_vars.at(0).origin, IterVarRef::Origin::Axis);
    QCOMPARE(split.iter_vars.at(0).index, 0);
    QCOMPARE(split.ints.at("factor"), int64_t(8));
    QCOMPARE(split.outputs, (std::vector<std::string>{"i.outer", "i.inner"}));
    const TraceEntry& vec = w.sch.trace.entries.at(1);
    QCOMPARE(vec.iter_vars.at(0).origin, IterVarRef::Origin::EntryOutput);
    QCOMPARE(vec.iter_vars.at(0).entry, 0);
    QCOMPARE(vec.iter_vars.at(0).index, 1);
    QCOMPARE(Q(to_string(split)), QString("split(D, i, factor=8) -> i.outer, i.inner"));
  }

  void reduceAxisHandle() {
    Gemm g;
    QVERIFY(Split(g.sch, g.c(), g.k, 4).ok());
    QCOMPARE(g.sch.trace.entries[0].iter_vars[0].origin, IterVarRef::Origin::ReduceAxis);
  }

  void stageCreatedByEntryIsReferenced() {
    Gemm g;
    Stage cl = *CacheWrite(g.sch, g.c(), "local");
    QVERIFY(Split(g.sch, cl, cl->leaf_iter_vars[0], 4).ok());
    const TraceEntry& e = g.sch.trace.entries.at(1);
    QCOMPARE(Q(e.stage.name), QString("C.local"));
    QCOMPARE(e.stage.entry, 0);
  }

  void applyPrimitiveByName() {
    CD w;
    TraceEntry e;
    e.primitive = "split";
    e.stage.name = "D";
    e.iter_vars = {IterVarRef{"j", "D"}};
    e.ints["factor"] = 4;
    QVERIFY(ApplyPrimitive(w.sch, e).ok());
    QCOMPARE(Names(w.d()->leaf_iter_vars), QStringList({"i", "j.outer", "j.inner"}));
    TraceEntry at;
    at.primitive = "compute_at";
    at.stage.name = "C";
    at.stages = {StageRef{"D"}};
    at.iter_vars = {IterVarRef{"j.outer", "D"}};
    QVERIFY(ApplyPrimitive(w.sch, at).ok());
    QVERIFY(w.c()->attach_ivar == w.d()->leaf_iter_vars[1]);
  }

  void applyPrimitiveReportsBadNames_data() {
    QTest::addColumn<QString>("primitive");
    QTest::addColumn<QString>("stage");
    QTest::addColumn<QString>("var");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown primitive") << "splat"
                                       << "D"
                                       << "i"
                                       << "unknown schedule primitive";
    QTest::newRow("unknown stage") << "split"
                                   << "Q"
                                   << "i"
                                   << "no stage named 'Q'";
    QTest::newRow("unknown var") << "split"
                                 << "D"
                                 << "z"
                                 << "no iter var named 'z'";
    QTest::newRow("missing factor") << "split"
                                    << "D"
                                    << "i"
                                    << "needs factor or nparts";
  }

  void applyPrimitiveReportsBadNames() {
    QFETCH(QString, primitive);
    QFETCH(QString, stage);
    QFETCH(QString, var);
    QFETCH(QString, message);
    CD w;
    QString before = Snapshot(w.sch);
    TraceEntry e;
    e.primitive = primitive.toStdString();
    e.stage.name = stage.toStdString();
    e.iter_vars = {IterVarRef{var.toStdString(), stage.toStdString()}};
    Status st = ApplyPrimitive(w.sch, e);
    QVERIFY(!st.ok());
    QVERIFY2(st.error().message.find(message.toStdString()) != std::string::npos,
             st.error().message.c_str());
    QCOMPARE(Snapshot(w.sch), before);
  }

  void replayReproducesTheSchedule() {
    Gemm g;
    Stage a = g.sch.find("A");
    Stage cl = *CacheWrite(g.sch, g.c(), "local");
    Stage as = *CacheRead(g.sch, a, "shared", {cl});
    auto t = *Tile(g.sch, g.c(), g.c()->leaf_iter_vars[0], g.c()->leaf_iter_vars[1], 8, 8);
    IterVar f = *Fuse(g.sch, g.c(), {t[0], t[1]});
    QVERIFY(Bind(g.sch, g.c(), f, g.sch.thread_axis("blockIdx.x")).ok());
    QVERIFY(ComputeAt(g.sch, cl, g.c(), f).ok());
    IterVar k = cl->leaf_iter_vars.back();
    auto [ko, ki] = *Split(g.sch, cl, k, 4);
    QVERIFY(ComputeAt(g.sch, as, cl, ko).ok());
    QVERIFY(Unroll(g.sch, cl, ki).ok());
    QVERIFY(Vectorize(g.sch, g.c(), t[3]).ok());
    QVERIFY(Pragma(g.sch, g.c(), t[2], "unroll_explicit", 0).ok());
    QVERIFY(StorageAlign(g.sch, as, as->leaf_iter_vars[0], 16, 1).ok());

    Result<Schedule> again = Replay(g.sch.trace, std::vector<Tensor>{g.C});
    QVERIFY2(again.ok(), again.ok() ? "" : again.error().message.c_str());
    QCOMPARE(Snapshot(*again), Snapshot(g.sch));
    QVERIFY(again->trace == g.sch.trace);
  }

  void replayOfRfactor() {
    Gemm g;
    auto [ko, ki] = *Split(g.sch, g.c(), g.k, 16);
    Stage rf = *RFactor(g.sch, g.c(), ki, 1);
    QVERIFY(ComputeAt(g.sch, rf, g.c(), g.c()->leaf_iter_vars[1]).ok());
    Result<Schedule> again = Replay(g.sch.trace, std::vector<Tensor>{g.C});
    QVERIFY(again.ok());
    QCOMPARE(Snapshot(*again), Snapshot(g.sch));
  }

  void replayReportsTheFailingEntry() {
    CD w;
    QVERIFY(Split(w.sch, w.d(), w.d_axis(0), 2).ok());
    Trace t = w.sch.trace;
    t.entries[0].iter_vars[0].name = "nope";
    Result<Schedule> again = Replay(t, std::vector<Tensor>{w.D});
    QVERIFY(!again.ok());
    QVERIFY(again.error().message.find("trace entry 0") != std::string::npos);
  }
};

}  // namespace tst_trace

QTEST_APPLESS_MAIN(tst_trace::TestTrace)
#include "tst_trace.moc"
