// A block's CUDA threads as fibers on one OS thread, blocks spread over several
// (runtime/cuda/EmulatorBlock.h): where a GPU would hang, the emulator says why and goes
// on — a warp shuffle that some lanes never reach is an error naming the lane, and a
// thread that has returned does not hold up a barrier; a launch of many blocks on
// several OS threads gives the same outputs every run.
#include <QtTest>

#include "CudaEmulator.h"
#include "CudaTestSupport.h"
#include "codegen/cuda/CudaLowering.h"
#include "reference/Compare.h"
#include "runtime/cuda/Emulator.h"

namespace tst_emulator_blocks {

using namespace tessera;

namespace {

// Row sums, one block of 256 threads per row: shuffles within each warp, then a shared
// step across the 8 warps between barriers.
const std::string kRowSums = R"(import tvm
from tvm import te
A = te.placeholder((64, 1024), name="A")
k = te.reduce_axis((0, 1024), name="k")
B = te.compute((64,), lambda i: te.sum(A[i, k], axis=k), name="B")
s = te.create_schedule(B.op)
ko, ki = s[B].split(k, factor=256)
s[B].bind(B.op.axis[0], te.thread_axis("blockIdx.x"))
s[B].bind(ki, te.thread_axis("threadIdx.x"))
)";

// `statement` inserted at the start of the kernel's body.
std::function<std::string(std::string)> AtKernelStart(const std::string& statement) {
  return [statement](std::string source) {
    size_t kernel = source.find("__global__");
    size_t body = kernel == std::string::npos ? kernel : source.find('{', kernel);
    if (body != std::string::npos) source.insert(body + 1, "\n  " + statement);
    return source;
  };
}

}  // namespace

class TestEmulatorBlocks : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  // One run of the row sums (after `edit`) on inputs from seed 3.
  Status Run(const std::function<std::string(std::string)>& edit,
             std::vector<runtime::NDArray>* arrays) {
    auto program = testing::LoadScript(kRowSums);
    if (!program) return program.error();
    auto lowered = testing::LowerProgram(*program);
    if (!lowered) return lowered.error();
    auto cuda = codegen::LowerForCUDA(*lowered);
    if (!cuda) return cuda.error();
    auto module =
        runtime::EmulatedCudaModule::Build(cuda->program, dir_.path().toStdString(), edit);
    if (!module) return module.error();
    auto made = testing::MakeArrays(lowered->func, {}, 3);
    if (!made) return made.error();
    *arrays = *made;
    return (*module)->Call(*arrays, {});
  }

 private slots:
  void initTestCase() {
    if (runtime::EmulatedCudaModule::Compiler().empty())
      QSKIP("no C++ compiler on PATH: the emulation tests are skipped");
    QVERIFY(dir_.isValid());
  }

  void aShuffleSomeLanesNeverReachFailsInsteadOfHanging() {
    std::vector<runtime::NDArray> arrays;
    Status s = Run(AtKernelStart("if (threadIdx.x == 37u) return;"), &arrays);
    QVERIFY(!s.ok());
    QVERIFY2(s.error().message.find("in warp 1: lane 5 has returned") != std::string::npos,
             s.error().message.c_str());
  }

  void aThreadThatReturnedDoesNotHoldUpABarrier() {
    // Warp 7 gone entirely: the others still pass their barriers and finish.
    std::vector<runtime::NDArray> arrays;
    Status s = Run(AtKernelStart("if (threadIdx.x >= 224u) return;"), &arrays);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  }

  void manyBlocksGiveTheSameOutputsEveryRun() {
    std::vector<runtime::NDArray> first, second;
    Status a = Run({}, &first);
    QVERIFY2(a.ok(), a.ok() ? "" : a.error().message.c_str());
    Status b = Run({}, &second);
    QVERIFY2(b.ok(), b.ok() ? "" : b.error().message.c_str());
    QCOMPARE(first.size(), second.size());
    for (size_t i = 0; i < first.size(); ++i)
      QVERIFY(reference::Compare(first[i], second[i], reference::Tolerance{0, 0}).ok());
  }
};

}  // namespace tst_emulator_blocks

QTEST_MAIN(tst_emulator_blocks::TestEmulatorBlocks)
#include "tst_emulator_blocks.moc"
