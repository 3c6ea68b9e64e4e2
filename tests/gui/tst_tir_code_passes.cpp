// The Code view of a TensorIR document shows every pass as TVMScript, as TVM prints the
// module after its lowering passes: the block-free program as TVM's after LowerOpaqueBlock,
// the last pass as TVM's lowered module (tests/tir/programs/lowered_tvmscript, printed by
// TVM 0.20), each in the document's own spelling (tirx for TVM 0.26). A GPU schedule's
// CUDA C++ and PTX are among the generated texts where NVRTC is built in.
#include <QComboBox>
#include <QPlainTextEdit>
#include <QtTest>
#include <fstream>
#include <map>
#include <sstream>

#include "Document.h"
#include "TargetCode.h"
#include "TirRunFixture.h"
#include "codegen/cuda/NVRTC.h"
#include "transform/LoweredTVMScript.h"
#include "transform/PrimFunc.h"
#include "views/CodeView.h"

namespace tst_tir_code_passes {

using namespace tessera;
using tessera::testing::ExampleFile;
using tessera::testing::FirstError;

namespace {

std::string Reference(const std::string& file) {
  std::ifstream in(std::string(qgetenv("TESSERA_SOURCE_DIR").constData()) +
                   "/tests/tir/programs/lowered_tvmscript/" + file);
  std::stringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

}  // namespace

class TestTirCodePasses : public QObject, protected testing::TirRunWindow {
  Q_OBJECT

  void open(const std::string& text, const QString& name) {
    QVERIFY2(Lowers(QString::fromStdString(text), name),
             qPrintable(FirstError(w->document()->state())));
  }

 private slots:
  void initTestCase() { PrepareSuite(); }
  void init() { NewWindow(); }
  void cleanup() { CloseWindow(); }

  void everyPassIsTVMScriptAsTvmPrintsIt() {
    open(Reference("gemm.py"), "gemm.py");
    const auto& passes = w->document()->state().passes;
    QVERIFY(passes.size() > 4);
    QCOMPARE(passes[0].title, std::string("TVMScript"));
    QCOMPARE(passes[1].title, std::string("sch.trace"));
    QCOMPARE(passes[2].title, std::string("LowerBlocks"));
    for (size_t i = 2; i < passes.size(); ++i) {
      const QString text = QString::fromStdString(views::TextOf(passes[i]));
      QVERIFY2(!passes[i].stmt.defined(), passes[i].title.c_str());
      QVERIFY2(text.startsWith("# from tvm.script import ir as I\n"
                               "# from tvm.script import tir as T\n"),
               qPrintable(text));
      QVERIFY2(text.contains("@T.prim_func") && !text.contains("T.block("), qPrintable(text));
    }
    QCOMPARE(QString::fromStdString(views::TextOf(passes[2])),
             QString::fromStdString(Reference("gemm.LowerOpaqueBlock.txt")));
    QCOMPARE(QString::fromStdString(views::TextOf(passes.back())),
             QString::fromStdString(Reference("gemm.lowered.txt")));
    // Flattened from StorageFlatten on: the parameters' flat views are declared.
    bool flat = false;
    for (const views::CodeArtifact& p : passes) {
      if (p.title == "StorageFlatten") flat = true;
      if (flat)
        QVERIFY2(views::TextOf(p).find("T.Buffer((4096,), data=C.data)") != std::string::npos,
                 views::TextOf(p).c_str());
    }
    QVERIFY(flat);
  }

