// Range and IterVar: the loop domains that InferBound computes and ScheduleOps uses.
#pragma once

#include <string>

#include "ir/Expr.h"

namespace tessera::ir {

// The half-open integer interval [min, min + extent).
struct Range {
  Expr min;
  Expr extent;

  Range() = default;
  Range(Expr m, Expr e) : min(std::move(m)), extent(std::move(e)) {}
  static Range FromMinExtent(Expr m, Expr e) { return Range(std::move(m), std::move(e)); }
  // [begin, end): extent = end - begin (folded when both are constants).
  static Range FromBeginEnd(const Expr& begin, const Expr& end);
  bool defined() const { return min.defined() && extent.defined(); }
};

// What kind of iteration an IterVar stands for (TVM's IterVarType).
enum class IterVarType : uint8_t {
  DataPar,      // data parallel axis of a compute
  ThreadIndex,  // bound to a GPU thread / block index
  CommReduce,   // reduction axis
  Ordered,      // serial order matters (scan)
  Opaque,       // not to be touched by the scheduler
  Unrolled,
  Vectorized,
  Parallelized,
  Tensorized,
};
const char* iter_var_type_name(IterVarType t);

struct IterVarNode {
  Range dom;  // may be undefined for vars created by split/fuse
  Var var;
  IterVarType iter_type;
  std::string thread_tag;  // "threadIdx.x", "blockIdx.y", ... for ThreadIndex
};

inline IterVar MakeIterVar(Range dom, Var var, IterVarType type, std::string thread_tag = "") {
  return std::make_shared<const IterVarNode>(
      IterVarNode{std::move(dom), std::move(var), type, std::move(thread_tag)});
}

using Region = std::vector<Range>;

}  // namespace tessera::ir
