// cache_read / cache_write placed as TVM places them (inside the loop that holds the
// writer and its readers, compact at the top level), consumer_blocks of both, and
// set_axis_separator: what the schedules print, that they lower and compute what the
// te definition computes, and the refusals with TVM's error kinds. The printed programs
// of tests/tir/programs/cache_*.py are compared with TVM's output by tst_tir_tvm_reference.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTextChecks.h"
#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"
#include "tir/TraceJson.h"

namespace tst_tir_cache_placement {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

std::vector<LoopRV> LoopsOf(Schedule& sch, const std::string& block) {
  return *sch.GetLoops(*sch.GetBlock(block));
}

// The refusal has kind `kind`, and the function and the trace are as before.
void CheckRefused(Schedule& sch, const std::function<Status()>& apply, const QString& kind) {
  std::string before = AsTVMScript(sch.func());
  size_t trace = sch.trace().insts.size();
  Status s = apply();
  QVERIFY(!s.ok());
  QCOMPARE(Q(ErrorKind(s.error())), kind);
  QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
  QCOMPARE(sch.trace().insts.size(), trace);
}

void CheckRuns(const TeProgram& p, const Schedule& sch) {
  Status s = LowerRunAndCompare(p, sch.func());
  QVERIFY2(s.ok(), s.ok() ? "" : (s.error().message + "\n" + AsTVMScript(sch.func())).c_str());
}

// The trace read back from JSON and replayed on the unscheduled function prints the same.
void CheckReplays(const TeProgram& p, const Schedule& sch) {
  auto json = TraceFromJson(TraceToJson(sch.trace()));
  QVERIFY2(json.ok(), json.ok() ? "" : json.error().message.c_str());
  Schedule replayed(p.func());
  Status s = ApplyTrace(*json, &replayed);
  QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
}

}  // namespace

