// T.q_multiply_shift and T.q_multiply_shift_per_axis compute what TVM computes: the
// vectorized function of tests/tir/programs/q_multiply_shift.py run by the IR interpreter
// and by LLVM on the inputs TVM ran it on (tests/tir/values), element for element; a te
// stage calling the fixed-point multiply through the te oracle and through LLVM; and the
// calls TVM cannot compile either, refused with the reason.
#include <QtTest>
#include <map>
#include <sstream>

#include "SourceFiles.h"
#include "TirLowerSupport.h"
#include "ir/FixedPointMultiply.h"
#include "script/Evaluator.h"
#include "tir/Schedule.h"

namespace tst_tir_fixed_point_multiply {

using namespace tessera;
using tessera::testing::ReadSourceFile;
using tessera::testing::SourceDir;

namespace {

// "NAME: v v v" lines, as tests/tir/values/q_multiply_shift_values.py prints them.
std::map<std::string, std::vector<int64_t>> TvmValues() {
  std::map<std::string, std::vector<int64_t>> values;
  std::istringstream in(
      ReadSourceFile(SourceDir() + "/tests/tir/values/q_multiply_shift_values.txt"));
  std::string line;
  while (std::getline(in, line)) {
    size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::istringstream numbers(line.substr(colon + 1));
    std::vector<int64_t>& v = values[line.substr(0, colon)];
    for (int64_t x; numbers >> x;) v.push_back(x);
  }
  return values;
}

runtime::NDArray Int32Array(std::vector<int64_t> shape, const std::vector<int64_t>& values) {
  runtime::NDArray a = *runtime::NDArray::Empty(std::move(shape), ir::DataType::Int(32));
  for (int64_t i = 0; i < a.numel() && i < int64_t(values.size()); ++i) a.SetInt(i, values[i]);
  return a;
}

// The first element that differs, or "" when all agree.
std::string FirstMismatch(const runtime::NDArray& got, const std::vector<int64_t>& want) {
  if (got.numel() != int64_t(want.size()))
    return std::to_string(got.numel()) + " elements, TVM printed " + std::to_string(want.size());
  for (int64_t i = 0; i < got.numel(); ++i)
    if (got.GetInt(i) != want[size_t(i)])
      return "element " + std::to_string(i) + ": " + std::to_string(got.GetInt(i)) + ", TVM " +
             std::to_string(want[size_t(i)]);
  return "";
}

Result<transform::LoweredProgram> LowerScript(const std::string& source) {
  auto program = script::EvaluateScript(source, "program.py");
  if (!program) return program.error();
  if (!program->tir_schedule) return Error("the script made no tir.Schedule");
  return transform::LowerTensorIR(program->tir_schedule->func());
}

const char* kOneCall = R"(import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def f(X: T.Buffer((8,), "int32"), M: T.Buffer((8,), "int32"), Y: T.Buffer((8,), "int32")):
    for i in range(8):
        with T.block("y"):
            vi = T.axis.spatial(8, i)
            Y[vi] = CALL


sch = tir.Schedule(f)
)";

std::string WithCall(const std::string& call) {
  std::string s = kOneCall;
  s.replace(s.find("CALL"), 4, call);
  return s;
}

}  // namespace

class TestTirFixedPointMultiply : public QObject {
  Q_OBJECT

 private slots:
  void matchesTvmOnBothBackends_data() {
    QTest::addColumn<bool>("llvm");
    QTest::newRow("interpreter") << false;
    QTest::newRow("llvm") << true;
  }
  void matchesTvmOnBothBackends() {
    QFETCH(bool, llvm);
    if (llvm && !codegen::LLVMAvailable()) QSKIP("built without LLVM");
    auto tvm = TvmValues();
    QCOMPARE(tvm["Y"].size(), size_t(7 * 4 * 64));
    auto lowered =
        LowerScript(ReadSourceFile(SourceDir() + "/tests/tir/programs/q_multiply_shift.py"));
    QVERIFY2(lowered, lowered ? "" : lowered.error().message.c_str());
    std::vector<runtime::NDArray> args = {Int32Array({4, 64}, tvm["X"]), Int32Array({4}, tvm["M"]),
                                          Int32Array({4}, tvm["LS"]), Int32Array({4}, tvm["RS"]),
                                          Int32Array({7, 4, 64}, {})};
    if (llvm) {
      auto f = runtime::BuildLLVM(lowered->func);
      QVERIFY2(f, f ? "" : f.error().message.c_str());
      Status run = f->Call(args);
      QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    } else {
      Status run = runtime::Interpret(lowered->func, args);
      QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    }
    std::string mismatch = FirstMismatch(args[4], tvm["Y"]);
    QVERIFY2(mismatch.empty(), mismatch.c_str());
  }

