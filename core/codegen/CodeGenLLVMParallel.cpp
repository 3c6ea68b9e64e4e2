// CodeGenLLVM: parallel loops. The body is outlined into
//   i32 NAME_parallel_K(i64 begin, i64 end, ptr env)
// which runs iterations [begin, end) of the loop; env points to a struct holding every
// value the body uses from the enclosing function (buffer pointers, outer loop
// variables, lets, shape variables) and the loop's min. The caller fills the struct and
// calls tessera_parallel_for(extent, NAME_parallel_K, env); a non-zero result (a failed
// assert in some iteration, message already recorded) is returned after freeing the
// caller's heap allocations.
#include "codegen/CodeGenLLVM.h"
#include "transform/PrimFunc.h"

namespace tessera::codegen {

using namespace ir;

void CodeGenLLVM::EmitParallelFor(const ForNode* n) {
  DataType t = n->loop_var.dtype();
  llvm::Value* min = CastTo(VisitExpr(n->min), n->min.dtype(), t);
  llvm::Value* extent = CastTo(VisitExpr(n->extent), n->extent.dtype(), DataType::Int(64));
  if (failed()) return;

  // Values the body needs from this function, in a fixed order; the loop's min last.
  std::vector<const ExprNode*> keys;
  std::vector<llvm::Value*> values;
  for (const Var& v : transform::UndefinedVars(n->body)) {
    if (v.same_as(n->loop_var)) continue;
    auto it = fn_.vars.find(v.get());
    if (it == fn_.vars.end()) continue;  // reported as undefined when the body is compiled
    keys.push_back(v.get());
    values.push_back(it->second);
  }
  values.push_back(min);
  std::vector<llvm::Type*> types;
  for (auto* v : values) types.push_back(v->getType());
  llvm::StructType* env_type = llvm::StructType::get(ctx_, types);
  llvm::Value* env = CreateEntryAlloca(env_type, nullptr, 16);
  for (size_t k = 0; k < values.size(); ++k)
    b_->CreateStore(values[k], b_->CreateStructGEP(env_type, env, static_cast<unsigned>(k)));

  // The outlined body.
  FunctionState outer = std::move(fn_);
  llvm::IRBuilderBase::InsertPoint ip = b_->saveIP();
  llvm::Value* outer_mask = mask_;
  mask_ = nullptr;
  auto* i64 = b_->getInt64Ty();
  auto* type = llvm::FunctionType::get(b_->getInt32Ty(), {i64, i64, b_->getPtrTy()}, false);
  std::string name = name_ + "_parallel_" + std::to_string(parallel_count_++);
  auto* fn = llvm::Function::Create(type, llvm::Function::InternalLinkage, name, module_.get());
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  fn_ = FunctionState();
  fn_.function = fn;
  int outer_loop = current_loop_;
  fn_.subprogram = BeginLocations(fn);
  SetLoopLocation(LoopNumber(n), fn_.subprogram);
  fn_.alloca_block = llvm::BasicBlock::Create(ctx_, "entry", fn);
  auto* body = llvm::BasicBlock::Create(ctx_, "body", fn);
  b_->SetInsertPoint(fn_.alloca_block);
  b_->CreateBr(body);
  b_->SetInsertPoint(body);
  llvm::Value* env_arg = fn->getArg(2);
  for (size_t k = 0; k < keys.size(); ++k)
    fn_.vars[keys[k]] =
        b_->CreateLoad(types[k], b_->CreateStructGEP(env_type, env_arg, static_cast<unsigned>(k)));
  llvm::Value* inner_min = b_->CreateLoad(
      types.back(), b_->CreateStructGEP(env_type, env_arg, static_cast<unsigned>(keys.size())));
  llvm::Value* begin =
      b_->CreateAdd(inner_min, b_->CreateTrunc(fn->getArg(0), inner_min->getType()));
  llvm::Value* end = b_->CreateAdd(inner_min, b_->CreateTrunc(fn->getArg(1), inner_min->getType()));
  EmitSerialLoop(n->loop_var, begin, end, n->body);
  if (!b_->GetInsertBlock()->getTerminator()) b_->CreateRet(b_->getInt32(0));
  fn_ = std::move(outer);
  b_->restoreIP(ip);
  SetLoopLocation(outer_loop, fn_.subprogram);
  mask_ = outer_mask;

  llvm::Value* rc = b_->CreateCall(parallel_for_, {extent, fn, env}, "parallel_rc");
  auto* fail = llvm::BasicBlock::Create(ctx_, "parallel.fail", fn_.function);
  auto* ok = llvm::BasicBlock::Create(ctx_, "parallel.ok", fn_.function);
  b_->CreateCondBr(b_->CreateICmpNE(rc, b_->getInt32(0)), fail, ok);
  b_->SetInsertPoint(fail);
  EmitReturnError(rc);
  b_->SetInsertPoint(ok);
}

}  // namespace tessera::codegen
