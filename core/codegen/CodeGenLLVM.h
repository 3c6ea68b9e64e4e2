// CodeGenLLVM: translates a lowered, flattened PrimFunc into an LLVM module.
//
// The module holds two functions:
//   i32 @NAME(ptr noalias align 64 %A, ..., i32 %n)  the kernel: buffers as pointers,
//                                                    scalars by value; returns 0, or -1
//                                                    after tessera_set_error(msg)
//   i32 @NAME_packed(ptr %args)                      unpacks one 64-bit word per
//                                                    parameter and calls the kernel
// Vectors are LLVM vector types (ramp/broadcast, contiguous vector loads and stores,
// gathers/scatters otherwise); floordiv/floormod have floor semantics for negative
// operands; parallel loops are outlined into `i32 NAME_parallel_K(i64 begin, i64 end,
// ptr env)` and run by tessera_parallel_for with the captured values packed in env;
// small constant allocations live on the stack, others on the heap (freed on every exit).
#pragma once

#include <llvm/IR/DIBuilder.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "codegen/StridedSpans.h"
#include "ir/Functor.h"
#include "ir/TargetCalls.h"
#include "support/Result.h"
#include "transform/PrimFunc.h"

namespace tessera::codegen {

class CodeGenLLVM : public ir::ExprFunctor<llvm::Value*>, public ir::StmtFunctor<void> {
 public:
  // Allocations up to this many bytes with a constant size go on the stack.
  static constexpr int64_t kMaxStackAllocaBytes = 32 * 1024;

  // `fp_contract`: float multiply-adds may be fused (FMA), as C compilers do by default.
  // `loop_locations`: every instruction gets a debug location whose line is the number
  // of its innermost loop (LoopLines.h; 0 outside loops), for the loop <-> code link.
  // `vector_register_bytes`: the target's vector register file (count x width; 16 x 32
  // with AVX2, 32 x 64 with AVX-512), which sizes the tiles of a transposing copy; 0 when
  // unknown (one tile per copy).
  explicit CodeGenLLVM(llvm::LLVMContext& context, bool fp_contract = false,
                       bool loop_locations = false, int64_t vector_register_bytes = 0);
  ~CodeGenLLVM() override;

  // Builds the module for f (data layout and triple are set by the caller).
  Result<std::unique_ptr<llvm::Module>> Compile(const transform::PrimFunc& f);

 private:
  // ---- per-function state (saved and restored around an outlined parallel body) ----
  struct FunctionState {
    llvm::Function* function = nullptr;
    llvm::BasicBlock* alloca_block = nullptr;
    std::unordered_map<const ir::ExprNode*, llvm::Value*> vars;
    std::vector<llvm::Value*> heap;            // live heap allocations, innermost last
    llvm::DISubprogram* subprogram = nullptr;  // with loop locations
  };

  // types and constants
  llvm::Type* LLVMType(ir::DataType t);
  llvm::Type* MemoryType(ir::DataType t);  // bool is stored as i8
  llvm::Value* Splat(llvm::Value* v, int lanes);
  llvm::Value* CastTo(llvm::Value* v, ir::DataType from, ir::DataType to);

  // structure
  void DeclareRuntime();
  llvm::Function* EmitKernel(const transform::PrimFunc& f);
  void EmitPackedEntry(const transform::PrimFunc& f, llvm::Function* kernel);
  llvm::Value* CreateEntryAlloca(llvm::Type* t, llvm::Value* count, uint64_t align);
  // Frees live heap allocations and returns `code` (a failure path).
  void EmitReturnError(llvm::Value* code);
  void EmitFail(const std::string& message);
  void Fail(const std::string& message);
  bool failed() const { return error_.has_value(); }

  // memory
  // One alias scope per buffer (parameters are noalias, allocations are fresh), so that
  // accesses stay known not to alias inside outlined parallel bodies too.
  void CreateAliasScopes(const transform::PrimFunc& f);
  llvm::Value* Annotate(llvm::Value* access, const ir::Buffer& buffer);
  llvm::Value* BufferPointer(const ir::Buffer& buffer);
  // The element index of an access; for a vector index with a constant stride (1, or up
  // to kMaxWideLoadStride when `stride` is given) the scalar index of its first element,
  // that element in `vector_base` and the stride in `stride`.
  llvm::Value* ElementIndex(const ir::Buffer& buffer, const std::vector<ir::Expr>& indices,
                            ir::Expr* vector_base, int* lanes, int64_t* stride = nullptr);
  // A load of `lanes` elements `stride` apart (2 to 4) as one masked contiguous load of
  // lanes x stride elements and a shuffle: pooling's and strided convolution's
  // x * 2 + rx reads, which a gather does one element at a time.
  llvm::Value* EmitStridedLoad(const ir::Buffer& buffer, llvm::Value* ptr, int lanes,
                               int64_t stride);
  llvm::Value* EmitLoad(const ir::Buffer& buffer, const std::vector<ir::Expr>& indices,
                        ir::DataType t);
  // A run of stores whose strided loads share spans (StridedSpans.h): the spans' vectors
  // loaded first, each such load then a shuffle of two of them.
  void EmitStoreRun(const std::vector<ir::Stmt>& run);
  llvm::Value* EmitSpanRead(const SpanRead& read);
  void EmitStore(const ir::Buffer& buffer, const std::vector<ir::Expr>& indices,
                 const ir::Expr& value);

  // loop locations (LoopLines.h)
  llvm::DISubprogram* BeginLocations(llvm::Function* fn);
  void SetLoopLocation(int loop, llvm::DISubprogram* subprogram);
  int LoopNumber(const ir::ForNode* n) const;

