#include "Execution.h"


#include "CliCommon.h"
#include "arith/Analyzer.h"
#include "codegen/LLVMBackend.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "schedule/ScheduleOps.h"
#include "transform/LayoutArguments.h"

namespace tessera::cli {

namespace {

constexpr int64_t kDefaultShapeValue = 64;

bool IsOutput(const script::ScriptProgram& program, const te::Tensor& t) {
  for (const te::Operation& op : program.schedule->outputs)
    if (op == t.op()) return true;
  return false;
}

}  // namespace

std::optional<transform::LoweredProgram> LowerProgram(const script::ScriptProgram& program,
                                                      const std::string& target, std::ostream& err) {
  auto stmt = schedule::Lower(*program.schedule);
  if (!stmt) {
    err << program.file << ": error: " << stmt.error().message << "\n";
    return std::nullopt;
  }
  std::vector<ir::DataProducer> producers;
  for (const te::Tensor& t : program.Arguments()) producers.push_back(t.producer());
  transform::PassContext ctx;
  ctx.target = target;
  // Arguments with a layout transform are passed in their physical layout (RFC 0077).
  transform::AddLayoutArgBuffers(*program.schedule, producers, &ctx);
  auto lowered = transform::LowerToPrimFunc(*stmt, producers, "main", ctx);
  if (!lowered) {
    err << program.file << ": error: " << lowered.error().message << "\n";
    return std::nullopt;
  }
  return std::move(lowered.value());
}

std::optional<std::string> ParseVarValues(const std::vector<std::string>& specs,
                                          std::map<std::string, int64_t>* values) {
  for (const std::string& spec : specs) {
    size_t eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
      return "--var expects NAME=VALUE, got '" + spec + "'";
    auto v = ParseInteger(spec.substr(eq + 1));
    if (!v) return "--var expects an integer value, got '" + spec + "'";
    (*values)[spec.substr(0, eq)] = *v;
  }
  return std::nullopt;
}

Result<KernelArguments> MakeArguments(const script::ScriptProgram& program,
                                      const transform::PrimFunc& func,
                                      const std::map<std::string, int64_t>& var_values,
                                      uint64_t seed) {
  KernelArguments out;
  ir::VarMap substitution;
  for (const ir::Var& v : func.scalar_params()) {
    auto it = var_values.find(v.name());
    int64_t value = it != var_values.end() ? it->second : kDefaultShapeValue;
    if (it == var_values.end()) out.defaulted.push_back(v.name());
    out.scalars[v.name()] = value;
    substitution[v] = ir::make_const(v.dtype(), value);
  }
  std::vector<te::Tensor> tensors = program.Arguments();
  std::vector<ir::Buffer> buffers = func.buffer_params();
  arith::Analyzer analyzer;
  for (size_t i = 0; i < buffers.size(); ++i) {
    std::vector<int64_t> shape;
    for (const ir::Expr& dim : buffers[i]->shape) {
      ir::Expr value = analyzer.Simplify(ir::Substitute(dim, substitution));
      const int64_t* c = ir::as_const_int(value);
      if (!c) return Error("the shape of '" + buffers[i]->name + "' is not a constant (" +
                           ir::to_string(dim) + "); give its variables with --var NAME=VALUE");
      shape.push_back(*c);
    }
    auto array = runtime::NDArray::Empty(shape, buffers[i]->dtype);
    if (!array) return Error("cannot allocate '" + buffers[i]->name + "': " + array.error().message);
    bool output = i < tensors.size() && IsOutput(program, tensors[i]);
    if (!output) array->FillRandom(seed + i);
    out.buffers.push_back(*array);
    out.is_output.push_back(output);
  }
  return out;
}

std::optional<runtime::CompiledFunction> BuildKernel(const transform::PrimFunc& func,
                                                     const std::string& target, std::ostream& err,
                                                     int* exit_code) {
  if (target == "cuda") {
    err << "tessera-cli: not available: the CUDA backend is not built yet.\n";
    *exit_code = kUnavailable;
    return std::nullopt;
  }
  if (!codegen::LLVMAvailable()) {
    err << "tessera-cli: not available: this build has no LLVM backend ("
        << codegen::LLVMTargetDescription() << ").\n";
    *exit_code = kUnavailable;
    return std::nullopt;
  }
  auto kernel = codegen::BuildLLVM(func);
  if (!kernel) {
    err << "tessera-cli: error: compiling for llvm failed: " << kernel.error().message << "\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  return std::move(kernel.value());
}

KernelArguments FreshOutputs(const KernelArguments& args) {
  KernelArguments copy = args;
  for (size_t i = 0; i < copy.buffers.size(); ++i) {
    if (!copy.is_output[i]) continue;
    copy.buffers[i] = copy.buffers[i].Clone();
    copy.buffers[i].Fill(0.0);
  }
  return copy;
}

}  // namespace tessera::cli
