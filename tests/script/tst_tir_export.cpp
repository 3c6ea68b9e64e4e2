// The TensorIR export (script/tvm/TirExport.h): a TE schedule written as a TensorIR
// schedule program for TVM 0.20 .. 0.26. Per primitive the exported calls and their
// order, the cache_write role swap, every refusal with its location, the spellings of
// each release, the CLI, every shipped example and corpus program (exported or refused,
// located), and the reference data TVM printed for them (tests/tvm_reference_tir).
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ExportOrder.h"
#include "SourceFiles.h"
#include "script/Evaluator.h"
#include "script/export/TirExport.h"
#include "script/tvm/autotvm/TuneConfig.h"

namespace tst_tir_export {

using tessera::testing::ReadSourceFile;
using tessera::testing::SourceDir;

using namespace tessera;
using namespace tessera::script;

namespace {

const char* kHeader =
    "import tvm\n"
    "from tvm import te\n";

// C = A x B over 64 x 64 x 64 (lines 3-7); the schedule follows from line 8.
std::string Gemm(const std::string& schedule) {
  return std::string(kHeader) +
         "A = te.placeholder((64, 64), name=\"A\")\n"
         "B = te.placeholder((64, 64), name=\"B\")\n"
         "k = te.reduce_axis((0, 64), name=\"k\")\n"
         "C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
         "s = te.create_schedule(C.op)\n" +
         schedule;
}

// B = A + 1, C = B * 2 over 64 x 64.
std::string Chain(const std::string& schedule) {
  return std::string(kHeader) +
         "A = te.placeholder((64, 64), name=\"A\")\n"
         "B = te.compute((64, 64), lambda i, j: A[i, j] + 1.0, name=\"B\")\n"
         "C = te.compute((64, 64), lambda i, j: B[i, j] * 2.0, name=\"C\")\n"
         "s = te.create_schedule(C.op)\n" +
         schedule;
}

Result<std::string> Export(const std::string& source, TvmVersion version = {}) {
  auto program = EvaluateScript(source, "t.py");
  if (!program) return program.error();
  return ExportTirProgram(*program, version, source);
}

std::string Exported(const std::string& source, TvmVersion version = {}) {
  auto text = Export(source, version);
  if (!text) {
    qWarning("%s", text.error().format().c_str());
    return "";
  }
  return *text;
}

// The position of `line` in `text`; npos when absent (lines are compared whole).
size_t LineAt(const std::string& text, const std::string& line) {
  std::string wanted = "\n" + line + "\n";
  size_t at = ("\n" + text).find(wanted);
  return at;
}

// Whether a statement at module level (an unindented line) calls `call`: a helper
// function of the te definition may still hold a TE schedule it never runs.
bool CallsAtModuleLevel(const std::string& text, const std::string& call) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty() && line[0] != ' ' && line[0] != '#' && line.find(call) != std::string::npos)
      return true;
  return false;
}

