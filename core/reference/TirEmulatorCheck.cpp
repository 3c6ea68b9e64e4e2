#include "reference/TirEmulatorCheck.h"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/CudaLowering.h"
#include "reference/Compare.h"
#include "runtime/cuda/Emulator.h"

namespace tessera::reference {

using runtime::EmulatedCudaModule;
using runtime::NDArray;

namespace tir_emulator_check_detail {

// A fresh directory for the emulated kernels' sources and libraries, removed after.
class Scratch {
 public:
  Scratch() {
    std::error_code ec;
    std::string pattern =
        (std::filesystem::temp_directory_path(ec) / "tessera-tir-emulator-XXXXXX").string();
    if (char* made = mkdtemp(pattern.data())) path_ = made;
  }
  ~Scratch() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::vector<NDArray> Clones(const std::vector<NDArray>& arrays) {
  std::vector<NDArray> out;
  for (const NDArray& a : arrays) out.push_back(a.Clone());
  return out;
}

void FillOutputs(std::vector<NDArray>& arrays, const std::vector<bool>& is_output,
                 unsigned char byte) {
  for (size_t i = 0; i < arrays.size() && i < is_output.size(); ++i)
    if (is_output[i]) std::memset(arrays[i].data(), byte, static_cast<size_t>(arrays[i].bytes()));
}

// The output parameters (by name) where `a` and `b` differ bit for bit.
std::vector<std::string> Differing(const std::vector<NDArray>& a, const std::vector<NDArray>& b,
                                   const std::vector<bool>& is_output, const tir::PrimFunc& func) {
  std::vector<std::string> out;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (i < is_output.size() && !is_output[i]) continue;
    if (!Compare(a[i], b[i], Tolerance{0, 0}).ok())
      out.push_back(i < func.params.size() ? func.params[i]->name : "#" + std::to_string(i));
  }
  return out;
}

// The outputs of a sampled run: where the runs on 0xFF- and 0x00-filled outputs agree,
// the kernel wrote the element and it is kept; the others take the expected value.
// `written`: per output, how many elements the blocks wrote.
Result<std::vector<NDArray>> MergeWritten(const std::vector<NDArray>& ones,
                                          const std::vector<NDArray>& zeros,
                                          const std::vector<bool>& is_output,
                                          const TirExpected& expected,
                                          std::vector<int64_t>* written) {
  std::vector<NDArray> merged = ones;
  size_t k = 0;
  for (size_t i = 0; i < ones.size(); ++i) {
    if (!is_output[i]) continue;
    if (k >= expected.outputs.size())
      return Error("the reference has fewer outputs than the kernel");
    NDArray out = expected.outputs[k++].Clone();
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

}  // namespace tir_emulator_check_detail

namespace emu = tir_emulator_check_detail;

Result<EmulatorReport> CheckTirOnEmulator(const tir::PrimFunc& scheduled,
                                          const tir::PrimFunc& original,
                                          const std::vector<te::Tensor>& te_args,
                                          const transform::LoweredProgram& lowered,
                                          const TirArguments& arguments,
                                          const EmulatorCheckOptions& options) {
  codegen::CudaOptions cuda_options;
  auto cuda = codegen::LowerForCUDA(lowered, cuda_options);
  if (!cuda) return cuda.error();
  if (EmulatedCudaModule::Compiler().empty())
    return Error("the GPU emulator needs a C++ compiler (c++, g++ or clang++) on PATH");
  emu::Scratch scratch;
  if (scratch.path().empty()) return Error("cannot create a temporary directory for the emulator");
  EmulatorReport report;
  auto edit = [&](std::string source) {
    if (options.edit) source = options.edit(std::move(source));
    report.cuda_source = source;
    return source;
  };
  auto module = EmulatedCudaModule::Build(cuda->program, scratch.path(), edit);
  if (!module) return module.error();
  if (auto generated = codegen::CodeGenCUDA(cuda->program, &report.lines); !generated)
    report.lines = {};

  const std::vector<bool>& is_output = arguments.is_output;
  std::vector<NDArray> buffers = emu::Clones(arguments.buffers);
  EmulatedCudaModule& m = **module;
  m.guard_bytes = options.guard_bytes;
  m.max_blocks = cuda->program.kernels.size() == 1 ? options.max_blocks : 0;
  if (m.max_blocks > 0) emu::FillOutputs(buffers, is_output, 0xFF);
  const std::vector<NDArray> inputs = emu::Clones(buffers);
  Status ran = m.Call(buffers, arguments.scalars, cuda_options);
  report.function = lowered.func.name;
  report.kernels = cuda->program.kernels.size();
  report.launches = m.launches;
  report.blocks_run = m.blocks_run;
  report.blocks_in_grids = m.blocks_in_grids;
  std::ostringstream out;
  out << report.function << " (TensorIR) on the GPU emulator: " << report.kernels
      << (report.kernels == 1 ? " kernel, " : " kernels, ") << m.launches
      << (m.launches == 1 ? " launch\n" : " launches\n");
  if (report.sampled())
    out << "sampled " << report.blocks_run << " of " << report.blocks_in_grids
        << " blocks (evenly spread, the first and the last included)\n";
  if (!ran) {
    report.run_error = ran.error().message;
    EmulatorFinding f{"launch", "", ran.error().message, {}, {}, {}};
    for (const codegen::CudaKernel& k : cuda->program.kernels)
      if (f.kernel.empty() && ran.error().message.find(k.name) != std::string::npos)
        f.kernel = k.name;
    report.findings.push_back(std::move(f));
    report.text = out.str();
    return report;
  }
  report.ran = true;
  if (!options.check) {
    report.text = out.str();
    return report;
  }
  auto expected = TirExpectedOutputs(original, te_args, arguments);
  if (!expected) return Error("the reference failed: " + expected.error().message);
  std::vector<int64_t> written;
  std::vector<NDArray> after = buffers;
  if (report.sampled()) {
    std::vector<NDArray> zeros = emu::Clones(inputs);
    emu::FillOutputs(zeros, is_output, 0x00);
    if (Status again = m.Call(zeros, arguments.scalars, cuda_options); !again)
      return Error("the sampled blocks ran once and then failed: " + again.error().message);
    auto merged = emu::MergeWritten(buffers, zeros, is_output, *expected, &written);
    if (!merged) return merged.error();
    after = std::move(merged.value());
  }
  std::vector<OutputCheck> checks = CompareTirOutputs(scheduled, arguments, after, *expected);
  out << "check against the reference (" << expected->reference
      << (report.sampled() ? ", the elements the sampled blocks wrote" : "") << "):\n";
  for (size_t i = 0; i < checks.size(); ++i) {
    const OutputCheck& c = checks[i];
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
  out << "race check (warps in the other order between barriers, one kernel at a time):\n";
  for (size_t k = 0; k < report.kernels; ++k) {
    std::vector<NDArray> again = emu::Clones(inputs);
    m.reverse_warp_order = true;
    m.reverse_only_kernel = static_cast<int>(k);
    Status second = m.Call(again, arguments.scalars, cuda_options);
    m.reverse_warp_order = false;
    const codegen::CudaKernel& kernel = cuda->program.kernels[k];
    if (!second) {
      out << "  " << kernel.name << ": " << second.error().message << "\n";
      report.findings.push_back({"launch", kernel.name, second.error().message, {}, {}, {}});
      continue;
    }
    std::vector<std::string> differ = emu::Differing(again, buffers, is_output, scheduled);
    if (differ.empty()) {
      out << "  " << kernel.name << ": no race seen\n";
      continue;
    }
    std::string names;
    for (size_t i = 0; i < differ.size(); ++i) names += (i ? ", " : "") + differ[i];
    EmulatorFinding f{"race",
                      kernel.name,
                      "race: " + names + " change" + (differ.size() == 1 ? "s" : "") +
                          " with the order of the warps (a missing barrier)",
                      {},
                      {},
                      {}};
    for (const codegen::SharedAllocation& s : kernel.shared)
      f.places.push_back("the kernel uses shared buffer " + s.name);
    out << "  " << kernel.name << ": " << f.message << "\n";
    for (const std::string& where : f.places) out << "    " << where << "\n";
    report.findings.push_back(std::move(f));
  }
  report.text = out.str();
  return report;
}

}  // namespace tessera::reference
