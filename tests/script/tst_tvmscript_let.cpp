// Annotated assignments: in Python (`total: float = 1.0`, `*args: str`) an assignment
// whose annotation is not evaluated; in TVMScript (`v: T.float32 = A[vi] * 2`, as TVM
// prints a LetStmt) a let around the statements after it. Refused with a located reason:
// a type that is not a scalar, a value of another dtype, a let around a loop or a block.
#include <QtTest>

#include "ScriptOutcome.h"

namespace tst_tvmscript_let {

using namespace tessera;
using namespace tessera::script;

namespace {

constexpr const char* kHeader =
    "import tvm\n"
    "from tvm import tir\n"
    "from tvm.script import tir as T\n";

// B[vi] = (A[vi] * 2) + 1 through a let named `name` of type `type` bound to `value`.
std::string LetFunc(const std::string& fname, const std::string& name,
                    const std::string& type = "T.float32",
                    const std::string& value = "A[vi] * T.float32(2)") {
  return "@T.prim_func\n"
         "def " +
         fname +
         "(A: T.Buffer((64,), 'float32'), B: T.Buffer((64,), 'float32')):\n"
         "    for i in range(64):\n"
         "        with T.block('B'):\n"
         "            vi = T.axis.spatial(64, i)\n"
         "            " +
         name + ": " + type + " = " + value + "\n" + "            B[vi] = " + name +
         " + T.float32(1)\n";
}

std::string Run(const std::string& script) { return ScriptOutcome(kHeader + script); }

}  // namespace

class TestTvmScriptLet : public QObject {
  Q_OBJECT

 private slots:
  void pythonAnnotationsBindAsAssignments() {
    QCOMPARE(Run("def scale(*factors: float, **unused: int) -> float:\n"
                 "    total: float = 1.0\n"
                 "    for f in factors:\n"
                 "        total = total * f\n"
                 "    return total\n"
                 "assert scale(2.0, 3.0) == 6.0\n"
                 "declared_only: int\n"
                 "n: int = 4\n"
                 "assert n == 4\n"),
             std::string("ok"));
  }

  void aTypedNameIsALetThatPrintsAsWritten() {
    const std::string script =
        LetFunc("f", "v") + LetFunc("g", "w") +
        "tvm.ir.assert_structural_equal(f, g.with_attr('global_symbol', 'f'))\n"
        "text = f.script()\n"
        "assert 'v: T.float32 = A[vi] * T.float32(2.0)' in text, text\n"
        "assert 'B[vi] = v + T.float32(1.0)' in text, text\n"
        "sch = tir.Schedule(f)\n"
        "i, = sch.get_loops(sch.get_block('B'))\n"
        "io, ii = sch.split(i, factors=[None, 8])\n"
        "sch.vectorize(ii)\n";
    const std::string out = Run(script);
    QVERIFY2(out == "ok", out.c_str());
  }

  void aLetThatCannotBeIsRefusedWhereItIs() {
    struct Case {
      std::string script, message;
    };
    const std::vector<Case> cases = {
        {LetFunc("f", "v", "T.int32"), "s.py:9:26: error: the value is float32, not the int32"},
        {LetFunc("f", "v", "T.Buffer"),
         "s.py:9:16: error: a let's type must be a type such as T.float32"},
        {"@T.prim_func\n"
         "def f(A: T.Buffer((64,), 'float32'), B: T.Buffer((64,), 'float32')):\n"
         "    with T.block('root'):\n"
         "        c: T.float32 = T.float32(2)\n"
         "        for i in range(64):\n"
         "            with T.block('B'):\n"
         "                vi = T.axis.spatial(64, i)\n"
         "                B[vi] = A[vi] * c\n",
         "s.py:7:9: error: blocks inside a let are not supported in TVMScript here"},
    };
    for (const Case& c : cases) {
      const std::string out = Run(c.script);
      QVERIFY2(out.find(c.message) == 0, (out + "\nexpected: " + c.message).c_str());
    }
  }
};

}  // namespace tst_tvmscript_let

QTEST_GUILESS_MAIN(tst_tvmscript_let::TestTvmScriptLet)
#include "tst_tvmscript_let.moc"
