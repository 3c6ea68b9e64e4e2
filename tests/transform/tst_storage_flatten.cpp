// StorageFlatten: realize regions become flat allocations indexed relative to the
// region's min; argument tensors map to the context's buffers, row-major, or grouped by
// axis_separators; bad input is reported, not crashed on.
#include <QtTest>

#include "TransformTestSupport.h"
#include "ir/Functor.h"
#include "transform/StorageFlatten.h"

namespace tst_storage_flatten {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;

namespace {

bool HasProducerNodes(const Stmt& s) {
  bool found = false;
  struct V : IRVisitor {
    bool* f;
    explicit V(bool* p) : f(p) {}
    void VisitProducerLoad(const ProducerLoadNode*, const Expr&) override { *f = true; }
    void VisitProducerStore(const ProducerStoreNode*, const Stmt&) override { *f = true; }
    void VisitProducerRealize(const ProducerRealizeNode*, const Stmt&) override { *f = true; }
  } v(&found);
  v.VisitStmt(s);
  return found;
}

}  // namespace

class TestStorageFlatten : public QObject {
  Q_OBJECT
 private slots:
  // The InferBound document's Ex. 2 shape: B is realized only for the rows the
  // consumer needs, B([2, 3], [0, 4]); B(i, j) lives at (i - 2)*4 + j.
  void subRectangleRealizeIsIndexedFromItsMin() {
    auto A = Tensor("A", {8, 4});
    auto B = Tensor("B", {8, 4});
    auto C = Tensor("C", {3, 4});
    Buffer Ab = MakeBuffer("A", DataType::Float(32), {8, 4});
    Buffer Cb = MakeBuffer("C", DataType::Float(32), {3, 4});
    Var i("i"), j("j");
    Stmt produce_b = MakeFor(
        i, 2, 3, ForKind::Serial,
        MakeFor(j, 0, 4, ForKind::Serial,
                MakeProducerStore(
                    B, MakeProducerLoad(A, {i, j}) * FloatImm(DataType::Float(32), 2.0), {i, j})));
    Stmt produce_c =
        MakeFor(i, 0, 3, ForKind::Serial,
                MakeFor(j, 0, 4, ForKind::Serial,
                        MakeProducerStore(C, MakeProducerLoad(B, {i + 2, j}), {i, j})));
    Stmt s = MakeProducerRealize(B, {Range(2, 3), Range(0, 4)}, Expr(),
                                 MakeSeq({MakeAttr(B, "produce", 0, produce_b), produce_c}));
    PassContext ctx;
    ctx.arg_buffers = {{A, Ab}, {C, Cb}};
    Stmt flat = StorageFlatten(s, ctx);
    QVERIFY(ctx.errors().empty());
    QVERIFY(!HasProducerNodes(flat));
    QString text = Text(flat);
    QVERIFY2(text.contains("allocate B[float32 * 12]"), qPrintable(text));
    QVERIFY2(text.contains("B[((((i - 2)*4) + j))]") || text.contains("B[(((i - 2)*4) + j)]"),
             qPrintable(text));

    // Executing it gives C = 2 * A[2:5, :].
    PrimFunc f = MakePrimFunc("f", {Ab, Cb}, flat);
    auto a = runtime::NDArray::Empty({8, 4}, DataType::Float(32)).value();
    auto c = runtime::NDArray::Empty({3, 4}, DataType::Float(32)).value();
    a.FillRandom(3);
    Status st = runtime::Interpret(f, {a, c});
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 4; ++k)
        QCOMPARE(c.GetDouble(r * 4 + k), double(float(2 * a.GetDouble((r + 2) * 4 + k))));
  }

