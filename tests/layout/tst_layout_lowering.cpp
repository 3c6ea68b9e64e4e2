// Lowering of layout transforms (RFC 0077, shared/seeds/rfc0077-digest.md §1.3, §1.9,
// §1.10 and the testable behaviours of §4): padding writes after a producer, the input
// assumption, each pad_value form, the overcompute and branching directions for
// row_summation, and differential checks — a kernel computed through a padded layout
// gives the same logical results as without it (reference interpreter and LLVM).
#include <QtTest>

#include "LayoutTestSupport.h"
#include "ir/Functor.h"
#include "runtime/LLVMModule.h"
#include "schedule/LayoutLowering.h"

namespace tst_layout_lowering {

using namespace tessera;
using namespace tessera::testing;
using namespace tessera::schedule;
using layout::PadValue;

namespace {

std::string Text(const ir::Stmt& s) { return ir::to_string(s); }

// The IR after a pipeline pass.
std::string After(const transform::LoweredProgram& p, const std::string& pass) {
  const transform::PassRecord* r = p.After(pass);
  return r ? r->ir : "";
}

// Runs `func` on `arrays` with the interpreter, and with LLVM when it is available.
void RunBoth(const transform::PrimFunc& func, std::vector<NDArray> arrays,
             std::vector<NDArray>* interpreted, std::vector<NDArray>* compiled,
             const runtime::ScalarArgs& scalars = {}) {
  for (const NDArray& a : arrays) interpreted->push_back(a.Clone());
  Status st = runtime::Interpret(func, *interpreted, scalars);
  QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
  if (!codegen::LLVMAvailable()) return;
  auto kernel = runtime::BuildLLVM(func);
  QVERIFY2(kernel.ok(), kernel.ok() ? "" : kernel.error().message.c_str());
  for (const NDArray& a : arrays) compiled->push_back(a.Clone());
  st = kernel->Call(*compiled, scalars);
  QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
}

void ExpectNear(const std::vector<double>& got, const std::vector<double>& want,
                double tol = 1e-4) {
  QCOMPARE(got.size(), want.size());
  for (size_t k = 0; k < got.size(); ++k)
    if (std::abs(got[k] - want[k]) > tol * (1 + std::abs(want[k])))
      QFAIL(("element " + std::to_string(k) + ": " + std::to_string(got[k]) +
             " != " + std::to_string(want[k]))
                .c_str());
}

// row_summation (digest §1.9): A (16, 14), B[i] = sum_j A[i, j]; A transformed to
// [i, j // 4, j % 4] and the reduction split by 4, so that its loops follow A's layout.
struct RowSummation {
  te::Tensor A = *te::placeholder({16, 14}, DataType::Float(32), "A");
  IterVar j = te::reduce_axis(ir::Range(0, 14), "j");
  te::Tensor B = Compute({16}, [&](auto& v) { return te::sum(A(v[0], j->var), {j}); }, "B", {"i"});
  Schedule sch = std::move(create_schedule({B}).value());
  IterVar jo, ji;
  RowSummation(PadValue pad, const char* pragma) {
    Var i("i"), jj("j");
    auto map = Map({i, jj}, {i, ir::floordiv(jj, Expr(4)), ir::floormod(jj, Expr(4))});
    QVERIFY(TransformLayout(sch, sch.find("A"), map, pad).ok());
    auto parts = *Split(sch, sch.find("B"), j, 4);
    jo = parts.first;
    ji = parts.second;
    if (pragma) QVERIFY(Pragma(sch, sch.find("B"), jo, pragma).ok());
  }
};

// The guard of row_summation's update after LayoutOvercompute.
bool UpdateIsGuarded(const transform::LoweredProgram& p) {
  return After(p, "LayoutOvercompute").find("if (likely") != std::string::npos;
}

void CheckRowSummation(const RowSummation& w, const transform::LoweredProgram& p, double padding) {
  std::vector<double> a = Iota(16 * 14, 0.25, -3.0);
  std::vector<NDArray> interp, compiled;
  RunBoth(p.func,
          {Pack(a, w.sch.find("A")->layout->padded, DataType::Float(32), padding), Array({16})},
          &interp, &compiled);
  std::vector<double> want;
  for (int i = 0; i < 16; ++i) {
    double s = 0;
    for (int j = 0; j < 14; ++j) s += a[static_cast<size_t>(i * 14 + j)];
    want.push_back(s);
  }
  ExpectNear(Values(interp[1]), want);
  if (!compiled.empty()) ExpectNear(Values(compiled[1]), want);
}

}  // namespace

class TestLayoutLowering : public QObject {
  Q_OBJECT

