#include "Execution.h"

#include <chrono>


#include "CliCommon.h"
#include "arith/Analyzer.h"
#include "codegen/LLVMBackend.h"
#include "runtime/ArgBinder.h"
#include "runtime/Interpreter.h"
#include "runtime/cuda/CudaDriver.h"
#include "runtime/cuda/CudaModule.h"
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

// An input with a pad value is assumed to hold it in its padding cells (RFC 0077 §1.3):
// random inputs get their padding written as a caller would.
Status FillInputPadding(const script::ScriptProgram& program, const te::Tensor& t, const runtime::NDArray& array,
                        const std::map<std::string, int64_t>& scalars) {
  for (const schedule::Stage& s : program.schedule->stages) {
    for (const layout::PhysicalTensor& p : schedule::PhysicalTensorsOf(*s)) {
      if (p->producer_name() != t.name() || !p->pad.has_value()) continue;
      auto fill = transform::MakePaddingFill(p);
      if (!fill) return fill.error();
      runtime::ScalarArgs args;
      for (const ir::Var& v : fill->scalar_params())
        if (auto it = scalars.find(v.name()); it != scalars.end()) args[v.name()] = it->second;
      return runtime::Interpret(*fill, {array}, args);
    }
  }
  return Status::Ok();
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
    if (!output && i < tensors.size()) {
      if (Status st = FillInputPadding(program, tensors[i], *array, out.scalars); !st)
        return Error("cannot fill the padding of '" + buffers[i]->name + "': " + st.error().message);
    }
    out.buffers.push_back(*array);
    out.is_output.push_back(output);
  }
  return out;
}

namespace {

double MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

std::optional<Kernel> BuildCpuKernel(const transform::PrimFunc& func, std::ostream& err,
                                     int* exit_code) {
  if (!codegen::LLVMAvailable()) {
    err << "tessera-cli: not available: this build has no LLVM backend ("
        << codegen::LLVMTargetDescription() << ").\n";
    *exit_code = kUnavailable;
    return std::nullopt;
  }
  auto built = codegen::BuildLLVM(func);
  if (!built) {
    err << "tessera-cli: error: compiling for llvm failed: " << built.error().message << "\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  auto compiled = std::make_shared<runtime::CompiledFunction>(std::move(built.value()));
  Kernel k;
  k.target = compiled->target;
  k.compile_ms = compiled->stats.total_ms();
  k.call = [compiled](const KernelArguments& a) { return compiled->Call(a.buffers, a.scalars); };
  k.time = [compiled](const KernelArguments& a, int repeat) -> Result<std::vector<double>> {
    auto bound = runtime::BindArguments(compiled->signature(), a.buffers, a.scalars);
    if (!bound) return bound.error();
    std::vector<double> times;
    for (int i = 0; i <= repeat; ++i) {
      auto start = std::chrono::steady_clock::now();
      if (Status st = compiled->CallBound(*bound); !st) return st.error();
      if (i > 0) times.push_back(MillisecondsSince(start));  // call 0 warms up
    }
    return times;
  };
  return k;
}

std::optional<Kernel> BuildGpuKernel(const transform::LoweredProgram& lowered, std::ostream& err,
                                     int* exit_code) {
  std::string why;
  if (!runtime::CudaAvailable(&why)) {
    err << "tessera-cli: not available: no CUDA GPU here (" << why << ").\n";
    *exit_code = kUnavailable;
    return std::nullopt;
  }
  auto built = runtime::BuildCUDA(lowered, runtime::CudaOptionsForDevice());
  if (!built) {
    err << "tessera-cli: error: compiling for cuda failed: " << built.error().message << "\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  auto module = std::make_shared<runtime::CudaModule>(std::move(built.value()));
  Kernel k;
  k.target = "CUDA " + module->arch();
  k.compile_ms = module->compile_ms();
  k.call = [module](const KernelArguments& a) { return module->Call(a.buffers, a.scalars); };
  k.time = [module](const KernelArguments& a, int repeat) -> Result<std::vector<double>> {
    runtime::CudaRunOptions options;
    options.repeat = repeat;
    auto r = runtime::RunCUDA(*module, a.buffers, a.scalars, options);
    if (!r) return r.error();
    return r->times_ms;
  };
  return k;
}

}  // namespace

std::optional<Kernel> BuildKernel(const transform::LoweredProgram& lowered,
                                  const std::string& target, std::ostream& err, int* exit_code) {
  if (target == "cuda") return BuildGpuKernel(lowered, err, exit_code);
  return BuildCpuKernel(lowered.func, err, exit_code);
}

}  // namespace tessera::cli
