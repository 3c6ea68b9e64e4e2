#include "Execution.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <utility>

#include "CliCommon.h"
#include "codegen/LoweringContext.h"
#include "runtime/ArgBinder.h"
#include "runtime/KernelArguments.h"
#include "runtime/LLVMModule.h"
#include "runtime/cuda/CudaDriver.h"
#include "runtime/cuda/CudaModule.h"
#include "transform/LowerSchedule.h"

namespace tessera::cli {

namespace {

constexpr int64_t kDefaultShapeValue = 64;

}  // namespace

std::optional<transform::LoweredProgram> LowerProgram(const script::ScriptProgram& program,
                                                      const std::string& target, std::ostream& err,
                                                      bool partition_guards) {
  transform::PassContext ctx = codegen::LoweringContext(target);
  ctx.partition_guards = partition_guards;
  auto lowered = transform::LowerSchedule(*program.schedule, program.Arguments(), std::move(ctx),
                                          "main", program.ScalarParameters());
  if (!lowered) {
    Error e = program.LocateLoweringError(lowered.error());
    if (e.loc.line > 0)
      err << e.format() << "\n";
    else
      err << program.file << ": error: " << e.message << "\n";
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

std::optional<std::string> ParseScalarValues(const std::vector<std::string>& specs,
                                             runtime::ScalarArgs* values) {
  for (const std::string& spec : specs) {
    size_t eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
      return "--scalar expects NAME=VALUE, got '" + spec + "'";
    std::string name = spec.substr(0, eq), text = spec.substr(eq + 1);
    if (auto i = ParseInteger(text)) {
      (*values)[name] = *i;
    } else if (text == "True" || text == "true" || text == "False" || text == "false") {
      (*values)[name] = int64_t{text[0] == 'T' || text[0] == 't'};
    } else {
      char* end = nullptr;
      double d = std::strtod(text.c_str(), &end);
      if (end != text.c_str() + text.size() || !std::isfinite(d) ||
          std::isspace(static_cast<unsigned char>(text[0])))
        return "--scalar expects a number (an integer, a float such as 2.5, or True/False), got '" +
               spec + "'";
      (*values)[name] = d;
    }
  }
  return std::nullopt;
}

std::optional<std::string> CheckScalarNames(const std::string& kernel,
                                            const std::vector<std::string>& parameters,
                                            const runtime::ScalarArgs& given) {
  std::string names;
  for (const std::string& p : parameters) names += (names.empty() ? "" : ", ") + p;
  for (const auto& [name, value] : given) {
    if (std::find(parameters.begin(), parameters.end(), name) != parameters.end()) continue;
    return "--scalar " + name + "=" + value.str() + ": the kernel " + kernel +
           " has no scalar parameter '" + name + "' (" +
           (names.empty() ? std::string("it has none") : "it has " + names) + ")";
  }
  return std::nullopt;
}

std::optional<std::string> CheckScalarNames(const transform::PrimFunc& func,
                                            const runtime::ScalarArgs& given) {
  std::vector<std::string> parameters;
  for (const ir::Var& v : func.scalar_params()) parameters.push_back(v.name());
  return CheckScalarNames(func.name, parameters, given);
}

Result<std::map<std::string, int64_t>> IntegerScalars(const runtime::ScalarArgs& values) {
  std::map<std::string, int64_t> out;
  for (const auto& [name, value] : values) {
    if (!value.is_integral()) return Error(name + " = " + value.str() + " is not an integer");
    out[name] = value.as_int();
  }
  return out;
}

std::map<std::string, int64_t> KernelArguments::IntegerValues() const {
  return runtime::IntegerValues(scalars.values);
}

void PrintScalarNotes(const runtime::ScalarBinding& a, std::ostream& out) {
  auto defaulted = [&](const std::string& name) {
    return std::find(a.defaulted.begin(), a.defaulted.end(), name) != a.defaulted.end();
  };
  for (const std::string& v : a.defaulted) {
    bool plain = false;
    for (const auto& [name, type] : a.plain) plain |= name == v;
    if (!plain)
      out << "note: shape variable " << v << " = " << a.values.at(v) << " (use --var " << v
          << "=N)\n";
  }
  for (const auto& [name, type] : a.plain)
    out << "scalar " << name << " = " << a.values.at(name) << " (" << type
        << (defaulted(name) ? ", default; use --scalar " + name + "=VALUE" : std::string())
        << ")\n";
}

Result<KernelArguments> MakeArguments(const script::ScriptProgram& program,
                                      const transform::PrimFunc& func,
                                      const runtime::ScalarArgs& var_values, uint64_t seed) {
  KernelArguments out;
  auto scalars = runtime::BindScalarParameters(func, var_values, kDefaultShapeValue);
  if (!scalars) return scalars.error();
  out.scalars = std::move(*scalars);
  const std::vector<te::Tensor> tensors = program.Arguments();
  auto arrays =
      runtime::MakeKernelArguments(*program.schedule, tensors, func, out.scalars.values, seed);
  if (!arrays) return arrays.error();
  out.buffers = std::move(arrays.value());
  for (const te::Tensor& t : tensors)
    out.is_output.push_back(runtime::IsScheduleOutput(*program.schedule, t));
  return out;
}

namespace {

double MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

std::optional<Kernel> BuildCpuKernel(const transform::PrimFunc& func, std::ostream& err,
                                     int* exit_code) {
  if (!codegen::LLVMAvailable()) {
    err << "tessera-cli: not available: this build has no LLVM backend ("
        << codegen::LLVMTargetDescription() << ").\n";
    *exit_code = kUnavailable;
    return std::nullopt;
  }
  auto built = runtime::BuildLLVM(func);
  if (!built) {
    err << "tessera-cli: error: compiling for llvm failed: " << built.error().message << "\n";
    *exit_code = kBadInput;
    return std::nullopt;
  }
  auto compiled = std::make_shared<runtime::CompiledFunction>(std::move(built.value()));
  Kernel k;
  k.target = compiled->target;
  k.compile_ms = compiled->stats.total_ms();
  k.call = [compiled](const KernelArguments& a) {
    return compiled->Call(a.buffers, a.scalars.values);
  };
  k.time = [compiled](const KernelArguments& a, int repeat) -> Result<std::vector<double>> {
    auto bound = runtime::BindArguments(compiled->signature(), a.buffers, a.scalars.values);
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
  k.call = [module](const KernelArguments& a) { return module->Call(a.buffers, a.scalars.values); };
  k.time = [module](const KernelArguments& a, int repeat) -> Result<std::vector<double>> {
    runtime::CudaRunOptions options;
    options.repeat = repeat;
    auto r = runtime::RunCUDA(*module, a.buffers, a.scalars.values, options);
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
