#include "OneDnnConv.h"

#ifdef TESSERA_BENCH_ONEDNN
#include <dnnl.h>

#include <random>
#include <vector>

#include "../cpu/Timing.h"
#endif

namespace tessera::bench::onednn {

#ifdef TESSERA_BENCH_ONEDNN
namespace {

// Releases every handle it was given, in reverse order.
struct Handles {
  std::vector<dnnl_memory_t> memories;
  std::vector<dnnl_primitive_desc_t> pds;
  std::vector<dnnl_primitive_t> prims;
  dnnl_stream_t stream = nullptr;
  dnnl_engine_t engine = nullptr;
  ~Handles() {
    for (dnnl_memory_t m : memories) dnnl_memory_destroy(m);
    for (dnnl_primitive_t p : prims) dnnl_primitive_destroy(p);
    for (dnnl_primitive_desc_t pd : pds) dnnl_primitive_desc_destroy(pd);
    if (stream) dnnl_stream_destroy(stream);
    if (engine) dnnl_engine_destroy(engine);
  }
  // A memory of `md` filled with uniform random values in [-1, 1) (no denormals, no NaNs),
  // as every Tessera and Halide contender's tensors are (NDArray::FillRandom). It was
  // zero-filled: multiplying zeros toggles few bits, and a core that draws less power holds
  // a higher clock — oneDNN timed on zeros ran at up to 98 % of the machine's measured
  // FMA peak on an Emerald Rapids VM, against random data for everyone else.
  dnnl_memory_t Memory(const dnnl_memory_desc_t* md) {
    dnnl_memory_t mem = nullptr;
    if (!md || dnnl_memory_create(&mem, md, engine, DNNL_MEMORY_ALLOCATE) != dnnl_success)
      return nullptr;
    memories.push_back(mem);
    void* data = nullptr;
    dnnl_memory_get_data_handle(mem, &data);
    if (data) {
      std::mt19937_64 gen(memories.size());
      std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
      float* values = static_cast<float*>(data);
      const size_t count = dnnl_memory_desc_get_size(md) / sizeof(float);
      for (size_t i = 0; i < count; ++i) values[i] = dist(gen);
    }
    return mem;
  }
  // A reorder primitive from `from` to `to`; nullptr on failure.
  dnnl_primitive_t Reorder(const dnnl_memory_desc_t* from, const dnnl_memory_desc_t* to) {
    dnnl_primitive_desc_t pd = nullptr;
    if (dnnl_reorder_primitive_desc_create(&pd, from, engine, to, engine, nullptr) != dnnl_success)
      return nullptr;
    pds.push_back(pd);
    dnnl_primitive_t prim = nullptr;
    if (dnnl_primitive_create(&prim, pd) != dnnl_success) return nullptr;
    prims.push_back(prim);
    return prim;
  }
};

// One primitive with its arguments, run in order by a timed call.
struct OneDnnStep {
  dnnl_primitive_t prim;
  std::vector<dnnl_exec_arg_t> args;
};

void ExecuteOneDnnStep(const OneDnnStep& step, dnnl_stream_t stream) {
  dnnl_primitive_execute(step.prim, stream, static_cast<int>(step.args.size()), step.args.data());
}

}  // namespace

bool ConvAvailable() { return true; }

double TimeConv(const ConvShape& s, int repeat, std::string* error, ConvLayouts layouts) {
  Handles h;
  auto fail = [error](const char* what) {
    if (error) *error = std::string("oneDNN: ") + what + " failed";
    return -1.0;
  };
  if (dnnl_engine_create(&h.engine, dnnl_cpu, 0) != dnnl_success) return fail("engine");
  if (dnnl_stream_create(&h.stream, h.engine, dnnl_stream_default_flags) != dnnl_success)
    return fail("stream");
  const int64_t out_h = s.height + 2 * s.pad - s.kernel + 1;
  const int64_t out_w = s.width + 2 * s.pad - s.kernel + 1;
  dnnl_dims_t src_dims = {s.batch, s.in_channels, s.height, s.width};
  dnnl_dims_t wei_dims = {s.out_channels, s.in_channels, s.kernel, s.kernel};
  dnnl_dims_t dst_dims = {s.batch, s.out_channels, out_h, out_w};
  dnnl_dims_t strides = {1, 1};
  dnnl_dims_t padding = {s.pad, s.pad};
  dnnl_memory_desc_t src_md, wei_md, dst_md;
  dnnl_memory_desc_init_by_tag(&src_md, 4, src_dims, dnnl_f32, dnnl_format_tag_any);
  dnnl_memory_desc_init_by_tag(&wei_md, 4, wei_dims, dnnl_f32, dnnl_format_tag_any);
  dnnl_memory_desc_init_by_tag(&dst_md, 4, dst_dims, dnnl_f32, dnnl_format_tag_any);
  dnnl_convolution_desc_t desc;
  if (dnnl_convolution_forward_desc_init(&desc, dnnl_forward_inference, dnnl_convolution_direct,
                                         &src_md, &wei_md, nullptr, &dst_md, strides, padding,
                                         padding) != dnnl_success)
    return fail("convolution descriptor");
  dnnl_primitive_desc_t conv_pd = nullptr;
  if (dnnl_primitive_desc_create(&conv_pd, &desc, nullptr, h.engine, nullptr) != dnnl_success)
    return fail("primitive descriptor");
  h.pds.push_back(conv_pd);
  dnnl_primitive_t conv = nullptr;
  if (dnnl_primitive_create(&conv, conv_pd) != dnnl_success) return fail("primitive");
  h.prims.push_back(conv);
  const dnnl_memory_desc_t* conv_src = dnnl_primitive_desc_query_md(conv_pd, dnnl_query_src_md, 0);
  const dnnl_memory_desc_t* conv_wei =
      dnnl_primitive_desc_query_md(conv_pd, dnnl_query_weights_md, 0);
  const dnnl_memory_desc_t* conv_dst = dnnl_primitive_desc_query_md(conv_pd, dnnl_query_dst_md, 0);
  dnnl_memory_t src = h.Memory(conv_src), wei = h.Memory(conv_wei), dst = h.Memory(conv_dst);
  if (!src || !wei || !dst) return fail("memory");
  std::vector<OneDnnStep> steps;
  if (layouts == ConvLayouts::kUserNchw) {
    // The user's tensors: NCHW activations, OIHW weights.
    dnnl_memory_desc_t user_src, user_wei, user_dst;
    dnnl_memory_desc_init_by_tag(&user_src, 4, src_dims, dnnl_f32, dnnl_nchw);
    dnnl_memory_desc_init_by_tag(&user_wei, 4, wei_dims, dnnl_f32, dnnl_oihw);
    dnnl_memory_desc_init_by_tag(&user_dst, 4, dst_dims, dnnl_f32, dnnl_nchw);
    dnnl_memory_t in = h.Memory(&user_src), weights = h.Memory(&user_wei),
                  out = h.Memory(&user_dst);
    if (!in || !weights || !out) return fail("memory");
    // Weights: once, before the timing (inference reorders them when the model loads).
    if (!dnnl_memory_desc_equal(&user_wei, conv_wei)) {
      dnnl_primitive_t r = h.Reorder(&user_wei, conv_wei);
      if (!r) return fail("weights reorder");
      ExecuteOneDnnStep({r, {{DNNL_ARG_FROM, weights}, {DNNL_ARG_TO, wei}}}, h.stream);
      dnnl_stream_wait(h.stream);
    } else {
      wei = weights;
    }
    if (!dnnl_memory_desc_equal(&user_src, conv_src)) {
      dnnl_primitive_t r = h.Reorder(&user_src, conv_src);
      if (!r) return fail("source reorder");
      steps.push_back({r, {{DNNL_ARG_FROM, in}, {DNNL_ARG_TO, src}}});
    } else {
      src = in;
    }
    steps.push_back({conv, {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, wei}, {DNNL_ARG_DST, dst}}});
    if (!dnnl_memory_desc_equal(&user_dst, conv_dst)) {
      dnnl_primitive_t r = h.Reorder(conv_dst, &user_dst);
      if (!r) return fail("destination reorder");
      steps.push_back({r, {{DNNL_ARG_FROM, dst}, {DNNL_ARG_TO, out}}});
    } else {
      steps.back().args.back().memory = out;
    }
  } else {
    steps.push_back({conv, {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, wei}, {DNNL_ARG_DST, dst}}});
  }
  auto run = [&] {
    for (const OneDnnStep& step : steps) ExecuteOneDnnStep(step, h.stream);
    dnnl_stream_wait(h.stream);
  };
  return TimeRuns(run, repeat).median_ms;
}
#else
bool ConvAvailable() { return false; }
double TimeConv(const ConvShape&, int, std::string* error, ConvLayouts) {
  if (error) *error = "oneDNN: not available (built without libdnnl-dev)";
  return -1.0;
}
#endif

}  // namespace tessera::bench::onednn
