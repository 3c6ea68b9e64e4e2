// A lowered TensorIR function as TVMScript (transform/LoweredTVMScript.h), compared with
// what TVM 0.20 printed for the same schedules (tests/tir/programs/lowered_tvmscript,
// written by its make_references.py): the block-free program against TVM's after
// LowerOpaqueBlock, the flattened and optimized one against TVM's after its lowering
// passes. Where Tessera lowers differently (it does not compact a cache block's
// allocation), the lines both print are compared.
#include <QtTest/QtTest>
#include <fstream>
#include <sstream>

#include "script/Evaluator.h"
#include "tir/ScriptPrinter.h"
#include "transform/LowerTensorIR.h"
#include "transform/LoweredTVMScript.h"

namespace tst_tir_lowered_tvmscript {

using namespace tessera;

namespace {

std::string Dir() {
  return std::string(qgetenv("TESSERA_SOURCE_DIR").constData()) +
         "/tests/tir/programs/lowered_tvmscript/";
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

struct Lowered {
  std::string blocks;  // after LowerBlocks, as TVMScript
  std::string final;   // after the last pass, as TVMScript
  transform::LoweredProgram program;
};

// The program's function lowered and printed in `dialect`; an empty `final` when it fails.
Lowered Lower(const std::string& name, tir::TvmDialect dialect = tir::TvmDialect::Tir) {
  Lowered out;
  auto program = script::EvaluateScript(ReadFile(Dir() + name + ".py"), name + ".py");
  if (!program) {
    qWarning("%s", program.error().format().c_str());
    return out;
  }
  const tir::PrimFunc& func = program->tir_schedule->func();
  auto blocks = transform::LowerBlocks(func);
  auto lowered = transform::LowerTensorIR(func);
  if (!blocks || !lowered) {
    qWarning("lowering %s failed", name.c_str());
    return out;
  }
  transform::LoweredScriptOptions options;
  options.dialect = dialect;
  options.flattened = false;
  out.blocks =
      transform::LoweredAsTVMScript(transform::MakePrimFunc("main", func.params, *blocks), options);
  options.flattened = true;
  out.final = transform::LoweredAsTVMScript(lowered->func, options);
  out.program = std::move(*lowered);
  return out;
}

QString Lines(const std::string& text) { return QString::fromStdString(text); }

}  // namespace

class TestTirLoweredTVMScript : public QObject {
  Q_OBJECT

 private slots:
  void asTvmPrintsIt_data() {
    QTest::addColumn<std::string>("name");
    QTest::newRow("gemm") << std::string("gemm");
    QTest::newRow("vector_scale") << std::string("vector_scale");
  }
  void asTvmPrintsIt() {
    QFETCH(std::string, name);
    Lowered ours = Lower(name);
    QVERIFY(!ours.final.empty());
    QCOMPARE(Lines(ours.blocks), Lines(ReadFile(Dir() + name + ".LowerOpaqueBlock.txt")));
    QCOMPARE(Lines(ours.final), Lines(ReadFile(Dir() + name + ".lowered.txt")));
  }

  // The flat views of the GEMM's buffers are declared where TVM declares them: C's in the
  // loop body before the first statement that uses it, A's and B's before the update.
  void flatViewsAreDeclaredBeforeTheirFirstUse() {
    Lowered ours = Lower("gemm");
    const std::string& text = ours.final;
    size_t c = text.find("C_1 = T.Buffer((4096,), data=C.data)");
    size_t init = text.find("if k == 0:");
    size_t a = text.find("A_1 = T.Buffer((3072,), data=A.data)");
    size_t b = text.find("B_1 = T.Buffer((3072,), data=B.data)");
    size_t update = text.find("C_1[i_0 * 1024 + i_1 * 64 + j] = C_1[");
    QVERIFY2(c < init && init < a && a < b && b < update && update != std::string::npos,
             text.c_str());
  }

