// The methods of a script's tir.Schedule: one table row per TVM method, with TVM's
// parameter names in TVM's order, and the helpers a row uses to read random variables,
// lists of them and buffer indices from its arguments and to make result values.
// Adding a primitive is adding a row (TirScheduleMethods.cpp).
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "script/lang/Args.h"
#include "script/tvm/tir/schedule/TirScheduleValue.h"

namespace tessera::script {

// One call of a schedule method: its bound arguments and the schedule.
class TirMethodCall {
 public:
  TirMethodCall(const std::shared_ptr<TirScheduleHandle>& handle, Interpreter& interp,
                const Args& args, std::vector<Value> variadic, std::vector<SourceLoc> variadic_locs)
      : handle_(handle),
        interp_(interp),
        args_(args),
        variadic_(std::move(variadic)),
        variadic_locs_(std::move(variadic_locs)) {}

  tir::Schedule& sch() const { return *handle_->sch; }
  const TirScheduleHandle& handle() const { return *handle_; }
  const Args& args() const { return args_; }
  // The interpreter, to call the script's functions (transform_layout's lambdas).
  Interpreter& interp() const { return interp_; }
  const std::string& func_name() const { return handle_->func_name; }

  // A BlockRV argument; a str is the block of that name (get_block, recorded as TVM does).
  Result<tir::BlockRV> Block(const std::string& param) const;
  // A list of BlockRVs (or block names); none when the argument is absent or None.
  Result<std::vector<tir::BlockRV>> Blocks(const std::string& param) const;
  Result<tir::LoopRV> Loop(const std::string& param) const;
  Result<std::variant<tir::BlockRV, tir::LoopRV>> BlockOrLoop(const std::string& param) const;
  // The positional arguments of a *loops method (fuse, reorder), or one list of loops.
  Result<std::vector<tir::LoopRV>> VariadicLoops() const;
  // A buffer index of `block`: an int, or the name of one of its reads (writes).
  Result<int64_t> BufferIndex(const std::string& param, const tir::BlockRV& block,
                              bool of_reads) const;
  // Whether an optional argument is given (and not None).
  bool Given(const std::string& param) const;
  // A bool argument, `fallback` when absent.
  Result<bool> Flag(const std::string& param, bool fallback) const;

  Value BlockValue(const tir::BlockRV& rv) const;
  Value LoopValue(const tir::LoopRV& rv) const;
  Value ExprValue(int id) const;
  template <typename RV>
  Value ListOf(const std::vector<RV>& rvs) const {
    std::vector<Value> items;
    for (const RV& rv : rvs) items.push_back(RVValue(rv));
    return Value::List(std::move(items));
  }

 private:
  Value RVValue(const tir::BlockRV& rv) const { return BlockValue(rv); }
  Value RVValue(const tir::LoopRV& rv) const { return LoopValue(rv); }
  // The random variable a value is, checked to belong to this schedule.
  Result<const TirRandomVariable*> RandomVariable(const Value& v, const SourceLoc& loc,
                                                  const std::string& expected) const;

  std::shared_ptr<TirScheduleHandle> handle_;
  Interpreter& interp_;
  const Args& args_;
  std::vector<Value> variadic_;
  std::vector<SourceLoc> variadic_locs_;
};

struct TirScheduleMethod {
  const char* name;
  std::vector<std::string> params;  // TVM's, in order (after *loops for a variadic one)
  size_t required;
  bool variadic;  // fuse(*loops, ...), reorder(*ordered_loops)
  Result<Value> (*apply)(const TirMethodCall& call);
};

// The table; nullptr when `name` is not a method of tir.Schedule.
const TirScheduleMethod* FindTirScheduleMethod(const std::string& name);

// Calls `method` of the schedule: binds the arguments, applies, and turns a primitive's
// error into a ScheduleError at the call.
Result<Value> CallTirScheduleMethod(const TirScheduleMethod& method,
                                    const std::shared_ptr<TirScheduleHandle>& handle,
                                    Interpreter& interp, const CallArgs& call);

}  // namespace tessera::script
