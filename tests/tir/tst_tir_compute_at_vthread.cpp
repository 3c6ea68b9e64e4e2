// compute_at under loops bound to virtual threads: TVM ranks vthread (and vthread.x/y/z,
// cthread) with threadIdx, so a "shared" buffer is relaxed over the vthread loops above
// the target loop (the target included) and "warp", "local" and "global" buffers are not
// (runtime::ThreadScope::Create, CanRelaxStorageUnderThread, LoopDomainOfSRefTreePath);
// and the vthread loops lower to serial loops of the one thread, as TVM's
// LowerOpaqueBlock marks them virtual_thread, so the kernel runs on the GPU emulator.
// What the programs print is compared with TVM 0.20's by tst_tir_tvm_reference
// (tests/tir/programs/compute_at_vthread*).
#include <QtTest>

#include "TirTestSupport.h"
#include "TirTextChecks.h"
#include "reference/TirEmulatorCheck.h"
#include "runtime/cuda/Emulator.h"
#include "script/Evaluator.h"
#include "tir/ThreadScope.h"
#include "transform/LowerTensorIR.h"

namespace tst_tir_compute_at_vthread {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

// B = A * 2 in `scope`, C = B + 1 over 128 x 128; C's rows split [4, 2, 16] bound to
// blockIdx.x, `vthread` and threadIdx.x, its columns split by 8; B computed at the
// outer column loop. The printed function, or the error of the first step that failed.
Result<std::string> ComputedUnderVthread(const std::string& scope, const std::string& vthread) {
  Schedule sch(ElementwiseChain());
  BlockRV b = *sch.GetBlock("B"), c = *sch.GetBlock("C");
  if (Status s = sch.SetScope(b, 0, scope); !s.ok()) return s.error();
  std::vector<LoopRV> loops = *sch.GetLoops(c);
  std::vector<LoopRV> i = *sch.Split(loops[0], {Expr(4), Expr(2), Expr(16)});
  std::vector<LoopRV> j = *sch.Split(loops[1], {Expr(), Expr(8)});
  for (auto [loop, thread] : {std::pair{i[0], std::string("blockIdx.x")}, std::pair{i[1], vthread},
                              std::pair{i[2], std::string("threadIdx.x")}})
    if (Status s = sch.Bind(loop, thread); !s.ok()) return s.error();
  if (Status s = sch.ComputeAt(b, j[0]); !s.ok()) return s.error();
  return AsTVMScript(sch.func());
}

}  // namespace

class TestTirComputeAtVthread : public QObject {
  Q_OBJECT

 private slots:
  void theScopeDecidesWhichThreadLoopsAreRelaxed_data() {
    QTest::addColumn<std::string>("scope");
    QTest::addColumn<std::string>("vthread");
    QTest::addColumn<std::string>("rows");
    // Shared by the virtual threads and the threads of a block: 32 rows per block.
    QTest::newRow("shared, vthread.x") << std::string("shared") << std::string("vthread.x")
                                       << std::string("for ax0, ax1 in T.grid(32, 8):\n");
    QTest::newRow("shared, vthread") << std::string("shared") << std::string("vthread")
                                     << std::string("for ax0, ax1 in T.grid(32, 8):\n");
    QTest::newRow("shared, vthread.z") << std::string("shared") << std::string("vthread.z")
                                       << std::string("for ax0, ax1 in T.grid(32, 8):\n");
    // The lanes of threadIdx.x only: 16 rows of the virtual thread's.
    QTest::newRow("warp") << std::string("warp") << std::string("vthread.x")
                          << std::string(
                                 "for ax0, ax1 in T.grid(16, 8):\n"
                                 "                        with T.block(\"B\"):\n"
                                 "                            v_i = T.axis.spatial(128, i_0 * 32 "
                                 "+ i_1 * 16 + ax0)\n");
    // One thread's row.
    QTest::newRow("local") << std::string("local") << std::string("vthread.x")
                           << std::string(
                                  "for ax0 in range(8):\n"
                                  "                        with T.block(\"B\"):\n"
                                  "                            v_i = T.axis.spatial(128, i_0 * 32 "
                                  "+ i_1 * 16 + i_2)\n");
    QTest::newRow("global") << std::string("global") << std::string("vthread.x")
                            << std::string(
                                   "for ax0 in range(8):\n"
                                   "                        with T.block(\"B\"):\n"
                                   "                            v_i = T.axis.spatial(128, i_0 * "
                                   "32 + i_1 * 16 + i_2)\n");
  }
  void theScopeDecidesWhichThreadLoopsAreRelaxed() {
    QFETCH(std::string, scope);
    QFETCH(std::string, vthread);
    QFETCH(std::string, rows);
    auto text = ComputedUnderVthread(scope, vthread);
    QVERIFY2(text.ok(), text.ok() ? "" : text.error().message.c_str());
    QVERIFY2(Contains(*text, "                    " + rows), text->c_str());
  }

