// CodeGenLLVM: a transposing copy as a register transpose. A tile computed with one axis
// innermost and written out along another — ChannelTile's accumulator (columns x
// channels, channels innermost) copied to an NCHW output (channels x columns, columns
// innermost) — lowers to
//
//   for (v, 0, F) { dst[ramp(d(v), 1, L)] = src[ramp(c + v, S, L)] }
//
// whose load is a gather of L elements S apart: F gathers for one L x F tile. S is F when
// the tile is a whole row-major matrix, the source's row length when it is a block of a
// larger one (a transpose in tiles; the NCHW -> NCHWc packing of TVM's x86 conv2d
// schedules and a weight packing with the output channels innermost: one channel's run
// of elements per row, the channels S apart). Here the tile's L rows are loaded instead
// (L contiguous loads of F elements: exactly the elements the gathers read), transposed
// with log2(L) rounds of interleaving shuffles (rows i and i + L/2 interleaved into rows
// 2i and 2i+1: after log2(L) rounds the rows, concatenated, hold the tile column by
// column), and each output vector is an aligned L-element slice of one row. LLVM turns
// the interleaves into unpack/permute instructions: on AVX-512 an 8 x 32 tile takes about
// 64 permutes of the accumulators where they are (registers) instead of spilling them and
// 32 gathers from the stack.
// L need not be a power of two: the tile is transposed as P x F, P the next power of two,
// with P - L rows that are never loaded nor stored (poison), and each output vector is the
// first L elements of its P-element slice — a 56-column row copied 14 columns at a time
// (the widest divisor of 56 up to 16 lanes) took two 8-element gathers with 64-bit
// indices per vector (AVX-512 conv2d: 3-4 % of the kernel's time).
// Only for P dividing F, F * P at most kMaxTransposeElements, and no vector mask;
// anything else is emitted as the loop it is.
// A tile whose P rows would take more than half the vector registers is transposed in
// column blocks of C (a multiple of P dividing F; P x C elements each, loaded as P rows of
// C): with AVX2's 16 ymm the 8 x 32 tile above, 32 registers of rows, spilled every
// round (609 instructions per tile, LLVM's cross-register permutes of 32-element rows
// through the stack); as four 8 x 8 blocks, each in the three in-lane AVX steps
// (Transpose8x8InLanes: 24 shuffles; the interleaving rounds would take two per
// full-width interleave there), 227 instructions.
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
  Expr column_base;    // c
  Expr store_base;     // d(v)
  int64_t rows = 0;    // L
  int64_t padded = 0;  // P: L rounded up to a power of two
  int64_t width = 0;   // F
  int64_t stride = 0;  // S: from one row of the tile to the next in src
  int64_t block = 0;   // C: the columns transposed together (F, or a part of it)
};

bool IsTransposeLoopVar(const Expr& e, const Var& v) { return e.as<VarNode>() == v.get(); }

// `b` as v + c with c free of v (undefined when it is not): v once, added, anywhere in a
// tree of sums and differences (the simplifier leaves a fused axis's wrap-around last:
// ((.. + v) - (o % 8) * 1016)).
Expr OffsetFromLoopVar(const Expr& b, const Var& v) {
  if (IsTransposeLoopVar(b, v)) return make_const(b.dtype(), int64_t{0});
  const auto* op = b.as<BinaryNode>();
  if (!op || (op->kind != ExprKind::Add && op->kind != ExprKind::Sub)) return Expr();
  const bool in_a = UsesVar(op->a, v), in_b = UsesVar(op->b, v);
  if (in_a == in_b) return Expr();
  if (in_a) {
    Expr rest = OffsetFromLoopVar(op->a, v);
    if (!rest.defined()) return Expr();
    return op->kind == ExprKind::Add ? rest + op->b : rest - op->b;
  }
  if (op->kind == ExprKind::Sub) return Expr();  // c - v
  Expr rest = OffsetFromLoopVar(op->b, v);
  return rest.defined() ? op->a + rest : Expr();
}

int64_t NextPowerOfTwo(int64_t x) {
  int64_t p = 1;
  while (p < x) p *= 2;
  return p;
}

