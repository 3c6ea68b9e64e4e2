// The TensorIR schedule programs of tests/tir/programs run in Tessera and compared with
// what a real TVM 0.20 printed for the same files (tests/tir/programs/reference, written
// by scripts/tvm-reference.sh): the scheduled function as `func.script()` prints it and
// the trace as `print(sch.trace)` prints it, text for text.
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "SourceFiles.h"
#include "script/Evaluator.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"

namespace tst_tir_tvm_reference {

using tessera::testing::ReadSourceFile;
using tessera::testing::SourceDir;

using namespace tessera;

namespace {

std::string TrimTrailingSpace(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// What TVM printed, cut into the function (from its "# from tvm.script" line) and the
// trace (from "# from tvm import tir"); lines printed before the function (a program's
// own prints) are not compared. A program that prints no trace (TVM 0.20 cannot print a
// trace holding decompose_padding) has only its function compared.
struct TvmOutput {
  bool ran = false;
  bool has_trace = false;
  std::string function, trace;
};

TvmOutput ParseReference(const std::string& text) {
  TvmOutput out;
  out.ran = text.find("\nEXIT 0") != std::string::npos;
  size_t func = text.find("# from tvm.script import");
  size_t trace = text.find("# from tvm import tir\ndef apply_trace");
  size_t exit = text.rfind("EXIT ");
  if (func == std::string::npos || (trace != std::string::npos && trace < func)) return out;
  out.has_trace = trace != std::string::npos;
  out.function = TrimTrailingSpace(text.substr(func, (out.has_trace ? trace : exit) - func));
  if (out.has_trace) out.trace = TrimTrailingSpace(text.substr(trace, exit - trace));
  return out;
}

// First differing line, for the failure message.
std::string FirstDifference(const std::string& want, const std::string& got) {
  std::istringstream a(want), b(got);
  std::string la, lb;
  for (int line = 1;; ++line) {
    bool ea = !std::getline(a, la), eb = !std::getline(b, lb);
    if (ea && eb) return "";
    if (ea != eb || la != lb)
      return "line " + std::to_string(line) + ":\n  TVM:     " + (ea ? "<end>" : la) +
             "\n  Tessera: " + (eb ? "<end>" : lb);
  }
}

}  // namespace

class TestTirTvmReference : public QObject {
  Q_OBJECT

 private slots:
  void programs_print_what_tvm_printed_data() {
    QTest::addColumn<std::string>("name");
    std::filesystem::path dir = SourceDir() + "/tests/tir/programs";
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
      if (entry.path().extension() == ".py") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    QVERIFY2(names.size() >= 20, "the TensorIR programs are missing");
    for (const std::string& name : names) QTest::newRow(name.c_str()) << name;
  }
  void programs_print_what_tvm_printed() {
    QFETCH(std::string, name);
    std::filesystem::path dir = SourceDir() + "/tests/tir/programs";
    std::filesystem::path reference = dir / "reference" / (name + ".txt");
    // Every program has TVM's output committed beside it; a new program without one is
    // an error here, not a skip (run scripts/tvm-reference.sh where TVM is built).
    QVERIFY2(std::filesystem::exists(reference),
             ("no TVM output for " + name + ": run scripts/tvm-reference.sh").c_str());
    TvmOutput tvm = ParseReference(ReadSourceFile(reference));
    QVERIFY2(tvm.ran && !tvm.function.empty(), ("TVM did not run " + name).c_str());

    std::string source = ReadSourceFile(dir / (name + ".py"));
    QVERIFY2(tvm.has_trace || source.find("print(sch.trace)") == std::string::npos,
             ("TVM printed no trace for " + name).c_str());
    auto program = script::EvaluateScript(source, name + ".py");
    QVERIFY2(program, program ? "" : program.error().format().c_str());
    QVERIFY2(program->tir_schedule, "the program made no tir.Schedule");
    // A program that prints sch.mod.script() of a module is compared with every function
    // the schedule holds; one that prints a function, with the document's.
    bool module = tvm.function.rfind("# from tvm.script import ir as I", 0) == 0;
    script::TensorIRModule printed;
    printed.functions = program->tir_module;
    std::string function = TrimTrailingSpace(
        module ? printed.Script()
               : tir::AsTVMScript(program->tir_schedule->func(), tir::TvmDialect::Tir));
    std::string trace =
        TrimTrailingSpace(tir::TraceAsPython(program->tir_schedule->trace(), tir::TvmDialect::Tir));
    QVERIFY2(function == tvm.function, ("the scheduled function differs from TVM's at " +
                                        FirstDifference(tvm.function, function))
                                           .c_str());
    if (!tvm.has_trace) return;
    QVERIFY2(trace == tvm.trace,
             ("the trace differs from TVM's at " + FirstDifference(tvm.trace, trace)).c_str());
  }
};

}  // namespace tst_tir_tvm_reference

QTEST_APPLESS_MAIN(tst_tir_tvm_reference::TestTirTvmReference)
#include "tst_tir_tvm_reference.moc"
