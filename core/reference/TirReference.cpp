#include "reference/TirReference.h"

#include "ir/Functor.h"
#include "reference/ParamLayouts.h"
#include "runtime/KernelArguments.h"
#include "transform/LowerTensorIR.h"

namespace tessera::reference {

namespace {

// The buffers a statement stores to (a function's statements outside every block, which
// declare no writes: lowered TIR's kernels).
class StoredBuffers : public ir::IRVisitor {
 public:
  std::set<const void*>* written = nullptr;

 protected:
  void VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
    written->insert(n->buffer.get());
    ir::IRVisitor::VisitBufferStore(n, s);
  }
};

}  // namespace

std::set<const void*> WrittenParams(const tir::PrimFunc& f) {
  std::set<const void*> written;
  StoredBuffers stores;
  stores.written = &written;
  tir::PreOrderVisit(f.body, [&](const tir::StmtNode* n) {
    if (const auto* r = tir::As<tir::BlockRealizeNode>(n))
      for (const tir::BufferRegion& w : r->block->writes) written.insert(w.buffer.get());
    if (const auto* c = tir::As<tir::ComputeNode>(n)) stores.VisitStmt(c->stmt);
    return true;
  });
  return written;
}

Result<TirArguments> MakeTirArguments(const tir::PrimFunc& f, const transform::PrimFunc& lowered,
                                      const runtime::ScalarArgs& vars, uint64_t seed,
                                      int64_t default_shape,
                                      const std::vector<tir::ParamLayoutChange>& layouts) {
  TirArguments a;
  a.layouts = layouts;
  auto scalars = runtime::BindScalarParameters(lowered, vars, default_shape);
  if (!scalars) return scalars.error();
  a.scalars = std::move(*scalars);
  std::set<const void*> written = WrittenParams(f);
  for (size_t i = 0; i < f.params.size(); ++i) {
    const tir::Buffer& b = f.params[i];
    auto shape = runtime::ConstantShape(b->shape, a.scalars.values);
    if (!shape) return Error("parameter " + b->name + ": " + shape.error().message);
    auto array = runtime::NDArray::Empty(*shape, b->dtype);
    if (!array) return Error("parameter " + b->name + ": " + array.error().message);
    bool output = written.count(b.get()) != 0;
    LayoutChain changes = ChangesOf(layouts, i);
    if (output) {
      array->Fill(0.0);
    } else if (changes.empty()) {
      array->FillRandom(seed + i);
    } else {
      auto before = ShapeBefore(changes);
      if (!before) return Error("parameter " + b->name + ": " + before.error().message);
      auto original = runtime::NDArray::Empty(*before, b->dtype);
      if (!original) return Error("parameter " + b->name + ": " + original.error().message);
      original->FillRandom(seed + i);
      auto moved = ToTransformedLayout(*original, *shape, changes);
      if (!moved) return Error("parameter " + b->name + ": " + moved.error().message);
      array = std::move(moved);
    }
    a.buffers.push_back(std::move(*array));
    a.is_output.push_back(output);
  }
  return a;
}

namespace {

// `a` with the parameters whose layout the schedule changed in their layouts before
// (outputs zero), as the unscheduled function takes them.
Result<TirArguments> InLayoutsBefore(const TirArguments& a) {
  TirArguments before = a;
  for (size_t i = 0; i < a.buffers.size(); ++i) {
    LayoutChain changes = ChangesOf(a.layouts, i);
    if (changes.empty()) continue;
    auto original = ToOriginalLayout(a.buffers[i], changes);
    if (!original) return original.error();
    if (a.is_output[i]) original->Fill(0.0);
    before.buffers[i] = std::move(*original);
  }
  return before;
}

Result<TirExpected> FromOracle(const std::vector<te::Tensor>& te_args, const TirArguments& a) {
  TensorArrays inputs;
  std::vector<te::Tensor> outputs;
  for (size_t i = 0; i < a.buffers.size(); ++i) {
    if (a.is_output[i])
      outputs.push_back(te_args[i]);
    else
      inputs[te_args[i].get()] = a.buffers[i].Clone();
  }
  auto got = EvaluateReference(outputs, inputs, a.scalars.values);
  if (!got) return got.error();
  return TirExpected{"te oracle", std::move(*got)};
}

Result<TirExpected> FromInterpreter(const tir::PrimFunc& original, const TirArguments& a) {
  auto lowered = transform::LowerTensorIR(original, {}, original.name);
  if (!lowered) return Error("lowering the unscheduled function: " + lowered.error().message);
  std::vector<runtime::NDArray> buffers;
  for (size_t i = 0; i < a.buffers.size(); ++i) {
    buffers.push_back(a.buffers[i].Clone());
    if (a.is_output[i]) buffers.back().Fill(0.0);
  }
  if (Status st = runtime::Interpret(lowered->func, buffers, a.scalars.values); !st)
    return st.error();
  TirExpected e{"the unscheduled function in the IR interpreter", {}};
  for (size_t i = 0; i < buffers.size(); ++i)
    if (a.is_output[i]) e.outputs.push_back(std::move(buffers[i]));
  return e;
}

}  // namespace

Result<TirExpected> TirExpectedOutputs(const tir::PrimFunc& original,
                                       const std::vector<te::Tensor>& te_args,
                                       const TirArguments& a) {
  if (a.buffers.size() != original.params.size())
    return Error("the reference needs one array per parameter of " + original.name + " (" +
                 std::to_string(original.params.size()) + "), got " +
                 std::to_string(a.buffers.size()));
  auto before = InLayoutsBefore(a);
  if (!before) return before.error();
  if (!te_args.empty() && te_args.size() == original.params.size())
    return FromOracle(te_args, *before);
  return FromInterpreter(original, *before);
}

std::vector<OutputCheck> CompareTirOutputs(const tir::PrimFunc& f, const TirArguments& a,
                                           const std::vector<runtime::NDArray>& after,
                                           const TirExpected& expected) {
  std::vector<OutputCheck> checks;
  size_t k = 0;
  for (size_t i = 0; i < after.size() && i < a.is_output.size(); ++i) {
    if (!a.is_output[i]) continue;
    std::string name = i < f.params.size() ? f.params[i]->name : "output " + std::to_string(i);
    if (k >= expected.outputs.size()) {
      CompareResult missing;
      missing.shapes_match = false;
      checks.push_back({name, missing});
      continue;
    }
    LayoutChain changes = ChangesOf(a.layouts, i);
    if (!changes.empty()) {
      auto original = ToOriginalLayout(after[i], changes);
      if (original) {
        checks.push_back({name, Compare(*original, expected.outputs[k++])});
        continue;
      }
    }
    checks.push_back({name, Compare(after[i], expected.outputs[k++])});
  }
  return checks;
}

}  // namespace tessera::reference
