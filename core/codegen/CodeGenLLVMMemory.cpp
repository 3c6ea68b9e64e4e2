// CodeGenLLVM: buffer loads and stores. An access is linearised to one element index
// (row-major over the buffer's shape, or its strides, for N-D physical buffers); a
// vector index that is contiguous (ramp(b, 1, N), possibly written x(b) + ramp(c, 1, N))
// becomes one vector load/store; a load with a small constant stride (2 to 4) one masked
// contiguous load and a shuffle; any other vector index a gather/scatter. Loads inside a
// vector if_then_else, and loads and stores inside an `if` on a vector of lanes, are
// masked to the lanes that take that branch. Strided loads of a run of stores that
// overlap share their vectors (StridedSpans.h).
#include <llvm/IR/MDBuilder.h>

#include <algorithm>

#include "codegen/BufferIndex.h"
#include "codegen/CodeGenLLVM.h"
#include "ir/ExprOp.h"

namespace tessera::codegen {

using namespace ir;

void CodeGenLLVM::CreateAliasScopes(const transform::PrimFunc& f) {
  std::vector<std::pair<const ExprNode*, std::string>> handles;
  for (auto& p : f.params)
    if (p.is_buffer()) handles.emplace_back(p.var.get(), p.buffer->name);
  struct Allocations : IRVisitor {
    std::vector<std::pair<const ExprNode*, std::string>>* out;
    void VisitAllocate(const AllocateNode* n, const Stmt& s) override {
      out->emplace_back(n->buffer_var.get(), n->buffer_var.name());
      IRVisitor::VisitAllocate(n, s);
    }
  } allocations;
  allocations.out = &handles;
  allocations.VisitStmt(f.body);
  llvm::MDBuilder md(ctx_);
  llvm::MDNode* domain = md.createAnonymousAliasScopeDomain(f.name);
  for (auto& [handle, name] : handles)
    if (!alias_scopes_.count(handle))
      alias_scopes_[handle] = md.createAnonymousAliasScope(domain, name);
}

llvm::Value* CodeGenLLVM::Annotate(llvm::Value* access, const Buffer& buffer) {
  auto* inst = llvm::dyn_cast<llvm::Instruction>(access);
  auto own = alias_scopes_.find(buffer->data.get());
  if (!inst || own == alias_scopes_.end()) return access;
  std::vector<llvm::Metadata*> others;
  for (auto& [handle, scope] : alias_scopes_)
    if (handle != own->first) others.push_back(scope);
  inst->setMetadata(llvm::LLVMContext::MD_alias_scope, llvm::MDNode::get(ctx_, {own->second}));
  if (!others.empty())
    inst->setMetadata(llvm::LLVMContext::MD_noalias, llvm::MDNode::get(ctx_, others));
  return access;
}

llvm::Value* CodeGenLLVM::BufferPointer(const Buffer& buffer) {
  auto it = fn_.vars.find(buffer->data.get());
  if (it == fn_.vars.end()) {
    Fail("buffer " + buffer->name + " is not defined here");
    return llvm::PoisonValue::get(b_->getPtrTy());
  }
  return it->second;
}

// Returns the i64 element index (scalar: the first element of a contiguous vector
// access, or the scalar access; vector: one index per lane) and sets *lanes and, for a
// contiguous vector access, *contiguous_base.
namespace {
// Strides a strided load reads as one contiguous span (a span of more elements than
// that per lane costs more than the gather it replaces).
constexpr int64_t kMaxWideLoadStride = 4;
}  // namespace

llvm::Value* CodeGenLLVM::ElementIndex(const Buffer& buffer, const std::vector<Expr>& indices,
                                       Expr* contiguous_base, int* lanes, int64_t* stride) {
  *lanes = 1;
  for (auto& i : indices) *lanes = std::max(*lanes, i.dtype().lanes());
  if (indices.empty() ||
      (buffer->strides.empty() && indices.size() > 1 && buffer->shape.size() != indices.size())) {
    Fail("buffer " + buffer->name + " is accessed with " + std::to_string(indices.size()) +
         " indices");
    return b_->getInt64(0);
  }
  if (*lanes > 1) {
    bool leading_scalar = true;
    for (size_t d = 0; d + 1 < indices.size(); ++d)
      leading_scalar = leading_scalar && indices[d].dtype().is_scalar();
    int64_t step = 0;
    Expr base = leading_scalar ? StridedBase(indices.back(), &step) : Expr();
    if (base.defined() && step != 1 && (!stride || step < 2 || step > kMaxWideLoadStride))
      base = Expr();
    if (base.defined()) {
      if (stride) *stride = step;
      std::vector<Expr> scalar_indices(indices.begin(), indices.end() - 1);
      scalar_indices.push_back(base);
      *contiguous_base = base;
      return VisitExpr(LinearIndex(buffer, scalar_indices));
    }
  }
  return VisitExpr(LinearIndex(buffer, indices));
}

llvm::Value* CodeGenLLVM::EmitLoad(const Buffer& buffer, const std::vector<Expr>& indices,
                                   DataType t) {
  llvm::Type* elem = MemoryType(buffer->dtype);
  llvm::Align align(static_cast<uint64_t>(std::max(1, buffer->dtype.element_of().bytes())));
  Expr contiguous;
  int lanes = 1;
  int64_t stride = 1;
  // Only 32- and 64-bit elements: narrower masked loads are scalarised without AVX-512BW.
  const int bits = buffer->dtype.element_of().bits();
  const bool wide_ok = !buffer->dtype.is_bool() && (bits == 32 || bits == 64);
  llvm::Value* index =
      ElementIndex(buffer, indices, &contiguous, &lanes, wide_ok ? &stride : nullptr);
  llvm::Value* base = BufferPointer(buffer);
  if (failed()) return llvm::PoisonValue::get(LLVMType(t));
  llvm::Value* ptr = b_->CreateInBoundsGEP(elem, base, index);
  llvm::Value* value;
  if (lanes == 1) {
    if (mask_) {
      // A scalar read inside a vector if_then_else happens only if some lane needs it.
      auto* load_block = llvm::BasicBlock::Create(ctx_, "masked.load", fn_.function);
      auto* end_block = llvm::BasicBlock::Create(ctx_, "masked.end", fn_.function);
      llvm::BasicBlock* from = b_->GetInsertBlock();
      b_->CreateCondBr(b_->CreateOrReduce(mask_), load_block, end_block);
      b_->SetInsertPoint(load_block);
      llvm::Value* loaded = Annotate(b_->CreateAlignedLoad(elem, ptr, align), buffer);
      b_->CreateBr(end_block);
      b_->SetInsertPoint(end_block);
      llvm::PHINode* phi = b_->CreatePHI(elem, 2);
      phi->addIncoming(loaded, load_block);
      phi->addIncoming(llvm::Constant::getNullValue(elem), from);
      value = phi;
    } else {
      value = Annotate(b_->CreateAlignedLoad(elem, ptr, align), buffer);
    }
  } else {
    auto* vec = llvm::FixedVectorType::get(elem, static_cast<unsigned>(lanes));
    llvm::Value* zero = llvm::Constant::getNullValue(vec);
    bool masked = mask_ && llvm::cast<llvm::FixedVectorType>(mask_->getType())->getNumElements() ==
                               static_cast<unsigned>(lanes);
    if (contiguous.defined() && stride > 1) {
      value = EmitStridedLoad(buffer, ptr, lanes, stride);
    } else if (contiguous.defined()) {
      if (masked)
        value = Annotate(b_->CreateMaskedLoad(vec, ptr, align, mask_, zero), buffer);
      else
        value = Annotate(b_->CreateAlignedLoad(vec, ptr, align), buffer);
    } else {
      value =
          Annotate(b_->CreateMaskedGather(vec, ptr, align, masked ? mask_ : nullptr, zero), buffer);
    }
  }
  if (buffer->dtype.is_bool())
    value = b_->CreateICmpNE(value, llvm::Constant::getNullValue(value->getType()));
  return value;
}

llvm::Value* CodeGenLLVM::EmitStridedLoad(const Buffer& buffer, llvm::Value* ptr, int lanes,
                                          int64_t stride) {
  llvm::Type* elem = MemoryType(buffer->dtype);
  llvm::Align align(static_cast<uint64_t>(std::max(1, buffer->dtype.element_of().bytes())));
  const unsigned last = static_cast<unsigned>((lanes - 1) * stride);
  std::vector<int> pick(static_cast<size_t>(lanes));
  const bool masked =
      mask_ && llvm::cast<llvm::FixedVectorType>(mask_->getType())->getNumElements() ==
                   static_cast<unsigned>(lanes);
  if (!masked) {
    // The elements from the first read to the last, last + 1 of them, as two overlapping
    // plain loads of the largest power of two that fits: [0, p) and [last + 1 - p, last],
    // every element of both in bounds (between two read), and a shuffle of the pair. A
    // masked load would cost more on most x86 cores and past the last element read is
    // nothing to load.
    unsigned p = 1;
    while (2 * p <= last + 1) p *= 2;
    const unsigned second = last + 1 - p;
    auto* half = llvm::FixedVectorType::get(elem, p);
    llvm::Value* low = Annotate(b_->CreateAlignedLoad(half, ptr, align), buffer);
    if (second == 0) {
      for (int k = 0; k < lanes; ++k) pick[static_cast<size_t>(k)] = static_cast<int>(k * stride);
      return b_->CreateShuffleVector(low, pick);
    }
    llvm::Value* high_ptr = b_->CreateInBoundsGEP(elem, ptr, b_->getInt64(second));
    llvm::Value* high = Annotate(b_->CreateAlignedLoad(half, high_ptr, align), buffer);
    for (int k = 0; k < lanes; ++k) {
      const unsigned at = static_cast<unsigned>(k * stride);
      pick[static_cast<size_t>(k)] = static_cast<int>(at < p ? at : at - second + p);
    }
    return b_->CreateShuffleVector(low, high, pick);
  }
  // Inside an if_then_else only the lanes taken are read: one masked load of the span,
  // an element read enabled where its lane is taken, a lane between two where both are
  // (it lies between two addresses read, so in bounds, and the legalized load's whole
  // registers then need no mask where every lane is taken); the span's lanes past the
  // last element read are masked off (the span may end past the buffer).
  const unsigned span = static_cast<unsigned>(lanes * stride);
  auto* wide = llvm::FixedVectorType::get(elem, span);
  for (int k = 0; k < lanes; ++k) pick[static_cast<size_t>(k)] = static_cast<int>(k * stride);
  // Lane j takes mask_[j / s] and mask_[ceil(j / s)]; a lane past the last read, index
  // `lanes` (the second operand, all false).
  std::vector<int> below(span, lanes), above(span, lanes);
  for (unsigned j = 0; j <= last; ++j) {
    below[j] = static_cast<int>(j / static_cast<unsigned>(stride));
    above[j] =
        static_cast<int>((j + static_cast<unsigned>(stride) - 1) / static_cast<unsigned>(stride));
  }
  llvm::Value* none = llvm::Constant::getNullValue(mask_->getType());
  llvm::Value* enabled = b_->CreateAnd(b_->CreateShuffleVector(mask_, none, below),
                                       b_->CreateShuffleVector(mask_, none, above));
  llvm::Value* loaded = Annotate(
      b_->CreateMaskedLoad(wide, ptr, align, enabled, llvm::Constant::getNullValue(wide)), buffer);
  return b_->CreateShuffleVector(loaded, pick);
}

void CodeGenLLVM::EmitStoreRun(const std::vector<Stmt>& run) {
  // Inside a vector `if` the stores' loads are masked: what they read need not be in bounds.
  SharedSpans spans =
      mask_ ? SharedSpans() : FindSharedSpans(run, kMaxWideLoadStride, shifted_taps_);
  std::vector<std::vector<llvm::Value*>> chunks, elements;
  std::vector<llvm::Value*> pointers;
  for (const SharedSpan& span : spans.spans) {
    std::vector<Expr> indices = span.leading;
    indices.push_back(span.first);
    llvm::Value* first = VisitExpr(LinearIndex(span.buffer, indices));
    if (failed()) return;
    llvm::Type* elem = MemoryType(span.buffer->dtype);
    llvm::Align align(static_cast<uint64_t>(span.buffer->dtype.element_of().bytes()));
    auto* vec = llvm::FixedVectorType::get(elem, static_cast<unsigned>(span.chunk_lanes));
    llvm::Value* ptr = b_->CreateInBoundsGEP(elem, BufferPointer(span.buffer), first);
    pointers.push_back(ptr);
    std::vector<llvm::Value*> loaded;
    for (int64_t start : span.chunk_starts) {
      llvm::Value* at = b_->CreateInBoundsGEP(elem, ptr, b_->getInt64(start));
      loaded.push_back(Annotate(b_->CreateAlignedLoad(vec, at, align), span.buffer));
    }
    chunks.push_back(std::move(loaded));
    std::vector<llvm::Value*> alone;
    for (int64_t offset : span.elements) {
      llvm::Value* at = b_->CreateInBoundsGEP(elem, ptr, b_->getInt64(offset));
      alone.push_back(Annotate(b_->CreateAlignedLoad(elem, at, align), span.buffer));
    }
    elements.push_back(std::move(alone));
  }
  std::swap(spans_, spans);
  std::swap(span_chunks_, chunks);
  std::swap(span_elements_, elements);
  std::swap(span_pointers_, pointers);
  for (const Stmt& s : run) {
    if (failed()) break;
    VisitStmt(s);
  }
  std::swap(spans_, spans);
  std::swap(span_chunks_, chunks);
  std::swap(span_elements_, elements);
  std::swap(span_pointers_, pointers);
}

llvm::Value* CodeGenLLVM::EmitSpanRead(const SpanRead& read) {
  const SharedSpan& span = spans_.spans[read.span];
  const int64_t p = span.chunk_lanes;
  const int64_t low = span.chunk_starts[read.low];
  const int64_t high = span.chunk_starts[read.high];
  // The tap loaded as vectors: this one, or the one read.shift strides above it.
  const int64_t head = read.offset + read.stride * read.shift;
  std::vector<int> pick(static_cast<size_t>(read.lanes));
  for (int k = 0; k < read.lanes; ++k) {
    const int64_t e = head + read.stride * k;
    pick[static_cast<size_t>(k)] =
        static_cast<int>(e >= low && e < low + p ? e - low : p + e - high);
  }
  const auto& chunks = span_chunks_[read.span];
  llvm::Value* value = b_->CreateShuffleVector(chunks[read.low], chunks[read.high], pick);
  if (read.shift == 0) return value;
  // Moved up read.shift lanes (its top lanes dropped), the lanes below from the elements.
  // Without AVX-512's two-source permute the move is kept apart from the head's pick
  // (frozen): merged, x86 lowers the pair as two permutes and a blend; apart, it is one
  // permute of the head (which DeinterleaveLaneOrder.h reorders with the head).
  std::vector<int> up(static_cast<size_t>(read.lanes));
  for (int k = 0; k < read.lanes; ++k)
    up[static_cast<size_t>(k)] = k < read.shift ? -1 : k - read.shift;
  if (vector_register_bytes_ < 64) value = b_->CreateFreeze(value);
  value = b_->CreateShuffleVector(value, up);
  const auto& elements = span_elements_[read.span];
  for (int k = 0; k < read.shift; ++k) {
    const int64_t offset = read.offset + read.stride * k;
    llvm::Value* element;
    if (read.guarded && k == 0) {
      // Read where the guard holds; elsewhere from the head's first element, in bounds,
      // whose value the if_then_else then drops.
      llvm::Type* elem = MemoryType(span.buffer->dtype);
      llvm::Value* at =
          b_->CreateInBoundsGEP(elem, span_pointers_[read.span], b_->getInt64(offset));
      if (mask_) {
        llvm::Value* safe =
            b_->CreateInBoundsGEP(elem, span_pointers_[read.span], b_->getInt64(head));
        at = b_->CreateSelect(b_->CreateExtractElement(mask_, b_->getInt64(0)), at, safe);
      }
      llvm::Align align(static_cast<uint64_t>(span.buffer->dtype.element_of().bytes()));
      element = Annotate(b_->CreateAlignedLoad(elem, at, align), span.buffer);
    } else {
      auto at = std::lower_bound(span.elements.begin(), span.elements.end(), offset);
      element = elements[static_cast<size_t>(at - span.elements.begin())];
    }
    value = b_->CreateInsertElement(value, element, b_->getInt64(k));
  }
  return value;
}

void CodeGenLLVM::EmitStore(const Buffer& buffer, const std::vector<Expr>& indices,
                            const Expr& value_expr) {
  llvm::Type* elem = MemoryType(buffer->dtype);
  llvm::Align align(static_cast<uint64_t>(std::max(1, buffer->dtype.element_of().bytes())));
  Expr contiguous;
  int lanes = 1;
  llvm::Value* index = ElementIndex(buffer, indices, &contiguous, &lanes);
  llvm::Value* base = BufferPointer(buffer);
  DataType stored = buffer->dtype.element_of().with_lanes(lanes);
  if (value_expr.dtype().lanes() > lanes) {
    Fail("store of a " + value_expr.dtype().str() + " value to a scalar location of " +
         buffer->name);
    return;
  }
  llvm::Value* value = CastTo(VisitExpr(value_expr), value_expr.dtype(), stored);
  if (failed()) return;
  if (buffer->dtype.is_bool())
    value = b_->CreateZExt(value, lanes > 1 ? llvm::FixedVectorType::get(elem, lanes) : elem);
  llvm::Value* ptr = b_->CreateInBoundsGEP(elem, base, index);
  if (mask_ && lanes == 1) {
    // A scalar write inside a vector if happens when some lane takes it.
    auto* store_block = llvm::BasicBlock::Create(ctx_, "masked.store", fn_.function);
    auto* end_block = llvm::BasicBlock::Create(ctx_, "masked.end", fn_.function);
    b_->CreateCondBr(b_->CreateOrReduce(mask_), store_block, end_block);
    b_->SetInsertPoint(store_block);
    Annotate(b_->CreateAlignedStore(value, ptr, align), buffer);
    b_->CreateBr(end_block);
    b_->SetInsertPoint(end_block);
    return;
  }
  if (mask_ && llvm::cast<llvm::FixedVectorType>(mask_->getType())->getNumElements() !=
                   static_cast<unsigned>(lanes)) {
    Fail("a store of " + std::to_string(lanes) + " lanes to " + buffer->name +
         " inside a vector if of other lanes");
    return;
  }
  if (lanes == 1) {
    Annotate(b_->CreateAlignedStore(value, ptr, align), buffer);
  } else if (contiguous.defined()) {
    if (mask_)
      Annotate(b_->CreateMaskedStore(value, ptr, align, mask_), buffer);
    else
      Annotate(b_->CreateAlignedStore(value, ptr, align), buffer);
  } else {
    Annotate(b_->CreateMaskedScatter(value, ptr, align, mask_), buffer);
  }
}

}  // namespace tessera::codegen
