#include "TesseraKernel.h"

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "codegen/LoweringContext.h"
#include "ir/ExprOp.h"
#include "runtime/LLVMModule.h"
#include "schedule/ScheduleOps.h"
#include "script/Evaluator.h"
#include "transform/LayoutArguments.h"
#include "transform/Pipeline.h"

namespace tessera::bench {

namespace {

Result<transform::PrimFunc> Lower(const script::ScriptProgram& program) {
  auto stmt = schedule::Lower(*program.schedule);
  if (!stmt) return stmt.error();
  std::vector<ir::DataProducer> producers;
  for (const te::Tensor& t : program.Arguments()) producers.push_back(t.producer());
  transform::PassContext ctx = codegen::LoweringContext("llvm");
  transform::AddLayoutArgBuffers(*program.schedule, producers, &ctx);
  auto lowered = transform::LowerToPrimFunc(*stmt, producers, "main", ctx);
  if (!lowered) return lowered.error();
  return std::move(lowered->func);
}

std::string ExamplePath(const std::string& name) {
  return std::string(TESSERA_SOURCE_DIR) + "/resources/examples/" + name + ".py";
}

// A path relative to the source tree, or absolute.
std::string SourcePath(const std::string& path) {
  return !path.empty() && path[0] == '/' ? path : std::string(TESSERA_SOURCE_DIR) + "/" + path;
}

// The script at `path` with each top-level `X = <integer>` line whose X is in `sizes`
// given the new value.
Result<std::string> ScriptSource(const std::string& path,
                                 const std::map<std::string, int64_t>& sizes) {
  std::ifstream in(path);
  if (!in) return Error("cannot open " + path);
  std::stringstream text;
  text << in.rdbuf();
  std::string source = text.str();
  for (const auto& [var, value] : sizes) {
    std::regex line("(^|\n)" + var + " = [0-9]+(\n)");
    if (!std::regex_search(source, line))
      return Error(path + " has no line '" + var + " = <integer>' to set the size");
    source = std::regex_replace(source, line, "$1" + var + " = " + std::to_string(value) + "$2");
  }
  return source;
}

Result<transform::PrimFunc> LowerScript(const std::string& path,
                                        const std::map<std::string, int64_t>& sizes) {
  auto source = ScriptSource(path, sizes);
  if (!source) return source.error();
  std::string file = path.substr(path.find_last_of('/') + 1);
  auto program = script::EvaluateScript(*source, file);
  if (!program) return Error(program.error().format());
  if (!program->schedule) return Error(file + " creates no schedule");
  return Lower(*program);
}

}  // namespace

runtime::NDArray TesseraKernel::Array(const std::string& name) const {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return arrays[i];
  return runtime::NDArray();
}

Result<std::string> ExampleSource(const std::string& name,
                                  const std::map<std::string, int64_t>& sizes) {
  return ScriptSource(ExamplePath(name), sizes);
}

Result<TesseraKernel> CompileScript(const std::string& path,
                                    const std::map<std::string, int64_t>& sizes) {
  auto func = LowerScript(SourcePath(path), sizes);
  if (!func) return func.error();
  auto built = runtime::BuildLLVM(*func);
  if (!built) return built.error();
  TesseraKernel k;
  k.function = std::make_shared<runtime::CompiledFunction>(std::move(built.value()));
  k.compile_ms = k.function->stats.total_ms();
  for (const ir::Buffer& b : func->buffer_params()) {
    std::vector<int64_t> shape;
    for (const ir::Expr& dim : b->shape) {
      const int64_t* c = ir::as_const_int(dim);
      if (!c) return Error(path + ": the shape of " + b->name + " is not a constant");
      shape.push_back(*c);
    }
    auto array = runtime::NDArray::Empty(shape, b->dtype);
    if (!array) return array.error();
    k.names.push_back(b->name);
    k.arrays.push_back(*array);
  }
  auto bound = runtime::BindArguments(k.function->signature(), k.arrays, {});
  if (!bound) return bound.error();
  k.bound = std::move(*bound);
  return k;
}

Result<TesseraKernel> CompileExample(const std::string& name,
                                     const std::map<std::string, int64_t>& sizes) {
  return CompileScript(ExamplePath(name), sizes);
}

Result<double> MedianCompileMs(const std::string& name, const std::map<std::string, int64_t>& sizes,
                               int runs) {
  auto func = LowerScript(ExamplePath(name), sizes);
  if (!func) return func.error();
  codegen::LLVMOptions options;
  options.keep_llvm_ir = false;  // what is timed is compilation, not printing
  std::vector<double> times;
  for (int i = 0; i < std::max(runs, 1); ++i) {
    auto built = runtime::BuildLLVM(*func, options);
    if (!built) return built.error();
    times.push_back(built->stats.total_ms());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace tessera::bench
