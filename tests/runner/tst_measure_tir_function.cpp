// The node side measures a TensorIR module's function as `tessera-cli run --func` runs
// it: the request's "func" names the function (it travels in the batch file), a module of
// several functions without one and an unknown name are build errors that list the
// module's functions, and a scheduled module measures its scheduled function unless the
// request names another.
#include <QtTest/QtTest>

#include "codegen/LLVMBackend.h"
#include "runner/MeasureBatch.h"
#include "runner/Runner.h"

namespace tst_measure_tir_function {

using namespace tessera::runner;

namespace {

// add works on 8 elements, mul on 16: their FLOPs and bytes tell which one ran.
const std::string kModule =
    "from tvm.script import ir as I\n"
    "from tvm.script import tir as T\n"
    "\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def add(A: T.Buffer((8,), \"float32\"), B: T.Buffer((8,), \"float32\")):\n"
    "        for i in range(8):\n"
    "            with T.block(\"B\"):\n"
    "                vi = T.axis.spatial(8, i)\n"
    "                B[vi] = A[vi] + T.float32(1)\n"
    "\n"
    "    @T.prim_func\n"
    "    def mul(A: T.Buffer((16,), \"float32\"), B: T.Buffer((16,), \"float32\")):\n"
    "        for i in range(16):\n"
    "            with T.block(\"B\"):\n"
    "                vi = T.axis.spatial(16, i)\n"
    "                B[vi] = A[vi] * T.float32(3)\n";

const std::string kScheduled = kModule +
                               "\n"
                               "from tvm import tir\n"
                               "sch = tir.Schedule(Module)\n"
                               "sch.work_on(\"mul\")\n"
                               "(i,) = sch.get_loops(sch.get_block(\"B\"))\n"
                               "sch.split(i, factors=[None, 4])\n";

MeasureRequest Request(const std::string& script, const std::string& func) {
  MeasureRequest r;
  r.id = "tir-func";
  r.script = script;
  r.func = func;
  r.warmup = 0;
  r.repeat = 1;
  r.check = true;
  return r;
}

QString Describe(const MeasureResult& r) {
  return QString::fromStdString(std::string(MeasureStatusName(r.status)) + ": " + r.message);
}

}  // namespace

class TestMeasureTirFunction : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("needs the LLVM backend");
  }

  void theRequestNamesTheFunctionOfAModule() {
    MeasureResult r = MeasureOne(Request(kModule, "mul"), "");
    QVERIFY2(r.status == MeasureStatus::Ok, qPrintable(Describe(r)));
    QCOMPARE(r.flops, 16.0);
    QCOMPARE(r.bytes, 2.0 * 16 * 4);
    r = MeasureOne(Request(kModule, "add"), "");
    QVERIFY2(r.status == MeasureStatus::Ok, qPrintable(Describe(r)));
    QCOMPARE(r.flops, 8.0);
  }

  void aModuleOfSeveralFunctionsNeedsOne() {
    MeasureResult r = MeasureOne(Request(kModule, ""), "");
    QCOMPARE(r.status, MeasureStatus::BuildError);
    QVERIFY2(QString::fromStdString(r.message).contains("several functions (add, mul)"),
             qPrintable(Describe(r)));
  }

  void anUnknownFunctionIsABuildErrorNamingTheFunctions() {
    MeasureResult r = MeasureOne(Request(kModule, "div"), "");
    QCOMPARE(r.status, MeasureStatus::BuildError);
    QVERIFY2(QString::fromStdString(r.message).contains("--func div") &&
                 QString::fromStdString(r.message).contains("no function named 'div'") &&
                 QString::fromStdString(r.message).contains("add, mul"),
             qPrintable(Describe(r)));
  }

  void aScheduledModuleMeasuresItsScheduledFunctionOrTheNamedOne() {
    MeasureResult scheduled = MeasureOne(Request(kScheduled, ""), "");
    QVERIFY2(scheduled.status == MeasureStatus::Ok, qPrintable(Describe(scheduled)));
    QCOMPARE(scheduled.flops, 16.0);
    MeasureResult named = MeasureOne(Request(kScheduled, "mul"), "");
    QVERIFY2(named.status == MeasureStatus::Ok, qPrintable(Describe(named)));
    QCOMPARE(named.flops, 16.0);
    MeasureResult other = MeasureOne(Request(kScheduled, "add"), "");
    QVERIFY2(other.status == MeasureStatus::Ok, qPrintable(Describe(other)));
    QCOMPARE(other.flops, 8.0);
  }

  void theFunctionTravelsInTheBatchFile() {
    auto batch = ParseBatch(BatchToJson({Request(kModule, "mul")}), "batch.json");
    QVERIFY2(batch.ok(), batch.ok() ? "" : batch.error().message.c_str());
    QCOMPARE(batch->size(), size_t(1));
    QCOMPARE(batch->front().func, std::string("mul"));
    auto plain = ParseBatch(BatchToJson({Request(kModule, "")}), "batch.json");
    QVERIFY(plain.ok());
    QVERIFY(plain->front().func.empty());
    QVERIFY2(BatchToJson({Request(kModule, "")}).find("\"func\"") == std::string::npos,
             "a request without a function writes no \"func\" key");
  }
};

}  // namespace tst_measure_tir_function

QTEST_MAIN(tst_measure_tir_function::TestMeasureTirFunction)
#include "tst_measure_tir_function.moc"
