// What TVM's test_te_schedule_tensorize.py uses besides tensorize itself: TVMScript's typed
// constants (from tvm.script import tir as T; T.int32(16)), the test hooks fetched with
// tvm.get_global_func (test.op.InferTensorizeRegion, test.op.MatchTensorizeBody),
// tvm.arith.Analyzer, tvm.tir.stmt_functor.substitute and tvm.runtime.convert; and a
// cache_write whose tail guard (if_then_else in Tessera, Select in TVM) still matches an
// intrinsic declared with TVM's Select. Each script asserts what TVM's test asserts; a
// failing assert is a located error.
#include <QtTest>

#include "../te/TeTestSupport.h"

namespace tst_tensorize_hooks {

using namespace tessera;
using namespace tessera::te_testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\nfrom tvm.script import tir as T\n";

// TVM's intrin_vadd(xo, m, n): an element-wise add over n, guarded by xo * n + i < m
// when n does not divide m.
const char* kVadd =
    "def intrin_vadd(xo, m, n):\n"
    "    x = te.placeholder((n,), name=\"vx\")\n"
    "    y = te.placeholder((n,), name=\"vy\")\n"
    "    if m % n == 0:\n"
    "        body = lambda i: x[i] + y[i]\n"
    "    else:\n"
    "        body = lambda i: tvm.tir.Select(xo * n + i < m, x[i] + y[i], tvm.tir.const(0, "
    "dtype=x.dtype))\n"
    "    z = te.compute(x.shape, body, name=\"z\")\n"
    "    def intrin_func(ins, outs):\n"
    "        return tvm.tir.call_packed(\"vadd\", ins[0], ins[1], outs[0])\n"
    "    return te.decl_tensor_intrin(z.op, intrin_func, default_buffer_params={\"offset_factor\": "
    "16})\n"
    "def add(m):\n"
    "    x = te.placeholder((m,), name=\"x\")\n"
    "    y = te.placeholder((m,), name=\"y\")\n"
    "    z = te.compute(x.shape, lambda i: x[i] + y[i], name=\"z\")\n"
    "    return x, y, z\n";

}  // namespace

class TestTensorizeHooks : public QObject {
  Q_OBJECT

 private slots:
  void typedConstantsAreTvmScriptsDtypeFunctions() {
    std::string text =
        std::string(kHeader) +
        "a = T.int32(16)\n"
        "assert isinstance(a, tvm.tir.IntImm) and a.dtype == \"int32\" and a.value == 16\n"
        "assert T.int64(3).dtype == \"int64\" and T.uint8(255).dtype == \"uint8\"\n"
        "assert T.int8(300).value == 44\n"  // wraps as TVM's cast does
        "assert T.float32(2).dtype == \"float32\" and T.float16(0.5).dtype == \"float16\"\n"
        "assert T.bool(1).dtype == \"bool\"\n"
        "inf = T.float32(\"inf\")\n"
        "assert isinstance(inf, tvm.tir.FloatImm) and inf.value > 1e300\n"
        "n = te.var(\"n\")\n"
        "assert T.int64(n).dtype == \"int64\"\n"
        "tvm.ir.assert_structural_equal(T.int32(n), n)\n"  // a cast to its own type is none
        "v = T.int32()\n"
        "assert isinstance(v, tvm.tir.Var) and v.dtype == \"int32\"\n";
    auto p = script::EvaluateScript(text, "t.py");
    TE_VERIFY_OK(p);
  }

  void tvmScriptProperIsRefusedWhereItIsNamed() {
    std::string error = ScriptError(std::string(kHeader) + "f = T.Buffer\n");
    QVERIFY2(Contains(error, "t.py:4:7: error: T.Buffer is not supported in TVMScript here"),
             error.c_str());
    error = ScriptError(std::string(kHeader) + "x = T.int32(\"seven\")\n");
    QVERIFY2(
        Contains(error, "t.py:4:13: error: int32(): could not convert string to float: 'seven'"),
        error.c_str());
  }

