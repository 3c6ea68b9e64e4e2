// TVM's x86 tensor intrinsics through tessera-cli: a u8 x i8 dense layer whose weights are
// already packed 16 x 4, tensorized with tvm.tir.tensor_intrin.x86's VNNI and AVX-512
// intrinsics, runs and matches the te oracle on a CPU that has the features (it skips,
// saying so, elsewhere); compiled for a CPU without them (--target haswell), for the GPU,
// or calling an intrinsic of another architecture, it is refused by name. T.reinterpret
// runs alike compiled and in the IR interpreter; malformed target calls are located.
#include <QFile>
#include <QtTest>

#include "CliProcess.h"

namespace tst_tir_x86_intrin_cli {

namespace {

// X (64 x 64 uint8) times W^T, W given packed as W[j // 16, k // 4, j % 16, k % 4].
QByteArray PackedDense(const char* intrin) {
  return QByteArray(
             "import tvm\n"
             "from tvm import te, tir\n"
             "from tvm.tir.tensor_intrin.x86 import ") +
         intrin +
         "\n"
         "X = te.placeholder((64, 64), name='X', dtype='uint8')\n"
         "W = te.placeholder((2, 16, 16, 4), name='W', dtype='int8')\n"
         "k = te.reduce_axis((0, 64), name='k')\n"
         "C = te.compute((64, 32), lambda i, j: te.sum(X[i, k].astype('int32') *\n"
         "    W[j // 16, k // 4, j % 16, k % 4].astype('int32'), axis=k), name='compute')\n"
         "sch = tir.Schedule(te.create_prim_func([X, W, C]))\n"
         "b = sch.get_block('compute')\n"
         "i, j, kk = sch.get_loops(b)\n"
         "jo, ji = sch.split(j, factors=[None, 16])\n"
         "ko, ki = sch.split(kk, factors=[None, 4])\n"
         "sch.reorder(ko, ji, ki)\n"
         "sch.decompose_reduction(b, ko)\n"
         "sch.tensorize(ji, " +
         intrin + ")\n";
}

// The host's CPU flags (Linux); empty elsewhere.
QByteArray CpuFlags() {
  QFile f("/proc/cpuinfo");
  if (!f.open(QIODevice::ReadOnly)) return {};
  for (const QByteArray& line : f.readAll().split('\n'))
    if (line.startsWith("flags")) return line + ' ';
  return {};
}

bool HostHas(std::initializer_list<const char*> flags) {
  const QByteArray cpu = CpuFlags();
  for (const char* flag : flags)
    if (!cpu.contains(' ' + QByteArray(flag) + ' ')) return false;
  return true;
}

}  // namespace

class TestTirX86IntrinCli : public QObject, protected CliScriptFolder {
  Q_OBJECT

 private slots:
  void tensorizedDenseRuns_data() {
    QTest::addColumn<QByteArray>("intrin");
    QTest::addColumn<bool>("vnni");
    QTest::newRow("VNNI") << QByteArray("VNNI_DOT_16x4_INTRIN") << true;
    QTest::newRow("AVX-512 BW") << QByteArray("AVX512_DOT_16x4_INTRIN") << false;
  }
  void tensorizedDenseRuns() {
    QFETCH(QByteArray, intrin);
    QFETCH(bool, vnni);
    QString path = Write("dense.py", PackedDense(intrin.constData()));
    Run lowered = Cli({"export", path, "--format", "tvmscript"});
    QVERIFY2(lowered.code == 0, qPrintable(lowered.err));
    QVERIFY2(lowered.out.contains(vnni ? "\"llvm.x86.avx512.vpdpbusd.512\""
                                       : "\"llvm.x86.avx512.pmaddw.d.512\"") &&
                 lowered.out.contains("B_i8x64: T.int8x64 = B[0, 0:64]"),
             qPrintable(lowered.out));
    bool runs = HostHas({"avx512f", "avx512bw", "avx512dq", "avx512vl"}) &&
                (!vnni || HostHas({"avx512_vnni"}));
    Run r = Cli({"run", path, "--check"});
    if (!runs) {
      QCOMPARE(r.code, 1);
      QVERIFY2(r.err.contains("lacks"), qPrintable(r.err));
      QSKIP("this CPU lacks the intrinsic's features: its refusal was checked, not the run");
    }
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("compute int32[64, 32]") && r.out.contains(" 0 mismatches"),
             qPrintable(r.out));
  }