// The columns transposed together: all F when the P rows of F elements fit in half the
// vector registers (or their size is unknown), else the widest multiple of P dividing F
// that does, at least P.
int64_t TransposeBlock(const TransposeCopy& t, int64_t element_bytes, int64_t register_bytes) {
  auto fits = [&](int64_t c) {
    return register_bytes <= 0 || 2 * t.padded * c * element_bytes <= register_bytes;
  };
  if (fits(t.width)) return t.width;
  for (int64_t c = t.width - t.padded; c > t.padded; c -= t.padded)
    if (t.width % c == 0 && fits(c)) return c;
  return t.padded;
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
  if (!stride || *stride < 2 || t.rows < 2 || t.width % t.padded != 0 ||
      t.width * t.padded > kMaxTransposeElements)
    return std::nullopt;
  t.stride = *stride;
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

// log2(P) rounds of interleaving rows i and i + P/2 (rows of `width` elements): the rows,
// concatenated, then hold the P x width tile column by column.
std::vector<llvm::Value*> CodeGenLLVM::TransposeByInterleaving(std::vector<llvm::Value*> rows,
                                                               int64_t padded, int64_t width) {
  const std::vector<int> low = InterleaveMask(width, false), high = InterleaveMask(width, true);
  for (int64_t round = 1; round < padded; round *= 2) {
    std::vector<llvm::Value*> next(rows.size());
    const size_t half = rows.size() / 2;
    for (size_t i = 0; i < half; ++i) {
      next[2 * i] = b_->CreateShuffleVector(rows[i], rows[i + half], low);
      next[2 * i + 1] = b_->CreateShuffleVector(rows[i], rows[i + half], high);
    }
    rows = std::move(next);
  }
  return rows;
}

// An 8 x 8 tile of 32-bit elements in the three steps of the AVX transpose, each a shuffle
// that stays within 128-bit halves except the last: pairs of rows interleaved element by
// element (unpcklps/unpckhps), pairs of those pair by pair (unpcklpd/unpckhpd), then the
// halves exchanged (vperm2f128) — 24 single-instruction shuffles, where the interleaving
// rounds' full-width interleaves take two each on AVX2. Returns the columns.
std::vector<llvm::Value*> CodeGenLLVM::Transpose8x8InLanes(const std::vector<llvm::Value*>& r) {
  auto shuffle = [&](llvm::Value* a, llvm::Value* b, std::vector<int> mask) {
    return b_->CreateShuffleVector(a, b, mask);
  };
  const std::vector<int> lo32 = {0, 8, 1, 9, 4, 12, 5, 13}, hi32 = {2, 10, 3, 11, 6, 14, 7, 15};
  const std::vector<int> lo64 = {0, 1, 8, 9, 4, 5, 12, 13}, hi64 = {2, 3, 10, 11, 6, 7, 14, 15};
  const std::vector<int> low_halves = {0, 1, 2, 3, 8, 9, 10, 11},
                         high_halves = {4, 5, 6, 7, 12, 13, 14, 15};
  std::vector<llvm::Value*> t(8), u(8), columns(8);
  for (int i = 0; i < 8; i += 2) {  // t[i]: columns {0,1 | 4,5} of rows i, i+1; t[i+1]: {2,3 | 6,7}
    t[i] = shuffle(r[i], r[i + 1], lo32);
    t[i + 1] = shuffle(r[i], r[i + 1], hi32);
  }
  for (int g = 0; g < 8; g += 4) {  // u[g + k]: column k | k + 4 of rows g..g+3
    u[g + 0] = shuffle(t[g], t[g + 2], lo64);
    u[g + 1] = shuffle(t[g], t[g + 2], hi64);
    u[g + 2] = shuffle(t[g + 1], t[g + 3], lo64);
    u[g + 3] = shuffle(t[g + 1], t[g + 3], hi64);
  }
  for (int k = 0; k < 4; ++k) {
    columns[k] = shuffle(u[k], u[k + 4], low_halves);
    columns[k + 4] = shuffle(u[k], u[k + 4], high_halves);
  }
  return columns;
}

bool CodeGenLLVM::EmitTransposeCopy(const ForNode* n) {
  if (mask_) return false;
  std::optional<TransposeCopy> t = MatchTransposeCopy(n);
  if (!t) return false;
  const Buffer& src = t->load->buffer;
  const Buffer& dst = t->store->buffer;
  llvm::Type* elem = MemoryType(src->dtype);
  const int64_t element_bytes = src->dtype.element_of().bytes();
  llvm::Align align(static_cast<uint64_t>(element_bytes));
  t->block = TransposeBlock(*t, element_bytes, vector_register_bytes_);
  llvm::Value* first = VisitExpr(LinearIndex(src, {t->column_base}));
  llvm::Value* src_base = BufferPointer(src);
  llvm::Value* dst_base = BufferPointer(dst);
  if (failed()) return true;
  auto* row_type = llvm::FixedVectorType::get(elem, static_cast<unsigned>(t->block));
  for (int64_t column = 0; column < t->width && !failed(); column += t->block) {
    // The L rows of the block: src[c + r * S + column, +C).
    std::vector<llvm::Value*> rows;
    for (int64_t r = 0; r < t->rows; ++r) {
      llvm::Value* index =
          b_->CreateAdd(first, llvm::ConstantInt::get(first->getType(), r * t->stride + column));
      llvm::Value* ptr = b_->CreateInBoundsGEP(elem, src_base, index);
      rows.push_back(Annotate(b_->CreateAlignedLoad(row_type, ptr, align), src));
    }
    // The rows past L (P > L): no element of them is stored.
    rows.resize(static_cast<size_t>(t->padded), llvm::PoisonValue::get(row_type));
    if (t->block == 8 && t->padded == 8 && element_bytes == 4) {
      rows = Transpose8x8InLanes(rows);  // output j is rows[j] (P = C = 8)
    } else {
      rows = TransposeByInterleaving(std::move(rows), t->padded, t->block);
    }
    // Output vector v = column + j: elements [j * P, j * P + L) of the concatenated rows.
    for (int64_t j = 0; j < t->block; ++j) {
      const int64_t at = j * t->padded;
      std::vector<int> slice;
      for (int64_t l = 0; l < t->rows; ++l) slice.push_back(static_cast<int>(at % t->block + l));
      llvm::Value* vec = b_->CreateShuffleVector(rows[static_cast<size_t>(at / t->block)], slice);
      fn_.vars[n->loop_var.get()] =
          llvm::ConstantInt::get(LLVMType(n->loop_var.dtype()), column + j);
      llvm::Value* index = VisitExpr(LinearIndex(dst, {t->store_base}));
      if (failed()) break;
      Annotate(b_->CreateAlignedStore(vec, b_->CreateInBoundsGEP(elem, dst_base, index), align),
               dst);
    }
  }
  fn_.vars.erase(n->loop_var.get());
  return true;
}

}  // namespace tessera::codegen
