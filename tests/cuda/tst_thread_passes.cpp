// The GPU passes one by one (transform/ThreadStorageScope.h, ThreadLaunch.h,
// ThreadSync.h): default scopes become shared or local by the thread loops around the
// allocation; kernels take launch form (launch loops at the top, narrower bindings
// guarded, serial work on shared memory run by thread 0); illegal bindings are refused
// with messages that name the loops; barriers go where threads communicate through
// shared memory and nowhere else.
#include <QtTest>

#include "CudaTestSupport.h"
#include "codegen/cuda/CudaLowering.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "transform/ThreadLaunch.h"
#include "transform/ThreadStorageScope.h"
#include "transform/ThreadSync.h"

namespace tst_thread_passes {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\n";

// The program text after GPU pass `pass` (an Error when a pass failed).
Result<std::string> After(const std::string& script, const std::string& pass) {
  Result<transform::LoweredProgram> lowered = LowerText(kHeader + script);
  if (!lowered) return lowered.error();
  Result<codegen::CudaLowered> cuda = codegen::LowerForCUDA(*lowered);
  if (!cuda) return cuda.error();
  for (const transform::PassRecord& r : cuda->timeline)
    if (r.pass == pass) return r.ir;
  return Error("no pass " + pass);
}

int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// B = A * 2 computed per row of C (bound to blockIdx.x), read by C's threads.
std::string RowStage(const std::string& c_body, const std::string& b_schedule) {
  return "A = te.placeholder((64, 64), name=\"A\")\n"
         "B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
         "C = te.compute((64, 64), lambda i, j: " +
         c_body +
         ", name=\"C\")\n"
         "s = te.create_schedule(C.op)\n"
         "s[C].bind(C.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
         "s[C].bind(C.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n" +
         b_schedule;
}

Buffer Flat(const std::string& name, int64_t n, const std::string& scope = "global") {
  return MakeBuffer(name, DataType::Float(32), {Expr(static_cast<int>(n))}, scope);
}

Stmt ThreadLoop(const std::string& tag, const Var& v, Expr extent, Stmt body) {
  return MakeFor(v, 0, std::move(extent), ForKind::ThreadBinding, std::move(body),
                 MakeIterVar(Range(0, 1), v, IterVarType::ThreadIndex, tag));
}

}  // namespace

class TestThreadPasses : public QObject {
  Q_OBJECT

 private slots:
  // ---- ThreadStorageScope ----
  void default_scope_inside_block_loops_is_shared() {
    auto text = After(RowStage("B[i, j] + 1.0",
                               "s[B].compute_at(s[C], C.op.axis[0])\n"
                               "s[B].bind(B.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"),
                      "ThreadStorageScope");
    TSR_VERIFY_OK(text);
    QVERIFY2(text->find("allocate B[float32 * 64], storage_scope = shared") != std::string::npos,
             text->c_str());
  }
  void default_scope_inside_thread_loops_is_local() {
    auto text = After(RowStage("B[i, j] + 1.0", "s[B].compute_at(s[C], C.op.axis[1])\n"),
                      "ThreadStorageScope");
    TSR_VERIFY_OK(text);
    QVERIFY2(text->find("allocate B[float32 * 1], storage_scope = local") != std::string::npos,
             text->c_str());
  }
  void allocations_outside_kernels_stay_global() {
    auto text = After(RowStage("B[i, j] + 1.0",
                               "s[B].bind(B.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
                               "s[B].bind(B.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"),
                      "ThreadStorageScope");
    TSR_VERIFY_OK(text);
    QVERIFY2(text->find("allocate B[float32 * 4096]\n") != std::string::npos, text->c_str());
  }

  // ---- ThreadLaunch ----
  void kernel_takes_launch_form() {
    auto text = After(RowStage("B[i, j] + 1.0",
                               "s[B].compute_at(s[C], C.op.axis[0])\n"
                               "s[B].bind(B.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"),
                      "ThreadLaunch");
    TSR_VERIFY_OK(text);
    // The two loops bound to threadIdx.x (B's and C's) became one launch loop.
    QCOMPARE(Count(*text, "threadIdx.x ("), 1);
    size_t block = text->find("blockIdx.x (blockIdx_x, 0, 64) {");
    size_t thread = text->find("threadIdx.x (threadIdx_x, 0, 64) {");
    size_t alloc = text->find("allocate B");
    QVERIFY2(block < thread && thread < alloc && alloc != std::string::npos, text->c_str());
  }
  void narrower_binding_is_guarded() {
    auto text = After(RowStage("B[i, j] + 1.0",
                               "s[B].compute_at(s[C], C.op.axis[0])\n"
                               "bt, be = s[B].split(B.op.axis[1], factor=2)\n"
                               "s[B].bind(bt, te.thread_axis(\"threadIdx.x\"))\n"),
                      "ThreadLaunch");
    TSR_VERIFY_OK(text);
    QVERIFY2(text->find("threadIdx.x (threadIdx_x, 0, 64) {") != std::string::npos, text->c_str());
    QVERIFY2(text->find("if ((threadIdx_x < 32)) {") != std::string::npos, text->c_str());
  }
  // Serial work on shared or global memory inside a block runs on thread 0 only (a
  // sum over partial results must not run once per thread).
  void serial_work_runs_on_thread_zero() {
    Result<transform::LoweredProgram> lowered = LowerText(kRfactorReductionScript);
    TSR_VERIFY_OK(lowered);
    auto cuda = codegen::LowerForCUDA(*lowered);
    TSR_VERIFY_OK(cuda);
    const std::string& text = cuda->timeline[lowered->timeline.size() + 1].ir;
    QCOMPARE(Count(text, "if ((threadIdx_x == 0)) {"), 1);
    size_t guard = text.find("if ((threadIdx_x == 0)) {");
    QVERIFY(text.find("B[blockIdx_x] = 0f", guard) != std::string::npos);
    QVERIFY(text.find("B.rf[threadIdx_x] = 0f") < guard);
  }

