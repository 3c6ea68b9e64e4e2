// read_at / write_at: the copies they make per iteration of a loop compute what the te
// oracle computes (a GEMM whose A and B panels are staged per k step and whose C tile is
// accumulated in a local copy written back after the k loop); each refusal (no block under
// the loop accesses the buffer, a read after the last write, a copy that would run past the
// buffer, a name taken; a write before the first read is a TVM reference program's) leaves function
// and trace alone; the instructions print and round-trip through JSON as TVM writes them.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTextChecks.h"
#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"
#include "tir/TraceJson.h"

namespace tst_tir_read_write_at {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

Status AsStatus(const Result<BlockRV>& r) { return r.ok() ? Status::Ok() : Status(r.error()); }

// C tiled 8 x 4 with k in steps of 5: i_0, j_0, k_0, i_1, j_1, k_1.
struct TiledGemm {
  LoopRV i0, j0, k0;
};
TiledGemm TileGemm(Schedule& sch) {
  BlockRV c = *sch.GetBlock("C");
  std::vector<LoopRV> loops = *sch.GetLoops(c);
  std::vector<LoopRV> i = *sch.Split(loops[0], {Expr(), Expr(8)});
  std::vector<LoopRV> j = *sch.Split(loops[1], {Expr(), Expr(4)});
  std::vector<LoopRV> k = *sch.Split(loops[2], {Expr(), Expr(5)});
  if (!sch.Reorder({i[0], j[0], k[0], i[1], j[1], k[1]}).ok()) return {};
  return {i[0], j[0], k[0]};
}

}  // namespace

class TestTirReadWriteAt : public QObject {
  Q_OBJECT

 private slots:
  // A's and B's panels copied per k step, C's tile accumulated in a local copy and written
  // back after the k loop: the interpreter and LLVM compute the oracle's result.
  void stagedGemmComputesTheSame() {
    TeProgram program = GemmProgram(24, 20, 15);
    Schedule sch(program.func());
    TiledGemm t = TileGemm(sch);
    BlockRV c = *sch.GetBlock("C");
    auto a = sch.ReadAt(t.k0, c, 0, "global");
    QVERIFY2(a.ok(), a.ok() ? "" : a.error().message.c_str());
    QVERIFY(sch.ReadAt(t.k0, c, 1, "global").ok());
    auto back = sch.WriteAt(t.j0, c, 0, "local");
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(Q((*sch.Get(*a))->block->name), QString("A_global"));
    QCOMPARE(Q((*sch.Get(*back))->block->name), QString("C_local"));
    const QString printed = Q(AsTVMScript(sch.func()));
    QVERIFY2(printed.contains("C_local = T.alloc_buffer((24, 20), scope=\"local\")"),
             qPrintable(printed));
    QVERIFY2(printed.contains("T.reads(A[v0 * 8:v0 * 8 + 8, v1 * 5:v1 * 5 + 5])"),
             qPrintable(printed));
    QVERIFY2(printed.contains("T.block_attr({\"auto_copy\": 1})"), qPrintable(printed));
    Status s = LowerRunAndCompare(program, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    const QString trace = Q(TraceAsPython(sch.trace()));
    QVERIFY2(trace.contains("= sch.read_at(loop=l") &&
                 trace.contains("read_buffer_index=1, storage_scope=\"global\")") &&
                 trace.contains("write_buffer_index=0, storage_scope=\"local\")"),
             qPrintable(trace));
  }

  // A split with a tail: the last tile's copy would run past the buffer (TVM copies out of
  // bounds there); refused, naming the buffer and the axis.
  void aCopyPastTheBufferIsRefused() {
    TeProgram program = ChainProgram(30, 20);
    Schedule sch(program.func());
    std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("C"));
    std::vector<LoopRV> i = *sch.Split(loops[0], {Expr(), Expr(7)});
    QVERIFY(sch.ComputeAt(*sch.GetBlock("B"), i[0]).ok());
    BlockRV c = *sch.GetBlock("C");
    ExpectRefusal(
        sch, [&] { return AsStatus(sch.ReadAt(i[0], c, 0, "local")); }, "ReadWriteAtError");
    auto again = sch.ReadAt(i[0], c, 0, "local");
    QVERIFY(!again.ok());
    QVERIFY2(Q(again.error().message).contains("reaches 35 in axis 0 of B (extent 30)"),
             again.error().message.c_str());
  }

