// Script objects for a schedule and its stages: `s[B]` looks a stage up, and the
// stage's methods (split, fuse, reorder, tile, compute_at, compute_inline,
// compute_root, vectorize, unroll, parallel, bind, pragma, storage_align,
// transform_layout) and the schedule's (cache_read, cache_write, rfactor) call the
// primitives of
// schedule/Primitives.h, which check legality and append to the schedule's Trace.
// A primitive's error keeps its message and gets the location of the call.
#pragma once

#include <memory>

#include "schedule/Schedule.h"
#include "script/lang/Interpreter.h"

namespace tessera::script {

using SchedulePtr = std::shared_ptr<schedule::Schedule>;

struct ScheduleObject : Object {
  SchedulePtr sch;
  explicit ScheduleObject(SchedulePtr s) : sch(std::move(s)) {}
  std::string type_name() const override { return "Schedule"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
};

struct StageObject : Object {
  SchedulePtr sch;
  schedule::Stage stage;
  StageObject(SchedulePtr s, schedule::Stage st) : sch(std::move(s)), stage(std::move(st)) {}
  std::string type_name() const override { return "Stage"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

// tvm.tir.undef(): "the padding holds an unspecified value" (RFC 0077), as a pad_value.
struct UndefObject : Object {
  std::string type_name() const override { return "undef"; }
};

// te.create_schedule(ops): a Schedule object for the given output ops / tensors.
Result<Value> CreateScheduleValue(const CallArgs& call, SchedulePtr* created);

}  // namespace tessera::script
