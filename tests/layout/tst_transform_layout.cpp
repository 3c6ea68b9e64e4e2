// The transform_layout primitive (RFC 0077, shared/seeds/rfc0077-digest.md §1.1-1.2):
// what it records on a stage, how a compute stage's loops follow the layout (TVM's TE
// behaviour), its trace entry and replay, and every error path.
#include <QtTest>

#include "LayoutTestSupport.h"
#include "schedule/Bound.h"
#include "schedule/BoundsReport.h"
#include "schedule/Normalize.h"

namespace tst_transform_layout {

using namespace tessera;
using namespace tessera::testing;
using namespace tessera::schedule;
using layout::PadValue;

namespace {

// A[14] -> B[14] = A[i] * 2 -> C[14] = B[i] + 1.
struct Chain {
  te::Tensor A = *te::placeholder({14}, DataType::Float(32), "A");
  te::Tensor B = Compute({14}, [&](auto& v) { return A(v[0]) * 2.0; }, "B", {"i"});
  te::Tensor C = Compute({14}, [&](auto& v) { return B(v[0]) + 1.0; }, "C", {"i"});
  Schedule sch = std::move(create_schedule({C}).value());
  Stage s(const char* n) const { return sch.find(n); }
};

std::string Message(const Result<std::vector<IterVar>>& r) {
  return r.ok() ? "" : r.error().message;
}

}  // namespace

class TestTransformLayout : public QObject {
  Q_OBJECT

 private slots:
  void placeholderKeepsNoLoopsAndRecordsTheLayout() {
    Chain w;
    auto vars = TransformLayout(w.sch, w.s("A"), SplitMap(4), PadValue::Constant(Expr(0.0)));
    QVERIFY2(vars.ok(), Message(vars).c_str());
    QVERIFY(vars->empty());
    QVERIFY(w.s("A")->layout);
    QCOMPARE(ConstShape(w.s("A")->layout->padded.physical_shape), (std::vector<int64_t>{4, 4}));
    QCOMPARE(*w.s("A")->layout->padded.padding_count, int64_t{2});
    QCOMPARE(w.sch.buffer_layouts().size(), size_t{1});
    QCOMPARE(w.sch.buffer_layouts()[0].name, std::string("A"));
  }

  void computeLoopsFollowTheLayoutLikeTvm() {
    Chain w;
    auto vars = TransformLayout(w.sch, w.s("B"), SplitMap(4));
    QVERIFY2(vars.ok(), Message(vars).c_str());
    QCOMPARE(Names(*vars), QStringList({"axis0", "axis1"}));
    QCOMPARE(Names(w.s("B")->leaf_iter_vars), QStringList({"axis0", "axis1"}));
    QCOMPARE(w.s("B")->relations.size(), size_t{1});
    QCOMPARE(std::string(relation_name(w.s("B")->relations[0])), std::string("transform"));
    // The new loops run over the physical shape [4, 4].
    Schedule n = Normalize(w.sch);
    auto rmap = InferBound(n);
    QVERIFY(rmap.ok());
    QVERIFY(ir::is_const_int(rmap->at((*vars)[0]).extent, 4));
    QVERIFY(ir::is_const_int(rmap->at((*vars)[1]).extent, 4));
  }

  void newLoopsCanBeScheduledFurther() {
    Chain w;
    auto vars = *TransformLayout(w.sch, w.s("B"), SplitMap(4));
    QVERIFY(Reorder(w.sch, w.s("B"), {vars[1], vars[0]}).ok());
    QVERIFY(Vectorize(w.sch, w.s("B"), vars[0]).ok());
    QVERIFY(ComputeAt(w.sch, w.s("B"), w.s("C"), w.s("C")->leaf_iter_vars[0]).ok());
  }

  void traceEntryCarriesTheLambdas() {
    Chain w;
    Var io("io"), ii("ii");
    PadValue pad = PadValue::Function({io, ii}, ir::cast(DataType::Float(32), io * 10 + ii));
    QVERIFY(TransformLayout(w.sch, w.s("B"), SplitMap(4), pad, {1}).ok());
    const TraceEntry& e = w.sch.trace.entries.back();
    QCOMPARE(e.primitive, std::string("transform_layout"));
    QCOMPARE(e.strings.at("pad_kind"), std::string("function"));
    QCOMPARE(e.lambdas.at("index_map").params.size(), size_t{1});
    QCOMPARE(e.lambdas.at("pad_value").params.size(), size_t{2});
    QCOMPARE(e.int_lists.at("axis_separators"), std::vector<int64_t>{1});
    QCOMPARE(e.outputs, (std::vector<std::string>{"axis0", "axis1"}));
    QVERIFY2(to_string(e).find("index_map=lambda i: [floordiv(i, 4), floormod(i, 4)]") !=
                 std::string::npos,
             to_string(e).c_str());
  }

