// The oracle (reference/Reference.h): the unscheduled compute definition evaluated
// directly. Every expression kind and dtype against hand-computed values, every
// reducer, where-conditions, multi-stage graphs, symbolic shapes, the error paths,
// agreement with the IR interpreter on every shipped example, and
// CheckAgainstReference on transform_layout'ed examples.
#include <QtTest>
#include <cmath>
#include <fstream>
#include <regex>
#include <sstream>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "reference/Reference.h"
#include "runtime/IRInterpreter.h"
#include "schedule/ScheduleOps.h"
#include "script/Evaluator.h"
#include "te/Compute.h"
#include "te/Intrinsics.h"
#include "transform/LayoutArguments.h"
#include "transform/Pipeline.h"

namespace tst_reference {

using namespace tessera;
using namespace tessera::runtime;
using namespace tessera::reference;
using ir::DataType;
using ir::Expr;

namespace {

using Binary = std::function<Expr(Expr, Expr)>;

// C[0] = f(A[0], B[0]) with A, B of dtype `in`; returns C[0] as double.
Result<double> EvalBinary(DataType in, const Binary& f, double a, double b) {
  auto A = te::placeholder({1}, in, "A");
  auto B = te::placeholder({1}, in, "B");
  auto C = te::compute(
      {1}, [&](const std::vector<ir::Var>& i) { return f((*A)(i[0]), (*B)(i[0])); }, "C");
  if (!C) return C.error();
  NDArray x = NDArray::Empty({1}, in).value(), y = NDArray::Empty({1}, in).value();
  if (in.is_float()) {
    x.SetDouble(0, a);
    y.SetDouble(0, b);
  } else {
    x.SetInt(0, static_cast<int64_t>(a));
    y.SetInt(0, static_cast<int64_t>(b));
  }
  auto r = EvaluateReference({*C}, {{A->get(), x}, {B->get(), y}}, {}, {1});
  if (!r) return r.error();
  const NDArray& out = (*r)[0];
  if (out.dtype().is_uint() && out.dtype().bits() == 64)
    return static_cast<double>(static_cast<uint64_t>(out.GetInt(0)));
  return out.dtype().is_float() ? out.GetDouble(0) : static_cast<double>(out.GetInt(0));
}

struct ExprCase {
  const char* name;
  DataType in;
  Binary f;
  double a, b, expected;
};

const std::vector<ExprCase>& ExprCases() {
  static const std::vector<ExprCase> cases = {
      {"int8 add wraps", DataType::Int(8), ir::add, 100, 100, -56},
      {"int16 mul wraps", DataType::Int(16), ir::mul, 300, 300, 24464},
      {"int32 sub", DataType::Int(32), ir::sub, 5, 7, -2},
      {"int64 mul", DataType::Int(64), ir::mul, 3e9, 3, 9e9},
      {"uint8 sub wraps", DataType::UInt(8), ir::sub, 3, 5, 254},
      {"uint16 add wraps", DataType::UInt(16), ir::add, 65535, 2, 1},
      {"uint32 max", DataType::UInt(32), ir::max, 4e9, 5, 4e9},
      {"uint64 lt is unsigned", DataType::UInt(64),
       [](Expr a, Expr b) { return ir::cast(DataType::UInt(64), ir::lt(a, b)); }, -1, 2, 0},
      {"truncdiv rounds toward zero", DataType::Int(32), ir::truncdiv, -7, 2, -3},
      {"truncmod has the dividend's sign", DataType::Int(32), ir::truncmod, -7, 2, -1},
      {"floordiv rounds down", DataType::Int(32), ir::floordiv, -7, 2, -4},
      {"floormod has the divisor's sign", DataType::Int(32), ir::floormod, -7, 2, 1},
      {"uint32 floordiv", DataType::UInt(32), ir::floordiv, 4e9, 3, 1333333333},
      {"int32 min", DataType::Int(32), ir::min, -3, 2, -3},
      {"float32 add rounds to float", DataType::Float(32), ir::add, 1.0, 1e-8, 1.0},
      {"float64 add keeps double", DataType::Float(64), ir::add, 1.0, 1e-8, 1.00000001},
      {"float16 add rounds to half", DataType::Float(16), ir::add, 2048, 1, 2048},
      {"float32 div", DataType::Float(32),
       [](Expr a, Expr b) { return ir::MakeBinary(ir::ExprKind::Div, a, b); }, 1.0, 4.0, 0.25},
      {"float32 floordiv", DataType::Float(32), ir::floordiv, -7.0, 2.0, -4.0},
      {"float32 floormod", DataType::Float(32), ir::floormod, -7.0, 2.0, 1.0},
      {"float32 max", DataType::Float(32), ir::max, -1.5, 2.5, 2.5},
      {"float32 le", DataType::Float(32),
       [](Expr a, Expr b) { return ir::cast(DataType::Float(32), ir::le(a, b)); }, 2.0, 2.0, 1.0},
      {"int32 ne", DataType::Int(32),
       [](Expr a, Expr b) { return ir::cast(DataType::Int(32), ir::ne(a, b)); }, 2, 2, 0},
      {"logical and / or / not", DataType::Int(32),
       [](Expr a, Expr b) {
         Expr c = ir::logical_or(ir::logical_and(ir::gt(a, 0), ir::gt(b, 0)),
                                 ir::logical_not(ir::lt(a, 5)));
         return ir::cast(DataType::Int(32), c);
       },
       1, -1, 0},
      {"select", DataType::Float(32),
       [](Expr a, Expr b) { return ir::MakeSelect(ir::lt(a, b), a, b); }, 3, 2, 2},
      {"if_then_else", DataType::Float(32),
       [](Expr a, Expr b) { return te::if_then_else(ir::gt(a, b), ir::sub(a, b), b); }, 5, 2, 3},
      {"cast float to int truncates", DataType::Float(32),
       [](Expr a, Expr) { return ir::cast(DataType::Int(32), a); }, -2.7, 0, -2},
      {"cast int to float", DataType::Int(32),
       [](Expr a, Expr) { return ir::cast(DataType::Float(32), a); }, 16777217, 0, 16777216},
      {"cast to bool", DataType::Float(32),
       [](Expr a, Expr) { return ir::cast(DataType::Int(8), ir::cast(DataType::Bool(), a)); }, 0.5,
       0, 1},
      {"cast int32 to int8 wraps", DataType::Int(32),
       [](Expr a, Expr) { return ir::cast(DataType::Int(8), a); }, 300, 0, 44},
      {"exp", DataType::Float(64), [](Expr a, Expr) { return te::exp(a); }, 1, 0, std::exp(1.0)},
      {"exp2", DataType::Float(32), [](Expr a, Expr) { return te::exp2(a); }, 3, 0, 8},
      {"log", DataType::Float(64), [](Expr a, Expr) { return te::log(a); }, std::exp(2.0), 0, 2},
      {"log2", DataType::Float(32), [](Expr a, Expr) { return te::log2(a); }, 8, 0, 3},
      {"sqrt", DataType::Float(32), [](Expr a, Expr) { return te::sqrt(a); }, 6.25, 0, 2.5},
      {"rsqrt", DataType::Float(32), [](Expr a, Expr) { return te::rsqrt(a); }, 4, 0, 0.5},
      {"tanh", DataType::Float(64), [](Expr a, Expr) { return te::tanh(a); }, 0.5, 0,
       std::tanh(0.5)},
      {"sigmoid", DataType::Float(32), [](Expr a, Expr) { return te::sigmoid(a); }, 0, 0, 0.5},
      {"sin", DataType::Float(64), [](Expr a, Expr) { return te::sin(a); }, 1, 0, std::sin(1.0)},
      {"cos", DataType::Float(32), [](Expr a, Expr) { return te::cos(a); }, 0, 0, 1},
      {"erf", DataType::Float(64), [](Expr a, Expr) { return te::erf(a); }, 0.5, 0, std::erf(0.5)},
      {"abs of a float", DataType::Float(32), [](Expr a, Expr) { return te::abs(a); }, -3, 0, 3},
      {"abs of an int", DataType::Int(32), [](Expr a, Expr) { return te::abs(a); }, -3, 0, 3},
      {"floor", DataType::Float(32), [](Expr a, Expr) { return te::floor(a); }, -1.5, 0, -2},
      {"ceil", DataType::Float(32), [](Expr a, Expr) { return te::ceil(a); }, -1.5, 0, -1},
      {"round half to even", DataType::Float(32), [](Expr a, Expr) { return te::round(a); }, 2.5, 0,
       2},
      {"trunc", DataType::Float(32), [](Expr a, Expr) { return te::trunc(a); }, -1.5, 0, -1},
      {"pow", DataType::Float(32), [](Expr a, Expr b) { return te::pow(a, b); }, 2, 10, 1024},
      {"let", DataType::Int(32),
       [](Expr a, Expr b) {
         ir::Var x("x");
         return ir::MakeLet(x, ir::add(a, b), ir::mul(x, x));
       },
       2, 3, 25},
  };
  return cases;
}

NDArray Random(std::vector<int64_t> shape, uint64_t seed, DataType t = DataType::Float(32)) {
  NDArray a = NDArray::Empty(std::move(shape), t).value();
  a.FillRandom(seed);
  return a;
}

QString Message(const Error& e) { return QString::fromStdString(e.message); }

std::string ReadExample(const std::string& name) {
  std::ifstream in(std::string(qgetenv("TESSERA_SOURCE_DIR").constData()) + "/resources/examples/" +
                   name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The example with every shape constant of 32 or more (`M = 1024`) made 8, so that the
// IR interpreter runs the unscheduled program in a moment.
std::string Shrunk(const std::string& source) {
  static const std::regex assignment(R"(^(\w+) = (\d+)$)", std::regex::multiline);
  std::string out;
  std::sregex_iterator it(source.begin(), source.end(), assignment), end;
  size_t last = 0;
  for (; it != end; ++it) {
    out += source.substr(last, it->position() - last);
    out += std::stoll((*it)[2]) >= 32 ? (*it)[1].str() + " = 8" : it->str();
    last = it->position() + it->length();
  }
  return out + source.substr(last);
}

// Arrays for a lowered function's buffer parameters: inputs random, outputs zero.
std::vector<NDArray> MakeBuffers(const transform::PrimFunc& f, const ScalarArgs& vars,
                                 size_t num_inputs) {
  ir::VarMap sub;
  for (const ir::Var& v : f.scalar_params())
    sub[v] = ir::make_const(v.dtype(), vars.at(v.name()).as_int());
  arith::Analyzer analyzer;
  std::vector<NDArray> out;
  for (const ir::Buffer& b : f.buffer_params()) {
    std::vector<int64_t> shape;
    for (const Expr& d : b->shape) {
      const Expr extent = analyzer.Simplify(ir::Substitute(d, sub));
      shape.push_back(*ir::as_const_int(extent));
    }
    NDArray a = NDArray::Empty(shape, b->dtype).value();
    if (out.size() < num_inputs) a.FillRandom(7 + out.size());
    out.push_back(a);
  }
  return out;
}

size_t CountInputs(const std::vector<te::Tensor>& args) {
  size_t n = 0;
  for (const te::Tensor& t : args) n += t->op->kind() == te::OpKind::Placeholder;
  return n;
}

}  // namespace

class TestReference : public QObject {
  Q_OBJECT
 private slots:
  void everyExpressionKindAndDtype_data() {
    QTest::addColumn<int>("index");
    for (size_t i = 0; i < ExprCases().size(); ++i) QTest::newRow(ExprCases()[i].name) << int(i);
  }
  void everyExpressionKindAndDtype() {
    QFETCH(int, index);
    const ExprCase& c = ExprCases()[index];
    auto r = EvalBinary(c.in, c.f, c.a, c.b);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(*r, c.expected);
  }

  void reducers_data() {
    QTest::addColumn<QString>("reducer");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<double>("expected");  // over the values 3, -1, 4, -1, 5 of each row
    QTest::newRow("sum float32") << "sum"
                                 << "float32" << 10.0;
    QTest::newRow("max float32") << "max"
                                 << "float32" << 5.0;
    QTest::newRow("min float32") << "min"
                                 << "float32" << -1.0;
    QTest::newRow("sum int32") << "sum"
                               << "int32" << 10.0;
    QTest::newRow("max int32") << "max"
                               << "int32" << 5.0;
    QTest::newRow("min float64") << "min"
                                 << "float64" << -1.0;
    QTest::newRow("sum float16") << "sum"
                                 << "float16" << 10.0;
  }
  void reducers() {
    QFETCH(QString, reducer);
    QFETCH(QString, dtype);
    QFETCH(double, expected);
    DataType t = *DataType::parse(dtype.toStdString());
    auto A = *te::placeholder({2, 5}, t, "A");
    ir::IterVar k = te::reduce_axis(ir::Range(0, 5), "k");
    auto B = te::compute(
        {2},
        [&](const std::vector<ir::Var>& i) {
          Expr x = A(i[0], k->var);
          return reducer == "sum"   ? te::sum(x, {k})
                 : reducer == "max" ? te::max(x, {k})
                                    : te::min(x, {k});
        },
        "B");
    NDArray a = NDArray::Empty({2, 5}, t).value();
    double values[] = {3, -1, 4, -1, 5};
    for (int r = 0; r < 2; ++r)
      for (int j = 0; j < 5; ++j) a.SetDouble(r * 5 + j, values[j]);
    auto out = EvaluateReference({*B}, {{A.get(), a}}, {});
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE((*out)[0].GetDouble(0), expected);
    QCOMPARE((*out)[0].GetDouble(1), expected);
  }

  // A comm_reducer built by hand: the product (identity 1).
  void customProductReducer() {
    auto r = std::make_shared<ir::CommReducerNode>();
    DataType t = DataType::Float(32);
    ir::Var x("x", t), y("y", t);
    r->lhs = {x};
    r->rhs = {y};
    r->result = {ir::mul(x, y)};
    r->identity = {ir::make_const(t, 1.0)};
    r->name = "prod";
    auto A = *te::placeholder({4}, t, "A");
    ir::IterVar k = te::reduce_axis(ir::Range(0, 4), "k");
    auto B = te::compute(
        {1},
        [&](const std::vector<ir::Var>&) {
          return ir::MakeReduce(r, {A(k->var)}, {k}, ir::make_bool(true), 0);
        },
        "B");
    QVERIFY(B.ok());
    NDArray a = NDArray::Empty({4}, t).value();
    for (int i = 0; i < 4; ++i) a.SetDouble(i, i + 1.5);
    auto out = EvaluateReference({*B}, {{A.get(), a}}, {});
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE((*out)[0].GetDouble(0), double(float(float(float(1.5 * 2.5) * 3.5) * 4.5)));
  }

  // A two-value reducer with two outputs: argmax as (index, value).
  void argmaxMultiOutput() {
    DataType i32 = DataType::Int(32), f32 = DataType::Float(32);
    auto r = std::make_shared<ir::CommReducerNode>();
    ir::Var li("li", i32), lv("lv", f32), ri("ri", i32), rv("rv", f32);
    r->lhs = {li, lv};
    r->rhs = {ri, rv};
    Expr take = ir::lt(lv, rv);
    r->result = {ir::MakeSelect(take, ri, li), ir::MakeSelect(take, rv, lv)};
    r->identity = {ir::make_const(i32, int64_t{-1}), ir::min_value(f32)};
    r->name = "argmax";
    auto A = *te::placeholder({2, 6}, f32, "A");
    ir::IterVar k = te::reduce_axis(ir::Range(0, 6), "k");
    auto outs = te::compute_multi(
        {2},
        [&](const std::vector<ir::Var>& i) {
          std::vector<Expr> src = {k->var, A(i[0], k->var)};
          return std::vector<Expr>{ir::MakeReduce(r, src, {k}, ir::make_bool(true), 0),
                                   ir::MakeReduce(r, src, {k}, ir::make_bool(true), 1)};
        },
        "argmax");
    QVERIFY2(outs.ok(), outs.ok() ? "" : outs.error().message.c_str());
    NDArray a = NDArray::Empty({2, 6}, f32).value();
    double values[] = {1, 7, 3, 2, 7, 0, -5, -4, -9, -1, -3, -2};
    for (int e = 0; e < 12; ++e) a.SetDouble(e, values[e]);
    auto out = EvaluateReference(*outs, {{A.get(), a}}, {});
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE((*out)[0].GetInt(0), int64_t{1});  // the first 7 wins (strict <)
    QCOMPARE((*out)[1].GetDouble(0), 7.0);
    QCOMPARE((*out)[0].GetInt(1), int64_t{3});
    QCOMPARE((*out)[1].GetDouble(1), -1.0);
  }

  // sum over even k only; the where condition guards a read that would be out of bounds.
  void whereCondition() {
    auto A = *te::placeholder({8}, DataType::Float(32), "A");
    ir::IterVar k = te::reduce_axis(ir::Range(0, 10), "k");
    auto B = te::compute(
        {3},
        [&](const std::vector<ir::Var>& i) {
          Expr even = ir::eq(ir::floormod(k->var, 2), 0);
          return te::sum(ir::add(A(k->var), ir::cast(DataType::Float(32), i[0])), {k},
                         ir::logical_and(even, ir::lt(k->var, 8)));
        },
        "B");
    NDArray a = NDArray::Empty({8}, DataType::Float(32)).value();
    for (int e = 0; e < 8; ++e) a.SetDouble(e, e);
    auto out = EvaluateReference({*B}, {{A.get(), a}}, {});
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    for (int i = 0; i < 3; ++i) QCOMPARE((*out)[0].GetDouble(i), 0.0 + 2 + 4 + 6 + 4 * i);
  }

  // if_then_else evaluates only the taken branch: the padded read is not an error.
  void ifThenElseGuardsAnOutOfBoundsRead() {
    auto A = *te::placeholder({300}, DataType::Float(32), "A");
    auto B = te::compute(
        {302},
        [&](const std::vector<ir::Var>& i) {
          return te::if_then_else(ir::logical_and(ir::ge(i[0], 1), ir::lt(i[0], 301)),
                                  A(ir::sub(i[0], 1)), ir::make_const(DataType::Float(32), 0.0));
        },
        "B");
    NDArray a = Random({300}, 3);
    auto out = EvaluateReference({*B}, {{A.get(), a}}, {});
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE((*out)[0].GetDouble(0), 0.0);
    QCOMPARE((*out)[0].GetDouble(1), a.GetDouble(0));
    QCOMPARE((*out)[0].GetDouble(300), a.GetDouble(299));
    QCOMPARE((*out)[0].GetDouble(301), 0.0);
  }

  // Softmax-like: a stage reads two compute stages.
  void multiStageGraph() {
    auto A = *te::placeholder({3, 300}, DataType::Float(32), "A");
    ir::IterVar k = te::reduce_axis(ir::Range(0, 300), "k");
    auto M = *te::compute(
        {3}, [&](const std::vector<ir::Var>& i) { return te::max(A(i[0], k->var), {k}); }, "M");
    auto B = *te::compute(
        {3, 300}, [&](const std::vector<ir::Var>& i) { return ir::sub(A(i[0], i[1]), M(i[0])); },
        "B");
    NDArray a = Random({3, 300}, 5);
    auto out = EvaluateReference({B, M}, {{A.get(), a}}, {});
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    for (int r = 0; r < 3; ++r) {
      double m = -1e30;
      for (int j = 0; j < 300; ++j) m = std::max(m, a.GetDouble(r * 300 + j));
      QCOMPARE((*out)[1].GetDouble(r), m);
      for (int j = 0; j < 300; j += 37)
        QCOMPARE((*out)[0].GetDouble(r * 300 + j), double(float(a.GetDouble(r * 300 + j) - m)));
    }
  }

  void symbolicShapeFromVars() {
    ir::Var n = te::size_var("n");
    auto A = *te::placeholder({n}, DataType::Float(32), "A");
    auto B = *te::compute(
        {n}, [&](const std::vector<ir::Var>& i) { return ir::mul(A(i[0]), 2.0); }, "B");
    NDArray a = Random({5}, 1);
    auto given = EvaluateReference({B}, {{A.get(), a}}, {{"n", 5}});
    QVERIFY(given.ok());
    QCOMPARE((*given)[0].shape(), std::vector<int64_t>{5});
    QCOMPARE((*given)[0].GetDouble(4), double(float(a.GetDouble(4) * 2)));
    auto inferred = EvaluateReference({B}, {{A.get(), a}}, {});  // n from A's extent
    QVERIFY(inferred.ok());
    QCOMPARE((*inferred)[0].shape(), std::vector<int64_t>{5});
  }

  void errors_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing input") << 0 << "missing input 'A'";
    QTest::newRow("wrong shape") << 1 << "input 'A' has shape [5]; the program expects [6]";
    QTest::newRow("wrong dtype") << 2 << "input 'A' is int32; the program reads float32";
    QTest::newRow("out-of-bounds read names stage and index")
        << 3 << "stage B: out-of-bounds read A[6] (shape [6])";
    QTest::newRow("integer division by zero") << 4 << "stage D: integer division by zero";
    QTest::newRow("shape variable without a value")
        << 5
        << "the shape of input 'A': stage A: the variable 'm' has no value (not an axis of the "
           "stage and not a given scalar argument)";
  }
  void errors() {
    QFETCH(int, which);
    QFETCH(QString, message);
    ir::Var n = te::size_var("n");
    auto A = *te::placeholder({n}, DataType::Float(32), "A");
    auto B = *te::compute(
        {n}, [&](const std::vector<ir::Var>& i) { return A(ir::add(i[0], 1)); }, "B");
    auto I = *te::placeholder({4}, DataType::Int(32), "I");
    auto D = *te::compute(
        {4}, [&](const std::vector<ir::Var>& i) { return ir::truncdiv(10, I(i[0])); }, "D");
    ir::Var m = te::size_var("m");
    auto P = *te::placeholder({ir::add(m, 1)}, DataType::Float(32), "A");
    auto Q = *te::compute(
        {4}, [&](const std::vector<ir::Var>& i) { return P(i[0]); }, "Q");
    Result<std::vector<NDArray>> r = Error("not run");
    switch (which) {
      case 0:
        r = EvaluateReference({B}, {}, {{"n", 6}});
        break;
      case 1:
        r = EvaluateReference({B}, {{A.get(), Random({5}, 1)}}, {{"n", 6}});
        break;
      case 2:
        r = EvaluateReference({B}, {{A.get(), Random({6}, 1, DataType::Int(32))}}, {});
        break;
      case 3:
        r = EvaluateReference({B}, {{A.get(), Random({6}, 1)}}, {});
        break;
      case 4: {
        NDArray i = NDArray::Empty({4}, DataType::Int(32)).value();
        i.Fill(1);
        i.SetInt(2, 0);
        r = EvaluateReference({D}, {{I.get(), i}}, {});
        break;
      }
      case 5:
        r = EvaluateReference({Q}, {{P.get(), Random({5}, 1)}}, {});
        break;
    }
    QVERIFY(!r.ok());
    QCOMPARE(Message(r.error()), message);
  }

  // The oracle against the IR interpreter running the unscheduled lowered program, on
  // every shipped example (shapes shrunk, symbolic ones at 8).
  void agreesWithTheInterpreterOnEveryExample_data() {
    QTest::addColumn<QString>("file");
    QDir dir(QString::fromLocal8Bit(qgetenv("TESSERA_SOURCE_DIR")) + "/resources/examples");
    for (const QString& f : dir.entryList({"*.py"}, QDir::Files, QDir::Name))
      QTest::newRow(f.toUtf8().constData()) << f;
  }
  void agreesWithTheInterpreterOnEveryExample() {
    QFETCH(QString, file);
    auto program =
        script::EvaluateScript(Shrunk(ReadExample(file.toStdString())), file.toStdString());
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().message.c_str());
    auto sch = schedule::create_schedule(program->schedule->outputs);
    QVERIFY(sch.ok());
    auto stmt = schedule::Lower(*sch);
    QVERIFY2(stmt.ok(), stmt.ok() ? "" : stmt.error().message.c_str());
    std::vector<te::Tensor> args = program->Arguments();
    std::vector<ir::DataProducer> producers;
    for (const te::Tensor& t : args) producers.push_back(t.producer());
    auto lowered = transform::LowerToPrimFunc(*stmt, producers, "main");
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    ScalarArgs vars;
    for (const ir::Var& v : lowered->func.scalar_params()) vars[v.name()] = 8;
    std::vector<NDArray> buffers = MakeBuffers(lowered->func, vars, CountInputs(args));
    QVERIFY(runtime::Interpret(lowered->func, buffers, vars).ok());
    auto checks = CheckAgainstReference(*sch, args, buffers, vars);
    QVERIFY2(checks.ok(), checks.ok() ? "" : checks.error().message.c_str());
    QVERIFY(!checks->empty());
    for (const OutputCheck& c : *checks)
      QVERIFY2(c.result.ok(), (c.tensor + ": " + c.result.str()).c_str());
  }