  // The TVM program of a tensorized schedule imports TVM's intrinsics (registered by
  // name on import) in the release's spelling; a 0.24+ script imports them as s_tir's.
  void exportImportsTheIntrinsics() {
    QString path = Write("dense.py", PackedDense("VNNI_DOT_16x4_INTRIN"));
    Run old = Cli({"export", path, "--format", "tir", "--tvm", "0.20"});
    QVERIFY2(old.code == 0, qPrintable(old.err));
    QVERIFY2(old.out.contains("\nimport tvm.tir.tensor_intrin  # registers") &&
                 old.out.contains("tensor_intrin=\"dot_16x4_vnni\""),
             qPrintable(old.out));
    Run now = Cli({"export", path, "--format", "tir", "--tvm", "0.26"});
    QVERIFY2(now.code == 0, qPrintable(now.err));
    QVERIFY2(now.out.contains("\nimport tvm.s_tir.tensor_intrin  # registers"),
             qPrintable(now.out));
    QByteArray s_tir =
        PackedDense("VNNI_DOT_16x4_INTRIN")
            .replace("from tvm.tir.tensor_intrin.x86", "from tvm.s_tir.tensor_intrin.x86")
            .replace("from tvm import te, tir", "from tvm import te, tir, s_tir");
    Run both = Cli({"bounds", Write("s_tir.py", s_tir + "import tvm.tir.tensor_intrin\n")});
    QVERIFY2(both.code == 0, qPrintable(both.err));
  }

