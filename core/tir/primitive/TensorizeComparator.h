// TVM's TensorizeComparator (src/tir/schedule/ir_comparator.cc): does a block of the
// workload compute what a tensor intrinsic's description computes? The two trees are
// walked together; loop variables and block iterators of the workload are mapped onto
// the description's as they are met (DefEqual), buffers onto buffers by dtype and scope,
// and every buffer access of the workload, less the base index where the scope block's
// region starts, must equal the description's access.
//
// The scope block (the first block compared) is the workload block against the
// description's root block: only their read and write regions are compared, and those
// fix the base indices. A description buffer of lower rank than the workload's matches
// its trailing dimensions; the leading ones must be single elements.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "arith/Analyzer.h"
#include "ir/Functor.h"
#include "tir/Stmt.h"

namespace tessera::tir {

class TensorizeComparator {
 public:
  // Compares the workload realize `lhs` (the scope block) with the description's root
  // realize `rhs`. On a mismatch, `errors` says what differed, innermost first, and
  // `mismatch` names the innermost loop or block that did not match.
  bool Match(const BlockRealizeNode& lhs, const BlockRealizeNode& rhs);

  std::vector<std::string> errors;
  std::string mismatch;
  // Description buffer -> the workload buffer it stands for.
  std::map<const ir::BufferNode*, Buffer> rhs_buffer_map;
  // Workload buffer -> the indices where the matched region starts.
  std::map<const ir::BufferNode*, std::vector<Expr>> buffer_indices;

 private:
  bool Stmt(const tir::Stmt& lhs, const tir::Stmt& rhs);
  bool Realize(const BlockRealizeNode& lhs, const BlockRealizeNode& rhs);
  bool Block(const BlockNode& lhs, const BlockNode& rhs);
  bool Loop(const ForNode& lhs, const ForNode& rhs);
  bool IrStmt(const ir::Stmt& lhs, const ir::Stmt& rhs);
  bool ExprEq(const Expr& lhs, const Expr& rhs);
  bool ExprNodeEq(const Expr& lhs, const Expr& rhs);
  bool Exprs(const std::vector<Expr>& lhs, const std::vector<Expr>& rhs);
  bool DefEqual(const Var& lhs, const Var& rhs);
  bool CompareBuffer(const Buffer& lhs, const Buffer& rhs);
  bool CompareBufferRegion(const BufferRegion& lhs, const BufferRegion& rhs);
  bool CompareBufferAccess(const Buffer& lb, const std::vector<Expr>& li, const Buffer& rb,
                           const std::vector<Expr>& ri);
  bool Regions(const std::vector<BufferRegion>& lhs, const std::vector<BufferRegion>& rhs,
               const char* what);
  // `lhs` in the description's variables, then proved equal to `rhs`.
  bool ProveEqual(const Expr& lhs, const Expr& rhs);
  bool Fail(const std::string& message);
  bool FailAt(const std::string& what);

  bool is_scope_block_ = true;
  ir::VarMap equal_map_;  // workload variable -> description variable
  arith::Analyzer analyzer_;
  arith::Analyzer lhs_analyzer_;  // the workload's block iterators bound to their domains
};

}  // namespace tessera::tir
