// tensorize and te.decl_tensor_intrin (issue #18), as TVM 0.19's tensorize tutorial uses
// them: C = A * B^T with a gemv-like intrinsic over 4 (or 16) columns of C and 4 (or 16)
// steps of the reduction. Positive cases: the lowered form (reset before the outer
// reduction loop, update inside it, buffers bound at the region's offsets with the
// tensor's strides), plain ir_builder bodies run on the interpreter and LLVM against the
// te oracle (split reduction with reset/update, the whole reduction inside with the body,
// no reset so the body starts the reduction, an element-wise intrinsic matched to the
// innermost dimensions); the script printed back and the trace replayed. Negative
// cases, located at the script's tensorize line: a different computation, wrong extents,
// reduction against element-wise, a split reduction without an update, a thread inside
// the region, a tail condition inside it; an extern call refused at run time.
#include <QtTest>
#include <fstream>
#include <sstream>

#include "TeTestSupport.h"
#include "codegen/CodeGenC.h"
#include "codegen/ExternCalls.h"
#include "schedule/Replay.h"
#include "schedule/Tensorize.h"
#include "script/export/ScriptPrinter.h"

namespace tst_tensorize {

using namespace tessera;
using namespace tessera::te_testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\n";

// C[i, j] = sum_k A[i, k] * B[j, k] (the tutorial's workload, smaller).
std::string Gemm(int n, int m, int l) {
  return std::string(kHeader) + "N, M, L = " + std::to_string(n) + ", " + std::to_string(m) + ", " +
         std::to_string(l) +
         "\n"
         "A = te.placeholder((N, L), name=\"A\")\n"
         "B = te.placeholder((M, L), name=\"B\")\n"
         "k = te.reduce_axis((0, L), name=\"k\")\n"
         "C = te.compute((N, M), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name=\"C\")\n"
         "s = te.create_schedule(C.op)\n";
}

// intrin_mac(m, l): c[i] = sum_r a[r] * b[i, r] with a plain ir_builder body; `parts` is
// what intrin_func returns; `combine` the operator of the declared computation.
std::string MacIntrinsic(const std::string& parts = "body.get(), reset.get(), update.get()",
                         const std::string& combine = "*") {
  return "def intrin_mac(m, l):\n"
         "    a = te.placeholder((l,), name=\"a\")\n"
         "    b = te.placeholder((m, l), name=\"b\")\n"
         "    r = te.reduce_axis((0, l), name=\"r\")\n"
         "    c = te.compute((m,), lambda i: te.sum(a[r] " +
         combine +
         " b[i, r], axis=r), name=\"c\")\n"
         "    Ab = tvm.tir.decl_buffer(a.shape, a.dtype, name=\"Ab\", offset_factor=1, "
         "strides=[1])\n"
         "    Bb = tvm.tir.decl_buffer(b.shape, b.dtype, name=\"Bb\", offset_factor=1, "
         "strides=[te.var(\"sb\"), 1])\n"
         "    Cb = tvm.tir.decl_buffer(c.shape, c.dtype, name=\"Cb\", offset_factor=1, "
         "strides=[1])\n"
         "    def intrin_func(ins, outs):\n"
         "        aa, bb = ins\n"
         "        cc = outs[0]\n"
         "        def emit_reset(ib):\n"
         "            for i in range(m):\n"
         "                ib.emit(cc.vstore([i], 0.0))\n"
         "        def emit_update(ib):\n"
         "            for i in range(m):\n"
         "                acc = cc.vload([i])\n"
         "                for t in range(l):\n"
         "                    acc = acc + aa.vload([t]) * bb.vload([i, t])\n"
         "                ib.emit(cc.vstore([i], acc))\n"
         "        body = tvm.tir.ir_builder.create()\n"
         "        emit_reset(body)\n"
         "        emit_update(body)\n"
         "        reset = tvm.tir.ir_builder.create()\n"
         "        emit_reset(reset)\n"
         "        update = tvm.tir.ir_builder.create()\n"
         "        emit_update(update)\n"
         "        return " +
         parts +
         "\n"
         "    return te.decl_tensor_intrin(c.op, intrin_func, binds={a: Ab, b: Bb, c: Cb}, "
         "name=\"mac\")\n";
}

// The tutorial's gemv with extern reset / update calls.
const char* kGemvExtern =
    "def intrin_gemv(m, l):\n"
    "    a = te.placeholder((l,), name=\"a\")\n"
    "    b = te.placeholder((m, l), name=\"b\")\n"
    "    k = te.reduce_axis((0, l), name=\"k\")\n"
    "    c = te.compute((m,), lambda i: te.sum(a[k] * b[i, k], axis=k), name=\"c\")\n"
    "    Ab = tvm.tir.decl_buffer(a.shape, a.dtype, name=\"A\", offset_factor=1, strides=[1])\n"
    "    Bb = tvm.tir.decl_buffer(b.shape, b.dtype, name=\"B\", offset_factor=1, "
    "strides=[te.var(\"s1\"), 1])\n"
    "    Cb = tvm.tir.decl_buffer(c.shape, c.dtype, name=\"C\", offset_factor=1, strides=[1])\n"
    "    def intrin_func(ins, outs):\n"
    "        aa, bb = ins\n"
    "        cc = outs[0]\n"
    "        def _body():\n"
    "            ib = tvm.tir.ir_builder.create()\n"
    "            ib.emit(tvm.tir.call_extern(\"int32\", \"gemv_update\", cc.access_ptr(\"w\"), "
    "aa.access_ptr(\"r\"),\n"
    "                                        bb.access_ptr(\"r\"), m, l, bb.strides[0]))\n"
    "            return ib.get()\n"
    "        def _reduce_reset():\n"
    "            ib = tvm.tir.ir_builder.create()\n"
    "            ib.emit(tvm.tir.call_extern(\"int32\", \"gemv_reset\", cc.access_ptr(\"w\"), m))\n"
    "            return ib.get()\n"
    "        return _body(), _reduce_reset(), _body()\n"
    "    return te.decl_tensor_intrin(c.op, intrin_func, binds={a: Ab, b: Bb, c: Cb}, "
    "name=\"gemv\")\n";

// yo, yi over j by `factor`; zo, zi over k by `kfactor`; order x, yo, zo, yi, zi.
std::string SplitBoth(int factor, int kfactor, const std::string& intrin_call) {
  return "x, y = C.op.axis\n"
         "(z,) = C.op.reduce_axis\n"
         "yo, yi = s[C].split(y, factor=" +
         std::to_string(factor) +
         ")\n"
         "zo, zi = s[C].split(z, factor=" +
         std::to_string(kfactor) +
         ")\n"
         "s[C].reorder(x, yo, zo, yi, zi)\n"
         "intrin = " +
         intrin_call +
         "\n"
         "s[C].tensorize(yi, intrin)\n";
}

// The line of `needle` in `text` (1-based).
int LineOf(const std::string& text, const std::string& needle) {
  size_t at = text.find(needle);
  if (at == std::string::npos) return -1;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

std::vector<std::string> TraceText(const script::ScriptProgram& p) {
  std::vector<std::string> out;
  for (const schedule::TraceEntry& e : p.schedule->trace.entries)
    out.push_back(schedule::to_string(e));
  return out;
}

}  // namespace

class TestTensorize : public QObject {
  Q_OBJECT

