// Loop <-> code (issue #15): the loops of a lowered function are numbered in pre-order
// with their stage and variable, and every printer says which of its lines belong to
// which loop — C and CUDA C++ from the ranges they print, LLVM IR and assembly from the
// loop debug locations the LLVM backend attaches when asked (LoopLines.h). The
// synthetic cases check the parsers line by line; the real ones check that a loop's
// lines are where its code is (a C loop's lines open with its `for`, an innermost
// loop's IR lines are instructions of that loop's blocks).
#include <QtTest>
#include <algorithm>
#include <cctype>
#include <sstream>

#include "codegen/CodeGenC.h"
#include "codegen/LLVMBackend.h"
#include "codegen/LoopLines.h"
#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/CudaLowering.h"
#include "script/Evaluator.h"
#include "transform/LowerSchedule.h"

namespace tst_loop_lines {

using namespace tessera;
using namespace tessera::codegen;

namespace {

// A tiled GEMM with a bias stage before it: loops of two stages, three levels deep.
constexpr const char* kTiledGemm = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A", dtype="float32")
B = te.placeholder((64, 64), name="B", dtype="float32")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
D = te.compute((64, 64), lambda i, j: C[i, j] + 1.0, name="D")
s = te.create_schedule(D.op)
io, jo, ii, ji = s[C].tile(C.op.axis[0], C.op.axis[1], x_factor=16, y_factor=16)
s[C].reorder(io, jo, k, ii, ji)
)";

// One block per row, 64 threads across k, the outer part of k a serial loop in the kernel.
constexpr const char* kGpuRowSum = R"(import tvm
from tvm import te
A = te.placeholder((32, 1024), name="A", dtype="float32")
k = te.reduce_axis((0, 1024), name="k")
B = te.compute((32,), lambda i: te.sum(A[i, k], axis=k), name="B")
s = te.create_schedule(B.op)
ko, ki = s[B].split(k, factor=64)
s[B].bind(B.op.axis[0], te.thread_axis("blockIdx.x"))
s[B].bind(ki, te.thread_axis("threadIdx.x"))
)";

