// CodeGenLLVM: a transposing copy as a register transpose. A tile computed with one axis
// innermost and written out along another — ChannelTile's accumulator (columns x
// channels, channels innermost) copied to an NCHW output (channels x columns, columns
// innermost) — lowers to
//
//   for (v, 0, F) { dst[ramp(d(v), 1, L)] = src[ramp(c + v, F, L)] }
//
// whose load is a gather of L elements F apart: F gathers for one L x F tile. Here the
// tile's L rows are loaded instead (L contiguous loads of F elements: exactly the
// elements the gathers read), transposed with log2(L) rounds of interleaving shuffles
// (rows i and i + L/2 interleaved into rows 2i and 2i+1: after log2(L) rounds the rows,
// concatenated, hold the tile column by column), and each output vector is an aligned
// L-element slice of one row. LLVM turns the interleaves into unpack/permute
// instructions: on AVX-512 an 8 x 32 tile takes about 64 permutes of the accumulators
// where they are (registers) instead of spilling them and 32 gathers from the stack.
// L need not be a power of two: the tile is transposed as P x F, P the next power of two,
// with P - L rows that are never loaded nor stored (poison), and each output vector is the
// first L elements of its P-element slice — a 56-column row copied 14 columns at a time
// (the widest divisor of 56 up to 16 lanes) took two 8-element gathers with 64-bit
// indices per vector (AVX-512 conv2d: 3-4 % of the kernel's time).
// Only for P dividing F, F * P at most kMaxTransposeElements, and no vector mask;
// anything else is emitted as the loop it is.
#include <optional>

#include "codegen/BufferIndex.h"
#include "codegen/CodeGenLLVM.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::codegen {

using namespace ir;

namespace {

constexpr int64_t kMaxTransposeElements = 1024;

// The copy's parts when `n` is such a loop (see above).
struct TransposeCopy {
  const BufferStoreNode* store = nullptr;
  const BufferLoadNode* load = nullptr;
  Expr column_base;   // c
  Expr store_base;    // d(v)
  int64_t rows = 0;     // L
  int64_t padded = 0;   // P: L rounded up to a power of two
  int64_t width = 0;    // F
};

bool IsTransposeLoopVar(const Expr& e, const Var& v) { return e.as<VarNode>() == v.get(); }

// `b` as v + c with c free of v (undefined when it is not).
Expr OffsetFromLoopVar(const Expr& b, const Var& v) {
  if (IsTransposeLoopVar(b, v)) return make_const(b.dtype(), int64_t{0});
  const auto* sum = b.as<BinaryNode>();
  if (!sum || sum->kind != ExprKind::Add) return Expr();
  if (IsTransposeLoopVar(sum->a, v) && !UsesVar(sum->b, v)) return sum->b;
  if (IsTransposeLoopVar(sum->b, v) && !UsesVar(sum->a, v)) return sum->a;
  return Expr();
}

int64_t NextPowerOfTwo(int64_t x) {
  int64_t p = 1;
  while (p < x) p *= 2;
  return p;
}

std::optional<TransposeCopy> MatchTransposeCopy(const ForNode* n) {
  const int64_t* min = as_const_int(n->min);
  const int64_t* extent = as_const_int(n->extent);
  if (n->for_kind != ForKind::Serial || !min || *min != 0 || !extent) return std::nullopt;
  TransposeCopy t;
  t.store = n->body.as<BufferStoreNode>();
  if (!t.store || t.store->indices.size() != 1) return std::nullopt;
  t.load = t.store->value.as<BufferLoadNode>();
  if (!t.load || t.load->indices.size() != 1 ||
      t.load->buffer->data.get() == t.store->buffer->data.get())
    return std::nullopt;
  const DataType type = t.load->dtype;
  if (type.is_bool() || type != t.store->value.dtype() ||
      type.element_of() != t.store->buffer->dtype.element_of())
    return std::nullopt;
  const auto* ramp = t.load->indices[0].as<RampNode>();
  const int64_t* stride = ramp ? as_const_int(ramp->stride) : nullptr;
  t.rows = type.lanes();
  t.padded = NextPowerOfTwo(t.rows);
  t.width = *extent;
  if (!stride || *stride != t.width || t.rows < 2 || t.width % t.padded != 0 ||
      t.width * t.padded > kMaxTransposeElements)
    return std::nullopt;
  t.column_base = OffsetFromLoopVar(ramp->base, n->loop_var);
  t.store_base = ContiguousBase(t.store->indices[0]);
  if (!t.column_base.defined() || !t.store_base.defined()) return std::nullopt;
  return t;
}

// Shuffle mask interleaving the low (or high) halves of two `width`-element vectors.
std::vector<int> InterleaveMask(int64_t width, bool high) {
  std::vector<int> mask;
  const int64_t start = high ? width / 2 : 0;
  for (int64_t i = 0; i < width / 2; ++i) {
    mask.push_back(static_cast<int>(start + i));
    mask.push_back(static_cast<int>(width + start + i));
  }
  return mask;
}

}  // namespace

