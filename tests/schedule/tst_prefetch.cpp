// s[stage].prefetch(tensor, var, offset) (TVM's prefetch): the primitive's refusals, the
// prefetches InjectPrefetch makes of it (the box the loop's body reads `offset`
// iterations later, clamped to the tensor, a fused pair of dimensions bounded as one),
// replay, the TE script line and the TensorIR export's note. Kernels built with the
// prefetches are checked in tests/codegen/tst_llvm_prefetch.
#include <QtTest>

#include "arith/Analyzer.h"
#include "ir/Functor.h"
#include "schedule/Primitives.h"
#include "schedule/Replay.h"
#include "script/Evaluator.h"
#include "script/export/ScriptPrinter.h"
#include "script/export/TirExport.h"
#include "transform/InjectPrefetch.h"
#include "transform/LowerSchedule.h"

namespace tst_prefetch {

using namespace tessera;

namespace {

const char* kPrelude = "import tvm\nfrom tvm import te\n";

// C = A x B, 64 x 64 x 64, k split by 4; B is the operand the j vectors stream through.
const char* kGemm =
    "A = te.placeholder((64, 64), name='A')\n"
    "B = te.placeholder((64, 64), name='B')\n"
    "k = te.reduce_axis((0, 64), name='k')\n"
    "C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name='C')\n"
    "s = te.create_schedule(C.op)\n"
    "ko, ki = s[C].split(k, factor=4)\n"
    "i, j = s[C].op.axis\n"
    "s[C].reorder(i, ko, ki, j)\n";

script::ScriptProgram Eval(const std::string& body) {
  auto p = script::EvaluateScript(std::string(kPrelude) + body, "t.py");
  if (!p) qFatal("%s", p.error().format().c_str());
  return std::move(*p);
}

std::string LoweredAfter(const script::ScriptProgram& p, const std::string& pass) {
  auto lowered = transform::LowerSchedule(*p.schedule, p.Arguments());
  if (!lowered) return "<error: " + lowered.error().message + ">";
  const transform::PassRecord* r = lowered->After(pass);
  return r ? r->ir : "<no pass " + pass + ">";
}

// The prefetch calls of a lowered program and the loops around each.
struct PrefetchSite {
  const ir::CallNode* call = nullptr;
  std::vector<const ir::ForNode*> loops;  // outermost first
};
std::vector<PrefetchSite> Prefetches(const ir::Stmt& program) {
  struct Finder : ir::IRVisitor {
    std::vector<const ir::ForNode*> loops;
    std::vector<PrefetchSite> sites;
    void VisitFor(const ir::ForNode* n, const ir::Stmt& s) override {
      loops.push_back(n);
      ir::IRVisitor::VisitFor(n, s);
      loops.pop_back();
    }
    void VisitEvaluate(const ir::EvaluateNode* n, const ir::Stmt& s) override {
      if (transform::IsPrefetch(n->value)) sites.push_back({n->value.as<ir::CallNode>(), loops});
      ir::IRVisitor::VisitEvaluate(n, s);
    }
  } finder;
  finder.VisitStmt(program);
  return finder.sites;
}

ir::Stmt LoweredStmt(const script::ScriptProgram& p, const std::string& pass) {
  auto lowered = transform::LowerSchedule(*p.schedule, p.Arguments());
  if (!lowered) qFatal("%s", lowered.error().message.c_str());
  const transform::PassRecord* r = lowered->After(pass);
  if (!r) qFatal("no pass %s", pass.c_str());
  return r->body;
}

// A loop's extent with the loop variables around it set as `values` says.
int64_t ExtentAt(const ir::ForNode* loop, const ir::VarMap& values) {
  arith::Analyzer a;
  ir::Expr e = a.Simplify(ir::Substitute(loop->extent, values));
  const int64_t* v = ir::as_const_int(e);
  if (!v) qFatal("extent %s is not constant", ir::to_string(e).c_str());
  return *v;
}

const ir::ForNode* LoopNamed(const std::vector<const ir::ForNode*>& loops,
                             const std::string& name) {
  for (const ir::ForNode* l : loops)
    if (l->loop_var.name() == name) return l;
  return nullptr;
}

}  // namespace

class TestPrefetch : public QObject {
  Q_OBJECT

