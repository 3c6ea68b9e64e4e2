#include "transform/LowerSchedule.h"

#include <utility>

#include "schedule/ScheduleOps.h"
#include "transform/LayoutArguments.h"

namespace tessera::transform {

Result<LoweredProgram> LowerSchedule(const schedule::Schedule& sch,
                                     const std::vector<te::Tensor>& args, PassContext ctx,
                                     const std::string& name, const ScalarParams& scalars) {
  auto stmt = schedule::Lower(sch);
  if (!stmt) return stmt.error();
  std::vector<ir::DataProducer> producers;
  for (const te::Tensor& t : args) producers.push_back(t.producer());
  AddLayoutArgBuffers(sch, producers, &ctx);
  return LowerToPrimFunc(*stmt, producers, name, ctx, scalars);
}

Result<LoweredProgram> LowerSchedule(const schedule::Schedule& sch,
                                     const std::vector<te::Tensor>& args, const std::string& target,
                                     const std::string& name, const ScalarParams& scalars,
                                     bool partition_guards) {
  PassContext ctx;
  ctx.target = target;
  ctx.partition_guards = partition_guards;
  return LowerSchedule(sch, args, std::move(ctx), name, scalars);
}

}  // namespace tessera::transform
