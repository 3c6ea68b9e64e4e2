// The IR printer: the exact text of every node kind, the loop listings of the
// InferBound document (Ex. 4 and the CreateAttachPath example) rebuilt by hand, the
// spans that link text to nodes, and robustness (undefined nodes, deep nesting).
#include <QtTest>
#include <algorithm>
#include <map>

#include "../common/SeedListings.h"
#include "IrTestSupport.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"

namespace tst_printer {

using namespace tessera::ir;
using tessera::ir::test::MakeTensor;

namespace {

Expr F32(double v) { return FloatImm(DataType::Float(32), v); }

// A reducer with two values (argmax-like), to print multi-source reductions.
CommReducer TwoValueReducer() {
  auto r = std::make_shared<CommReducerNode>();
  Var x0("x0"), x1("x1"), y0("y0"), y1("y1");
  r->lhs = {x0, x1};
  r->rhs = {y0, y1};
  r->result = {select(x1 >= y1, x0, y0), max(x1, y1)};
  r->identity = {Expr(-1), min_value(DataType::Int(32))};
  r->name = "argmax";
  return r;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

void CompareListing(const std::string& actual, const std::string& expected) {
  auto got = Lines(actual);
  auto want = Lines(expected);
  for (size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
    if (got[i] != want[i])
      qWarning("line %zu differs:\n  got  '%s'\n  want '%s'", i + 1, got[i].c_str(),
               want[i].c_str());
    QCOMPARE(QString::fromStdString(got[i]), QString::fromStdString(want[i]));
  }
  QCOMPARE(got.size(), want.size());
}

// Every sub-expression of `roots`, by node address.
std::map<const void*, Expr> CollectExprs(const std::vector<Expr>& roots) {
  std::map<const void*, Expr> all;
  for (const Expr& r : roots) PostOrderVisit(r, [&](const Expr& e) { all[e.get()] = e; });
  return all;
}

// The InferBound document, Ex. 4 (C computed at D's innermost axis), as ScheduleOps
// builds it with debug_keep_trivial_loop.
struct Ex4 {
  DataProducer C = MakeTensor("C", {5, 16});
  DataProducer D = MakeTensor("D", {4, 5, 16});
  Var di{"di"}, dj{"dj"}, dk{"dk"}, i{"i"}, j{"j"};
  Stmt c_store, d_store, dk_loop, program;
  std::vector<Expr> roots;  // every expression placed directly in a statement

  Ex4() {
    Expr ci = i + dj, cj = j + dk;
    c_store = MakeProducerStore(C, 5, {ci, cj});
    Expr c_load = MakeProducerLoad(C, {dj, dk});
    Expr d_value = c_load * 2;
    d_store = MakeProducerStore(D, d_value, {di, dj, dk});
    Stmt produce_c =
        MakeAttr(C, "produce", 1,
                 MakeFor(i, 0, 1, ForKind::Serial, MakeFor(j, 0, 1, ForKind::Serial, c_store)));
    Stmt realize_c =
        MakeProducerRealize(C, {Range(dj, 1), Range(dk, 1)}, Expr(), MakeSeq({produce_c, d_store}));
    dk_loop =
        MakeFor(dk, 0, 16, ForKind::Serial, MakeAttr(C, "realize_scope", StringImm(""), realize_c));
    Stmt loops = MakeFor(di, 0, 4, ForKind::Serial, MakeFor(dj, 0, 5, ForKind::Serial, dk_loop));
    Stmt realize_d = MakeProducerRealize(D, {Range(0, 4), Range(0, 5), Range(0, 16)}, Expr(),
                                         MakeAttr(D, "produce", 1, loops));
    program = MakeAttr(D, "realize_scope", StringImm(""), realize_d);
    roots = {ci, cj, d_value, di, dj, dk, i, j};
  }
};

// The document's listing: tests/common/SeedListings.h.
const char* const kEx4Listing = tessera::testing::kInferBoundEx4Listing;

// The CreateAttachPath example: C attached at D, D attached at E, after flattening.
const char* kAttachPathListing =
    "// attr [D] storage_scope = \"global\"\n"
    "allocate D[int32 * 1]\n"
    "// attr [C] storage_scope = \"global\"\n"
    "allocate C[int32 * 1]\n"
    "produce E {\n"
    "  for (ei, 0, 5) {\n"
    "    for (ej, 0, 16) {\n"
    "      produce D {\n"
    "        for (di, 0, 1) {\n"
    "          for (dj, 0, 1) {\n"
    "            produce C {\n"
    "              for (ci, 0, 1) {\n"
    "                for (cj, 0, 1) {\n"
    "                  C[(ci + cj)] = 5\n"
    "                }\n"
    "              }\n"
    "            }\n"
    "            D[(di + dj)] = (C[(di + dj)]*2)\n"
    "          }\n"
    "        }\n"
    "      }\n"
    "      E[((ei*16) + ej)] = (D[0]*4)\n"
    "    }\n"
    "  }\n"
    "}\n";

Stmt SerialNest(const std::vector<std::pair<Var, int>>& loops, Stmt body) {
  for (auto it = loops.rbegin(); it != loops.rend(); ++it)
    body = MakeFor(it->first, 0, it->second, ForKind::Serial, body);
  return body;
}

}  // namespace

class TestPrinter : public QObject {
  Q_OBJECT

