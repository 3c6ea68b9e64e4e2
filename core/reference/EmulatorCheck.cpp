#include "reference/EmulatorCheck.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>
#include <sstream>

#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/CudaLowering.h"
#include "ir/Functor.h"
#include "reference/Compare.h"
#include "runtime/KernelArguments.h"
#include "runtime/cuda/Emulator.h"

namespace tessera::reference {

using namespace runtime;

namespace {

// A fresh directory for the emulated kernels' sources and libraries, removed after.
class ScratchDirectory {
 public:
  ScratchDirectory() {
    std::error_code ec;
    std::string pattern =
        (std::filesystem::temp_directory_path(ec) / "tessera-emulator-XXXXXX").string();
    if (char* made = mkdtemp(pattern.data())) path_ = made;
  }
  ~ScratchDirectory() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The loops of a kernel that read or write one of its shared buffers: "loop k.inner
// reads A.shared" (and the loop variables). Where a race shows, these are the places a
// barrier must separate.
void SharedAccessLoops(const codegen::CudaKernel& kernel, EmulatorFinding& f) {
  std::set<std::string> shared;
  for (const codegen::SharedAllocation& s : kernel.shared) shared.insert(s.name);
  std::vector<std::string> loops;
  auto note = [&](const std::string& what, const std::string& buffer) {
    if (!shared.count(buffer)) return;
    std::string where = loops.empty() ? "the kernel body" : "loop " + loops.back();
    std::string line = where + " " + what + " " + buffer;
    if (std::find(f.places.begin(), f.places.end(), line) != f.places.end()) return;
    f.places.push_back(line);
    if (!loops.empty() && std::find(f.loops.begin(), f.loops.end(), loops.back()) == f.loops.end())
      f.loops.push_back(loops.back());
  };
  std::function<void(const ir::Stmt&)> walk = [&](const ir::Stmt& s) {
    if (!s.defined()) return;
    auto reads = [&](const ir::Expr& e) {
      if (!e.defined()) return;
      ir::PostOrderVisit(e, [&](const ir::Expr& x) {
        if (auto* l = x.as<ir::BufferLoadNode>()) note("reads", l->buffer->name);
      });
    };
    switch (s.kind()) {
      case ir::StmtKind::For: {
        auto* loop = s.as<ir::ForNode>();
        loops.push_back(loop->loop_var.name());
        walk(loop->body);
        loops.pop_back();
        return;
      }
      case ir::StmtKind::BufferStore: {
        auto* b = s.as<ir::BufferStoreNode>();
        reads(b->value);
        note("writes", b->buffer->name);
        return;
      }
      case ir::StmtKind::SeqStmt:
        for (const ir::Stmt& c : s.as<ir::SeqStmtNode>()->seq) walk(c);
        return;
      case ir::StmtKind::IfThenElse:
        reads(s.as<ir::IfThenElseNode>()->condition);
        walk(s.as<ir::IfThenElseNode>()->then_case);
        walk(s.as<ir::IfThenElseNode>()->else_case);
        return;
      case ir::StmtKind::LetStmt:
        reads(s.as<ir::LetStmtNode>()->value);
        walk(s.as<ir::LetStmtNode>()->body);
        return;
      case ir::StmtKind::Allocate:
        walk(s.as<ir::AllocateNode>()->body);
        return;
      case ir::StmtKind::AttrStmt:
        walk(s.as<ir::AttrStmtNode>()->body);
        return;
      case ir::StmtKind::AssertStmt:
        walk(s.as<ir::AssertStmtNode>()->body);
        return;
      case ir::StmtKind::Evaluate:
        reads(s.as<ir::EvaluateNode>()->value);
        return;
      default:
        return;
    }
  };
  walk(kernel.body);
}

// The lines of the kernel in the CUDA source: its signature (the first), then those
// that touch its shared buffers ("CUDA line 14: A_shared[...] = ...;").
void KernelLines(const std::string& source, const codegen::CudaKernel& kernel, EmulatorFinding& f,
                 std::vector<std::string>* printed) {
  std::istringstream in(source);
  std::string line;
  bool inside = false;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!inside) {
      inside = line.find(" " + kernel.name + "(") != std::string::npos;
      if (inside) f.lines.push_back(number);
      continue;
    }
    if (!line.empty() && line[0] == '}') break;
    for (const codegen::SharedAllocation& s : kernel.shared) {
      std::string identifier = s.name;  // CUDA names have '_' where the IR has '.'
      std::replace(identifier.begin(), identifier.end(), '.', '_');
      if (line.find(s.name + "[") == std::string::npos &&
          line.find(identifier + "[") == std::string::npos)
        continue;
      size_t first = line.find_first_not_of(' ');
      f.lines.push_back(number);
      if (printed)
        printed->push_back("CUDA line " + std::to_string(number) + ": " +
                           line.substr(first == std::string::npos ? 0 : first));
      break;
    }
  }
}

std::vector<NDArray> Clones(const std::vector<NDArray>& arrays) {
  std::vector<NDArray> out;
  for (const NDArray& a : arrays) out.push_back(a.Clone());
  return out;
}

// The outputs (by parameter name) where `a` and `b` differ.
std::vector<std::string> Differing(const std::vector<NDArray>& a, const std::vector<NDArray>& b,
                                   const std::vector<bool>& is_output,
                                   const transform::PrimFunc& func) {
  std::vector<std::string> out;
  auto params = func.buffer_params();
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (i < is_output.size() && !is_output[i]) continue;
    if (!Compare(a[i], b[i], Tolerance{0, 0}).ok())
      out.push_back(i < params.size() ? params[i]->name : "#" + std::to_string(i));
  }
  return out;
}

