// The calls ir/TargetCalls.h specifies: tir.reinterpret and the LLVM intrinsics by name.
#include <llvm/Config/llvm-config.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>

#include "codegen/CodeGenLLVM.h"
#include "codegen/LLVMBackend.h"

namespace tessera::codegen {

using namespace ir;

llvm::Value* CodeGenLLVM::EmitReinterpret(const CallNode* n) {
  llvm::Value* v = VisitExpr(n->args[0]);
  if (failed()) return llvm::PoisonValue::get(LLVMType(n->dtype));
  return b_->CreateBitCast(v, LLVMType(n->dtype));
}

llvm::Value* CodeGenLLVM::EmitVectorLanes(const CallNode* n) {
  std::vector<LaneSource> sources = *VectorLaneSources(*n);
  std::vector<llvm::Value*> operands;
  for (const Expr& arg : n->args) operands.push_back(VisitExpr(arg));
  if (failed()) return llvm::PoisonValue::get(LLVMType(n->dtype));
  // shufflevector takes two vectors of one type: the shorter operand is widened (its extra
  // lanes undefined, never selected); the second's lanes are numbered after the first's.
  int width = 0;
  for (const Expr& arg : n->args) width = std::max(width, arg.dtype().lanes());
  for (size_t k = 0; k < operands.size(); ++k) {
    int lanes = n->args[k].dtype().lanes();
    if (lanes == width) continue;
    std::vector<int> widen;
    for (int l = 0; l < width; ++l) widen.push_back(l < lanes ? l : -1);
    operands[k] = b_->CreateShuffleVector(operands[k], widen);
  }
  llvm::Value* second =
      operands.size() > 1 ? operands[1] : llvm::PoisonValue::get(operands[0]->getType());
  std::vector<int> mask;
  for (const LaneSource& s : sources) mask.push_back(s.operand * width + s.lane);
  return b_->CreateShuffleVector(operands[0], second, mask);
}

namespace {

std::string TypeText(const llvm::Type* t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t->print(os);
  return os.str();
}

std::string SignatureText(llvm::Type* ret, const std::vector<llvm::Type*>& params) {
  std::string s = "(";
  for (size_t i = 0; i < params.size(); ++i) s += (i ? ", " : "") + TypeText(params[i]);
  return s + ") -> " + TypeText(ret);
}

}  // namespace

std::string LLVMIntrinsicBaseName(const std::string& name) {
  llvm::Intrinsic::ID id = llvm::Function::lookupIntrinsicID(name);
  if (id == llvm::Intrinsic::not_intrinsic) return name;
  return llvm::Intrinsic::getBaseName(id).str();
}

// An overloaded intrinsic takes the variant whose signature the call's result and
// argument types match; a call that matches none (a wrong width, a missing argument) is
// refused here with both signatures, where LLVM's verifier would only assert.
llvm::Value* CodeGenLLVM::EmitLLVMIntrinsic(const CallNode* n, const LLVMIntrinCall& call) {
  llvm::Type* ret = LLVMType(n->dtype);
  llvm::Value* poison = llvm::PoisonValue::get(ret);
  llvm::Intrinsic::ID id = llvm::Function::lookupIntrinsicID(call.name);
  if (id == llvm::Intrinsic::not_intrinsic) {
    Fail("\"" + call.name + "\" is not an intrinsic of this LLVM (" LLVM_VERSION_STRING ")");
    return poison;
  }
  std::vector<llvm::Value*> args;
  std::vector<llvm::Type*> types;
  for (const Expr& a : call.args) {
    args.push_back(VisitExpr(a));
    if (failed()) return poison;
    types.push_back(args.back()->getType());
  }
  llvm::FunctionType* signature = llvm::FunctionType::get(ret, types, false);
  llvm::SmallVector<llvm::Type*, 4> overloads;
  if (!llvm::Intrinsic::getIntrinsicSignature(id, signature, overloads)) {
    std::string expected;
    if (!llvm::Intrinsic::isOverloaded(id)) {
      llvm::FunctionType* declared = llvm::Intrinsic::getType(ctx_, id);
      expected = "; it takes " + SignatureText(declared->getReturnType(),
                                               {declared->param_begin(), declared->param_end()});
    }
    Fail("the LLVM intrinsic " + call.name + " called as " + SignatureText(ret, types) + " (from " +
         n->dtype.str() + " T." + n->op.substr(4) + ")" + expected);
    return poison;
  }
  llvm::Function* callee = llvm::Intrinsic::getDeclaration(module_.get(), id, overloads);
  return b_->CreateCall(callee, args);
}

}  // namespace tessera::codegen
