// transform_layout and transform_block_layout (RFC 0077) in the style of TVM's
// tests/python/tir-schedule/test_tir_schedule_transform_layout.py: each program before
// and after, printed as TVM 0.20 prints it (the padded writer rewritten with
// T.if_then_else, the padding block, the input's T.assume block), the errors by kind,
// and the trace printed, replayed and round-tripped through JSON. A failed primitive
// leaves the function and the trace as they were.
#include <QtTest>

#include "TirTestSupport.h"
#include "tir/TraceJson.h"

namespace tst_tir_transform_layout {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

IndexMap Map(const std::vector<std::string>& names,
             const std::function<std::vector<Expr>(const std::vector<Var>&)>& f) {
  return MakeIndexMap(names, f);
}

// lambda i, j: (i // 16, j // 16, i % 16, j % 16)
IndexMap Packed16() {
  return Map({"i", "j"}, [](const std::vector<Var>& v) {
    return std::vector<Expr>{ir::floordiv(v[0], 16), ir::floordiv(v[1], 16), ir::floormod(v[0], 16),
                             ir::floormod(v[1], 16)};
  });
}

// lambda i, j: (i // 4, j, i % 4): pads 14 rows to 16.
IndexMap RowsBy4() {
  return Map({"i", "j"}, [](const std::vector<Var>& v) {
    return std::vector<Expr>{ir::floordiv(v[0], 4), v[1], ir::floormod(v[0], 4)};
  });
}

IndexMap ZeroPad(size_t ndim) {
  return ConstantIndexMap(ir::FloatImm(DataType::Float(32), 0.0), ndim);
}

const char* kAttr =
    "    T.func_attr({\"tir.noalias\": T.bool(True)})\n    # with T.block(\"root\"):\n";

// B[i] = A[i] over int32 buffers of 14 elements (TVM's padding tests).
PrimFunc Copy14() {
  auto A = *te::placeholder({14}, DataType::Int(32), "A");
  auto B = *te::compute(
      {14}, [&](const std::vector<Var>& i) { return A(i[0]); }, "B");
  return *CreatePrimFunc({A, B});
}

void CheckUnchanged(const Schedule& sch, const std::string& before, size_t trace_size) {
  QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
  QCOMPARE(sch.trace().insts.size(), trace_size);
}

}  // namespace

class TestTirTransformLayout : public QObject {
  Q_OBJECT

 private slots:
  // ---- IndexMap ----
  void indexMapPrintsAsTvmLambda() {
    QCOMPARE(Q(IndexMapAsPython(RowsBy4())), QString("lambda i, j: (i // 4, j, i % 4,)"));
    QCOMPARE(Q(IndexMapAsPython(ZeroPad(2))),
             QString("lambda indices_0, indices_1: (T.float32(0.0),)"));
  }

  void inverseAndPaddingOfASplit() {
    auto inv = NonSurjectiveInverse(RowsBy4(), {Expr(14), Expr(14)});
    QVERIFY(inv.ok());
    QCOMPARE(Q(IndexMapAsPython(inv->inverse)),
             QString("lambda axis0, axis1, axis2: (axis0 * 4 + axis2, axis1,)"));
    QCOMPARE(Q(ExprToTVMScript(inv->padding_predicate)), QString("axis0 == 3 and 2 <= axis2"));
    QCOMPARE(inv->shape.size(), size_t(3));
    QCOMPARE(Q(ExprToTVMScript(inv->shape[0])), QString("4"));
    // 16 rows divide evenly: no padding.
    auto even = NonSurjectiveInverse(RowsBy4(), {Expr(16), Expr(14)});
    QVERIFY(ir::is_zero(even->padding_predicate));
  }

