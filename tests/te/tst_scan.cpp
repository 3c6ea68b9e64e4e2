// te.scan (issue #18): TVM's scan tutorial (cumsum over rows with a te.placeholder
// state, the multi-state and the multi-stage variants) evaluated from scripts, bounded
// as TVM's InferBound bounds a scan (update at one time step, init over its times, the
// scan axis from the first update time to the last time read), lowered to a serial
// time loop writing one buffer, run (interpreter and LLVM) and checked against the te
// oracle, whose own values are checked by hand; and the illegal scans and schedules
// with their located messages.
#include <QtTest>

#include "TeTestSupport.h"
#include "ir/ExprOp.h"
#include "schedule/Bound.h"
#include "schedule/Graph.h"
#include "schedule/Normalize.h"
#include "schedule/Primitives.h"
#include "script/export/ScriptPrinter.h"
#include "te/Compute.h"
#include "te/Scan.h"

namespace tst_scan {

using namespace tessera;
using namespace tessera::te_testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\n";

// The tutorial's cumulative sum: s_scan[t, i] = X[0, i] + ... + X[t, i].
std::string CumsumScript(const std::string& schedule) {
  return std::string(kHeader) +
         "m = te.var(\"m\")\n"
         "n = te.var(\"n\")\n"
         "X = te.placeholder((m, n), name=\"X\")\n"
         "s_state = te.placeholder((m, n))\n"
         "s_init = te.compute((1, n), lambda _, i: X[0, i])\n"
         "s_update = te.compute((m, n), lambda t, i: s_state[t - 1, i] + X[t, i])\n"
         "s_scan = tvm.te.scan(s_init, s_update, s_state, inputs=[X])\n"
         "s = te.create_schedule(s_scan.op)\n" +
         schedule;
}

// The tutorial's two states: the second accumulates the first's column 0.
std::string MultiStateScript(const std::string& schedule) {
  return std::string(kHeader) +
         "m = te.var(\"m\")\nn = te.var(\"n\")\nl = te.var(\"l\")\n"
         "X = te.placeholder((m, n), name=\"X\")\n"
         "s_state1 = te.placeholder((m, n))\n"
         "s_state2 = te.placeholder((m, l))\n"
         "s_init1 = te.compute((1, n), lambda _, i: X[0, i])\n"
         "s_init2 = te.compute((1, l), lambda _, i: 0.0)\n"
         "s_update1 = te.compute((m, n), lambda t, i: s_state1[t - 1, i] + X[t, i])\n"
         "s_update2 = te.compute((m, l), lambda t, i: s_state2[t - 1, i] + s_state1[t - 1, 0])\n"
         "s_scan1, s_scan2 = tvm.te.scan([s_init1, s_init2], [s_update1, s_update2],\n"
         "                               [s_state1, s_state2])\n"
         "s = te.create_schedule(s_scan1.op)\n" +
         schedule;
}

// The tutorial's multi-stage scan cell: the update is two stages, s1 then s2.
std::string MultiStageScript(const std::string& schedule) {
  return std::string(kHeader) +
         "m = te.var(\"m\")\nn = te.var(\"n\")\n"
         "X = te.placeholder((m, n), name=\"X\")\n"
         "s_state = te.placeholder((m, n))\n"
         "s_init = te.compute((1, n), lambda _, i: X[0, i])\n"
         "s_update_s1 = te.compute((m, n), lambda t, i: s_state[t - 1, i] * 2, name=\"s1\")\n"
         "s_update_s2 = te.compute((m, n), lambda t, i: s_update_s1[t, i] + X[t, i], name=\"s2\")\n"
         "s_scan = tvm.te.scan(s_init, s_update_s2, s_state, inputs=[X])\n"
         "s = te.create_schedule(s_scan.op)\n" +
         schedule;
}

const runtime::ScalarArgs kSizes{{"m", 9}, {"n", 21}};
const runtime::ScalarArgs kThreeSizes{{"m", 9}, {"n", 21}, {"l", 5}};

std::string RangeText(const schedule::RangeMap& rmap, const ir::IterVar& iv) {
  auto it = rmap.find(iv);
  return it == rmap.end() ? "missing"
                          : ir::to_string(it->second.min) + " +" + ir::to_string(it->second.extent);
}

}  // namespace

class TestScan : public QObject {
  Q_OBJECT

