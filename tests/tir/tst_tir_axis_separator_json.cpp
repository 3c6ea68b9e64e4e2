// set_axis_separator in trace JSON: written as TVM's as_json writes it (buffer index,
// 0 read / 1 write, the separators), read back, and replayed to the same function.
#include <QtTest>

#include "TirLowerSupport.h"
#include "tir/Schedule.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"
#include "tir/TraceJson.h"

namespace tst_tir_axis_separator_json {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

class TestTirAxisSeparatorJson : public QObject {
  Q_OBJECT

 private slots:
  // What TVM 0.20 printed for the same two calls (sch.trace.as_json()).
  void jsonAsTvmWritesIt() {
    TeProgram p = ChainProgram(16, 16);
    Schedule sch(p.func());
    QVERIFY(sch.SetAxisSeparator(*sch.GetBlock("B"), 0, BufferIndexType::Write, {1}).ok());
    QVERIFY(sch.SetAxisSeparator(*sch.GetBlock("C"), 0, BufferIndexType::Read, {1}).ok());
    QCOMPARE(Q(TraceToJson(sch.trace())),
             QString("[[[\"GetBlock\", [], [\"B\", \"main\"], [\"b0\"]], "
                     "[\"SetAxisSeparator\", [\"b0\"], [0, 1, [1]], []], "
                     "[\"GetBlock\", [], [\"C\", \"main\"], [\"b1\"]], "
                     "[\"SetAxisSeparator\", [\"b1\"], [0, 0, [1]], []]], []]"));
  }

  // A separator on the read and the write side of one block: the round trip keeps the
  // buffer, its side and the separators, and the replay prints what the schedule did.
  void roundTripReplays() {
    TeProgram p = ChainProgram(6, 5);
    Schedule sch(p.func());
    QVERIFY(sch.SetAxisSeparator(*sch.GetBlock("C"), 0, BufferIndexType::Read, {1}).ok());
    QVERIFY(sch.SetAxisSeparator(*sch.GetBlock("C"), 0, BufferIndexType::Write, {1}).ok());
    auto back = TraceFromJson(TraceToJson(sch.trace()));
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(Q(TraceAsPython(*back)), Q(TraceAsPython(sch.trace())));
    QCOMPARE(back->insts[1].buffer_is_write, false);
    QCOMPARE(back->insts[3].buffer_is_write, true);
    QCOMPARE(back->insts[1].ints, std::vector<int64_t>{1});
    Schedule replayed(p.func());
    Status s = ApplyTrace(*back, &replayed);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
  }

  void malformedAttributesAreRefused() {
    auto missing = TraceFromJson(R"([[["GetBlock", [], ["B", "main"], ["b0"]], )"
                                 R"(["SetAxisSeparator", ["b0"], [0, 1], []]], []])");
    QVERIFY(!missing.ok());
    QVERIFY2(Q(missing.error().message).contains("instruction 1"), missing.error().message.c_str());
    auto words = TraceFromJson(R"([[["GetBlock", [], ["B", "main"], ["b0"]], )"
                               R"(["SetAxisSeparator", ["b0"], [0, 1, ["one"]], []]], []])");
    QVERIFY(!words.ok());
    QVERIFY2(Q(words.error().message).contains("integers"), words.error().message.c_str());
  }
};

}  // namespace tst_tir_axis_separator_json

QTEST_APPLESS_MAIN(tst_tir_axis_separator_json::TestTirAxisSeparatorJson)
#include "tst_tir_axis_separator_json.moc"
