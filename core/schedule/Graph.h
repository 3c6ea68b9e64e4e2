// The stage graph (InferBound document, "CreateReadGraph"): the read graph (op -> the
// tensors it reads), its post-DFS order, the feed graph (tensor -> ops reading it) and
// attach paths (CreateAttachPath: the loops enclosing each stage, innermost first).
#pragma once

#include <unordered_map>
#include <vector>

#include "schedule/Schedule.h"

namespace tessera::schedule {

using ReadGraph = std::unordered_map<te::Operation, std::vector<te::Tensor>>;
using FeedGraph =
    std::unordered_map<te::Tensor, std::vector<te::Operation>, te::TensorHash, te::TensorEqual>;
using AttachPath = std::unordered_map<const te::OperationNode*, std::vector<IterVar>>;

// Every operation reachable from `roots` mapped to its input tensors.
ReadGraph CreateReadGraph(const std::vector<te::Operation>& roots);
// Operations reachable from `roots`, each after all of its inputs.
std::vector<te::Operation> PostDFSOrder(const std::vector<te::Operation>& roots,
                                        const ReadGraph& g);
// Reverse of the read graph: who reads each tensor.
FeedGraph CreateFeedGraph(const ReadGraph& g);

// For each stage: the leaf IterVars of the stages it is attached in whose loops enclose
// it, innermost first. Empty for root stages (document: "Building an Attach Path").
AttachPath CreateAttachPath(const Schedule& sch);

// The current ops of the schedule's output stages (roots of the read graph).
std::vector<te::Operation> OutputOps(const Schedule& sch);
// Stages whose op reads an output of `s` (direct consumers), in schedule order.
std::vector<Stage> ConsumerStages(const Schedule& sch, const Stage& s);
// Stages `s` reads from directly, in schedule order.
std::vector<Stage> ProducerStages(const Schedule& sch, const Stage& s);
// True when `reader` reads `producer` directly or through stages marked compute_inline.
bool ReadsThroughInlined(const Schedule& sch, const Stage& reader, const Stage& producer);

}  // namespace tessera::schedule