  // Each refusal leaves the function and the trace as they were.
  void refusalsLeaveTheScheduleAlone() {
    TeProgram program = GemmReluProgram(16, 8, 4);
    Schedule sch(program.func());
    BlockRV c = *sch.GetBlock("C"), d = *sch.GetBlock("D");
    std::vector<LoopRV> cl = *sch.GetLoops(c), dl = *sch.GetLoops(d);
    // D's loop reads no A; C's loop writes C at the reads' place; D writes nothing of C.
    ExpectRefusal(
        sch, [&] { return AsStatus(sch.ReadAt(dl[0], c, 0, "local")); }, "ReadWriteAtError");
    ExpectRefusal(
        sch, [&] { return AsStatus(sch.ReadAt(cl[0], c, 2, "local")); },
        "BufferIndexOutOfRangeError");
    ExpectRefusal(
        sch, [&] { return AsStatus(sch.WriteAt(dl[0], c, 0, "local")); }, "ReadWriteAtError");
    ExpectRefusal(
        sch, [&] { return AsStatus(sch.WriteAt(cl[0], c, 1, "local")); },
        "BufferIndexOutOfRangeError");
    ExpectRefusal(
        sch, [&] { return AsStatus(sch.ReadAt(cl[0], c, 0, "texture")); },
        "InvalidStorageScopeError");
    ExpectRefusal(
        sch, [&] { return AsStatus(sch.ReadAt(cl[0], c, -1, "local")); },
        "BufferIndexOutOfRangeError");
    // A read after the last write under the loop: C's k loop reads and writes C itself, D's
    // nest is not under it; at the root level, a loop holding the writer and a later reader.
    QVERIFY(sch.ComputeAt(c, dl[0]).ok());
    std::vector<LoopRV> at = *sch.GetLoops(d);
    ExpectRefusal(
        sch, [&] { return AsStatus(sch.WriteAt(at[0], c, 0, "local")); }, "ReadWriteAtError");
    // The copy's name is taken: A copied per iteration of C's k loop as A_local, then the
    // copy's own read of A at D's loop would be A_local again (TVM would make a second
    // block of that name; Tessera keeps names unique).
    std::vector<LoopRV> cl2 = *sch.GetLoops(c);
    auto copy = sch.ReadAt(cl2.back(), c, 0, "local");
    QVERIFY2(copy.ok(), copy.ok() ? "" : copy.error().message.c_str());
    ExpectRefusal(
        sch, [&] { return AsStatus(sch.ReadAt(at[0], *copy, 0, "local")); }, "ReadWriteAtError");
  }

  // As TVM writes them: loop and block are the inputs, index and scope the attributes; the
  // replay of the JSON gives the same function.
  void jsonAsTvmWritesIt() {
    TeProgram program = GemmProgram(24, 20, 15);
    Schedule sch(program.func());
    TiledGemm t = TileGemm(sch);
    BlockRV c = *sch.GetBlock("C");
    QVERIFY(sch.ReadAt(t.k0, c, 1, "shared").ok());
    QVERIFY(sch.WriteAt(t.j0, c, 0, "local").ok());
    const QString json = Q(TraceToJson(sch.trace()));
    QVERIFY2(
        QRegularExpression(
            "\\[\"ReadAt\", \\[\"l\\d+\", \"b\\d+\"\\], \\[1, \"shared\"\\], \\[\"b\\d+\"\\]\\]")
            .match(json)
            .hasMatch(),
        qPrintable(json));
    QVERIFY2(json.contains("[\"WriteAt\", "), qPrintable(json));
    auto back = TraceFromJson(json.toStdString());
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    Schedule replayed(program.func());
    QVERIFY(ApplyTrace(*back, &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
    auto bad = TraceFromJson(
        "[[[\"GetBlock\", [], [\"C\", \"main\"], [\"b0\"]], "
        "[\"ReadAt\", [\"b0\"], [0, \"local\"], [\"b1\"]]], []]");
    QVERIFY(!bad.ok());
  }
};

}  // namespace tst_tir_read_write_at

QTEST_MAIN(tst_tir_read_write_at::TestTirReadWriteAt)
#include "tst_tir_read_write_at.moc"
