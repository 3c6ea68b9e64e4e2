#include "reference/EmulatorRun.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <set>
#include <sstream>

#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/CudaLowering.h"
#include "ir/Functor.h"
#include "reference/Compare.h"
#include "runtime/cuda/Emulator.h"

namespace tessera::reference {

using runtime::EmulatedCudaModule;
using runtime::NDArray;

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

// The outputs (by parameter name) where `a` and `b` differ bit for bit.
std::vector<std::string> Differing(const std::vector<NDArray>& a, const std::vector<NDArray>& b,
                                   const EmulatorArrays& arrays) {
  std::vector<std::string> out;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (i < arrays.is_output.size() && !arrays.is_output[i]) continue;
    if (!Compare(a[i], b[i], Tolerance{0, 0}).ok())
      out.push_back(i < arrays.names.size() ? arrays.names[i] : "#" + std::to_string(i));
  }
  return out;
}

// Sets every byte of the outputs to `byte` (what a sampled run leaves unwritten keeps it).
void FillOutputs(std::vector<NDArray>& arrays, const std::vector<bool>& is_output,
                 unsigned char byte) {
  for (size_t i = 0; i < arrays.size() && i < is_output.size(); ++i)
    if (is_output[i]) std::memset(arrays[i].data(), byte, static_cast<size_t>(arrays[i].bytes()));
}

// The arrays of a sampled run: where the runs on 0xFF- (`ones`) and 0x00-filled (`zeros`)
// outputs agree, the blocks wrote the element and it is kept; the others take the
// expected value. `written`: per output, how many elements the blocks wrote.
Result<std::vector<NDArray>> MergeWritten(const std::vector<NDArray>& ones,
                                          const std::vector<NDArray>& zeros,
                                          const std::vector<bool>& is_output,
                                          const std::vector<NDArray>& expected,
                                          std::vector<int64_t>* written) {
  std::vector<NDArray> merged = ones;
  size_t k = 0;
  for (size_t i = 0; i < ones.size() && i < is_output.size(); ++i) {
    if (!is_output[i]) continue;
    if (k >= expected.size()) return Error("the reference has fewer outputs than the kernel");
    NDArray out = expected[k++].Clone();
    const NDArray& a = ones[i];
    const NDArray& b = zeros[i];
    if (out.bytes() != a.bytes())
      return Error("the kernel's output and the reference's differ in size");
    const size_t size = static_cast<size_t>(a.element_bytes());
    auto* pa = static_cast<const unsigned char*>(a.data());
    auto* pb = static_cast<const unsigned char*>(b.data());
    auto* pm = static_cast<unsigned char*>(out.data());
    int64_t count = 0;
    for (int64_t e = 0; e < a.numel(); ++e) {
      const size_t off = static_cast<size_t>(e) * size;
      if (std::memcmp(pa + off, pb + off, size) != 0) continue;
      std::memcpy(pm + off, pa + off, size);
      ++count;
    }
    written->push_back(count);
    merged[i] = out;
  }
  return merged;
}

// A finding on `kernel`, located on the loops that touch its shared buffers and its lines.
EmulatorFinding KernelFinding(const std::string& kind, const std::string& message,
                              const codegen::CudaKernel& kernel, const std::string& source,
                              std::vector<std::string>* printed) {
  EmulatorFinding f{kind, kernel.name, message, {}, {}, {}};
  SharedAccessLoops(kernel, f);
  KernelLines(source, kernel, f, printed);
  return f;
}

}  // namespace

Result<EmulatorReport> RunOnEmulator(const transform::LoweredProgram& lowered,
                                     const std::string& title, const EmulatorArrays& arrays,
                                     EmulatorOracle& oracle, const EmulatorCheckOptions& options) {
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

  const std::vector<bool>& is_output = arrays.is_output;
  const runtime::ScalarArgs& scalars = arrays.scalars;
  const std::vector<codegen::CudaKernel>& kernels = cuda->program.kernels;
  std::vector<NDArray> buffers = Clones(arrays.buffers);
  EmulatedCudaModule& m = **module;
  m.guard_bytes = options.guard_bytes;
  m.max_blocks = kernels.size() == 1 && arrays.may_sample ? options.max_blocks : 0;
  if (m.max_blocks > 0) FillOutputs(buffers, is_output, 0xFF);
  const std::vector<NDArray> inputs = Clones(buffers);
  Status ran = m.Call(buffers, scalars, cuda_options);
  report.function = lowered.func.name;
  report.kernels = kernels.size();
  report.launches = m.launches;
  report.blocks_run = m.blocks_run;
  report.blocks_in_grids = m.blocks_in_grids;
  std::ostringstream out;
  out << title << " on the GPU emulator: " << report.kernels
      << (report.kernels == 1 ? " kernel, " : " kernels, ") << m.launches
      << (m.launches == 1 ? " launch\n" : " launches\n");
  if (report.sampled())
    out << "sampled " << report.blocks_run << " of " << report.blocks_in_grids
        << " blocks (evenly spread, the first and the last included)\n";
  if (!ran) {
    report.run_error = ran.error().message;
    EmulatorFinding f{"launch", "", ran.error().message, {}, {}, {}};
    for (const codegen::CudaKernel& k : kernels)
      if (ran.error().message.find(k.name) != std::string::npos) {
        f = KernelFinding("launch", ran.error().message, k, report.cuda_source, nullptr);
        break;
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
    if (!report.sampled()) return oracle.Check(buffers);
    std::vector<NDArray> zeros = Clones(inputs);
    FillOutputs(zeros, is_output, 0x00);
    if (Status again = m.Call(zeros, scalars, cuda_options); !again)
      return Error("the sampled blocks ran once and then failed: " + again.error().message);
    auto expected = oracle.Expected();
    if (!expected) return expected.error();
    auto merged = MergeWritten(buffers, zeros, is_output, *expected, &written);
    if (!merged) return merged.error();
    return oracle.Check(*merged);
  }();
  if (!checks) return Error("the reference check failed: " + checks.error().message);
  out << "check against the reference (" << oracle.Name()
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
  for (size_t k = 0; k < kernels.size(); ++k) {
    std::vector<NDArray> again = Clones(inputs);
    m.reverse_warp_order = true;
    m.reverse_only_kernel = static_cast<int>(k);
    Status second = m.Call(again, scalars, cuda_options);
    m.reverse_warp_order = false;
    const codegen::CudaKernel& kernel = kernels[k];
    if (!second) {
      out << "  " << kernel.name << ": " << second.error().message << "\n";
      report.findings.push_back(
          KernelFinding("launch", second.error().message, kernel, report.cuda_source, nullptr));
      continue;
    }
    std::vector<std::string> differ = Differing(again, buffers, arrays);
    if (differ.empty()) {
      out << "  " << kernel.name << ": no race seen\n";
      continue;
    }
    std::string names;
    for (size_t i = 0; i < differ.size(); ++i) names += (i ? ", " : "") + differ[i];
    std::string message = "race: " + names + " change" + (differ.size() == 1 ? "s" : "") +
                          " with the order of the warps (a missing barrier)";
    std::vector<std::string> printed;
    EmulatorFinding f = KernelFinding("race", message, kernel, report.cuda_source, &printed);
    out << "  " << kernel.name << ": " << f.message << "\n";
    for (const std::string& where : f.places) out << "    " << where << "\n";
    for (const std::string& line : printed) out << "    " << line << "\n";
    report.findings.push_back(std::move(f));
  }
  report.text = out.str();
  return report;
}

}  // namespace tessera::reference
