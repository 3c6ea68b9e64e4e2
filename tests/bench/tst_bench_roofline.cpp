// The suite's layer descriptions (bench/tune/LayerSpec.h) and their roofline
// (bench/tune/Roofline.h): the "# onednn: ..." line of every suite script parses, a bad
// line says which key or value is wrong, the bytes a layer cannot avoid count only the
// source rows some output reads, and the roofline is the longer of its two terms, so a
// reference's time over it bounds the ratio any schedule can reach.
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "LayerSpec.h"
#include "Roofline.h"

namespace tst_bench_roofline {

namespace {

using tessera::bench::onednn::LayerSpec;
using tessera::bench::onednn::ParseLayerSpec;

LayerSpec Parse(const std::string& text) {
  std::string error;
  std::optional<LayerSpec> spec = ParseLayerSpec(text, &error);
  if (!spec) qFatal("'%s' did not parse: %s", text.c_str(), error.c_str());
  return *spec;
}

// The error ParseLayerSpec gives for `text` ("" when it parses).
std::string ParseError(const std::string& text) {
  std::string error;
  return ParseLayerSpec(text, &error) ? "" : error;
}

}  // namespace

class TestBenchRoofline : public QObject {
  Q_OBJECT

 private slots:
  void everySuiteScriptNamesALayerThatParses() {
    const std::filesystem::path dir =
        std::filesystem::path(qgetenv("TESSERA_SOURCE_DIR").constData()) / "bench" / "suite";
    int layers = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != ".py") continue;
      std::ifstream in(entry.path());
      for (std::string line; std::getline(in, line);) {
        if (line.rfind("# onednn:", 0) != 0) continue;
        std::string error;
        std::optional<LayerSpec> spec = ParseLayerSpec(line.substr(9), &error);
        QVERIFY2(spec, (entry.path().filename().string() + ": " + error).c_str());
        QVERIFY(spec->Flops() > 0);
        QVERIFY(spec->Bytes() > 0);
        ++layers;
      }
    }
    QVERIFY2(layers >= 12,
             ("only " + std::to_string(layers) + " layers in " + dir.string()).c_str());
  }

  void aBadLineNamesWhatIsWrong() {
    QCOMPARE(ParseError("pool mb=1"),
             std::string("unknown oneDNN layer kind 'pool' (conv, matmul, ip)"));
    QCOMPARE(ParseError("conv mb"), std::string("'mb' has no value (key=value)"));
    QCOMPARE(ParseError("conv ic=-4"), std::string("ic=-4 is not a non-negative integer"));
    QCOMPARE(ParseError("conv ic=4x"), std::string("ic=4x is not a non-negative integer"));
    QCOMPARE(ParseError("matmul batch=1 m=2 n=3 k=4 lanes=8"), std::string("unknown key 'lanes'"));
    QCOMPARE(ParseError("ip m=1 ic=2 oc=3 post=sigmoid"),
             std::string("post=sigmoid is not none, relu or gelu_tanh"));
    // 6 channels do not split into 4 groups; a 5x5 window does not fit a 3x3 image.
    QVERIFY(ParseError("conv ic=6 ih=8 iw=8 oc=8 groups=4").find("inconsistent conv shape") !=
            std::string::npos);
    QVERIFY(ParseError("conv ic=1 ih=3 iw=3 oc=1 kh=5 kw=5").find("inconsistent") !=
            std::string::npos);
    QCOMPARE(ParseError("matmul batch=2 m=3 n=4 k=5 transb=1"), std::string());
  }

  void aConvolutionMovesItsOperandsOnce() {
    // ResNet-50's 3x3 at 28x28, padding 1: every source row is read.
    const LayerSpec conv = Parse("conv mb=1 ic=128 ih=28 iw=28 oc=128 kh=3 kw=3 stride=1 pad=1");
    QCOMPARE(conv.Bytes(), 4.0 * (128 * 28 * 28 + 128 * 128 * 9 + 128 * 28 * 28));
    // A depthwise 3x3 at stride 2, padding 1: every row again (each is some output's
    // tap), one 3x3 filter per channel.
    const LayerSpec dw =
        Parse("conv ic=144 ih=56 iw=56 oc=144 kh=3 kw=3 stride=2 pad=1 groups=144");
    QCOMPARE(dw.Bytes(), 4.0 * (144 * 56 * 56 + 144 * 9 + 144 * 28 * 28));
  }

  void aStridedWindowLeavesOutTheRowsItSkips() {
    // The strided 1x1 projection reads the even rows only.
    const LayerSpec proj = Parse("conv ic=256 ih=56 iw=56 oc=512 kh=1 kw=1 stride=2 pad=0");
    QCOMPARE(proj.Bytes(), 4.0 * (256 * 28 * 56 + 512 * 256 + 512 * 28 * 28));
    // Windows of 2 rows every 3 rows of 8: rows 2 and 5 are never read.
    const LayerSpec gaps = Parse("conv ic=1 ih=8 iw=4 oc=1 kh=2 kw=1 stride=3 pad=0");
    QCOMPARE(gaps.OutH(), int64_t{3});
    QCOMPARE(gaps.Bytes(), 4.0 * (6 * 4 + 2 + 3 * 2));  // the output: 3 x 2
    // The last row past the final window (rows 0, 3, 6 of 8 read).
    const LayerSpec tail = Parse("conv ic=1 ih=8 iw=1 oc=1 kh=1 kw=1 stride=3 pad=0");
    QCOMPARE(tail.Bytes(), 4.0 * (3 + 1 + 3));
  }

  void matmulsAndInnerProductsMoveEachOperandOnce() {
    const LayerSpec scores = Parse("matmul batch=12 m=128 n=128 k=64 transb=1");
    QCOMPARE(scores.Bytes(), 4.0 * 12 * (128 * 64 + 64 * 128 + 128 * 128));
    const LayerSpec qkv = Parse("ip m=128 ic=768 oc=2304 bias=1 post=none");
    QCOMPARE(qkv.Bytes(), 4.0 * (128 * 768 + 2304 * 768 + 2304 + 128 * 2304));
    const LayerSpec no_bias = Parse("ip m=128 ic=768 oc=2304");
    QCOMPARE(qkv.Bytes() - no_bias.Bytes(), 4.0 * 2304);
  }

  void theRooflineIsTheLongerTerm() {
    using tessera::bench::LayerRoofline;
    using tessera::bench::RatioCeiling;
    // 2 GFLOP at 200 GFLOP/s: 10 ms; 100 MB at 50 GB/s: 2 ms.
    tessera::bench::Roofline compute = LayerRoofline(2e9, 100e6, 200, 50);
    QCOMPARE(compute.fma_ms, 10.0);
    QCOMPARE(compute.memory_ms, 2.0);
    QCOMPARE(compute.ms(), 10.0);
    QVERIFY(!compute.memory_bound());
    // A reference at 12.5 ms runs at 80 % of the roofline: no schedule beats it 1.25x.
    QCOMPARE(RatioCeiling(12.5, compute), 1.25);
    // 2 MB at 40 GB/s (0.05 ms) outlasts 1 MFLOP at 200 GFLOP/s (0.005 ms).
    tessera::bench::Roofline streamed = LayerRoofline(1e6, 2e6, 200, 40);
    QVERIFY(streamed.memory_bound());
    QCOMPARE(streamed.ms(), 0.05);
    // A bandwidth that could not be measured leaves the FMA term alone; nothing known,
    // no ceiling.
    QCOMPARE(LayerRoofline(2e9, 100e6, 200, 0).ms(), 10.0);
    QCOMPARE(RatioCeiling(12.5, LayerRoofline(0, 0, 200, 50)), 0.0);
    QCOMPARE(RatioCeiling(0, compute), 0.0);
  }
};

}  // namespace tst_bench_roofline

QTEST_APPLESS_MAIN(tst_bench_roofline::TestBenchRoofline)
#include "tst_bench_roofline.moc"