  void cpuWithoutTheFeaturesIsRefused() {
    QString path = Write("dense.py", PackedDense("VNNI_DOT_16x4_INTRIN"));
    Run r = Cli({"run", path, "--target", "llvm -mcpu=haswell"});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("the LLVM intrinsic llvm.x86.avx512.vpdpbusd.512 needs") &&
                 r.err.contains("(haswell) lacks") && r.err.contains("avx512vnni"),
             qPrintable(r.err));
  }

  void gpuIsRefused() {
    QByteArray bound = PackedDense("VNNI_DOT_16x4_INTRIN")
                           .replace("sch.decompose_reduction(",
                                    "sch.bind(i, 'blockIdx.x')\n"
                                    "sch.bind(jo, 'threadIdx.x')\n"
                                    "sch.decompose_reduction(");
    QString path = Write("dense.py", bound);
    Run r = Cli({"run", path, "--target", "cuda-emulator"});
    QVERIFY2(r.code != 0, qPrintable(r.out));
    QVERIFY2(r.err.contains("T.reinterpret(\"int32\", ...) compiles only for the CPU"),
             qPrintable(r.err));
    const QByteArray popcount =
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def f(A: T.Buffer((8,), 'int32'), B: T.Buffer((8,), 'int32')):\n"
        "    for i in T.thread_binding(8, thread='threadIdx.x'):\n"
        "        with T.block('b'):\n"
        "            vi = T.axis.spatial(8, i)\n"
        "            B[vi] = T.call_llvm_pure_intrin('int32', 'llvm.ctpop', T.uint32(1), A[vi])\n"
        "sch = tir.Schedule(f)\n";
    Run gpu = Cli({"run", Write("popcount.py", popcount), "--target", "cuda-emulator"});
    QVERIFY2(gpu.code != 0, qPrintable(gpu.out));
    QVERIFY2(gpu.err.contains("the LLVM intrinsic llvm.ctpop (T.call_llvm_pure_intrin) compiles "
                              "only for the CPU"),
             qPrintable(gpu.err));
  }

  // Bits read as another type: a float's bits as int32, four bytes as one int32; the
  // compiled kernel and the IR interpreter's run of the same function agree.
  void reinterpretRunsLikeTheInterpreter() {
    const QByteArray script =
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def bits(A: T.Buffer((16,), 'float32'), U: T.Buffer((64,), 'uint8'),\n"
        "         B: T.Buffer((16,), 'int32'), C: T.Buffer((16,), 'int32')):\n"
        "    for i in range(16):\n"
        "        with T.block('b'):\n"
        "            vi = T.axis.spatial(16, i)\n"
        "            B[vi] = T.reinterpret('int32', A[vi])\n"
        "            C[vi] = T.reinterpret(U.vload([vi * 4], 'uint8x4'), dtype='int32')\n"
        "sch = tir.Schedule(bits)\n";
    Run r = Cli({"run", Write("bits.py", script), "--check"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("  B int32[16]: max abs error 0, max rel error 0, 0 mismatches") &&
                 r.out.contains("  C int32[16]: max abs error 0, max rel error 0, 0 mismatches"),
             qPrintable(r.out));
  }

  void badTargetCalls_data() {
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("message");
    QTest::newRow("sizes differ")
        << QByteArray("B[vi] = T.reinterpret('int64', A[vi])")
        << "bad.py:9:48: error: reinterpret(): cannot reinterpret int32 (32 bits) as int64 (64 "
           "bits): the sizes differ";
    QTest::newRow("not an LLVM name")
        << QByteArray("B[vi] = T.call_llvm_pure_intrin('int32', 'ctpop', T.uint32(1), A[vi])")
        << "\"ctpop\" is not an LLVM intrinsic name";
    QTest::newRow("signature count")
        << QByteArray("B[vi] = T.call_llvm_pure_intrin('int32', 'llvm.ctpop', T.uint32(2), A[vi])")
        << "the signature count must be a constant from 0 to the number of arguments (1)";
    QTest::newRow("unknown intrinsic")
        << QByteArray(
               "B[vi] = T.call_llvm_pure_intrin('int32', 'llvm.no.such', T.uint32(1), A[vi])")
        << "\"llvm.no.such\" is not an intrinsic of this LLVM";
    QTest::newRow("wrong signature")
        << QByteArray(
               "B[vi] = T.call_llvm_pure_intrin('int32', 'llvm.x86.avx512.vpdpbusd.512', "
               "T.uint32(1), A[vi])")
        << "the LLVM intrinsic llvm.x86.avx512.vpdpbusd.512 called as (i32) -> i32";
    QTest::newRow("another architecture")
        << QByteArray(
               "B[vi] = T.call_llvm_pure_intrin('int32', 'llvm.aarch64.crc32b', T.uint32(2), "
               "A[vi], A[vi])")
        << "the LLVM intrinsic llvm.aarch64.crc32b is for aarch64 CPUs";
    QTest::newRow("a generic intrinsic runs")
        << QByteArray("B[vi] = T.call_llvm_pure_intrin('int32', 'llvm.ctpop', T.uint32(1), A[vi])")
        << QString();
  }
  void badTargetCalls() {
    QFETCH(QByteArray, body);
    QFETCH(QString, message);
    const QByteArray script =
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "def make():\n"
        "    @T.prim_func\n"
        "    def f(A: T.Buffer((8,), 'int32'), B: T.Buffer((8,), 'int32')):\n"
        "        for i in range(8):\n"
        "            with T.block('b'):\n"
        "                vi = T.axis.spatial(8, i)\n"
        "                " +
        body +
        "\n"
        "    return f\n"
        "sch = tir.Schedule(make())\n";
    Run r = Cli({"run", Write("bad.py", script)});
    if (message.isEmpty()) {
      QVERIFY2(r.code == 0, qPrintable(r.err));
      return;
    }
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
  }
};

}  // namespace tst_tir_x86_intrin_cli

QTEST_GUILESS_MAIN(tst_tir_x86_intrin_cli::TestTirX86IntrinCli)
#include "tst_tir_x86_intrin_cli.moc"