  // A cache block: before flattening an N-D T.decl_buffer, after it a T.allocate with its
  // flat view, vector accesses as slices and broadcasts, as TVM prints them.
  void aCacheBlockAllocatesAndVectorizes() {
    Lowered ours = Lower("cache_write_vectorized");
    QVERIFY(!ours.final.empty());
    QVERIFY2(ours.blocks.find("C_global = T.decl_buffer((64, 64))") != std::string::npos,
             ours.blocks.c_str());
    QVERIFY2(ours.blocks.find("C[i_0 * 8 + ax0, j_0 * 8 + ax1] = C_global[") != std::string::npos,
             ours.blocks.c_str());
    const std::string tvm = ReadFile(Dir() + "cache_write_vectorized.lowered.txt");
    // Lines both print: the views of the parameters, the vector update's operands.
    for (const char* line :
         {"A_1 = T.Buffer((2048,), data=A.data)", "B_1 = T.Buffer((2048,), data=B.data)",
          "C_1 = T.Buffer((4096,), data=C.data)",
          "T.Broadcast(A_1[i_0 * 256 + i_1 * 32 + k], 8) * "
          "B_1[k * 64 + j_0 * 8:k * 64 + j_0 * 8 + 8]",
          "for i_0 in T.parallel(8):", "for ax0, ax1 in T.grid(8, 8):"}) {
      QVERIFY2(tvm.find(line) != std::string::npos, line);
      QVERIFY2(ours.final.find(line) != std::string::npos, (line + ("\n" + ours.final)).c_str());
    }
    // Tessera keeps the cache block's whole buffer (TVM compacts it to the tile).
    QVERIFY2(
        ours.final.find("C_global = T.allocate([4096], \"float32\", \"global\")") !=
                std::string::npos &&
            ours.final.find("C_global_1 = T.Buffer((4096,), data=C_global)") != std::string::npos,
        ours.final.c_str());
    QVERIFY2(ours.final.find("T.Broadcast(T.float32(0.0), 8)") != std::string::npos,
             ours.final.c_str());
  }

  void theTvm026SpellingImportsTirx() {
    Lowered ours = Lower("gemm", tir::TvmDialect::STir);
    QVERIFY2(ours.final.rfind("# from tvm.script import ir as I\n"
                              "# from tvm.script import tirx as T\n",
                              0) == 0,
             ours.final.c_str());
    QVERIFY2(ours.final.find("T.func_attr({\"tirx.noalias\": True})") != std::string::npos,
             ours.final.c_str());
  }

  // Every step of the timeline keeps its program, which the Code view prints.
  void everyPassKeepsItsProgram() {
    Lowered ours = Lower("vector_scale");
    QVERIFY(!ours.program.timeline.empty());
    for (const transform::PassRecord& r : ours.program.timeline)
      QVERIFY2(r.body.defined(), r.pass.c_str());
  }

  // A symbolic shape: a handle, the shape variable and T.match_buffer, as TVM declares a
  // parameter whose shape is not constant.
  void aSymbolicShapeIsMatched() {
    const char* source =
        "from tvm.script import tir as T\n"
        "\n"
        "@T.prim_func\n"
        "def add(a: T.handle, b: T.handle):\n"
        "    n = T.int32()\n"
        "    A = T.match_buffer(a, (n,))\n"
        "    B = T.match_buffer(b, (n,))\n"
        "    for i in range(n):\n"
        "        with T.block(\"B\"):\n"
        "            vi = T.axis.spatial(n, i)\n"
        "            B[vi] = A[vi] + T.float32(1)\n";
    auto program = script::EvaluateScript(source, "add.py");
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().format().c_str());
    QVERIFY(program->tir_schedule);
    auto lowered = transform::LowerTensorIR(program->tir_schedule->func());
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    std::string text = transform::LoweredAsTVMScript(lowered->func);
    for (const char* line : {"def main(var_A: T.handle, var_B: T.handle):", "n = T.int32()",
                             "A = T.match_buffer(var_A, (n,))", "for i in range(n):"})
      QVERIFY2(text.find(line) != std::string::npos, (line + ("\n" + text)).c_str());
  }
};

}  // namespace tst_tir_lowered_tvmscript

QTEST_MAIN(tst_tir_lowered_tvmscript::TestTirLoweredTVMScript)
#include "tst_tir_lowered_tvmscript.moc"