  // storage_align (attr buffer_dim_align = tvm_tuple(dim, factor, offset) around the
  // realize, from ScheduleOps): as TVM's StorageFlatten, innermost first, an aligned
  // dimension's stride s becomes s + (factor + offset - s % factor) % factor, the next
  // stride is that times the extent, and the allocation is strides[0] * extents[0].
  // B's region [2, 3) x [0, 30) with rows aligned to 32k + 1 and elements to 4k + 2:
  // element stride 1 + (4 + 2 - 1) % 4 = 2, row stride 2 * 30 = 60 -> 60 + (33 - 28) % 32 = 65.
  void alignedDimensionsPadTheirStrides() {
    auto A = Tensor("A", {8, 30});
    auto B = Tensor("B", {8, 30});
    Buffer Ab = MakeBuffer("A", DataType::Float(32), {8, 30});
    Var i("i"), j("j");
    Stmt produce_b = MakeFor(i, 2, 3, ForKind::Serial,
                             MakeFor(j, 0, 30, ForKind::Serial,
                                     MakeProducerStore(B, MakeProducerLoad(A, {i, j}), {i, j})));
    auto tuple = [](int64_t dim, int64_t factor, int64_t offset) {
      return MakeCall(DataType::Handle(), "tir.tvm_tuple",
                      {make_const(DataType::Int(32), dim), make_const(DataType::Int(32), factor),
                       make_const(DataType::Int(32), offset)},
                      CallKind::Intrinsic);
    };
    Stmt realize = MakeProducerRealize(B, {Range(2, 3), Range(0, 30)}, Expr(),
                                       MakeAttr(B, "produce", 0, produce_b));
    Stmt s = MakeAttr(B, "buffer_dim_align", tuple(0, 32, 1),
                      MakeAttr(B, "buffer_dim_align", tuple(1, 4, 2), realize));
    PassContext ctx;
    ctx.arg_buffers = {{A, Ab}};
    Stmt flat = StorageFlatten(s, ctx);
    QVERIFY(ctx.errors().empty());
    QString text = Text(flat);
    QVERIFY2(text.contains("allocate B[float32 * 195]"), qPrintable(text));  // 65 * 3
    QVERIFY2(
        text.contains("B[((((i - 2)*65) + (j*2)))]") || text.contains("B[(((i - 2)*65) + (j*2))]"),
        qPrintable(text));
    QVERIFY2(!text.contains("buffer_dim_align"), qPrintable(text));
    // A malformed annotation is reported, not crashed on.
    PassContext bad;
    bad.arg_buffers = {{A, Ab}};
    (void)StorageFlatten(
        MakeAttr(B, "buffer_dim_align", make_const(DataType::Int(32), int64_t{3}), realize), bad);
    QVERIFY(!bad.errors().empty());
    QVERIFY2(bad.errors().front().message.find("tvm_tuple") != std::string::npos,
             bad.errors().front().message.c_str());
  }

  void argumentsAreRowMajorOverTheirShape() {
    Var n = SizeVar("n");
    auto A = Tensor("A", {n, 5});
    Buffer Ab = MakeBuffer("A", DataType::Float(32), {n, 5});
    Var i("i");
    Stmt s = MakeProducerStore(A, FloatImm(DataType::Float(32), 1.0), {i, 3});
    PassContext ctx;
    ctx.arg_buffers = {{A, Ab}};
    Stmt flat = StorageFlatten(s, ctx);
    auto* store = flat.as<BufferStoreNode>();
    QVERIFY(store);
    QCOMPARE(store->buffer->data.get(), Ab->data.get());  // same handle as the argument
    QCOMPARE(store->buffer->shape.size(), size_t{1});
    QCOMPARE(Text(store->buffer->shape[0]), QString("(n*5)"));
    QCOMPARE(Text(store->indices[0]), QString("((i*5) + 3)"));
  }

  void explicitStridesAndOffsetAreHonoured() {
    auto A = Tensor("A", {4, 4});
    auto ab = std::make_shared<BufferNode>(*MakeBuffer("A", DataType::Float(32), {4, 4}));
    ab->strides = {1, 4};  // column-major
    ab->elem_offset = 2;
    Var i("i"), j("j");
    PassContext ctx;
    ctx.arg_buffers = {{A, Buffer(ab)}};
    Stmt flat =
        StorageFlatten(MakeProducerStore(A, FloatImm(DataType::Float(32), 0.0), {i, j}), ctx);
    auto* store = flat.as<BufferStoreNode>();
    QVERIFY(store);
    QCOMPARE(Text(store->indices[0]), QString("((i + (j*4)) + 2)"));
  }

