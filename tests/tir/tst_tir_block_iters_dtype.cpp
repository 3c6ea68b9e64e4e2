// reorder_block_iter_var and unsafe_set_dtype: the schedules compute what the te oracle
// computes (the iterators' order changes no value; an intermediate held as float64 keeps
// every float32 value), each refusal carries TVM's error kind and leaves the function and
// the trace as they were, and both instructions survive the trace's JSON round trip and
// replay.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTextChecks.h"
#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"
#include "tir/TraceJson.h"

namespace tst_tir_block_iters_dtype {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

// The trace written as JSON, read back and replayed on `program`: the same function.
void ExpectJsonReplay(const TeProgram& program, const Schedule& sch) {
  auto back = TraceFromJson(TraceToJson(sch.trace()));
  QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
  QCOMPARE(Q(TraceAsPython(*back)), Q(TraceAsPython(sch.trace())));
  Schedule replayed(program.func());
  Status s = ApplyTrace(*back, &replayed);
  QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
}

}  // namespace

class TestTirBlockItersDType : public QObject {
  Q_OBJECT

 private slots:
  void reorderedIteratorsComputeTheSame() {
    TeProgram gemm = GemmProgram();
    Schedule sch(gemm.func());
    BlockRV c = *sch.GetBlock("C");
    QVERIFY(sch.ReorderBlockIterVar(c, {2, 0, 1}).ok());
    const BlockRealizeNode* r = *sch.Get(c);
    QCOMPARE(r->block->iter_vars.size(), size_t(3));
    QCOMPARE(r->block->iter_vars[0]->iter_type, ir::IterVarType::CommReduce);
    QCOMPARE(r->block->iter_vars[1]->iter_type, ir::IterVarType::DataPar);
    // Each iterator keeps its binding: the reduction's is the innermost loop.
    std::vector<LoopRV> loops = *sch.GetLoops(c);
    QCOMPARE(Q(ExprToTVMScript(r->iter_values[0])), Q((*sch.Get(loops[2]))->loop_var.name()));
    QVERIFY(sch.Split(loops[1], {Expr(), Expr(4)}).ok());
    QCOMPARE(Q(TraceAsPython(sch.trace()))
                 .count("sch.reorder_block_iter_var(block=b0, "
                        "new_order=[2, 0, 1])"),
             1);
    Status s = LowerRunAndCompare(gemm, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    ExpectJsonReplay(gemm, sch);
  }

  void reorderRefusesWhatIsNoPermutation() {
    TeProgram gemm = GemmProgram();
    Schedule sch(gemm.func());
    BlockRV c = *sch.GetBlock("C");
    for (const std::vector<int64_t>& order :
         std::vector<std::vector<int64_t>>{{2, 1}, {-1, 3, 2}, {0, 0, 2}, {0, 1, 2, 3}, {}}) {
      ExpectRefusal(
          sch, [&] { return sch.ReorderBlockIterVar(c, order); }, "InvalidReorderIndex");
    }
    Status s = sch.ReorderBlockIterVar(c, {0, 0, 2});
    QVERIFY(Q(s.error().message).contains("[0, 0, 2]"));
    QVERIFY(Q(s.error().message).contains("block C"));
  }

  // As TVM writes it: new_order is an input of the instruction, not an attribute.
  void reorderJsonAsTvmWritesIt() {
    Schedule sch(GemmProgram().func());
    QVERIFY(sch.ReorderBlockIterVar(*sch.GetBlock("C"), {2, 1, 0}).ok());
    QCOMPARE(Q(TraceToJson(sch.trace())),
             QString("[[[\"GetBlock\", [], [\"C\", \"main\"], [\"b0\"]], "
                     "[\"ReorderBlockIterVar\", [\"b0\", [2, 1, 0]], [], []]], []]"));
    auto bad = TraceFromJson(R"([[["GetBlock", [], ["C", "main"], ["b0"]], )"
                             R"(["ReorderBlockIterVar", ["b0", [2, "x", 0]], [], []]], []])");
    QVERIFY(!bad.ok());
  }

  void wideIntermediateComputesTheSame() {
    TeProgram chain = ChainProgram();
    Schedule sch(chain.func());
    BlockRV b = *sch.GetBlock("B");
    QVERIFY(sch.UnsafeSetDType(b, 0, "float64").ok());
    const std::string printed = AsTVMScript(sch.func());
    QVERIFY2(Q(printed).contains("B = T.alloc_buffer((30, 20), \"float64\")"), printed.c_str());
    QVERIFY2(Q(printed).contains("T.Cast(\"float64\", "), printed.c_str());
    QVERIFY2(Q(printed).contains("T.Cast(\"float32\", B["), printed.c_str());
    // The same type again changes nothing but is recorded, as in TVM.
    QVERIFY(sch.UnsafeSetDType(b, 0, "float64").ok());
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(printed));
    QCOMPARE(Q(TraceAsPython(sch.trace()))
                 .count("sch.unsafe_set_dtype(block=b0, buffer_index=0, "
                        "dtype=\"float64\")"),
             2);
    std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("C"));
    QVERIFY(sch.ComputeAt(b, loops[0], false).ok());
    Status s = LowerRunAndCompare(chain, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    ExpectJsonReplay(chain, sch);
  }

  void setDTypeRefusals() {
    TeProgram chain = ChainProgram();
    Schedule sch(chain.func());
    BlockRV b = *sch.GetBlock("B");
    BlockRV c = *sch.GetBlock("C");
    ExpectRefusal(
        sch, [&] { return sch.UnsafeSetDType(c, 0, "float16"); }, "NonAllocatedBufferError");
    ExpectRefusal(
        sch, [&] { return sch.UnsafeSetDType(b, 1, "float16"); }, "BufferIndexOutOfRangeError");
    ExpectRefusal(
        sch, [&] { return sch.UnsafeSetDType(b, -1, "float16"); }, "BufferIndexOutOfRangeError");
    for (const char* bad : {"float17", "float32x4", "handle", ""})
      ExpectRefusal(
          sch, [&] { return sch.UnsafeSetDType(b, 0, bad); }, "ValueError");
    auto missing = TraceFromJson(R"([[["GetBlock", [], ["B", "main"], ["b0"]], )"
                                 R"(["UnsafeSetDType", ["b0"], [0], []]], []])");
    QVERIFY(!missing.ok());
  }
};

}  // namespace tst_tir_block_iters_dtype

QTEST_APPLESS_MAIN(tst_tir_block_iters_dtype::TestTirBlockItersDType)
#include "tst_tir_block_iters_dtype.moc"