  void illegal_bindings_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("message");
    QTest::newRow("a block index bound twice on one path")
        << QString::fromStdString(
               RowStage("B[i, j] + 1.0",
                        "s[B].compute_at(s[C], C.op.axis[0])\n"
                        "s[B].bind(B.op.axis[1], te.thread_axis(\"blockIdx.x\"))\n"))
        << "ThreadLaunch: blockIdx.x is bound twice on one path: the loop over blockIdx.x (extent "
           "64) is "
           "inside the loop over blockIdx.x (extent 64); a block index can be bound once per path";
    QTest::newRow("an inner thread binding wider than the outer one")
        << "A = te.placeholder((64, 64), name=\"A\")\n"
           "C = te.compute((64, 64), lambda i, j: A[i, j] + 1.0, name=\"C\")\n"
           "s = te.create_schedule(C.op)\n"
           "AA = s.cache_read(A, \"shared\", [C])\n"
           "jo, ji = s[C].split(C.op.axis[1], factor=32)\n"
           "t, e = s[C].split(ji, factor=2)\n"
           "s[C].bind(C.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
           "s[C].bind(t, te.thread_axis(\"threadIdx.x\"))\n"
           "s[AA].compute_at(s[C], t)\n"
           "s[AA].bind(AA.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"
        << "threadIdx.x is bound twice on one path: the loop over threadIdx.x (extent 32) is "
           "inside the "
           "loop over threadIdx.x (extent 16); the inner binding may not be wider than the "
           "enclosing one";
    QTest::newRow("an inner thread binding that uses the outer index")
        << "A = te.placeholder((64, 64), name=\"A\")\n"
           "C = te.compute((64, 64), lambda i, j: A[i, j] + 1.0, name=\"C\")\n"
           "s = te.create_schedule(C.op)\n"
           "AL = s.cache_read(A, \"local\", [C])\n"
           "t, e = s[C].split(C.op.axis[1], factor=2)\n"
           "s[C].bind(C.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
           "s[C].bind(t, te.thread_axis(\"threadIdx.x\"))\n"
           "s[AL].compute_at(s[C], t)\n"
           "s[AL].bind(AL.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"
        << "the inner computation uses the outer index threadIdx.x";
  }
  void illegal_bindings() {
    QFETCH(QString, script);
    QFETCH(QString, message);
    auto text = After(script.toStdString(), "ThreadLaunch");
    QVERIFY(!text);
    QVERIFY2(text.error().message.find(message.toStdString()) != std::string::npos,
             text.error().message.c_str());
  }

  // Loops bound to one index with symbolic extents that differ: no single launch extent.
  void differing_symbolic_extents_are_refused() {
    Var n = SizeVar("n"), m = SizeVar("m"), t1("t1"), t2("t2");
    Buffer out = Flat("out", 64);
    Stmt a = ThreadLoop("threadIdx.x", t1, n, MakeBufferStore(out, F(1.0), {t1}));
    Stmt b = ThreadLoop("threadIdx.x", t2, m, MakeBufferStore(out, F(2.0), {t2}));
    Var bx("bx");
    transform::PassContext ctx;
    transform::ThreadLaunch(ThreadLoop("blockIdx.x", bx, 4, MakeSeq({a, b})), ctx);
    QCOMPARE(ctx.errors().size(), size_t(1));
    QVERIFY2(ctx.errors()[0].message.find("the loops bound to threadIdx.x have extents n and m") !=
                 std::string::npos,
             ctx.errors()[0].message.c_str());
  }

  // ---- ThreadSync ----
  // Each thread reads the element it wrote itself: no barrier.
  void own_element_needs_no_barrier() {
    auto text = After(RowStage("B[i, j] + 1.0",
                               "s[B].compute_at(s[C], C.op.axis[0])\n"
                               "s[B].bind(B.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"),
                      "ThreadSync");
    TSR_VERIFY_OK(text);
    QCOMPARE(Count(*text, "tvm_storage_sync"), 0);
  }
  // Reading another thread's element (B[i, 63 - j]) needs a barrier after the writes.
  void other_threads_element_needs_a_barrier() {
    auto text = After(RowStage("B[i, j] + B[i, 63 - j]",
                               "s[B].compute_at(s[C], C.op.axis[0])\n"
                               "s[B].bind(B.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"),
                      "ThreadSync");
    TSR_VERIFY_OK(text);
    QCOMPARE(Count(*text, "tvm_storage_sync(\"shared\")"), 1);
    size_t write = text->find("B[threadIdx_x] =");
    size_t sync = text->find("tvm_storage_sync");
    size_t read = text->find("B[(63 - threadIdx_x)]");
    QVERIFY2(write < sync && sync < read && read != std::string::npos, text->c_str());
  }
  // A loop that writes a tile and then reads it: a barrier between the two and one at
  // the start of the body (the next iteration overwrites what others still read).
  void loop_carried_reuse_gets_a_barrier_at_the_loop_start() {
    Var tx("tx"), k("k");
    Buffer tile = Flat("tile", 32, "shared");
    Buffer a = Flat("a", 1024), out = Flat("out", 1024);
    Stmt write = MakeBufferStore(tile, MakeBufferLoad(a, {k * 32 + tx}), {tx});
    Stmt read = MakeBufferStore(out, MakeBufferLoad(tile, {Expr(31) - tx}), {k * 32 + tx});
    Stmt loop = MakeFor(k, 0, 32, ForKind::Serial, MakeSeq({write, read}));
    Stmt kernel = ThreadLoop(
        "threadIdx.x", tx, 32,
        MakeAllocate(tile->data, DataType::Float(32), {32}, make_bool(true), loop, "shared"));
    transform::PassContext ctx;
    Stmt synced = transform::ThreadSync(kernel, ctx);
    QVERIFY(ctx.errors().empty());
    std::string text = to_string(synced);
    QCOMPARE(Count(text, "tvm_storage_sync"), 2);
    size_t body = text.find("for (k, 0, 32) {");
    size_t first = text.find("tvm_storage_sync", body);
    QVERIFY2(first < text.find("tile[tx] =") &&
                 text.find("tile[tx] =") < text.find("tvm_storage_sync", first + 1),
             text.c_str());
  }
  // Under a condition on the thread index not every thread would reach a barrier.
  void barrier_under_a_thread_condition_is_an_error() {
    Var tx("tx"), k("k");
    Buffer tile = Flat("tile", 32, "shared");
    Buffer a = Flat("a", 1024), out = Flat("out", 1024);
    Stmt write = MakeBufferStore(tile, MakeBufferLoad(a, {k}), {k});
    Stmt read = MakeBufferStore(out, MakeBufferLoad(tile, {Expr(3) - k}), {tx});
    Stmt guarded = MakeIf(lt(tx, 8), MakeFor(k, 0, 4, ForKind::Serial, MakeSeq({write, read})));
    Stmt kernel = ThreadLoop(
        "threadIdx.x", tx, 32,
        MakeAllocate(tile->data, DataType::Float(32), {32}, make_bool(true), guarded, "shared"));
    transform::PassContext ctx;
    transform::ThreadSync(kernel, ctx);
    QCOMPARE(ctx.errors().size(), size_t(1));
    QVERIFY2(ctx.errors()[0].message.find(
                 "a barrier (__syncthreads) is needed inside a condition on the thread index") !=
                 std::string::npos,
             ctx.errors()[0].message.c_str());
  }
  // The same region guarded by threadIdx_x == 0 runs on one thread: no barrier needed.
  void single_thread_region_needs_no_barrier() {
    Var tx("tx"), k("k");
    Buffer tile = Flat("tile", 32, "shared");
    Buffer a = Flat("a", 1024), out = Flat("out", 1024);
    Stmt write = MakeBufferStore(tile, MakeBufferLoad(a, {k}), {k});
    Stmt read = MakeBufferStore(out, MakeBufferLoad(tile, {Expr(3) - k}), {k});
    Stmt guarded = MakeIf(eq(tx, 0), MakeFor(k, 0, 4, ForKind::Serial, MakeSeq({write, read})));
    Stmt kernel = ThreadLoop(
        "threadIdx.x", tx, 32,
        MakeAllocate(tile->data, DataType::Float(32), {32}, make_bool(true), guarded, "shared"));
    transform::PassContext ctx;
    Stmt synced = transform::ThreadSync(kernel, ctx);
    QVERIFY(ctx.errors().empty());
    QCOMPARE(Count(to_string(synced), "tvm_storage_sync"), 0);
  }

 private:
  static Expr F(double v) { return FloatImm(DataType::Float(32), v); }
};

}  // namespace tst_thread_passes

QTEST_APPLESS_MAIN(tst_thread_passes::TestThreadPasses)
#include "tst_thread_passes.moc"
