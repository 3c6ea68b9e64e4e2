// tvm.ir.structural_equal / assert_structural_equal on TensorIR functions and modules
// (tir/StructuralEqual.h) and tvm.tir.schedule.testing's helpers, as TVM's own schedule
// tests call them: names of variables, buffers and blocks do not count, everything else
// does, and a failed assert says where the two functions part.
#include <QtTest>

#include "ScriptOutcome.h"

namespace tst_tir_structural_equal {

using namespace tessera;
using namespace tessera::script;

namespace {

constexpr const char* kHeader =
    "import tvm\n"
    "from tvm import tir\n"
    "from tvm.script import tir as T\n"
    "from tvm.tir.schedule.testing import (\n"
    "    assert_structural_equal_ignore_global_symbol,\n"
    "    verify_trace_roundtrip,\n"
    ")\n";

// B = A * 2 over 64 x 32 named `name`; `loops` replaces the loop header, `body` the
// store, `a` the input buffer's name and `block` the block's.
std::string Func(const std::string& name, const std::string& loops = "T.grid(64, 32)",
                 std::string body = "B[vi, vj] = A[vi, vj] * 2.0", const std::string& a = "A",
                 const std::string& block = "B") {
  for (size_t at = body.find("A["); at != std::string::npos; at = body.find("A[", at + a.size()))
    body.replace(at, 1, a);
  return "@T.prim_func\n"
         "def " +
         name + "(" + a +
         ": T.Buffer((64, 32), 'float32'), "
         "B: T.Buffer((64, 32), 'float32')):\n"
         "    for i, j in " +
         loops +
         ":\n"
         "        with T.block('" +
         block +
         "'):\n"
         "            vi, vj = T.axis.remap('SS', [i, j])\n"
         "            " +
         body + "\n";
}

std::string Run(const std::string& script) { return ScriptOutcome(kHeader + script); }

}  // namespace

class TestTirStructuralEqual : public QObject {
  Q_OBJECT

 private slots:
  void namesOfVariablesBuffersAndBlocksDoNotCount() {
    const std::string script =
        Func("f") + Func("g", "T.grid(64, 32)", "B[vi, vj] = A[vi, vj] * 2.0", "X", "other") +
        "assert tvm.ir.structural_equal(f.with_attr('global_symbol', 'g'), g)\n"
        "assert not tvm.ir.structural_equal(f, g)\n"
        "assert_structural_equal_ignore_global_symbol(f, g)\n";
    QCOMPARE(Run(script), std::string("ok"));
  }

  void theFunctionsNamesCount() {
    std::string out = Run(Func("f") + Func("g") + "tvm.ir.assert_structural_equal(f, g)\n");
    QVERIFY2(out.find("s.py:") == 0, out.c_str());
    QVERIFY2(out.find("the names differ: f vs g") != std::string::npos, out.c_str());
  }

  void aDifferenceIsLocated() {
    struct Case {
      std::string g, where;
    };
    const std::vector<Case> cases = {
        {Func("g", "T.grid(64, 32)", "B[vi, vj] = A[vi, vj] * 3.0"),
         "block \"root\" > loop i > loop j > block \"B\" > the statements differ"},
        {Func("g", "T.grid(64, 16)"), "loop j > the extent differs: 32 vs 16"},
        {"@T.prim_func\n"
         "def g(A: T.Buffer((64, 32), 'float32'), B: T.Buffer((64, 32), 'float32')):\n"
         "    for i in T.parallel(64):\n"
         "        for j in range(32):\n"
         "            with T.block('B'):\n"
         "                vi, vj = T.axis.remap('SS', [i, j])\n"
         "                B[vi, vj] = A[vi, vj] * 2.0\n",
         "loop i > the loop kinds differ: serial vs parallel"},
        {Func("g", "T.grid(64, 32)", "B[vi, vj] = A[vj, vi] * 2.0"),
         "T.reads[0] > the minimum[0] differs: vi vs vj"},
    };
    for (const Case& c : cases) {
      std::string out =
          Run(Func("f") + c.g + "assert_structural_equal_ignore_global_symbol(f, g)\n");
      QVERIFY2(out.find("StructuralEqual check failed at") != std::string::npos, out.c_str());
      QVERIFY2(out.find(c.where) != std::string::npos, (c.where + "\nin: " + out).c_str());
    }
  }

