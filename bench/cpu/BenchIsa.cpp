#include "BenchIsa.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#ifdef TESSERA_BENCH_ONEDNN
#include <dnnl.h>
#endif
#ifdef TESSERA_BENCH_OPENBLAS
#include <cblas.h>
#endif

#include "OpenBlasCore.h"
#include "codegen/CpuTarget.h"
#include "codegen/LLVMBackend.h"
#include "codegen/LoweringContext.h"
#include "runtime/MachinePeak.h"
#include "script/Evaluator.h"
#include "transform/LowerSchedule.h"
#include "tune/TargetInfo.h"

namespace tessera::bench::isa {

namespace {

constexpr const char* kGuard = "TESSERA_BENCH_ISA";  // set once the variables are in place
constexpr const char* kHalideAvx2 = "x86-64-linux-avx-avx2-f16c-fma-sse41";
// Set, with OPENBLAS_CORETYPE, when the benchmark overrode the core OpenBLAS picked: that core.
constexpr const char* kOpenBlasPicked = "TESSERA_BENCH_OPENBLAS_PICKED";

// Native mode: OpenBLAS with the kernels of this CPU's ISA. When the library took the CPU
// for an older one (OpenBlasCore.h: a model newer than the library gets the SSE3
// "Prescott" kernels), re-executes argv with OPENBLAS_CORETYPE set to the kernels this
// CPU runs, as a user of OpenBLAS would (read when the library is loaded, before main).
// A user's own OPENBLAS_CORETYPE is left as it is. Returns an error message or "".
std::string UseOpenBlasKernelsOfThisCpu(char** argv) {
#ifdef TESSERA_BENCH_OPENBLAS
  if (std::getenv("OPENBLAS_CORETYPE") || std::getenv(kOpenBlasPicked)) return "";
  const char* picked = openblas_get_corename();
  const std::string core = picked ? picked : "";
  const auto coretype = OpenBlasCoreTypeFor(core, codegen::HostFp32Lanes());
  if (!coretype) return "";
  setenv("OPENBLAS_CORETYPE", coretype->c_str(), 1);
  setenv(kOpenBlasPicked, core.c_str(), 1);
  std::fflush(stdout);
  execv("/proc/self/exe", argv);
  return "cannot re-execute /proc/self/exe with OPENBLAS_CORETYPE=" + *coretype +
         " (OpenBLAS picked " + core + " kernels for this CPU)";
#else
  (void)argv;
  return "";
#endif
}

#ifdef TESSERA_BENCH_ONEDNN
const char* OneDnnIsaName(dnnl_cpu_isa_t isa) {
  switch (isa) {
    case dnnl_cpu_isa_sse41:
      return "SSE4.1";
    case dnnl_cpu_isa_avx:
      return "AVX";
    case dnnl_cpu_isa_avx2:
      return "AVX2";
    case dnnl_cpu_isa_avx2_vnni:
      return "AVX2+VNNI";
    case dnnl_cpu_isa_avx512_core:
      return "AVX-512 (avx512_core)";
    case dnnl_cpu_isa_avx512_core_vnni:
      return "AVX-512 (avx512_core_vnni)";
    case dnnl_cpu_isa_avx512_core_bf16:
      return "AVX-512 (avx512_core_bf16)";
    case dnnl_cpu_isa_avx512_core_amx:
      return "AVX-512 + AMX";
    default:
      return "other";
  }
}

// The implementation oneDNN picks for the benchmark's convolution (its JIT kernel's name
// carries the ISA: "jit:avx2", "brg:avx512_core", ...).
std::string OneDnnConvImplementation() {
  dnnl_engine_t engine = nullptr;
  if (dnnl_engine_create(&engine, dnnl_cpu, 0) != dnnl_success) return "no engine";
  dnnl_dims_t src = {1, 64, 56, 56}, wei = {64, 64, 3, 3}, dst = {1, 64, 56, 56}, strides = {1, 1},
              pad = {1, 1};
  dnnl_memory_desc_t src_md, wei_md, dst_md;
  dnnl_memory_desc_init_by_tag(&src_md, 4, src, dnnl_f32, dnnl_format_tag_any);
  dnnl_memory_desc_init_by_tag(&wei_md, 4, wei, dnnl_f32, dnnl_format_tag_any);
  dnnl_memory_desc_init_by_tag(&dst_md, 4, dst, dnnl_f32, dnnl_format_tag_any);
  dnnl_convolution_desc_t desc;
  std::string name = "no implementation";
  dnnl_primitive_desc_t pd = nullptr;
  if (dnnl_convolution_forward_desc_init(&desc, dnnl_forward_inference, dnnl_convolution_direct,
                                         &src_md, &wei_md, nullptr, &dst_md, strides, pad,
                                         pad) == dnnl_success &&
      dnnl_primitive_desc_create(&pd, &desc, nullptr, engine, nullptr) == dnnl_success) {
    const char* impl = nullptr;
    if (dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl) == dnnl_success && impl)
      name = impl;
    dnnl_primitive_desc_destroy(pd);
  }
  dnnl_engine_destroy(engine);
  return name;
}
#endif

// A Tessera kernel vectorized by 16 lanes, compiled as the benchmark compiles: which
// vector registers its assembly names (an AVX2 target must show no zmm).
std::string TesseraRegisters() {
  auto program = script::EvaluateScript(R"(import tvm
from tvm import te
A = te.placeholder((4096,), name="A")
B = te.placeholder((4096,), name="B")
C = te.compute((4096,), lambda i: A[i] * B[i] + A[i], name="C")
s = te.create_schedule(C.op)
o, v = s[C].split(C.op.axis[0], factor=16)
s[C].vectorize(v)
)",
                                        "isa_probe.py");
  if (!program) return "probe failed: " + program.error().message;
  auto lowered = transform::LowerSchedule(*program->schedule, program->Arguments(),
                                          codegen::LoweringContext("llvm"));
  if (!lowered) return "probe failed: " + lowered.error().message;
  auto assembly = codegen::EmitAssembly(lowered->func);
  if (!assembly) return "probe failed: " + assembly.error().message;
  auto count = [&](const char* reg) {
    int n = 0;
    for (size_t at = assembly->find(reg); at != std::string::npos; at = assembly->find(reg, at + 1))
      ++n;
    return n;
  };
  return "a 16-lane probe kernel's assembly names %zmm " + std::to_string(count("%zmm")) +
         " times, %ymm " + std::to_string(count("%ymm")) + " times";
}

}  // namespace

