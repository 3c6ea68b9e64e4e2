// te.comm_reducer (issue #18): user reducers with their identity, tuple reducers and
// the argmax / argmin idioms of TVM's tests (test_te_tensor.py, the reduction tutorial),
// each evaluated from a script, lowered, run (interpreter and LLVM) and checked against
// the te oracle; scheduled; printed back (Tessera and TVM dialects) to a script that
// lowers the same; and the illegal uses with their located messages.
#include <QtTest>

#include "TeTestSupport.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "script/export/ScriptPrinter.h"
#include "te/CommReducer.h"
#include "te/Compute.h"

namespace tst_comm_reducer {

using namespace tessera;
using namespace tessera::te_testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\n";

// The reduction tutorial's mysum, over rows.
std::string MySumScript(const std::string& schedule) {
  return std::string(kHeader) +
         "n = 13\nm = 40\n"
         "mysum = te.comm_reducer(lambda x, y: x + y, lambda t: tvm.tir.const(0, dtype=t), "
         "name=\"mysum\")\n"
         "A = te.placeholder((n, m), name=\"A\")\n"
         "k = te.reduce_axis((0, m), name=\"k\")\n"
         "B = te.compute((n,), lambda i: mysum(A[i, k], axis=k), name=\"B\")\n"
         "s = te.create_schedule(B.op)\n" +
         schedule;
}

// test_te_tensor.py's argmax: a two-value reducer over (index, value) tensors.
std::string ArgmaxScript(const std::string& body, const std::string& schedule) {
  return std::string(kHeader) +
         "argmax = te.comm_reducer(\n"
         "    lambda x, y: (tvm.tir.Select(x[1] >= y[1], x[0], y[0]),\n"
         "                  tvm.tir.Select(x[1] >= y[1], x[1], y[1])),\n"
         "    lambda t0, t1: (tvm.tir.const(-1, t0), te.min_value(t1)), name=\"argmax\")\n"
         "m = 9\nn = 21\n"
         "idx = te.placeholder((m, n), name=\"idx\", dtype=\"int32\")\n"
         "val = te.placeholder((m, n), name=\"val\", dtype=\"float32\")\n"
         "k = te.reduce_axis((0, n), \"k\")\n"
         "T0, T1 = te.compute((m,), lambda i: " +
         body +
         ", name=\"T\")\n"
         "s = te.create_schedule(T0.op)\n" +
         schedule;
}

// The argmax of each row of `val` as the interpreter computes it with `idx` = column.
std::vector<int64_t> InterpretArgmaxRows(const script::ScriptProgram& p,
                                         const std::vector<double>& val, int rows, int cols) {
  auto lowered = transform::LowerSchedule(*p.schedule, p.Arguments(), "llvm");
  if (!lowered) return {};
  auto buffers = runtime::MakeKernelArguments(*p.schedule, p.Arguments(), lowered->func, {}, 1);
  if (!buffers) return {};
  for (int e = 0; e < rows * cols; ++e) {
    (*buffers)[0].SetInt(e, e % cols);
    (*buffers)[1].SetDouble(e, val[static_cast<size_t>(e)]);
  }
  if (!runtime::Interpret(lowered->func, *buffers, {})) return {};
  std::vector<int64_t> out;
  for (int r = 0; r < rows; ++r) out.push_back((*buffers)[2].GetInt(r));
  return out;
}

// TVM's test_te_schedule_ops.py test_loop_dep_reduce_cache_write: a reducer made inside
// the compute, whose combine and identity read the compute's axis n.
std::string LoopDependentReducerScript(const std::string& schedule) {
  return std::string(kHeader) +
         "X = te.placeholder(shape=(10,), name=\"x\")\n"
         "def f(n):\n"
         "    rv = te.reduce_axis((0, n))\n"
         "    init = lambda dtype: tvm.tir.Select(n > 1, tvm.tir.const(0, dtype), "
         "n.astype(dtype))\n"
         "    sum = te.comm_reducer(lambda x, y: tvm.te.max(x + y, n.astype(\"float32\")), init, "
         "name=\"sum\")\n"
         "    return sum(X[rv], axis=rv)\n"
         "Y = te.compute(X.shape, f, name=\"y\")\n"
         "s = te.create_schedule([Y.op])\n" +
         schedule;
}

// max(max(x, y), i) from i (0 for i > 1): idempotent, so any order of combination (a
// split, an rfactor) gives max(i, X[0..n)) and the oracle's order is no privilege.
std::string AxisFloorMaxScript(const std::string& schedule) {
  return std::string(kHeader) +
         "X = te.placeholder(shape=(12, 40), name=\"x\")\n"
         "k = te.reduce_axis((0, 40), name=\"k\")\n"
         "def f(i):\n"
         "    floor = te.comm_reducer(lambda x, y: te.max(te.max(x, y), i.astype(\"float32\")),\n"
         "        lambda t: tvm.tir.Select(i > 1, tvm.tir.const(0, t), i.astype(t)), "
         "name=\"floor\")\n"
         "    return floor(X[i, k] * 20.0, axis=k)\n"
         "Y = te.compute((12,), f, name=\"y\")\n"
         "s = te.create_schedule([Y.op])\n" +
         schedule;
}

}  // namespace