  void aScheduledFunctionEqualsTheExpectedOne() {
    // The schedule's mod["main"] keeps f's name (TVM's global_symbol).
    const std::string expected =
        "@T.prim_func\n"
        "def expected(A: T.Buffer((64, 32), 'float32'), B: T.Buffer((64, 32), 'float32')):\n"
        "    for j, i_0, i_1 in T.grid(32, 16, 4):\n"
        "        with T.block('B'):\n"
        "            vi = T.axis.spatial(64, i_0 * 4 + i_1)\n"
        "            vj = T.axis.spatial(32, j)\n"
        "            B[vi, vj] = A[vi, vj] * 2.0\n";
    const std::string schedule =
        "sch = tir.Schedule(f)\n"
        "i, j = sch.get_loops(sch.get_block('B'))\n"
        "io, ii = sch.split(i, factors=[None, 4])\n"
        "sch.reorder(j, io, ii)\n";
    QCOMPARE(
        Run(Func("f") + expected + schedule +
            "assert sch.mod['main'].attrs['global_symbol'] == 'f'\n"
            "tvm.ir.assert_structural_equal(sch.mod['main'], expected.with_attr('global_symbol', "
            "'f'))\n"
            "assert_structural_equal_ignore_global_symbol(sch.mod['main'], expected)\n"
            "assert not tvm.ir.structural_equal(sch.mod['main'], f)\n"),
        std::string("ok"));
  }

  void modulesCompareFunctionByFunction() {
    const std::string script = Func("f") + Func("g", "T.grid(64, 16)") +
                               "m1 = tvm.IRModule({'main': f})\n"
                               "m2 = tvm.IRModule({'main': f})\n"
                               "m3 = tvm.IRModule({'main': g.with_attr('global_symbol', 'f')})\n"
                               "assert tvm.ir.structural_equal(m1, m2)\n"
                               "tvm.ir.assert_structural_equal(m1, m3)\n";
    std::string out = Run(script);
    QVERIFY2(out.find("function main > ") != std::string::npos, out.c_str());
    QVERIFY2(out.find("the extent differs: 32 vs 16") != std::string::npos, out.c_str());
  }

  void aTraceReplaysInBothTextFormats() {
    const std::string script = Func("f") +
                               "b0 = 'the script\\'s own'\n"
                               "sch = tir.Schedule(f)\n"
                               "i, j = sch.get_loops(sch.get_block('B'))\n"
                               "fused = sch.fuse(i, j)\n"
                               "outer, inner = sch.split(fused, factors=[None, 8])\n"
                               "sch.parallel(outer)\n"
                               "sch.vectorize(inner)\n"
                               "new_sch = verify_trace_roundtrip(sch=sch, mod=f)\n"
                               "assert b0 == 'the script\\'s own'\n"
                               "tvm.ir.assert_structural_equal(new_sch.mod, sch.mod)\n"
                               "assert str(new_sch.trace) == str(sch.trace)\n"
                               "verify_trace_roundtrip(sch, f, text_format='json')\n";
    std::string out = Run(script);
    QVERIFY2(out == "ok", out.c_str());
  }

  void aRoundTripAgainstAnotherFunctionFails() {
    std::string out = Run(Func("f") + Func("g", "T.grid(64, 16)") +
                          "sch = tir.Schedule(f)\n"
                          "i, j = sch.get_loops(sch.get_block('B'))\n"
                          "sch.split(j, factors=[None, 8])\n"
                          "verify_trace_roundtrip(sch, g)\n");
    QVERIFY2(out.find("s.py:") == 0, out.c_str());
    QVERIFY2(out.find("the trace replayed from python gives another module") != std::string::npos ||
                 out.find("does not replay") != std::string::npos,
             out.c_str());
    out = Run(Func("f") +
              "sch = tir.Schedule(f)\nverify_trace_roundtrip(sch, f, text_format='xml')\n");
    QVERIFY2(out.find("Unknown text format: xml") != std::string::npos, out.c_str());
    out = Run(Func("f") + "verify_trace_roundtrip(f, f)\n");
    QVERIFY2(out.find("sch") != std::string::npos && out.find("tir.Schedule") != std::string::npos,
             out.c_str());
  }
};

}  // namespace tst_tir_structural_equal

QTEST_GUILESS_MAIN(tst_tir_structural_equal::TestTirStructuralEqual)
#include "tst_tir_structural_equal.moc"