  void inverseAndPaddingOfAnOffsetSplit() {
    // RFC 0077's offset layouts, lambda i: [(i + 2) // 8, (i + 2) % 8]: 14 elements fill
    // 2 x 8 from cell 2 (padding [0, 0..1]); 16 need 3 x 8 (padding [0, 0..1] and
    // [2, 2..7]), TVM's predicates in TVM's order.
    IndexMap shifted = Map({"i"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{ir::floordiv(v[0] + 2, 8), ir::floormod(v[0] + 2, 8)};
    });
    auto fourteen = NonSurjectiveInverse(shifted, {Expr(14)});
    QVERIFY2(fourteen.ok(), fourteen ? "" : fourteen.error().message.c_str());
    QCOMPARE(Q(IndexMapAsPython(fourteen->inverse)),
             QString("lambda axis0, axis1: (axis0 * 8 + axis1 - 2,)"));
    QCOMPARE(Q(ExprToTVMScript(fourteen->padding_predicate)), QString("axis0 == 0 and axis1 < 2"));
    QCOMPARE(Q(ExprToTVMScript(fourteen->shape[0])), QString("2"));
    auto sixteen = NonSurjectiveInverse(shifted, {Expr(16)});
    QVERIFY(sixteen.ok());
    QCOMPARE(Q(ExprToTVMScript(sixteen->shape[0])), QString("3"));
    QCOMPARE(Q(ExprToTVMScript(sixteen->padding_predicate)),
             QString("axis0 == 0 and axis1 < 2 or axis0 == 2 and 2 <= axis1"));
    // An offset of a whole row or more is refused, as TVM refuses it.
    IndexMap far = Map({"i"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{ir::floordiv(v[0] + 10, 8), ir::floormod(v[0] + 10, 8)};
    });
    QVERIFY(!NonSurjectiveInverse(far, {Expr(16)}).ok());
  }

  void inverseOfAFusion() {
    IndexMap fuse = Map(
        {"i", "j"}, [](const std::vector<Var>& v) { return std::vector<Expr>{v[0] * 128 + v[1]}; });
    auto inv = NonSurjectiveInverse(fuse, {Expr(128), Expr(128)});
    QVERIFY(inv.ok());
    QCOMPARE(Q(IndexMapAsPython(inv->inverse)),
             QString("lambda axis0: (axis0 // 128, axis0 % 128,)"));
    QCOMPARE(Q(ExprToTVMScript(inv->shape[0])), QString("16384"));
  }

  void nonInjectiveMapsHaveNoInverse() {
    IndexMap drop = Map({"i", "j"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{ir::floordiv(v[0], 4), v[1]};
    });
    auto a = NonSurjectiveInverse(drop, {Expr(16), Expr(16)});
    QVERIFY(!a.ok());
    QVERIFY(a.error().message.find("not injective") != std::string::npos);
    IndexMap sum =
        Map({"i", "j"}, [](const std::vector<Var>& v) { return std::vector<Expr>{v[0] + v[1]}; });
    QVERIFY(!NonSurjectiveInverse(sum, {Expr(16), Expr(16)}).ok());
  }

  void indexMapJsonRoundTrip() {
    auto back = IndexMapFromJson(IndexMapToJson(RowsBy4()));
    QVERIFY(back.ok());
    QCOMPARE(Q(IndexMapAsPython(*back)), Q(IndexMapAsPython(RowsBy4())));
    auto pad = IndexMapFromJson(IndexMapToJson(ZeroPad(3)));
    QCOMPARE(Q(IndexMapAsPython(*pad)), Q(IndexMapAsPython(ZeroPad(3))));
    QVERIFY(!IndexMapFromJson("{\"initial_indices\": [\"i\"], \"final_indices\": [\"k\"]}").ok());
  }

  // ---- transform_layout without padding ----
  void intermediateBufferNoPadding() {
    Schedule sch(ElementwiseChain());
    QVERIFY(sch.TransformLayout(*sch.GetBlock("B"), 0, BufferIndexType::Write, Packed16()).ok());
    QCOMPARE(
        Q(AsTVMScript(sch.func())),
        Q(Header(Buf("A", "(128, 128)") + ", " + Buf("C", "(128, 128)")) + kAttr +
          "    B = T.alloc_buffer((8, 8, 16, 16))\n"
          "    for i, j in T.grid(128, 128):\n"
          "        with T.block(\"B\"):\n"
          "            v_i, v_j = T.axis.remap(\"SS\", [i, j])\n"
          "            T.reads(A[v_i, v_j])\n"
          "            T.writes(B[v_i // 16, v_j // 16, v_i % 16, v_j % 16])\n"
          "            B[v_i // 16, v_j // 16, v_i % 16, v_j % 16] = A[v_i, v_j] * T.float32(2.0)\n"
          "    for i, j in T.grid(128, 128):\n"
          "        with T.block(\"C\"):\n"
          "            v_i, v_j = T.axis.remap(\"SS\", [i, j])\n"
          "            T.reads(B[v_i // 16, v_j // 16, v_i % 16, v_j % 16])\n"
          "            T.writes(C[v_i, v_j])\n"
          "            C[v_i, v_j] = B[v_i // 16, v_j // 16, v_i % 16, v_j % 16] + "
          "T.float32(1.0)"));
  }

