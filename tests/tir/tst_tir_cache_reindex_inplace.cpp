// The cache primitives TVM 0.20 has beside cache_read / cache_write: reindex_cache_read,
// reindex_cache_write and cache_inplace, with TVM's conditions (single-point access,
// the iterators of the map and of the access, a stage pipeline, a block that reads and
// writes the buffer); TVM's region-cover check of cache_read; a consumer block that does
// not read the buffer; and the init nest of a blockized reduction rewritten by the cache
// primitives. Programs run against the te oracle, traces go through JSON and replay.
// tests/tir/programs/{reindex_cache_*,cache_inplace_*,cache_read_consumer_not_reader,
// cache_write_blockize_init}.py compare the printed results with TVM's.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTextChecks.h"
#include "script/Evaluator.h"
#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"
#include "tir/TraceJson.h"

namespace tst_tir_cache_reindex_inplace {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

// The refusal has kind `kind` and a message holding `words`; the function and the trace
// are as before.
template <typename Apply>
void CheckRefused(Schedule& sch, Apply apply, const QString& kind, const std::string& words) {
  std::string before = AsTVMScript(sch.func());
  size_t trace = sch.trace().insts.size();
  auto r = apply();
  QVERIFY(!r.ok());
  QCOMPARE(Q(ErrorKind(r.error())), kind);
  QVERIFY2(Contains(r.error().message, words), r.error().message.c_str());
  QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
  QCOMPARE(sch.trace().insts.size(), trace);
}

void CheckRuns(const TeProgram& p, const Schedule& sch) {
  Status s = LowerRunAndCompare(p, sch.func());
  QVERIFY2(s.ok(), s.ok() ? "" : (s.error().message + "\n" + AsTVMScript(sch.func())).c_str());
}

// The trace read back from JSON and replayed on the unscheduled function prints the same.
void CheckReplays(const PrimFunc& original, const Schedule& sch) {
  auto json = TraceFromJson(TraceToJson(sch.trace()));
  QVERIFY2(json.ok(), json.ok() ? "" : json.error().message.c_str());
  Schedule replayed(original);
  Status s = ApplyTrace(*json, &replayed);
  QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
  QCOMPARE(Q(TraceAsPython(replayed.trace())), Q(TraceAsPython(sch.trace())));
}

IndexMap Transpose() {
  return MakeIndexMap({"i", "j"}, [](const std::vector<Var>& v) {
    return std::vector<Expr>{v[1], v[0]};
  });
}

// A TVMScript program scheduled by `schedule`; the script's own asserts check it.
void RunScript(const std::string& program) {
  auto r = script::EvaluateScript(program, "t.py");
  QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
}

// B written for 16 elements per iteration of i, C reading 32: C's reads are not covered.
const char* kPartial = R"(import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def partial(D: T.Buffer(256, "float32"), E: T.Buffer(256, "float32")):
    B = T.alloc_buffer(256)
    for i in range(8):
        for j in range(16):
            with T.block("B"):
                vi = T.axis.spatial(256, i * 16 + j)
                B[vi] = D[vi] + T.float32(1.0)
        for j in range(32):
            with T.block("C"):
                vi = T.axis.spatial(256, i * 16 + j)
                E[vi] = B[vi]


def refused(f, kind):
    sch = tir.Schedule(partial)
    before = sch.mod["main"].script()
    try:
        f(sch)
        raise AssertionError("no error")
    except tvm.tir.ScheduleError as e:
        assert kind + ": " in str(e), str(e)
    assert sch.mod["main"].script() == before
)";

// A block that adds one to a buffer in place.
const char* kInplace = R"(import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def inplace(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4, 8), "float32")):
    for i, j in T.grid(4, 8):
        with T.block("inc"):
            vi, vj = T.axis.remap("SS", [i, j])
            A[vi, vj] = A[vi, vj] + T.float32(1.0)
    for i, j in T.grid(4, 8):
        with T.block("copy"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj]


sch = tir.Schedule(inplace)
)";

}  // namespace

