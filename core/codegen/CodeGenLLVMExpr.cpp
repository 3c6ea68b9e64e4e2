// CodeGenLLVM: expressions. Every expression maps to LLVM values of the matching type
// (vectors as LLVM vector types); scalar operands of vector operations are splatted.
#include <llvm/IR/Intrinsics.h>

#include "codegen/CodeGenLLVM.h"
#include "ir/BitIntrinsics.h"
#include "ir/ExprOp.h"
#include "ir/MathIntrinsics.h"
#include "ir/TargetCalls.h"
#include "transform/InjectPrefetch.h"

namespace tessera::codegen {

using namespace ir;

llvm::Value* CodeGenLLVM::VisitExprDefault(const Expr& e) {
  Fail(std::string("cannot compile expression ") + kind_name(e.kind()) +
       " (run the lowering pipeline first)");
  return llvm::PoisonValue::get(LLVMType(e.dtype().is_void() ? DataType::Int(32) : e.dtype()));
}

llvm::Value* CodeGenLLVM::VisitIntImm(const IntImmNode* n, const Expr&) {
  return llvm::ConstantInt::get(LLVMType(n->dtype), static_cast<uint64_t>(n->value),
                                n->dtype.is_int());
}

llvm::Value* CodeGenLLVM::VisitFloatImm(const FloatImmNode* n, const Expr&) {
  return llvm::ConstantFP::get(LLVMType(n->dtype), n->value);
}

llvm::Value* CodeGenLLVM::VisitStringImm(const StringImmNode* n, const Expr&) {
  return b_->CreateGlobalStringPtr(n->value);
}

llvm::Value* CodeGenLLVM::VisitVar(const VarNode* n, const Expr& e) {
  auto it = fn_.vars.find(e.get());
  if (it != fn_.vars.end()) return it->second;
  Fail("variable '" + n->name + "' is not defined here");
  return llvm::PoisonValue::get(LLVMType(n->dtype));
}

// Converts between any two scalar or vector types of the same lane count (a scalar
// source is splatted to the target's lanes).
llvm::Value* CodeGenLLVM::CastTo(llvm::Value* v, DataType from, DataType to) {
  if (from == to) return v;
  if (from.lanes() == 1 && to.lanes() > 1) {
    v = Splat(CastTo(v, from, to.element_of()), to.lanes());
    return v;
  }
  llvm::Type* target = LLVMType(to);
  if (to.is_bool()) {
    if (from.is_float()) return b_->CreateFCmpUNE(v, llvm::Constant::getNullValue(v->getType()));
    return b_->CreateICmpNE(v, llvm::Constant::getNullValue(v->getType()));
  }
  if (from.is_float() && to.is_float()) return b_->CreateFPCast(v, target);
  if (from.is_float())
    return to.is_uint() ? b_->CreateFPToUI(v, target) : b_->CreateFPToSI(v, target);
  bool is_signed = from.is_int();
  if (to.is_float()) return is_signed ? b_->CreateSIToFP(v, target) : b_->CreateUIToFP(v, target);
  if (from.is_handle() || to.is_handle()) {
    Fail("cannot cast between " + from.str() + " and " + to.str());
    return llvm::PoisonValue::get(target);
  }
  return b_->CreateIntCast(v, target, is_signed);
}

llvm::Value* CodeGenLLVM::VisitCast(const CastNode* n, const Expr&) {
  llvm::Value* v = VisitExpr(n->value);
  return failed() ? v : CastTo(v, n->value.dtype(), n->dtype);
}

// floordiv rounds toward -inf: q = a / b (truncating), minus one when the remainder is
// non-zero and has the opposite sign of b.
llvm::Value* CodeGenLLVM::EmitFloorDiv(llvm::Value* a, llvm::Value* b, DataType t) {
  if (t.is_float()) return b_->CreateUnaryIntrinsic(llvm::Intrinsic::floor, b_->CreateFDiv(a, b));
  if (t.is_uint()) return b_->CreateUDiv(a, b);
  llvm::Value* q = b_->CreateSDiv(a, b);
  llvm::Value* r = b_->CreateSRem(a, b);
  llvm::Value* zero = llvm::Constant::getNullValue(a->getType());
  llvm::Value* adjust =
      b_->CreateAnd(b_->CreateICmpNE(r, zero),
                    b_->CreateICmpNE(b_->CreateICmpSLT(r, zero), b_->CreateICmpSLT(b, zero)));
  return b_->CreateSub(q, b_->CreateZExt(adjust, a->getType()));
}

// floormod has the sign of b: r + b when the truncating remainder r is non-zero and has
// the opposite sign of b.
llvm::Value* CodeGenLLVM::EmitFloorMod(llvm::Value* a, llvm::Value* b, DataType t) {
  if (t.is_float()) {
    llvm::Value* q = b_->CreateUnaryIntrinsic(llvm::Intrinsic::floor, b_->CreateFDiv(a, b));
    return b_->CreateFSub(a, b_->CreateFMul(q, b));
  }
  if (t.is_uint()) return b_->CreateURem(a, b);
  llvm::Value* r = b_->CreateSRem(a, b);
  llvm::Value* zero = llvm::Constant::getNullValue(a->getType());
  llvm::Value* adjust =
      b_->CreateAnd(b_->CreateICmpNE(r, zero),
                    b_->CreateICmpNE(b_->CreateICmpSLT(r, zero), b_->CreateICmpSLT(b, zero)));
  return b_->CreateAdd(r, b_->CreateSelect(adjust, b, zero));
}

llvm::Value* CodeGenLLVM::VisitBinary(const BinaryNode* n, const Expr& e) {
  DataType t = n->a.dtype();
  int lanes = std::max(n->a.dtype().lanes(), n->b.dtype().lanes());
  DataType operand = t.with_lanes(lanes);
  llvm::Value* a = CastTo(VisitExpr(n->a), n->a.dtype(), operand);
  llvm::Value* b = CastTo(VisitExpr(n->b), n->b.dtype(), operand);
  if (failed()) return a;
  bool f = t.is_float(), s = t.is_int();
  switch (n->kind) {
    case ExprKind::Add:
      return f ? b_->CreateFAdd(a, b) : b_->CreateAdd(a, b, "", false, s);
    case ExprKind::Sub:
      return f ? b_->CreateFSub(a, b) : b_->CreateSub(a, b, "", false, s);
    case ExprKind::Mul:
      return f ? b_->CreateFMul(a, b) : b_->CreateMul(a, b, "", false, s);
    case ExprKind::Div:
      return f ? b_->CreateFDiv(a, b) : s ? b_->CreateSDiv(a, b) : b_->CreateUDiv(a, b);
    case ExprKind::Mod:
      return f ? b_->CreateFRem(a, b) : s ? b_->CreateSRem(a, b) : b_->CreateURem(a, b);
    case ExprKind::FloorDiv:
      return EmitFloorDiv(a, b, t);
    case ExprKind::FloorMod:
      return EmitFloorMod(a, b, t);
    case ExprKind::Min:
      return b_->CreateBinaryIntrinsic(f   ? llvm::Intrinsic::minnum
                                       : s ? llvm::Intrinsic::smin
                                           : llvm::Intrinsic::umin,
                                       a, b);
    case ExprKind::Max:
      return b_->CreateBinaryIntrinsic(f   ? llvm::Intrinsic::maxnum
                                       : s ? llvm::Intrinsic::smax
                                           : llvm::Intrinsic::umax,
                                       a, b);
    case ExprKind::EQ:
      return f ? b_->CreateFCmpOEQ(a, b) : b_->CreateICmpEQ(a, b);
    case ExprKind::NE:
      return f ? b_->CreateFCmpUNE(a, b) : b_->CreateICmpNE(a, b);
    case ExprKind::LT:
      return f ? b_->CreateFCmpOLT(a, b) : s ? b_->CreateICmpSLT(a, b) : b_->CreateICmpULT(a, b);
    case ExprKind::LE:
      return f ? b_->CreateFCmpOLE(a, b) : s ? b_->CreateICmpSLE(a, b) : b_->CreateICmpULE(a, b);
    case ExprKind::GT:
      return f ? b_->CreateFCmpOGT(a, b) : s ? b_->CreateICmpSGT(a, b) : b_->CreateICmpUGT(a, b);
    case ExprKind::GE:
      return f ? b_->CreateFCmpOGE(a, b) : s ? b_->CreateICmpSGE(a, b) : b_->CreateICmpUGE(a, b);
    case ExprKind::And:
      return b_->CreateAnd(CastTo(a, operand, DataType::Bool(lanes)),
                           CastTo(b, operand, DataType::Bool(lanes)));
    case ExprKind::Or:
      return b_->CreateOr(CastTo(a, operand, DataType::Bool(lanes)),
                          CastTo(b, operand, DataType::Bool(lanes)));
    default:
      return VisitExprDefault(e);
  }
}

llvm::Value* CodeGenLLVM::VisitNot(const NotNode* n, const Expr&) {
  llvm::Value* a = VisitExpr(n->a);
  return failed() ? a
                  : b_->CreateNot(CastTo(a, n->a.dtype(), DataType::Bool(n->a.dtype().lanes())));
}

llvm::Value* CodeGenLLVM::VisitSelect(const SelectNode* n, const Expr&) {
  DataType t = n->dtype;
  llvm::Value* c = VisitExpr(n->condition);
  llvm::Value* x = CastTo(VisitExpr(n->true_value), n->true_value.dtype(), t);
  llvm::Value* y = CastTo(VisitExpr(n->false_value), n->false_value.dtype(), t);
  if (failed()) return x;
  return b_->CreateSelect(c, x, y);  // a scalar i1 condition selects whole vectors
}

llvm::Value* CodeGenLLVM::VisitRamp(const RampNode* n, const Expr&) {
  llvm::Value* base = VisitExpr(n->base);
  llvm::Value* stride = VisitExpr(n->stride);
  if (failed()) return base;
  std::vector<llvm::Constant*> steps;
  for (int l = 0; l < n->lanes; ++l) {
    steps.push_back(n->base.dtype().is_float() ? llvm::ConstantFP::get(base->getType(), l)
                                               : llvm::ConstantInt::get(base->getType(), l));
  }
  llvm::Value* lane = llvm::ConstantVector::get(steps);
  if (n->base.dtype().is_float())
    return b_->CreateFAdd(Splat(base, n->lanes), b_->CreateFMul(Splat(stride, n->lanes), lane));
  return b_->CreateAdd(Splat(base, n->lanes), b_->CreateMul(Splat(stride, n->lanes), lane));
}

llvm::Value* CodeGenLLVM::VisitBroadcast(const BroadcastNode* n, const Expr&) {
  llvm::Value* v = VisitExpr(n->value);
  return failed() ? v : Splat(v, n->lanes);
}

llvm::Value* CodeGenLLVM::VisitLet(const LetNode* n, const Expr&) {
  llvm::Value* v = VisitExpr(n->value);
  if (failed()) return v;
  auto saved = fn_.vars.find(n->var.get()) != fn_.vars.end() ? fn_.vars[n->var.get()] : nullptr;
  fn_.vars[n->var.get()] = v;
  llvm::Value* body = VisitExpr(n->body);
  if (saved)
    fn_.vars[n->var.get()] = saved;
  else
    fn_.vars.erase(n->var.get());
  return body;
}

llvm::Value* CodeGenLLVM::VisitBufferLoad(const BufferLoadNode* n, const Expr&) {
  if (auto it = spans_.reads.find(n); it != spans_.reads.end()) return EmitSpanRead(it->second);
  return EmitLoad(n->buffer, n->indices, n->dtype);
}

llvm::Value* CodeGenLLVM::VisitCall(const CallNode* n, const Expr& e) {
  if ((n->op == "likely" || n->op == "assume") && n->args.size() == 1) return VisitExpr(n->args[0]);
  if (n->op == "if_then_else" && n->args.size() == 3) return EmitIfThenElseExpr(n);
  if (LookupMathOp(n->op)) return EmitMath(n);
  if (LookupBitOp(n->op)) return EmitBitOp(n);
  if (n->op == "tvm_access_ptr" && n->args.size() == 5) {
    // tensorize's buffer.access_ptr: &data[offset], typed by the annotation's dtype.
    llvm::Value* base = VisitExpr(n->args[1]);
    llvm::Value* offset = VisitExpr(n->args[2]);
    if (failed()) return llvm::PoisonValue::get(b_->getPtrTy());
    return b_->CreateInBoundsGEP(LLVMType(n->args[0].dtype()), base,
                                 b_->CreateSExtOrTrunc(offset, b_->getInt64Ty()));
  }
  if (transform::IsPrefetch(e)) return EmitPrefetch(n);
  if (IsExternCall(*n)) return EmitExternCall(n);
  if (n->op == kReinterpret && n->args.size() == 1) return EmitReinterpret(n);
  if (VectorLaneSources(*n)) return EmitVectorLanes(n);
  if (auto call = AsLLVMIntrinCall(*n)) return EmitLLVMIntrinsic(n, *call);
  Fail("unsupported intrinsic '" + n->op + "'");
  return VisitExprDefault(e);
}

// llvm.prefetch of the element's address: a read, kept in every cache level (locality 3),
// into the data cache, as TVM emits it.
llvm::Value* CodeGenLLVM::EmitPrefetch(const CallNode* n) {
  const auto* load = n->args[0].as<BufferLoadNode>();
  if (!load) {
    Fail("prefetch of something other than a buffer element");
    return b_->getInt32(0);
  }
  llvm::Value* ptr = BufferPointer(load->buffer);
  llvm::Type* elem = MemoryType(load->buffer->dtype);
  if (load->indices.size() == 1 && load->indices[0].dtype().is_scalar()) {
    // One step per term of the flat index, each widened on its own: the terms of the
    // line loop that LLVM unrolls become constant offsets of one address.
    std::vector<Expr> terms;
    std::vector<Expr> pending{load->indices[0]};
    while (!pending.empty()) {
      Expr e = pending.back();
      pending.pop_back();
      if (e.kind() == ExprKind::Add) {
        pending.push_back(e.as<BinaryNode>()->a);
        pending.push_back(e.as<BinaryNode>()->b);
      } else {
        terms.push_back(e);
      }
    }
    for (const Expr& term : terms) {
      llvm::Value* step = VisitExpr(term);
      if (failed()) return b_->getInt32(0);
      ptr = b_->CreateInBoundsGEP(elem, ptr, b_->CreateSExtOrTrunc(step, b_->getInt64Ty()));
    }
  } else {
    Expr contiguous;
    int lanes = 1;
    llvm::Value* index = ElementIndex(load->buffer, load->indices, &contiguous, &lanes, nullptr);
    if (failed()) return b_->getInt32(0);
    if (index->getType()->isVectorTy()) index = b_->CreateExtractElement(index, uint64_t{0});
    ptr = b_->CreateInBoundsGEP(elem, ptr, index);
  }
  // The buffer's alias scope, as its loads have: without it the call may read any buffer,
  // and LLVM then keeps accumulators of other buffers stored in every iteration.
  Annotate(b_->CreateIntrinsic(llvm::Intrinsic::prefetch, {ptr->getType()},
                               {ptr, b_->getInt32(0), b_->getInt32(3), b_->getInt32(1)}),
           load->buffer);
  return b_->getInt32(0);
}

// if_then_else evaluates only the branch taken: a scalar condition branches; a vector
// condition evaluates both sides with the loads of each side masked to its lanes, so a
// guarded out-of-bounds read (padding) never touches memory.
llvm::Value* CodeGenLLVM::EmitIfThenElseExpr(const CallNode* n) {
  DataType t = n->dtype;
  llvm::Value* c = VisitExpr(n->args[0]);
  if (failed()) return c;
  if (!c->getType()->isVectorTy()) {
    auto* then_block = llvm::BasicBlock::Create(ctx_, "ite.then", fn_.function);
    auto* else_block = llvm::BasicBlock::Create(ctx_, "ite.else", fn_.function);
    auto* end_block = llvm::BasicBlock::Create(ctx_, "ite.end", fn_.function);
    b_->CreateCondBr(c, then_block, else_block);
    b_->SetInsertPoint(then_block);
    llvm::Value* x = CastTo(VisitExpr(n->args[1]), n->args[1].dtype(), t);
    llvm::BasicBlock* then_end = b_->GetInsertBlock();
    b_->CreateBr(end_block);
    b_->SetInsertPoint(else_block);
    llvm::Value* y = CastTo(VisitExpr(n->args[2]), n->args[2].dtype(), t);
    llvm::BasicBlock* else_end = b_->GetInsertBlock();
    b_->CreateBr(end_block);
    b_->SetInsertPoint(end_block);
    if (failed()) return x;
    llvm::PHINode* phi = b_->CreatePHI(LLVMType(t), 2);
    phi->addIncoming(x, then_end);
    phi->addIncoming(y, else_end);
    return phi;
  }
  llvm::Value* saved = mask_;
  mask_ = saved ? b_->CreateAnd(saved, c) : c;
  llvm::Value* x = CastTo(VisitExpr(n->args[1]), n->args[1].dtype(), t);
  llvm::Value* not_c = b_->CreateNot(c);
  mask_ = saved ? b_->CreateAnd(saved, not_c) : not_c;
  llvm::Value* y = CastTo(VisitExpr(n->args[2]), n->args[2].dtype(), t);
  mask_ = saved;
  return failed() ? x : b_->CreateSelect(c, x, y);
}

llvm::Value* CodeGenLLVM::EmitLibmCall(const std::string& name,
                                       const std::vector<llvm::Value*>& args, DataType t) {
  // libm has float and double versions; half computes in float.
  DataType compute = t.element_of().bits() == 64 ? DataType::Float(64) : DataType::Float(32);
  std::string fname = compute.bits() == 32 ? name + "f" : name;
  llvm::Type* ct = LLVMType(compute);
  std::vector<llvm::Type*> param_types(args.size(), ct);
  llvm::FunctionCallee callee =
      module_->getOrInsertFunction(fname, llvm::FunctionType::get(ct, param_types, false));
  auto scalar_call = [&](const std::vector<llvm::Value*>& scalars) {
    std::vector<llvm::Value*> converted;
    for (auto* s : scalars) converted.push_back(CastTo(s, t.element_of(), compute));
    return CastTo(b_->CreateCall(callee, converted), compute, t.element_of());
  };
  if (t.lanes() == 1) return scalar_call(args);
  // Vectors: one call per lane (libm has no vector entry points).
  llvm::Value* result = llvm::PoisonValue::get(LLVMType(t));
  for (int l = 0; l < t.lanes(); ++l) {
    std::vector<llvm::Value*> lane_args;
    for (auto* a : args) lane_args.push_back(b_->CreateExtractElement(a, static_cast<uint64_t>(l)));
    result = b_->CreateInsertElement(result, scalar_call(lane_args), static_cast<uint64_t>(l));
  }
  return result;
}

// exp(x) for float32 scalars and vectors, inline (no libm call, so loops containing it
// stay vectorisable and a vector exp is 16 lanes at once instead of 16 calls to expf):
//   x = n ln2 + r, |r| <= ln2/2 (n = round(x log2 e), ln2 split in a high part exact in
//   float and a low part: Cody-Waite), exp(r) by its degree-7 Taylor polynomial (error
//   r^8/8! < 2e-9 relative), times 2^n built from exponent bits as 2^(n/2) 2^(n - n/2)
//   so that results down to the denormals and up to overflow (inf) come out right.
// x is clamped to [-104, 89] first (beyond, the result is 0 or inf anyway); a NaN fails
// both comparisons of the clamp and stays NaN. Accuracy: about 2 ulp.
llvm::Value* CodeGenLLVM::EmitExpF32(llvm::Value* x) {
  llvm::Type* ft = x->getType();
  auto c = [&](double v) { return llvm::ConstantFP::get(ft, v); };
  llvm::Value *hi = c(89.0), *lo = c(-104.0);
  x = b_->CreateSelect(b_->CreateFCmpOGT(x, hi), hi, x);
  x = b_->CreateSelect(b_->CreateFCmpOLT(x, lo), lo, x);
  llvm::Value* n =
      b_->CreateUnaryIntrinsic(llvm::Intrinsic::rint, b_->CreateFMul(x, c(1.4426950408889634)));
  llvm::Value* r = b_->CreateFSub(x, b_->CreateFMul(n, c(0.693145751953125)));  // ln2 high: 16 bits
  r = b_->CreateFSub(r, b_->CreateFMul(n, c(1.4286068202862268e-06)));          // ln2 - high
  const double taylor[] = {1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5, 1.0, 1.0};
  llvm::Value* p = c(taylor[0]);
  for (int i = 1; i < 8; ++i) p = b_->CreateFAdd(b_->CreateFMul(p, r), c(taylor[i]));
  llvm::Type* it = ft->isVectorTy() ? static_cast<llvm::Type*>(llvm::VectorType::get(
                                          b_->getInt32Ty(), llvm::cast<llvm::VectorType>(ft)))
                                    : b_->getInt32Ty();
  llvm::Value* ni = b_->CreateFPToSI(n, it);
  llvm::Value* half = b_->CreateAShr(ni, llvm::ConstantInt::get(it, 1));
  auto pow2 = [&](llvm::Value* e) {  // 2^e for e in [-126, 127]: exponent bits
    llvm::Value* bits = b_->CreateShl(b_->CreateAdd(e, llvm::ConstantInt::get(it, 127)),
                                      llvm::ConstantInt::get(it, 23));
    return b_->CreateBitCast(bits, ft);
  };
  return b_->CreateFMul(b_->CreateFMul(p, pow2(half)), pow2(b_->CreateSub(ni, half)));
}

llvm::Value* CodeGenLLVM::EmitMath(const CallNode* n) {
  MathOpInfo info = *LookupMathOp(n->op);
  DataType t = n->dtype;
  if (!t.is_float() || static_cast<int>(n->args.size()) != info.arity) {
    Fail("math intrinsic '" + n->op + "' needs " + std::to_string(info.arity) +
         " float arguments and a float result, got " + t.str());
    return llvm::PoisonValue::get(LLVMType(t));
  }
  std::vector<llvm::Value*> args;
  for (auto& a : n->args) args.push_back(CastTo(VisitExpr(a), a.dtype(), t));
  if (failed()) return args[0];
  llvm::Value* x = args[0];
  llvm::Value* one = llvm::ConstantFP::get(LLVMType(t), 1.0);
  using llvm::Intrinsic::ID;
  auto unary = [&](ID id) { return b_->CreateUnaryIntrinsic(id, x); };
  bool f32 = t.element_of() == DataType::Float(32);
  switch (info.op) {
    case MathOp::Exp:
      return f32 ? EmitExpF32(x) : unary(llvm::Intrinsic::exp);
    case MathOp::Exp2:
      return unary(llvm::Intrinsic::exp2);
    case MathOp::Log:
      return unary(llvm::Intrinsic::log);
    case MathOp::Log2:
      return unary(llvm::Intrinsic::log2);
    case MathOp::Log10:
      return unary(llvm::Intrinsic::log10);
    case MathOp::Sqrt:
      return unary(llvm::Intrinsic::sqrt);
    case MathOp::Fabs:
      return unary(llvm::Intrinsic::fabs);
    case MathOp::Floor:
      return unary(llvm::Intrinsic::floor);
    case MathOp::Ceil:
      return unary(llvm::Intrinsic::ceil);
    case MathOp::Round:
      return unary(llvm::Intrinsic::roundeven);
    case MathOp::Trunc:
      return unary(llvm::Intrinsic::trunc);
    case MathOp::Sin:
      return unary(llvm::Intrinsic::sin);
    case MathOp::Cos:
      return unary(llvm::Intrinsic::cos);
    case MathOp::Pow:
      return b_->CreateBinaryIntrinsic(llvm::Intrinsic::pow, x, args[1]);
    case MathOp::Fmod:
      return b_->CreateFRem(x, args[1]);
    case MathOp::Rsqrt:
      return b_->CreateFDiv(one, unary(llvm::Intrinsic::sqrt));
    case MathOp::Sigmoid:
      return b_->CreateFDiv(
          one, b_->CreateFAdd(
                   one, f32 ? EmitExpF32(b_->CreateFNeg(x))
                            : b_->CreateUnaryIntrinsic(llvm::Intrinsic::exp, b_->CreateFNeg(x))));
    case MathOp::Tanh:
    case MathOp::Tan:
    case MathOp::Erf:
      return EmitLibmCall(info.c_name, args, t);
  }
  return x;
}

// Scalar or vector alike (the operands are splatted to the call's lanes). TVM's
// shift_right is arithmetic on int and logical on uint, as LLVM's ashr / lshr.
llvm::Value* CodeGenLLVM::EmitBitOp(const CallNode* n) {
  BitOpInfo info = *LookupBitOp(n->op);
  DataType t = n->dtype;
  if (!BitOpTakes(info.op, t) || static_cast<int>(n->args.size()) != info.arity) {
    Fail("bit intrinsic '" + n->op + "' needs " + std::to_string(info.arity) +
         " integer arguments and an integer result, got " + t.str());
    return llvm::PoisonValue::get(LLVMType(t));
  }
  std::vector<llvm::Value*> args;
  for (auto& a : n->args) args.push_back(CastTo(VisitExpr(a), a.dtype(), t));
  if (failed()) return args[0];
  switch (info.op) {
    case BitOp::ShiftLeft:
      return b_->CreateShl(args[0], args[1]);
    case BitOp::ShiftRight:
      return t.is_int() ? b_->CreateAShr(args[0], args[1]) : b_->CreateLShr(args[0], args[1]);
    case BitOp::And:
      return b_->CreateAnd(args[0], args[1]);
    case BitOp::Or:
      return b_->CreateOr(args[0], args[1]);
    case BitOp::Xor:
      return b_->CreateXor(args[0], args[1]);
    case BitOp::Not:
      return b_->CreateNot(args[0]);
  }
  return args[0];
}

llvm::Value* CodeGenLLVM::EmitExternCall(const CallNode* n) {
  std::vector<llvm::Value*> args;
  std::vector<llvm::Type*> types;
  for (auto& a : n->args) {
    args.push_back(VisitExpr(a));
    types.push_back(args.back()->getType());
  }
  if (failed()) return llvm::PoisonValue::get(LLVMType(n->dtype));
  llvm::FunctionCallee callee = module_->getOrInsertFunction(
      n->op, llvm::FunctionType::get(LLVMType(n->dtype), types, false));
  return b_->CreateCall(callee, args);
}

}  // namespace tessera::codegen