 private slots:
  // The tutorial's reduce-update form: gemv_reset before the k.outer loop, gemv_update
  // inside it, each buffer at its region's offset; B's stride variable s1 is B's row
  // stride (64) and the update's access pointers move with k.outer.
  void gemvResetBeforeAndUpdateInsideTheOuterReduction() {
    auto p = script::EvaluateScript(
        Gemm(64, 64, 64) + kGemvExtern + SplitBoth(16, 16, "intrin_gemv(16, 16)"), "gemv.py");
    TE_VERIFY_OK(p);
    auto text = LoweredText(*p);
    TE_VERIFY_OK(text);
    const std::string& t = *text;
    size_t reset = t.find("gemv_reset("), loop = t.find("k.outer"), update = t.find("gemv_update(");
    QVERIFY2(reset != std::string::npos && loop != std::string::npos && update != std::string::npos,
             t.c_str());
    QVERIFY2(reset < loop && loop < update, t.c_str());
    QVERIFY2(t.find("s1") == std::string::npos, t.c_str());           // bound to B's stride
    QVERIFY2(t.find("elem_offset") == std::string::npos, t.c_str());  // bound to the offsets
    QVERIFY2(Contains(t, "tvm_access_ptr("), t.c_str());
    QVERIFY2(Contains(t, "16, 16, 64)"), t.c_str());  // gemv_update(..., m, l, B's stride)
    QCOMPARE(std::count(t.begin(), t.end(), '\n') > 0, true);
  }