  void outputParameterChangesTheSignature() {
    Schedule sch(ElementwiseChain());
    QVERIFY(sch.TransformLayout(*sch.GetBlock("C"), 0, BufferIndexType::Write, Packed16()).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY(text.find("C: T.Buffer((8, 8, 16, 16), \"float32\")") != std::string::npos);
    QVERIFY(text.find("C[v_i // 16, v_j // 16, v_i % 16, v_j % 16] = B[v_i, v_j]") !=
            std::string::npos);
  }

  void assumeInjectiveSkipsThePaddingCheck() {
    // TVM's TestImplicitPaddingAssumeInjective: the buffer grows to 4 x 4, the loop
    // still runs over 14 and the padding is never touched.
    Schedule sch(Copy14());
    IndexMap split = Map({"i"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{ir::floordiv(v[0], 4), ir::floormod(v[0], 4)};
    });
    QVERIFY(sch.TransformLayout(*sch.GetBlock("B"), 0, BufferIndexType::Write, split, nullptr,
                                /*assume_injective_transform=*/true)
                .ok());
    QCOMPARE(Q(AsTVMScript(sch.func())),
             Q(Header("A: T.Buffer((14,), \"int32\"), B: T.Buffer((4, 4), \"int32\")") + kAttr +
               "    for i in range(14):\n"
               "        with T.block(\"B\"):\n"
               "            v_i = T.axis.spatial(14, i)\n"
               "            T.reads(A[v_i])\n"
               "            T.writes(B[v_i // 4, v_i % 4])\n"
               "            B[v_i // 4, v_i % 4] = A[v_i]"));
  }

  // ---- transform_layout with padding ----
  void paddedGemmOutputOvercomputesWithIfThenElse() {
    Schedule sch(Gemm(14));
    QVERIFY(
        sch.TransformLayout(*sch.GetBlock("C"), 0, BufferIndexType::Write, RowsBy4(), ZeroPad(3))
            .ok());
    QCOMPARE(
        Q(AsTVMScript(sch.func())),
        Q(Header(Buf("A", "(14, 14)") + ", " + Buf("B", "(14, 14)") + ", " +
                 Buf("C", "(4, 14, 4)")) +
          kAttr +
          "    for axis0, axis1, axis2, k in T.grid(4, 14, 4, 14):\n"
          "        with T.block(\"C\"):\n"
          "            v_axis0, v_axis1, v_axis2, v_k = T.axis.remap(\"SSSR\", [axis0, axis1, "
          "axis2, k])\n"
          "            T.reads(A[v_axis0 * 4 + v_axis2, v_k], B[v_k, v_axis1])\n"
          "            T.writes(C[v_axis0, v_axis1, v_axis2])\n"
          "            with T.init():\n"
          "                C[v_axis0, v_axis1, v_axis2] = T.if_then_else(v_axis0 == 3 and 2 <= "
          "v_axis2, T.float32(0.0), T.float32(0.0))\n"
          "            C[v_axis0, v_axis1, v_axis2] = T.if_then_else(v_axis0 == 3 and 2 <= "
          "v_axis2, T.float32(0.0), C[v_axis0, v_axis1, v_axis2] + A[v_axis0 * 4 + v_axis2, "
          "v_k] * B[v_k, v_axis1])"));
  }

  void padValueAsALambdaOfTheTransformedIndices() {
    // TVM's TestPaddedTransformNonConstantValue: pad_value=lambda i, j: i + j.
    Schedule sch(Copy14());
    IndexMap split = Map({"i"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{ir::floordiv(v[0], 4), ir::floormod(v[0], 4)};
    });
    IndexMap pad =
        Map({"i", "j"}, [](const std::vector<Var>& v) { return std::vector<Expr>{v[0] + v[1]}; });
    QVERIFY(sch.TransformLayout(*sch.GetBlock("B"), 0, BufferIndexType::Write, split, pad).ok());
    QCOMPARE(Q(AsTVMScript(sch.func())),
             Q(Header("A: T.Buffer((14,), \"int32\"), B: T.Buffer((4, 4), \"int32\")") + kAttr +
               "    for axis0, axis1 in T.grid(4, 4):\n"
               "        with T.block(\"B\"):\n"
               "            v_axis0, v_axis1 = T.axis.remap(\"SS\", [axis0, axis1])\n"
               "            T.reads(A[v_axis0 * 4 + v_axis1])\n"
               "            T.writes(B[v_axis0, v_axis1])\n"
               "            B[v_axis0, v_axis1] = T.if_then_else(v_axis0 == 3 and 2 <= v_axis1, "
               "v_axis0 + v_axis1, A[v_axis0 * 4 + v_axis1])"));
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             QString("sch.transform_layout(block=b0, buffer=(\"write\", 0), index_map=lambda i: "
                     "(i // 4, i % 4,), pad_value=lambda i, j: (i + j,), "
                     "assume_injective_transform=False)"));
  }

