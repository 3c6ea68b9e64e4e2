#include "EmulatorCheck.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

#include "CliCommon.h"
#include "Execution.h"
#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/CudaLowering.h"
#include "ir/Functor.h"
#include "runtime/Compare.h"
#include "runtime/Reference.h"
#include "runtime/cuda/Emulator.h"

namespace tessera::cli {

namespace {

// A fresh directory for the emulated kernels' sources and libraries, removed on exit.
class ScratchDirectory {
 public:
  ScratchDirectory() {
    std::error_code ec;
    std::string pattern = (std::filesystem::temp_directory_path(ec) / "tessera-emulator-XXXXXX").string();
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

// The loops of a kernel that read or write one of its shared buffers: "k.inner reads
// A.shared". Where a race shows, these are the places a barrier must separate.
std::vector<std::string> SharedAccessLoops(const codegen::CudaKernel& kernel) {
  std::set<std::string> shared;
  for (const codegen::SharedAllocation& s : kernel.shared) shared.insert(s.name);
  std::vector<std::string> out;
  std::vector<std::string> loops;
  auto note = [&](const std::string& what, const std::string& buffer) {
    if (!shared.count(buffer)) return;
    std::string where = loops.empty() ? "the kernel body" : "loop " + loops.back();
    std::string line = where + " " + what + " " + buffer;
    for (const std::string& l : out)
      if (l == line) return;
    out.push_back(line);
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
        auto* f = s.as<ir::ForNode>();
        loops.push_back(f->loop_var.name());
        walk(f->body);
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
      case ir::StmtKind::Allocate: walk(s.as<ir::AllocateNode>()->body); return;
      case ir::StmtKind::AttrStmt: walk(s.as<ir::AttrStmtNode>()->body); return;
      case ir::StmtKind::AssertStmt: walk(s.as<ir::AssertStmtNode>()->body); return;
      case ir::StmtKind::Evaluate: reads(s.as<ir::EvaluateNode>()->value); return;
      default: return;
    }
  };
  walk(kernel.body);
  return out;
}

// The lines of the kernel's CUDA source that touch its shared buffers:
// "CUDA line 14: A_shared[threadIdx.x] = A[...];".
std::vector<std::string> SharedAccessLines(const std::string& source, const codegen::CudaKernel& kernel) {
  std::vector<std::string> out;
  std::istringstream in(source);
  std::string line;
  bool inside = false;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!inside) {
      inside = line.find(" " + kernel.name + "(") != std::string::npos;
      continue;
    }
    if (!line.empty() && line[0] == '}') break;
    for (const codegen::SharedAllocation& s : kernel.shared) {
      std::string identifier = s.name;  // CUDA names have '_' where the IR has '.'
      std::replace(identifier.begin(), identifier.end(), '.', '_');
      if (line.find(s.name + "[") == std::string::npos && line.find(identifier + "[") == std::string::npos)
        continue;
      {
        size_t first = line.find_first_not_of(' ');
        out.push_back("CUDA line " + std::to_string(number) + ": " + line.substr(first == std::string::npos ? 0 : first));
        break;
      }
    }
  }
  return out;
}

std::vector<runtime::NDArray> Clones(const std::vector<runtime::NDArray>& arrays) {
  std::vector<runtime::NDArray> out;
  for (const runtime::NDArray& a : arrays) out.push_back(a.Clone());
  return out;
}

// The outputs (by parameter name) where `a` and `b` differ.
std::vector<std::string> Differing(const std::vector<runtime::NDArray>& a, const std::vector<runtime::NDArray>& b,
                                   const KernelArguments& args, const transform::PrimFunc& func) {
  std::vector<std::string> out;
  auto params = func.buffer_params();
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (i < args.is_output.size() && !args.is_output[i]) continue;
    if (!runtime::Compare(a[i], b[i], runtime::Tolerance{0, 0}).ok())
      out.push_back(i < params.size() ? params[i]->name : "#" + std::to_string(i));
  }
  return out;
}

}  // namespace

