// The TensorIR export of tensorize with intrinsics whose bodies are not plain loads and
// stores (script/export/TirExportIntrin.cpp): extern calls become a TensorIntrin whose
// implementation is T.call_extern with the buffers' access_ptr (and an extern reset a
// second one for the init nest); TVM's wmma builtins become the wmma TensorIntrins TVM
// ships in tensor_intrin/cuda.py, the program lowering for cuda; what cannot be written
// is refused, located at the tensorize call and naming the intrinsic.
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ExportOrder.h"
#include "SourceFiles.h"
#include "script/Evaluator.h"
#include "script/export/TirExport.h"

namespace tst_tir_export_tensorize {

using tessera::testing::ReadSourceFile;
using tessera::testing::SourceDir;

using namespace tessera;
using namespace tessera::script;

namespace {

Result<std::string> Export(const std::string& source, const std::string& file, int minor) {
  auto program = EvaluateScript(source, file);
  if (!program) return program.error();
  return ExportTirProgram(*program, TvmVersion{minor}, source);
}

// The export of the corpus program `file` (tests/tvm_programs); the error's text if refused.
std::string ExportedFile(const std::string& file, int minor = 20) {
  std::string source = ReadSourceFile(SourceDir() + "/tests/tvm_programs/" + file);
  auto text = Export(source, file, minor);
  return text ? *text : text.error().format();
}

// C = A x B^T over 64 x 48 x 32 (lines 1-8), then an intrinsic `dot` over four output
// elements whose body is `call` (from line 22), then the schedule.
std::string DotProgram(const std::string& call, const std::string& schedule) {
  return "import tvm\n"
         "from tvm import te\n"
         "\n"
         "A = te.placeholder((64, 32), name=\"A\")\n"
         "B = te.placeholder((48, 32), name=\"B\")\n"
         "k = te.reduce_axis((0, 32), name=\"k\")\n"
         "C = te.compute((64, 48), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name=\"C\")\n"
         "s = te.create_schedule(C.op)\n"
         "\n"
         "\n"
         "def intrin_dot(l):\n"
         "    a = te.placeholder((l,), name=\"a\")\n"
         "    b = te.placeholder((4, l), name=\"b\")\n"
         "    r = te.reduce_axis((0, l), name=\"r\")\n"
         "    c = te.compute((4,), lambda i: te.sum(a[r] * b[i, r], axis=r), name=\"c\")\n"
         "    Ab = tvm.tir.decl_buffer(a.shape, a.dtype, name=\"A\", offset_factor=1)\n"
         "    Bb = tvm.tir.decl_buffer(b.shape, b.dtype, name=\"B\", offset_factor=1)\n"
         "    Cb = tvm.tir.decl_buffer(c.shape, c.dtype, name=\"C\", offset_factor=1)\n"
         "\n"
         "    def intrin_func(ins, outs):\n"
         "        ib = tvm.tir.ir_builder.create()\n" +
         call +
         "        return ib.get()\n"
         "\n"
         "    return te.decl_tensor_intrin(c.op, intrin_func, binds={a: Ab, b: Bb, c: Cb}, "
         "name=\"dot\")\n"
         "\n"
         "\n" +
         schedule;
}

const char* kDotSchedule =
    "x, y = C.op.axis\n"
    "yo, yi = s[C].split(y, factor=4)\n"
    "s[C].tensorize(yi, intrin_dot(32))\n";

}  // namespace

class TestTirExportTensorize : public QObject {
  Q_OBJECT

 private slots:
  // ---- extern intrinsics -----------------------------------------------------------------