  void writerThatIsNotRowMajorGetsAPaddingBlock() {
    // The loops run j, i: the writer cannot traverse the padded shape in order, so the
    // block buffer_C_padding fills the padding after it (TVM's EpiloguePlan).
    Schedule sch(Gemm(14));
    BlockRV c = *sch.GetBlock("C");
    auto loops = *sch.GetLoops(c);
    QVERIFY(sch.Reorder({loops[1], loops[0]}).ok());
    QVERIFY(sch.TransformLayout(c, 0, BufferIndexType::Write, RowsBy4(), ZeroPad(3)).ok());
    QCOMPARE(
        Q(AsTVMScript(sch.func())),
        Q(Header(Buf("A", "(14, 14)") + ", " + Buf("B", "(14, 14)") + ", " +
                 Buf("C", "(4, 14, 4)")) +
          kAttr +
          "    for j, i, k in T.grid(14, 14, 14):\n"
          "        with T.block(\"C\"):\n"
          "            v_i, v_j, v_k = T.axis.remap(\"SSR\", [i, j, k])\n"
          "            T.reads(A[v_i, v_k], B[v_k, v_j])\n"
          "            T.writes(C[v_i // 4, v_j, v_i % 4])\n"
          "            with T.init():\n"
          "                C[v_i // 4, v_j, v_i % 4] = T.float32(0.0)\n"
          "            C[v_i // 4, v_j, v_i % 4] = C[v_i // 4, v_j, v_i % 4] + A[v_i, v_k] * "
          "B[v_k, v_j]\n"
          "    for axis0, axis1, axis2 in T.grid(4, 14, 4):\n"
          "        with T.block(\"buffer_C_padding\"):\n"
          "            v_axis0, v_axis1, v_axis2 = T.axis.remap(\"SSS\", [axis0, axis1, axis2])\n"
          "            T.where(axis0 == 3 and 2 <= axis2)\n"
          "            T.reads()\n"
          "            T.writes(C[v_axis0, v_axis1, v_axis2])\n"
          "            C[v_axis0, v_axis1, v_axis2] = T.float32(0.0)"));
  }