 private slots:
  void cumsumMatchesTheOracle() {
    auto p = script::EvaluateScript(CumsumScript(""), "cumsum.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p, kSizes));
  }

  // The oracle's own values, against sums computed here.
  void oracleComputesTheCumulativeSum() {
    auto p = script::EvaluateScript(CumsumScript(""), "cumsum.py");
    TE_VERIFY_OK(p);
    std::vector<te::Tensor> args = p->Arguments();
    QCOMPARE(args.size(), size_t(2));  // X and s_scan: the state is no argument
    auto x = runtime::NDArray::Empty({4, 3}, ir::DataType::Float(32));
    QVERIFY(x.ok());
    for (int e = 0; e < 12; ++e) x->SetDouble(e, e + 1);
    reference::TensorArrays inputs{{args[0].get(), *x}};
    auto out = reference::EvaluateReference({args[1]}, inputs, {{"m", 4}, {"n", 3}});
    TE_VERIFY_OK(out);
    const double expected[12] = {1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 26, 30};
    for (int e = 0; e < 12; ++e) QCOMPARE((*out)[0].GetDouble(e), expected[e]);
  }

  // InferBound as TVM bounds a scan: the update at the current time only, the init over
  // its one time, the scan axis over [1, m).
  void boundsFollowTvmScanRules() {
    auto p = script::EvaluateScript(CumsumScript(""), "cumsum.py");
    TE_VERIFY_OK(p);
    schedule::Schedule n = schedule::Normalize(*p->schedule);
    auto rmap = schedule::InferBound(n);
    TE_VERIFY_OK(rmap);
    schedule::Stage scan = n.find("scan"), update = n.find("compute_1"), init = n.find("compute");
    QVERIFY(scan && update && init);
    auto* op = dynamic_cast<const te::ScanOpNode*>(scan->op.get());
    QVERIFY(op);
    QCOMPARE(scan->leaf_iter_vars.size(), size_t(1));  // the spatial axis makes no loop
    QCOMPARE(QString::fromStdString(RangeText(*rmap, op->scan_axis)), QString("1 +(m - 1)"));
    auto* u = dynamic_cast<const te::ComputeOpNode*>(update->op.get());
    QCOMPARE(QString::fromStdString(RangeText(*rmap, u->axis[0])), QString("scan.idx +1"));
    // n is a te.var (not a size_var), so the update covers max(n, 0) columns.
    QCOMPARE(QString::fromStdString(RangeText(*rmap, u->axis[1])), QString("0 +max(n, 0)"));
    auto* i = dynamic_cast<const te::ComputeOpNode*>(init->op.get());
    QCOMPARE(QString::fromStdString(RangeText(*rmap, i->axis[0])), QString("0 +1"));
    QVERIFY(update->attach_type == schedule::AttachType::ScanUpdate);
    auto paths = schedule::CreateAttachPath(n);
    QCOMPARE(paths.at(update->op.get()).size(), size_t(1));
    QVERIFY(paths.at(update->op.get())[0] == op->scan_axis);
  }

  // One buffer, one serial time loop: the update's and init's stores go to the scan,
  // the state's loads read it, and neither the update nor the state is allocated.
  void lowersToASerialTimeLoopOverOneBuffer() {
    auto p = script::EvaluateScript(CumsumScript(""), "cumsum.py");
    TE_VERIFY_OK(p);
    auto text = LoweredText(*p);
    TE_VERIFY_OK(text);
    QVERIFY2(Contains(*text, "for (scan.idx, 1, m - 1)") ||
                 Contains(*text, "for (scan.idx, 1, (m - 1))"),
             text->c_str());
    QVERIFY2(!Contains(*text, "compute_1["), text->c_str());
    QVERIFY2(!Contains(*text, "placeholder["), text->c_str());
    QVERIFY2(Contains(*text, "scan["), text->c_str());
  }

  void scheduledUpdateMatchesTheOracle() {
    auto p = script::EvaluateScript(
        CumsumScript("xo, xi = s[s_update].split(s_update.op.axis[1], factor=8)\n"
                     "xo2, xi2 = s[s_init].split(s_init.op.axis[1], factor=4)\n"
                     "s[s_update].unroll(xi)\n"),
        "cumsum.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p, kSizes));
  }

  void multiStateMatchesTheOracle() {
    auto p = script::EvaluateScript(
        MultiStateScript("xo, xi = s[s_update2].split(s_update2.op.axis[1], factor=2)\n"),
        "multi.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p, kThreeSizes));
    QCOMPARE(p->Arguments().size(), size_t(3));  // X, s_scan1, s_scan2
  }

  // s1 is in the scan's update group; computed at s2's outer loop it is bounded to the
  // current time and that loop's 8 columns.
  void multiStageCellMatchesTheOracle() {
    auto p = script::EvaluateScript(
        MultiStageScript("xo, xi = s[s_update_s2].split(s_update_s2.op.axis[1], factor=8)\n"
                         "s[s_update_s1].compute_at(s[s_update_s2], xo)\n"),
        "cell.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p, kSizes));
    schedule::Schedule n = schedule::Normalize(*p->schedule);
    auto rmap = schedule::InferBound(n);
    TE_VERIFY_OK(rmap);
    auto* s1 = dynamic_cast<const te::ComputeOpNode*>(n.find("s1")->op.get());
    QCOMPARE(QString::fromStdString(RangeText(*rmap, s1->axis[0])), QString("scan.idx +1"));
    QVERIFY2(Contains(RangeText(*rmap, s1->axis[1]), "(i.outer*8) +") &&
                 Contains(RangeText(*rmap, s1->axis[1]), "min(8, "),
             RangeText(*rmap, s1->axis[1]).c_str());
  }

  void multiStageUnscheduledMatchesTheOracle() {
    auto p = script::EvaluateScript(MultiStageScript(""), "cell.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p, kSizes));
    schedule::Stage s1 = p->schedule->find("s1"), s2 = p->schedule->find("s2");
    QVERIFY(s1->attach_type == schedule::AttachType::ScanUpdate);
    // compute_at within the update, then compute_root: back in the scan's time loop.
    TE_VERIFY_OK(schedule::ComputeAt(*p->schedule, s1, s2, s2->leaf_iter_vars[1]));
    QVERIFY(s1->attach_type == schedule::AttachType::Scope);
    TE_VERIFY_OK(schedule::ComputeRoot(*p->schedule, s1));
    QVERIFY(s1->attach_type == schedule::AttachType::ScanUpdate);
    QVERIFY(s1->attach_stage == p->schedule->find("scan"));
    TE_VERIFY_OK(RunAndCheck(*p, kSizes));
  }

  // A stage reading the scan's last row bounds the scan axis up to that row.
  void laterStageReadsTheLastTime() {
    auto p = script::EvaluateScript(
        CumsumScript("") +
            "C = te.compute((n,), lambda i: s_scan[m - 1, i] * 2.0, name=\"C\")\n"
            "s = te.create_schedule(C.op)\n"
            "co, ci = s[C].split(C.op.axis[0], factor=4)\n",
        "last.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p, kSizes));
  }

  // Printed back (both dialects) the script evaluates to the same trace.
  void printsBackToTheSameTrace() {
    auto p = script::EvaluateScript(
        MultiStageScript("xo, xi = s[s_update_s2].split(s_update_s2.op.axis[1], factor=8)\n"
                         "s[s_update_s1].compute_at(s[s_update_s2], xo)\n"),
        "cell.py");
    TE_VERIFY_OK(p);
    for (auto dialect : {script::ScriptDialect::Tessera, script::ScriptDialect::TVM}) {
      std::string printed = script::PrintScript(*p, dialect);
      QVERIFY2(Contains(printed, "te.scan(s_init, s_update_s2, s_state, inputs=[X])"),
               printed.c_str());
      auto again = script::EvaluateScript(printed, "again.py");
      QVERIFY2(again.ok(), again.ok() ? "" : (again.error().format() + "\n" + printed).c_str());
      QCOMPARE(again->schedule->trace.entries.size(), p->schedule->trace.entries.size());
      TE_VERIFY_OK(RunAndCheck(*again, kSizes));
    }
  }

  void scanAttributesAsInTvm() {
    auto p = script::EvaluateScript(
        CumsumScript("ax = s_scan.op.scan_axis\n"
                     "assert len(s_scan.op.update) == 1\n"
                     "assert len(s_scan.op.state_placeholder) == 1 and len(s_scan.op.init) == 1\n"
                     "xo, xi = s[s_update].split(s_update.op.axis[1], factor=8)\n"),
        "attrs.py");
    TE_VERIFY_OK(p);
  }

  void illegalScansHaveLocatedMessages_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("message");
    std::string base = std::string(kHeader) +
                       "m = 8\nn = 6\n"
                       "X = te.placeholder((m, n), name=\"X\")\n"
                       "S = te.placeholder((m, n), name=\"S\")\n"
                       "I = te.compute((1, n), lambda _, i: X[0, i], name=\"I\")\n"
                       "U = te.compute((m, n), lambda t, i: S[t - 1, i] + X[t, i], name=\"U\")\n";
    auto row = [&](const char* name, const std::string& tail, const std::string& message) {
      QTest::newRow(name) << QString::fromStdString(base + tail) << QString::fromStdString(message);
    };
    row("lengths differ", "R = te.scan([I, I], [U], [S])\n",
        "t.py:9:8: error: te.scan: init, update and state_placeholder must have the same length "
        "(2, 1, 1 given)");
    row("state is a compute", "R = te.scan(I, U, U)\n",
        "t.py:9:8: error: te.scan: state 0 (U) must be a te.placeholder, not the compute 'U'");
    row("shapes differ",
        "V = te.compute((m, n + 1), lambda t, i: S[t - 1, 0], name=\"V\")\nR = te.scan(I, V, S)\n",
        "t.py:10:8: error: te.scan: state 0 (S): V.shape[1] = 7 differs from S.shape[1] = 6");
    row("dtypes differ",
        "V = te.compute((m, n), lambda t, i: S[t - 1, i].astype(\"float64\"), name=\"V\")\nR = "
        "te.scan(I, V, S)\n",
        "t.py:10:8: error: te.scan: state 0 (S): V is float64, the state is float32");
    row("init reads the state",
        "J = te.compute((1, n), lambda _, i: S[0, i], name=\"J\")\nR = te.scan(J, U, S)\n",
        "t.py:10:8: error: te.scan: init J reads a state placeholder");
    row("update does not recur",
        "V = te.compute((m, n), lambda t, i: X[t, i], name=\"V\")\nR = te.scan(I, V, S)\n",
        "t.py:10:8: error: te.scan: update V reads no state placeholder");
    row("not a tensor", "R = te.scan(I, 3, S)\n",
        "t.py:9:16: error: scan(): argument 'update' must be a tensor or a list of tensors");
    row("vectorized time loop",
        "R = te.scan(I, U, S)\ns = te.create_schedule(R.op)\ns[R].vectorize(R.op.scan_axis)\n",
        "error: vectorize: scan is a te.scan; its time loop runs in order");
    row("update inlined",
        "R = te.scan(I, U, S)\ns = te.create_schedule(R.op)\ns[U].compute_inline()\n",
        "error: compute_inline: scan scan reads U as its init or update; it cannot be inlined");
    row("init moved into the loop",
        "R = te.scan(I, U, S)\nC = te.compute((n,), lambda i: R[m - 1, i], name=\"C\")\n"
        "s = te.create_schedule(C.op)\ns[I].compute_at(s[C], C.op.axis[0])\n",
        "error: compute_at: I is the init of scan scan; it runs once, before the scan's time loop");
  }
  void illegalScansHaveLocatedMessages() {
    QFETCH(QString, script);
    QFETCH(QString, message);
    std::string error = ScriptError(script.toStdString());
    QVERIFY2(Contains(error, message.toStdString()), error.c_str());
  }

  // The C++ API refuses the same, unlocated.
  void cppApiChecks() {
    auto X = *te::placeholder({ir::Expr(8), ir::Expr(4)}, ir::DataType::Float(32), "X");
    auto S = *te::placeholder({ir::Expr(8), ir::Expr(4)}, ir::DataType::Float(32), "S");
    auto I = *te::compute(
        {ir::Expr(2), ir::Expr(4)}, [&](const std::vector<ir::Var>& v) { return X(v[0], v[1]); },
        "I");
    auto U = *te::compute(
        {ir::Expr(8), ir::Expr(4)},
        [&](const std::vector<ir::Var>& v) {
          return S(ir::Expr(v[0]) - 2, v[1]) + S(ir::Expr(v[0]) - 1, v[1]);
        },
        "U");
    auto outs = te::scan({I}, {U}, {S}, {X}, "fib");
    TE_VERIFY_OK(outs);
    auto* op = dynamic_cast<const te::ScanOpNode*>((*outs)[0].op().get());
    QVERIFY(op);
    QCOMPARE(ir::to_string(op->scan_axis->dom.min), std::string("2"));
    QCOMPARE(ir::to_string(op->scan_axis->dom.extent), std::string("6"));
    QCOMPARE(op->spatial_axis.size(), size_t(1));
    QCOMPARE(te::ScanUpdateGroup(*op).size(), size_t(1));
    auto big = *te::compute(
        {ir::Expr(9), ir::Expr(4)}, [&](const std::vector<ir::Var>& v) { return X(0, v[1]); },
        "big");
    auto refused = te::scan({big}, {U}, {S}, {}, "bad");
    QVERIFY(!refused.ok());
    QVERIFY2(
        Contains(refused.error().message, "the init covers 9 times, more than the 8 of the state"),
        refused.error().message.c_str());
  }

  // A two-term recurrence (init covers two times) runs and matches the oracle.
  void twoTimeInitMatchesTheOracle() {
    auto p = script::EvaluateScript(std::string(kHeader) +
                                        "m = 12\nn = 5\n"
                                        "X = te.placeholder((m, n), name=\"X\")\n"
                                        "S = te.placeholder((m, n), name=\"S\")\n"
                                        "I = te.compute((2, n), lambda t, i: X[t, i], name=\"I\")\n"
                                        "U = te.compute((m, n), lambda t, i: S[t - 1, i] * 0.5 + "
                                        "S[t - 2, i] * 0.25 + X[t, i], name=\"U\")\n"
                                        "R = te.scan(I, U, S, name=\"fib\")\n"
                                        "s = te.create_schedule(R.op)\n"
                                        "xo, xi = s[U].split(U.op.axis[1], factor=2)\n",
                                    "fib.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
  }
};

}  // namespace tst_scan

QTEST_APPLESS_MAIN(tst_scan::TestScan)
#include "tst_scan.moc"