 private slots:
  void expressions_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<QString>("text");
    Var i("i"), j("j"), x("x"), k("k");
    Var c("c", DataType::Bool());
    Var f("f", DataType::Float(32));
    Buffer buf = MakeBuffer("C", DataType::Float(32), {16, 16});
    DataProducer A = MakeTensor("A", {16, 16}, DataType::Float(32));
    IterVar kv = MakeIterVar(Range(0, 16), k, IterVarType::CommReduce);

    QTest::newRow("int32 immediate is bare") << Expr(5) << "5";
    QTest::newRow("negative int32") << Expr(-3) << "-3";
    QTest::newRow("int64 immediate") << IntImm(DataType::Int(64), 5) << "(int64)5";
    QTest::newRow("uint8 immediate") << IntImm(DataType::UInt(8), 200) << "(uint8)200";
    QTest::newRow("bool true") << make_bool(true) << "True";
    QTest::newRow("bool false") << make_bool(false) << "False";
    QTest::newRow("float32 integral") << F32(2) << "2f";
    QTest::newRow("float32 half") << F32(0.5) << "0.5f";
    QTest::newRow("float32 shortest round trip") << F32(0.1) << "0.1f";
    QTest::newRow("float32 large") << F32(1e20) << "1e+20f";
    QTest::newRow("float64 integral") << FloatImm(DataType::Float(64), 2) << "2.0";
    QTest::newRow("float64 fraction") << FloatImm(DataType::Float(64), 0.1) << "0.1";
    QTest::newRow("float16") << FloatImm(DataType::Float(16), 0.5) << "(float16)0.5";
    QTest::newRow("float32 inf") << F32(INFINITY) << "(float32)inf";
    QTest::newRow("float64 -inf") << FloatImm(DataType::Float(64), -INFINITY) << "(float64)-inf";
    QTest::newRow("string") << StringImm("a\"b\\c") << "\"a\\\"b\\\\c\"";
    QTest::newRow("var") << Expr(i) << "i";

