// ReferenceCompiler: how the oracle (Reference.h) evaluates a compute body quickly.
// A body is compiled once per stage into a tree of lane nodes. Each node evaluates a
// whole chunk of output elements along the stage's innermost axis (the "batch" axis) at
// once, so the per-node dispatch cost is paid once per chunk, not once per element.
// Nodes that do not depend on the batch axis ("uniform": constants, shape variables,
// reduce variables, loads indexed only by outer axes) compute a single value that is
// broadcast. Floats are held as doubles rounded to their type after every operation
// (so float32 arithmetic is float32 arithmetic), everything else as int64 wrapped to
// its width — the conventions of the IR interpreter (InterpreterValue.h).
//
// Conditional evaluation: select-like calls (if_then_else) and reduction `where`
// conditions evaluate their operands under a lane mask, and a load or an integer
// division only checks (and performs) the work of active lanes, so a guarded
// out-of-bounds read is not an error, as in TVM.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/Expr.h"
#include "runtime/NDArray.h"
#include "runtime/ScalarValue.h"
#include "support/Result.h"

namespace tessera::reference {

using runtime::NDArray;
using runtime::ScalarArgs;

// Output elements evaluated together along the batch axis.
inline constexpr int kChunk = 256;

// The lanes of one node's value: floats as double, every other type as int64.
struct Lanes {
  const double* f = nullptr;
  const int64_t* i = nullptr;
  bool scalar = false;  // one value, the same in every lane
};

// A tensor a body may read: a logical, row-major array.
struct ReadableTensor {
  std::string name;
  NDArray array;
  std::vector<int64_t> strides;  // in elements
};

// Per-thread evaluation state.
struct Frame {
  std::vector<int64_t> slots;             // scalar variables (outer axes, reduce axes)
  int64_t batch_base = 0;                 // lane l of the batch variable is batch_base + l
  std::vector<Lanes> bound;               // let variables, reducer lhs/rhs
  std::vector<std::vector<double>> fbuf;  // per node scratch (kChunk lanes)
  std::vector<std::vector<int64_t>> ibuf;
  std::vector<std::vector<uint8_t>> masks;  // two per node (if_then_else branches)
  std::string error;  // the first error of this thread; later ones are dropped

  void Fail(const std::string& message) {
    if (error.empty()) error = message;
  }
};

class LaneNode {
 public:
  LaneNode(ir::DataType t, bool uniform, int id) : type_(t), uniform_(uniform), id_(id) {}
  virtual ~LaneNode() = default;
  ir::DataType type() const { return type_; }
  bool uniform() const { return uniform_; }
  int id() const { return id_; }
  // The value in lanes [0, n) where mask (n bytes, nullptr: all) is set; inactive lanes
  // hold unspecified values. Uniform nodes are evaluated through EvalLanes.
  virtual Lanes Eval(Frame& fr, int n, const uint8_t* mask) const = 0;
  // True when the node is `batch + c` for a uniform c (a unit-stride index).
  virtual bool unit_stride() const { return false; }

 private:
  ir::DataType type_;
  bool uniform_;
  int id_;
};
using LaneNodePtr = std::unique_ptr<LaneNode>;

// Evaluates `node`: a uniform node once (when any lane is active), others per lane.
Lanes EvalLanes(const LaneNode& node, Frame& fr, int n, const uint8_t* mask);

// What a compiled body may refer to.
struct CompileScope {
  std::string stage;                                  // for messages
  const ir::VarNode* batch_var = nullptr;             // lanes: batch_base + l
  std::unordered_map<const ir::VarNode*, int> slots;  // scalar variables
  std::unordered_map<const ir::VarNode*, int> bound;  // Frame::bound entries
  ScalarArgs constants;  // scalar parameters (shape variables, te.var scalars) by name
  // Readable tensors by producer node; loads of anything else are an error.
  std::unordered_map<const ir::DataProducerNode*, const ReadableTensor*> tensors;
  int num_bound = 0;
};

// Compiles expressions of one stage; node ids index Frame scratch buffers.
class LaneCompiler {
 public:
  explicit LaneCompiler(CompileScope scope) : scope_(std::move(scope)) {}
  // Errors: an expression kind the oracle cannot evaluate (vectors, buffer loads, a
  // nested reduction, an unknown call), a free variable, a load of an unknown tensor.
  Result<LaneNodePtr> Compile(const ir::Expr& e);
  // A Frame::bound slot that `v` reads (reducer lhs / rhs).
  int Bind(const ir::Var& v, bool uniform);
  CompileScope& scope() { return scope_; }
  // A Frame sized for the nodes compiled so far.
  Frame MakeFrame() const;

 private:
  friend struct CompilerAccess;
  int NextId() { return next_id_++; }
  CompileScope scope_;
  std::unordered_map<const ir::VarNode*, bool> bound_uniform_;
  int next_id_ = 0;
};

// Scalar conversions shared with the stage evaluator.
int64_t WrapTo(ir::DataType t, int64_t v);
double RoundTo(ir::DataType t, double v);
// Stores lane values into `array` at flat offsets start + l*stride for l in [0, n).
void StoreLanes(const NDArray& array, int64_t start, int64_t stride, int n, const Lanes& v);

}  // namespace tessera::reference