  // TVM's tensorize tutorial: the update calls gemv_update, the reset gemv_reset. The
  // description is the compute; the implementation calls the extern function with the
  // buffers' access_ptr and B's symbolic row stride; the reset becomes an intrinsic of
  // its own, tensorized on the init nest decompose_reduction makes.
  void extern_update_and_reset_become_two_intrinsics() {
    std::string text = ExportedFile("tensorize_gemv_update.py");
    VERIFY_IN_ORDER(
        text,
        {"import ctypes",
         "from tvm.script import tir as T",
         "@T.prim_func",
         "def gemv_desc(var_a: T.handle, var_b: T.handle, var_c: T.handle):",
         "                c[v_i] = c[v_i] + a[v_k] * b[v_i, v_k]",
         "@T.prim_func",
         "def gemv_impl(var_a: T.handle, var_b: T.handle, var_c: T.handle):",
         "    s1 = T.int32()",
         "    a = T.match_buffer(var_a, (16,), strides=(1,), offset_factor=1)",
         "    b = T.match_buffer(var_b, (16, 16), strides=(s1, 1), offset_factor=1)",
         "    with T.block(\"root\"):",
         "        T.reads(c[0:16], a[0:16], b[0:16, 0:16])",
         "        T.writes(c[0:16])",
         "        T.evaluate(T.call_extern(\"int32\", \"gemv_update\", c.access_ptr(\"w\"), "
         "a.access_ptr(\"r\"), b.access_ptr(\"r\"), 16, 16, s1))",
         "tir.TensorIntrin.register(\"gemv\", gemv_desc, gemv_impl)",
         "def gemv_reset_desc(var_c: T.handle):",
         "        T.reads()",
         "                c[v_i] = T.float32(0.0)",
         "def gemv_reset_impl(var_c: T.handle):",
         "        T.evaluate(T.call_extern(\"int32\", \"gemv_reset\", c.access_ptr(\"w\"), 16))",
         "tir.TensorIntrin.register(\"gemv_reset\", gemv_reset_desc, gemv_reset_impl)",
         "sch = tir.Schedule(func)",
         "sch.reorder(i, yo_1, zo_1, yi_1, zi_1)",
         "b_C_init = sch.decompose_reduction(b_C, zo_1)",
         "sch.tensorize(yi_1, \"gemv\")",
         "yi_1_init, = sch.get_loops(b_C_init)[-1:]",
         "sch.tensorize(yi_1_init, \"gemv_reset\")",
         "scheduled = tvm.build(sch.mod, target=\"llvm\")",
         "missing = [name for name in (\"gemv_update\", \"gemv_reset\") if not "
         "hasattr(ctypes.CDLL(None), name)]",
         "reference = tvm.build(func, target=\"llvm\")  # the same te definition, unscheduled"});
  }

  // Without a reduction loop outside the tensorized one TE runs the body: the
  // implementation is the body's call and the init stays loops (no reset intrinsic). An
  // access_ptr with an offset or extent keeps them.
  void extern_body_without_outer_reduction() {
    std::string source = DotProgram(
        "        ib.emit(tvm.tir.call_extern(\"int32\", \"dot\", outs[0].access_ptr(\"w\"), "
        "ins[0].access_ptr(\"r\", offset=2), ins[1].access_ptr(\"r\", extent=8), l))\n",
        kDotSchedule);
    auto text = Export(source, "t.py", 20);
    QVERIFY2(text, text ? "" : text.error().format().c_str());
    VERIFY_IN_ORDER(*text, {"def dot_impl(var_a: T.handle, var_b: T.handle, var_c: T.handle):",
                            "        T.evaluate(T.call_extern(\"int32\", \"dot\", "
                            "c.access_ptr(\"w\"), a.access_ptr(\"r\", offset=2), "
                            "b.access_ptr(\"r\", extent=8), 32))",
                            "tir.TensorIntrin.register(\"dot\", dot_desc, dot_impl)",
                            "sch.decompose_reduction(b_C, yi_1)", "sch.tensorize(yi_1, \"dot\")"});
    QVERIFY2(text->find("_reset") == std::string::npos, text->c_str());
  }

  // TVM 0.24+: s_tir, T.sblock and the tirx TVMScript module.
  void extern_spelling_for_0_26() {
    std::string text = ExportedFile("tensorize_gemv_update.py", 26);
    VERIFY_IN_ORDER(text,
                    {"from tvm.script import tirx as T",
                     "def gemv_impl(var_a: T.handle, var_b: T.handle, var_c: T.handle):",
                     "    T.func_attr({\"tirx.noalias\": True})", "    with T.sblock(\"root\"):",
                     "s_tir.TensorIntrin.register(\"gemv\", gemv_desc, gemv_impl)",
                     "sch.tensorize(yi_1_init, \"gemv_reset\")"});
  }