  void replayReproducesTheSchedule() {
    Chain w;
    auto vars = *TransformLayout(w.sch, w.s("B"), SplitMap(4), PadValue::Undef());
    QVERIFY(TransformLayout(w.sch, w.s("A"), SplitMap(4), PadValue::Constant(Expr(-1.0))).ok());
    QVERIFY(Split(w.sch, w.s("B"), vars[1], 2).ok());
    auto replayed = Replay(w.sch.trace, std::vector<te::Tensor>{w.C});
    QVERIFY2(replayed.ok(), replayed.ok() ? "" : replayed.error().message.c_str());
    QVERIFY(replayed->trace == w.sch.trace);
    QCOMPARE(Names(replayed->find("B")->leaf_iter_vars), Names(w.s("B")->leaf_iter_vars));
    QVERIFY(replayed->find("A")->layout->pad_value == w.s("A")->layout->pad_value);
    QVERIFY(replayed->find("B")->layout->pad_value.kind == PadValue::Kind::Undef);
  }

  void lambdaEqualityMatchesParametersByPosition() {
    Var i("i"), j("j"), x("x"), y("y");
    TraceLambda a{{i, j}, {j, i}}, b{{x, y}, {y, x}}, swapped{{x, y}, {x, y}};
    QVERIFY(a == b);
    QVERIFY(!(a == swapped));
  }