    QTest::newRow("add") << MakeBinary(ExprKind::Add, i, j) << "(i + j)";
    QTest::newRow("sub") << MakeBinary(ExprKind::Sub, i, j) << "(i - j)";
    QTest::newRow("mul") << MakeBinary(ExprKind::Mul, i, j) << "(i*j)";
    QTest::newRow("trunc div") << MakeBinary(ExprKind::Div, i, j) << "(i / j)";
    QTest::newRow("trunc mod") << MakeBinary(ExprKind::Mod, i, j) << "(i % j)";
    QTest::newRow("floordiv") << MakeBinary(ExprKind::FloorDiv, i, j) << "floordiv(i, j)";
    QTest::newRow("floormod") << MakeBinary(ExprKind::FloorMod, i, j) << "floormod(i, j)";
    QTest::newRow("min") << MakeBinary(ExprKind::Min, i, j) << "min(i, j)";
    QTest::newRow("max") << MakeBinary(ExprKind::Max, i, j) << "max(i, j)";
    QTest::newRow("eq") << MakeBinary(ExprKind::EQ, i, j) << "(i == j)";
    QTest::newRow("ne") << MakeBinary(ExprKind::NE, i, j) << "(i != j)";
    QTest::newRow("lt") << MakeBinary(ExprKind::LT, i, j) << "(i < j)";
    QTest::newRow("le") << MakeBinary(ExprKind::LE, i, j) << "(i <= j)";
    QTest::newRow("gt") << MakeBinary(ExprKind::GT, i, j) << "(i > j)";
    QTest::newRow("ge") << MakeBinary(ExprKind::GE, i, j) << "(i >= j)";
    QTest::newRow("and") << MakeBinary(ExprKind::And, c, c) << "(c && c)";
    QTest::newRow("or") << MakeBinary(ExprKind::Or, c, c) << "(c || c)";
    QTest::newRow("not") << MakeNot(i < j) << "!(i < j)";
    QTest::newRow("select") << MakeSelect(c, i, j) << "select(c, i, j)";
    QTest::newRow("cast") << MakeCast(DataType::Float(32), i) << "float32(i)";
    QTest::newRow("vector cast") << MakeCast(DataType::Float(32, 4), MakeRamp(i, 1, 4))
                                 << "float32x4(ramp(i, 1, 4))";
    QTest::newRow("call") << MakeCall(DataType::Float(32), "exp", {f}) << "exp(f)";
    QTest::newRow("call without args")
        << MakeCall(DataType::Int(32), "get_tick", {}) << "get_tick()";
    QTest::newRow("buffer load") << MakeBufferLoad(buf, {i, j}) << "C[i, j]";
    QTest::newRow("flattened buffer load")
        << MakeBufferLoad(buf, {i * 16 + j}) << "C[((i*16) + j)]";
    QTest::newRow("producer load") << MakeProducerLoad(A, {i, j}) << "A(i, j)";
    QTest::newRow("ramp") << MakeRamp(i * 8, 1, 8) << "ramp((i*8), 1, 8)";
    QTest::newRow("broadcast") << MakeBroadcast(F32(1), 8) << "x8(1f)";
    QTest::newRow("let") << MakeLet(x, i + 1, x * x) << "(let x = (i + 1) in (x*x))";
    QTest::newRow("reduce sum") << MakeReduce(SumReducer(DataType::Float(32)),
                                              {MakeProducerLoad(A, {i, k})}, {kv}, Expr(), 0)
                                << "reduce(sum, A(i, k), axis=[k])";
    QTest::newRow("reduce with where") << MakeReduce(MaxReducer(DataType::Float(32)),
                                                     {MakeProducerLoad(A, {i, k})}, {kv}, k < 5, 0)
                                       << "reduce(max, A(i, k), axis=[k], where=(k < 5))";
    QTest::newRow("reduce of two values") << MakeReduce(TwoValueReducer(), {k, i}, {kv}, Expr(), 1)
                                          << "reduce(argmax, [k, i], axis=[k], value_index=1)";
    QTest::newRow("nested index arithmetic")
        << floordiv(i * 16 + j, 4) - 2 << "(floordiv(((i*16) + j), 4) - 2)";
    QTest::newRow("undefined") << Expr() << "<undefined>";
    QTest::newRow("undefined operand")
        << MakeBinary(ExprKind::Add, i, Expr()) << "(i + <undefined>)";
    QTest::newRow("reduce without combiner") << MakeReduce(nullptr, {k}, {nullptr}, Expr(), 0)
                                             << "reduce(<undefined>, k, axis=[<undefined>])";
  }
  void expressions() {
    QFETCH(Expr, expr);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(to_string(expr)), text);
  }