 private slots:
  // B's rows 4 * (ko + 2) .. + 3, each 64 floats: four cache lines a row.
  void prefetchesTheRowsReadLater() {
    auto p = Eval(std::string(kGemm) + "s[C].prefetch(B, ko, 2)\n");
    const ir::Stmt program = LoweredStmt(p, "InjectPrefetch");
    std::vector<PrefetchSite> sites = Prefetches(program);
    QCOMPARE(sites.size(), size_t(1));
    const PrefetchSite& site = sites[0];
    const ir::ForNode* ko = LoopNamed(site.loops, "k.outer");
    QVERIFY(ko);
    // Two loops of its own inside k.outer: B's rows, then the lines of a row.
    QCOMPARE(site.loops.back()->loop_var.name(), std::string("prefetch.i1"));
    QCOMPARE(ExtentAt(site.loops.back(), {{ko->loop_var, ir::Expr(0)}}), int64_t(4));
    const ir::ForNode* rows = site.loops[site.loops.size() - 2];
    QCOMPARE(rows->loop_var.name(), std::string("prefetch.i0"));
    QCOMPARE(ExtentAt(rows, {{ko->loop_var, ir::Expr(0)}}), int64_t(4));
    const std::string text = LoweredAfter(p, "InjectPrefetch");
    QVERIFY2(text.find("prefetch(B((((k.outer*4) + 8) + prefetch.i0), (prefetch.i1*16)))") !=
                 std::string::npos,
             text.c_str());
  }

  // The last two iterations would read past B's 64 rows: they prefetch nothing.
  void theBoxStopsAtTheTensorsEnd() {
    auto p = Eval(std::string(kGemm) + "s[C].prefetch(B, ko, 2)\n");
    const ir::Stmt program = LoweredStmt(p, "InjectPrefetch");
    std::vector<PrefetchSite> sites = Prefetches(program);
    QCOMPARE(sites.size(), size_t(1));
    const ir::ForNode* ko = LoopNamed(sites[0].loops, "k.outer");
    const ir::ForNode* rows = sites[0].loops[sites[0].loops.size() - 2];
    QCOMPARE(ExtentAt(rows, {{ko->loop_var, ir::Expr(13)}}), int64_t(4));  // rows 60 .. 63
    QCOMPARE(ExtentAt(rows, {{ko->loop_var, ir::Expr(14)}}), int64_t(0));
    QCOMPARE(ExtentAt(rows, {{ko->loop_var, ir::Expr(15)}}), int64_t(0));
  }

  // A 1x1 convolution in NCHW with y and x fused: the box bounds the fused index, 64
  // pixels of a channel, not the two image rows they touch.
  void aFusedPairIsBoundedAsOne() {
    auto p = Eval(
        "data = te.placeholder((1, 32, 14, 14), name='data')\n"
        "kernel = te.placeholder((16, 32), name='kernel')\n"
        "rc = te.reduce_axis((0, 32), name='rc')\n"
        "conv = te.compute((1, 16, 14, 14), lambda n, f, y, x: te.sum(data[n, rc, y, x] * "
        "kernel[f, rc], axis=rc), name='conv')\n"
        "s = te.create_schedule(conv.op)\n"
        "p = s[conv].fuse(conv.op.axis[2], conv.op.axis[3])\n"
        "po, pi = s[conv].split(p, factor=32)\n"
        "s[conv].reorder(conv.op.axis[0], po, conv.op.axis[1], rc, pi)\n"
        "s[conv].prefetch(data, rc, 4)\n");
    const ir::Stmt program = LoweredStmt(p, "InjectPrefetch");
    std::vector<PrefetchSite> sites = Prefetches(program);
    QCOMPARE(sites.size(), size_t(1));
    const ir::ForNode* rc = LoopNamed(sites[0].loops, "rc");
    const ir::ForNode* po = LoopNamed(sites[0].loops, "y.x.fused.outer");
    QVERIFY(rc && po);
    // Dimensions n, rc and the pair: 32 pixels are two lines; 196 pixels leave 4 in the
    // last block, one line.
    QCOMPARE(sites[0].loops.back()->loop_var.name(), std::string("prefetch.i2"));
    QVERIFY(!LoopNamed(sites[0].loops, "prefetch.i3"));
    const ir::Expr zero(0);
    QCOMPARE(ExtentAt(sites[0].loops.back(), {{rc->loop_var, zero}, {po->loop_var, zero}}),
             int64_t(2));
    QCOMPARE(ExtentAt(sites[0].loops.back(), {{rc->loop_var, zero}, {po->loop_var, ir::Expr(6)}}),
             int64_t(1));
    const std::string text = LoweredAfter(p, "InjectPrefetch");
    QVERIFY2(
        text.find("floordiv(((y.x.fused.outer*32) + (prefetch.i2*16)), 14)") != std::string::npos,
        text.c_str());
  }

  // After cache_read the stage reads the copy, not B: nothing to prefetch, no error.
  void aTensorTheBodyNoLongerReadsPrefetchesNothing() {
    auto p = Eval(std::string(kGemm) +
                  "s[C].prefetch(B, ko, 2)\n"
                  "BB = s.cache_read(B, 'global', [C])\n"
                  "s[BB].compute_at(s[C], ko)\n");
    QVERIFY(Prefetches(LoweredStmt(p, "InjectPrefetch")).empty());
    const std::string text = LoweredAfter(p, "InjectPrefetch");
    QVERIFY2(text.find("prefetch_scope") == std::string::npos, text.c_str());
  }