// Sets every byte of the outputs to `byte` (what a sampled run leaves unwritten keeps it).
void FillOutputs(std::vector<NDArray>& arrays, const std::vector<bool>& is_output,
                 unsigned char byte) {
  for (size_t i = 0; i < arrays.size() && i < is_output.size(); ++i)
    if (is_output[i]) std::memset(arrays[i].data(), byte, static_cast<size_t>(arrays[i].bytes()));
}

bool AnyTransformedLayout(const schedule::Schedule& sch, const std::vector<te::Tensor>& args) {
  for (const te::Tensor& t : args)
    if (ArgumentLayout(sch, t)) return true;
  return false;
}

// The oracle check of a sampled run: `ones` and `zeros` are the outputs of the same blocks
// on outputs filled with 0xFF and 0x00 bytes. An element whose bytes agree was written by
// them and is compared with the oracle; the others take the oracle's value. The rule is
// the CPU check's (CheckAgainstReference): an output that differs is compared again with
// the allowance for a float sum added up in another order, as a parallel reduction does.
Result<std::vector<OutputCheck>> CheckWrittenElements(
    const schedule::Schedule& sch, const std::vector<te::Tensor>& args,
    const std::vector<NDArray>& ones, const std::vector<NDArray>& zeros,
    const std::vector<bool>& is_output, const ScalarArgs& scalars, std::vector<int64_t>* written) {
  TensorArrays inputs;
  std::vector<te::Tensor> outputs;
  std::vector<size_t> at;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i]->op->kind() == te::OpKind::Placeholder)
      inputs[args[i].get()] = ones[i];
    else if (is_output[i]) {
      outputs.push_back(args[i]);
      at.push_back(i);
    }
  }
  auto expected = EvaluateReference(outputs, inputs, scalars);
  if (!expected) return expected.error();
  std::vector<OutputCheck> checks;
  std::vector<NDArray> merged_args = ones;
  bool all_equal = true;
  for (size_t k = 0; k < outputs.size(); ++k) {
    const NDArray& a = ones[at[k]];
    const NDArray& b = zeros[at[k]];
    NDArray merged = (*expected)[k].Clone();
    if (merged.bytes() != a.bytes())
      return Error(outputs[k].name() + ": the kernel's array and the oracle's differ in size");
    const size_t size = static_cast<size_t>(a.element_bytes());
    auto* pa = static_cast<const unsigned char*>(a.data());
    auto* pb = static_cast<const unsigned char*>(b.data());
    auto* pm = static_cast<unsigned char*>(merged.data());
    int64_t count = 0;
    for (int64_t e = 0; e < a.numel(); ++e) {
      const size_t off = static_cast<size_t>(e) * size;
      if (std::memcmp(pa + off, pb + off, size) != 0) continue;
      std::memcpy(pm + off, pa + off, size);
      ++count;
    }
    written->push_back(count);
    checks.push_back(OutputCheck{outputs[k].name(), Compare(merged, (*expected)[k])});
    all_equal &= checks.back().result.ok();
    merged_args[at[k]] = merged;
  }
  if (all_equal) return checks;
  auto again = CheckAgainstReference(sch, args, merged_args, scalars);
  if (!again) return again.error();
  for (OutputCheck& c : checks)
    for (const OutputCheck& a : *again)
      if (a.tensor == c.tensor) c.result = a.result;
  return checks;
}

}  // namespace