  void threadRanksAreTvms() {
    for (const char* tag : {"vthread", "vthread.x", "vthread.y", "vthread.z", "cthread"}) {
      QVERIFY2(CanRelaxStorageUnderThread("shared", tag), tag);
      QVERIFY2(CanRelaxStorageUnderThread("shared.dyn", tag), tag);
      QVERIFY2(!CanRelaxStorageUnderThread("local", tag), tag);
      QVERIFY2(!CanRelaxStorageUnderThread("warp", tag), tag);
      QCOMPARE(ThreadScopeRank(tag), 1);
    }
    QVERIFY(CanRelaxStorageUnderThread("warp", "threadIdx.x"));
    QVERIFY(!CanRelaxStorageUnderThread("warp", "threadIdx.y"));
    QVERIFY(!CanRelaxStorageUnderThread("shared", "blockIdx.x"));
    QVERIFY(!CanRelaxStorageUnderThread("wmma.accumulator", "vthread.x"));
    QCOMPARE(ThreadScopeRank("vthreadx"), 1);  // TVM compares the first 7 characters only
    QCOMPARE(ThreadScopeRank("thread"), -1);
  }

  // At the vthread loop itself: a shared B covers both virtual threads' rows, a local C
  // the one virtual thread's. Lowered, the vthread.x loop is a serial loop of the block's
  // thread, and the kernel computes what the unscheduled function does.
  void computedAtTheVthreadLoopRunsOnTheEmulator() {
    auto program = script::EvaluateScript(
        "import tvm\n"
        "from tvm import te, tir\n"
        "A = te.placeholder((16, 8), 'float32', name='A')\n"
        "B = te.compute((16, 8), lambda i, j: A[i, j] * 2.0, name='B')\n"
        "C = te.compute((16, 8), lambda i, j: B[i, j] + 1.0, name='C')\n"
        "D = te.compute((16, 8), lambda i, j: C[i, j] - 3.0, name='D')\n"
        "sch = tir.Schedule(te.create_prim_func([A, D]))\n"
        "b, c, d = sch.get_block('B'), sch.get_block('C'), sch.get_block('D')\n"
        "sch.set_scope(b, 0, 'shared')\n"
        "sch.set_scope(c, 0, 'local')\n"
        "i, j = sch.get_loops(d)\n"
        "bx, vx, ii = sch.split(i, factors=[2, 2, None])\n"
        "sch.bind(bx, 'blockIdx.x')\n"
        "sch.bind(vx, 'vthread.x')\n"
        "sch.compute_at(c, vx)\n"
        "sch.compute_at(b, vx)\n",
        "vthread.py");
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().format().c_str());
    const PrimFunc& f = program->tir_schedule->func();
    std::string text = AsTVMScript(f);
    QVERIFY2(Contains(text,
                      "            for ax0, ax1 in T.grid(8, 8):\n"
                      "                with T.block(\"B\"):\n"
                      "                    v_i = T.axis.spatial(16, i_0 * 8 + ax0)\n"),
             text.c_str());
    QVERIFY2(Contains(text,
                      "            for ax0, ax1 in T.grid(4, 8):\n"
                      "                with T.block(\"C\"):\n"
                      "                    v_i = T.axis.spatial(16, i_0 * 8 + i_1 * 4 + ax0)\n"),
             text.c_str());
    transform::PassContext ctx;
    ctx.target = "cuda";
    auto lowered = transform::LowerTensorIR(f, ctx, f.name);
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    if (runtime::EmulatedCudaModule::Compiler().empty()) QSKIP("no host C++ compiler");
    auto arguments = reference::MakeTirArguments(f, lowered->func, {}, 7, 64);
    QVERIFY2(arguments.ok(), arguments.ok() ? "" : arguments.error().message.c_str());
    auto report = reference::CheckTirOnEmulator(f, program->tir_original, program->tir_te_args,
                                                *lowered, *arguments);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
    QVERIFY2(report->ok(), report->text.c_str());
  }
};

}  // namespace tst_tir_compute_at_vthread

QTEST_APPLESS_MAIN(tst_tir_compute_at_vthread::TestTirComputeAtVthread)
#include "tst_tir_compute_at_vthread.moc"
