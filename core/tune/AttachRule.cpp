#include "tune/AttachRule.h"

#include <algorithm>
#include <map>

#include "ir/Functor.h"
#include "te/Operation.h"
#include "te/Tensor.h"

namespace tessera::tune {

namespace {

// Whether `op` reads `producer` anywhere (directly).
bool Reads(const te::ComputeOpNode& op, const std::string& producer) {
  for (const te::Tensor& t : op.InputTensors())
    if (t.op()->name == producer) return true;
  return false;
}

}  // namespace

bool ReadsAtLeadingAxes(const te::ComputeOpNode& op, const std::string& producer, bool every_axis) {
  bool reads = false, aligned = true;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
    if (t.op()->name != producer) return;
    reads = true;
    if (indices.size() > op.axis.size() || (every_axis && indices.size() != op.axis.size())) {
      aligned = false;
      return;
    }
    for (size_t d = 0; d < indices.size(); ++d)
      if (!indices[d].same_as(op.axis[d]->var)) aligned = false;
  });
  return reads && aligned;
}

std::vector<std::string> AttachConsumers(const te::Operation& producer,
                                         const std::vector<te::Operation>& candidates,
                                         const std::set<std::string>& inlined,
                                         const std::string& output) {
  const std::string& name = producer->name;
  // The inlinable stages that read the producer at their leading axes: a consumer
  // reading one of them at its own leading axes reads the producer's rows too.
  // (Found among everything the candidates read, transitively; value: whether aligned.)
  std::map<std::string, bool> through;
  std::vector<const te::ComputeOpNode*> all;  // every compute op the candidates reach
  std::vector<te::Operation> pending(candidates.begin(), candidates.end());
  std::set<std::string> seen;
  while (!pending.empty()) {
    te::Operation op = pending.back();
    pending.pop_back();
    auto* compute = dynamic_cast<const te::ComputeOpNode*>(op.get());
    if (!compute || !seen.insert(op->name).second) continue;
    all.push_back(compute);
    if (inlined.count(op->name) && Reads(*compute, name))
      through[op->name] = ReadsAtLeadingAxes(*compute, name);
    for (const te::Tensor& t : compute->InputTensors()) pending.push_back(t.op());
  }
  auto reads_rows = [&](const te::ComputeOpNode& consumer, bool* aligned) {
    bool reads = false;
    *aligned = true;
    if (Reads(consumer, name)) {
      reads = true;
      *aligned = ReadsAtLeadingAxes(consumer, name);
    }
    for (const auto& [relay, relay_aligned] : through)
      if (Reads(consumer, relay)) {
        reads = true;
        *aligned = *aligned && relay_aligned && ReadsAtLeadingAxes(consumer, relay);
      }
    return reads;
  };
  // Every stage that is not a relay and reads the producer (directly or through one).
  std::set<std::string> readers;
  for (const te::ComputeOpNode* op : all) {
    bool aligned = true;
    if (!through.count(op->name) && op->name != name && reads_rows(*op, &aligned))
      readers.insert(op->name);
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < candidates.size(); ++i) {
    const te::Operation& c = candidates[i];
    auto* consumer = dynamic_cast<const te::ComputeOpNode*>(c.get());
    if (!consumer || c->name == name) continue;
    bool aligned = true;
    if (!reads_rows(*consumer, &aligned) || !aligned) continue;
    // Inside a consumer that is not the program's output, the producer must have no other
    // reader (the others would run outside the attach loop: refused by the schedule).
    if (c->name != output && readers.size() > 1) continue;
    out.push_back(c->name);
  }
  return out;
}

std::vector<std::string> ReadersOf(const te::Operation& producer,
                                   const std::vector<te::Operation>& stages,
                                   const std::set<std::string>& inlined) {
  std::set<std::string> sources = {
      producer->name};  // the producer and the inlined stages reading it
  for (bool grew = true; grew;) {
    grew = false;
    for (const te::Operation& op : stages) {
      auto* compute = dynamic_cast<const te::ComputeOpNode*>(op.get());
      if (!compute || !inlined.count(op->name) || sources.count(op->name)) continue;
      for (const std::string& src : std::set<std::string>(sources))
        if (Reads(*compute, src)) grew = sources.insert(op->name).second || grew;
    }
  }
  std::vector<std::string> out;
  for (const te::Operation& op : stages) {
    auto* compute = dynamic_cast<const te::ComputeOpNode*>(op.get());
    if (!compute || sources.count(op->name)) continue;
    for (const std::string& src : sources)
      if (Reads(*compute, src)) {
        out.push_back(op->name);
        break;
      }
  }
  return out;
}

std::string AttachKnob(const std::string& stage) { return stage + ".attach"; }

Result<ir::IterVar> AttachLoop(const schedule::Stage& consumer) {
  for (const ir::IterVar& iv : consumer->leaf_iter_vars)
    if (iv->iter_type == ir::IterVarType::DataPar) return iv;
  return Error("tune: stage " + consumer->name() +
               " has no data-parallel loop to attach a reduction at");
}

}  // namespace tessera::tune
