#include "transform/PassContext.h"

namespace tessera::transform {

ir::Buffer PassContext::FindArgBuffer(const ir::DataProducer& producer) const {
  for (auto& [p, b] : arg_buffers)
    if (p == producer) return b;
  ir::Buffer by_name;
  for (auto& [p, b] : arg_buffers) {
    if (p->producer_name() != producer->producer_name()) continue;
    if (by_name) return nullptr;  // ambiguous: two arguments with this name
    by_name = b;
  }
  return by_name;
}

void PassContext::ReportError(std::string message) const {
  errors_->emplace_back(std::move(message));
}

}  // namespace tessera::transform
