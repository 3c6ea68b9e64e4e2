// Static loop throughput from LLVM's MCA (issue #15), checked against cases worked out
// by hand from the published scheduling models, on named CPUs so that the numbers hold
// on every host. The block is the body of a loop, so each `vfmadd231ps ..., %ymmK`
// also depends on itself one iteration earlier (it accumulates into ymmK):
// - 12 FMAs into 12 registers: Zen 3 has two FMA pipes, 12 / 2 = 6 cycles per
//   iteration, more than the 4-cycle FMA latency of each register's chain: bound by an
//   FP pipe (the resource);
// - 4 FMAs in one chain (all into ymm0): 4 x the FMA latency of 4 = 16 cycles, bound by
//   the dependencies, each pipe busy only 2 of those 16 cycles;
// - on Haswell the 12 FMAs run on ports 0 and 1: again 6 cycles (latency 5 < 6), and
//   8 of them take 5, not 4: the 5-cycle latency of each chain bounds them.
// Then the innermost loops of a real kernel get an estimate each, named by stage and var.
#include <QtTest>
#include <cmath>

#include "codegen/LoopThroughput.h"
#include "script/Evaluator.h"
#include "transform/LowerSchedule.h"

namespace tst_loop_throughput {

using namespace tessera;
using namespace tessera::codegen;

namespace {

std::string IndependentFmas(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "vfmadd231ps %ymm14, %ymm15, %ymm" + std::to_string(i) + "\n";
  return s;
}

std::string ChainedFmas(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "vfmadd231ps %ymm14, %ymm15, %ymm0\n";
  return s;
}

constexpr const char* kVectorAdd = R"(import tvm
from tvm import te
A = te.placeholder((4096,), name="A", dtype="float32")
B = te.placeholder((4096,), name="B", dtype="float32")
C = te.compute((4096,), lambda i: A[i] * B[i] + A[i], name="C")
s = te.create_schedule(C.op)
io, ii = s[C].split(C.op.axis[0], factor=8)
s[C].vectorize(ii)
)";

}  // namespace

class TestLoopThroughput : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    if (!LLVMAvailable()) QSKIP("built without LLVM: no MCA");
  }

  void independentFmasAreBoundByTheFmaPipes() {
    auto e = EstimateThroughput(IndependentFmas(12), "znver3");
    QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
    QCOMPARE(e->instructions, 12);
    QVERIFY2(std::abs(e->cycles_per_iteration - 6.0) < 0.1, e->Describe().c_str());
    QVERIFY2(e->bottleneck.rfind("resource ", 0) == 0, e->Describe().c_str());
    QVERIFY2(e->busiest_resource.find("FP") != std::string::npos, e->busiest_resource.c_str());
    QVERIFY(std::abs(e->busiest_cycles - 6.0) < 0.1);
    QCOMPARE(e->cpu, std::string("znver3"));
  }

  void chainedFmasAreBoundByLatency() {
    auto e = EstimateThroughput(ChainedFmas(4), "znver3");
    QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
    QVERIFY2(std::abs(e->cycles_per_iteration - 16.0) < 0.2, e->Describe().c_str());
    QCOMPARE(e->bottleneck, std::string("dependencies (latency)"));
    QVERIFY(e->busiest_cycles < 4.1);
  }

  void haswellRunsFmasOnPortsZeroAndOne() {
    auto e = EstimateThroughput(IndependentFmas(12), "haswell");
    QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
    QVERIFY2(std::abs(e->cycles_per_iteration - 6.0) < 0.1, e->Describe().c_str());
    QVERIFY2(e->busiest_resource.find("Port0") != std::string::npos ||
                 e->busiest_resource.find("Port1") != std::string::npos,
             e->busiest_resource.c_str());
    auto eight = EstimateThroughput(IndependentFmas(8), "haswell");
    QVERIFY(eight.ok());
    QVERIFY2(std::abs(eight->cycles_per_iteration - 5.0) < 0.1, eight->Describe().c_str());
    QCOMPARE(eight->bottleneck, std::string("dependencies (latency)"));
  }

  void badInputIsAnErrorNotACrash() {
    auto cpu = EstimateThroughput(IndependentFmas(2), "no-such-cpu");
    QVERIFY(!cpu.ok());
    QVERIFY2(cpu.error().message.find("no-such-cpu") != std::string::npos,
             cpu.error().message.c_str());
    auto text = EstimateThroughput("vfmadd231ps %ymm1\nnot an instruction at all\n", "znver3");
    QVERIFY(!text.ok());
    QVERIFY2(text.error().message.find("loop.s:") != std::string::npos,
             text.error().message.c_str());
    auto empty = EstimateThroughput("# nothing\n", "znver3");
    QVERIFY(!empty.ok());
  }

  void innermostLoopsOfAKernelGetAnEstimate() {
    auto program = script::EvaluateScript(kVectorAdd, "vadd.py");
    QVERIFY(program.ok());
    auto lowered = transform::LowerSchedule(*program->schedule, program->Arguments(), "llvm");
    QVERIFY(lowered.ok());
    LLVMOptions options;
    options.cpu = "znver3";
    auto loops = EstimateLoopThroughput(lowered->func, options);
    QVERIFY2(loops.ok(), loops.ok() ? "" : loops.error().message.c_str());
    QVERIFY(!loops->empty());
    const LoopThroughput& t = loops->front();
    QCOMPARE(t.stage, std::string("C"));
    QCOMPARE(t.var, std::string("i.outer"));
    QVERIFY2(t.estimate.cycles_per_iteration > 0.5 && t.estimate.cycles_per_iteration < 50,
             t.estimate.Describe().c_str());
    QVERIFY(t.estimate.instructions >= 3);  // two loads, a multiply(-add), a store at least
  }
};

}  // namespace tst_loop_throughput

QTEST_APPLESS_MAIN(tst_loop_throughput::TestLoopThroughput)
#include "tst_loop_throughput.moc"