 private slots:
  // Digest §1.3 (L1732-1752) and §4 item 6: the producer of B[14] under [i//4, i%4]
  // with pad_value=-2 is followed by a stage writing -2 where 4*io + ii >= 14.
  void outputPaddingIsWrittenAfterTheProducer() {
    te::Tensor B =
        Compute({14}, [&](auto& v) { return ir::cast(DataType::Float(32), v[0]); }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    QVERIFY(TransformLayout(sch, sch.find("B"), SplitMap(4), PadValue::Constant(Expr(-2.0))).ok());
    auto stmt = Lower(sch);
    QVERIFY2(stmt.ok(), stmt.ok() ? "" : stmt.error().message.c_str());
    std::string text = Text(*stmt);
    size_t produce = text.find("produce B"), pad = text.find("padding_write");
    QVERIFY2(produce != std::string::npos && pad != std::string::npos && produce < pad,
             text.c_str());
    QVERIFY2(text.find("realize B([0, 4], [0, 4])") != std::string::npos, text.c_str());
    QVERIFY2(text.find("B(axis0, axis1) =") != std::string::npos,
             text.c_str());  // loops follow the layout
    QVERIFY2(text.find("-2") != std::string::npos, text.c_str());

    auto p = LowerWithLayouts(sch, {B});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    std::vector<NDArray> interp, compiled;
    RunBoth(p->func, {Array({4, 4})}, &interp, &compiled);
    const auto& l = sch.find("B")->layout->padded;
    ExpectNear(Unpack(interp[0], l), Iota(14));
    ExpectNear(PaddingValues(interp[0], l), {-2.0, -2.0});
    if (!compiled.empty()) ExpectNear(Values(compiled[0]), Values(interp[0]));
  }

  // The padding loop visits only the padding cells (io = 3, ii in [2, 4)), unguarded.
  void paddingWriteVisitsOnlyThePaddingCells() {
    te::Tensor B =
        Compute({14}, [&](auto& v) { return ir::cast(DataType::Float(32), v[0]); }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    QVERIFY(TransformLayout(sch, sch.find("B"), SplitMap(4), PadValue::Constant(Expr(-2.0))).ok());
    auto phys = PhysicalTensorsOf(*sch.find("B"));
    std::string text = Text(MakePaddingWrite(phys[0]));
    QVERIFY2(text.find("for (io, 3, 1)") != std::string::npos, text.c_str());
    QVERIFY2(text.find("for (ii, 2, 2)") != std::string::npos, text.c_str());
    QVERIFY2(text.find("if") == std::string::npos, text.c_str());
  }

  // Digest §1.3 and §4 item 7: an input with pad_value=-1 gets a leading assumption,
  // which lowering removes.
  void inputPaddingIsAnAssumption() {
    te::Tensor A = *te::placeholder({14}, DataType::Float(32), "A");
    te::Tensor B = Compute({14}, [&](auto& v) { return A(v[0]) + 1.0; }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    QVERIFY(TransformLayout(sch, sch.find("A"), SplitMap(4), PadValue::Constant(Expr(-1.0))).ok());
    auto stmt = Lower(sch);
    QVERIFY(stmt.ok());
    std::string text = Text(*stmt);
    size_t assume = text.find("assume(");
    QVERIFY2(assume != std::string::npos && assume < text.find("produce B"), text.c_str());
    QVERIFY2(text.find("A(io, ii) == -1f") != std::string::npos, text.c_str());
    QVERIFY2(text.find("A(floordiv(i, 4), floormod(i, 4))") != std::string::npos, text.c_str());
    QVERIFY2(text.find("padding_write") == std::string::npos,
             text.c_str());  // inputs are not written
    auto p = LowerWithLayouts(sch, {A, B});
    QVERIFY(p.ok());
    QVERIFY(Text(p->func.body).find("assume") == std::string::npos);
    QCOMPARE(ConstShape(p->func.buffer_params()[0]->shape), (std::vector<int64_t>{4, 4}));
    std::vector<NDArray> interp, compiled;
    RunBoth(p->func,
            {Pack(Iota(14), sch.find("A")->layout->padded, DataType::Float(32), -1.0), Array({14})},
            &interp, &compiled);
    ExpectNear(Values(interp[1]), Iota(14, 1.0, 1.0));
    if (!compiled.empty()) ExpectNear(Values(compiled[1]), Iota(14, 1.0, 1.0));
  }

  // Digest §4 item 8: without a pad value nothing touches the padding.
  void noPadValueWritesAndAssumesNothing() {
    te::Tensor A = *te::placeholder({14}, DataType::Float(32), "A");
    te::Tensor B = Compute({14}, [&](auto& v) { return A(v[0]) + 1.0; }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    QVERIFY(TransformLayout(sch, sch.find("A"), SplitMap(4)).ok());
    QVERIFY(TransformLayout(sch, sch.find("B"), SplitMap(4)).ok());
    std::string text = Text(*Lower(sch));
    QVERIFY2(text.find("assume") == std::string::npos, text.c_str());
    QVERIFY2(text.find("padding_write") == std::string::npos, text.c_str());
    QVERIFY2(text.find("if (likely(") != std::string::npos,
             text.c_str());  // B's padding cells skipped
    auto p = LowerWithLayouts(sch, {A, B});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    NDArray out = Array({4, 4});
    out.Fill(7.0);  // whatever the padding holds stays
    std::vector<NDArray> interp, compiled;
    RunBoth(p->func, {Pack(Iota(14), sch.find("A")->layout->padded), out}, &interp, &compiled);
    const auto& lb = sch.find("B")->layout->padded;
    ExpectNear(Unpack(interp[1], lb), Iota(14, 1.0, 1.0));
    ExpectNear(PaddingValues(interp[1], lb), {7.0, 7.0});
  }

  // A load that provably reads padding without a pad value is an error.
  void readingPaddingWithoutAPadValueIsAnError() {
    te::Tensor A = *te::placeholder({14}, DataType::Float(32), "A");
    te::Tensor B = Compute({14}, [&](auto& v) { return A(v[0]) + A(Expr(15)); }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    QVERIFY(TransformLayout(sch, sch.find("A"), SplitMap(4)).ok());
    auto p = LowerWithLayouts(sch, {A, B});
    QVERIFY(!p.ok());
    QVERIFY2(p.error().message.find("padding cell") != std::string::npos,
             p.error().message.c_str());
    QVERIFY2(p.error().message.find("pad_value") != std::string::npos, p.error().message.c_str());
  }

  // Digest §1.9 and §4 item 12: with zero padding the guard 4*jo + ji < 14 is dropped
  // when overcompute is asked for, and the result is the same.
  void rowSummationOvercomputeWithZeroPadding() {
    RowSummation w(PadValue::Constant(Expr(0.0)), "overcompute");
    auto p = LowerWithLayouts(w.sch, {w.A, w.B});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    QVERIFY2(After(*p, "Input").find("if (likely") != std::string::npos,
             After(*p, "Input").c_str());
    QVERIFY2(!UpdateIsGuarded(*p), After(*p, "LayoutOvercompute").c_str());
    QVERIFY2(After(*p, "LayoutOvercompute").find("pragma_overcompute") == std::string::npos,
             After(*p, "LayoutOvercompute").c_str());
    CheckRowSummation(w, *p, 0.0);
  }

  // ... the branching direction keeps it (the default, and pragma "branching").
  void rowSummationBranchingKeepsTheGuard_data() {
    QTest::addColumn<QString>("pragma");
    QTest::newRow("default") << "";
    QTest::newRow("branching") << "branching";
  }
  void rowSummationBranchingKeepsTheGuard() {
    QFETCH(QString, pragma);
    std::string pr = pragma.toStdString();
    RowSummation w(PadValue::Constant(Expr(0.0)), pr.empty() ? nullptr : pr.c_str());
    auto p = LowerWithLayouts(w.sch, {w.A, w.B});
    QVERIFY(p.ok());
    QVERIFY(UpdateIsGuarded(*p));
    CheckRowSummation(w, *p, 0.0);
  }

  // ... and without a pad value the guard stays even when overcompute is asked for.
  void rowSummationWithoutPaddingValueKeepsTheGuard() {
    RowSummation w(PadValue(), "overcompute");
    auto p = LowerWithLayouts(w.sch, {w.A, w.B});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    QVERIFY(UpdateIsGuarded(*p));
    CheckRowSummation(w, *p, std::nan(""));  // NaN padding would poison an unguarded sum
  }

  // Nonzero padding makes the extra work change B: the guard stays.
  void rowSummationWithNonzeroPaddingKeepsTheGuard() {
    RowSummation w(PadValue::Constant(Expr(1.0)), "overcompute");
    auto p = LowerWithLayouts(w.sch, {w.A, w.B});
    QVERIFY(p.ok());
    QVERIFY(UpdateIsGuarded(*p));
    CheckRowSummation(w, *p, 1.0);
  }

  // A max reduction with -inf padding (maxpool, digest §1.10) overcomputes too.
  void rowMaxOvercomputeWithLowestPadding() {
    te::Tensor A = *te::placeholder({3, 14}, DataType::Float(32), "A");
    IterVar j = te::reduce_axis(ir::Range(0, 14), "j");
    te::Tensor B = Compute({3}, [&](auto& v) { return te::max(A(v[0], j->var), {j}); }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    Var i("i"), jj("j");
    auto map = Map({i, jj}, {i, ir::floordiv(jj, Expr(4)), ir::floormod(jj, Expr(4))});
    QVERIFY(TransformLayout(sch, sch.find("A"), map,
                            PadValue::Constant(ir::min_value(DataType::Float(32))))
                .ok());
    auto parts = *Split(sch, sch.find("B"), j, 4);
    QVERIFY(Pragma(sch, sch.find("B"), parts.first, "overcompute").ok());
    auto p = LowerWithLayouts(sch, {A, B});
    QVERIFY(p.ok());
    QVERIFY2(!UpdateIsGuarded(*p), After(*p, "LayoutOvercompute").c_str());
    std::vector<double> a = Iota(42, -0.5, 3.0);
    std::vector<NDArray> interp, compiled;
    RunBoth(p->func,
            {Pack(a, sch.find("A")->layout->padded, DataType::Float(32), -INFINITY), Array({3})},
            &interp, &compiled);
    ExpectNear(Values(interp[1]), {3.0, -4.0, -11.0});
    if (!compiled.empty()) ExpectNear(Values(compiled[1]), {3.0, -4.0, -11.0});
  }

  // The RFC's conv1d caution (digest §2): a producer whose loops follow its padded
  // layout may compute its padding cells when they are rewritten afterwards — but
  // only if the reads it adds stay in bounds.
  void producerOvercomputesIntoRewrittenPadding() {
    te::Tensor A = *te::placeholder({16}, DataType::Float(32), "A");
    te::Tensor B = Compute({14}, [&](auto& v) { return A(v[0]) + A(v[0] + 2); }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    auto vars = *TransformLayout(sch, sch.find("B"), SplitMap(4), PadValue::Constant(Expr(0.0)));
    QVERIFY(Pragma(sch, sch.find("B"), vars[0], "overcompute").ok());
    auto p = LowerWithLayouts(sch, {A, B});
    QVERIFY(p.ok());
    // i = 4*io + ii reaches 15 in the padding: A[17] would be out of bounds, so the guard stays.
    QVERIFY2(After(*p, "LayoutOvercompute").find("if (likely") != std::string::npos,
             After(*p, "LayoutOvercompute").c_str());

    te::Tensor C = Compute({14}, [&](auto& v) { return A(v[0]) * 3.0; }, "C", {"i"});
    Schedule sch2 = std::move(create_schedule({C}).value());
    auto v2 = *TransformLayout(sch2, sch2.find("C"), SplitMap(4), PadValue::Constant(Expr(0.0)));
    QVERIFY(Pragma(sch2, sch2.find("C"), v2[0], "overcompute").ok());
    auto p2 = LowerWithLayouts(sch2, {A, C});
    QVERIFY(p2.ok());
    QVERIFY2(After(*p2, "LayoutOvercompute").find("if (likely") == std::string::npos,
             After(*p2, "LayoutOvercompute").c_str());
    std::vector<NDArray> interp, compiled;
    NDArray a = Array({16});
    for (int k = 0; k < 16; ++k) a.SetDouble(k, k);
    RunBoth(p2->func, {a, Array({4, 4})}, &interp, &compiled);
    const auto& l = sch2.find("C")->layout->padded;
    ExpectNear(Unpack(interp[1], l), Iota(14, 3.0));
    ExpectNear(PaddingValues(interp[1], l), {0.0, 0.0});  // rewritten after the overcompute
    if (!compiled.empty()) ExpectNear(Values(compiled[1]), Values(interp[1]));
  }

  // Digest §1.2: each pad_value form, on B[14] = i under [i//4, i%4]; the padding cells
  // are (3, 2) and (3, 3).
  void padValueForms_data() {
    QTest::addColumn<int>("form");
    QTest::addColumn<QList<double>>("padding");
    QTest::newRow("constant 0.0") << 0 << QList<double>{0.0, 0.0};
    QTest::newRow("lambda io, ii: 10*io + ii") << 1 << QList<double>{32.0, 33.0};
    QTest::newRow("undef: left as it was") << 2 << QList<double>{7.0, 7.0};
    QTest::newRow("none: left as it was") << 3 << QList<double>{7.0, 7.0};
    QTest::newRow("wraps to the beginning: B[0, (4*io + ii - 14) % 4]")
        << 4 << QList<double>{0.0, 1.0};
  }
  void padValueForms() {
    QFETCH(int, form);
    QFETCH(QList<double>, padding);
    te::Tensor B =
        Compute({14}, [&](auto& v) { return ir::cast(DataType::Float(32), v[0]); }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    Var io("io"), ii("ii");
    PadValue pad;
    if (form == 0) pad = PadValue::Constant(Expr(0.0));
    if (form == 1) pad = PadValue::Function({io, ii}, ir::cast(DataType::Float(32), io * 10 + ii));
    if (form == 2) pad = PadValue::Undef();
    if (form == 4)
      pad = PadValue::Function({io, ii}, B(Expr(0), ir::floormod(io * 4 + ii - 14, Expr(4))));
    auto vars = TransformLayout(sch, sch.find("B"), SplitMap(4), pad);
    QVERIFY2(vars.ok(), vars.ok() ? "" : vars.error().message.c_str());
    auto p = LowerWithLayouts(sch, {B});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    QCOMPARE(After(*p, "Input").find("padding_write") != std::string::npos, pad.has_value());
    NDArray out = Array({4, 4});
    out.Fill(7.0);
    std::vector<NDArray> interp, compiled;
    RunBoth(p->func, {out}, &interp, &compiled);
    const auto& l = sch.find("B")->layout->padded;
    ExpectNear(Unpack(interp[0], l), Iota(14));
    ExpectNear(PaddingValues(interp[0], l), std::vector<double>(padding.begin(), padding.end()));
    if (!compiled.empty()) ExpectNear(Values(compiled[0]), Values(interp[0]));
  }

  // Every worked example of digest §1.1 as an output layout: loops over the physical
  // shape, guards (also below the range, for the offset maps), padding values, data.
  void digestExamplesAsOutputs_data() {
    QTest::addColumn<int>("length");
    QTest::addColumn<int>("offset");
    QTest::addColumn<int>("divisor");
    QTest::newRow("A[16] i//8, i%8") << 16 << 0 << 8;
    QTest::newRow("B[14] i//8, i%8") << 14 << 0 << 8;
    QTest::newRow("B[14] (i+2)//8, (i+2)%8") << 14 << 2 << 8;
    QTest::newRow("A[16] (i+2)//8, (i+2)%8") << 16 << 2 << 8;
    QTest::newRow("B[14] i//4, i%4") << 14 << 0 << 4;
  }
  void digestExamplesAsOutputs() {
    QFETCH(int, length);
    QFETCH(int, offset);
    QFETCH(int, divisor);
    te::Tensor A = *te::placeholder({length}, DataType::Float(32), "A");
    te::Tensor B = Compute({length}, [&](auto& v) { return A(v[0]) * 2.0; }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    Var i("i");
    Expr e = i + offset;
    auto map = Map({i}, {ir::floordiv(e, Expr(divisor)), ir::floormod(e, Expr(divisor))});
    QVERIFY(TransformLayout(sch, sch.find("B"), map, PadValue::Constant(Expr(-5.0))).ok());
    auto p = LowerWithLayouts(sch, {A, B});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    NDArray a = Array({length});
    for (int k = 0; k < length; ++k) a.SetDouble(k, k);
    const auto& l = sch.find("B")->layout->padded;
    std::vector<NDArray> interp, compiled;
    RunBoth(p->func, {a, Array(ConstShape(l.physical_shape))}, &interp, &compiled);
    ExpectNear(Unpack(interp[1], l), Iota(length, 2.0));
    ExpectNear(PaddingValues(interp[1], l),
               std::vector<double>(static_cast<size_t>(*l.padding_count), -5.0));
    if (!compiled.empty()) ExpectNear(Values(compiled[1]), Values(interp[1]));
  }

  // A strided map leaves holes: i -> [2*i] on [5]; the loop skips the odd cells.
  void stridedOutputSkipsTheHoles() {
    te::Tensor B =
        Compute({5}, [&](auto& v) { return ir::cast(DataType::Float(32), v[0] + 1); }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    Var i("i");
    QVERIFY(
        TransformLayout(sch, sch.find("B"), Map({i}, {i * 2}), PadValue::Constant(Expr(0.0))).ok());
    auto p = LowerWithLayouts(sch, {B});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    std::vector<NDArray> interp, compiled;
    RunBoth(p->func, {Array({9})}, &interp, &compiled);
    ExpectNear(Values(interp[0]), {1, 0, 2, 0, 3, 0, 4, 0, 5});
    if (!compiled.empty()) ExpectNear(Values(compiled[0]), Values(interp[0]));
  }

  // 2-D blocked layout [i//4, j//4, i%4, j%4] (a 4-D physical buffer) on input and
  // output, compared with the same kernel without layouts.
  void blockedLayoutsMatchTheLogicalKernel() {
    auto build = [](bool transformed, Schedule* out, te::Tensor* X, te::Tensor* Y) {
      *X = *te::placeholder({10, 6}, DataType::Float(32), "X");
      te::Tensor x = *X;
      *Y = Compute({10, 6}, [&](auto& v) { return x(v[0], v[1]) * 2.0 + 1.0; }, "Y", {"i", "j"});
      *out = std::move(create_schedule({*Y}).value());
      if (!transformed) return;
      Var i("i"), j("j");
      auto map = Map({i, j}, {ir::floordiv(i, Expr(4)), ir::floordiv(j, Expr(4)),
                              ir::floormod(i, Expr(4)), ir::floormod(j, Expr(4))});
      QVERIFY(TransformLayout(*out, out->find("X"), map, PadValue::Constant(Expr(0.0))).ok());
      QVERIFY(TransformLayout(*out, out->find("Y"), map, PadValue::Constant(Expr(0.0))).ok());
    };
    Schedule plain, blocked;
    te::Tensor X0, Y0, X1, Y1;
    build(false, &plain, &X0, &Y0);
    build(true, &blocked, &X1, &Y1);
    auto p0 = LowerWithLayouts(plain, {X0, Y0});
    auto p1 = LowerWithLayouts(blocked, {X1, Y1});
    QVERIFY(p0.ok());
    QVERIFY2(p1.ok(), p1.ok() ? "" : p1.error().message.c_str());
    QCOMPARE(ConstShape(p1->func.buffer_params()[1]->shape), (std::vector<int64_t>{3, 2, 4, 4}));
    std::vector<double> x = Iota(60, 0.5, -7.0);
    NDArray xa = Array({10, 6});
    for (int k = 0; k < 60; ++k) xa.SetDouble(k, x[static_cast<size_t>(k)]);
    std::vector<NDArray> i0, c0, i1, c1;
    RunBoth(p0->func, {xa, Array({10, 6})}, &i0, &c0);
    const auto& lx = blocked.find("X")->layout->padded;
    const auto& ly = blocked.find("Y")->layout->padded;
    RunBoth(p1->func, {Pack(x, lx, DataType::Float(32), 0.0), Array({3, 2, 4, 4})}, &i1, &c1);
    ExpectNear(Unpack(i1[1], ly), Values(i0[1]));
    ExpectNear(PaddingValues(i1[1], ly), std::vector<double>(36, 0.0));
    if (!c1.empty()) ExpectNear(Unpack(c1[1], ly), Values(i0[1]));
  }

  // A symbolic shape: B[n] under [i//4, i%4] is passed as [(n + 3) // 4, 4].
  void symbolicShapes() {
    Var n = te::size_var("n");
    te::Tensor A = *te::placeholder({n}, DataType::Float(32), "A");
    te::Tensor B = Compute({n}, [&](auto& v) { return A(v[0]) + 1.0; }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    QVERIFY(TransformLayout(sch, sch.find("B"), SplitMap(4), PadValue::Constant(Expr(-1.0))).ok());
    auto p = LowerWithLayouts(sch, {A, B});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    for (int64_t nv : {14, 16, 1}) {
      int64_t outer = (nv + 3) / 4;
      NDArray a = Array({nv});
      for (int64_t k = 0; k < nv; ++k) a.SetDouble(k, static_cast<double>(k));
      std::vector<NDArray> interp, compiled;
      RunBoth(p->func, {a, Array({outer, 4})}, &interp, &compiled, {{"n", nv}});
      std::vector<double> got = Values(interp[1]);
      for (int64_t k = 0; k < outer * 4; ++k)
        QCOMPARE(got[static_cast<size_t>(k)], k < nv ? static_cast<double>(k) + 1 : -1.0);
      if (!compiled.empty()) ExpectNear(Values(compiled[1]), got);
    }
  }

  // A transformed intermediate computed at its consumer's loop: realized whole, its
  // padding rewritten in every iteration, the results unchanged.
  void transformedProducerComputedAtItsConsumer() {
    te::Tensor A = *te::placeholder({14}, DataType::Float(32), "A");
    te::Tensor B = Compute({14}, [&](auto& v) { return A(v[0]) * 2.0; }, "B", {"i"});
    te::Tensor C = Compute({14}, [&](auto& v) { return B(v[0]) + 1.0; }, "C", {"i"});
    Schedule sch = std::move(create_schedule({C}).value());
    QVERIFY(TransformLayout(sch, sch.find("B"), SplitMap(4), PadValue::Constant(Expr(0.0))).ok());
    auto parts = *Split(sch, sch.find("C"), sch.find("C")->leaf_iter_vars[0], 4);
    QVERIFY(ComputeAt(sch, sch.find("B"), sch.find("C"), parts.first).ok());
    auto p = LowerWithLayouts(sch, {A, C});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    NDArray a = Array({14});
    for (int k = 0; k < 14; ++k) a.SetDouble(k, k);
    std::vector<NDArray> interp, compiled;
    RunBoth(p->func, {a, Array({14})}, &interp, &compiled);
    ExpectNear(Values(interp[1]), Iota(14, 2.0, 1.0));
    if (!compiled.empty()) ExpectNear(Values(compiled[1]), Iota(14, 2.0, 1.0));
  }

  // A cache_write accumulator computed at an inner loop of its consumer and stored
  // transposed ([i, j] -> [j, i], the layout that keeps a conv2d's output channels
  // innermost in registers) is realized over its tile's image, 3 x 4, as TVM maps the
  // realize bounds through the index map — not over the whole 6 x 8 physical shape, an
  // allocation of the full output per iteration of the attach loop (before: 48).
  void transformedAccumulatorIsRealizedOverItsTile() {
    auto build = [](bool transformed, Schedule* out, std::vector<te::Tensor>* args) {
      te::Tensor A = *te::placeholder({6, 5}, DataType::Float(32), "A");
      te::Tensor B = *te::placeholder({5, 8}, DataType::Float(32), "B");
      IterVar k = te::reduce_axis(ir::Range(0, 5), "k");
      te::Tensor C =
          Compute({6, 8}, [&](auto& v) { return te::sum(A(v[0], k->var) * B(k->var, v[1]), {k}); },
                  "C", {"i", "j"});
      *out = std::move(create_schedule({C}).value());
      *args = {A, B, C};
      Stage local = *CacheWrite(*out, out->find("C"), "local");
      Stage c = out->find("C");
      auto i = *Split(*out, c, c->leaf_iter_vars[0], 3);
      auto j = *Split(*out, c, c->leaf_iter_vars[2], 4);
      QVERIFY(Reorder(*out, c, {i.first, j.first, i.second, j.second}).ok());
      QVERIFY(ComputeAt(*out, local, c, j.first).ok());
      if (!transformed) return;
      Var ii("i"), jj("j");
      QVERIFY(TransformLayout(*out, local, Map({ii, jj}, {jj, ii})).ok());
    };
    Schedule plain, transposed;
    std::vector<te::Tensor> a0, a1;
    build(false, &plain, &a0);
    build(true, &transposed, &a1);
    auto p0 = LowerWithLayouts(plain, a0);
    auto p1 = LowerWithLayouts(transposed, a1);
    QVERIFY(p0.ok());
    QVERIFY2(p1.ok(), p1.ok() ? "" : p1.error().message.c_str());
    const std::string text = Text(p1->func.body);
    QVERIFY2(text.find("allocate C.local[float32 * 12]") != std::string::npos, text.c_str());
    NDArray a = Array({6, 5}), b = Array({5, 8});
    for (int k = 0; k < 30; ++k) a.SetDouble(k, 0.25 * k - 3.0);
    for (int k = 0; k < 40; ++k) b.SetDouble(k, 1.0 - 0.125 * k);
    std::vector<NDArray> i0, c0, i1, c1;
    RunBoth(p0->func, {a, b, Array({6, 8})}, &i0, &c0);
    RunBoth(p1->func, {a, b, Array({6, 8})}, &i1, &c1);
    ExpectNear(Values(i1[2]), Values(i0[2]));
    if (!c1.empty()) ExpectNear(Values(c1[2]), Values(i0[2]));
  }

  // The acceptance test: a GEMM whose operands use padded layouts (A [i, k//4,
  // k%4] with axis separators, B blocked [k//4, j//4, k%4, j%4]) lowers, runs on the CPU
  // backend and gives the unpadded GEMM's results; with zero padding and overcompute the
  // reduction's tail guard disappears.
  void paddedGemmOperandsMatchThePlainGemm_data() {
    QTest::addColumn<bool>("overcompute");
    QTest::newRow("branching") << false;
    QTest::newRow("overcompute") << true;
  }
  void paddedGemmOperandsMatchThePlainGemm() {
    QFETCH(bool, overcompute);
    const int M = 6, N = 10, K = 14;
    auto build = [&](bool padded, Schedule* out, std::vector<te::Tensor>* args) {
      te::Tensor A = *te::placeholder({M, K}, DataType::Float(32), "A");
      te::Tensor B = *te::placeholder({K, N}, DataType::Float(32), "B");
      IterVar k = te::reduce_axis(ir::Range(0, K), "k");
      te::Tensor C =
          Compute({M, N}, [&](auto& v) { return te::sum(A(v[0], k->var) * B(k->var, v[1]), {k}); },
                  "C", {"i", "j"});
      *out = std::move(create_schedule({C}).value());
      *args = {A, B, C};
      auto ko = *Split(*out, out->find("C"), k, 4);
      Stage c = out->find("C");
      QVERIFY(
          Reorder(*out, c, {c->leaf_iter_vars[0], ko.first, ko.second, c->leaf_iter_vars[1]}).ok());
      QVERIFY(Vectorize(*out, c, c->leaf_iter_vars[3]).ok());
      if (!padded) return;
      Var i("i"), kk("k"), j("j");
      auto map_a = Map({i, kk}, {i, ir::floordiv(kk, Expr(4)), ir::floormod(kk, Expr(4))});
      auto map_b = Map({kk, j}, {ir::floordiv(kk, Expr(4)), ir::floordiv(j, Expr(4)),
                                 ir::floormod(kk, Expr(4)), ir::floormod(j, Expr(4))});
      QVERIFY(
          TransformLayout(*out, out->find("A"), map_a, PadValue::Constant(Expr(0.0)), {1}).ok());
      QVERIFY(TransformLayout(*out, out->find("B"), map_b, PadValue::Constant(Expr(0.0))).ok());
      if (overcompute) QVERIFY(Pragma(*out, c, ko.first, "overcompute").ok());
    };
    Schedule plain, padded;
    std::vector<te::Tensor> a0, a1;
    build(false, &plain, &a0);
    build(true, &padded, &a1);
    auto p0 = LowerWithLayouts(plain, a0);
    auto p1 = LowerWithLayouts(padded, a1);
    QVERIFY(p0.ok());
    QVERIFY2(p1.ok(), p1.ok() ? "" : p1.error().message.c_str());
    QCOMPARE(After(*p1, "LayoutOvercompute").find("if (likely") == std::string::npos, overcompute);

    std::vector<double> a = Iota(M * K, 0.125, -2.0), b = Iota(K * N, -0.0625, 3.0);
    NDArray aa = Array({M, K}), ba = Array({K, N});
    for (int k = 0; k < M * K; ++k) aa.SetDouble(k, a[static_cast<size_t>(k)]);
    for (int k = 0; k < K * N; ++k) ba.SetDouble(k, b[static_cast<size_t>(k)]);
    const auto& la = padded.find("A")->layout->padded;
    const auto& lb = padded.find("B")->layout->padded;
    std::vector<NDArray> i0, c0, i1, c1;
    RunBoth(p0->func, {aa, ba, Array({M, N})}, &i0, &c0);
    RunBoth(p1->func,
            {Pack(a, la, DataType::Float(32), 0.0), Pack(b, lb, DataType::Float(32), 0.0),
             Array({M, N})},
            &i1, &c1);
    ExpectNear(Values(i1[2]), Values(i0[2]));
    if (!c1.empty()) ExpectNear(Values(c1[2]), Values(i0[2]));
  }

  // What a caller passing an input with a pad value must do: MakePaddingFill writes it.
  void paddingFillEstablishesTheInputAssumption() {
    te::Tensor A = *te::placeholder({14}, DataType::Float(32), "A");
    te::Tensor B = Compute({14}, [&](auto& v) { return A(v[0]) + 1.0; }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    Var io("io"), ii("ii");
    PadValue pad = PadValue::Function({io, ii}, ir::cast(DataType::Float(32), io * 10 + ii));
    QVERIFY(TransformLayout(sch, sch.find("A"), SplitMap(4), pad).ok());
    auto fill = transform::MakePaddingFill(PhysicalTensorsOf(*sch.find("A"))[0]);
    QVERIFY2(fill.ok(), fill.ok() ? "" : fill.error().message.c_str());
    NDArray a = Array({4, 4});
    a.Fill(7.0);
    QVERIFY(runtime::Interpret(*fill, {a}).ok());
    const auto& l = sch.find("A")->layout->padded;
    ExpectNear(PaddingValues(a, l), {32.0, 33.0});
    ExpectNear(Unpack(a, l), std::vector<double>(14, 7.0));

    Schedule none = std::move(create_schedule({B}).value());
    QVERIFY(TransformLayout(none, none.find("A"), SplitMap(4)).ok());
    QVERIFY(!transform::MakePaddingFill(PhysicalTensorsOf(*none.find("A"))[0]).ok());
  }

  // The new loops are ordinary loops: vectorizing the inner physical axis keeps the
  // results (the guard goes with it).
  void vectorizedLoopOverAPaddedLayout() {
    te::Tensor A = *te::placeholder({14}, DataType::Float(32), "A");
    te::Tensor B = Compute({14}, [&](auto& v) { return A(v[0]) * 2.0; }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    auto vars = *TransformLayout(sch, sch.find("B"), SplitMap(4), PadValue::Constant(Expr(0.0)));
    QVERIFY(Vectorize(sch, sch.find("B"), vars[1]).ok());
    auto p = LowerWithLayouts(sch, {A, B});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    NDArray a = Array({14});
    for (int k = 0; k < 14; ++k) a.SetDouble(k, k);
    std::vector<NDArray> interp, compiled;
    RunBoth(p->func, {a, Array({4, 4})}, &interp, &compiled);
    const auto& l = sch.find("B")->layout->padded;
    ExpectNear(Unpack(interp[1], l), Iota(14, 2.0));
    ExpectNear(PaddingValues(interp[1], l), {0.0, 0.0});
    if (!compiled.empty()) ExpectNear(Values(compiled[1]), Values(interp[1]));
  }

  // A cache stage reads a transformed input through its layout.
  void cacheReadOfATransformedInput() {
    te::Tensor A = *te::placeholder({14}, DataType::Float(32), "A");
    te::Tensor B = Compute({14}, [&](auto& v) { return A(v[0]) - 1.0; }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    QVERIFY(TransformLayout(sch, sch.find("A"), SplitMap(4), PadValue::Constant(Expr(0.0))).ok());
    QVERIFY(CacheRead(sch, sch.find("A"), "local", {sch.find("B")}).ok());
    auto p = LowerWithLayouts(sch, {A, B});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    std::vector<NDArray> interp, compiled;
    RunBoth(p->func,
            {Pack(Iota(14), sch.find("A")->layout->padded, DataType::Float(32), 0.0), Array({14})},
            &interp, &compiled);
    ExpectNear(Values(interp[1]), Iota(14, 1.0, -1.0));
    if (!compiled.empty()) ExpectNear(Values(compiled[1]), Iota(14, 1.0, -1.0));
  }
};

}  // namespace tst_layout_lowering

QTEST_APPLESS_MAIN(tst_layout_lowering::TestLayoutLowering)
#include "tst_layout_lowering.moc"