  // TVM's check(128, 16): the region of the tensorized split and the body in the
  // intrinsic's terms.
  void regionAndMatchedBodyAsTvmsTestChecksThem() {
    std::string text =
        std::string(kHeader) + kVadd +
        "x, y, z = add(128)\n"
        "factor = T.int32(16)\n"
        "s = te.create_schedule(z.op)\n"
        "xo, xi = s[z].split(z.op.axis[0], factor=factor)\n"
        "vadd = intrin_vadd(xo, 128, factor)\n"
        "s[z].tensorize(xi, vadd)\n"
        "s = s.normalize()\n"
        "dom_map = tvm.te.schedule.InferBound(s)\n"
        "finfer = tvm.get_global_func(\"test.op.InferTensorizeRegion\")\n"
        "out_dom, in_dom = finfer(s[z], dom_map)\n"
        "tvm.ir.assert_structural_equal(out_dom[z.op.axis[0]].extent, factor)\n"
        "tvm.ir.assert_structural_equal(out_dom[z.op.axis[0]].min, xo * factor)\n"
        "tvm.ir.assert_structural_equal(in_dom.items()[0][1][0].extent, factor)\n"
        "assert in_dom.items()[0][0].name == \"x\"\n"
        "fmatch = tvm.get_global_func(\"test.op.MatchTensorizeBody\")\n"
        "body = fmatch(s[z], out_dom, in_dom, vadd)\n"
        "ana = tvm.arith.Analyzer()\n"
        "tvm.ir.assert_structural_equal(ana.simplify(body[0]), ana.simplify(vadd.op.body[0]))\n"
        "tvm.lower(s, [x, y, z])\n";
    auto p = script::EvaluateScript(text, "t.py");
    TE_VERIFY_OK(p);
  }

  // TVM's check_cache_write(129, 16): the cache stage's tail guard is if_then_else in
  // Tessera and Select in the intrinsic; they match (tensorize refused it before).
  void cacheWriteTailGuardMatchesTheIntrinsicsSelect() {
    std::string text =
        std::string(kHeader) + kVadd +
        "x, y, z = add(129)\n"
        "s = te.create_schedule(z.op)\n"
        "_, _ = s[z].split(z.op.axis[0], factor=16)\n"
        "z_global = s.cache_write(z, \"global\")\n"
        "xo, xi = z_global.op.axis\n"
        "vadd = intrin_vadd(xo, 129, 16)\n"
        "s[z_global].tensorize(xi, vadd)\n"
        "s = s.normalize()\n"
        "dom_map = tvm.te.schedule.InferBound(s)\n"
        "out_dom, in_dom = tvm.get_global_func(\"test.op.InferTensorizeRegion\")(s[z_global], "
        "dom_map)\n"
        "tvm.ir.assert_structural_equal(out_dom[xo].extent, T.int32(1))\n"
        "assert isinstance(out_dom[xo].min, tvm.tir.Var)\n"
        "assert xo.var.name == out_dom[xo].min.name\n"
        "body = tvm.get_global_func(\"test.op.MatchTensorizeBody\")(s[z_global], out_dom, in_dom, "
        "vadd)[0]\n"
        "ana = tvm.arith.Analyzer()\n"
        "vars = tvm.runtime.convert({xo.var: out_dom[xo].min})\n"
        "vadd_body = tvm.tir.stmt_functor.substitute(vadd.op.body[0], vars)\n"
        "tvm.ir.assert_structural_equal(ana.simplify(body), ana.simplify(vadd_body))\n"
        "tvm.lower(s, [x, y, z])\n";
    auto p = script::EvaluateScript(text, "t.py");
    TE_VERIFY_OK(p);
  }

  void analyzerSimplifiesProvesAndBinds() {
    std::string text =
        std::string(kHeader) +
        "ana = tvm.arith.Analyzer()\n"
        "x = te.var(\"x\")\n"
        "tvm.ir.assert_structural_equal(ana.simplify(x * 4 + x * 4 - x * 8 + 3), T.int32(3))\n"
        "assert not ana.can_prove(x < 10)\n"
        "y = te.var(\"y\")\n"
        "ana.bind(y, x + 1)\n"
        "tvm.ir.assert_structural_equal(ana.simplify(y - x), T.int32(1))\n"
        "b = ana.const_int_bound(x % 8)\n"
        "assert b.max_value == 7\n";
    auto p = script::EvaluateScript(text, "t.py");
    TE_VERIFY_OK(p);
  }

  void hooksRefuseWhatTheyCannotAnswer() {
    std::string text = std::string(kHeader) +
                       "A = te.placeholder((8,), name=\"A\")\n"
                       "B = te.compute((8,), lambda i: A[i] + 1, name=\"B\")\n"
                       "s = te.create_schedule(B.op)\n"
                       "dom_map = tvm.te.schedule.InferBound(s)\n"
                       "finfer = tvm.get_global_func(\"test.op.InferTensorizeRegion\")\n"
                       "finfer(s[B], dom_map)\n";
    std::string error = ScriptError(text);
    QVERIFY2(Contains(error, "t.py:9:1: error: InferTensorizeRegion: B has no tensorized loop"),
             error.c_str());
    // Any other global function stays a value of the runtime half.
    auto p = script::EvaluateScript(
        std::string(kHeader) + "f = tvm.get_global_func(\"tvm.contrib.cblas.matmul\", True)\n",
        "t.py");
    TE_VERIFY_OK(p);
  }
};

}  // namespace tst_tensorize_hooks

QTEST_APPLESS_MAIN(tst_tensorize_hooks::TestTensorizeHooks)
#include "tst_tensorize_hooks.moc"
