#include "tune/Fingerprint.h"

#include <cstdio>
#include <set>
#include <sstream>

#include "ir/Printer.h"
#include "te/Operation.h"

namespace tessera::tune {

namespace {

// Every operation `outputs` read, producers first (depth-first post-order from the
// outputs, so the order depends only on the program, not on pointer values).
void CollectOps(const te::Operation& op, std::set<const te::OperationNode*>* seen,
                std::vector<te::Operation>* order) {
  if (!seen->insert(op.get()).second) return;
  for (const te::Tensor& input : op->InputTensors()) CollectOps(input.op(), seen, order);
  order->push_back(op);
}

std::string ShapeText(const std::vector<ir::Expr>& shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + ir::to_string(shape[i]);
  return text + ")";
}

std::string IterVarsText(const std::vector<ir::IterVar>& vars) {
  std::string text = "[";
  for (size_t i = 0; i < vars.size(); ++i)
    text += (i ? ", " : "") + vars[i]->var.name() + ":" + ir::to_string(vars[i]->dom);
  return text + "]";
}

std::string OperationText(const te::Operation& op) {
  std::ostringstream line;
  line << te::op_kind_name(op->kind()) << " " << op->name;
  for (int v = 0; v < op->num_outputs(); ++v)
    line << " " << ShapeText(op->output_shape(v)) << ":" << op->output_dtype(v).str();
  if (auto compute = std::dynamic_pointer_cast<const te::ComputeOpNode>(op)) {
    line << " axis=" << IterVarsText(compute->axis)
         << " reduce=" << IterVarsText(compute->reduce_axis) << " body=";
    for (const ir::Expr& e : compute->body) line << ir::to_string(e) << ";";
  }
  return line.str();
}

}  // namespace

std::string HashText(const std::string& text) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

WorkloadFingerprint FingerprintWorkload(const std::vector<te::Operation>& outputs,
                                        const std::map<std::string, int64_t>& shape_vars,
                                        BlockedArguments blocked) {
  std::set<const te::OperationNode*> seen;
  std::vector<te::Operation> order;
  for (const te::Operation& op : outputs) CollectOps(op, &seen, &order);
  WorkloadFingerprint fp;
  for (const te::Operation& op : order) fp.canonical += OperationText(op) + "\n";
  for (const auto& [name, value] : shape_vars)
    fp.canonical += "var " + name + "=" + std::to_string(value) + "\n";
  // The layout is named: a record of another blocked layout takes other arguments.
  if (blocked.inputs) fp.canonical += "inputs handed in blocked layouts (nChw8c)\n";
  if (blocked.outputs) fp.canonical += "outputs written in blocked layouts (nChw8c)\n";
  if (blocked.any() && blocked.block > 0)
    fp.canonical += "in blocks of " + std::to_string(blocked.block) + " channels\n";
  for (size_t i = 0; i < outputs.size(); ++i) fp.name += (i ? "+" : "") + outputs[i]->name;
  fp.hash = HashText(fp.canonical);
  return fp;
}

}  // namespace tessera::tune