  // Each pass's text is its own program printed afresh, also where a pass changed nothing
  // (its text is the one before it) and after unrolled loops changed the program.
  void everyPassPrintsItsOwnProgram() {
    std::string text = Reference("gemm.py");
    text += "\nsch.unroll(sch.get_loops(sch.get_block(\"C\"))[-2])\n";
    open(text, "gemm_unrolled.py");
    const views::DocumentState& state = w->document()->state();
    QVERIFY(state.program && state.program->tir_schedule && state.function);
    const tir::PrimFunc& func = state.program->tir_schedule->func();
    transform::LoweredScriptOptions options;
    options.dialect = state.program->tir_dialect;
    options.noalias = func.noalias;
    options.flattened = false;
    const std::string name =
        state.program->tir_func_name.empty() ? "main" : state.program->tir_func_name;
    auto fresh = [&](const ir::Stmt& body) {
      return transform::LoweredAsTVMScript(transform::MakePrimFunc(name, func.params, body),
                                           options);
    };
    const auto& timeline = state.function->timeline;
    QCOMPARE(views::TextOf(state.passes[2]), fresh(timeline.front().body));  // LowerBlocks
    int changed = 0, unchanged = 0;
    for (size_t i = 1; i < timeline.size(); ++i) {
      options.flattened = options.flattened || timeline[i].pass == "StorageFlatten";
      const views::CodeArtifact& shown = state.passes[i + 2];
      QCOMPARE(shown.title, timeline[i].pass);
      QCOMPARE(views::TextOf(shown), fresh(timeline[i].body));
      (timeline[i].body.same_as(timeline[i - 1].body) ? unchanged : changed) += 1;
    }
    QVERIFY(changed > 0 && unchanged > 0);
    for (size_t i = 1; i < timeline.size(); ++i)
      if (timeline[i].pass == "UnrollLoops") {
        QVERIFY(!timeline[i].body.same_as(timeline[i - 1].body));
        QVERIFY(views::TextOf(state.passes[i + 2]) != views::TextOf(state.passes[i + 1]));
      }
  }

  // The view shows the chosen pass's TVMScript.
  void theCodeViewShowsIt() {
    open(Reference("vector_scale.py"), "vector_scale.py");
    views::CodeView* code = w->codeView();
    code->setState(w->document()->state());
    const int last = code->artifactBox()->findText("RemoveNoOp");
    QVERIFY(last >= 0);
    code->artifactBox()->setCurrentIndex(last);
    QCOMPARE(code->editor()->toPlainText(),
             QString::fromStdString(Reference("vector_scale.lowered.txt")));
  }

  void theGpuGemmExampleHasItsCudaKernel() {
    if (!codegen::NVRTCAvailable()) QSKIP("NVRTC is not in this build");
    QString example = ExampleFile("gpu_gemm_tir.py");
    QVERIFY(!example.isEmpty());
    QVERIFY(w->openExample(example).ok());
    QSignalSpy targets(w->document(), &gui::Document::targetsChanged);
    w->targetCode()->buildNow();
    QVERIFY(targets.wait(120000));
    std::map<std::string, std::string> texts;
    for (const auto& a : w->document()->state().targets) texts[a.title] = a.text;
    QVERIFY(texts.count("CUDA C++") && texts.count("PTX"));
    // The kernel stages its tiles in shared memory and waits for the copies.
    QVERIFY2(texts["CUDA C++"].find("__global__") != std::string::npos &&
                 texts["CUDA C++"].find("__shared__") != std::string::npos &&
                 texts["CUDA C++"].find("__syncthreads()") != std::string::npos,
             texts["CUDA C++"].c_str());
    QVERIFY2(texts["PTX"].find(".entry") != std::string::npos, texts["PTX"].c_str());
  }

  void aTvm026DocumentPrintsTirx() {
    std::string text = Reference("gemm.py");
    const std::string from = "from tvm import te, tir\n", to = "from tvm import te, s_tir\n";
    text.replace(text.find(from), from.size(), to);
    text.replace(text.find("tir.Schedule("), 13, "s_tir.Schedule(");
    text.replace(text.find("get_block("), 10, "get_sblock(");
    open(text, "gemm_s_tir.py");
    const auto& passes = w->document()->state().passes;
    QVERIFY(passes.size() > 4);
    QVERIFY2(passes[0].text.find("T.sblock(") != std::string::npos, passes[0].text.c_str());
    for (size_t i = 2; i < passes.size(); ++i)
      QVERIFY2(views::TextOf(passes[i]).find("# from tvm.script import tirx as T\n") !=
                   std::string::npos,
               views::TextOf(passes[i]).c_str());
  }
};

}  // namespace tst_tir_code_passes

QTEST_MAIN(tst_tir_code_passes::TestTirCodePasses)
#include "tst_tir_code_passes.moc"
