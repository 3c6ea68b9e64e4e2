// TVM's target intrinsics beyond x86 (tensor_intrin's dot_product_common, arm_cpu, rocm and
// hexagon modules, T.vectorlow / vectorhigh / vectorcombine, T.call_pure_extern): the lane
// shuffles compute what TVM computes on both backends; a program tensorized for another
// target schedules and prints (tests/tir/programs/reference) but compiling it here is
// refused by name; a malformed shuffle or helper call says what is wrong where.
#include <QtTest>

#include "SourceFiles.h"
#include "TirLowerSupport.h"
#include "script/Evaluator.h"
#include "tir/Schedule.h"

namespace tst_tir_target_intrinsics {

using namespace tessera;
using tessera::testing::ReadSourceFile;
using tessera::testing::SourceDir;

namespace {

Result<script::ScriptProgram> Program(const std::string& name) {
  return script::EvaluateScript(ReadSourceFile(SourceDir() + "/tests/tir/programs/" + name + ".py"),
                                name + ".py");
}

// Lowered and compiled for this CPU: the first error.
Status Compile(const script::ScriptProgram& program) {
  auto lowered = transform::LowerTensorIR(program.tir_schedule->func());
  if (!lowered) return lowered.error();
  auto f = runtime::BuildLLVM(lowered->func);
  if (!f) return f.error();
  return Status::Ok();
}

const char* kShuffle = R"(import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def f(A: T.Buffer((16,), "int8"), B: T.Buffer((16,), "int8")):
    with T.block("b"):
        B[0:16] = EXPR


sch = tir.Schedule(f)
)";

}  // namespace

class TestTirTargetIntrinsics : public QObject {
  Q_OBJECT

 private slots:
  // tests/tir/programs/vector_lanes.py swaps the halves of each 16 bytes; TVM v0.20 built
  // it for the CPU and gave, for A = 0, 1, ..., 63: 8 ... 15, 0 ... 7, 24 ... 31, 16 ...
  void vectorLanesMatchTvm_data() {
    QTest::addColumn<bool>("llvm");
    QTest::newRow("interpreter") << false;
    QTest::newRow("llvm") << true;
  }
  void vectorLanesMatchTvm() {
    QFETCH(bool, llvm);
    if (llvm && !codegen::LLVMAvailable()) QSKIP("built without LLVM");
    auto program = Program("vector_lanes");
    QVERIFY2(program, program ? "" : program.error().format().c_str());
    auto lowered = transform::LowerTensorIR(program->tir_schedule->func());
    QVERIFY2(lowered, lowered ? "" : lowered.error().message.c_str());
    std::vector<runtime::NDArray> args = {*runtime::NDArray::Empty({64}, ir::DataType::Int(8)),
                                          *runtime::NDArray::Empty({64}, ir::DataType::Int(8))};
    for (int64_t i = 0; i < 64; ++i) args[0].SetInt(i, i);
    Status run = llvm ? runtime::BuildLLVM(lowered->func)->Call(args)
                      : runtime::Interpret(lowered->func, args);
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    for (int64_t i = 0; i < 64; ++i) QCOMPARE(args[1].GetInt(i), i / 16 * 16 + (i % 16 + 8) % 16);
  }

  // Each schedules and prints as TVM does (tst_tir_tvm_reference); this CPU cannot run it.
  void otherTargetsIntrinsicsAreRefusedByName_data() {
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("reason");
    QTest::newRow("arm neon") << "tensorize_arm_dot"
                              << "llvm.aarch64.neon.smull.v8i16 is for aarch64 CPUs";
    QTest::newRow("arm sdot") << "tensorize_arm_sdot"
                              << "llvm.aarch64.neon.sdot.v4i32.v16i8 is for aarch64 CPUs";
    QTest::newRow("hexagon") << "tensorize_hexagon_vrmpy"
                             << "llvm.hexagon.V6.vrmpyub.acc.128B is for hexagon CPUs";
    QTest::newRow("cuda dp4a") << "tensorize_dp4a"
                               << "calls the external function \"__dp4a\"";
  }
  void otherTargetsIntrinsicsAreRefusedByName() {
    if (!codegen::LLVMAvailable()) QSKIP("built without LLVM");
    QFETCH(QString, program);
    QFETCH(QString, reason);
    auto p = Program(program.toStdString());
    QVERIFY2(p, p ? "" : p.error().format().c_str());
    QVERIFY(p->tir_schedule);
    Status s = Compile(*p);
    QVERIFY(!s.ok());
    QVERIFY2(s.error().message.find(reason.toStdString()) != std::string::npos,
             s.error().message.c_str());
  }

  void aMalformedShuffleOrHelperCallIsRefusedWhereWritten_data() {
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QString>("reason");
    QTest::newRow("not a half") << "T.vectorcombine(T.vectorlow(A[0:16], dtype=\"int8x4\"), "
                                   "A[0:12], dtype=\"int8x16\")"
                                << "vectorlow: int8x4 is not half of int8x16";
    QTest::newRow("combine lanes") << "T.vectorcombine(A[0:8], A[0:4], dtype=\"int8x16\")"
                                   << "vectorcombine: int8x8 and int8x4 do not make int8x16";
    QTest::newRow("not callable") << "len(3)"
                                  << "object of type 'int' has no len()";
  }
  void aMalformedShuffleOrHelperCallIsRefusedWhereWritten() {
    QFETCH(QString, expr);
    QFETCH(QString, reason);
    std::string source = kShuffle;
    source.replace(source.find("EXPR"), 4, expr.toStdString());
    auto program = script::EvaluateScript(source, "shuffle.py");
    QVERIFY(!program);
    std::string message = program.error().format();
    QVERIFY2(message.find(reason.toStdString()) != std::string::npos, message.c_str());
    QVERIFY2(message.find("shuffle.py:9") != std::string::npos, message.c_str());
  }
};

}  // namespace tst_tir_target_intrinsics

QTEST_APPLESS_MAIN(tst_tir_target_intrinsics::TestTirTargetIntrinsics)
#include "tst_tir_target_intrinsics.moc"