class TestCommReducer : public QObject {
  Q_OBJECT

 private slots:
  void mySumMatchesTheOracle() {
    auto p = script::EvaluateScript(MySumScript(""), "mysum.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  void mySumScheduledMatchesTheOracle() {
    auto p = script::EvaluateScript(
        MySumScript("ko, ki = s[B].split(k, factor=8)\ns[B].reorder(ko, B.op.axis[0], ki)\n"
                    "BF = s.rfactor(B, ki)\n"),
        "mysum.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // The reducer's own combine, not a sum: a product with identity 1.
  void productReducerIsNotASum() {
    std::string text = std::string(kHeader) +
                       "prod = te.comm_reducer(lambda a, b: a * b, lambda t: tvm.tir.const(1, t))\n"
                       "A = te.placeholder((6, 5), name=\"A\")\n"
                       "k = te.reduce_axis((0, 5), name=\"k\")\n"
                       "B = te.compute((6,), lambda i: prod(A[i, k] + 1.5, axis=k), name=\"B\")\n"
                       "s = te.create_schedule(B.op)\n";
    auto p = script::EvaluateScript(text, "prod.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
    auto low = LoweredText(*p);
    TE_VERIFY_OK(low);
    QVERIFY2(Contains(*low, "B[i] = 1f") || Contains(*low, "= 1f"), low->c_str());
    QVERIFY2(Contains(*low, "*"), low->c_str());
  }

  void argmaxTupleReducer() {
    auto p = script::EvaluateScript(ArgmaxScript("argmax((idx[i, k], val[i, k]), axis=k)", ""),
                                    "argmax.py");
    TE_VERIFY_OK(p);
    QCOMPARE(p->schedule->outputs.size(), size_t{1});
    QCOMPARE(p->schedule->outputs[0]->num_outputs(), 2);
    TE_VERIFY_OK(RunAndCheck(*p));
    // Known values: ties keep the first (x[1] >= y[1] keeps the accumulator).
    std::vector<double> val(9 * 21, 0.0);
    for (int r = 0; r < 9; ++r) {
      val[static_cast<size_t>(r * 21 + (r * 5) % 21)] = 3.0;
      val[static_cast<size_t>(r * 21 + 20)] = 3.0;
    }
    std::vector<int64_t> rows = InterpretArgmaxRows(*p, val, 9, 21);
    QCOMPARE(rows.size(), size_t{9});
    for (int r = 0; r < 9; ++r) QCOMPARE(rows[static_cast<size_t>(r)], int64_t{(r * 5) % 21});
  }

  // A tuple reducer whose second value reads the first accumulator: (sum, sum of the
  // pairwise products), combine((a1, b1), (a2, b2)) = (a1 + a2, b1 + b2 + a1 * a2).
  // The update must compute both results from the old accumulators.
  void secondValueReadsTheFirstAccumulator() {
    std::string text =
        std::string(kHeader) +
        "pairs = te.comm_reducer(lambda x, y: (x[0] + y[0], x[1] + y[1] + x[0] * y[0]), "
        "lambda t0, t1: (tvm.tir.const(0, t0), tvm.tir.const(0, t1)), name=\"pairs\")\n"
        "A = te.placeholder((4, 6), name=\"A\", dtype=\"int32\")\n"
        "k = te.reduce_axis((0, 6), name=\"k\")\n"
        "S, P = te.compute((4,), lambda i: pairs((A[i, k], tvm.tir.const(0, \"int32\")), axis=k), "
        "name=\"R\")\n"
        "s = te.create_schedule(S.op)\n";
    auto p = script::EvaluateScript(text, "pairs.py");
    TE_VERIFY_OK(p);
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "llvm");
    TE_VERIFY_OK(lowered);
    auto buffers = runtime::MakeKernelArguments(*p->schedule, p->Arguments(), lowered->func, {}, 1);
    TE_VERIFY_OK(buffers);
    for (int e = 0; e < 24; ++e) (*buffers)[0].SetInt(e, e % 6 + 1);  // rows 1..6
    TE_VERIFY_OK(runtime::Interpret(lowered->func, *buffers, {}));
    // sum 21; pairwise products: (21^2 - (1+4+9+16+25+36)) / 2 = 175
    QCOMPARE((*buffers)[1].GetInt(0), int64_t{21});
    QCOMPARE((*buffers)[2].GetInt(0), int64_t{175});
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // argmin with the reduce axis itself as the index, split and parallel.
  void argminOverTheAxisScheduled() {
    std::string text =
        std::string(kHeader) +
        "argmin = te.comm_reducer(lambda x, y: (tvm.tir.Select(x[1] <= y[1], x[0], y[0]), "
        "tvm.tir.Select(x[1] <= y[1], x[1], y[1])), "
        "lambda t0, t1: (tvm.tir.const(-1, t0), te.max_value(t1)), name=\"argmin\")\n"
        "A = te.placeholder((16, 30), name=\"A\")\n"
        "k = te.reduce_axis((0, 30), name=\"k\")\n"
        "I, V = te.compute((16,), lambda i: argmin((k, A[i, k]), axis=k), name=\"R\")\n"
        "s = te.create_schedule(I.op)\n"
        "io, ii = s[I].split(I.op.axis[0], factor=4)\n"
        "ko, ki = s[I].split(k, factor=7)\n"
        "s[I].parallel(io)\n";
    auto p = script::EvaluateScript(text, "argmin.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // A reducer with a where= condition, and one reducing two axes.
  void whereAndSeveralAxes() {
    std::string text =
        std::string(kHeader) +
        "mx = te.comm_reducer(lambda x, y: te.max(x, y), lambda t: te.min_value(t), name=\"mx\")\n"
        "A = te.placeholder((8, 6, 5), name=\"A\")\n"
        "j = te.reduce_axis((0, 6), name=\"j\")\n"
        "k = te.reduce_axis((0, 5), name=\"k\")\n"
        "B = te.compute((8,), lambda i: mx(A[i, j, k], axis=[j, k], where=j + k < 7), name=\"B\")\n"
        "s = te.create_schedule(B.op)\n";
    auto p = script::EvaluateScript(text, "mx.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // reducer(a, b) without an axis combines directly, as TVM's reducers do.
  void directCombination() {
    std::string text =
        std::string(kHeader) +
        "mysum = te.comm_reducer(lambda x, y: x + y, lambda t: tvm.tir.const(0, dtype=t))\n"
        "A = te.placeholder((10,), name=\"A\")\n"
        "B = te.placeholder((10,), name=\"B\")\n"
        "C = te.compute((10,), lambda i: mysum(A[i], B[i], A[i] * 2.0), name=\"C\")\n"
        "s = te.create_schedule(C.op)\n";
    auto p = script::EvaluateScript(text, "direct.py");
    TE_VERIFY_OK(p);
    auto low = LoweredText(*p);
    TE_VERIFY_OK(low);
    QVERIFY2(!Contains(*low, "reduce"), low->c_str());
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // The printed script (Tessera and TVM dialects) keeps the reducer definition and
  // lowers to the same program.
  void printedScriptLowersTheSame() {
    auto p = script::EvaluateScript(ArgmaxScript("argmax((idx[i, k], val[i, k]), axis=k)",
                                                 "ko, ki = s[T0].split(k, factor=4)\n"),
                                    "argmax.py");
    TE_VERIFY_OK(p);
    auto before = LoweredText(*p);
    TE_VERIFY_OK(before);
    for (auto dialect : {script::ScriptDialect::Tessera, script::ScriptDialect::TVM}) {
      std::string printed = script::PrintScript(*p, dialect);
      QVERIFY2(Contains(printed, "te.comm_reducer("), printed.c_str());
      auto again = script::EvaluateScript(printed, "printed.py");
      QVERIFY2(again.ok(),
               (again.ok() ? printed : again.error().format() + "\n" + printed).c_str());
      auto after = LoweredText(*again);
      TE_VERIFY_OK(after);
      QVERIFY2(*after == *before, (printed + "\n" + *after + "\n" + *before).c_str());
    }
  }

  // TVM's test_loop_dep_reduce: a reduce extent that is the compute's axis.
  void reduceExtentIsTheComputeAxis() {
    std::string text = std::string(kHeader) +
                       "X = te.placeholder(shape=(10,), name=\"x\")\n"
                       "def f(n):\n"
                       "    rv = te.reduce_axis((0, n))\n"
                       "    return te.sum(X[rv], axis=rv)\n"
                       "Y = te.compute(X.shape, f, name=\"y\")\n"
                       "s = te.create_schedule([Y.op])\n";
    auto p = script::EvaluateScript(text, "loop_dep.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // The combine and the identity read the compute's axis (TVM allows it: they are the
  // compute's variables). The loop nest gives them the loop's value, in the update and
  // in the init; the oracle evaluates them per element.
  void combineAndIdentityReadTheComputeAxis() {
    auto p = script::EvaluateScript(LoopDependentReducerScript(""), "loop_dep.py");
    TE_VERIFY_OK(p);
    auto low = LoweredText(*p);
    TE_VERIFY_OK(low);
    QVERIFY2(Contains(*low, "float32(n)") || Contains(*low, "float32(i"), low->c_str());
    TE_VERIFY_OK(RunAndCheck(*p));
    // Known values: y[0] = 0 (identity from n = 0, nothing reduced), y[1] = max(x0 + 1, 1)
    // from 1.0, y[3] = max(max(max(0 + x0, 3) + x1, 3) + x2, 3) from 0.
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "llvm");
    TE_VERIFY_OK(lowered);
    auto buffers = runtime::MakeKernelArguments(*p->schedule, p->Arguments(), lowered->func, {}, 1);
    TE_VERIFY_OK(buffers);
    for (int e = 0; e < 10; ++e) (*buffers)[0].SetDouble(e, e == 0 ? -5.0 : 0.5);
    TE_VERIFY_OK(runtime::Interpret(lowered->func, *buffers, {}));
    QCOMPARE((*buffers)[1].GetDouble(0), 0.0);
    QCOMPARE((*buffers)[1].GetDouble(1), 1.0);  // max(1 - 5, 1)
    QCOMPARE((*buffers)[1].GetDouble(3), 4.0);  // max(max(max(0 - 5, 3) + .5, 3) + .5, 3)
  }

  // cache_write renames the compute's axes (i -> i.c): the reducer's must follow, or
  // the cache stage reads a variable no loop defines (TVM's VarReplacer does the same).
  void cacheWriteRenamesTheReducersVariables() {
    auto p = script::EvaluateScript(LoopDependentReducerScript("s.cache_write(Y, \"local\")\n"),
                                    "loop_dep_cache_write.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  void scheduledReductionsReadingTheAxis_data() {
    QTest::addColumn<QString>("schedule");
    QTest::newRow("split of the reduce axis")
        << "ko, ki = s[Y].split(k, factor=7)\ns[Y].reorder(ko, Y.op.axis[0], ki)\n";
    QTest::newRow("cache_write then split")
        << "YL = s.cache_write(Y, \"local\")\nio, ii = s[Y].split(Y.op.axis[0], factor=5)\n"
           "s[YL].compute_at(s[Y], io)\nko, ki = s[YL].split(YL.op.reduce_axis[0], factor=8)\n";
    QTest::newRow("rfactor") << "ko, ki = s[Y].split(k, factor=8)\nYF = s.rfactor(Y, ki)\n";
    QTest::newRow("rfactor at axis 1")
        << "ko, ki = s[Y].split(k, nparts=4)\nYF = s.rfactor(Y, ko, factor_axis=1)\n"
           "s[YF].compute_at(s[Y], s[Y].op.axis[0])\n";
  }
  void scheduledReductionsReadingTheAxis() {
    QFETCH(QString, schedule);
    auto p = script::EvaluateScript(AxisFloorMaxScript(schedule.toStdString()), "floor.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // A reduce range that reads the data axis cannot become a data axis of B.rf.
  void rfactorOfAnAxisDependentRangeIsRefused() {
    std::string error = ScriptError(LoopDependentReducerScript(
        "ko, ki = s[Y].split(Y.op.reduce_axis[0], factor=2)\nYF = s.rfactor(Y, ki)\n"));
    QVERIFY2(Contains(error,
                      "t.py:12:8: error: rfactor: the range of reduction axis rv reads "
                      "y's axis n; rfactor needs reduction ranges that do not depend"),
             error.c_str());
  }

  // ir::Substitute reaches a Reduce's combine and identity, never its own arguments.
  void substituteRenamesTheReducersFreeVariables() {
    ir::Var i("i"), x("x", ir::DataType::Float(32)), y("y", ir::DataType::Float(32));
    ir::Expr fi = ir::cast(ir::DataType::Float(32), i);
    auto r = te::MakeCommReducer("r", {x}, {y}, {ir::max(x + y, fi)}, {fi});
    TE_VERIFY_OK(r);
    auto A = te::placeholder({ir::make_const(ir::DataType::Int(32), int64_t{8})},
                             ir::DataType::Float(32), "A");
    TE_VERIFY_OK(A);
    ir::IterVar k = te::reduce_axis(ir::Range(ir::make_zero(ir::DataType::Int(32)), i), "k");
    auto red = te::MakeReductions(*r, {(*A)({ir::Expr(k->var)})}, {k}, ir::Expr());
    TE_VERIFY_OK(red);
    ir::Var j("j");
    ir::Expr renamed = ir::Substitute((*red)[0], ir::VarMap{{i, j}});
    auto* n = renamed.as<ir::ReduceNode>();
    QVERIFY(n);
    QVERIFY(n->combiner != *r);
    QVERIFY(ir::UsesVar(n->combiner->result[0], j) && !ir::UsesVar(n->combiner->result[0], i));
    QVERIFY(ir::UsesVar(n->combiner->identity[0], j));
    QVERIFY(n->combiner->lhs[0].same_as(x) && n->combiner->rhs[0].same_as(y));
    // Nothing to rename: the same reducer, shared.
    ir::Expr same = ir::Substitute((*red)[0], ir::VarMap{{ir::Var("other"), j}});
    QVERIFY(same.as<ir::ReduceNode>()->combiner == *r);
    // The identity may not read the reducer's own arguments.
    auto bad = te::MakeCommReducer("bad", {x}, {y}, {x + y}, {x});
    QVERIFY(!bad.ok());
    QVERIFY2(
        Contains(bad.error().message, "comm_reducer 'bad': the identity reads 'x', an argument"),
        bad.error().message.c_str());
  }

  // A reducer named "sum" whose combine is not a sum is no all-reduce: refused where
  // its axis is bound (the all-reduce is chosen by the combine, not by the name).
  void crossThreadReductionOfANamedSumThatIsNotASum() {
    std::string error = ScriptError(LoopDependentReducerScript(
        "s[Y].bind(Y.op.reduce_axis[0], te.thread_axis(\"threadIdx.x\"))\n"));
    QVERIFY2(Contains(error,
                      "cross-thread reductions support sum, max and min (not sum, whose "
                      "combine is max("),
             error.c_str());
  }

  void illegalUsesHaveLocatedMessages_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("message");
    std::string defs = std::string(kHeader) +
                       "A = te.placeholder((8, 8), name=\"A\")\n"
                       "k = te.reduce_axis((0, 8), name=\"k\")\n";
    auto row = [&](const char* name, const std::string& tail, const char* msg) {
      QTest::newRow(name) << QString::fromStdString(defs + tail) << QString(msg);
    };
    row("combine returns too few values",
        "r = te.comm_reducer(lambda x, y: x[0] + y[0],\n"
        "                    lambda a, b: (tvm.tir.const(0, a), tvm.tir.const(0, b)))\n"
        "B = te.compute((8,), lambda i: r((k, A[i, k]), axis=k))\n",
        "t.py:5:8: error: comm_reducer 'reduce': the combine function returns 1 value for 2");
    row("combine of the wrong type",
        "r = te.comm_reducer(lambda x, y: x < y, lambda t: tvm.tir.const(0, t), name=\"lt\")\n"
        "B = te.compute((8,), lambda i: r(A[i, k], axis=k))\n",
        "t.py:5:8: error: comm_reducer 'lt': value of the combine function is bool but the "
        "reduced value is float32");
    row("identity is not an expression",
        "r = te.comm_reducer(lambda x, y: x + y, lambda t: \"zero\")\n"
        "B = te.compute((8,), lambda i: r(A[i, k], axis=k))\n",
        "t.py:5:8: error: comm_reducer 'reduce': the identity function must give expressions, not "
        "str");
    row("axis is not a reduce axis",
        "r = te.comm_reducer(lambda x, y: x + y, lambda t: tvm.tir.const(0, t))\n"
        "C = te.compute((8,), lambda i: A[i, 0])\n"
        "B = te.compute((8,), lambda i: r(A[i, 0], axis=C.op.axis[0]))\n",
        "t.py:7:32: error: comm_reducer 'reduce': axis 'i' is not a reduce axis");
    row("init is refused",
        "r = te.comm_reducer(lambda x, y: x + y, lambda t: tvm.tir.const(0, t))\n"
        "B = te.compute((8,), lambda i: r(A[i, k], axis=k, init=A[i, 0]))\n",
        "t.py:6:51: error: reduce(): init= is not supported");
    row("not a function", "r = te.comm_reducer(3, lambda t: tvm.tir.const(0, t))\n",
        "t.py:5:21: error: comm_reducer(): argument 'fcombine' must be a function");
    row("a value without an axis to combine with",
        "r = te.comm_reducer(lambda x, y: x + y, lambda t: tvm.tir.const(0, t))\n"
        "B = te.compute((8,), lambda i: r(A[i, 0]))\n",
        "t.py:6:32: error: reduce() needs an axis= to reduce over");
  }
  void illegalUsesHaveLocatedMessages() {
    QFETCH(QString, script);
    QFETCH(QString, message);
    std::string error = ScriptError(script.toStdString());
    QVERIFY2(Contains(error, message.toStdString()), error.c_str());
  }

  // A cross-thread reduction of a tuple reducer is refused where it is bound.
  void crossThreadTupleReductionIsRefused() {
    std::string error =
        ScriptError(ArgmaxScript("argmax((idx[i, k], val[i, k]), axis=k)",
                                 "s[T0].bind(k, te.thread_axis(\"threadIdx.x\"))\n"));
    QVERIFY2(Contains(error,
                      "t.py:14:7: error: bind: k is a reduction axis of T; cross-thread "
                      "reductions support single-output reductions only"),
             error.c_str());
  }
};

}  // namespace tst_comm_reducer

QTEST_APPLESS_MAIN(tst_comm_reducer::TestCommReducer)
#include "tst_comm_reducer.moc"
