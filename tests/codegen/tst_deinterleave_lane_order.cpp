// The stride-2 lane order on IR built by hand (codegen/DeinterleaveLaneOrder.h): a store
// of a sum of taps is computed with each tap one in-lane pick and put back in element
// order once; a tap moved a lane (a shifted tap) is permuted in that order; a store with
// no more taps than reorders is left alone; a lane set past the vector's end is no lane to
// move. The rewritten functions verify.
#include <QtTest>

#ifdef TESSERA_HAS_LLVM
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include "codegen/DeinterleaveLaneOrder.h"
#endif

namespace tst_deinterleave_lane_order {

#ifdef TESSERA_HAS_LLVM
using tessera::codegen::ComputeDeinterleavedTapsInLaneOrder;

// void f(<8 x float> a, <8 x float> c, ptr out, float k), its body built by the test.
struct Kernel {
  llvm::LLVMContext context;
  llvm::Module module{"kernel", context};
  llvm::Function* f = nullptr;
  llvm::IRBuilder<> b{context};

  Kernel() {
    auto* vec = llvm::FixedVectorType::get(b.getFloatTy(), 8);
    auto* type =
        llvm::FunctionType::get(b.getVoidTy(), {vec, vec, b.getPtrTy(), b.getFloatTy()}, false);
    f = llvm::Function::Create(type, llvm::Function::ExternalLinkage, "f", module);
    b.SetInsertPoint(llvm::BasicBlock::Create(context, "entry", f));
  }
  // Elements first, first + 2, ... of a ‖ c (first 0 or 1).
  llvm::Value* Tap(int first) {
    std::vector<int> mask;
    for (int k = 0; k < 8; ++k) mask.push_back(first + 2 * k);
    return b.CreateShuffleVector(f->getArg(0), f->getArg(1), mask);
  }
  void Store(llvm::Value* v) {
    b.CreateStore(v, f->getArg(2));
    b.CreateRetVoid();
  }
  QString Text() const {
    std::string s;
    llvm::raw_string_ostream os(s);
    f->print(os);
    return QString::fromStdString(os.str());
  }
  bool Verifies() const { return !llvm::verifyFunction(*f, &llvm::errs()); }
};

void SumOfTaps() {
  Kernel k;
  llvm::Value* splat = k.b.CreateVectorSplat(8, k.f->getArg(3));
  llvm::Value* sum = k.b.CreateFAdd(k.Tap(0), k.b.CreateFMul(k.Tap(1), splat));
  k.Store(k.b.CreateFAdd(sum, k.Tap(0)));
  QCOMPARE(ComputeDeinterleavedTapsInLaneOrder(*k.f), 1);
  QVERIFY(k.Verifies());
  const QString text = k.Text();
  // The taps as vshufps picks them (within 128-bit halves), the sum put back once.
  QVERIFY2(text.contains("<i32 0, i32 2, i32 8, i32 10, i32 4, i32 6, i32 12, i32 14>"),
           qPrintable(text));
  QVERIFY2(text.contains("<i32 1, i32 3, i32 9, i32 11, i32 5, i32 7, i32 13, i32 15>"),
           qPrintable(text));
  QVERIFY2(text.contains("freeze"), qPrintable(text));
  QCOMPARE(text.count("<i32 0, i32 1, i32 4, i32 5, i32 2, i32 3, i32 6, i32 7>"), 1);
  QVERIFY2(!text.contains("<i32 0, i32 2, i32 4, i32 6,"), qPrintable(text));
}

void MovedTap() {
  Kernel k;
  // Tap 1 moved up a lane (frozen, as the code generator keeps a shifted tap apart), the
  // scalar in lane 0: one permute of the tap in the taps' order, the lane still lane 0.
  llvm::Value* tap = k.Tap(1);
  llvm::Value* moved = k.b.CreateShuffleVector(k.b.CreateFreeze(tap), {-1, 0, 1, 2, 3, 4, 5, 6});
  moved = k.b.CreateInsertElement(moved, k.f->getArg(3), k.b.getInt64(0));
  k.Store(k.b.CreateFAdd(k.b.CreateFAdd(k.Tap(0), moved), tap));
  QCOMPARE(ComputeDeinterleavedTapsInLaneOrder(*k.f), 1);
  QVERIFY(k.Verifies());
  const QString text = k.Text();
  QVERIFY2(text.contains("i32 0, i32 5, i32 2, i32 1, i32 4, i32 3, i32 6>"), qPrintable(text));
  QVERIFY2(text.contains("float %3, i64 0"), qPrintable(text));
  QCOMPARE(text.count("<i32 0, i32 1, i32 4, i32 5, i32 2, i32 3, i32 6, i32 7>"), 1);
  QVERIFY2(!text.contains("<i32 1, i32 3, i32 5, i32 7,"), qPrintable(text));
}

void OneTap() {
  Kernel k;
  // One tap plus a vector in element order: that vector into the taps' order and the sum
  // back would cost two shuffles for the one saved.
  k.Store(k.b.CreateFAdd(k.Tap(0), k.f->getArg(1)));
  QCOMPARE(ComputeDeinterleavedTapsInLaneOrder(*k.f), 0);
  QVERIFY(k.Verifies());
}

void LanePastTheEnd() {
  Kernel k;
  llvm::Value* v = k.b.CreateFMul(k.b.CreateFAdd(k.Tap(0), k.Tap(1)), k.Tap(0));
  k.Store(
      k.b.CreateInsertElement(v, llvm::ConstantFP::get(k.b.getFloatTy(), 0.0), k.b.getInt64(9)));
  // Not a lane of the vector: the store is left as it is (no order has a lane 9).
  QCOMPARE(ComputeDeinterleavedTapsInLaneOrder(*k.f), 0);
  QVERIFY(k.Verifies());
  QVERIFY2(k.Text().contains("i64 9"), qPrintable(k.Text()));
}
#endif

class TestDeinterleaveLaneOrder : public QObject {
  Q_OBJECT

 private slots:
  void init() {
#ifndef TESSERA_HAS_LLVM
    QSKIP("built without LLVM");
#endif
  }
  void aSumOfTapsIsPutBackOnce() {
#ifdef TESSERA_HAS_LLVM
    SumOfTaps();
#endif
  }
  void aMovedTapIsPermutedInTheTapsOrder() {
#ifdef TESSERA_HAS_LLVM
    MovedTap();
#endif
  }
  void oneTapAgainstAnotherVectorIsLeftAlone() {
#ifdef TESSERA_HAS_LLVM
    OneTap();
#endif
  }
  void aLanePastTheEndIsNoLaneToMove() {
#ifdef TESSERA_HAS_LLVM
    LanePastTheEnd();
#endif
  }
};

}  // namespace tst_deinterleave_lane_order

QTEST_APPLESS_MAIN(tst_deinterleave_lane_order::TestDeinterleaveLaneOrder)
#include "tst_deinterleave_lane_order.moc"
