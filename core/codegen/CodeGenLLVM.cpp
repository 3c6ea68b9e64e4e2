// CodeGenLLVM: module structure, the kernel and packed entry, and statements.
// Expressions are in CodeGenLLVMExpr.cpp, memory accesses in CodeGenLLVMMemory.cpp,
// parallel loops in CodeGenLLVMParallel.cpp.
#include "codegen/CodeGenLLVM.h"

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include "codegen/LoopLines.h"
#include "ir/ExprOp.h"

namespace tessera::codegen {

using namespace ir;

CodeGenLLVM::CodeGenLLVM(llvm::LLVMContext& context, bool fp_contract, bool loop_locations,
                         int64_t vector_register_bytes)
    : ctx_(context),
      fp_contract_(fp_contract),
      loop_locations_(loop_locations),
      vector_register_bytes_(vector_register_bytes) {}
CodeGenLLVM::~CodeGenLLVM() = default;

void CodeGenLLVM::Fail(const std::string& message) {
  if (!error_) error_ = Error("LLVM codegen: " + message);
}

// ---------------------------------------------------------------- types
llvm::Type* CodeGenLLVM::LLVMType(DataType t) {
  llvm::Type* scalar = nullptr;
  if (t.is_void()) return llvm::Type::getVoidTy(ctx_);
  if (t.is_handle()) {
    scalar = llvm::PointerType::get(ctx_, 0);
  } else if (t.is_bool()) {
    scalar = llvm::Type::getInt1Ty(ctx_);
  } else if (t.is_float()) {
    switch (t.bits()) {
      case 16:
        scalar = llvm::Type::getHalfTy(ctx_);
        break;
      case 32:
        scalar = llvm::Type::getFloatTy(ctx_);
        break;
      case 64:
        scalar = llvm::Type::getDoubleTy(ctx_);
        break;
      default:
        Fail("unsupported float width " + std::to_string(t.bits()));
        scalar = llvm::Type::getFloatTy(ctx_);
    }
  } else {
    scalar = llvm::Type::getIntNTy(ctx_, static_cast<unsigned>(t.bits()));
  }
  return t.lanes() > 1 ? llvm::FixedVectorType::get(scalar, static_cast<unsigned>(t.lanes()))
                       : scalar;
}

llvm::Type* CodeGenLLVM::MemoryType(DataType t) {
  if (t.is_bool()) return llvm::Type::getInt8Ty(ctx_);
  return LLVMType(t.element_of());
}

llvm::Value* CodeGenLLVM::Splat(llvm::Value* v, int lanes) {
  if (lanes <= 1 || v->getType()->isVectorTy()) return v;
  return b_->CreateVectorSplat(static_cast<unsigned>(lanes), v);
}

// ---------------------------------------------------------------- structure
void CodeGenLLVM::DeclareRuntime() {
  auto* i32 = b_->getInt32Ty();
  auto* i64 = b_->getInt64Ty();
  auto* ptr = b_->getPtrTy();
  auto* void_ty = b_->getVoidTy();
  set_error_ = module_->getOrInsertFunction("tessera_set_error",
                                            llvm::FunctionType::get(void_ty, {ptr}, false));
  alloc_ =
      module_->getOrInsertFunction("tessera_alloc", llvm::FunctionType::get(ptr, {i64}, false));
  free_ =
      module_->getOrInsertFunction("tessera_free", llvm::FunctionType::get(void_ty, {ptr}, false));
  parallel_for_ = module_->getOrInsertFunction(
      "tessera_parallel_for", llvm::FunctionType::get(i32, {i64, ptr, ptr}, false));
}

llvm::Value* CodeGenLLVM::CreateEntryAlloca(llvm::Type* t, llvm::Value* count, uint64_t align) {
  llvm::IRBuilder<> entry(fn_.alloca_block, fn_.alloca_block->getFirstInsertionPt());
  llvm::AllocaInst* a = entry.CreateAlloca(t, count);
  a->setAlignment(llvm::Align(align));
  return a;
}

llvm::Function* CodeGenLLVM::EmitKernel(const transform::PrimFunc& f) {
  std::vector<llvm::Type*> params;
  for (auto& p : f.params)
    params.push_back(p.is_buffer() ? b_->getPtrTy() : LLVMType(p.var.dtype()));
  auto* type = llvm::FunctionType::get(b_->getInt32Ty(), params, false);
  auto* fn = llvm::Function::Create(type, llvm::Function::ExternalLinkage, f.name, module_.get());
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  fn_ = FunctionState();
  fn_.function = fn;
  fn_.subprogram = BeginLocations(fn);
  SetLoopLocation(0, fn_.subprogram);
  for (size_t i = 0; i < f.params.size(); ++i) {
    llvm::Argument* arg = fn->getArg(static_cast<unsigned>(i));
    arg->setName(f.params[i].var.name());
    if (f.params[i].is_buffer()) {
      arg->addAttr(llvm::Attribute::NoAlias);
      arg->addAttr(llvm::Attribute::getWithAlignment(ctx_, llvm::Align(64)));
    }
    fn_.vars[f.params[i].var.get()] = arg;
  }
  fn_.alloca_block = llvm::BasicBlock::Create(ctx_, "entry", fn);
  auto* body = llvm::BasicBlock::Create(ctx_, "body", fn);
  b_->SetInsertPoint(fn_.alloca_block);
  b_->CreateBr(body);
  b_->SetInsertPoint(body);
  VisitStmt(f.body);
  if (!b_->GetInsertBlock()->getTerminator()) b_->CreateRet(b_->getInt32(0));
  return fn;
}

void CodeGenLLVM::EmitPackedEntry(const transform::PrimFunc& f, llvm::Function* kernel) {
  auto* type = llvm::FunctionType::get(b_->getInt32Ty(), {b_->getPtrTy()}, false);
  auto* fn = llvm::Function::Create(type, llvm::Function::ExternalLinkage, f.name + "_packed",
                                    module_.get());
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  llvm::Argument* words = fn->getArg(0);
  words->setName("args");
  SetLoopLocation(0, BeginLocations(fn));
  b_->SetInsertPoint(llvm::BasicBlock::Create(ctx_, "entry", fn));
  std::vector<llvm::Value*> args;
  for (size_t i = 0; i < f.params.size(); ++i) {
    llvm::Value* slot = b_->CreateConstInBoundsGEP1_64(b_->getInt64Ty(), words, i);
    llvm::Value* word = b_->CreateLoad(b_->getInt64Ty(), slot, f.params[i].var.name());
    DataType t = f.params[i].var.dtype();
    if (f.params[i].is_buffer() || t.is_handle()) {
      args.push_back(b_->CreateIntToPtr(word, b_->getPtrTy()));
    } else if (t.is_float()) {
      llvm::Value* d = b_->CreateBitCast(word, b_->getDoubleTy());
      args.push_back(t.bits() == 64 ? d : b_->CreateFPTrunc(d, LLVMType(t)));
    } else {
      args.push_back(b_->CreateTrunc(word, LLVMType(t)));  // no-op for 64-bit
    }
  }
  b_->CreateRet(b_->CreateCall(kernel, args));
}

Result<std::unique_ptr<llvm::Module>> CodeGenLLVM::Compile(const transform::PrimFunc& f) {
  if (Status s = transform::VerifyPrimFunc(f); !s.ok()) return s.error();
  name_ = f.name;
  module_ = std::make_unique<llvm::Module>(f.name, ctx_);
  b_ = std::make_unique<llvm::IRBuilder<>>(ctx_);
  if (fp_contract_) {
    llvm::FastMathFlags flags;
    flags.setAllowContract(true);
    b_->setFastMathFlags(flags);
  }
  DeclareRuntime();
  CreateAliasScopes(f);
  if (loop_locations_) {
    for (const LoopId& l : NumberLoops(f.body)) loop_numbers_[l.node] = l.id;
    di_ = std::make_unique<llvm::DIBuilder>(*module_);
    di_file_ = di_->createFile(f.name + ".loops", ".");
    di_->createCompileUnit(llvm::dwarf::DW_LANG_C, di_file_, "tessera", /*isOptimized=*/true, "", 0,
                           "", llvm::DICompileUnit::LineTablesOnly);
    module_->addModuleFlag(llvm::Module::Warning, "Debug Info Version",
                           llvm::DEBUG_METADATA_VERSION);
    module_->addModuleFlag(llvm::Module::Warning, "Dwarf Version", 4);
  }
  llvm::Function* kernel = EmitKernel(f);
  if (error_) return *error_;
  EmitPackedEntry(f, kernel);
  if (di_) di_->finalize();
  std::string message;
  llvm::raw_string_ostream os(message);
  if (llvm::verifyModule(*module_, &os)) {
    os.flush();
    return Error("LLVM codegen produced an invalid module (a Tessera bug): " + message);
  }
  return std::move(module_);
}

// ---------------------------------------------------------------- loop locations
llvm::DISubprogram* CodeGenLLVM::BeginLocations(llvm::Function* fn) {
  if (!di_) return nullptr;
  llvm::DISubroutineType* type = di_->createSubroutineType(di_->getOrCreateTypeArray({}));
  llvm::DISubprogram* sp = di_->createFunction(
      di_file_, fn->getName(), fn->getName(), di_file_, 0, type, 0, llvm::DINode::FlagZero,
      llvm::DISubprogram::SPFlagDefinition | llvm::DISubprogram::SPFlagOptimized);
  fn->setSubprogram(sp);
  return sp;
}

void CodeGenLLVM::SetLoopLocation(int loop, llvm::DISubprogram* subprogram) {
  current_loop_ = loop;
  if (subprogram)
    b_->SetCurrentDebugLocation(llvm::DILocation::get(ctx_, unsigned(loop), 0, subprogram));
}

int CodeGenLLVM::LoopNumber(const ForNode* n) const {
  auto it = loop_numbers_.find(n);
  return it == loop_numbers_.end() ? 0 : it->second;
}

// ---------------------------------------------------------------- failure paths
void CodeGenLLVM::EmitReturnError(llvm::Value* code) {
  for (auto it = fn_.heap.rbegin(); it != fn_.heap.rend(); ++it) b_->CreateCall(free_, {*it});
  b_->CreateRet(code);
}

void CodeGenLLVM::EmitFail(const std::string& message) {
  llvm::Value* text = b_->CreateGlobalStringPtr(message, "assert_message");
  b_->CreateCall(set_error_, {text});
  EmitReturnError(b_->getInt32(-1));
}

// ---------------------------------------------------------------- statements
void CodeGenLLVM::VisitStmtDefault(const Stmt& s) {
  Fail(std::string("cannot compile ") + kind_name(s.kind()) + " (run the lowering pipeline first)");
}

void CodeGenLLVM::EmitSerialLoop(const Var& var, llvm::Value* begin, llvm::Value* end,
                                 const Stmt& body) {
  llvm::BasicBlock* pre = b_->GetInsertBlock();
  auto* header = llvm::BasicBlock::Create(ctx_, var.name() + ".header", fn_.function);
  auto* loop = llvm::BasicBlock::Create(ctx_, var.name() + ".body", fn_.function);
  auto* exit = llvm::BasicBlock::Create(ctx_, var.name() + ".exit", fn_.function);
  b_->CreateBr(header);
  b_->SetInsertPoint(header);
  llvm::PHINode* iv = b_->CreatePHI(begin->getType(), 2, var.name());
  iv->addIncoming(begin, pre);
  b_->CreateCondBr(b_->CreateICmpSLT(iv, end), loop, exit);
  b_->SetInsertPoint(loop);
  fn_.vars[var.get()] = iv;
  VisitStmt(body);
  llvm::Value* next =
      b_->CreateAdd(iv, llvm::ConstantInt::get(iv->getType(), 1), var.name() + ".next",
                    /*HasNUW=*/false, /*HasNSW=*/true);
  iv->addIncoming(next, b_->GetInsertBlock());
  b_->CreateBr(header);
  b_->SetInsertPoint(exit);
  fn_.vars.erase(var.get());
}

void CodeGenLLVM::VisitFor(const ForNode* n, const Stmt&) {
  if (n->for_kind == ForKind::ThreadBinding) {
    Fail("loop " + n->loop_var.name() + " is bound to a GPU thread; the CPU backend cannot run it");
    return;
  }
  if (n->for_kind == ForKind::Parallel) {
    EmitParallelFor(n);
    return;
  }
  if (!mask_ && EmitTransposeCopy(n)) return;
  // Vectorized / unrolled loops that the passes left as loops run serially.
  llvm::Value* begin = CastTo(VisitExpr(n->min), n->min.dtype(), n->loop_var.dtype());
  llvm::Value* extent = CastTo(VisitExpr(n->extent), n->extent.dtype(), n->loop_var.dtype());
  if (failed()) return;
  llvm::Value* end = b_->CreateAdd(begin, extent, n->loop_var.name() + ".end", false, true);
  int outer = current_loop_;
  SetLoopLocation(LoopNumber(n), fn_.subprogram);
  EmitSerialLoop(n->loop_var, begin, end, n->body);
  SetLoopLocation(outer, fn_.subprogram);
}

void CodeGenLLVM::VisitLetStmt(const LetStmtNode* n, const Stmt&) {
  llvm::Value* v = VisitExpr(n->value);
  if (failed()) return;
  fn_.vars[n->var.get()] = v;
  VisitStmt(n->body);
  fn_.vars.erase(n->var.get());
}

void CodeGenLLVM::VisitIfThenElse(const IfThenElseNode* n, const Stmt&) {
  if (!n->condition.dtype().is_scalar()) {
    EmitMaskedIf(n);
    return;
  }
  llvm::Value* cond = VisitExpr(n->condition);
  if (failed()) return;
  auto* then_block = llvm::BasicBlock::Create(ctx_, "if.then", fn_.function);
  auto* end_block = llvm::BasicBlock::Create(ctx_, "if.end", fn_.function);
  auto* else_block =
      n->else_case.defined() ? llvm::BasicBlock::Create(ctx_, "if.else", fn_.function) : end_block;
  b_->CreateCondBr(cond, then_block, else_block);
  b_->SetInsertPoint(then_block);
  VisitStmt(n->then_case);
  b_->CreateBr(end_block);
  if (n->else_case.defined()) {
    b_->SetInsertPoint(else_block);
    VisitStmt(n->else_case);
    b_->CreateBr(end_block);
  }
  b_->SetInsertPoint(end_block);
}

// An `if` on a vector of lanes (a vectorized loop's guard): each branch runs with the
// lanes that take it enabled, so its loads and stores are masked to them.
void CodeGenLLVM::EmitMaskedIf(const IfThenElseNode* n) {
  llvm::Value* c = VisitExpr(n->condition);
  if (failed()) return;
  if (mask_ && mask_->getType() != c->getType()) {
    Fail("a vector if of " + n->condition.dtype().str() + " inside one of other lanes");
    return;
  }
  llvm::Value* saved = mask_;
  mask_ = saved ? b_->CreateAnd(saved, c) : c;
  VisitStmt(n->then_case);
  if (n->else_case.defined() && !failed()) {
    llvm::Value* not_c = b_->CreateNot(c);
    mask_ = saved ? b_->CreateAnd(saved, not_c) : not_c;
    VisitStmt(n->else_case);
  }
  mask_ = saved;
}

void CodeGenLLVM::VisitBufferStore(const BufferStoreNode* n, const Stmt&) {
  EmitStore(n->buffer, n->indices, n->value);
}

void CodeGenLLVM::VisitAllocate(const AllocateNode* n, const Stmt&) {
  llvm::Type* elem = MemoryType(n->dtype);
  int64_t elem_bytes = n->dtype.is_bool() ? 1 : n->dtype.element_of().bytes();
  // count = product of extents * lanes, as int64
  llvm::Value* count = b_->getInt64(n->dtype.lanes());
  std::optional<int64_t> constant = n->dtype.lanes();
  for (auto& e : n->extents) {
    llvm::Value* v = CastTo(VisitExpr(e), e.dtype(), DataType::Int(64));
    if (failed()) return;
    count = b_->CreateMul(count, v);
    const int64_t* c = as_const_int(e);
    constant = (constant && c) ? std::optional<int64_t>(*constant * *c) : std::nullopt;
  }
  if (constant && *constant >= 0 && *constant * elem_bytes <= kMaxStackAllocaBytes) {
    fn_.vars[n->buffer_var.get()] =
        CreateEntryAlloca(elem, b_->getInt64(std::max<int64_t>(*constant, 1)), 64);
    VisitStmt(n->body);
    fn_.vars.erase(n->buffer_var.get());
    return;
  }
  llvm::Value* bytes =
      b_->CreateMul(count, b_->getInt64(elem_bytes), n->buffer_var.name() + ".bytes");
  llvm::Value* ptr = b_->CreateCall(alloc_, {bytes}, n->buffer_var.name());
  auto* fail = llvm::BasicBlock::Create(ctx_, "alloc.fail", fn_.function);
  auto* ok = llvm::BasicBlock::Create(ctx_, "alloc.ok", fn_.function);
  b_->CreateCondBr(b_->CreateIsNull(ptr), fail, ok);
  b_->SetInsertPoint(fail);
  EmitFail("cannot allocate memory for " + n->buffer_var.name());
  b_->SetInsertPoint(ok);
  fn_.vars[n->buffer_var.get()] = ptr;
  fn_.heap.push_back(ptr);
  VisitStmt(n->body);
  fn_.heap.pop_back();
  b_->CreateCall(free_, {ptr});
  fn_.vars.erase(n->buffer_var.get());
}

// `s[C].pragma(x, "fp_contract")`: multiply-adds inside loop x may be fused into FMAs
// (one rounding instead of two, as C compilers do with -ffp-contract=fast) even when the
// backend's default keeps them apart. The flag covers every instruction emitted for the
// body, outlined parallel bodies included (they share the builder).
// `s[C].pragma(x, "shifted_taps")`: the strided taps inside loop x share their vectors
// with their neighbours' by a lane move where they can (StridedSpans.h).
void CodeGenLLVM::VisitAttrStmt(const AttrStmtNode* n, const Stmt&) {
  if (n->key == "pragma_shifted_taps") {
    const bool saved = shifted_taps_;
    shifted_taps_ = true;
    VisitStmt(n->body);
    shifted_taps_ = saved;
    return;
  }
  if (n->key != "pragma_fp_contract") {
    VisitStmt(n->body);
    return;
  }
  llvm::FastMathFlags saved = b_->getFastMathFlags();
  llvm::FastMathFlags contract = saved;
  contract.setAllowContract(true);
  b_->setFastMathFlags(contract);
  VisitStmt(n->body);
  b_->setFastMathFlags(saved);
}

void CodeGenLLVM::VisitAssertStmt(const AssertStmtNode* n, const Stmt&) {
  llvm::Value* cond = VisitExpr(n->condition);
  if (failed()) return;
  if (cond->getType()->isVectorTy()) cond = b_->CreateAndReduce(cond);
  auto* message = n->message.as<StringImmNode>();
  auto* fail = llvm::BasicBlock::Create(ctx_, "assert.fail", fn_.function);
  auto* ok = llvm::BasicBlock::Create(ctx_, "assert.ok", fn_.function);
  b_->CreateCondBr(cond, ok, fail);
  b_->SetInsertPoint(fail);
  EmitFail(message ? message->value : "assertion failed");
  b_->SetInsertPoint(ok);
  VisitStmt(n->body);
}

void CodeGenLLVM::VisitSeqStmt(const SeqStmtNode* n, const Stmt&) {
  for (size_t i = 0; i < n->seq.size() && !failed();) {
    size_t end = i;
    while (end < n->seq.size() && n->seq[end].as<BufferStoreNode>()) ++end;
    if (end - i >= 2) {
      EmitStoreRun(std::vector<Stmt>(n->seq.begin() + static_cast<std::ptrdiff_t>(i),
                                     n->seq.begin() + static_cast<std::ptrdiff_t>(end)));
      i = end;
    } else {
      VisitStmt(n->seq[i++]);
    }
  }
}

void CodeGenLLVM::VisitEvaluate(const EvaluateNode* n, const Stmt&) {
  if (is_const(n->value)) return;
  VisitExpr(n->value);
}

}  // namespace tessera::codegen
