// The TVM program of a TensorIR document (script/export/TirDocumentExport.h) against what
// a real TVM did with it: for each program of tests/tvm_reference_tir/documents/list,
// scripts/tvm-reference.sh stored the exported program and TVM's run of it (its check of
// the scheduled against the unscheduled function). The exporter must still write that
// program, and TVM must have confirmed it (or skipped it for a CPU without the features
// its intrinsics need). CI cannot build TVM; the data is committed.
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "SourceFiles.h"
#include "script/Evaluator.h"
#include "script/export/TirDocumentExport.h"
#include "script/tvm/tir/tensor_intrin/TensorIntrinModule.h"

namespace tst_tir_document_export {

using tessera::testing::ReadSourceFile;
using tessera::testing::SourceDir;

using namespace tessera;
using namespace tessera::script;

class TestTirDocumentExport : public QObject {
  Q_OBJECT

 private slots:
  void matchesWhatTvmRan_data() {
    QTest::addColumn<QString>("name");
    std::filesystem::path list = SourceDir() + "/tests/tvm_reference_tir/documents/list";
    std::istringstream lines(ReadSourceFile(list));
    std::string name;
    int rows = 0;
    while (std::getline(lines, name)) {
      if (name.empty() || name[0] == '#') continue;
      QTest::newRow(name.c_str()) << QString::fromStdString(name);
      ++rows;
    }
    if (rows == 0) qFatal("no programs in %s (set TESSERA_SOURCE_DIR)", list.c_str());
  }
  void matchesWhatTvmRan() {
    QFETCH(QString, name);
    const std::string n = name.toStdString();
    std::string reference =
        ReadSourceFile(SourceDir() + "/tests/tvm_reference_tir/documents/" + n + ".txt");
    size_t split = reference.find("==== TVM\n");
    QVERIFY2(split != std::string::npos, "the reference has no TVM run");
    std::string tvm = reference.substr(split);
    QVERIFY2(
        tvm.find("\nCHECK: OK") != std::string::npos || tvm.find("\nSKIP:") != std::string::npos,
        ("TVM did not confirm " + n).c_str());
    QVERIFY2(tvm.find("\nEXIT 0") != std::string::npos, ("TVM's run of " + n + " failed").c_str());
    std::filesystem::path source = SourceDir() + "/tests/tir/programs/" + n + ".py";
    auto program = EvaluateScript(ReadSourceFile(source), source.filename().string());
    QVERIFY2(program, program ? "" : program.error().format().c_str());
    auto exported = ExportTensorIRDocument(*program, TvmVersion{20});
    QVERIFY2(exported, exported ? "" : exported.error().message.c_str());
    QCOMPARE(QString::fromStdString(*exported), QString::fromStdString(reference.substr(0, split)));
  }

  // The export imports TVM's package for exactly the names the package registers (and
  // registers every other intrinsic itself): the list must follow tensor_intrin.py.
  void tvmIntrinsicNamesAreThePackages() {
    std::string script =
        "import tvm\n"
        "from tvm import tir\n"
        "from tvm.tir.tensor_intrin import x86, dot_product_common, arm_cpu, rocm, hexagon\n"
        "registered = sorted([\n"
        "    x86.VNNI_DOT_16x4_INTRIN, x86.AVX512_DOT_16x4_INTRIN,\n"
        "    dot_product_common.DP4A_S8S8S32_INTRIN, dot_product_common.DP4A_U8S8S32_INTRIN,\n"
        "    dot_product_common.DP4A_S8U8S32_INTRIN, dot_product_common.DP4A_U8U8U32_INTRIN,\n"
        "    arm_cpu.ARM_DOT_4x4_i8_NEON_INTRIN, arm_cpu.ARM_DOT_4x4_i8_SDOT_INTRIN,\n"
        "    arm_cpu.ARM_DOT_4x4_u8_UDOT_INTRIN, arm_cpu.ARM_DOT_4x4_u8_HDOT_INTRIN,\n"
        "    rocm.AMDGPU_SDOT4_INTRIN, hexagon.VRMPY_u8u8i32_INTRIN,\n"
        "    hexagon.VDMPY_i16i16i32_INTRIN])\n"
        "assert arm_cpu.DP4A_S8S8S32_INTRIN == dot_product_common.DP4A_S8S8S32_INTRIN\n";
    std::string expected;
    std::vector<std::string> names = TvmTensorIntrinNames();
    std::sort(names.begin(), names.end());
    for (const std::string& n : names)
      expected += (expected.empty() ? "" : ", ") + ("\"" + n + "\"");
    script += "assert registered == [" + expected + "], registered\n";
    for (const std::string& n : names)
      script += "assert tir.TensorIntrin.get(\"" + n + "\") is not None\n";
    auto program = EvaluateScript(script, "names.py");
    QVERIFY2(program, program ? "" : program.error().format().c_str());
  }
};

}  // namespace tst_tir_document_export

QTEST_GUILESS_MAIN(tst_tir_document_export::TestTirDocumentExport)
#include "tst_tir_document_export.moc"