bool CodeGenLLVM::EmitTransposeCopy(const ForNode* n) {
  if (mask_) return false;
  std::optional<TransposeCopy> t = MatchTransposeCopy(n);
  if (!t) return false;
  const Buffer& src = t->load->buffer;
  const Buffer& dst = t->store->buffer;
  llvm::Type* elem = MemoryType(src->dtype);
  llvm::Align align(static_cast<uint64_t>(src->dtype.element_of().bytes()));
  // The L rows of the tile: src[c + r * F, +F).
  llvm::Value* first = VisitExpr(LinearIndex(src, {t->column_base}));
  llvm::Value* src_base = BufferPointer(src);
  if (failed()) return true;
  auto* row_type = llvm::FixedVectorType::get(elem, static_cast<unsigned>(t->width));
  std::vector<llvm::Value*> rows;
  for (int64_t r = 0; r < t->rows; ++r) {
    llvm::Value* index =
        b_->CreateAdd(first, llvm::ConstantInt::get(first->getType(), r * t->width));
    llvm::Value* ptr = b_->CreateInBoundsGEP(elem, src_base, index);
    rows.push_back(Annotate(b_->CreateAlignedLoad(row_type, ptr, align), src));
  }
  // The rows past L (P > L): no element of them is stored.
  rows.resize(static_cast<size_t>(t->padded), llvm::PoisonValue::get(row_type));
  // log2(P) rounds of interleaving rows i and i + P/2.
  const std::vector<int> low = InterleaveMask(t->width, false),
                         high = InterleaveMask(t->width, true);
  for (int64_t round = 1; round < t->padded; round *= 2) {
    std::vector<llvm::Value*> next(rows.size());
    const size_t half = rows.size() / 2;
    for (size_t i = 0; i < half; ++i) {
      next[2 * i] = b_->CreateShuffleVector(rows[i], rows[i + half], low);
      next[2 * i + 1] = b_->CreateShuffleVector(rows[i], rows[i + half], high);
    }
    rows = std::move(next);
  }
  // Output vector v: elements [v * P, v * P + L) of the concatenated rows.
  llvm::Value* dst_base = BufferPointer(dst);
  for (int64_t v = 0; v < t->width; ++v) {
    const int64_t at = v * t->padded;
    std::vector<int> slice;
    for (int64_t l = 0; l < t->rows; ++l) slice.push_back(static_cast<int>(at % t->width + l));
    llvm::Value* vec = b_->CreateShuffleVector(rows[static_cast<size_t>(at / t->width)], slice);
    fn_.vars[n->loop_var.get()] = llvm::ConstantInt::get(LLVMType(n->loop_var.dtype()), v);
    llvm::Value* index = VisitExpr(LinearIndex(dst, {t->store_base}));
    if (failed()) break;
    Annotate(b_->CreateAlignedStore(vec, b_->CreateInBoundsGEP(elem, dst_base, index), align), dst);
  }
  fn_.vars.erase(n->loop_var.get());
  return true;
}

}  // namespace tessera::codegen