  // loops
  // A loop that copies a small row-major tile into its transpose with one gather per
  // vector, emitted as a register transpose instead (CodeGenLLVMTranspose.cpp); false
  // when `n` is not such a loop.
  bool EmitTransposeCopy(const ir::ForNode* n);
  std::vector<llvm::Value*> TransposeByInterleaving(std::vector<llvm::Value*> rows, int64_t padded,
                                                    int64_t width);
  std::vector<llvm::Value*> Transpose8x8InLanes(const std::vector<llvm::Value*>& rows);
  void EmitSerialLoop(const ir::Var& var, llvm::Value* begin, llvm::Value* end,
                      const ir::Stmt& body);
  void EmitParallelFor(const ir::ForNode* n);

  // expressions with more than one instruction
  llvm::Value* EmitFloorDiv(llvm::Value* a, llvm::Value* b, ir::DataType t);
  llvm::Value* EmitFloorMod(llvm::Value* a, llvm::Value* b, ir::DataType t);
  llvm::Value* EmitMath(const ir::CallNode* n);
  llvm::Value* EmitBitOp(const ir::CallNode* n);
  llvm::Value* EmitExpF32(llvm::Value* x);  // inline float32 exp (scalar or vector)
  llvm::Value* EmitIfThenElseExpr(const ir::CallNode* n);
  llvm::Value* EmitPrefetch(const ir::CallNode* n);
  llvm::Value* EmitExternCall(const ir::CallNode* n);
  llvm::Value* EmitReinterpret(const ir::CallNode* n);
  // vectorlow / vectorhigh / vectorcombine: one shufflevector.
  llvm::Value* EmitVectorLanes(const ir::CallNode* n);
  llvm::Value* EmitLLVMIntrinsic(const ir::CallNode* n, const ir::LLVMIntrinCall& call);
  llvm::Value* EmitLibmCall(const std::string& name, const std::vector<llvm::Value*>& args,
                            ir::DataType t);

  // ---- ExprFunctor ----
  llvm::Value* VisitExprDefault(const ir::Expr& e) override;
  llvm::Value* VisitIntImm(const ir::IntImmNode* n, const ir::Expr& e) override;
  llvm::Value* VisitFloatImm(const ir::FloatImmNode* n, const ir::Expr& e) override;
  llvm::Value* VisitStringImm(const ir::StringImmNode* n, const ir::Expr& e) override;
  llvm::Value* VisitVar(const ir::VarNode* n, const ir::Expr& e) override;
  llvm::Value* VisitBinary(const ir::BinaryNode* n, const ir::Expr& e) override;
  llvm::Value* VisitNot(const ir::NotNode* n, const ir::Expr& e) override;
  llvm::Value* VisitSelect(const ir::SelectNode* n, const ir::Expr& e) override;
  llvm::Value* VisitCast(const ir::CastNode* n, const ir::Expr& e) override;
  llvm::Value* VisitCall(const ir::CallNode* n, const ir::Expr& e) override;
  llvm::Value* VisitBufferLoad(const ir::BufferLoadNode* n, const ir::Expr& e) override;
  llvm::Value* VisitRamp(const ir::RampNode* n, const ir::Expr& e) override;
  llvm::Value* VisitBroadcast(const ir::BroadcastNode* n, const ir::Expr& e) override;
  llvm::Value* VisitLet(const ir::LetNode* n, const ir::Expr& e) override;

  // ---- StmtFunctor ----
  void VisitStmtDefault(const ir::Stmt& s) override;
  void VisitFor(const ir::ForNode* n, const ir::Stmt& s) override;
  void VisitLetStmt(const ir::LetStmtNode* n, const ir::Stmt& s) override;
  void VisitIfThenElse(const ir::IfThenElseNode* n, const ir::Stmt& s) override;
  void EmitMaskedIf(const ir::IfThenElseNode* n);
  void VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override;
  void VisitAllocate(const ir::AllocateNode* n, const ir::Stmt& s) override;
  void VisitAttrStmt(const ir::AttrStmtNode* n, const ir::Stmt& s) override;
  void VisitAssertStmt(const ir::AssertStmtNode* n, const ir::Stmt& s) override;
  void VisitSeqStmt(const ir::SeqStmtNode* n, const ir::Stmt& s) override;
  void VisitEvaluate(const ir::EvaluateNode* n, const ir::Stmt& s) override;

  llvm::LLVMContext& ctx_;
  bool fp_contract_;
  std::unique_ptr<llvm::Module> module_;
  std::unique_ptr<llvm::IRBuilder<>> b_;
  FunctionState fn_;
  std::string name_;
  int parallel_count_ = 0;
  llvm::Value* mask_ = nullptr;  // active lanes inside a vector if_then_else
  SharedSpans spans_;            // of the store run being emitted
  std::vector<std::vector<llvm::Value*>> span_chunks_;
  std::vector<std::vector<llvm::Value*>> span_elements_;
  std::vector<llvm::Value*> span_pointers_;  // each span's first element
  bool shifted_taps_ = false;                // inside `pragma(x, "shifted_taps")`
  std::unordered_map<const ir::ExprNode*, llvm::MDNode*> alias_scopes_;  // by data handle
  std::optional<Error> error_;
  bool loop_locations_ = false;
  int64_t vector_register_bytes_ = 0;
  std::unique_ptr<llvm::DIBuilder> di_;
  llvm::DIFile* di_file_ = nullptr;
  std::unordered_map<const ir::ForNode*, int> loop_numbers_;
  int current_loop_ = 0;
  llvm::FunctionCallee set_error_, alloc_, free_, parallel_for_;
};

}  // namespace tessera::codegen