  // ---- wmma ----------------------------------------------------------------------------

  // The GEMM of tensorize_tensorcore_wmma: fragments loaded from global memory (TVM
  // registers wmma loads from shared memory only, so the program registers them with
  // TVM's generator), mma_sync with the fill on the init nest, the store to global
  // memory. Nothing is bound to a GPU thread: TVM lowers it, and the program says why it
  // builds nothing.
  void wmma_gemm_maps_to_tvm_intrinsics() {
    std::string text = ExportedFile("tensorize_tensorcore_wmma.py");
    VERIFY_IN_ORDER(
        text,
        {"from tvm.tir.tensor_intrin.cuda import (",
         "    get_wmma_load_intrin,",
         "    WMMA_SYNC_16x16x16_f16f16f32_INTRIN,",
         "    WMMA_FILL_16x16x16_F32_INTRIN,",
         "    WMMA_STORE_16x16x16_F32_GLOBAL_INTRIN,",
         ")",
         "tir.TensorIntrin.register(\"wmma_load_16x16x16_f16_a_global\", "
         "*get_wmma_load_intrin(16, 16, 16, \"float16\", \"global\", False, False))",
         "tir.TensorIntrin.register(\"wmma_load_16x16x16_f16_b_global\", "
         "*get_wmma_load_intrin(16, 16, 16, \"float16\", \"global\", True, False))",
         "sch = tir.Schedule(func)",
         "b_A_wmma_matrix_a = sch.cache_read(b_C, \"A\", \"wmma.matrix_a\")",
         "b_C_wmma_accumulator_copy = sch.cache_write(b_C, 0, \"wmma.accumulator\")",
         "sch.tensorize(ax0, \"wmma_load_16x16x16_f16_a_global\")",
         "sch.tensorize(ax0_1, \"wmma_load_16x16x16_f16_b_global\")",
         "b_C_wmma_accumulator_init = sch.decompose_reduction(b_C, ko_1)",
         "sch.tensorize(i_c, WMMA_SYNC_16x16x16_f16f16f32_INTRIN)",
         "i_c_init, j_c_init = sch.get_loops(b_C_wmma_accumulator_init)[-2:]",
         "sch.tensorize(i_c_init, WMMA_FILL_16x16x16_F32_INTRIN)",
         "sch.tensorize(ii_1, WMMA_STORE_16x16x16_F32_GLOBAL_INTRIN)",
         "print(sch.mod.script())",
         "target = tvm.target.Target(\"cuda\", host=\"llvm\")",
         "lowered = tvm.tir.get_tir_pipeline(\"default\")(tvm.tir.transform.BindTarget(target)(sch."
         "mod))",
         "print(lowered.script())",
         "print(\"SKIP: no loop is bound to a GPU thread, so TVM cannot build the wmma intrinsics "
         "for cuda (they run only inside a kernel); TVM scheduled and lowered the module\")"});
    QVERIFY2(text.find("tvm.build(") == std::string::npos, text.c_str());
  }

  // opt_conv_tensorcore: the fragments are loaded under the reduction over the window
  // (h + kh), where TVM's tensorize cannot split the loaded block's iterators and refuses
  // the predicated block it would make: refused at the first such tensorize.
  void wmma_load_of_a_window_is_refused() {
    std::string text = ExportedFile("tensorize_conv_tensorcore.py");
    QVERIFY2(text.rfind("tensorize_conv_tensorcore.py:183:7: error: tensorize of "
                        "'Apad.shared.wmma.matrix_a' with the intrinsic 'tensor_intrin' is not "
                        "exported: 'Conv.wmma.accumulator' reads it at ",
                        0) == 0,
             text.c_str());
    QVERIFY2(text.find("a sum of loop variables") != std::string::npos, text.c_str());
  }