Result<EmulatorReport> CheckOnEmulator(const schedule::Schedule& sch,
                                       const std::vector<te::Tensor>& args,
                                       const transform::LoweredProgram& lowered,
                                       const ScalarArgs& scalars,
                                       const EmulatorCheckOptions& options) {
  codegen::CudaOptions cuda_options;
  auto cuda = codegen::LowerForCUDA(lowered, cuda_options);
  if (!cuda) return cuda.error();
  if (EmulatedCudaModule::Compiler().empty())
    return Error("the GPU emulator needs a C++ compiler (c++, g++ or clang++) on PATH");
  ScratchDirectory scratch;
  if (scratch.path().empty()) return Error("cannot create a temporary directory for the emulator");
  EmulatorReport report;
  auto edit = [&](std::string source) {
    if (options.edit) source = options.edit(std::move(source));
    report.cuda_source = source;
    return source;
  };
  auto module = EmulatedCudaModule::Build(cuda->program, scratch.path(), edit);
  if (!module) return module.error();
  // The loop lines of the source as generated; an edit that adds or removes lines
  // (tests) leaves them approximate.
  if (auto generated = codegen::CodeGenCUDA(cuda->program, &report.lines); !generated)
    report.lines = {};
  auto arrays = MakeKernelArguments(sch, args, lowered.func, scalars, options.seed);
  if (!arrays) return arrays.error();
  std::vector<NDArray> buffers = std::move(arrays.value());
  std::vector<bool> is_output;
  for (const te::Tensor& t : args) is_output.push_back(IsScheduleOutput(sch, t));

  EmulatedCudaModule& m = **module;
  m.guard_bytes = options.guard_bytes;
  const bool may_sample = cuda->program.kernels.size() == 1 && !AnyTransformedLayout(sch, args);
  m.max_blocks = may_sample ? options.max_blocks : 0;
  if (m.max_blocks > 0) FillOutputs(buffers, is_output, 0xFF);
  const std::vector<NDArray> inputs = Clones(buffers);
  Status ran = m.Call(buffers, scalars, cuda_options);
  report.function = lowered.func.name;
  report.kernels = cuda->program.kernels.size();
  report.launches = m.launches;
  report.blocks_run = m.blocks_run;
  report.blocks_in_grids = m.blocks_in_grids;
  std::ostringstream out;
  out << report.function << " on the GPU emulator: " << report.kernels
      << (report.kernels == 1 ? " kernel, " : " kernels, ") << m.launches
      << (m.launches == 1 ? " launch\n" : " launches\n");
  if (report.sampled())
    out << "sampled " << report.blocks_run << " of " << report.blocks_in_grids
        << " blocks (evenly spread, the first and the last included)\n";
  if (!ran) {
    report.run_error = ran.error().message;
    EmulatorFinding f{"launch", "", ran.error().message, {}, {}, {}};
    for (const codegen::CudaKernel& k : cuda->program.kernels)
      if (f.kernel.empty() && ran.error().message.find(k.name) != std::string::npos) {
        f.kernel = k.name;
        SharedAccessLoops(k, f);
        KernelLines(report.cuda_source, k, f, nullptr);
      }
    report.findings.push_back(std::move(f));
    report.text = out.str();
    return report;
  }
  report.ran = true;
  if (!options.check) {
    report.text = out.str();
    return report;
  }
  std::vector<int64_t> written;  // per output, when sampled
  auto checks = [&]() -> Result<std::vector<OutputCheck>> {
    if (!report.sampled()) return CheckAgainstReference(sch, args, buffers, scalars);
    std::vector<NDArray> zeros = Clones(inputs);
    FillOutputs(zeros, is_output, 0x00);
    if (Status again = m.Call(zeros, scalars, cuda_options); !again)
      return Error("the sampled blocks ran once and then failed: " + again.error().message);
    return CheckWrittenElements(sch, args, buffers, zeros, is_output, scalars, &written);
  }();
  if (!checks) return Error("the reference check failed: " + checks.error().message);
  out << "check against the reference (te oracle"
      << (report.sampled() ? ", the elements the sampled blocks wrote" : "") << "):\n";
  for (size_t i = 0; i < checks->size(); ++i) {
    const OutputCheck& c = (*checks)[i];
    out << "  " << c.tensor << ": " << c.result.str();
    if (i < written.size()) out << " (" << written[i] << " elements written)";
    out << "\n";
    if (i < written.size() && written[i] == 0)
      report.findings.push_back({"mismatch",
                                 "",
                                 c.tensor + ": the sampled blocks wrote none of its elements",
                                 {},
                                 {},
                                 {}});
    if (!c.result.ok())
      report.findings.push_back({"mismatch", "", c.tensor + ": " + c.result.str(), {}, {}, {}});
  }
  // Races: each kernel again with its warps in the other order between barriers.
  out << "race check (warps in the other order between barriers, one kernel at a time):\n";
  for (size_t k = 0; k < report.kernels; ++k) {
    std::vector<NDArray> again = Clones(inputs);
    m.reverse_warp_order = true;
    m.reverse_only_kernel = static_cast<int>(k);
    Status second = m.Call(again, scalars, cuda_options);
    m.reverse_warp_order = false;
    const codegen::CudaKernel& kernel = cuda->program.kernels[k];
    if (!second) {
      out << "  " << kernel.name << ": " << second.error().message << "\n";
      EmulatorFinding f{"launch", kernel.name, second.error().message, {}, {}, {}};
      SharedAccessLoops(kernel, f);
      KernelLines(report.cuda_source, kernel, f, nullptr);
      report.findings.push_back(std::move(f));
      continue;
    }
    std::vector<std::string> differ = Differing(again, buffers, is_output, lowered.func);
    if (differ.empty()) {
      out << "  " << kernel.name << ": no race seen\n";
      continue;
    }
    std::string outputs;
    for (size_t i = 0; i < differ.size(); ++i) outputs += (i ? ", " : "") + differ[i];
    EmulatorFinding f{"race",
                      kernel.name,
                      "race: " + outputs + " change" + (differ.size() == 1 ? "s" : "") +
                          " with the order of the warps (a missing barrier)",
                      {},
                      {},
                      {}};
    out << "  " << kernel.name << ": " << f.message << "\n";
    SharedAccessLoops(kernel, f);
    for (const std::string& where : f.places) out << "    " << where << "\n";
    std::vector<std::string> printed;
    KernelLines(report.cuda_source, kernel, f, &printed);
    for (const std::string& line : printed) out << "    " << line << "\n";
    report.findings.push_back(std::move(f));
  }
  report.text = out.str();
  return report;
}

}  // namespace tessera::reference