  void statements_data() {
    QTest::addColumn<Stmt>("stmt");
    QTest::addColumn<QString>("text");
    Var i("i"), n("n"), x("x"), tx("tx");
    Buffer A = MakeBuffer("A", DataType::Float(32), {16});
    Buffer B = MakeBuffer("B", DataType::Float(32), {4}, "shared");
    DataProducer C = MakeTensor("C", {16, 16});
    Stmt store = MakeBufferStore(A, F32(0), {i});
    IterVar thread = MakeIterVar(Range(0, 32), tx, IterVarType::ThreadIndex, "threadIdx.x");
    Var thread_var("threadIdx.x");
    IterVar thread_attr =
        MakeIterVar(Range(0, 32), thread_var, IterVarType::ThreadIndex, "threadIdx.x");

    QTest::newRow("serial for") << MakeFor(i, 0, 16, ForKind::Serial, store)
                                << "for (i, 0, 16) {\n  A[i] = 0f\n}\n";
    QTest::newRow("parallel for") << MakeFor(i, 0, 16, ForKind::Parallel, store)
                                  << "parallel (i, 0, 16) {\n  A[i] = 0f\n}\n";
    QTest::newRow("vectorized for") << MakeFor(i, 0, 8, ForKind::Vectorized, store)
                                    << "vectorized (i, 0, 8) {\n  A[i] = 0f\n}\n";
    QTest::newRow("unrolled for") << MakeFor(i, 0, 4, ForKind::Unrolled, store)
                                  << "unrolled (i, 0, 4) {\n  A[i] = 0f\n}\n";
    QTest::newRow("thread-bound for")
        << MakeFor(tx, 0, 32, ForKind::ThreadBinding, MakeBufferStore(A, F32(0), {tx}), thread)
        << "threadIdx.x (tx, 0, 32) {\n  A[tx] = 0f\n}\n";
    QTest::newRow("thread binding without iter var")
        << MakeFor(tx, 0, 32, ForKind::ThreadBinding, MakeBufferStore(A, F32(0), {tx}))
        << "thread_binding (tx, 0, 32) {\n  A[tx] = 0f\n}\n";
    QTest::newRow("for with annotation")
        << Stmt(std::make_shared<const ForNode>(i, 0, 4, ForKind::Serial, store, nullptr,
                                                std::map<std::string, Expr>{{"pragma_unroll", 1}}))
        << "// annotation pragma_unroll = 1\nfor (i, 0, 4) {\n  A[i] = 0f\n}\n";
    QTest::newRow("let") << MakeLetStmt(x, n * 4, MakeBufferStore(A, F32(1), {x}))
                         << "let x = (n*4)\nA[x] = 1f\n";
    QTest::newRow("if") << MakeIf(i < n, store) << "if ((i < n)) {\n  A[i] = 0f\n}\n";
    QTest::newRow("if else") << MakeIf(i < n, store, MakeBufferStore(A, F32(1), {i}))
                             << "if ((i < n)) {\n  A[i] = 0f\n} else {\n  A[i] = 1f\n}\n";
    QTest::newRow("buffer store") << MakeBufferStore(A, MakeBufferLoad(A, {i}) * F32(2), {i})
                                  << "A[i] = (A[i]*2f)\n";
    QTest::newRow("producer store") << MakeProducerStore(C, 5, {i, n}) << "C(i, n) =5\n";
    QTest::newRow("allocate") << MakeAllocate(A->data, DataType::Float(32), {16}, Expr(), store)
                              << "allocate A[float32 * 16]\nA[i] = 0f\n";
    QTest::newRow("allocate 2-D in shared memory, conditional")
        << MakeAllocate(B->data, DataType::Float(32), {4, 4}, n > 0, MakeEvaluate(0), "shared")
        << "allocate B[float32 * 4 * 4], storage_scope = shared if (n > 0)\n0\n";
    QTest::newRow("attr on a variable")
        << MakeAttr(Expr(A->data), "storage_scope", StringImm("global"), store)
        << "// attr [A] storage_scope = \"global\"\nA[i] = 0f\n";
    QTest::newRow("attr thread_extent")
        << MakeAttr(thread_attr, "thread_extent", 32, MakeBufferStore(A, F32(0), {thread_var}))
        << "// attr [iter_var(threadIdx.x, range(min=0, ext=32), threadIdx.x)] thread_extent = 32\n"
           "A[threadIdx.x] = 0f\n";
    QTest::newRow("attr on an iter var without domain")
        << MakeAttr(MakeIterVar(Range(), tx, IterVarType::ThreadIndex, "threadIdx.x"),
                    "virtual_thread", 2, MakeEvaluate(0))
        << "// attr [iter_var(tx, , threadIdx.x)] virtual_thread = 2\n0\n";
    QTest::newRow("attr on a buffer") << MakeAttr(A, "double_buffer_scope", 1, MakeEvaluate(0))
                                      << "// attr [A] double_buffer_scope = 1\n0\n";
    QTest::newRow("attr on a string")
        << MakeAttr(std::string("x"), "pragma_debug", 1, MakeEvaluate(0))
        << "// attr [\"x\"] pragma_debug = 1\n0\n";
    QTest::newRow("attr on nothing") << MakeAttr(std::monostate{}, "k", Expr(), MakeEvaluate(0))
                                     << "// attr [<undefined>] k = <undefined>\n0\n";
    QTest::newRow("produce") << MakeAttr(C, "produce", 1, MakeProducerStore(C, 0, {i, i}))
                             << "produce C {\n  C(i, i) =0\n}\n";
    QTest::newRow("assert") << MakeAssert(n > 0, "n must be positive", store)
                            << "assert((n > 0), \"n must be positive\")\nA[i] = 0f\n";
    QTest::newRow("sequence") << MakeSeq({store, MakeBufferStore(A, F32(1), {i + 1})})
                              << "A[i] = 0f\nA[(i + 1)] = 1f\n";
    QTest::newRow("sequence inside a loop")
        << MakeFor(i, 0, 2, ForKind::Serial, MakeSeq({store, store}))
        << "for (i, 0, 2) {\n  A[i] = 0f\n  A[i] = 0f\n}\n";
    QTest::newRow("evaluate") << MakeEvaluate(MakeCall(DataType::Int(32), "tvm_storage_sync",
                                                       {StringImm("shared")}, CallKind::Intrinsic))
                              << "tvm_storage_sync(\"shared\")\n";
    QTest::newRow("realize") << MakeProducerRealize(C, {Range(i, 1), Range(0, 16)}, Expr(), store)
                             << "realize C([i, 1], [0, 16]) {\n  A[i] = 0f\n}\n";
    QTest::newRow("realize with scope and condition")
        << MakeProducerRealize(C, {Range(0, 4)}, n > 4, store, "local")
        << "realize C([0, 4]), storage_scope = local if (n > 4) {\n  A[i] = 0f\n}\n";
    QTest::newRow("undefined statement") << Stmt() << "<undefined>\n";
    QTest::newRow("loop with undefined body")
        << MakeFor(i, 0, 4, ForKind::Serial, Stmt()) << "for (i, 0, 4) {\n  <undefined>\n}\n";
    QTest::newRow("store to no buffer")
        << MakeBufferStore(nullptr, 1, {i}) << "<undefined>[i] = 1\n";
  }
  void statements() {
    QFETCH(Stmt, stmt);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(to_string(stmt)), text);
  }

  // A bound variable (loop, let, reduce axis) whose name a free variable or an enclosing
  // binding already uses prints renamed (name_1), so that the text is not ambiguous; loops
  // of one name side by side keep it.
  void ambiguousNamesAreRenamed_data() {
    QTest::addColumn<Stmt>("stmt");
    QTest::addColumn<QString>("text");
    Var i("i"), k_loop("k"), k_param("k"), i_inner("i"), i_sibling("i"), x("x"), x_param("x");
    Buffer A = MakeBuffer("A", DataType::Float(32), {16});
    QTest::newRow("loop var and parameter")
        << MakeFor(k_loop, 0, k_param, ForKind::Serial,
                   MakeBufferStore(A, F32(0), {k_loop + k_param}))
        << "for (k_1, 0, k) {\n  A[(k_1 + k)] = 0f\n}\n";
    QTest::newRow("nested loops of one name")
        << MakeFor(
               i, 0, 4, ForKind::Serial,
               MakeFor(i_inner, 0, 4, ForKind::Serial, MakeBufferStore(A, F32(0), {i + i_inner})))
        << "for (i, 0, 4) {\n  for (i_1, 0, 4) {\n    A[(i + i_1)] = 0f\n  }\n}\n";
    QTest::newRow("sibling loops of one name")
        << MakeSeq(
               {MakeFor(i, 0, 4, ForKind::Serial, MakeBufferStore(A, F32(0), {i})),
                MakeFor(i_sibling, 0, 4, ForKind::Serial, MakeBufferStore(A, F32(1), {i_sibling}))})
        << "for (i, 0, 4) {\n  A[i] = 0f\n}\nfor (i, 0, 4) {\n  A[i] = 1f\n}\n";
    QTest::newRow("let and parameter")
        << MakeLetStmt(x, x_param + 1, MakeBufferStore(A, F32(0), {x}))
        << "let x_1 = (x + 1)\nA[x_1] = 0f\n";
  }
  void ambiguousNamesAreRenamed() {
    QFETCH(Stmt, stmt);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(to_string(stmt)), text);
  }

  // A reduce axis named like a free variable of its source.
  void ambiguousReduceAxisIsRenamed() {
    DataProducer A = MakeTensor("A", {16, 16});
    Var i("i"), k("k"), k_param("k");
    IterVar kv = MakeIterVar(Range(0, k_param), k, IterVarType::CommReduce);
    Expr r = MakeReduce(SumReducer(DataType::Float(32)), {MakeProducerLoad(A, {k_param, k})}, {kv},
                        Expr(), 0);
    QCOMPARE(QString::fromStdString(to_string(r)), QString("reduce(sum, A(k, k_1), axis=[k_1])"));
  }

  void range() {
    QCOMPARE(to_string(Range(Var("dj"), 1)), std::string("[dj, 1]"));
    QCOMPARE(to_string(Range()), std::string("[<undefined>, <undefined>]"));
  }

  // InferBound document, Ex. 4: the IR after ScheduleOps, rebuilt with constructors.
  void inferBoundEx4Listing() { CompareListing(to_string(Ex4().program), kEx4Listing); }

  // InferBound document, "Building an Attach Path": C at D, D at E, flattened buffers.
  void createAttachPathListing() {
    Buffer C = MakeBuffer("C", DataType::Int(32), {1});
    Buffer D = MakeBuffer("D", DataType::Int(32), {1});
    Buffer E = MakeBuffer("E", DataType::Int(32), {5, 16});
    Var ei("ei"), ej("ej"), di("di"), dj("dj"), ci("ci"), cj("cj");
    Stmt produce_c =
        MakeAttr(C, "produce", 1, SerialNest({{ci, 1}, {cj, 1}}, MakeBufferStore(C, 5, {ci + cj})));
    Stmt d_store = MakeBufferStore(D, MakeBufferLoad(C, {di + dj}) * 2, {di + dj});
    Stmt produce_d =
        MakeAttr(D, "produce", 1, SerialNest({{di, 1}, {dj, 1}}, MakeSeq({produce_c, d_store})));
    Stmt e_store = MakeBufferStore(E, MakeBufferLoad(D, {0}) * 4, {ei * 16 + ej});
    Stmt produce_e =
        MakeAttr(E, "produce", 1, SerialNest({{ei, 5}, {ej, 16}}, MakeSeq({produce_d, e_store})));
    Stmt program = MakeAttr(
        Expr(D->data), "storage_scope", StringImm("global"),
        MakeAllocate(D->data, DataType::Int(32), {1}, Expr(),
                     MakeAttr(Expr(C->data), "storage_scope", StringImm("global"),
                              MakeAllocate(C->data, DataType::Int(32), {1}, Expr(), produce_e))));
    CompareListing(to_string(program), kAttachPathListing);
  }

  // ------------------------------------------------------------------- spans
  void spansAreWellFormed() {
    PrintedProgram p = Print(Ex4().program);
    QVERIFY(!p.spans.empty());
    for (size_t a = 0; a < p.spans.size(); ++a) {
      const PrintedSpan& s = p.spans[a];
      QVERIFY(s.begin <= s.end && s.end <= p.text.size());
      QCOMPARE(s.line, 1 + int(std::count(p.text.begin(), p.text.begin() + long(s.begin), '\n')));
      for (size_t b = a + 1; b < p.spans.size(); ++b) {
        const PrintedSpan& t = p.spans[b];
        bool disjoint = t.begin >= s.end || t.end <= s.begin;
        bool nested = t.begin >= s.begin && t.end <= s.end;  // later spans sit inside earlier
        QVERIFY2(disjoint || nested, "spans must nest");
      }
    }
  }

  void exprSpansHoldTheirOwnText() {
    Ex4 ex;
    PrintedProgram p = Print(ex.program);
    auto exprs = CollectExprs(ex.roots);
    std::map<const void*, int> seen;
    for (const PrintedSpan& s : p.spans) {
      auto it = exprs.find(s.node);
      if (it == exprs.end()) continue;
      ++seen[s.node];
      QCOMPARE(p.text.substr(s.begin, s.end - s.begin), to_string(it->second));
    }
    for (const auto& [node, e] : exprs)
      QVERIFY2(seen.count(node), ("no span for " + to_string(e)).c_str());
  }

  void stmtSpansCoverTheirText() {
    Ex4 ex;
    PrintedProgram p = Print(ex.program);
    auto store = p.SpansOf(ex.d_store.get());
    QCOMPARE(store.size(), size_t(1));
    QCOMPARE(p.text.substr(store[0]->begin, store[0]->end - store[0]->begin),
             std::string("D(di, dj, dk) =(C(dj, dk)*2)"));
    QCOMPARE(store[0]->line, 16);

    auto loop = p.SpansOf(ex.dk_loop.get());
    QCOMPARE(loop.size(), size_t(1));
    std::string loop_text = p.text.substr(loop[0]->begin, loop[0]->end - loop[0]->begin);
    QVERIFY(loop_text.starts_with("for (dk, 0, 16) {\n"));
    QVERIFY(loop_text.ends_with("\n        }"));
    QCOMPARE(loop[0]->line, 6);

    auto whole = p.SpansOf(ex.program.get());
    QCOMPARE(whole.size(), size_t(1));
    QCOMPARE(whole[0]->begin, size_t(0));
    QCOMPARE(whole[0]->end, p.text.size() - 1);  // all but the final newline
  }

  // Clicking a loop header selects its loop variable (the GUI maps it to the IterVar).
  void clickOnLoopHeaderFindsLoopVar() {
    Ex4 ex;
    PrintedProgram p = Print(ex.program);
    size_t header = p.text.find("for (dk, 0, 16)");
    QVERIFY(header != std::string::npos);
    const PrintedSpan* at_var = p.SpanAt(header + 5);
    QVERIFY(at_var);
    QCOMPARE(at_var->node, static_cast<const void*>(ex.dk.get()));
    const PrintedSpan* at_keyword = p.SpanAt(header);
    QVERIFY(at_keyword);
    QCOMPARE(at_keyword->node, static_cast<const void*>(ex.dk_loop.get()));

    // Every occurrence of dk: the header, the realize bound, C's index, D's indices.
    auto uses = p.SpansOf(ex.dk.get());
    QCOMPARE(uses.size(), size_t(5));
    QCOMPARE(uses.front()->begin, header + 5);
    for (const PrintedSpan* s : uses)
      QCOMPARE(p.text.substr(s->begin, s->end - s->begin), std::string("dk"));
  }

  void clickFindsInnermostNode() {
    Ex4 ex;
    PrintedProgram p = Print(ex.program);
    size_t store = p.text.find("C((i + dj), (j + dk)) =5");
    QVERIFY(store != std::string::npos);
    // on the tensor name: the producer
    QCOMPARE(p.SpanAt(store)->node, static_cast<const void*>(ex.C.get()));
    // on the '+' of (i + dj): the Add node
    const PrintedSpan* add = p.SpanAt(store + 5);
    QCOMPARE(p.text.substr(add->begin, add->end - add->begin), std::string("(i + dj)"));
    // on " =": the store itself
    QCOMPARE(p.SpanAt(store + 21)->node, static_cast<const void*>(ex.c_store.get()));
    // on the indentation of a line inside a loop: the innermost enclosing statement
    size_t line_start = p.text.rfind('\n', store) + 1;
    const PrintedSpan* indent = p.SpanAt(line_start);
    QVERIFY(indent);
    QVERIFY(p.text.substr(indent->begin).starts_with("for (j, 0, 1)"));
    // past the end: nothing
    QCOMPARE(p.SpanAt(p.text.size()), nullptr);
    QVERIFY(p.SpansOf(nullptr).empty());
  }

  void exprProgramSpans() {
    Var i("i");
    Expr sum = i + 1;
    Expr e = sum * 4;
    PrintedProgram p = Print(e);
    QCOMPARE(p.text, std::string("((i + 1)*4)"));
    QCOMPARE(p.spans.front().node, static_cast<const void*>(e.get()));
    auto inner = p.SpansOf(sum.get());
    QCOMPARE(inner.size(), size_t(1));
    QCOMPARE(inner[0]->begin, size_t(1));
    QCOMPARE(inner[0]->end, size_t(8));
    QCOMPARE(inner[0]->line, 1);
  }

  // ------------------------------------------------------------- robustness
  void deepExpressionIsCapped() {
    Var x("x");
    Expr left = x, right = x;
    for (int d = 0; d < 10000; ++d) {
      left = MakeBinary(ExprKind::Add, left, 1);
      right = MakeBinary(ExprKind::Mul, 2, right);
    }
    std::string l = to_string(left);
    std::string r = to_string(right);
    QVERIFY(l.find("...") != std::string::npos);
    QVERIFY(r.find("...") != std::string::npos);
    QVERIFY(l.size() < 20000);
    QVERIFY(l.starts_with(std::string(size_t(kMaxPrintDepth) - 1, '(')));
  }

  void deepStatementIsCapped() {
    Var x("x");
    Stmt lets = MakeEvaluate(x);
    Stmt loops = MakeEvaluate(x);
    for (int d = 0; d < 10000; ++d) {
      lets = MakeLetStmt(x, d, lets);
      loops = MakeFor(x, 0, 2, ForKind::Serial, loops);
    }
    QVERIFY(to_string(lets).find("...") != std::string::npos);
    PrintedProgram p = Print(loops);
    QVERIFY(p.text.find("...") != std::string::npos);
    QVERIFY(p.SpanAt(p.text.find("...")) != nullptr);
  }
};

}  // namespace tst_printer

QTEST_APPLESS_MAIN(tst_printer::TestPrinter)
#include "tst_printer.moc"