  // RFC 0077: axis_separators split the flattening into groups — a [2, 3, 4] buffer
  // with separator 1 is a 2-D physical buffer [2, 12].
  void axisSeparatorsGiveAnNdPhysicalBuffer() {
    auto A = Tensor("A", {2, 3, 4});
    auto ab = std::make_shared<BufferNode>(*MakeBuffer("A", DataType::Float(32), {2, 3, 4}));
    ab->axis_separators = {1};
    Var i("i"), j("j"), k("k");
    PassContext ctx;
    ctx.arg_buffers = {{A, Buffer(ab)}};
    Stmt flat = StorageFlatten(MakeEvaluate(MakeProducerLoad(A, {i, j, k})), ctx);
    auto* load = flat.as<EvaluateNode>();
    QVERIFY(load);
    auto* bl = load->value.as<BufferLoadNode>();
    QVERIFY(bl);
    QCOMPARE(bl->indices.size(), size_t{2});
    QCOMPARE(Text(bl->indices[0]), QString("i"));
    QCOMPARE(Text(bl->indices[1]), QString("((j*4) + k)"));
    QCOMPARE(bl->buffer->shape.size(), size_t{2});
    QCOMPARE(Text(bl->buffer->shape[1]), QString("12"));
  }

  void outputRealizeIsBoundToTheArgument() {
    // TVM realizes outputs too; with an argument buffer the realize disappears.
    auto C = Tensor("C", {4});
    Buffer Cb = MakeBuffer("C", DataType::Float(32), {4});
    Var i("i");
    Stmt s =
        MakeProducerRealize(C, {Range(0, 4)}, Expr(),
                            MakeFor(i, 0, 4, ForKind::Serial,
                                    MakeProducerStore(C, FloatImm(DataType::Float(32), 1.0), {i})));
    PassContext ctx;
    ctx.arg_buffers = {{C, Cb}};
    Stmt flat = StorageFlatten(s, ctx);
    QVERIFY(flat.as<ForNode>());
    QVERIFY(!Text(flat).contains("allocate"));
  }

  void tensorsMatchByNameWhenRecreated() {
    // The same tensor seen through two DataProducer objects (te may re-create them).
    auto A1 = Tensor("A", {4});
    auto A2 = Tensor("A", {4});
    Buffer Ab = MakeBuffer("A", DataType::Float(32), {4});
    PassContext ctx;
    ctx.arg_buffers = {{A1, Ab}};
    Stmt flat = StorageFlatten(MakeProducerStore(A2, FloatImm(DataType::Float(32), 1.0), {0}), ctx);
    QVERIFY(ctx.errors().empty());
    QVERIFY(flat.as<BufferStoreNode>());
  }

  void badInputIsReported_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown tensor")
        << 0 << "tensor X is accessed but neither realized nor a function argument";
    QTest::newRow("wrong rank") << 1 << "tensor A has 2 dimensions but is accessed with 1 indices";
    QTest::newRow("layout") << 2 << "has a layout transform";
  }
  void badInputIsReported() {
    QFETCH(int, which);
    QFETCH(QString, message);
    auto A = Tensor("A", {4, 4});
    auto ab = std::make_shared<BufferNode>(*MakeBuffer("A", DataType::Float(32), {4, 4}));
    PassContext ctx;
    Stmt s;
    if (which == 0) {
      s = MakeEvaluate(MakeProducerLoad(Tensor("X", {4}), {0}));
    } else if (which == 1) {
      ctx.arg_buffers = {{A, Buffer(ab)}};
      s = MakeEvaluate(MakeProducerLoad(A, {0}));
    } else {
      auto map = std::make_shared<IndexMapNode>();
      Var a("a"), b("b");
      map->initial_indices = {a, b};
      map->final_indices = {b, a};
      ab->layout = map;
      ctx.arg_buffers = {{A, Buffer(ab)}};
      s = MakeEvaluate(MakeProducerLoad(A, {0, 1}));
    }
    StorageFlatten(s, ctx);
    QCOMPARE(ctx.errors().size(), size_t{1});
    QVERIFY2(QString::fromStdString(ctx.errors()[0].message).contains(message),
             ctx.errors()[0].message.c_str());
  }
};

}  // namespace tst_storage_flatten

QTEST_APPLESS_MAIN(tst_storage_flatten::TestStorageFlatten)
#include "tst_storage_flatten.moc"
