// The layout primitives of a script's tir.Schedule: storage_align and reindex with TVM's
// parameter names, the buffer argument as ("read" | "write", i) or a buffer name, their
// trace lines, and their errors as TVM's ScheduleError.
#include <QtTest>

#include "script/Evaluator.h"

namespace tst_tir_layout_script {

using namespace tessera;
using namespace tessera::script;

namespace {

// D = (A @ B) + 1 over 128 x 128 x 128: C is an intermediate buffer.
const char* kGemmPlusOne =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((128, 128), name='A')\n"
    "B = te.placeholder((128, 128), name='B')\n"
    "k = te.reduce_axis((0, 128), name='k')\n"
    "C = te.compute((128, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name='C')\n"
    "D = te.compute((128, 128), lambda i, j: C[i, j] + 1.0, name='D')\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, D]))\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kGemmPlusOne) + body, "t.py");
}

}  // namespace

class TestTirLayoutScript : public QObject {
  Q_OBJECT

 private slots:
  void methods_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("storage_align by keyword and by position") << std::string(
        "c = sch.get_block('C')\n"
        "sch.storage_align(block=c, buffer_index=0, axis=0, factor=128, offset=1)\n"
        "sch.storage_align(c, 0, 1, 32, 8)\n"
        "assert 'T.block_attr({\"buffer_dim_align\": [[0, 0, 128, 1], [0, 1, 32, 8]]})' in "
        "sch.mod.script()\n"
        "assert 'sch.storage_align(block=b0, buffer_index=0, axis=0, factor=128, offset=1)' "
        "in str(sch.trace)\n");
    QTest::newRow("reindex by tuple and by name") << std::string(
        "c = sch.get_block('C')\n"
        "w = sch.reindex(c, ('write', 0))\n"
        "assert sch.get(w).name_hint == 'C_reindex'\n"
        "r = sch.reindex(block=c, buffer='B')\n"
        "assert sch.get(r).name_hint == 'B_reindex_reindex'\n"
        "t = str(sch.trace)\n"
        "assert 'b1 = sch.reindex(block=b0, buffer=(\"write\", 0))' in t\n"
        "assert 'b2 = sch.reindex(block=b0, buffer=(\"read\", 1))' in t\n");
  }
  void methods() {
    QFETCH(std::string, code);
    auto r = Eval(code);
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void errors_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<std::string>("expected");
    QTest::newRow("storage_align of a parameter")
        << std::string("sch.storage_align(sch.get_block('D'), 0, 0, 128, 1)\n")
        << std::string("NonAllocatedBufferError");
    QTest::newRow("storage_align factor 0")
        << std::string("sch.storage_align(sch.get_block('C'), 0, 0, 0, 1)\n")
        << std::string("StorageAlignInvalidFactorError");
    QTest::newRow("reindex of a buffer kind that does not exist")
        << std::string("sch.reindex(sch.get_block('C'), ('modify', 0))\n")
        << std::string("Expected 'read' or 'write', but received modify");
    QTest::newRow("reindex of an unknown buffer name")
        << std::string("sch.reindex(sch.get_block('C'), 'X')\n")
        << std::string("Could not find buffer 'X' in block 'C'");
  }
  void errors() {
    QFETCH(std::string, code);
    QFETCH(std::string, expected);
    auto r = Eval(code);
    QVERIFY(!r.ok());
    QVERIFY2(r.error().format().find(expected) != std::string::npos, r.error().format().c_str());
  }
};

}  // namespace tst_tir_layout_script

QTEST_APPLESS_MAIN(tst_tir_layout_script::TestTirLayoutScript)
#include "tst_tir_layout_script.moc"
