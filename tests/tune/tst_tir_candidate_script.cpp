// A TensorIR tuning candidate of one function of a module (core/tune/tir/
// TirCandidateScript.h): the candidate of g evaluates to a document of g with the trace
// applied to g, whether the module was unscheduled (the schedule is made first) or the
// script schedules f (f's lines are kept, the trace follows work_on("g")); a record's
// trace goes on the document as it is now, keeping the lines it gained since; and the
// records' keys are per function, even for two functions with the same body, and do not
// change when another function is scheduled.
#include <QtTest>

#include "TirTwoFunctionModule.h"
#include "script/Evaluator.h"
#include "tir/ScriptPrinter.h"
#include "tune/tir/TirCandidateScript.h"
#include "tune/tir/TirTuner.h"

namespace tst_tir_candidate_script {

using namespace tessera;

namespace {

// The module of f and g, and h: g's body under another name.
std::string WithCopyOfG(std::string module) {
  std::string g = module.substr(module.find("    @T.prim_func\n    def g("));
  g.replace(g.find("def g("), 6, "def h(");
  return module + "\n" + g;
}
const std::string kModule = WithCopyOfG(kTirTwoFunctionModule);

// The module with f's loop split by the script's own schedule (its work_on function).
const std::string kFScheduled = kModule +
                                "\nimport tvm\n"
                                "sch = tvm.tir.Schedule(Module)\n"
                                "sch.work_on(\"f\")\n"
                                "(i,) = sch.get_loops(sch.get_block(\"B\"))\n"
                                "sch.split(i, factors=[None, 4])\n";

// `source` evaluated with its module's function `name` chosen, its text kept.
script::ScriptProgram Load(const std::string& source, const std::string& name) {
  auto program = script::EvaluateScript(source, "module.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  Status chosen = script::SelectTensorIRFunction(&*program, name);
  if (!chosen) qFatal("%s", chosen.error().message.c_str());
  program->source = source;
  return std::move(program.value());
}

// What a search adds for g: its outer loop parallel, after what the document did.
tir::Trace ParallelG(const script::ScriptProgram& program) {
  tir::Schedule sch = *program.tir_schedule;
  const size_t before = sch.trace().insts.size();
  auto block = sch.GetBlock("C", "g");
  if (!block) qFatal("%s", block.error().message.c_str());
  auto loops = sch.GetLoops(*block);
  if (!loops || !sch.Parallel(loops->front()).ok()) qFatal("cannot parallelize g");
  tir::Trace added;
  added.insts.assign(sch.trace().insts.begin() + static_cast<long>(before),
                     sch.trace().insts.end());
  return added;
}

std::string Printed(const script::ScriptProgram& p, const std::string& name) {
  for (const auto& [f, func] : p.tir_module)
    if (f == name) return tir::AsTVMScript(func);
  return "";
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

class TestTirCandidateScript : public QObject {
  Q_OBJECT

 private slots:
  void anUnscheduledModuleGetsItsScheduleAndWorksOnTheFunction() {
    const script::ScriptProgram doc = Load(kModule, "g");
    auto made = tune::TirScheduleCreation(doc);
    QVERIFY(made.ok());
    QCOMPARE(*made, std::string("import tvm\nsch = tvm.tir.Schedule(Module)\n"));
    auto script = tune::TirCandidateScript(doc, ParallelG(doc));
    QVERIFY2(script.ok(), script.ok() ? "" : script.error().message.c_str());
    QVERIFY(Has(*script, "sch.get_block(name=\"C\", func_name=\"g\")"));
    QVERIFY(Has(*script, "\nsch.work_on(\"g\")\napply_trace(sch)\n"));
    auto candidate = script::EvaluateScript(*script, "candidate.py");
    QVERIFY2(candidate.ok(), candidate.ok() ? "" : candidate.error().format().c_str());
    QVERIFY(candidate->is_tensorir());
    QCOMPARE(candidate->tir_func_name, std::string("g"));
    QVERIFY(Has(Printed(*candidate, "g"), "T.parallel(16)"));
    QCOMPARE(Printed(*candidate, "f"), Printed(doc, "f"));
  }

  void aScheduledModuleKeepsTheOtherFunctionsLines() {
    const script::ScriptProgram doc = Load(kFScheduled, "g");
    auto made = tune::TirScheduleCreation(doc);
    QVERIFY(made.ok() && made->empty());  // the script makes its schedule
    auto script = tune::TirCandidateScript(doc, ParallelG(doc));
    QVERIFY(script.ok());
    QCOMPARE(script->rfind(kFScheduled, 0), size_t(0));
    auto candidate = script::EvaluateScript(*script, "candidate.py");
    QVERIFY2(candidate.ok(), candidate.ok() ? "" : candidate.error().format().c_str());
    // Without work_on("g") the script's own function would be f.
    QCOMPARE(candidate->tir_func_name, std::string("g"));
    QVERIFY(Has(Printed(*candidate, "g"), "T.parallel(16)"));
    QCOMPARE(Printed(*candidate, "f"), Printed(doc, "f"));
    QVERIFY(Printed(doc, "f") != Printed(Load(kModule, "f"), "f"));  // split
  }

  void aRecordGoesOnTheDocumentAsItIsNow() {
    const script::ScriptProgram tuned = Load(kFScheduled, "g");
    auto record = tune::TirCandidateScript(tuned, ParallelG(tuned));
    QVERIFY(record.ok());
    // Since the search the document parallelized f's outer loop.
    const std::string now = kFScheduled + "sch.parallel(sch.get_loops(sch.get_block(\"B\"))[0])\n";
    const script::ScriptProgram doc = Load(now, "g");
    auto text = tune::TirCandidateOnDocument(doc, *record);
    QVERIFY2(text.ok(), text.ok() ? "" : text.error().message.c_str());
    QCOMPARE(text->rfind(now, 0), size_t(0));
    QCOMPARE(tune::TirTunedTrace(*text), tune::TirTunedTrace(*record));
    auto applied = script::EvaluateScript(*text, "applied.py");
    QVERIFY2(applied.ok(), applied.ok() ? "" : applied.error().format().c_str());
    QCOMPARE(applied->tir_func_name, std::string("g"));
    QVERIFY(Has(Printed(*applied, "g"), "T.parallel(16)"));
    QVERIFY(Has(Printed(*applied, "f"), "T.parallel(2)"));
    // On the document it was tuned on, the record is itself.
    auto same = tune::TirCandidateOnDocument(tuned, *record);
    QVERIFY(same.ok());
    QCOMPARE(*same, *record);
    // The document's own schedule (a record without a trace) leaves the document as it is.
    auto input = tune::TirCandidateOnDocument(doc, kFScheduled);
    QVERIFY(input.ok());
    QCOMPARE(*input, now);
  }

  void workloadKeysArePerFunction() {
    const auto g = tune::TirWorkloadKey(Load(kModule, "g"), {});
    const auto h = tune::TirWorkloadKey(Load(kModule, "h"), {});
    const auto f = tune::TirWorkloadKey(Load(kModule, "f"), {});
    QVERIFY(g != h);  // the same body: records still never mix
    QVERIFY(g != f);
    // Scheduling f leaves g's records g's; scheduling g makes another workload.
    QCOMPARE(tune::TirWorkloadKey(Load(kFScheduled, "g"), {}), g);
    QVERIFY(tune::TirWorkloadKey(Load(kFScheduled, "f"), {}) != f);
  }

  void aDocumentWithItsImportGetsNoSecondOne() {
    const std::string source = "import tvm\n" + kModule;
    auto made = tune::TirScheduleCreation(Load(source, "f"));
    QVERIFY(made.ok());
    QCOMPARE(*made, std::string("sch = tvm.tir.Schedule(Module)\n"));
  }

  // The one rule for the tuner's candidates and the GUI's first primitive
  // (gui::TirScheduleCreation calls it): the last top-level binding, stacked decorators,
  // te.create_prim_func, the schedule variable and spelling asked for; none bound: nullopt.
  void theScheduleIsMadeOverTheLastTopLevelBinding() {
    using tune::TirScheduleCreationLines;
    const std::string two =
        "@T.prim_func\ndef f():\n    pass\n\n@T.prim_func(private=True)\n"
        "@other\ndef g():\n    pass\n";
    QCOMPARE(TirScheduleCreationLines(two, "sch", tir::TvmDialect::Tir).value_or("?"),
             std::string("import tvm\nsch = tvm.tir.Schedule(g)\n"));
    QCOMPARE(TirScheduleCreationLines("import tvm\nf = te.create_prim_func([A, B])\n", "s",
                                      tir::TvmDialect::STir)
                 .value_or("?"),
             std::string("s = tvm.s_tir.Schedule(f)\n"));
    // A module's own functions are indented: the module is bound, not them.
    QCOMPARE(TirScheduleCreationLines(kModule, "sch", tir::TvmDialect::Tir).value_or("?"),
             std::string("import tvm\nsch = tvm.tir.Schedule(Module)\n"));
    // A decorator with a line between it and its def binds nothing.
    QVERIFY(!TirScheduleCreationLines("@T.prim_func\nx = 1\ndef f():\n    pass\n", "sch",
                                      tir::TvmDialect::Tir));
    QVERIFY(!TirScheduleCreationLines("def f():\n    pass\n", "sch", tir::TvmDialect::Tir));
  }

  // A document saved with Windows line ends evaluates; its schedule is made as for any
  // other (the GUI's rule read "\r\n" lines, the tuner's did not and refused it).
  void aDocumentWithWindowsLineEndsGetsItsSchedule() {
    std::string crlf;
    for (char c : "import tvm\n" + kModule)
      crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    auto made = tune::TirScheduleCreation(Load(crlf, "f"));
    QVERIFY2(made.ok(), made.ok() ? "" : made.error().message.c_str());
    QCOMPARE(*made, std::string("sch = tvm.tir.Schedule(Module)\n"));
  }
};

}  // namespace tst_tir_candidate_script

QTEST_GUILESS_MAIN(tst_tir_candidate_script::TestTirCandidateScript)
#include "tst_tir_candidate_script.moc"
