// The calls ir/TargetCalls.h specifies: tir.reinterpret and the LLVM intrinsics by name.
#include <llvm/Config/llvm-config.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/Support/raw_ostream.h>

#include "codegen/CodeGenLLVM.h"

namespace tessera::codegen {

using namespace ir;

llvm::Value* CodeGenLLVM::EmitReinterpret(const CallNode* n) {
  llvm::Value* v = VisitExpr(n->args[0]);
  if (failed()) return llvm::PoisonValue::get(LLVMType(n->dtype));
  return b_->CreateBitCast(v, LLVMType(n->dtype));
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