class TestTirCacheReindexInplace : public QObject {
  Q_OBJECT
 private slots:
  // reindex_cache_read of C's read of B, transposed: the copy keeps C's loops and
  // iterators, C reads B_shared[vj, vi].
  void reindexCacheReadTransposes() {
    TeProgram p = ChainProgram(6, 5);
    Schedule sch(p.func());
    auto stage = sch.ReindexCacheRead(*sch.GetBlock("C"), 0, "shared", Transpose());
    QVERIFY2(stage.ok(), stage.ok() ? "" : stage.error().message.c_str());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(Contains(text, "B_shared = T.alloc_buffer((5, 6), scope=\"shared\")"), text.c_str());
    QVERIFY2(Contains(text,
                      "    for i, j in T.grid(6, 5):\n"
                      "        with T.block(\"B_shared\"):\n"
                      "            v_i, v_j = T.axis.remap(\"SS\", [i, j])\n"
                      "            T.reads(B[v_i, v_j])\n"
                      "            T.writes(B_shared[v_j, v_i])\n"
                      "            B_shared[v_j, v_i] = B[v_i, v_j]\n"),
             text.c_str());
    QVERIFY2(Contains(text, "C[v_i, v_j] = B_shared[v_j, v_i] + T.float32(1.0)"), text.c_str());
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             Q("b1 = sch.reindex_cache_read(block=b0, read_buffer_index=0, "
               "storage_scope=\"shared\", index_map=lambda i, j: (j, i,))"));
    CheckRuns(p, sch);
    CheckReplays(p.func(), sch);
  }

  // reindex_cache_write of a reduction: its init and its update write the copy, the
  // write-back goes after the reduction nest.
  void reindexCacheWriteOfAReduction() {
    TeProgram p = GemmProgram(6, 5, 4);
    Schedule sch(p.func());
    IndexMap map = MakeIndexMap({"i", "j", "k"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{v[1], v[0]};
    });
    auto stage = sch.ReindexCacheWrite(*sch.GetBlock("C"), 0, "local", map);
    QVERIFY2(stage.ok(), stage.ok() ? "" : stage.error().message.c_str());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(Contains(text, "C_local[v_j, v_i] = T.float32(0.0)"), text.c_str());
    QVERIFY2(Contains(text, "C_local[v_j, v_i] = C_local[v_j, v_i] + A[v_i, v_k] * B[v_k, v_j]"),
             text.c_str());
    QVERIFY2(Contains(text,
                      "    for i, j in T.grid(6, 5):\n"
                      "        with T.block(\"C_local\"):\n"
                      "            v_i, v_j = T.axis.remap(\"SS\", [i, j])\n"
                      "            T.reads(C_local[v_j, v_i])\n"
                      "            T.writes(C[v_i, v_j])\n"
                      "            C[v_i, v_j] = C_local[v_j, v_i]"),
             text.c_str());
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             Q("b1 = sch.reindex_cache_write(block=b0, write_buffer_index=0, "
               "storage_scope=\"local\", index_map=lambda i, j, k: (j, i,))"));
    CheckRuns(p, sch);
    CheckReplays(p.func(), sch);
  }

  void reindexCacheRefusals() {
    TeProgram p = GemmProgram(32, 32, 32);
    Schedule sch(p.func());
    BlockRV c = *sch.GetBlock("C");
    IndexMap drops_j = MakeIndexMap(
        {"i", "j", "k"}, [](const std::vector<Var>& v) { return std::vector<Expr>{v[0]}; });
    CheckRefused(
        sch, [&] { return sch.ReindexCacheWrite(c, 0, "shared", drops_j); },
        "ReindexCacheReadWriteNotMatchError",
        "Error when applying reindex_cache_write on block C, the block itervar v_j appears in "
        "[v_i, v_j], but not in [v_i].");
    CheckRefused(
        sch, [&] { return sch.ReindexCacheRead(c, 0, "shared", Transpose()); }, "ValueError",
        "the index map takes 2 indices, but block C has 3 iterators");
    CheckRefused(
        sch, [&] { return sch.ReindexCacheRead(c, 5, "shared", Transpose()); },
        "BufferIndexOutOfRangeError", "out of range");
    CheckRefused(
        sch, [&] { return sch.ReindexCacheRead(c, 0, "texture", Transpose()); },
        "InvalidStorageScopeError", "texture");
    // The blockized block writes a 16 x 16 tile of C: not a single point.
    std::vector<LoopRV> loops = *sch.GetLoops(c);
    std::vector<LoopRV> i = *sch.Split(loops[0], {Expr(), Expr(16)});
    std::vector<LoopRV> j = *sch.Split(loops[1], {Expr(), Expr(16)});
    QVERIFY(sch.Reorder({i[0], j[0], i[1], j[1]}).ok());
    BlockRV outer = *sch.Blockize(i[1]);
    IndexMap identity = MakeIndexMap({"i", "j", "k"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{v[0], v[1]};
    });
    CheckRefused(
        sch, [&] { return sch.ReindexCacheWrite(outer, 0, "shared", identity); },
        "NotSinglePointAccess",
        "The buffer region C[v_i_o * 16:v_i_o * 16 + 16, v_j_o * 16:v_j_o * 16 + 16] accessed "
        "inside block C_o is not a single point, which violates the prerequisite of "
        "reindex_cache_write primitive.");
  }

  // TVM's region cover: cache_read refuses a scope where a reader reads more than the
  // writer before it writes (reindex_cache_read/write: not a stage pipeline); cache_write
  // does not check it.
  void regionCoverRefusals() {
    RunScript(std::string(kPartial) +
              "refused(lambda s: s.cache_read('C', 0, 'local'), 'NotRegionCoverError')\n"
              "refused(lambda s: s.reindex_cache_read('C', 0, 'local', lambda i: (i,)),\n"
              "        'NotStagePipelineError')\n"
              "refused(lambda s: s.reindex_cache_write('B', 0, 'local', lambda i: (i,)),\n"
              "        'NotStagePipelineError')\n"
              "sch = tir.Schedule(partial)\n"
              "sch.cache_write('B', 0, 'local')\n"
              "assert 'B_local[vi] = D[vi]' in sch.mod['main'].script()\n");
  }

  // A write after a read in the scope (inc writes A after copy read it) is no stage
  // pipeline either.
  void writeAfterReadIsNoStagePipeline() {
    RunScript(R"(import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def war(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4, 8), "float32")):
    for i, j in T.grid(4, 8):
        with T.block("copy"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj]
    for i, j in T.grid(4, 8):
        with T.block("inc"):
            vi, vj = T.axis.remap("SS", [i, j])
            A[vi, vj] = A[vi, vj] + T.float32(1.0)


sch = tir.Schedule(war)
try:
    sch.reindex_cache_read("copy", 0, "shared", lambda i, j: (j, i))
    raise AssertionError("no error")
except tvm.tir.ScheduleError as e:
    assert "NotStagePipelineError: " in str(e), str(e)
    assert "inc writes A after a block read it" in str(e), str(e)
)");
  }

  // A consumer block that does not read the buffer is accepted and left as it was; the
  // copy goes before the first consumer, as TVM places it.
  void consumerThatDoesNotReadTheBuffer() {
    TeProgram p = ChainProgram(6, 5);
    Schedule sch(p.func());
    BlockRV c = *sch.GetBlock("C"), b = *sch.GetBlock("B");
    auto stage = sch.CacheRead(b, 0, "local", {c, b});
    QVERIFY2(stage.ok(), stage.ok() ? "" : stage.error().message.c_str());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(Contains(text, "B[v_i, v_j] = A_local[v_i, v_j] * T.float32(2.0)"), text.c_str());
    QVERIFY2(Contains(text, "C[v_i, v_j] = B[v_i, v_j] + T.float32(1.0)"), text.c_str());
    QVERIFY2(text.find("\"A_local\"") < text.find("\"B\""), text.c_str());
    CheckRuns(p, sch);
    CheckReplays(p.func(), sch);
  }

  // cache_write of a blockized reduction: the init nest's block writes the cache too, so
  // the program still computes the GEMM (it would read an unset cache otherwise).
  void cacheWriteOfABlockizedReduction() {
    TeProgram p = GemmProgram(32, 32, 32);
    Schedule sch(p.func());
    std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("C"));
    std::vector<LoopRV> i = *sch.Split(loops[0], {Expr(), Expr(16)});
    std::vector<LoopRV> j = *sch.Split(loops[1], {Expr(), Expr(16)});
    QVERIFY(sch.Reorder({i[0], j[0], loops[2], i[1], j[1]}).ok());
    BlockRV outer = *sch.Blockize(i[1]);
    QVERIFY(sch.CacheWrite(outer, 0, "local").ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(Contains(text, "                    with T.block(\"C_init\"):"), text.c_str());
    QVERIFY2(Contains(text,
                      "C_local[v_i_o * 16 + v_i_i_init, v_j_o * 16 + v_j_i_init] = "
                      "T.float32(0.0)"),
             text.c_str());
    QVERIFY2(!Contains(text, "                        C[v_i_o"), text.c_str());
    CheckRuns(p, sch);
    CheckReplays(p.func(), sch);
  }

  // cache_read of a blockized reduction's input rewrites the inner block's reads, not
  // the init nest (which reads nothing).
  void cacheReadOfABlockizedReduction() {
    TeProgram p = GemmProgram(32, 32, 32);
    Schedule sch(p.func());
    std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("C"));
    std::vector<LoopRV> i = *sch.Split(loops[0], {Expr(), Expr(16)});
    QVERIFY(sch.Reorder({i[0], loops[1], loops[2], i[1]}).ok());
    BlockRV outer = *sch.Blockize(i[1]);
    QVERIFY(sch.CacheRead(outer, 0, "shared").ok());
    QVERIFY(sch.CacheWrite(outer, 0, "local").ok());
    CheckRuns(p, sch);
    CheckReplays(p.func(), sch);
  }

  // cache_inplace: the copy in and out around the block, in the innermost loop; the
  // block reads and writes the copy.
  void cacheInplaceAroundTheBlock() {
    RunScript(std::string(kInplace) +
              "blocks = sch.cache_inplace('inc', 0, 'local')\n"
              "assert len(blocks) == 2\n"
              "text = sch.mod['main'].script()\n"
              "expected = '''    for i, j in T.grid(4, 8):\n"
              "        for ax0, ax1 in T.grid(1, 1):\n"
              "            with T.block(\"A_local\"):\n"
              "                v0 = T.axis.spatial(4, i + ax0)\n"
              "                v1 = T.axis.spatial(8, j + ax1)\n"
              "                T.reads(A[v0, v1])\n"
              "                T.writes(A_local[v0, v1])\n"
              "                A_local[v0, v1] = A[v0, v1]\n"
              "        with T.block(\"inc\"):\n"
              "            vi, vj = T.axis.remap(\"SS\", [i, j])\n"
              "            T.reads(A_local[vi, vj])\n"
              "            T.writes(A_local[vi, vj])\n"
              "            A_local[vi, vj] = A_local[vi, vj] + T.float32(1.0)\n"
              "        for ax0, ax1 in T.grid(1, 1):\n"
              "            with T.block(\"A_local\"):\n"
              "                v0 = T.axis.spatial(4, i + ax0)\n"
              "                v1 = T.axis.spatial(8, j + ax1)\n"
              "                T.reads(A_local[v0, v1])\n"
              "                T.writes(A[v0, v1])\n"
              "                A[v0, v1] = A_local[v0, v1]\n'''\n"
              "assert expected in text, text\n"
              "assert 'B[vi, vj] = A[vi, vj]' in text, text\n"
              "assert str(sch.trace).endswith(\n"
              "    'b1, b2 = sch.cache_inplace(block=b0, read_buffer_index=0, '\n"
              "    'storage_scope=\"local\")'), str(sch.trace)\n");
  }

  void cacheInplaceRefusals() {
    RunScript(std::string(kInplace) +
              "before = sch.mod['main'].script()\n"
              "for call, words in [\n"
              "        (lambda: sch.cache_inplace('copy', 0, 'local'),\n"
              "         'NotReadWriteError: The target block copy does not both read & write '\n"
              "         'target buffer A.'),\n"
              "        (lambda: sch.cache_inplace('inc', 1, 'local'),\n"
              "         'BufferIndexOutOfRangeError: '),\n"
              "        (lambda: sch.cache_inplace('inc', 0, 'texture'),\n"
              "         'Invalid storage scope \"texture\"')]:\n"
              "    try:\n"
              "        call()\n"
              "        raise AssertionError('no error')\n"
              "    except (tvm.tir.ScheduleError, ValueError) as e:\n"
              "        assert words in str(e), str(e)\n"
              "assert sch.mod['main'].script() == before\n");
  }

  // The trace of all three through JSON: kinds, index maps and outputs survive.
  void traceJsonRoundTrip() {
    TeProgram p = ChainProgram(6, 5);
    Schedule sch(p.func());
    QVERIFY(sch.ReindexCacheRead(*sch.GetBlock("C"), 0, "shared", Transpose()).ok());
    QVERIFY(sch.ReindexCacheWrite(*sch.GetBlock("B"), 0, "local", Transpose()).ok());
    std::string json = TraceToJson(sch.trace());
    QVERIFY2(Contains(json, "[\"ReindexCacheRead\", [\"b0\", \"{"), json.c_str());
    QVERIFY2(Contains(json, "[0, \"local\"], [\"b3\"]]"), json.c_str());
    auto back = TraceFromJson(json);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(Q(TraceAsPython(*back)), Q(TraceAsPython(sch.trace())));
    CheckRuns(p, sch);
    CheckReplays(p.func(), sch);
  }
};

}  // namespace tst_tir_cache_reindex_inplace

QTEST_APPLESS_MAIN(tst_tir_cache_reindex_inplace::TestTirCacheReindexInplace)
#include "tst_tir_cache_reindex_inplace.moc"
