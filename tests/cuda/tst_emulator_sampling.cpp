// The GPU emulator check on a large grid (issue #15 item 5: "a sampled subset of
// blocks"): a launch of more blocks than EmulatorCheckOptions::max_blocks runs that many,
// evenly spread with the first and the last, and the oracle compares the elements those
// blocks wrote. A kernel that is wrong only in its last block is still caught; the full
// grid still runs when sampling is off; small grids are never sampled.
#include <QtTest>

#include "CudaTestSupport.h"
#include "reference/EmulatorCheck.h"
#include "runtime/cuda/Emulator.h"

namespace tst_emulator_sampling {

using namespace tessera;

namespace {

// 1024 blocks of 64 threads: one element per thread.
const std::string kLargeGrid = R"(import tvm
from tvm import te
A = te.placeholder((65536,), name="A")
C = te.compute(A.shape, lambda i: A[i] * 2.0 + 1.0, name="C")
s = te.create_schedule(C.op)
bx, tx = s[C].split(C.op.axis[0], factor=64)
s[C].bind(bx, te.thread_axis("blockIdx.x"))
s[C].bind(tx, te.thread_axis("threadIdx.x"))
)";

// The store into C adds 1 in the grid's last block only.
std::string WrongInLastBlock(std::string source) {
  size_t store = source.find("C[");
  size_t assign = store == std::string::npos ? store : source.find("] = ", store);
  if (assign != std::string::npos)
    source.insert(assign + 4, "(blockIdx.x == 1023u ? 1.0f : 0.0f) + ");
  return source;
}

}  // namespace

class TestEmulatorSampling : public QObject {
  Q_OBJECT

  Result<reference::EmulatorReport> Check(
      int64_t max_blocks, const std::function<std::string(std::string)>& edit = {}) {
    auto program = testing::LoadScript(kLargeGrid);
    if (!program) return program.error();
    auto lowered = testing::LowerProgram(*program);
    if (!lowered) return lowered.error();
    reference::EmulatorCheckOptions options;
    options.max_blocks = max_blocks;
    options.edit = edit;
    return reference::CheckOnEmulator(*program->schedule, program->Arguments(), *lowered, {},
                                      options);
  }

 private slots:
  void initTestCase() {
    if (runtime::EmulatedCudaModule::Compiler().empty())
      QSKIP("no host C++ compiler for the emulator");
  }

  void theSampleIsSpreadWithTheFirstAndLastBlock() {
    auto blocks = runtime::EmulatedCudaModule::SampledBlocks(1024, 16);
    QCOMPARE(int(blocks.size()), 16);
    QCOMPARE(blocks.front(), int64_t{0});
    QCOMPARE(blocks.back(), int64_t{1023});
    for (size_t i = 1; i < blocks.size(); ++i) {
      QVERIFY(blocks[i] > blocks[i - 1]);
      QVERIFY(blocks[i] - blocks[i - 1] >= 68 &&
              blocks[i] - blocks[i - 1] <= 69);  // 1023 / 15 = 68.2
    }
    // A grid within the limit, or no limit: every block.
    QCOMPARE(int(runtime::EmulatedCudaModule::SampledBlocks(10, 16).size()), 10);
    QCOMPARE(int(runtime::EmulatedCudaModule::SampledBlocks(1024, 0).size()), 1024);
    QCOMPARE(runtime::EmulatedCudaModule::SampledBlocks(7, 1), std::vector<int64_t>{0});
  }

  void aLargeGridIsSampledAndChecksOut() {
    auto report = Check(16);
    QVERIFY2(report, report ? "" : report.error().message.c_str());
    QVERIFY2(report->ok(), report->text.c_str());
    QVERIFY(report->sampled());
    QCOMPARE(report->blocks_run, int64_t{16});
    QCOMPARE(report->blocks_in_grids, int64_t{1024});
    QVERIFY2(report->text.find("sampled 16 of 1024 blocks") != std::string::npos,
             report->text.c_str());
    // 16 blocks of 64 threads wrote 1024 of C's 65536 elements.
    QVERIFY2(report->text.find("(1024 elements written)") != std::string::npos,
             report->text.c_str());
    QVERIFY2(report->text.find("no race seen") != std::string::npos, report->text.c_str());
  }

  void aBugInTheLastBlockIsCaughtBySampling() {
    auto report = Check(16, WrongInLastBlock);
    QVERIFY2(report, report ? "" : report.error().message.c_str());
    QVERIFY2(report->cuda_source.find("1023u ?") != std::string::npos, report->cuda_source.c_str());
    QVERIFY(report->sampled());
    QVERIFY2(!report->ok(), report->text.c_str());
    QCOMPARE(report->findings.front().kind, std::string("mismatch"));
    // 64 wrong elements: the last block's.
    QVERIFY2(report->findings.front().message.find("64 mismatches (first at flat index 65472)") !=
                 std::string::npos,
             report->findings.front().message.c_str());
  }

  void withoutALimitEveryBlockRuns() {
    auto report = Check(0);
    QVERIFY2(report, report ? "" : report.error().message.c_str());
    QVERIFY2(report->ok(), report->text.c_str());
    QVERIFY(!report->sampled());
    QCOMPARE(report->blocks_run, int64_t{1024});
    QVERIFY(report->text.find("sampled") == std::string::npos);
  }
};

}  // namespace tst_emulator_sampling

QTEST_MAIN(tst_emulator_sampling::TestEmulatorSampling)
#include "tst_emulator_sampling.moc"
