// The GPU emulator's check compares by the CPU check's rule: a float sum that
// a parallel reduction adds up in another order differs from the oracle's by rounding,
// which CheckAgainstReference allows for (CompareSum: 2 sqrt(n) eps sum|term|); the
// sampled check of a large grid used a plain tolerance and reported a correct row sum of
// 4096 values as wrong. The allowance must not hide a planted bug: one term read from
// the wrong column, or a barrier removed, still fails.
#include <QtTest>

#include "CudaTestSupport.h"
#include "reference/EmulatorCheck.h"
#include "runtime/cuda/Emulator.h"

namespace tst_emulator_sum_check {

using namespace tessera;

namespace {

// gpu_reduction.py's schedule on 512 rows: one block of 256 threads per row, each thread
// adding up 16 columns, the block combining its partial sums with shuffles and shared
// memory. The terms cancel in pairs, so every row sums to 0 in exact arithmetic and a
// float32 result is rounding alone: the plain tolerance (relative to the result) cannot
// absorb another summation order, CompareSum's allowance (relative to sum |term|) does.
const std::string kRowSums = R"(import tvm
from tvm import te
A = te.placeholder((512, 4096), name="A")
k = te.reduce_axis((0, 4096), name="k")
B = te.compute((512,), lambda i: te.sum(A[i, k] - A[i, 4095 - k], axis=k), name="B")
s = te.create_schedule(B.op)
ko, ki = s[B].split(k, factor=256)
s[B].bind(B.op.axis[0], te.thread_axis("blockIdx.x"))
s[B].bind(ki, te.thread_axis("threadIdx.x"))
)";

// Thread 0 reads the first A of its first term from the next column: one of the row's
// 4096 terms is wrong, by about the size of one term.
std::string OneTermFromTheWrongColumn(std::string source) {
  const std::string read = "A[";
  size_t at = source.find(read);
  if (at != std::string::npos)
    source.insert(at + read.size(), "(threadIdx.x == 0u && k_outer == 0) + ");
  return source;
}

// Every __syncthreads() of the kernel removed.
std::string WithoutBarriers(std::string source) {
  const std::string barrier = "__syncthreads();";
  for (size_t at = source.find(barrier); at != std::string::npos; at = source.find(barrier, at))
    source.replace(at, barrier.size(), ";");
  return source;
}

// N of "..., N mismatches" in a comparison's message (-1 when there is none).
int64_t Mismatches(const std::string& message) {
  size_t end = message.find(" mismatches");
  if (end == std::string::npos) return -1;
  size_t begin = message.rfind(' ', end - 1);
  return std::stoll(message.substr(begin + 1, end - begin - 1));
}

// X of "max abs error X" in a comparison's message (-1 when there is none).
double MaxAbsError(const std::string& message) {
  const std::string label = "max abs error ";
  size_t at = message.find(label);
  return at == std::string::npos ? -1 : std::stod(message.substr(at + label.size()));
}

}  // namespace

class TestEmulatorSumCheck : public QObject {
  Q_OBJECT

  Result<reference::EmulatorReport> Check(
      const std::function<std::string(std::string)>& edit = {}) {
    auto program = testing::LoadScript(kRowSums);
    if (!program) return program.error();
    auto lowered = testing::LowerProgram(*program);
    if (!lowered) return lowered.error();
    reference::EmulatorCheckOptions options;
    options.max_blocks = 16;
    options.edit = edit;
    return reference::CheckOnEmulator(*program->schedule, program->Arguments(), *lowered, {},
                                      options);
  }

 private slots:
  void initTestCase() {
    if (runtime::EmulatedCudaModule::Compiler().empty())
      QSKIP("no host C++ compiler for the emulator");
  }

  void aParallelRowSumPassesWithTheCpuChecksAllowance() {
    auto report = Check();
    QVERIFY2(report, report ? "" : report.error().message.c_str());
    QVERIFY(report->sampled());
    QVERIFY2(report->ok(), report->text.c_str());
    // The emulator's sums differ from the oracle's by more than the plain tolerance
    // allows a result near 0 (1e-5 + 1e-5 |b|, |b| below 1e-3 here).
    QVERIFY2(MaxAbsError(report->text) > 2e-5, report->text.c_str());
  }

  void oneTermFromTheWrongColumnStillFails() {
    auto report = Check(OneTermFromTheWrongColumn);
    QVERIFY2(report, report ? "" : report.error().message.c_str());
    QVERIFY2(
        report->cuda_source.find("(threadIdx.x == 0u && k_outer == 0) + ") != std::string::npos,
        report->cuda_source.c_str());
    QVERIFY2(!report->ok(), report->text.c_str());
    QCOMPARE(report->findings.front().kind, std::string("mismatch"));
    // Every sampled row has the wrong term; it passes only where the two columns'
    // values happen to lie within the allowance (about 0.03 of values in [-1, 1]).
    QVERIFY2(Mismatches(report->findings.front().message) >= 12,
             report->findings.front().message.c_str());
  }

  void aMissingBarrierStillFails() {
    auto report = Check(WithoutBarriers);
    QVERIFY2(report, report ? "" : report.error().message.c_str());
    QVERIFY2(report->cuda_source.find("__syncthreads()") == std::string::npos,
             report->cuda_source.c_str());
    QVERIFY2(!report->ok(), report->text.c_str());
  }
};

}  // namespace tst_emulator_sum_check

QTEST_MAIN(tst_emulator_sum_check::TestEmulatorSumCheck)
#include "tst_emulator_sum_check.moc"