  void paddedConvInputGetsAnAssumption() {
    // Channels 4 -> 2 x 3: the input A has padding nobody writes, so its content is
    // promised by a T.assume block (TVM's ProloguePlan).
    Schedule sch(PaddedConv());
    IndexMap channels = Map({"n", "c", "h", "w"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{v[0], ir::floordiv(v[1], 3), v[2], v[3], ir::floormod(v[1], 3)};
    });
    QVERIFY(
        sch.TransformLayout(*sch.GetBlock("A_pad"), 0, BufferIndexType::Read, channels, ZeroPad(5))
            .ok());
    std::string text = AsTVMScript(sch.func());
    std::string expected_head =
        Header(Buf("A", "(1, 2, 14, 14, 3)") + ", " + Buf("W", "(8, 4, 3, 3)") + ", " +
               Buf("Y", "(1, 8, 14, 14)")) +
        kAttr +
        "    A_pad = T.alloc_buffer((1, 4, 16, 16))\n"
        "    for axis0, axis1, axis2, axis3, axis4 in T.grid(1, 2, 14, 14, 3):\n"
        "        with T.block(\"buffer_A_assumptions\"):\n"
        "            v_axis0, v_axis1, v_axis2, v_axis3, v_axis4 = T.axis.remap(\"SSSSS\", "
        "[axis0, axis1, axis2, axis3, axis4])\n"
        "            T.reads(A[v_axis0, v_axis1, v_axis2, v_axis3, v_axis4])\n"
        "            T.writes()\n"
        "            T.assume(not (v_axis1 == 1 and 1 <= v_axis4) or A[v_axis0, v_axis1, v_axis2, "
        "v_axis3, v_axis4] == T.float32(0.0))\n"
        "    for n, c, h, w in T.grid(1, 4, 16, 16):\n"
        "        with T.block(\"A_pad\"):\n"
        "            v_n, v_c, v_h, v_w = T.axis.remap(\"SSSS\", [n, c, h, w])\n"
        "            T.reads(A[0, v_c // 3, v_h - 1, v_w - 1, v_c % 3])\n";
    QCOMPARE(Q(text.substr(0, expected_head.size())), Q(expected_head));
    QVERIFY(text.find("T.if_then_else(1 <= v_h and v_h < 15 and 1 <= v_w and v_w < 15, A[0, "
                      "v_c // 3, v_h - 1, v_w - 1, v_c % 3], T.float32(0.0))") !=
            std::string::npos);
  }

  // ---- errors: each leaves the function and the trace as they were ----
  void paddingWithoutPadValueIsAnError() {
    Schedule sch(Gemm(14));
    BlockRV c = *sch.GetBlock("C");
    std::string before = AsTVMScript(sch.func());
    Status s = sch.TransformLayout(c, 0, BufferIndexType::Write, RowsBy4());
    QCOMPARE(Q(ErrorKind(s.error())), QString("TransformationIntroducesPaddingError"));
    QVERIFY(s.error().message.find("padding at axis0 == 3 and 2 <= axis2") != std::string::npos);
    CheckUnchanged(sch, before, 1);
  }

  void badArgumentsAreRejected() {
    Schedule sch(Gemm(14));
    BlockRV c = *sch.GetBlock("C");
    std::string before = AsTVMScript(sch.func());
    IndexMap drop = Map({"i", "j"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{ir::floordiv(v[0], 4), v[1]};
    });
    Status s = sch.TransformLayout(c, 0, BufferIndexType::Write, drop, ZeroPad(2));
    QCOMPARE(Q(ErrorKind(s.error())), QString("TVMError"));
    QVERIFY(s.error().message.find("not injective") != std::string::npos);
    IndexMap one = Map({"i"}, [](const std::vector<Var>& v) { return std::vector<Expr>{v[0]}; });
    s = sch.TransformLayout(c, 0, BufferIndexType::Write, one);
    QCOMPARE(Q(ErrorKind(s.error())), QString("ValueError"));
    s = sch.TransformLayout(c, 1, BufferIndexType::Write, RowsBy4(), ZeroPad(3));
    QCOMPARE(Q(ErrorKind(s.error())), QString("BufferIndexOutOfRangeError"));
    s = sch.TransformLayout(c, 2, BufferIndexType::Read, RowsBy4(), ZeroPad(3));
    QCOMPARE(Q(ErrorKind(s.error())), QString("BufferIndexOutOfRangeError"));
    IndexMap int_pad = ConstantIndexMap(ir::make_const(DataType::Int(32), int64_t{0}), 3);
    s = sch.TransformLayout(c, 0, BufferIndexType::Write, RowsBy4(), int_pad);
    QCOMPARE(Q(ErrorKind(s.error())), QString("TransformationPaddingTypeError"));
    QVERIFY(s.error().message.find("Type mismatch float32 vs int32") != std::string::npos);
    IndexMap two = Map({"a", "b", "c"}, [](const std::vector<Var>&) {
      return std::vector<Expr>{Expr(0.0f), Expr(1.0f)};
    });
    s = sch.TransformLayout(c, 0, BufferIndexType::Write, RowsBy4(), two);
    QCOMPARE(Q(ErrorKind(s.error())), QString("TransformationPaddingIndexMapError"));
    CheckUnchanged(sch, before, 1);
  }

