// The tensor-expression API, mirroring TVM's python `te` module in C++:
//   auto n = te::size_var("n");
//   auto A = *te::placeholder({n, 64}, DataType::Float(32), "A");
//   auto k = te::reduce_axis(Range(0, 64), "k");
//   auto B = *te::compute({n}, [&](auto& i) { return te::sum(A(i[0], k->var), {k}); }, "B",
//                         "", {"i"});
// The script layer passes the lambda's argument names as `axis_names`; C++ callers may
// omit them and get "i", "j", "k", "l", then "ax4", "ax5", ...
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "support/Result.h"
#include "te/Operation.h"

namespace tessera::te {

using ir::Range;

// An input tensor. Shapes may be symbolic (use size_var: non-negative by construction).
Result<Tensor> placeholder(std::vector<Expr> shape, DataType dtype = DataType::Float(32),
                           std::string name = "placeholder");

using ComputeFunction = std::function<Expr(const std::vector<Var>&)>;
using MultiComputeFunction = std::function<std::vector<Expr>(const std::vector<Var>&)>;

Result<Tensor> compute(std::vector<Expr> shape, const ComputeFunction& f,
                       std::string name = "compute", std::string tag = "",
                       std::vector<std::string> axis_names = {});
// A compute with several outputs (e.g. an argmax's (index, value) reduction).
Result<std::vector<Tensor>> compute_multi(std::vector<Expr> shape, const MultiComputeFunction& f,
                                          std::string name = "compute", std::string tag = "",
                                          std::vector<std::string> axis_names = {});

// The default name of axis `i` of a compute ("i", "j", "k", "l", "ax4", ...).
std::string default_axis_name(size_t i);

IterVar reduce_axis(Range dom, std::string name = "rv");
// A thread IterVar: "threadIdx.x", "blockIdx.y", "vthread", ... `dom` may be undefined.
// Its variable is named `name` (the tag when empty), as TVM names it: several virtual
// threads of one stage are told apart by name ("vx", "vy").
IterVar thread_axis(std::string tag, Range dom = Range(), std::string name = "");
// Whether `tag` names a thread axis Tessera knows.
bool is_thread_tag(const std::string& tag);
// Whether `tag` is a virtual thread ("vthread", "cthread"): a loop run by one real
// thread (InjectVirtualThread), of which a stage may bind several.
bool is_virtual_thread_tag(const std::string& tag);

Var size_var(std::string name = "size", DataType dtype = DataType::Int(32));
Var var(std::string name = "v", DataType dtype = DataType::Int(32));
Expr const_(double value, DataType dtype);
Expr const_(int64_t value, DataType dtype = DataType::Int(32));

// Reductions over `axes`, optionally only where `where` holds.
Expr sum(Expr source, std::vector<IterVar> axes, Expr where = Expr());
Expr max(Expr source, std::vector<IterVar> axes, Expr where = Expr());
Expr min(Expr source, std::vector<IterVar> axes, Expr where = Expr());

// cond ? t : f, evaluating only the taken branch (TVM's tir.if_then_else).
Expr if_then_else(Expr cond, Expr t, Expr f);

}  // namespace tessera::te