transform::LoweredProgram Lower(const char* source, const std::string& target = "llvm") {
  auto program = script::EvaluateScript(source, "loops.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  auto lowered = transform::LowerSchedule(*program->schedule, program->Arguments(), target);
  if (!lowered) qFatal("%s", lowered.error().message.c_str());
  return std::move(*lowered);
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

}  // namespace

class TestLoopLines : public QObject {
  Q_OBJECT

 private slots:
  void loopsAreNumberedInPreOrderWithTheirStage() {
    transform::LoweredProgram p = Lower(kTiledGemm);
    std::vector<LoopId> loops = NumberLoops(p.func.body);
    QVERIFY(loops.size() >= 7);
    for (size_t i = 0; i < loops.size(); ++i) QCOMPARE(loops[i].id, int(i) + 1);
    std::vector<std::string> c_loops;
    for (const LoopId& l : loops)
      if (l.stage == "C") c_loops.push_back(l.var);
    // C's initialisation nest comes first, then the update nest in the reordered order.
    QVERIFY(std::find(c_loops.begin(), c_loops.end(), "k") != c_loops.end());
    const LoopId* k = nullptr;
    for (const LoopId& l : loops)
      if (l.stage == "C" && l.var == "k") k = &l;
    QVERIFY(k && !k->innermost && k->parent > 0);
    QCOMPARE(loops[size_t(k->parent - 1)].var, std::string("j.outer"));
    for (const LoopId& l : loops)
      if (l.parent == k->id) QCOMPARE(l.var, std::string("i.inner"));
    bool d_found = false;
    for (const LoopId& l : loops) d_found = d_found || (l.stage == "D" && l.parent == 0);
    QVERIFY(d_found);
  }

  void byteRangesBecomeLinesInnerLoopsWin() {
    std::string text = "head\nfor i {\n  for j {\n    x\n  }\n}\ntail\n";
    std::vector<LoopId> loops(2);
    loops[0] = {1, 0, "S", "i", nullptr, false};
    loops[1] = {2, 1, "S", "j", nullptr, true};
    size_t i_begin = text.find("for i"), i_end = text.find("tail");
    size_t j_begin = text.find("  for j"), j_end = text.find("}\ntail");
    LoopLines lines = LinesFromByteRanges(text, loops, {{1, i_begin, i_end}, {2, j_begin, j_end}});
    QCOMPARE(lines.line_loop, (std::vector<int>{0, 1, 2, 2, 2, 1, 0}));
    QCOMPARE(lines.LinesOf(1), (std::vector<int>{1, 2, 3, 4, 5}));
    QCOMPARE(lines.LinesOf(2), (std::vector<int>{2, 3, 4}));
    QVERIFY(lines.Within(2, 1));
    QVERIFY(!lines.Within(1, 2));
    QCOMPARE(lines.Find("S", "j"), std::vector<int>{2});
    QCOMPARE(lines.Find("", "i"), std::vector<int>{1});
    QVERIFY(lines.Find("T", "i").empty());
  }

  void llvmIrDebugLocationsNameTheLoop() {
    std::string ir =
        "define i32 @main(ptr %A) !dbg !4 {\n"
        "entry:\n"
        "  br label %i.header, !dbg !10\n"
        "i.body:\n"
        "  %x = load float, ptr %A, align 4, !dbg !11\n"
        "  store float %x, ptr %A, align 4, !dbg !12\n"
        "}\n"
        "!10 = !DILocation(line: 0, scope: !4)\n"
        "!11 = !DILocation(line: 2, scope: !4)\n"
        "!12 = distinct !DILocation(line: 1, scope: !4, inlinedAt: !13)\n";
    std::vector<LoopId> loops{{1, 0, "C", "i", nullptr, false}, {2, 1, "C", "j", nullptr, true}};
    LoopLines lines = LinesFromLLVMIR(ir, loops);
    QCOMPARE(lines.line_loop, (std::vector<int>{0, 0, 0, 2, 2, 1, 0, 0, 0, 0}));
  }

  void assemblyLocDirectivesNameTheLoop() {
    std::string s =
        "main:\n"
        "\t.cfi_startproc\n"
        "\t.loc\t1 0 0\n"
        "\tpushq\t%rbp\n"
        ".LBB0_2:\n"
        "\t.loc\t1 3 0 is_stmt 0\n"
        "\tvaddps\t%ymm0, %ymm1, %ymm1\n"
        "\tjne\t.LBB0_2\n"
        "\t.loc\t1 9 0\n"  // an id beyond the loops: none
        "\tretq\n"
        "\t.cfi_endproc\n";
    std::vector<LoopId> loops(3);
    for (int i = 0; i < 3; ++i)
      loops[size_t(i)] = {i + 1, i, "C", "v" + std::to_string(i), nullptr, i == 2};
    LoopLines lines = LinesFromAssembly(s, loops);
    QCOMPARE(lines.line_loop, (std::vector<int>{0, 0, 0, 0, 3, 0, 3, 3, 0, 0, 0}));
  }

  void cSourceLinesOfALoopOpenWithItsFor() {
    transform::LoweredProgram p = Lower(kTiledGemm);
    LoopLines lines;
    auto source = CodeGenC(p.func, &lines);
    QVERIFY2(source.ok(), source.ok() ? "" : source.error().message.c_str());
    auto plain = CodeGenC(p.func);
    QCOMPARE(*plain, *source);  // asking for the lines changes nothing printed
    std::vector<std::string> text = Lines(*source);
    QCOMPARE(lines.line_loop.size(), text.size());
    QCOMPARE(lines.loops.size(), NumberLoops(p.func.body).size());
    for (const LoopId& l : lines.loops) {
      std::vector<int> own = lines.LinesOf(l.id);
      QVERIFY2(!own.empty(), l.var.c_str());
      const std::string& first = text[size_t(own.front())];
      QVERIFY2(first.find("for (") != std::string::npos &&
                   first.find(CodeGenCBaseIdentifier(l.var)) != std::string::npos,
               first.c_str());
      QVERIFY(text[size_t(own.back())].find('}') != std::string::npos);
      QCOMPARE(lines.LoopAt(own.front()), l.id);
    }
    QCOMPARE(lines.LoopAt(0), 0);  // the prelude
  }

  void cudaKernelLoopLines() {
    transform::LoweredProgram p = Lower(kGpuRowSum, "cuda");
    auto cuda = LowerForCUDA(p);
    QVERIFY2(cuda.ok(), cuda.ok() ? "" : cuda.error().message.c_str());
    LoopLines lines;
    auto source = CodeGenCUDA(cuda->program, &lines);
    QVERIFY2(source.ok(), source.ok() ? "" : source.error().message.c_str());
    QCOMPARE(*CodeGenCUDA(cuda->program), *source);
    std::vector<std::string> text = Lines(*source);
    int ko = 0;
    for (const LoopId& l : lines.loops)
      if (l.var == "k.outer") ko = l.id;
    QVERIFY(ko > 0);
    std::vector<int> own = lines.LinesOf(ko);
    QVERIFY(!own.empty());
    QVERIFY2(text[size_t(own.front())].find("for (") != std::string::npos,
             text[size_t(own.front())].c_str());
    QVERIFY(text[size_t(own.front())].find("k_outer") != std::string::npos);
    // The kernel's signature is no loop's.
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i].find("__global__") != std::string::npos) QCOMPARE(lines.LoopAt(int(i)), 0);
  }

  void llvmIrAndAssemblyLinesOfTheInnermostLoop() {
    if (!LLVMAvailable()) QSKIP("built without LLVM");
    transform::LoweredProgram p = Lower(kTiledGemm);
    LoopLines ir_lines;
    auto ir = EmitLLVMIR(p.func, {}, true, &ir_lines);
    QVERIFY2(ir.ok(), ir.ok() ? "" : ir.error().message.c_str());
    auto plain_ir = EmitLLVMIR(p.func);
    QVERIFY(plain_ir->find("!dbg") == std::string::npos);  // only when asked
    std::vector<std::string> text = Lines(*ir);
    // C's update nest: i.inner inside k; its lines are instructions (they carry !dbg).
    int k = 0;
    for (const LoopId& l : ir_lines.loops)
      if (l.stage == "C" && l.var == "k") k = l.id;
    QVERIFY(k > 0);
    std::vector<int> k_lines = ir_lines.LinesOf(k);
    QVERIFY(!k_lines.empty());
    int instructions = 0;
    for (int l : k_lines) instructions += text[size_t(l)].find("!dbg") != std::string::npos;
    QVERIFY(instructions > 0);
    // No line of D's loops is a line of C's k.
    for (const LoopId& l : ir_lines.loops)
      if (l.stage == "D")
        for (int line : ir_lines.LinesOf(l.id)) QVERIFY(!ir_lines.Within(ir_lines.LoopAt(line), k));

    LoopLines asm_lines;
    auto assembly = EmitAssembly(p.func, {}, &asm_lines);
    QVERIFY2(assembly.ok(), assembly.ok() ? "" : assembly.error().message.c_str());
    std::vector<std::string> asm_text = Lines(*assembly);
    std::vector<int> k_asm = asm_lines.LinesOf(k);
    QVERIFY(!k_asm.empty());
    bool arithmetic = false;
    for (int l : k_asm) {
      const std::string& line = asm_text[size_t(l)];
      arithmetic = arithmetic || line.find("vfmadd") != std::string::npos ||
                   line.find("vmul") != std::string::npos ||
                   line.find("mulss") != std::string::npos ||
                   line.find("vadd") != std::string::npos;
    }
    QVERIFY2(arithmetic, "the multiply-adds of C's reduction are in k's lines");
  }

 private:
  static std::string CodeGenCBaseIdentifier(const std::string& var) {
    std::string out;
    for (char c : var) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return out;
  }
};

}  // namespace tst_loop_lines

QTEST_APPLESS_MAIN(tst_loop_lines::TestLoopLines)
#include "tst_loop_lines.moc"
