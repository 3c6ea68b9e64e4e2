// Virtual threads (issue #18): te.thread_axis("vthread", name=) bound with s[X].bind,
// several per stage (TVM's opt_conv_cuda binds vx and vy), lowered as loops of the one
// real thread; on the CPU the result is checked against the te oracle; the trace
// replays and prints back with the vthread names; illegal binds are refused.
#include <QtTest>

#include "TeTestSupport.h"
#include "schedule/Replay.h"
#include "script/export/ScriptPrinter.h"

namespace tst_virtual_thread {

using namespace tessera;
using namespace tessera::te_testing;

namespace {

// A matrix product whose output tile is split over two virtual threads per axis, with
// a local accumulator computed at the innermost virtual-thread loop.
std::string VthreadGemm(const std::string& extra) {
  return std::string("import tvm\nfrom tvm import te\n") +
         "n = 32\n"
         "A = te.placeholder((n, n), name=\"A\")\n"
         "B = te.placeholder((n, n), name=\"B\")\n"
         "k = te.reduce_axis((0, n), name=\"k\")\n"
         "C = te.compute((n, n), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
         "s = te.create_schedule(C.op)\n"
         "CL = s.cache_write(C, \"local\")\n"
         "vx = te.thread_axis((0, 2), \"vthread\", name=\"vx\")\n"
         "vy = te.thread_axis((0, 2), \"vthread\", name=\"vy\")\n"
         "i, j = s[C].op.axis\n"
         "vi, i = s[C].split(i, nparts=2)\n"
         "vj, j = s[C].split(j, nparts=2)\n"
         "s[C].reorder(vi, vj, i, j)\n"
         "s[C].bind(vi, vy)\n"
         "s[C].bind(vj, vx)\n"
         "s[CL].compute_at(s[C], j)\n" +
         extra;
}

}  // namespace

class TestVirtualThread : public QObject {
  Q_OBJECT

 private slots:
  void twoVthreadsInOneStage() {
    auto p = script::EvaluateScript(VthreadGemm(""), "vthread.py");
    TE_VERIFY_OK(p);
    auto text = LoweredText(*p);
    TE_VERIFY_OK(text);
    // One loop per virtual thread, over its own variable.
    QVERIFY2(Contains(*text, "for (vy, 0, 2)") && Contains(*text, "for (vx, 0, 2)"), text->c_str());
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  void traceReplaysAndPrintsTheNames() {
    auto p = script::EvaluateScript(VthreadGemm(""), "vthread.py");
    TE_VERIFY_OK(p);
    auto before = LoweredText(*p);
    TE_VERIFY_OK(before);
    auto replayed = schedule::Replay(p->schedule->trace, p->schedule->outputs);
    TE_VERIFY_OK(replayed);
    auto lowered = transform::LowerSchedule(*replayed, p->Arguments(), "llvm");
    TE_VERIFY_OK(lowered);
    QCOMPARE(QString::fromStdString(ir::to_string(lowered->func.body)),
             QString::fromStdString(*before));
    for (auto dialect : {script::ScriptDialect::Tessera, script::ScriptDialect::TVM}) {
      std::string printed = script::PrintScript(*p, dialect);
      QVERIFY2(Contains(printed, "thread_axis(\"vthread\", name=\"vx\")"), printed.c_str());
      auto again = script::EvaluateScript(printed, "printed.py");
      QVERIFY2(again.ok(),
               (again.ok() ? printed : again.error().format() + "\n" + printed).c_str());
      auto after = LoweredText(*again);
      TE_VERIFY_OK(after);
      QCOMPARE(QString::fromStdString(*after), QString::fromStdString(*before));
    }
  }

  void illegalBinds_data() {
    QTest::addColumn<QString>("extra");
    QTest::addColumn<QString>("message");
    QTest::newRow("one vthread bound twice")
        << "io, ii = s[C].split(i, factor=4)\ns[C].bind(io, vx)\n"
        << "t.py:20:6: error: bind: vx is already bound to";
    QTest::newRow("a real thread bound twice")
        << "tx = te.thread_axis(\"threadIdx.x\")\nio, ii = s[C].split(i, factor=4)\n"
           "s[C].bind(io, tx)\ns[C].bind(ii, te.thread_axis(\"threadIdx.x\"))\n"
        << "t.py:22:6: error: bind: threadIdx.x is already bound to";
    QTest::newRow("an unknown tag")
        << "s[C].bind(i, te.thread_axis(\"vthreads\"))\n"
        << "t.py:19:29: error: thread_axis(): unknown thread tag \"vthreads\"";
  }
  void illegalBinds() {
    QFETCH(QString, extra);
    QFETCH(QString, message);
    std::string error = ScriptError(VthreadGemm(extra.toStdString()));
    QVERIFY2(Contains(error, message.toStdString()), error.c_str());
  }
};

}  // namespace tst_virtual_thread

QTEST_APPLESS_MAIN(tst_virtual_thread::TestVirtualThread)
#include "tst_virtual_thread.moc"