class TestTirCachePlacement : public QObject {
  Q_OBJECT
 private slots:
  // A reader moved under the writer's loop: the write-back of cache_write goes into that
  // loop, between the writer and the reader, and copies one row per iteration.
  void cacheWriteWithAReaderInTheWritersNest() {
    TeProgram p = GemmReluProgram(6, 5, 4);
    Schedule sch(p.func());
    QVERIFY(sch.ReverseComputeAt(*sch.GetBlock("D"), LoopsOf(sch, "C")[0]).ok());
    QVERIFY(sch.CacheWrite(*sch.GetBlock("C"), 0, "local").ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(Contains(text, "C_local = T.alloc_buffer((6, 5), scope=\"local\")"), text.c_str());
    QVERIFY2(Contains(text,
                      "        for ax0, ax1 in T.grid(1, 5):\n"
                      "            with T.block(\"C_local\"):\n"
                      "                v0 = T.axis.spatial(6, i + ax0)\n"
                      "                v1 = T.axis.spatial(5, ax1)"),
             text.c_str());
    CheckRuns(p, sch);
    CheckReplays(p, sch);
  }

  // Likewise cache_read of a buffer whose reader sits in its producer's nest.
  void cacheReadWithAReaderInTheProducersNest() {
    TeProgram p = ChainProgram(6, 5);
    Schedule sch(p.func());
    QVERIFY(sch.ReverseComputeAt(*sch.GetBlock("C"), LoopsOf(sch, "B")[0]).ok());
    QVERIFY(sch.CacheRead(*sch.GetBlock("C"), 0, "local").ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(Contains(text,
                      "                T.reads(B[v0, v1])\n"
                      "                T.writes(B_local[v0, v1])"),
             text.c_str());
    // The copy sits between B and C in the loop over i.
    size_t b = text.find("T.block(\"B\")"), copy = text.find("T.block(\"B_local\")"),
           c = text.find("T.block(\"C\")");
    QVERIFY2(b < copy && copy < c && c != std::string::npos, text.c_str());
    CheckRuns(p, sch);
    CheckReplays(p, sch);
  }

  // At the top level the copy covers what the writer writes; with every reader after
  // the writer, that is the whole buffer, and the program computes the same.
  void topLevelCopiesRun() {
    TeProgram p = GemmReluProgram(6, 5, 4);
    Schedule sch(p.func());
    QVERIFY(sch.CacheRead(*sch.GetBlock("D"), 0, "shared").ok());
    QVERIFY(sch.CacheWrite(*sch.GetBlock("C"), 0, "local").ok());
    QVERIFY(sch.CacheRead(*sch.GetBlock("C"), 0, "local").ok());
    CheckRuns(p, sch);
    CheckReplays(p, sch);
  }

  // A writer under a non-dividing split (a `T.where`): its loops run past the buffer, the
  // copy covers the buffer only.
  void copiesOfAGuardedWriterStayInTheBuffer() {
    TeProgram p = ChainProgram(6, 5);
    Schedule sch(p.func());
    QVERIFY(sch.Split(LoopsOf(sch, "B")[0], {Expr(), Expr(4)}).ok());
    QVERIFY(sch.CacheWrite(*sch.GetBlock("B"), 0, "local").ok());
    QVERIFY(sch.CacheRead(*sch.GetBlock("C"), 0, "shared").ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(Contains(text, "B_local = T.alloc_buffer((6, 5), scope=\"local\")"), text.c_str());
    QVERIFY2(Contains(text, "for ax0, ax1 in T.grid(6, 5):"), text.c_str());
    CheckRuns(p, sch);
  }

  // cache_write(consumer_blocks=[D]): D reads the copy; with no other reader the
  // write-back goes last.
  void cacheWriteForChosenConsumers() {
    TeProgram p = GemmReluProgram(6, 5, 4);
    Schedule sch(p.func());
    BlockRV d = *sch.GetBlock("D");
    QVERIFY(sch.CacheWrite(*sch.GetBlock("C"), 0, "local", {d}).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(Contains(text, "T.reads(C_local[v_i, v_j])"), text.c_str());
    QVERIFY2(text.find("T.block(\"D\")") < text.find("T.block(\"C_local\")"), text.c_str());
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             QString("b2 = sch.cache_write(block=b1, write_buffer_index=0, "
                     "storage_scope=\"local\", consumer_blocks=[b0])"));
    CheckRuns(p, sch);
    CheckReplays(p, sch);
  }

  void cacheRefusals() {
    TeProgram p = GemmReluProgram(6, 5, 4);
    Schedule sch(p.func());
    BlockRV c = *sch.GetBlock("C");
    CheckRefused(
        sch, [&] { return Status(sch.CacheRead(c, 5, "local").error()); },
        "BufferIndexOutOfRangeError");
    CheckRefused(
        sch, [&] { return Status(sch.CacheWrite(c, 1, "local").error()); },
        "BufferIndexOutOfRangeError");
    CheckRefused(
        sch, [&] { return Status(sch.CacheWrite(c, 0, "texture").error()); },
        "InvalidStorageScopeError");
  }

  // set_axis_separator on an intermediate and an output: printed as TVM prints them,
  // recorded, replayed, and flattened per group when lowered.
  void setAxisSeparator() {
    TeProgram p = ChainProgram(6, 5);
    Schedule sch(p.func());
    BlockRV b = *sch.GetBlock("B");
    BlockRV c = *sch.GetBlock("C");
    QVERIFY(sch.SetAxisSeparator(b, 0, BufferIndexType::Write, {1}).ok());
    QVERIFY(sch.SetAxisSeparator(c, 0, BufferIndexType::Write, {1}).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(Contains(text, "B = T.alloc_buffer((6, 5), axis_separators=[1])"), text.c_str());
    QVERIFY2(Contains(text, "C = T.match_buffer(C_handle, (6, 5), axis_separators=[1])"),
             text.c_str());
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             QString("sch.set_axis_separator(block=b1, buffer=(\"write\", 0), "
                     "axis_separators=[1])"));
    CheckRuns(p, sch);
    Schedule replayed(p.func());
    QVERIFY(ApplyTrace(sch.trace(), &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(text));
  }

  // Separators at the ends make groups without axes (TVM's Buffer allows 0..ndim): the
  // buffer flattens as the other groups say and computes the same.
  void setAxisSeparatorEmptyGroups() {
    TeProgram p = ChainProgram(6, 5);
    Schedule sch(p.func());
    QVERIFY(sch.SetAxisSeparator(*sch.GetBlock("B"), 0, BufferIndexType::Write, {0, 2}).ok());
    QVERIFY2(Contains(AsTVMScript(sch.func()), "axis_separators=[0, 2]"),
             AsTVMScript(sch.func()).c_str());
    CheckRuns(p, sch);
  }

  void setAxisSeparatorRefusals() {
    TeProgram p = ChainProgram(6, 5);
    Schedule sch(p.func());
    BlockRV b = *sch.GetBlock("B");
    CheckRefused(
        sch, [&] { return sch.SetAxisSeparator(b, 0, BufferIndexType::Write, {3}); }, "ValueError");
    CheckRefused(
        sch,
        [&] {
          return sch.SetAxisSeparator(b, 0, BufferIndexType::Write, {2, 1});
        },
        "ValueError");
    CheckRefused(
        sch, [&] { return sch.SetAxisSeparator(b, 1, BufferIndexType::Write, {1}); },
        "BufferIndexOutOfRangeError");
  }
};

}  // namespace tst_tir_cache_placement

QTEST_APPLESS_MAIN(tst_tir_cache_placement::TestTirCachePlacement)
#include "tst_tir_cache_placement.moc"