  void errors_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("message");
    QTest::newRow("already transformed") << 0 << "already has a layout transform";
    QTest::newRow("reordered axes") << 1 << "reordered";
    QTest::newRow("split axis") << 2 << "not a leaf";
    QTest::newRow("inlined stage") << 3 << "inlined";
    QTest::newRow("rank mismatch") << 4 << "rank";
    QTest::newRow("pad reads another buffer") << 5 << "reads A";
    QTest::newRow("pad function arity") << 6 << "takes 1 indices";
    QTest::newRow("bad axis separators") << 7 << "axis_separators";
    QTest::newRow("pad without inverse") << 8 << "cannot invert";
    QTest::newRow("pad reads padding of itself") << 9 << "cannot prove is a data cell";
    QTest::newRow("map uses a free variable") << 10 << "neither one of its indices";
    QTest::newRow("negative physical index") << 11 << "negative";
    QTest::newRow("fractional pad for ints") << 12 << "not a int32 value";
  }
  void errors() {
    QFETCH(int, kind);
    QFETCH(QString, message);
    // A 2-D variant for the axis errors; the chain for the rest.
    te::Tensor A = *te::placeholder({8, 6}, DataType::Float(32), "A");
    te::Tensor B = Compute({8, 6}, [&](auto& v) { return A(v[0], v[1]) + 1.0; }, "B", {"i", "j"});
    te::Tensor C = Compute({8, 6}, [&](auto& v) { return B(v[0], v[1]) * 2.0; }, "C", {"i", "j"});
    te::Tensor I = Compute({8}, [&](auto& v) { return v[0] + 0; }, "I", {"i"});
    Schedule sch = std::move(create_schedule({C, I}).value());
    Stage b = sch.find("B");
    Var i("i"), j("j"), p("p"), q("q");
    ir::IndexMap identity2 = Map({i, j}, {i, j});
    Result<std::vector<IterVar>> r = Error("not run");
    switch (kind) {
      case 0:
        QVERIFY(TransformLayout(sch, b, identity2).ok());
        r = TransformLayout(sch, b, identity2);
        break;
      case 1:
        QVERIFY(Reorder(sch, b, {b->leaf_iter_vars[1], b->leaf_iter_vars[0]}).ok());
        r = TransformLayout(sch, b, identity2);
        break;
      case 2:
        QVERIFY(Split(sch, b, b->leaf_iter_vars[1], 2).ok());
        r = TransformLayout(sch, b, identity2);
        break;
      case 3:
        QVERIFY(ComputeInline(sch, b).ok());
        r = TransformLayout(sch, b, identity2);
        break;
      case 4:
        r = TransformLayout(sch, b, SplitMap(4));
        break;
      case 5:
        r = TransformLayout(sch, b, Map({i, j}, {i, floordiv(j, Expr(4)), floormod(j, Expr(4))}),
                            PadValue::Function({p, q, Var("r")}, A(Expr(0), Expr(0))));
        break;
      case 6:
        r = TransformLayout(sch, b, Map({i, j}, {i, floordiv(j, Expr(4)), floormod(j, Expr(4))}),
                            PadValue::Function({p}, Expr(0.0)));
        break;
      case 7:
        r = TransformLayout(sch, b, identity2, {}, {2});
        break;
      case 8:
        // [i, j] -> [i + j, j] is injective on 8x6 but not a split/fuse/offset map.
        r = TransformLayout(sch, b, Map({i, j}, {i + j, j}), PadValue::Constant(Expr(0.0)));
        break;
      case 9: {
        Var r0("r0"), r1("r1"), r2("r2");
        r = TransformLayout(sch, b, Map({i, j}, {i, floordiv(j, Expr(4)), floormod(j, Expr(4))}),
                            PadValue::Function({r0, r1, r2}, B(r0, r1, r2)));
        break;
      }
      case 10:
        r = TransformLayout(sch, b, Map({i, j}, {i + p, j}));
        break;
      case 11:
        r = TransformLayout(sch, b, Map({i, j}, {i - 1, j}));
        break;
      case 12: {
        Stage s = sch.find("I");
        r = TransformLayout(sch, s, SplitMap(3), PadValue::Constant(Expr(0.5)));
        break;
      }
    }
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains(message),
             r.error().message.c_str());
    QVERIFY2(r.error().message.rfind("transform_layout", 0) == 0, r.error().message.c_str());
  }

  void failedCallLeavesTheScheduleUnchanged() {
    Chain w;
    QString before = Snapshot(w.sch);
    QVERIFY(!TransformLayout(w.sch, w.s("B"), SplitMap(4), {}, {5}).ok());
    QCOMPARE(Snapshot(w.sch), before);
    QVERIFY(!w.s("B")->layout);
  }

  // InferBound, the bounds report and the phase tables work on transformed loops.
  void boundsOfATransformedStage() {
    Chain w;
    auto vars = *TransformLayout(w.sch, w.s("B"), SplitMap(4));
    QVERIFY(ComputeAt(w.sch, w.s("B"), w.s("C"), w.s("C")->leaf_iter_vars[0]).ok());
    auto report = MakeBoundsReport(w.sch);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
    auto tables = ExplainInferRootBound(w.sch, "B", "C");
    QVERIFY(tables.ok() && tables->found);
    // At C's loop i, B is needed at one logical element: one physical cell.
    Schedule n = Normalize(w.sch);
    auto rmap = *InferBound(n);
    QVERIFY2(ir::is_one(rmap.at(vars[0]).extent), ir::to_string(rmap.at(vars[0]).extent).c_str());
    QVERIFY2(ir::is_one(rmap.at(vars[1]).extent), ir::to_string(rmap.at(vars[1]).extent).c_str());
  }

  void computeInlineRefusesATransformedStage() {
    Chain w;
    QVERIFY(TransformLayout(w.sch, w.s("B"), SplitMap(4)).ok());
    Status s = ComputeInline(w.sch, w.s("B"));
    QVERIFY(!s.ok());
    QVERIFY(s.error().message.find("layout transform") != std::string::npos);
  }

 private:
  static QStringList Names(const std::vector<IterVar>& vars) {
    QStringList out;
    for (const IterVar& iv : vars) out << QString::fromStdString(iv->var.name());
    return out;
  }
  static QString Snapshot(const Schedule& sch) {
    QString out;
    for (const Stage& s : sch.stages)
      out += QString::fromStdString(s->name()) + " " + Names(s->leaf_iter_vars).join(",") + " " +
             QString::number(s->relations.size()) + "\n";
    for (const TraceEntry& e : sch.trace.entries)
      out += QString::fromStdString(to_string(e)) + "\n";
    return out;
  }
};

}  // namespace tst_transform_layout

QTEST_APPLESS_MAIN(tst_transform_layout::TestTransformLayout)
#include "tst_transform_layout.moc"