// The shipped examples and the corpus programs, sorted.
std::vector<std::filesystem::path> CorpusFiles() {
  std::vector<std::filesystem::path> files;
  for (const char* dir : {"/resources/examples", "/tests/tvm_programs"}) {
    std::filesystem::path root = SourceDir() + dir;
    if (!std::filesystem::is_directory(root)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(root))
      if (entry.path().extension() == ".py") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The TVM 0.20 export of the corpus program `file` (tests/tvm_programs).
std::string ExportedFile(const std::string& file) {
  std::filesystem::path path = SourceDir() + "/tests/tvm_programs/" + file;
  auto program = EvaluateScript(ReadSourceFile(path), file);
  if (!program) return program.error().format();
  auto text = ExportTirProgram(*program, TvmVersion{20}, ReadSourceFile(path));
  return text ? *text : text.error().format();
}

}  // namespace

class TestTirExport : public QObject {
  Q_OBJECT

 private slots:
  // ---- per primitive -------------------------------------------------------------

  void split_by_factor_and_by_nparts() {
    std::string text =
        Exported(Gemm("io, ii = s[C].split(C.op.axis[0], factor=8)\n"
                      "jo, ji = s[C].split(C.op.axis[1], nparts=4)\n"));
    VERIFY_IN_ORDER(text, {"func = te.create_prim_func([A, B, C])", "sch = s_tir.Schedule(func)",
                           "b_C = sch.get_sblock(\"C\")", "i, j, k_1 = sch.get_loops(b_C)[-3:]",
                           "io, ii = sch.split(i, factors=[None, 8])",
                           "jo, ji = sch.split(j, factors=[4, None])"});
  }

  void fuse_reorder_and_tile() {
    std::string text = Exported(
        Gemm("xo, yo, xi, yi = s[C].tile(C.op.axis[0], C.op.axis[1], x_factor=8, y_factor=16)\n"
             "f = s[C].fuse(xo, yo)\n"
             "s[C].reorder(k, xi)\n"));
    VERIFY_IN_ORDER(
        text,
        {"xo, xi = sch.split(i, factors=[None, 8])", "yo, yi = sch.split(j, factors=[None, 16])",
         "sch.reorder(xo, yo, xi, yi)", "f = sch.fuse(xo, yo)", "sch.reorder(k_1, xi)"});
  }

  // TensorIR cannot split a loop that is already vectorized or parallel: kinds and
  // annotations go after every loop-structure primitive.
  void kinds_and_annotations_after_the_loop_structure() {
    std::string text =
        Exported(Chain("s[C].parallel(C.op.axis[0])\n"
                       "s[C].pragma(C.op.axis[0], \"auto_unroll_max_step\", 16)\n"
                       "jo, ji = s[C].split(C.op.axis[1], factor=8)\n"
                       "s[C].vectorize(ji)\n"
                       "s[C].unroll(jo)\n"));
    VERIFY_IN_ORDER(text,
                    {"i, j = sch.get_loops(b_C)[-2:]", "jo, ji = sch.split(j, factors=[None, 8])",
                     "sch.parallel(i)", "sch.annotate(i, \"pragma_auto_unroll_max_step\", 16)",
                     "sch.vectorize(ji)", "sch.unroll(jo)"});
  }

  // A text pragma (LLVM IR for import_llvm) keeps its quotes, newlines and backslashes.
  void a_text_pragma_is_one_python_string() {
    std::string text = Exported(
        Chain("s[C].pragma(C.op.axis[0], \"import_llvm\", \"declare \\\"f\\\"\\n; a\\\\b\")\n"));
    VERIFY_IN_ORDER(text, {"sch.annotate(i, \"pragma_import_llvm\", "
                           "\"declare \\\"f\\\"\\n; a\\\\b\")"});
  }

  void bind_builds_for_cuda() {
    std::string text =
        Exported(Chain("bx, tx = s[C].split(C.op.axis[0], factor=32)\n"
                       "s[C].bind(bx, te.thread_axis(\"blockIdx.x\"))\n"
                       "s[C].bind(tx, te.thread_axis(\"threadIdx.x\"))\n"));
    VERIFY_IN_ORDER(
        text,
        {"sch.bind(bx, \"blockIdx.x\")", "sch.bind(tx, \"threadIdx.x\")", "dev = tvm.cuda(0)",
         "scheduled = tvm.compile(sch.mod, target=\"cuda\")",
         "reference = tvm.compile(func, target=\"llvm\")  # the same te definition, unscheduled"});
  }

  // compute_at regenerates the producer's loops in TensorIR, so the producer's splits
  // (written before compute_at in TE) come after it; the target loop's split first.
  void compute_at_before_the_producer_splits() {
    std::string text =
        Exported(Chain("bo, bi = s[B].split(B.op.axis[1], factor=4)\n"
                       "co, ci = s[C].split(C.op.axis[0], factor=8)\n"
                       "s[B].compute_at(s[C], co)\n"));
    VERIFY_IN_ORDER(
        text, {"co, ci = sch.split(i, factors=[None, 8])",
               "sch.compute_at(b_B, co, preserve_unit_loops=True)",
               "i_1, j_1 = sch.get_loops(b_B)[-2:]", "bo, bi = sch.split(j_1, factors=[None, 4])"});
  }

  // compute_at needs every consumer under the loop: an inlined stage in between is
  // inlined first.
  void compute_inline_comes_before_compute_at() {
    std::string text = Exported(std::string(kHeader) +
                                "A = te.placeholder((64, 64), name=\"A\")\n"
                                "P = te.compute((64, 64), lambda i, j: A[i, j] * 3.0, name=\"P\")\n"
                                "B = te.compute((64, 64), lambda i, j: P[i, j] + 1.0, name=\"B\")\n"
                                "C = te.compute((64, 64), lambda i, j: B[i, j] * 2.0, name=\"C\")\n"
                                "s = te.create_schedule(C.op)\n"
                                "s[P].compute_at(s[C], C.op.axis[0])\n"
                                "s[B].compute_inline()\n");
    VERIFY_IN_ORDER(
        text, {"sch.compute_inline(b_B)", "sch.compute_at(b_P, i, preserve_unit_loops=True)"});
  }

  void compute_root_writes_nothing() {
    std::string text =
        Exported(Chain("s[B].compute_at(s[C], C.op.axis[0])\ns[B].compute_root()\n"));
    QVERIFY(!text.empty());
    QVERIFY(text.find("compute_at(") == std::string::npos);
  }

  void cache_read_then_its_compute_at() {
    std::string text =
        Exported(Gemm("AA = s.cache_read(A, \"shared\", [C])\n"
                      "s[AA].compute_at(s[C], C.op.axis[0])\n"));
    VERIFY_IN_ORDER(text, {"b_A_shared = sch.cache_read(b_C, \"A\", \"shared\")",
                           "sch.compute_at(b_A_shared, i, preserve_unit_loops=True)"});
  }

  // TE: CC computes, C copies. TensorIR: block "C" keeps computing into C_local and the
  // block cache_write returns copies. CC's primitives go to "C", C's to the copy.
  void cache_write_swaps_the_roles() {
    std::string text =
        Exported(Gemm("CC = s.cache_write(C, \"local\")\n"
                      "yo, yi = s[C].split(C.op.axis[0], factor=8)\n"
                      "s[CC].compute_at(s[C], yo)\n"
                      "ko, ki = s[CC].split(s[CC].op.reduce_axis[0], factor=4)\n"
                      "s[C].vectorize(yi)\n"));
    VERIFY_IN_ORDER(
        text,
        {"b_C = sch.get_sblock(\"C\")", "b_C_local_copy = sch.cache_write(b_C, 0, \"local\")",
         "i, j = sch.get_loops(b_C_local_copy)[-2:]", "yo, yi = sch.split(i, factors=[None, 8])",
         "sch.compute_at(b_C, yo, preserve_unit_loops=True)",
         "i_c, j_c, k_1 = sch.get_loops(b_C)[-3:]", "ko, ki = sch.split(k_1, factors=[None, 4])",
         "sch.vectorize(yi)"});
  }

  void storage_align_and_set_scope() {
    std::string text =
        Exported(Chain("s[B].compute_at(s[C], C.op.axis[0])\n"
                       "s[B].set_scope(\"local\")\n"
                       "s[B].storage_align(B.op.axis[0], 16, 1)\n"));
    VERIFY_IN_ORDER(text, {"sch.set_scope(b_B, 0, \"local\")",
                           "sch.storage_align(b_B, 0, axis=0, factor=16, offset=1)"});
  }

  // The rfactor block gets a copy of C's loops; C.rf's TE axes (ki first, factor_axis=0)
  // are found among them, and C (the write-back) is named again through get_loops.
  void rfactor_of_a_split_reduction() {
    std::string text =
        Exported(Gemm("ko, ki = s[C].split(k, factor=16)\nCF = s.rfactor(C, ki)\n"
                      "s[CF].compute_at(s[C], s[C].op.axis[0])\n"
                      "s[C].parallel(s[C].op.axis[1])\n"));
    VERIFY_IN_ORDER(
        text,
        {"ko, ki = sch.split(k_1, factors=[None, 16])", "b_C_rf = sch.rfactor(ki, factor_axis=0)",
         "i_1, j_1, ko_1, ki_1 = sch.get_loops(b_C_rf)[-4:]",
         "i_2, j_2, k_inner_v = sch.get_loops(b_C)[-3:]",
         "sch.compute_at(b_C_rf, i_2, preserve_unit_loops=True)", "sch.parallel(j_2)"});
  }

  void transform_layout_with_pad_value() {
    std::string text =
        Exported(std::string(kHeader) +
                 "A = te.placeholder((14,), name=\"A\")\n"
                 "B = te.compute((14,), lambda i: A[i] * 2.0, name=\"B\")\n"
                 "s = te.create_schedule(B.op)\n"
                 "s[B].transform_layout(lambda i: [i // 8, i % 8], pad_value=0.0)\n");
    QVERIFY2(
        LineAt(text,
               "sch.transform_layout(b_B, (\"write\", 0), lambda i: [(i // 8), (i % 8)], "
               "pad_value=0.0)") != std::string::npos ||
            text.find("sch.transform_layout(b_B, (\"write\", 0), lambda i:") != std::string::npos,
        text.c_str());
    QVERIFY(text.find("pad_value=") != std::string::npos);
  }

  // ---- tensorize ------------------------------------------------------------------------

  // A plain intrinsic (loads and stores) becomes a TensorIntrin whose description and
  // implementation are its compute, the root block reading and writing the whole
  // buffers; TE's reduce_reset becomes decompose_reduction at the outer reduction loop.
  void tensorize_registers_the_intrinsic_and_decomposes_the_reduction() {
    std::string text = ExportedFile("tensorize_plain_body.py");
    VERIFY_IN_ORDER(
        text,
        {"from tvm.script import tir as T", "@T.prim_func",
         "def mac_desc(var_a: T.handle, var_b: T.handle, var_c: T.handle):",
         "    a = T.match_buffer(var_a, (4,), offset_factor=1)",
         "    b = T.match_buffer(var_b, (4, 4), offset_factor=1)",
         "    with T.block(\"root\"):", "        T.reads(c[0:4], a[0:4], b[0:4, 0:4])",
         "        T.writes(c[0:4])", "        for i, r in T.grid(4, 4):",
         "                T.reads(c[v_i], a[v_r], b[v_i, v_r])",
         "                c[v_i] = c[v_i] + a[v_r] * b[v_i, v_r]",
         "def mac_impl(var_a: T.handle, var_b: T.handle, var_c: T.handle):",
         "tir.TensorIntrin.register(\"mac\", mac_desc, mac_impl)", "sch = tir.Schedule(func)",
         "zo_1, zi_1 = sch.split(k_1, factors=[None, 4])", "sch.reorder(i, yo_1, zo_1, yi_1, zi_1)",
         "sch.decompose_reduction(b_C, zo_1)", "sch.tensorize(yi_1, \"mac\")"});
    QVERIFY2(text.find("T.init()") == std::string::npos, text.c_str());
  }

  // With the whole reduction inside the intrinsic the init goes before the tensorized loop.
  void tensorize_without_an_outer_reduction_loop() {
    std::string text = ExportedFile("tensorize_ir_builder_body.py");
    VERIFY_IN_ORDER(text, {"tir.TensorIntrin.register(\"gemv\", gemv_desc, gemv_impl)",
                           "yo_1, yi_1 = sch.split(j, factors=[None, 16])",
                           "sch.decompose_reduction(b_C, yi_1)", "sch.tensorize(yi_1, \"gemv\")"});
  }

  // Intrinsics whose bodies call extern code or wmma builtins: tst_tir_export_tensorize.

  // ---- refusals, located -------------------------------------------------------------

  void refusals_are_located_data() {
    QTest::addColumn<std::string>("source");
    QTest::addColumn<std::string>("expected");
    // (vectorize and parallel of a reduction loop are refused by Tessera's own primitives.)
    QTest::newRow("a definition made with its schedule")
        << std::string(kHeader) +
               "A = te.placeholder((64,), name=\"A\")\n"
               "with tvm.target.Target(\"llvm\"):\n"
               "    B = te.compute((64,), lambda i: A[i] + 1.0, name=\"B\")\n"
               "    s = te.create_schedule(B.op)\n"
        << std::string("t.py:5:5: error: 'B' is defined together with its TE schedule");
    QTest::newRow("set_store_predicate")
        << Chain("s[C].set_store_predicate(C.op.axis[0] < 5)\n")
        << std::string("t.py:7:6: error: set_store_predicate has no TensorIR equivalent");
    QTest::newRow("create_group")
        << Chain("g = s.create_group(outputs=C, inputs=A)\n")
        << std::string("t.py:7:7: error: create_group has no TensorIR equivalent");
    QTest::newRow("te.scan")
        << std::string(kHeader) +
               "m = te.var(\"m\")\n"
               "X = te.placeholder((m, 8), name=\"X\")\n"
               "s_state = te.placeholder((m, 8))\n"
               "s_init = te.compute((1, 8), lambda _, i: X[0, i])\n"
               "s_update = te.compute((m, 8), lambda t, i: s_state[t - 1, i] + X[t, i])\n"
               "s_scan = tvm.te.scan(s_init, s_update, s_state, inputs=[X])\n"
               "s = te.create_schedule(s_scan.op)\n"
        << std::string("t.py:8:17: error: te.scan");
    QTest::newRow("cache_write after a split (TE's relayout)")
        << Chain(
               "xo, xi = s[C].split(C.op.axis[0], factor=4)\n"
               "CC = s.cache_write(C, \"local\")\n")
        << std::string("t.py:8:8: error: cache_write of 'C' after its loops were split");
    QTest::newRow("storage_align whose strides do not nest")
        << Chain(
               "s[B].storage_align(B.op.axis[1], 8, 3)\n"
               "s[B].storage_align(B.op.axis[0], 16, 5)\n")
        << std::string("t.py:7:6: error: storage_align of 'B' gives strides");
    QTest::newRow("compute_at with a consumer outside the loop")
        << std::string(kHeader) +
               "A = te.placeholder((64,), name=\"A\")\n"
               "B = te.compute((64,), lambda i: A[i] + 1.0, name=\"B\")\n"
               "C = te.compute((64,), lambda i: B[i] * 2.0, name=\"C\")\n"
               "D = te.compute((64,), lambda i: B[i] + C[i], name=\"D\")\n"
               "s = te.create_schedule(D.op)\n"
               "s[B].compute_at(s[C], C.op.axis[0])\n"
        << std::string(
               "t.py:8:6: error: compute_at of 'B' at 'C': TensorIR requires every consumer under "
               "that "
               "loop, and 'D' is not");
  }
  void refusals_are_located() {
    QFETCH(std::string, source);
    QFETCH(std::string, expected);
    auto text = Export(source);
    QVERIFY2(!text, "refused");
    std::string message = text.error().format();
    QVERIFY2(message.rfind(expected, 0) == 0, message.c_str());
  }

  // ---- spellings -----------------------------------------------------------------------

  void spellings_of_each_release_data() {
    QTest::addColumn<int>("minor");
    QTest::addColumn<std::string>("schedule");
    QTest::addColumn<std::string>("get_block");
    QTest::addColumn<std::string>("build");
    QTest::addColumn<std::string>("array");
    QTest::newRow("0.20") << 20 << std::string("sch = tir.Schedule(func)")
                          << std::string("sch.get_block(\"C\")")
                          << std::string("scheduled = tvm.build(sch.mod, target=\"llvm\")")
                          << std::string("tvm.nd.array(");
    QTest::newRow("0.21") << 21 << std::string("sch = tir.Schedule(func)")
                          << std::string("sch.get_block(\"C\")")
                          << std::string("scheduled = tvm.compile(sch.mod, target=\"llvm\")")
                          << std::string("tvm.nd.array(");
    QTest::newRow("0.22") << 22 << std::string("sch = tir.Schedule(func)")
                          << std::string("sch.get_block(\"C\")")
                          << std::string("scheduled = tvm.compile(sch.mod, target=\"llvm\")")
                          << std::string("tvm.runtime.tensor(");
    QTest::newRow("0.24") << 24 << std::string("sch = s_tir.Schedule(func)")
                          << std::string("sch.get_sblock(\"C\")")
                          << std::string("scheduled = tvm.compile(sch.mod, target=\"llvm\")")
                          << std::string("tvm.runtime.tensor(");
    QTest::newRow("0.26") << 26 << std::string("sch = s_tir.Schedule(func)")
                          << std::string("sch.get_sblock(\"C\")")
                          << std::string("scheduled = tvm.compile(sch.mod, target=\"llvm\")")
                          << std::string("tvm.runtime.tensor(");
  }
  void spellings_of_each_release() {
    QFETCH(int, minor);
    QFETCH(std::string, schedule);
    QFETCH(std::string, get_block);
    QFETCH(std::string, build);
    QFETCH(std::string, array);
    std::string text =
        Exported(Gemm("io, ii = s[C].split(C.op.axis[0], factor=8)\n"), TvmVersion{minor});
    QVERIFY2(LineAt(text, schedule) != std::string::npos, text.c_str());
    QVERIFY2(text.find(get_block) != std::string::npos, text.c_str());
    QVERIFY2(LineAt(text, build) != std::string::npos, text.c_str());
    QVERIFY2(text.find(array) != std::string::npos, text.c_str());
    QCOMPARE(text.find("create_schedule"), std::string::npos);
    QCOMPARE(text.find("T.sblock") != std::string::npos, minor >= 24);
    QVERIFY(LineAt(text, "print(sch.mod.script())") != std::string::npos);
    QVERIFY(
        text.find(
            "np.testing.assert_allclose(got[2].numpy(), want[2].numpy(), rtol=1e-3, atol=1e-3)") !=
        std::string::npos);
  }

  void versions_parse() {
    QCOMPARE(ParseTvmVersion("0.20")->minor, 20);
    QCOMPARE(ParseTvmVersion("0.23")->minor, 23);
    QCOMPARE(ParseTvmVersion("v0.26.0")->minor, 26);
    QVERIFY(!ParseTvmVersion("0.19"));
    QVERIFY(!ParseTvmVersion("0.27"));
    QVERIFY(!ParseTvmVersion("1.0"));
    QVERIFY(!ParseTvmVersion("latest"));
  }

  // ---- the corpus ----------------------------------------------------------------------

  // Every shipped example and every corpus program either exports (a program with a
  // prim_func, a schedule and a check) or is refused with a located reason.
  void every_example_and_corpus_program_exports_or_is_refused() {
    std::vector<std::filesystem::path> files = CorpusFiles();
    QVERIFY2(files.size() >= 60,
             "the examples and tests/tvm_programs are found through TESSERA_SOURCE_DIR");
    int exported = 0, refused = 0;
    std::string report;
    for (const auto& path : files) {
      std::string file = path.filename().string();
      auto program = EvaluateScript(ReadSourceFile(path), file);
      QVERIFY2(program, (file + ": " + (program ? "" : program.error().format())).c_str());
      for (int minor : {20, 26}) {
        auto text = ExportTirProgram(*program, TvmVersion{minor}, ReadSourceFile(path));
        if (!text) {
          std::string message = text.error().format();
          QVERIFY2(message.rfind(file + ":", 0) == 0 && text.error().loc.line > 0,
                   ("refused without a location: " + message).c_str());
          if (minor == 26) {
            ++refused;
            report += "  refused  " + message + "\n";
          }
          continue;
        }
        QVERIFY2(text->find("te.create_prim_func([") != std::string::npos, file.c_str());
        // A tensor-core schedule without a kernel is lowered, not run (it says so).
        QVERIFY2(text->find("np.testing.assert_allclose(") != std::string::npos ||
                     text->find("SKIP: no loop is bound to a GPU thread") != std::string::npos,
                 file.c_str());
        QVERIFY2(!CallsAtModuleLevel(*text, "create_schedule("), file.c_str());
        if (minor == 26) {
          ++exported;
          report += "  exported " + file + "\n";
        }
      }
    }
    qInfo("%s", report.c_str());
    QCOMPARE(exported + refused, static_cast<int>(files.size()));
    QCOMPARE(exported, kExportedPrograms);
    QCOMPARE(refused, kRefusedPrograms);
  }

  // What TVM printed for each export (scripts/tvm-reference.sh under a TVM built from
  // source): the exporter's current program must still have the schedule TVM ran.
  void matches_the_reference_data_tvm_printed() {
    std::filesystem::path dir = SourceDir() + "/tests/tvm_reference_tir";
    std::vector<std::filesystem::path> references;
    if (std::filesystem::is_directory(dir))
      for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".txt") references.push_back(entry.path());
    if (references.empty())
      QSKIP(
          "no reference data in tests/tvm_reference_tir (scripts/tvm-reference.sh writes it where "
          "a TVM "
          "0.20 build exists; none has been committed yet)");
    // Examples that size their schedule with get_simd_32bit_lanes() export the schedule of
    // the machine that evaluates them: compare with the vector width TVM's run was made for.
    int lanes = 0;
    std::istringstream(ReadSourceFile(dir / "simd_lanes")) >> lanes;
    QVERIFY2(lanes == 4 || lanes == 8 || lanes == 16,
             "tests/tvm_reference_tir/simd_lanes names no fp32 vector width (4, 8 or 16)");
    for (const auto& ref : references) {
      std::string text = ReadSourceFile(ref);
      // The reference file starts with the schedule lines the export had when TVM ran it.
      std::string schedule = text.substr(0, text.find("\n==== TVM\n"));
      QVERIFY2(
          text.find("CHECK: OK") != std::string::npos || text.find("SKIP:") != std::string::npos,
          ("TVM did not confirm " + ref.filename().string()).c_str());
      for (const char* dir_name : {"/resources/examples/", "/tests/tvm_programs/"}) {
        std::filesystem::path source = SourceDir() + dir_name + ref.stem().string() + ".py";
        if (!std::filesystem::exists(source)) continue;
        auto evaluated =
            EvaluateTunableScript(ReadSourceFile(source), source.filename().string(), {}, lanes);
        QVERIFY2(evaluated, evaluated ? "" : evaluated.error().format().c_str());
        auto exported =
            ExportTirProgram(evaluated->program, TvmVersion{20}, ReadSourceFile(source));
        QVERIFY(exported);
        QVERIFY2(
            exported->find(schedule) != std::string::npos,
            ("the export of " + source.filename().string() + " changed since TVM ran it").c_str());
      }
    }
  }

  // ---- the command line ----------------------------------------------------------------

  void cli_exports_and_refuses() {
#ifndef TESSERA_CLI_PATH
    QSKIP("tessera-cli is not built");
#else
    QTemporaryDir dir;
    QString good = dir.filePath("good.py"), bad = dir.filePath("bad.py");
    std::ofstream(good.toStdString()) << Gemm("io, ii = s[C].split(C.op.axis[0], factor=8)\n");
    std::ofstream(bad.toStdString()) << Chain("s[C].set_store_predicate(C.op.axis[0] < 5)\n");
    auto run = [](const QStringList& args, QString* out, QString* err) {
      QProcess p;
      p.start(QStringLiteral(TESSERA_CLI_PATH), args);
      p.waitForFinished(120000);
      *out = QString::fromUtf8(p.readAllStandardOutput());
      *err = QString::fromUtf8(p.readAllStandardError());
      return p.exitCode();
    };
    QString out, err;
    QCOMPARE(run({"export", good, "--format", "tir", "--tvm", "0.20"}, &out, &err), 0);
    QVERIFY2(out.contains("sch = tir.Schedule(func)") && out.contains("sch.get_block(\"C\")"),
             qPrintable(out));
    QCOMPARE(run({"export", good, "--format", "tir"}, &out, &err), 0);
    QVERIFY2(out.contains("sch = s_tir.Schedule(func)") && out.contains("tvm.compile("),
             qPrintable(out));
    QCOMPARE(run({"export", good, "--format", "tir", "--tvm", "0.23"}, &out, &err), 0);
    QVERIFY(out.contains("sch = tir.Schedule(func)") && out.contains("tvm.runtime.tensor("));
    QCOMPARE(run({"export", bad, "--format", "tir"}, &out, &err), 1);
    QVERIFY2(err.contains("bad.py:7:6: error: set_store_predicate"), qPrintable(err));
    QCOMPARE(run({"export", good, "--format", "tir", "--tvm", "0.19"}, &out, &err), 2);
    QCOMPARE(run({"export", good, "--format", "tvm", "--tvm", "0.20"}, &out, &err), 2);
#endif
  }

 private:
  // The corpus's split (every_example_and_corpus_program_exports_or_is_refused).
  static constexpr int kExportedPrograms = 48;
  static constexpr int kRefusedPrograms = 14;
};

}  // namespace tst_tir_export

QTEST_APPLESS_MAIN(tst_tir_export::TestTirExport)
#include "tst_tir_export.moc"