std::string Apply(const std::string& isa, char** argv) {
  if (isa == "native") return UseOpenBlasKernelsOfThisCpu(argv);
  if (isa != "avx2") return "--isa: unknown value '" + isa + "' (native or avx2)";
  const int host = codegen::HostFp32Lanes();
  if (host < 8) return "--isa avx2: this CPU has no AVX2";
  const char* guard = std::getenv(kGuard);
  if (guard && isa == guard) return "";
  if (Status st = codegen::SetCpuTargetEnvironment("llvm -mcpu=haswell"); !st)
    return st.error().message;
  setenv("DNNL_MAX_CPU_ISA", "AVX2", 1);
  setenv("OPENBLAS_CORETYPE", "Haswell", 1);
  setenv("HL_JIT_TARGET", kHalideAvx2, 1);
  setenv(kGuard, isa.c_str(), 1);
  std::fflush(stdout);
  execv("/proc/self/exe", argv);
  return std::string("--isa: cannot re-execute /proc/self/exe to apply the variables");
}

std::string Current() {
  const char* guard = std::getenv(kGuard);
  return guard ? guard : "native";
}

int HalideLanes() {
  const char* target = std::getenv("HL_JIT_TARGET");
  if (target && std::string(target).find("avx512") == std::string::npos)
    return std::string(target).find("avx2") != std::string::npos ? 8 : 4;
  return codegen::HostFp32Lanes();
}

int HalideRegisters() { return HalideLanes() >= 16 ? 32 : 16; }

void PrintContenders() {
  const tune::TargetInfo target = tune::HostTargetInfo();
  std::printf("isa mode: %s\n", Current().c_str());
  std::printf(
      "  Tessera:  LLVM %s; schedules sized for %s (%d fp32 lanes, %d vector registers); %s\n",
      codegen::LLVMTargetDescription().c_str(), target.isa.c_str(), target.vector_lanes,
      target.vector_registers, TesseraRegisters().c_str());
#ifdef TESSERA_BENCH_ONEDNN
  const char* max_isa = std::getenv("DNNL_MAX_CPU_ISA");
  // dnnl_get_effective_cpu_isa() is the limit oneDNN applies (the largest ISA it may
  // dispatch to, not what this CPU has); the implementation name is what it picked.
  std::printf("  oneDNN:   ISA limit %s (DNNL_MAX_CPU_ISA=%s); conv2d implementation %s\n",
              OneDnnIsaName(dnnl_get_effective_cpu_isa()), max_isa ? max_isa : "unset",
              OneDnnConvImplementation().c_str());
#else
  std::printf("  oneDNN:   not available\n");
#endif
#ifdef TESSERA_BENCH_OPENBLAS
  const char* core = std::getenv("OPENBLAS_CORETYPE");
  const char* overridden = core ? std::getenv(kOpenBlasPicked) : nullptr;
  const std::string why =
      overridden ? std::string(", set by the benchmark: the library took this CPU for ") +
                       overridden + ", below its ISA"
                 : "";
  std::printf("  OpenBLAS: core %s (OPENBLAS_CORETYPE=%s%s)\n", openblas_get_corename(),
              core ? core : "unset", why.c_str());
#else
  std::printf("  OpenBLAS: not available\n");
#endif
  const char* halide = std::getenv("HL_JIT_TARGET");
  std::printf("  Halide:   target %s; hand-written schedules sized for %d lanes, %d registers\n",
              halide ? halide : "host (HL_JIT_TARGET unset)", HalideLanes(), HalideRegisters());
  std::fflush(stdout);
}

}  // namespace tessera::bench::isa
