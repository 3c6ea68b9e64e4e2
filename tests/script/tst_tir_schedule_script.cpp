// TensorIR in scripts: te.create_prim_func, tvm.IRModule and the PrimFunc / IRModule
// values (script/tvm/TirPrimFuncValue.h). Most checks are `assert` statements inside the
// scripts: a failed one is an evaluation error.
#include <QtTest>

#include "script/Evaluator.h"

using namespace tessera;
using namespace tessera::script;

Q_DECLARE_METATYPE(std::string)

namespace {

// C = A @ B over 128 x 128 x 128, as TVM's TensorIR tutorials write it.
const char* kGemm =
    "import tvm\n"
    "from tvm import te\n"
    "A = te.placeholder((128, 128), name='A')\n"
    "B = te.placeholder((128, 128), name='B')\n"
    "k = te.reduce_axis((0, 128), name='k')\n"
    "C = te.compute((128, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name='C')\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kGemm) + body, "t.py");
}

std::string Failure(const Result<ScriptProgram>& r) { return r ? "" : r.error().format(); }

}  // namespace

class TestTirScheduleScript : public QObject {
  Q_OBJECT

 private slots:
  void primFuncsAndModules_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("create_prim_func prints as TVMScript") << std::string(
        "f = te.create_prim_func([A, B, C])\n"
        "assert isinstance(f, tvm.tir.PrimFunc)\n"
        "text = f.script()\n"
        "assert text.startswith('# from tvm.script import tir as T')\n"
        "assert 'with T.block(\"C\"):' in text\n"
        "assert f.params == ['A', 'B', 'C']\n"
        "assert f.attrs['global_symbol'] == 'main'\n");
    QTest::newRow("IRModule by name, from_expr, functions") << std::string(
        "f = te.create_prim_func([A, B, C])\n"
        "mod = tvm.IRModule({'main': f})\n"
        "assert isinstance(mod, tvm.IRModule)\n"
        "assert mod['main'].script() == f.script()\n"
        "assert mod.script().startswith('# from tvm.script import ir as I\\n"
        "# from tvm.script import tir as T\\n\\n@I.ir_module\\nclass Module:\\n    "
        "@T.prim_func\\n    def main(')\n"
        "assert list(mod.functions.keys()) == ['main']\n"
        "assert mod.get_global_vars() == ['main']\n"
        "assert tvm.IRModule.from_expr(f)['main'].script() == f.script()\n"
        "assert tvm.ir.IRModule({'gemm': f})['gemm'].script().find('def gemm(') > 0\n");
    QTest::newRow("with_attr renames and clears noalias") << std::string(
        "f = te.create_prim_func([A, B, C]).with_attr('global_symbol', 'gemm')\n"
        "assert 'def gemm(' in f.script()\n"
        "g = f.with_attr('tir.noalias', False)\n"
        "assert 'noalias' not in g.script() and 'noalias' in f.script()\n");
  }
  void primFuncsAndModules() {
    QFETCH(std::string, code);
    auto r = Eval(code);
    QVERIFY2(r.ok(), Failure(r).c_str());
  }

  void primFuncErrors_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<std::string>("expected");
    QTest::newRow("an unknown function name")
        << std::string(
               "mod = tvm.IRModule({'main': te.create_prim_func([A, B, C])})\n"
               "f = mod['gemm']\n")
        << std::string(
               "t.py:8:9: error: KeyError: the IRModule has no function 'gemm' (it has "
               "'main')");
    QTest::newRow("not a tensor") << std::string("f = te.create_prim_func([A, 3])\n")
                                  << std::string("every argument must be a te.Tensor, not int");
    QTest::newRow("a placeholder left out")
        << std::string("f = te.create_prim_func([B, C])\n")
        << std::string("t.py:7:8: error: create_prim_func: placeholder 'A' is read");
    QTest::newRow("an attribute Tessera does not keep")
        << std::string("f = te.create_prim_func([A, B, C]).with_attr('target', 'llvm')\n")
        << std::string("not \"target\"");
    QTest::newRow("a module of something else")
        << std::string("mod = tvm.IRModule({'main': 3})\n")
        << std::string("the function 'main' must be a TensorIR PrimFunc, not int");
  }
  void primFuncErrors() {
    QFETCH(std::string, code);
    QFETCH(std::string, expected);
    auto r = Eval(code);
    QVERIFY(!r.ok());
    QVERIFY2(r.error().format().find(expected) != std::string::npos, r.error().format().c_str());
  }
};

QTEST_GUILESS_MAIN(TestTirScheduleScript)
#include "tst_tir_schedule_script.moc"
