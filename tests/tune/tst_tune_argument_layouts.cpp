// The arguments a schedule lays out anew (core/tune/ArgumentLayouts.h): a placeholder or
// an output given a layout of its own changes what the kernel's caller hands it and gets
// back, so the tuner keeps such schedules out of the runs that do not allow it and the
// CLI says how the kernel it offers takes its arguments. An intermediate laid out anew
// is the kernel's own business.
#include <QtTest>

#include "TuneTestSupport.h"
#include "tune/ArgumentLayouts.h"
#include "tune/Record.h"

namespace tst_tune_argument_layouts {

using namespace tessera;
using namespace tessera::tune;

constexpr const char* kConvReLU = R"(import tvm
from tvm import te
data = te.placeholder((2, 16, 14, 14), name="data")
kernel = te.placeholder((16, 1, 3, 3), name="kernel")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
dw = te.compute((2, 16, 12, 12), lambda n, c, y, x: te.sum(data[n, c, y + ry, x + rx] * kernel[c, 0, ry, rx], axis=[ry, rx]), name="dw")
out = te.compute((2, 16, 12, 12), lambda n, c, y, x: te.max(dw[n, c, y, x], tvm.tir.const(0.0, "float32")), name="out")
s = te.create_schedule(out.op)
)";

class TestTuneArgumentLayouts : public QObject {
  Q_OBJECT

 private slots:
  void onlyArgumentsLaidOutAnewAreListed() {
    auto p =
        tune::test::Load(std::string(kConvReLU) +
                         "s[dw].transform_layout(lambda n, c, y, x: [n, y, x, c])\n"
                         "s[data].transform_layout(lambda n, c, y, x: [n, c // 8, y, x, c % 8])\n"
                         "s[out].transform_layout(lambda n, c, y, x: [n, c // 8, y, x, c % 8])\n");
    const std::vector<ArgumentLayout> layouts = LaidOutArguments(*p.schedule);
    QCOMPARE(int(layouts.size()), 2);  // dw is an intermediate
    QCOMPARE(QString::fromStdString(layouts[0].name), QString("data"));
    QVERIFY(!layouts[0].output);
    QCOMPARE(QString::fromStdString(layouts[0].map),
             QString("lambda n, c, y, x: [n, (c // 8), y, x, (c % 8)]"));
    QCOMPARE(QString::fromStdString(layouts[0].shape), QString("float32[2, 2, 14, 14, 8]"));
    QCOMPARE(QString::fromStdString(layouts[1].name), QString("out"));
    QVERIFY(layouts[1].output);
    QCOMPARE(QString::fromStdString(layouts[1].shape), QString("float32[2, 2, 12, 12, 8]"));
    QCOMPARE(QString::fromStdString(DescribeLaidOutArguments(layouts)),
             QString("takes data as float32[2, 2, 14, 14, 8] (lambda n, c, y, x: [n, (c // 8), y, "
                     "x, (c % 8)]); writes out as float32[2, 2, 12, 12, 8] (lambda n, c, y, x: "
                     "[n, (c // 8), y, x, (c % 8)])"));
  }

  void aScheduleWithinItsRunsArgumentsIsTheRunsWorkload() {
    auto plain = tune::test::Load(kConvReLU);
    QVERIFY(LaidOutArguments(*plain.schedule).empty());
    QCOMPARE(DescribeLaidOutArguments({}), std::string());
    QCOMPARE(ArgumentLaidOutBeyond(*plain.schedule, {}), std::string());
    auto input = tune::test::Load(
        std::string(kConvReLU) +
        "s[kernel].transform_layout(lambda c, i, y, x: [c // 8, i, y, x, c % 8])\n");
    QCOMPARE(ArgumentLaidOutBeyond(*input.schedule, {}), std::string("kernel"));
    QCOMPARE(ArgumentLaidOutBeyond(*input.schedule, {false, true}), std::string("kernel"));
    QCOMPARE(ArgumentLaidOutBeyond(*input.schedule, {true, false}), std::string());
    auto output =
        tune::test::Load(std::string(kConvReLU) +
                         "s[out].transform_layout(lambda n, c, y, x: [n, c // 8, y, x, c % 8])\n");
    QCOMPARE(ArgumentLaidOutBeyond(*output.schedule, {true, false}), std::string("out"));
    QCOMPARE(ArgumentLaidOutBeyond(*output.schedule, {false, true}), std::string());
    // With a block of the run's own, an argument laid out in other blocks takes other
    // arguments than the run's workload.
    QCOMPARE(ArgumentLaidOutBeyond(*input.schedule, {true, false, 8}), std::string());
    QCOMPARE(ArgumentLaidOutBeyond(*input.schedule, {true, false, 16}), std::string("kernel"));
    auto intermediate = tune::test::Load(
        std::string(kConvReLU) + "s[dw].transform_layout(lambda n, c, y, x: [n, y, x, c])\n");
    QCOMPARE(ArgumentLaidOutBeyond(*intermediate.schedule, {}), std::string());
  }

  // A stored record names its kernel's arguments by its script alone; one that does not
  // evaluate to a te schedule lays out nothing (and is not an error here).
  void aRecordsArgumentsComeFromItsScript() {
    TuningRecord record;
    record.script = std::string(kConvReLU) +
                    "s[out].transform_layout(lambda n, c, y, x: [n, c // 8, y, x, c % 8])\n";
    const std::vector<ArgumentLayout> layouts = LaidOutArguments(record);
    QCOMPARE(int(layouts.size()), 1);
    QCOMPARE(QString::fromStdString(layouts[0].name), QString("out"));
    QVERIFY(layouts[0].output);
    record.script = "import tvm\nthis is not a script(\n";
    QVERIFY(LaidOutArguments(record).empty());
  }
};

}  // namespace tst_tune_argument_layouts

QTEST_APPLESS_MAIN(tst_tune_argument_layouts::TestTuneArgumentLayouts)
#include "tst_tune_argument_layouts.moc"
