// CodeGenCBase: what the C and CUDA source printers (CodeGenC.h, cuda/CodeGenCUDA.h)
// print alike — names, arithmetic, comparisons, selects, casts, loads and stores,
// vector statements run lane by lane, conditions, sequences — with virtual hooks for
// what differs between the two languages: element types, integer and float literals
// (derived classes override those visits), division / modulo / min / max, math
// functions, buffer indexing, the lane loop's header and where errors say they are.
#pragma once

#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "codegen/LoopLines.h"
#include "ir/BitIntrinsics.h"
#include "ir/Functor.h"
#include "ir/MathIntrinsics.h"
#include "support/Result.h"

namespace tessera::codegen {

class CodeGenCBase : public ir::ExprFunctor<std::string>, public ir::StmtFunctor<void> {
 public:
  virtual ~CodeGenCBase() = default;

  // A C identifier for an IR name ("B.local" -> "B_local").
  static std::string Identifier(const std::string& name);

 protected:
  static constexpr const char* kLane = "tsr_lane";

  // ---- hooks ----
  virtual std::string Language() const = 0;  // "C", "CUDA": in error messages
  virtual std::string Where() const = 0;     // " here", " in kernel main_kernel0"
  virtual std::string CType(ir::DataType t) = 0;
  // Mod, FloorDiv, FloorMod, Min and Max of operands a, b of element type t.
  virtual std::string DivModMinMax(ir::ExprKind kind, ir::DataType t, const std::string& a,
                                   const std::string& b) = 0;
  virtual std::string Math(const ir::MathOpInfo& info, const ir::CallNode* n) = 0;
  std::string BitOperator(const ir::BitOpInfo& bit, const ir::CallNode* n, const ir::Expr& e);
  // The element index of an access to `b`.
  virtual ir::Expr Index(const ir::Buffer& b, const std::vector<ir::Expr>& indices) = 0;
  // The line(s) opening the loop over the lanes of a vector statement.
  virtual void LaneLoop(int lanes) = 0;

  // ---- names and output ----
  // The C name of a definition of `v` (a parameter, loop, let or allocation), unique in the
  // function. A var defined again gets a new name that later uses refer to: an unrolled
  // loop's copies of its body define the same vars, and C refuses a second declaration in
  // one scope (TVM's ConvertSSA renames them after unrolling).
  std::string Define(const ir::Var& v);
  std::string NameOf(const ir::ExprNode* v, const std::string& fallback);
  void Fail(const std::string& message);
  std::ostream& Line();
  std::string Vector(const ir::Expr& e);
  // (a op b), wrapped back to the IR type for integers narrower than int.
  std::string Arith(ir::DataType t, const char* op, const std::string& a, const std::string& b);
  // Runs `emit` once, or once per lane inside the lane loop for vector statements.
  template <typename Fn>
  void PerLane(int lanes, Fn emit) {
    if (lanes <= 1) {
      emit();
      return;
    }
    LaneLoop(lanes);
    ++indent_;
    lane_ = true;
    emit();
    lane_ = false;
    --indent_;
    Line() << "}\n";
  }
  void Block(const ir::Stmt& body);

  // ---- shared expressions ----
  std::string VisitExprDefault(const ir::Expr& e) override;
  std::string VisitVar(const ir::VarNode* n, const ir::Expr& e) override;
  std::string VisitBinary(const ir::BinaryNode* n, const ir::Expr& e) override;
  std::string VisitNot(const ir::NotNode* n, const ir::Expr&) override;
  std::string VisitSelect(const ir::SelectNode* n, const ir::Expr&) override;
  std::string VisitCast(const ir::CastNode* n, const ir::Expr&) override;
  std::string VisitRamp(const ir::RampNode* n, const ir::Expr& e) override;
  std::string VisitBroadcast(const ir::BroadcastNode* n, const ir::Expr& e) override;
  std::string VisitBufferLoad(const ir::BufferLoadNode* n, const ir::Expr& e) override;
  std::string VisitCall(const ir::CallNode* n, const ir::Expr& e) override;

  // ---- shared statements ----
  void VisitStmtDefault(const ir::Stmt& s) override;
  void VisitIfThenElse(const ir::IfThenElseNode* n, const ir::Stmt&) override;
  void VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt&) override;
  void VisitAttrStmt(const ir::AttrStmtNode* n, const ir::Stmt&) override;
  void VisitSeqStmt(const ir::SeqStmtNode* n, const ir::Stmt&) override;
  void VisitEvaluate(const ir::EvaluateNode* n, const ir::Stmt&) override;

  // ---- loop lines (LoopLines.h) ----
  // Numbers the loops of `body` from `first_id` before it is printed; VisitFor
  // implementations call BeginLoop / EndLoop around all they print for a loop, so that
  // loop_ranges_ holds each loop's byte range in body_.
  void NumberLoopsOf(const ir::Stmt& body, int first_id = 1);
  void BeginLoop(const ir::ForNode* n);
  void EndLoop(const ir::ForNode* n);
  std::vector<LoopId> loops_;
  std::vector<LoopByteRange> loop_ranges_;
  std::unordered_map<const ir::ForNode*, size_t> loop_index_;  // into loop_ranges_

  std::ostringstream body_;
  int indent_ = 0;
  bool lane_ = false;
  std::unordered_map<const ir::ExprNode*, std::string> names_;
  std::unordered_set<std::string> used_;
  std::unordered_set<const ir::ExprNode*> vector_vars_;
  std::optional<Error> error_;
};

}  // namespace tessera::codegen