  void wmma_spelling_for_0_26() {
    std::string text = ExportedFile("tensorize_tensorcore_wmma.py", 26);
    VERIFY_IN_ORDER(text,
                    {"from tvm.s_tir.tensor_intrin.cuda import (",
                     "s_tir.TensorIntrin.register(\"wmma_load_16x16x16_f16_a_global\", "
                     "*get_wmma_load_intrin(16, 16, 16, \"float16\", \"global\", False, False))",
                     "lowered = tvm.tirx.get_tir_pipeline()(tvm.tirx.transform.BindTarget(target)"
                     "(sch.mod))"});
  }

  // ---- refusals --------------------------------------------------------------------------

  void unwritable_intrinsics_are_refused_data() {
    QTest::addColumn<std::string>("source");
    QTest::addColumn<std::string>("expected");
    QTest::newRow("a loop around the extern call")
        << DotProgram(
               "        with ib.for_range(0, l, name=\"q\") as q:\n"
               "            ib.emit(tvm.tir.call_extern(\"int32\", \"mac\", "
               "outs[0].access_ptr(\"w\"), "
               "ins[0].access_ptr(\"r\", offset=q), ins[1].access_ptr(\"r\", offset=q)))\n",
               kDotSchedule)
        << std::string(
               "t.py:31:6: error: tensorize with the intrinsic 'dot' is not exported: its body "
               "cannot be written as a TensorIR implementation: it has a loop beside its extern "
               "calls");
    QTest::newRow("a builtin that is not wmma's")
        << DotProgram(
               "        ib.emit(tvm.tir.call_intrin(\"handle\", \"tir.tvm_storage_sync\", "
               "\"shared\"))\n",
               kDotSchedule)
        << std::string(
               "t.py:30:6: error: tensorize with the intrinsic 'dot' is not exported: its body "
               "calls the builtin tir.tvm_storage_sync, which TensorIR has no intrinsic for in "
               "this "
               "export");
  }
  void unwritable_intrinsics_are_refused() {
    QFETCH(std::string, source);
    QFETCH(std::string, expected);
    auto text = Export(source, "t.py", 20);
    QVERIFY2(!text, text ? text->c_str() : "");
    std::string message = text.error().format();
    QVERIFY2(message.rfind(expected, 0) == 0, message.c_str());
  }

  // wmma intrinsics that none of TVM's describe: a column-major store (TVM's store
  // row-major), a reset that fills with 1 (TVM's fill writes zero).
  void wmma_variants_tvm_lacks_are_refused_data() {
    QTest::addColumn<std::string>("from");
    QTest::addColumn<std::string>("to");
    QTest::addColumn<std::string>("expected");
    QTest::newRow("column-major store")
        << std::string("BC.access_ptr(\"w\"), BC.strides[0], \"row_major\"")
        << std::string("BC.access_ptr(\"w\"), BC.strides[0], \"col_major\"")
        << std::string(
               "t.py:98:6: error: tensorize with the intrinsic 'tensor_intrin' is not exported: "
               "it calls TVM's wmma builtins, but it stores 'col_major' (TVM's wmma stores are "
               "row_major)");
    QTest::newRow("fill with one")
        << std::string("BC.elem_offset // 256, 0.0))")
        << std::string("BC.elem_offset // 256, 1.0))")
        << std::string(
               "t.py:97:7: error: tensorize with the intrinsic 'tensor_intrin' is not exported: "
               "it calls TVM's wmma builtins, but its reduce_reset fills with T.float32(1.0)");
  }
  void wmma_variants_tvm_lacks_are_refused() {
    QFETCH(std::string, from);
    QFETCH(std::string, to);
    QFETCH(std::string, expected);
    std::string source =
        ReadSourceFile(SourceDir() + "/tests/tvm_programs/tensorize_tensorcore_wmma.py");
    size_t at = source.find(from);
    QVERIFY(at != std::string::npos);
    source.replace(at, from.size(), to);
    auto text = Export(source, "t.py", 20);
    QVERIFY2(!text, text ? text->c_str() : "");
    std::string message = text.error().format();
    QVERIFY2(message.rfind(expected, 0) == 0, message.c_str());
  }
};

}  // namespace tst_tir_export_tensorize

QTEST_APPLESS_MAIN(tst_tir_export_tensorize::TestTirExportTensorize)
#include "tst_tir_export_tensorize.moc"
