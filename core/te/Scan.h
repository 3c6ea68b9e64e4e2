// ScanOp (TVM's te.scan): a recurrence over a time axis. Each state i is an output of
// the scan whose shape is state_placeholder[i]'s; the first dimension is time.
//   state[0 : init_extent, ...]   = init[i]
//   state[t, ...] for t >= init_extent = update[i][t, ...], where update reads earlier
//                                        times of the state through state_placeholder[i]
// The scan's root IterVars are the scan axis (the times the update computes, an Ordered
// IterVar over [init.shape[0], update.shape[0])) and one Opaque spatial axis per
// non-time dimension of each state (they carry the bounds of those dimensions but make
// no loops). Lowering (ScheduleOps): the init stages run before a serial loop over the
// scan axis, the update stages inside it, and init, update and state_placeholder are
// all stored in / read from the scan's output.
#pragma once

#include <string>
#include <vector>

#include "support/Result.h"
#include "te/Operation.h"

namespace tessera::te {

struct ScanOpNode : OperationNode {
  IterVar scan_axis;
  std::vector<Tensor> init;
  std::vector<Tensor> update;
  std::vector<Tensor> state_placeholder;
  std::vector<Tensor> inputs;         // the scan's other inputs (TVM: where its update group stops)
  std::vector<IterVar> spatial_axis;  // state 0's dimensions 1.., then state 1's, ...

  ScanOpNode(std::string n, std::string t) : OperationNode(std::move(n), std::move(t)) {}
  OpKind kind() const override { return OpKind::Scan; }
  int num_outputs() const override { return static_cast<int>(update.size()); }
  DataType output_dtype(int i) const override;
  std::vector<Expr> output_shape(int i) const override;
  std::vector<IterVar> root_iter_vars() const override;
  // init then update tensors (the state placeholders are not inputs: they are the
  // scan's own outputs at earlier times).
  std::vector<Tensor> InputTensors() const override;

  // The spatial axes of state i (its dimensions 1..).
  std::vector<IterVar> spatial_axes_of(size_t state) const;
  // The extent of the time dimension the init stages compute (init[0].shape[0]).
  Expr init_extent() const { return init.at(0)->shape.at(0); }
};

// Checks and builds a ScanOp as TVM's ScanOp constructor does: as many init, update and
// state tensors; every state is a placeholder; init, update and state agree on rank
// (at least 1), dtype and every non-time extent; all inits share one time extent and
// all updates another; init does not read the states. Errors name the state and the
// dimension at fault ("te.scan: ...").
Result<Operation> MakeScanOp(std::string name, std::string tag, std::vector<Tensor> init,
                             std::vector<Tensor> update, std::vector<Tensor> state_placeholder,
                             std::vector<Tensor> inputs = {});

// The same scan (same axes and states) over rewritten init and update tensors: how
// data-flow rewrites (inlining into an update, cache_read) replace a scan.
Operation ScanWithInputs(const ScanOpNode& scan, std::vector<Tensor> init,
                         std::vector<Tensor> update);

// The scan outputs (one per state).
Result<std::vector<Tensor>> scan(std::vector<Tensor> init, std::vector<Tensor> update,
                                 std::vector<Tensor> state_placeholder,
                                 std::vector<Tensor> inputs = {}, std::string name = "scan",
                                 std::string tag = "");

// The operations of `scan`'s update group, as TVM's create_group(update, states + inputs)
// forms it: the updates and every operation on a path from a state placeholder or a
// scan input to an update (the boundary operations themselves excluded); producers
// first. They run once per time step, inside the scan's loop.
std::vector<Operation> ScanUpdateGroup(const ScanOpNode& scan);

}  // namespace tessera::te