  // Run refuses the extern call, naming the intrinsic, its stage and the function.
  void externCallIsRefusedAtRunTime() {
    auto p = script::EvaluateScript(
        Gemm(64, 64, 64) + kGemvExtern + SplitBoth(16, 16, "intrin_gemv(16, 16)"), "gemv.py");
    TE_VERIFY_OK(p);
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "llvm");
    TE_VERIFY_OK(lowered);
    Status s = codegen::CheckNoExternCalls(lowered->func.body);
    QVERIFY(!s.ok());
    QCOMPARE(
        s.error().message,
        std::string("intrinsic 'gemv' (tensorizing C at loop j.inner) calls extern function "
                    "'gemv_reset', which cannot be "
                    "run here: Tessera runs no external code (lower and export show the call)"));
    if (codegen::LLVMAvailable()) {
      auto built = runtime::BuildLLVM(lowered->func);
      QVERIFY(!built.ok());
      QVERIFY2(Contains(built.error().message, "cannot be run here"),
               built.error().message.c_str());
      // Export still works: the LLVM IR declares and calls the function.
      auto ir = codegen::EmitLLVMIR(lowered->func);
      TE_VERIFY_OK(ir);
      QVERIFY2(Contains(*ir, "@gemv_update(ptr"), ir->c_str());
    }
    // The C export passes each region's address (access_ptr: data + offset).
    auto c = codegen::CodeGenC(lowered->func);
    TE_VERIFY_OK(c);
    QVERIFY2(
        Contains(
            *c,
            "gemv_update((C + ((i * 64) + (j_outer * 16))), (A + ((i * 64) + (k_outer * 16))), "
            "(B + ((j_outer * 1024) + (k_outer * 16))), 16, 16, 64)"),
        c->c_str());
  }