int RunOnEmulator(const script::ScriptProgram& program, const std::map<std::string, int64_t>& vars,
                  uint64_t seed, bool check, std::ostream& out, std::ostream& err) {
  auto lowered = LowerProgram(program, "cuda", err);
  if (!lowered) return kBadInput;
  codegen::CudaOptions options;
  auto cuda = codegen::LowerForCUDA(*lowered, options);
  if (!cuda) {
    err << program.file << ": error: " << cuda.error().message << "\n";
    return kBadInput;
  }
  if (runtime::EmulatedCudaModule::Compiler().empty()) {
    err << "tessera-cli: not available: the GPU emulator needs a C++ compiler (c++, g++ or clang++) on PATH\n";
    return kUnavailable;
  }
  ScratchDirectory scratch;
  if (scratch.path().empty()) {
    err << "tessera-cli run: cannot create a temporary directory for the emulator\n";
    return kBadInput;
  }
  auto module = runtime::EmulatedCudaModule::Build(cuda->program, scratch.path());
  if (!module) {
    err << "tessera-cli run: " << module.error().message << "\n";
    return kBadInput;
  }
  auto arguments = MakeArguments(program, lowered->func, vars, seed);
  if (!arguments) {
    err << "tessera-cli run: " << arguments.error().message << "\n";
    return kBadInput;
  }
  for (const std::string& v : arguments->defaulted)
    out << "note: shape variable " << v << " = " << arguments->scalars[v] << " (use --var " << v << "=N)\n";
  const std::vector<runtime::NDArray> inputs = Clones(arguments->buffers);
  (*module)->guard_bytes = 4096;
  Status ran = (*module)->Call(arguments->buffers, arguments->scalars, options);
  size_t kernels = cuda->program.kernels.size();
  out << lowered->func.name << " on the GPU emulator: " << kernels << (kernels == 1 ? " kernel, " : " kernels, ")
      << (*module)->launches << ((*module)->launches == 1 ? " launch\n" : " launches\n");
  if (!ran) {
    err << "tessera-cli run: " << ran.error().message << "\n";
    return check ? kCheckFailed : kBadInput;
  }
  if (!check) return kSuccess;

  bool ok = true;
  auto checks = runtime::CheckAgainstReference(*program.schedule, program.Arguments(), arguments->buffers,
                                               arguments->scalars);
  if (!checks) {
    err << "tessera-cli run: the reference failed: " << checks.error().message << "\n";
    return kBadInput;
  }
  out << "check against the reference (te oracle):\n";
  for (const runtime::OutputCheck& c : *checks) {
    ok &= c.result.ok();
    out << "  " << c.tensor << ": " << c.result.str() << "\n";
  }
  // Races: each kernel again with its warps in the other order between barriers.
  out << "race check (warps in the other order between barriers, one kernel at a time):\n";
  for (size_t k = 0; k < kernels; ++k) {
    std::vector<runtime::NDArray> again = Clones(inputs);
    (*module)->reverse_warp_order = true;
    (*module)->reverse_only_kernel = static_cast<int>(k);
    Status second = (*module)->Call(again, arguments->scalars, options);
    (*module)->reverse_warp_order = false;
    const codegen::CudaKernel& kernel = cuda->program.kernels[k];
    if (!second) {
      out << "  " << kernel.name << ": " << second.error().message << "\n";
      ok = false;
      continue;
    }
    std::vector<std::string> differ = Differing(again, arguments->buffers, *arguments, lowered->func);
    if (differ.empty()) {
      out << "  " << kernel.name << ": no race seen\n";
      continue;
    }
    ok = false;
    out << "  " << kernel.name << ": race: ";
    for (size_t i = 0; i < differ.size(); ++i) out << (i ? ", " : "") << differ[i];
    out << " change" << (differ.size() == 1 ? "s" : "") << " with the order of the warps (a missing barrier)\n";
    for (const std::string& where : SharedAccessLoops(kernel)) out << "    " << where << "\n";
    if (auto source = codegen::CodeGenCUDA(cuda->program))
      for (const std::string& line : SharedAccessLines(*source, kernel)) out << "    " << line << "\n";
  }
  if (!ok) {
    err << "tessera-cli run: --check on the GPU emulator found a problem\n";
    return kCheckFailed;
  }
  return kSuccess;
}

}  // namespace tessera::cli