  // A scheduled, transform_layout'ed kernel (run by the IR interpreter on physical
  // arrays) checked against the oracle; one flipped output element is found, a changed
  // padding cell is not compared.
  void checkAgainstReferenceReadsPhysicalLayouts_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("padding_cell");  // flat index of an output padding cell, -1: none
    QTest::newRow("layout_padding (output B padded 14 -> 4x4)") << "layout_padding.py" << 15;
    QTest::newRow("gemm_padded_operands (inputs padded)") << "gemm_padded_operands.py" << -1;
    QTest::newRow("row_summation_padded (input padded)") << "row_summation_padded.py" << -1;
  }
  void checkAgainstReferenceReadsPhysicalLayouts() {
    QFETCH(QString, file);
    QFETCH(int, padding_cell);
    auto program = script::EvaluateScript(ReadExample(file.toStdString()), file.toStdString());
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().message.c_str());
    const schedule::Schedule& sch = *program->schedule;
    auto stmt = schedule::Lower(sch);
    QVERIFY(stmt.ok());
    std::vector<te::Tensor> args = program->Arguments();
    std::vector<ir::DataProducer> producers;
    for (const te::Tensor& t : args) producers.push_back(t.producer());
    transform::PassContext ctx;
    transform::AddLayoutArgBuffers(sch, producers, &ctx);
    auto lowered = transform::LowerToPrimFunc(*stmt, producers, "main", ctx);
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    std::vector<NDArray> buffers = MakeBuffers(lowered->func, {}, CountInputs(args));
    // Inputs hold their pad value in their padding (what the caller must do).
    for (size_t i = 0; i < CountInputs(args); ++i)
      for (const schedule::Stage& s : sch.stages)
        for (const layout::PhysicalTensor& p : schedule::PhysicalTensorsOf(*s))
          if (p->producer_name() == args[i].name()) {
            auto fill = transform::MakePaddingFill(p);
            QVERIFY(fill.ok());
            QVERIFY(Interpret(*fill, {buffers[i]}).ok());
          }
    QVERIFY(Interpret(lowered->func, buffers, {}).ok());
    auto checks = CheckAgainstReference(sch, args, buffers, {});
    QVERIFY2(checks.ok(), checks.ok() ? "" : checks.error().message.c_str());
    QCOMPARE(checks->size(), size_t{1});
    QVERIFY2((*checks)[0].result.ok(), (*checks)[0].result.str().c_str());