  void refusesWhatCannotPrefetch_data() {
    QTest::addColumn<std::string>("line");
    QTest::addColumn<std::string>("message");
    QTest::newRow("a tensor the stage does not read")
        << std::string("s[C].prefetch(C, ko, 2)") << std::string("C does not read C");
    QTest::newRow("no offset ahead") << std::string("s[C].prefetch(B, ko, 0)")
                                     << std::string("the offset must be a positive number");
    QTest::newRow("an offset past 32 bits")
        << std::string("s[C].prefetch(B, ko, 2147483648)")
        << std::string("the offset 2147483648 is more than 2147483647 iterations ahead");
    QTest::newRow("a vectorized loop") << std::string("s[C].vectorize(j)\ns[C].prefetch(B, j, 2)")
                                       << std::string("j is vectorized");
    QTest::newRow("twice the same tensor")
        << std::string("s[C].prefetch(B, ko, 2)\ns[C].prefetch(B, ko, 4)")
        << std::string("already prefetches B (2 iterations ahead)");
    QTest::newRow("vectorize after prefetch")
        << std::string("s[C].prefetch(B, j, 2)\ns[C].vectorize(j)")
        << std::string("vectorize: j prefetches");
    QTest::newRow("split after prefetch")
        << std::string("s[C].prefetch(B, ko, 2)\ns[C].split(ko, factor=2)")
        << std::string("split before prefetching");
    QTest::newRow("bind after prefetch")
        << std::string("s[C].prefetch(B, i, 2)\ns[C].bind(i, te.thread_axis('blockIdx.x'))")
        << std::string("a loop bound to a thread cannot");
    QTest::newRow("not a tensor") << std::string("s[C].prefetch(s[B], ko, 2)")
                                  << std::string("tensor must be a tensor");
  }
  void refusesWhatCannotPrefetch() {
    QFETCH(std::string, line);
    QFETCH(std::string, message);
    auto p = script::EvaluateScript(std::string(kPrelude) + kGemm + line + "\n", "t.py");
    QVERIFY(!p);
    QVERIFY2(p.error().message.find(message) != std::string::npos, p.error().format().c_str());
    // The line that failed is the one reported.
    QVERIFY2(p.error().loc.line >= 10, p.error().format().c_str());
  }

  // A refused prefetch leaves the schedule as it was.
  void aRefusalChangesNothing() {
    auto p = Eval(kGemm);
    schedule::Schedule& sch = *p.schedule;
    const size_t entries = sch.trace.entries.size();
    schedule::Stage c = sch.find("C");
    auto ko = c->find_iter_var("k.outer");
    QVERIFY(ko);
    te::Tensor b = te::output_of(sch.find("B")->op, 0);
    QVERIFY(!schedule::Prefetch(sch, c, *ko, b, -1));
    QCOMPARE(sch.trace.entries.size(), entries);
    QVERIFY(c->attr(*ko).prefetches.empty());
    QVERIFY(schedule::Prefetch(sch, c, *ko, b, 3));
    QCOMPARE(sch.trace.entries.size(), entries + 1);
    QCOMPARE(c->attr(*ko).prefetches.size(), size_t(1));
  }

  // Replayed from its trace and printed as a TE script, the schedule lowers the same.
  void replaysAndPrints() {
    auto p = Eval(std::string(kGemm) + "s[C].prefetch(B, ko, 2)\n");
    const std::string lowered = LoweredAfter(p, "InjectPrefetch");
    auto replayed = schedule::Replay(p.schedule->trace, p.schedule->outputs);
    QVERIFY2(replayed, replayed ? "" : replayed.error().message.c_str());
    script::ScriptProgram again = p;
    again.schedule = std::make_shared<schedule::Schedule>(std::move(*replayed));
    QCOMPARE(LoweredAfter(again, "InjectPrefetch"), lowered);

    const std::string text = script::PrintScript(p);
    QVERIFY2(text.find("s[C].prefetch(B, ko, 2)") != std::string::npos, text.c_str());
    auto reread = script::EvaluateScript(text, "printed.py");
    QVERIFY2(reread, reread ? "" : reread.error().format().c_str());
    QCOMPARE(LoweredAfter(*reread, "InjectPrefetch"), lowered);
  }

  // TensorIR has no prefetch: the export says so where the primitive was and goes on.
  void theTensorIRExportLeavesTheHintOut() {
    const std::string source = std::string(kPrelude) + kGemm + "s[C].prefetch(B, ko, 2)\n";
    auto p = script::EvaluateScript(source, "t.py");
    QVERIFY(p);
    auto tir = script::ExportTirProgram(*p, {}, source);
    QVERIFY2(tir, tir ? "" : tir.error().format().c_str());
    QVERIFY2(tir->find("# prefetch of B, 2 iterations ahead") != std::string::npos, tir->c_str());
    QVERIFY2(tir->find("TensorIR has no prefetch primitive") != std::string::npos, tir->c_str());
  }
};

}  // namespace tst_prefetch

QTEST_APPLESS_MAIN(tst_prefetch::TestPrefetch)
#include "tst_prefetch.moc"