  // TVM's opt_conv_tensorcore idiom (tests/tvm_programs/tensorize_tensorcore_wmma.py):
  // four intrinsics whose bodies are tir.tvm_*_sync builtins. Fragments are bound at
  // offset 0 of their per-tile allocations, the global operands at the tile's offset with
  // their row stride; fill before k.outer, mma inside it, store after it. Run refuses it.
  void tensorCoreIntrinsicsLowerAsTvmDoes() {
    std::string path = std::string(qgetenv("TESSERA_SOURCE_DIR").constData()) +
                       "/tests/tvm_programs/tensorize_tensorcore_wmma.py";
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    auto p = script::EvaluateScript(text.str(), "tensorcore.py");
    TE_VERIFY_OK(p);
    // For CUDA the builtins stay (the printer makes them nvcuda::wmma calls), as TVM lowers them.
    auto lowered = LoweredText(*p, "cuda");
    TE_VERIFY_OK(lowered);
    const std::string& t = *lowered;
    size_t fill = t.find("tir.tvm_fill_fragment(C.wmma.accumulator, 16, 16, 16, 0, 0f)");
    size_t loop = t.find("for (k.outer, 0, 4)");
    size_t load = t.find(
        "tir.tvm_load_matrix_sync(A.wmma.matrix_a, 16, 16, 16, 0, "
        "tvm_access_ptr(type_annotation(), "
        "A, ((i.outer*1024) + (k.outer*16)), 1024, 1), 64, \"row_major\")");
    size_t mma = t.find(
        "tir.tvm_mma_sync(C.wmma.accumulator, 0, A.wmma.matrix_a, 0, B.wmma.matrix_b, 0, "
        "C.wmma.accumulator, 0)");
    size_t store =
        t.find("tir.tvm_store_matrix_sync(C.wmma.accumulator, 16, 16, 16, 0, tvm_access_ptr(");
    QVERIFY2(fill != std::string::npos && loop != std::string::npos && load != std::string::npos &&
                 mma != std::string::npos && store != std::string::npos,
             t.c_str());
    QVERIFY2(fill < loop && loop < load && load < mma && mma < store, t.c_str());
    // On the CPU they become loops (ir/WmmaBuiltins.h), and the program runs.
    auto cpu = LoweredText(*p);
    TE_VERIFY_OK(cpu);
    QVERIFY2(cpu->find("tir.tvm_") == std::string::npos, cpu->c_str());
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  void plainResetAndUpdateRunAndMatchTheOracle() {
    auto p = script::EvaluateScript(
        Gemm(24, 32, 16) + MacIntrinsic() + SplitBoth(4, 4, "intrin_mac(4, 4)"), "mac.py");
    TE_VERIFY_OK(p);
    auto text = LoweredText(*p);
    TE_VERIFY_OK(text);
    QVERIFY2(!Contains(*text, "for (j.inner") && !Contains(*text, "for (k.inner"), text->c_str());
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // The whole reduction inside the region: the intrinsic's body (reset and update).
  void wholeReductionInsideRunsTheBody() {
    std::string schedule =
        "x, y = C.op.axis\n"
        "yo, yi = s[C].split(y, factor=4)\n"
        "s[C].tensorize(yi, intrin_mac(4, 16))\n";
    auto p =
        script::EvaluateScript(Gemm(24, 32, 16) + MacIntrinsic("body.get()") + schedule, "mac.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // No reset: the body on the first step of k.outer, the update on the others (TVM's
  // TransformUpdate).
  void withoutResetTheBodyStartsTheReduction() {
    auto p =
        script::EvaluateScript(Gemm(24, 32, 16) + MacIntrinsic("body.get(), None, update.get()") +
                                   SplitBoth(4, 4, "intrin_mac(4, 4)"),
                               "mac.py");
    TE_VERIFY_OK(p);
    auto text = LoweredText(*p);
    TE_VERIFY_OK(text);
    QVERIFY2(Contains(*text, "k.outer == 0"), text->c_str());
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // An element-wise intrinsic over 8 elements matches the innermost 8 of a 2-D add: the
  // region's leading dimension of extent 1 is dropped (TVM's fuzzy match).
  void elementwiseIntrinsicMatchesTheInnerDimension() {
    std::string source =
        std::string(kHeader) +
        "A = te.placeholder((6, 32), name=\"A\")\n"
        "B = te.placeholder((6, 32), name=\"B\")\n"
        "C = te.compute((6, 32), lambda i, j: A[i, j] + B[i, j], name=\"C\")\n"
        "s = te.create_schedule(C.op)\n"
        "def intrin_vadd(n):\n"
        "    x = te.placeholder((n,), name=\"x\")\n"
        "    y = te.placeholder((n,), name=\"y\")\n"
        "    z = te.compute((n,), lambda i: x[i] + y[i], name=\"z\")\n"
        "    def intrin_func(ins, outs):\n"
        "        ib = tvm.tir.ir_builder.create()\n"
        "        for i in range(n):\n"
        "            ib.emit(outs[0].vstore([i], ins[0].vload([i]) + ins[1].vload([i])))\n"
        "        return ib.get()\n"
        "    return te.decl_tensor_intrin(z.op, intrin_func, name=\"vadd\",\n"
        "                                 default_buffer_params={\"offset_factor\": 1})\n"
        "jo, ji = s[C].split(C.op.axis[1], factor=8)\n"
        "s[C].tensorize(ji, intrin_vadd(8))\n";
    auto p = script::EvaluateScript(source, "vadd.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
    schedule::Stage c = p->schedule->find("C");
    QCOMPARE(c->attr(c->leaf_iter_vars.back()).annotation, ir::IterVarType::Tensorized);
    QCOMPARE(std::string(ir::iter_var_type_name(c->attr(c->leaf_iter_vars.back()).annotation)),
             std::string("tensorized"));
  }

  // A computation other than the intrinsic's: refused at the tensorize line.
  void differentComputationIsRefused() {
    std::string source = Gemm(24, 32, 16) +
                         MacIntrinsic("body.get(), reset.get(), update.get()", "+") +
                         SplitBoth(4, 4, "intrin_mac(4, 4)");
    std::string error = ScriptError(source);
    std::string where = "t.py:" + std::to_string(LineOf(source, "s[C].tensorize")) + ":";
    QVERIFY2(error.rfind(where, 0) == 0, error.c_str());
    QVERIFY2(Contains(error, "tensorize C at loop j.inner with intrinsic 'mac'"), error.c_str());
    QVERIFY2(Contains(error, "does not match the intrinsic's declaration"), error.c_str());
  }

  void wrongExtentsAreRefused() {
    std::string source = Gemm(24, 32, 16) + MacIntrinsic() + SplitBoth(8, 4, "intrin_mac(4, 4)");
    std::string error = ScriptError(source);
    QVERIFY2(
        Contains(error,
                 "input B: the region under the loop has shape [8, 4] but the intrinsic's b has "
                 "shape [4, 4]"),
        error.c_str());
    // The reduction's extent, with the inputs' shapes right.
    source = Gemm(24, 32, 16) + MacIntrinsic() +
             "x, y = C.op.axis\nyo, yi = s[C].split(y, factor=4)\ns[C].tensorize(yi, intrin_mac(4, "
             "8))\n";
    error = ScriptError(source);
    QVERIFY2(Contains(error,
                      "input A: the region under the loop has shape [1, 16] but the intrinsic's a "
                      "has shape [8]"),
             error.c_str());
  }

  void reductionAgainstElementwiseIsRefused() {
    std::string source = std::string(kHeader) +
                         "A = te.placeholder((8, 4), name=\"A\")\n"
                         "B = te.placeholder((4, 4), name=\"B\")\n"
                         "C = te.compute((8, 4), lambda i, j: A[i, j] * B[j, j], name=\"C\")\n"
                         "s = te.create_schedule(C.op)\n" +
                         MacIntrinsic() + "s[C].tensorize(C.op.axis[1], intrin_mac(4, 4))\n";
    std::string error = ScriptError(source);
    QVERIFY2(Contains(error, "C is not a reduction but the intrinsic's c is"), error.c_str());
  }

  void splitReductionWithoutUpdateIsRefused() {
    std::string source =
        Gemm(24, 32, 16) + MacIntrinsic("body.get()") + SplitBoth(4, 4, "intrin_mac(4, 4)");
    std::string error = ScriptError(source);
    QVERIFY2(
        Contains(error,
                 "the reduction loop k.outer is outside the region, so the intrinsic must give a "
                 "reduce_update"),
        error.c_str());
  }

  void threadInsideTheRegionIsRefused() {
    std::string source = Gemm(24, 32, 16) + MacIntrinsic() +
                         "x, y = C.op.axis\n(z,) = C.op.reduce_axis\n"
                         "yo, yi = s[C].split(y, factor=4)\n"
                         "yio, yii = s[C].split(yi, factor=4)\n"
                         "s[C].bind(yii, te.thread_axis(\"threadIdx.x\"))\n"
                         "s[C].tensorize(yio, intrin_mac(4, 16))\n";
    std::string error = ScriptError(source);
    QVERIFY2(
        Contains(error,
                 "is bound to threadIdx.x; no thread may be bound inside the tensorized region"),
        error.c_str());
  }

  void tailConditionInsideTheRegionIsRefused() {
    std::string source = Gemm(24, 30, 16) + MacIntrinsic() +
                         "x, y = C.op.axis\nyo, yi = s[C].split(y, factor=4)\n"
                         "s[C].tensorize(yi, intrin_mac(4, 16))\n";
    std::string error = ScriptError(source);
    QVERIFY2(Contains(error, "(a split that does not divide) depends on a loop inside the region"),
             error.c_str());
  }

  // Default buffers are compact with element offset 0: bound to a region that starts
  // elsewhere (or is strided) they are refused when lowering, as TVM's ArgBinder does.
  void compactBufferOnAMovingRegionIsRefusedWhenLowering() {
    std::string intrin = MacIntrinsic();
    intrin.replace(intrin.find(", binds={a: Ab, b: Bb, c: Cb}"), 29, "");
    auto p = script::EvaluateScript(Gemm(24, 32, 16) + intrin + SplitBoth(4, 4, "intrin_mac(4, 4)"),
                                    "mac.py");
    TE_VERIFY_OK(p);
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "llvm");
    QVERIFY(!lowered.ok());
    QVERIFY2(Contains(lowered.error().message,
                      "the element offset of buffer c bound to C is 0 in the "
                      "intrinsic's declaration"),
             lowered.error().message.c_str());
    QVERIFY2(Contains(lowered.error().message, "declare the buffer with offset_factor=1"),
             lowered.error().message.c_str());
  }

  // A flat script (an intrinsic from a lambda, declared with the workload): printed
  // back, its tensorize line names the variable holding the intrinsic.
  void flatScriptNamesTheIntrinsicVariable() {
    std::string source = std::string(kHeader) +
                         "A = te.placeholder((6, 32), name=\"A\")\n"
                         "B = te.placeholder((6, 32), name=\"B\")\n"
                         "C = te.compute((6, 32), lambda i, j: A[i, j] + B[i, j], name=\"C\")\n"
                         "x = te.placeholder((8,), name=\"x\")\n"
                         "y = te.placeholder((8,), name=\"y\")\n"
                         "z = te.compute((8,), lambda i: x[i] + y[i], name=\"z\")\n"
                         "vadd = te.decl_tensor_intrin(z.op, lambda ins, outs: "
                         "tvm.tir.call_extern(\"int32\", \"vadd8\", "
                         "outs[0].access_ptr(\"w\"), ins[0].access_ptr(\"r\"), "
                         "ins[1].access_ptr(\"r\")), name=\"vadd8\", "
                         "default_buffer_params={\"offset_factor\": 1})\n"
                         "s = te.create_schedule(C.op)\n"
                         "jo, ji = s[C].split(C.op.axis[1], factor=8)\n"
                         "s[C].tensorize(ji, vadd)\n";
    auto p = script::EvaluateScript(source, "flat.py");
    TE_VERIFY_OK(p);
    QVERIFY(!p->structured);
    for (auto dialect : {script::ScriptDialect::Tessera, script::ScriptDialect::TVM}) {
      std::string printed = script::PrintScript(*p, dialect);
      QVERIFY2(Contains(printed, "s[C].tensorize(ji, vadd)\n"), printed.c_str());
      auto again = script::EvaluateScript(printed, "again.py");
      TE_VERIFY_OK(again);
      QCOMPARE(TraceText(*again), TraceText(*p));
    }
  }

  // Declarations TVM refuses, and the ir_builder scopes Tessera's language cannot write.
  void declarationErrorsAreLocated() {
    std::string source = std::string(kHeader) +
                         "a = te.placeholder((4,), name=\"a\")\n"
                         "c = te.compute((4,), lambda i: a[i] * 2.0, name=\"c\")\n"
                         "Ab = tvm.tir.decl_buffer((4,), \"int32\", name=\"Ab\")\n"
                         "def f(ins, outs):\n"
                         "    return tvm.tir.call_extern(\"int32\", \"nop\")\n"
                         "t = te.decl_tensor_intrin(c.op, f, binds={a: Ab})\n";
    std::string error = ScriptError(source);
    QVERIFY2(error.rfind("t.py:8:", 0) == 0, error.c_str());
    QVERIFY2(Contains(error, "buffer Ab has dtype int32 but tensor a is float32"), error.c_str());
    // The scopes are written with Python's `with` now; what the builder cannot do is
    // refused at its call.
    source =
        std::string(kHeader) + "ib = tvm.tir.ir_builder.create()\np = ib.pointer(\"float32\")\n";
    error = ScriptError(source);
    QVERIFY2(error.rfind("t.py:4:", 0) == 0, error.c_str());
    QVERIFY2(Contains(error, "ir_builder.pointer is not supported in Tessera"), error.c_str());
    source = std::string(kHeader) +
             "ib = tvm.tir.ir_builder.create()\nwith ib.else_scope():\n    pass\n";
    error = ScriptError(source);
    QVERIFY2(error.rfind("t.py:4:", 0) == 0, error.c_str());
    QVERIFY2(Contains(error, "must come right after the block of an if_scope()"), error.c_str());
  }

  // Printed back (both dialects) the script keeps decl_tensor_intrin and tensorize and
  // evaluates to the same trace; the trace replays to the same program.
  void scriptRoundTripAndReplay() {
    std::string source = Gemm(24, 32, 16) + MacIntrinsic() + SplitBoth(4, 4, "intrin_mac(4, 4)");
    auto p = script::EvaluateScript(source, "mac.py");
    TE_VERIFY_OK(p);
    QVERIFY2(Contains(TraceText(*p).back(),
                      "tensorize(C, j.inner, intrin=\"mac\", intrin_var=\"intrin\")"),
             TraceText(*p).back().c_str());
    for (auto dialect : {script::ScriptDialect::Tessera, script::ScriptDialect::TVM}) {
      std::string printed = script::PrintScript(*p, dialect);
      QVERIFY2(Contains(printed, "te.decl_tensor_intrin(c.op, intrin_func"), printed.c_str());
      QVERIFY2(Contains(printed, "s[C].tensorize(yi, intrin)"), printed.c_str());
      auto again = script::EvaluateScript(printed, "again.py");
      TE_VERIFY_OK(again);
      QCOMPARE(TraceText(*again), TraceText(*p));
    }
    auto replayed = schedule::Replay(p->schedule->trace, p->schedule->outputs);
    TE_VERIFY_OK(replayed);
    QVERIFY(replayed->trace == p->schedule->trace);
    script::ScriptProgram copy = *p;
    copy.schedule = std::make_shared<schedule::Schedule>(std::move(replayed.value()));
    auto a = LoweredText(*p), b = LoweredText(copy);
    TE_VERIFY_OK(a);
    TE_VERIFY_OK(b);
    QCOMPARE(*b, *a);
  }
};

}  // namespace tst_tensorize

QTEST_APPLESS_MAIN(tst_tensorize::TestTensorize)
#include "tst_tensorize.moc"