  // A te stage: the oracle (run --check's reference for te programs) expands the call too.
  void teStageMatchesTvmThroughTheOracleAndLLVM() {
    auto tvm = TvmValues();
    auto A = *te::placeholder({256}, ir::DataType::Int(32), "A");
    auto B = *te::compute(
        {256},
        [&](const std::vector<ir::Var>& i) {
          return *ir::MakeQMultiplyShift({A(i[0]), ir::IntImm(ir::DataType::Int(32), 2101000910),
                                          ir::IntImm(ir::DataType::Int(32), 31),
                                          ir::IntImm(ir::DataType::Int(32), -5)});
        },
        "B");
    // Row 3 of TVM's output: q_multiply_shift(X, 2101000910, 31, -5).
    std::vector<int64_t> want(tvm["Y"].begin() + 3 * 256, tvm["Y"].begin() + 4 * 256);
    reference::TensorArrays inputs;
    inputs[A.get()] = Int32Array({256}, tvm["X"]);
    auto oracle = reference::EvaluateReference({B}, inputs, {});
    QVERIFY2(oracle, oracle ? "" : oracle.error().message.c_str());
    std::string mismatch = FirstMismatch((*oracle)[0], want);
    QVERIFY2(mismatch.empty(), ("oracle: " + mismatch).c_str());

    if (!codegen::LLVMAvailable()) QSKIP("built without LLVM");
    tir::testing::TeProgram program{{A, B}};
    auto lowered = transform::LowerTensorIR(program.func());
    QVERIFY2(lowered, lowered ? "" : lowered.error().message.c_str());
    auto f = runtime::BuildLLVM(lowered->func);
    QVERIFY2(f, f ? "" : f.error().message.c_str());
    std::vector<runtime::NDArray> args = {Int32Array({256}, tvm["X"]), Int32Array({256}, {})};
    Status run = f->Call(args);
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    mismatch = FirstMismatch(args[1], want);
    QVERIFY2(mismatch.empty(), ("llvm: " + mismatch).c_str());
  }

  // TVM's expansion needs a constant multiplier (and a constant shift when it is 1 << 30);
  // the program still opens, schedules and prints, and lowering says why it stops.
  void aCallTvmCannotExpandIsRefusedAtLowering_data() {
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("reason");
    QTest::newRow("multiplier") << "T.q_multiply_shift(X[vi], M[vi], 31, 0)"
                                << "a constant multiplier y";
    QTest::newRow("power-of-two shift") << "T.q_multiply_shift(X[vi], 1073741824, 31, M[vi])"
                                        << "a constant shift s";
    QTest::newRow("int64 multiplier")
        << "T.q_multiply_shift_per_axis(X[vi], T.int64(5), 0, 0, 31, False, True)"
        << "the multiplier y must be int32";
  }
  void aCallTvmCannotExpandIsRefusedAtLowering() {
    QFETCH(QString, call);
    QFETCH(QString, reason);
    auto lowered = LowerScript(WithCall(call.toStdString()));
    QVERIFY(!lowered);
    QVERIFY2(lowered.error().message.find(reason.toStdString()) != std::string::npos,
             lowered.error().message.c_str());
    QVERIFY2(lowered.error().message.find("LegalizeCalls") != std::string::npos,
             lowered.error().message.c_str());
  }

  void aMalformedCallIsRefusedWhereItIsWritten_data() {
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("reason");
    QTest::newRow("missing shift") << "T.q_multiply_shift(X[vi], 5, 31)"
                                   << "s";
    QTest::newRow("float operand") << "T.q_multiply_shift(T.float32(1.5), 5, 31, 0)"
                                   << "argument 1 must be an integer, not float32";
    QTest::newRow("int flag") << "T.q_multiply_shift_per_axis(X[vi], M[vi], 0, 0, 31, 1.5, True)"
                              << "argument 6 must be a bool";
  }
  void aMalformedCallIsRefusedWhereItIsWritten() {
    QFETCH(QString, call);
    QFETCH(QString, reason);
    auto program = script::EvaluateScript(WithCall(call.toStdString()), "program.py");
    QVERIFY(!program);
    std::string message = program.error().format();
    QVERIFY2(message.find(reason.toStdString()) != std::string::npos, message.c_str());
    QVERIFY2(message.find("program.py:11") != std::string::npos, message.c_str());
  }
};

}  // namespace tst_tir_fixed_point_multiply

QTEST_APPLESS_MAIN(tst_tir_fixed_point_multiply::TestTirFixedPointMultiply)
#include "tst_tir_fixed_point_multiply.moc"