  void padValueMayNotReadAnotherBuffer() {
    Schedule sch(Gemm(14));
    BlockRV c = *sch.GetBlock("C");
    Buffer a = (*sch.Get(c))->block->reads[0].buffer;
    IndexMap from_a = Map({"x", "y", "z"}, [&](const std::vector<Var>&) {
      return std::vector<Expr>{ir::MakeBufferLoad(a, {Expr(0), Expr(0)})};
    });
    std::string before = AsTVMScript(sch.func());
    Status s = sch.TransformLayout(c, 0, BufferIndexType::Write, RowsBy4(), from_a);
    QCOMPARE(Q(ErrorKind(s.error())), QString("TransformationPaddingExpressionError"));
    CheckUnchanged(sch, before, 1);
  }

  // ---- transform_block_layout ----
  void transformBlockLayoutFusesIterators() {
    Schedule sch(ElementwiseChain());
    IndexMap fuse = Map(
        {"i", "j"}, [](const std::vector<Var>& v) { return std::vector<Expr>{v[0] * 128 + v[1]}; });
    QVERIFY(sch.TransformBlockLayout(*sch.GetBlock("B"), fuse).ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY(text.find("    for ax0 in range(16384):\n"
                      "        with T.block(\"B\"):\n"
                      "            v0 = T.axis.spatial(16384, ax0)\n"
                      "            T.reads(A[v0 // 128, v0 % 128])\n"
                      "            T.writes(B[v0 // 128, v0 % 128])\n"
                      "            B[v0 // 128, v0 % 128] = A[v0 // 128, v0 % 128] * "
                      "T.float32(2.0)\n") != std::string::npos);
    QCOMPARE(
        Q(TraceLines(sch.trace()).back()),
        QString("sch.transform_block_layout(block=b0, index_map=lambda i, j: (i * 128 + j,))"));
  }

  void transformBlockLayoutErrors() {
    Schedule sch(Gemm());
    BlockRV c = *sch.GetBlock("C");
    std::string before = AsTVMScript(sch.func());
    Status s = sch.TransformBlockLayout(c, RowsBy4());
    QCOMPARE(Q(ErrorKind(s.error())), QString("IndexMapNotApplicableToBlockIterError"));
    IndexMap mixed = Map({"i", "j", "k"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{v[0], v[1] * 128 + v[2]};
    });
    s = sch.TransformBlockLayout(c, mixed);
    QCOMPARE(Q(ErrorKind(s.error())), QString("OpaqueNewIterTypeError"));
    IndexMap lossy = Map({"i", "j", "k"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{v[0] + v[1], v[2]};
    });
    s = sch.TransformBlockLayout(c, lossy);
    QCOMPARE(Q(ErrorKind(s.error())), QString("NotBijectiveAffineIndexMapError"));
    CheckUnchanged(sch, before, 1);
  }

  void transformBlockLayoutNeedsIteratorsFromZero() {
    ScheduleState state(ElementwiseChain());
    const BlockRealizeNode* b = state.FindBlocks("B")[0];
    auto block = std::make_shared<BlockNode>(*b->block);
    const IterVar& vi = block->iter_vars[0];
    block->iter_vars[0] = ir::MakeIterVar(Range(Expr(1), Expr(127)), vi->var, vi->iter_type);
    state.Replace(b, MakeBlockRealize(b->iter_values, b->predicate, block));
    Schedule sch(state.func());
    IndexMap fuse = Map(
        {"i", "j"}, [](const std::vector<Var>& v) { return std::vector<Expr>{v[0] * 128 + v[1]}; });
    Status s = sch.TransformBlockLayout(*sch.GetBlock("B"), fuse);
    QCOMPARE(Q(ErrorKind(s.error())), QString("ValueError"));
    QVERIFY(s.error().message.find("does not start at 0") != std::string::npos);
  }

  // ---- trace ----
  void computeAtCoversTheRowsOfATiledBuffer() {
    // B tiled as lambda i, j: (i // 16, j, i % 16); C's rows split by 16 and B computed at
    // the outer loop: B[i_0, :, :] is needed, so v_i covers 16 rows from i_0 * 16 (TVM
    // solves `v_i // 16` and leaves `v_i % 16` free), not all 128.
    Schedule sch(ElementwiseChain());
    BlockRV b = *sch.GetBlock("B");
    IndexMap map = Map({"i", "j"}, [](const std::vector<Var>& v) {
      return std::vector<Expr>{ir::floordiv(v[0], 16), v[1], ir::floormod(v[0], 16)};
    });
    QVERIFY(sch.TransformLayout(b, 0, BufferIndexType::Write, map).ok());
    auto loops = *sch.GetLoops(*sch.GetBlock("C"));
    auto split = *sch.Split(loops[0], {Expr(), Expr(16)});
    Status s = sch.ComputeAt(b, split[0]);
    QVERIFY2(s.ok(), s ? "" : s.error().message.c_str());
    std::string text = AsTVMScript(sch.func());
    QVERIFY2(text.find("        for ax0, ax1 in T.grid(16, 128):\n"
                       "            with T.block(\"B\"):\n"
                       "                v_i = T.axis.spatial(128, i_0 * 16 + ax0)\n") !=
                 std::string::npos,
             text.c_str());
  }

  void an64BitIndexMapCastsTheIndicesItIsGiven() {
    // T.index_map's default int64 variables: the int32 block iterators put for them are
    // cast, as TVM's SubstituteWithDataTypeLegalization casts them.
    auto node = std::make_shared<ir::IndexMapNode>();
    Var i("i", DataType::Int(64)), j("j", DataType::Int(64));
    node->initial_indices = {i, j};
    node->final_indices = {ir::add(ir::mul(i, ir::make_const(DataType::Int(64), int64_t{4})), j)};
    arith::Analyzer analyzer;
    Var vi("vi"), vj("vj");
    std::vector<Expr> mapped = MapIndices(node, {vi, vj}, &analyzer);
    QCOMPARE(mapped.size(), size_t(1));
    QCOMPARE(Q(ExprToTVMScript(mapped[0])),
             QString("T.Cast(\"int64\", vi) * T.int64(4) + T.Cast(\"int64\", vj)"));
    QVERIFY(mapped[0].dtype() == DataType::Int(64));
  }

  void traceReplaysAndRoundTripsThroughJson() {
    Schedule sch(Gemm(14));
    BlockRV c = *sch.GetBlock("C");
    QVERIFY(sch.TransformLayout(c, 0, BufferIndexType::Write, RowsBy4(), ZeroPad(3)).ok());
    const char* line =
        "sch.transform_layout(block=b0, buffer=(\"write\", 0), index_map=lambda i, j: (i // 4, "
        "j, i % 4,), pad_value=lambda indices_0, indices_1, indices_2: (T.float32(0.0),), "
        "assume_injective_transform=False)";
    QCOMPARE(Q(TraceAsPython(sch.trace())),
             QString("# from tvm import tir\ndef apply_trace(sch: tir.Schedule) -> None:\n"
                     "  b0 = sch.get_block(name=\"C\", func_name=\"main\")\n  ") +
                 line);
    Schedule replayed(Gemm(14));
    QVERIFY(ApplyTrace(sch.trace(), &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
    auto trace = TraceFromJson(TraceToJson(sch.trace()));
    QVERIFY(trace.ok());
    QCOMPARE(Q(TraceAsPython(*trace)), Q(TraceAsPython(sch.trace())));
    Schedule from_json(Gemm(14));
    QVERIFY(ApplyTrace(*trace, &from_json).ok());
    QCOMPARE(Q(AsTVMScript(from_json.func())), Q(AsTVMScript(sch.func())));
    // On a GEMM whose rows divide by 4 the same trace pads nothing.
    Schedule even(Gemm(16));
    QVERIFY(ApplyTrace(sch.trace(), &even).ok());
    QVERIFY(AsTVMScript(even.func()).find("if_then_else") == std::string::npos);
  }

  void replayStopsAtAFailingTransform() {
    Schedule sch(Gemm(16));
    BlockRV c = *sch.GetBlock("C");
    QVERIFY(sch.TransformLayout(c, 0, BufferIndexType::Write, RowsBy4()).ok());
    Schedule other(Gemm(14));
    Status s = ApplyTrace(sch.trace(), &other);
    QVERIFY(!s.ok());
    QVERIFY(s.error().message.find("TransformLayout") != std::string::npos);
    QVERIFY(s.error().message.find("TransformationIntroducesPaddingError") != std::string::npos);
  }
};

}  // namespace tst_tir_transform_layout

QTEST_APPLESS_MAIN(tst_tir_transform_layout::TestTirTransformLayout)
#include "tst_tir_transform_layout.moc"
