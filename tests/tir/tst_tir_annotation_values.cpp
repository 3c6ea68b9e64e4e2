// annotate's values as TVM 0.20 prints and saves them: a float with 17 digits in the
// trace (T.float32 in the function), a list of int32, float32 and str items in brackets,
// and the list through the trace's JSON and back (TVM's as_json writes it as an array);
// a dict.
// What TVM printed for the same values: tests/tir/programs/menu_options_annotate.py.
#include <QtTest>

#include "TirTestSupport.h"
#include "tir/TraceJson.h"

namespace tst_tir_annotation_values {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

Expr Mixed() {
  return MakeAnnotationList({ir::IntImm(ir::DataType::Int(32), 1),
                             ir::FloatImm(ir::DataType::Float(32), 0.1), ir::StringImm("x y")});
}

// C annotated with a float, its first loop with a list of an int, a float and a str; the
// failing step's error otherwise.
Result<Schedule> Annotated() {
  Schedule sch(Gemm());
  auto c = sch.GetBlock("C");
  if (!c.ok()) return c.error();
  Status half = sch.Annotate(*c, "half", ir::FloatImm(ir::DataType::Float(32), 0.5));
  if (!half.ok()) return half.error();
  auto loops = sch.GetLoops(*c);
  if (!loops.ok()) return loops.error();
  Status mixed = sch.Annotate(loops->at(0), "mixed", Mixed());
  if (!mixed.ok()) return mixed.error();
  return sch;
}

}  // namespace

class TestTirAnnotationValues : public QObject {
  Q_OBJECT

 private slots:
  void printsAsTvm() {
    Result<Schedule> annotated = Annotated();
    QVERIFY2(annotated.ok(), annotated.ok() ? "" : annotated.error().message.c_str());
    Schedule& sch = *annotated;
    std::string trace = TraceAsPython(sch.trace());
    QVERIFY2(trace.find("ann_key=\"half\", ann_val=0.5)") != std::string::npos, trace.c_str());
    QVERIFY2(trace.find("ann_key=\"mixed\", ann_val=[1, 0.10000000000000001, \"x y\"])") !=
                 std::string::npos,
             trace.c_str());
    std::string func = AsTVMScript(sch.func());
    QVERIFY2(func.find("annotations={\"mixed\": [1, T.float32(0.10000000000000001), \"x y\"]}") !=
                 std::string::npos,
             func.c_str());
    QVERIFY2(func.find("T.block_attr({\"half\": T.float32(0.5)})") != std::string::npos,
             func.c_str());
  }

  void listSurvivesJson() {
    Result<Schedule> annotated = Annotated();
    QVERIFY2(annotated.ok(), annotated.ok() ? "" : annotated.error().message.c_str());
    Schedule& sch = *annotated;
    std::string json = TraceToJson(sch.trace());
    // The list stays a JSON array: the float in any exact spelling, the string as TVM's
    // as_json quotes it; the replay below checks the values came back unchanged.
    QVERIFY2(json.find("[\"l1\", [1, 0.1") != std::string::npos &&
                 json.find(", \"\\\"x y\\\"\"]]") != std::string::npos,
             json.c_str());
    auto back = TraceFromJson(json);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    Schedule replayed(Gemm());
    Status s = ApplyTrace(*back, &replayed);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
    QCOMPARE(Q(TraceAsPython(replayed.trace())), Q(TraceAsPython(sch.trace())));
  }

  // A dict value (TVM's Map): sorted keys; in the trace a string value is quoted (TVM's
  // repr leaves it bare, which does not replay) and the dict survives the JSON.
  void dictPrintsAndSurvivesJson() {
    Schedule sch(Gemm());
    auto c = sch.GetBlock("C");
    QVERIFY(c.ok());
    Expr dict = MakeAnnotationDict(
        {{"name", ir::StringImm("v")},
         {"k", ir::IntImm(ir::DataType::Int(32), 2)},
         {"inner", MakeAnnotationDict(
                       {{"xs", MakeAnnotationList({ir::IntImm(ir::DataType::Int(32), 1)})}})}});
    QVERIFY(sch.Annotate(*c, "extra", dict).ok());
    std::string trace = TraceAsPython(sch.trace());
    QVERIFY2(trace.find("ann_val={\"inner\": {\"xs\": [1]}, \"k\": 2, \"name\": \"v\"})") !=
                 std::string::npos,
             trace.c_str());
    std::string func = AsTVMScript(sch.func());
    QVERIFY2(func.find("T.block_attr({\"extra\": {\"inner\": {\"xs\": [1]}, \"k\": 2, "
                       "\"name\": \"v\"}})") != std::string::npos,
             func.c_str());
    auto back = TraceFromJson(TraceToJson(sch.trace()));
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    Schedule replayed(Gemm());
    Status s = ApplyTrace(*back, &replayed);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(func));
  }

  // A list value replaces the one the key had, and unannotate removes it.
  void listIsReplacedAndRemoved() {
    Result<Schedule> annotated = Annotated();
    QVERIFY2(annotated.ok(), annotated.ok() ? "" : annotated.error().message.c_str());
    Schedule& sch = *annotated;
    LoopRV i = (*sch.GetLoops(*sch.GetBlock("C")))[0];
    QVERIFY(sch.Annotate(i, "mixed", MakeAnnotationList({ir::StringImm("z")})).ok());
    QVERIFY2(AsTVMScript(sch.func()).find("annotations={\"mixed\": [\"z\"]}") != std::string::npos,
             AsTVMScript(sch.func()).c_str());
    QVERIFY(sch.Unannotate(i, "mixed").ok());
    QVERIFY(AsTVMScript(sch.func()).find("mixed") == std::string::npos);
  }
};

}  // namespace tst_tir_annotation_values

QTEST_APPLESS_MAIN(tst_tir_annotation_values::TestTirAnnotationValues)
#include "tst_tir_annotation_values.moc"