    NDArray& out = buffers.back();
    if (padding_cell >= 0) {
      out.SetDouble(padding_cell, 1234.0);
      auto still = CheckAgainstReference(sch, args, buffers, {});
      QVERIFY(still.ok());
      QVERIFY2((*still)[0].result.ok(), "a padding cell was compared");
    }
    out.SetDouble(3, out.GetDouble(3) + 1.0);
    auto broken = CheckAgainstReference(sch, args, buffers, {});
    QVERIFY(broken.ok());
    QVERIFY(!(*broken)[0].result.ok());
    QCOMPARE((*broken)[0].result.mismatches, int64_t{1});
  }

  // A triangular reduction: k's extent depends on the innermost output axis (every
  // element is then evaluated on its own).
  void reduceDomainDependsOnAnOutputAxis() {
    auto A = *te::placeholder({300}, DataType::Float(64), "A");
    auto B = te::compute(
        {2, 300},
        [&](const std::vector<ir::Var>& i) {
          ir::IterVar k = te::reduce_axis(ir::Range(0, ir::add(i[1], 1)), "k");
          return te::sum(ir::mul(A(k->var), ir::cast(DataType::Float(64), ir::add(i[0], 1))), {k});
        },
        "B");
    QVERIFY2(B.ok(), B.ok() ? "" : B.error().message.c_str());
    NDArray a = NDArray::Empty({300}, DataType::Float(64)).value();
    for (int e = 0; e < 300; ++e) a.SetDouble(e, e);
    auto out = EvaluateReference({*B}, {{A.get(), a}}, {});
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    for (int r = 0; r < 2; ++r)
      for (int c : {0, 1, 255, 256, 299})
        QCOMPARE((*out)[0].GetDouble(r * 300 + c), (r + 1) * c * (c + 1) / 2.0);
  }

  // A where condition on the batch axis (a lane mask), guarding reads past the end.
  void whereConditionPerLane() {
    auto A = *te::placeholder({300}, DataType::Int(32), "A");
    ir::IterVar k = te::reduce_axis(ir::Range(0, 300), "k");
    auto B = te::compute(
        {300},
        [&](const std::vector<ir::Var>& i) {
          return te::sum(A(ir::add(i[0], k->var)), {k}, ir::lt(ir::add(i[0], k->var), 300));
        },
        "B");
    NDArray a = NDArray::Empty({300}, DataType::Int(32)).value();
    a.Fill(1);
    auto out = EvaluateReference({*B}, {{A.get(), a}}, {});
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    for (int i : {0, 1, 255, 256, 299}) QCOMPARE((*out)[0].GetInt(i), int64_t{300 - i});
  }

  // An element-wise compute with two outputs.
  void elementwiseMultiOutput() {
    auto A = *te::placeholder({5}, DataType::Float(32), "A");
    auto outs = te::compute_multi(
        {5},
        [&](const std::vector<ir::Var>& i) {
          return std::vector<Expr>{ir::add(A(i[0]), 1.0), ir::mul(A(i[0]), 3.0)};
        },
        "two");
    QVERIFY(outs.ok());
    NDArray a = Random({5}, 9);
    auto out = EvaluateReference(*outs, {{A.get(), a}}, {});
    QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
    QCOMPARE((*out)[0].GetDouble(2), double(float(a.GetDouble(2) + 1)));
    QCOMPARE((*out)[1].GetDouble(2), double(float(a.GetDouble(2) * 3)));
  }

  void threadCountsAgree() {
    auto A = *te::placeholder({37, 70}, DataType::Float(32), "A");
    auto B = *te::placeholder({70, 300}, DataType::Float(32), "B");
    ir::IterVar k = te::reduce_axis(ir::Range(0, 70), "k");
    auto C = *te::compute(
        {37, 300},
        [&](const std::vector<ir::Var>& i) {
          return te::sum(ir::mul(A(i[0], k->var), B(k->var, i[1])), {k});
        },
        "C");
    TensorArrays in{{A.get(), Random({37, 70}, 1)}, {B.get(), Random({70, 300}, 2)}};
    auto one = EvaluateReference({C}, in, {}, {1});
    auto many = EvaluateReference({C}, in, {}, {3});
    QVERIFY(one.ok() && many.ok());
    CompareResult r = Compare((*many)[0], (*one)[0], Tolerance{});
    QVERIFY2(r.ok(), r.str().c_str());
    // C[5, 299] accumulated in float32, in k order.
    float acc = 0;
    const NDArray& a = in.at(A.get());
    const NDArray& b = in.at(B.get());
    for (int kk = 0; kk < 70; ++kk) {
      volatile float product = float(a.GetDouble(5 * 70 + kk)) * float(b.GetDouble(kk * 300 + 299));
      acc = acc + product;
    }
    QCOMPARE((*one)[0].GetDouble(5 * 300 + 299), double(acc));
  }
};

}  // namespace tst_reference

QTEST_APPLESS_MAIN(tst_reference::TestReference)
#include "tst_reference.moc"
