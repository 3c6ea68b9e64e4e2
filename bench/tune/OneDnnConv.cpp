#include "OneDnnConv.h"

#ifdef TESSERA_BENCH_ONEDNN
#include <dnnl.h>

#include <cstring>
#include <vector>

#include "../cpu/Timing.h"
#endif

namespace tessera::bench::onednn {

#ifdef TESSERA_BENCH_ONEDNN
namespace {

// Releases every handle it was given, in reverse order.
struct Handles {
  std::vector<dnnl_memory_t> memories;
  dnnl_primitive_desc_t pd = nullptr;
  dnnl_primitive_t prim = nullptr;
  dnnl_stream_t stream = nullptr;
  dnnl_engine_t engine = nullptr;
  ~Handles() {
    for (dnnl_memory_t m : memories) dnnl_memory_destroy(m);
    if (prim) dnnl_primitive_destroy(prim);
    if (pd) dnnl_primitive_desc_destroy(pd);
    if (stream) dnnl_stream_destroy(stream);
    if (engine) dnnl_engine_destroy(engine);
  }
};

}  // namespace

bool ConvAvailable() { return true; }

double TimeConv(const ConvShape& s, int repeat, std::string* error) {
  Handles h;
  auto fail = [error](const char* what) {
    if (error) *error = std::string("oneDNN: ") + what + " failed";
    return -1.0;
  };
  if (dnnl_engine_create(&h.engine, dnnl_cpu, 0) != dnnl_success) return fail("engine");
  if (dnnl_stream_create(&h.stream, h.engine, dnnl_stream_default_flags) != dnnl_success) return fail("stream");
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
  if (dnnl_convolution_forward_desc_init(&desc, dnnl_forward_inference, dnnl_convolution_direct, &src_md, &wei_md,
                                         nullptr, &dst_md, strides, padding, padding) != dnnl_success)
    return fail("convolution descriptor");
  if (dnnl_primitive_desc_create(&h.pd, &desc, nullptr, h.engine, nullptr) != dnnl_success)
    return fail("primitive descriptor");
  if (dnnl_primitive_create(&h.prim, h.pd) != dnnl_success) return fail("primitive");
  const dnnl_query_t queries[] = {dnnl_query_src_md, dnnl_query_weights_md, dnnl_query_dst_md};
  const int arg_ids[] = {DNNL_ARG_SRC, DNNL_ARG_WEIGHTS, DNNL_ARG_DST};
  std::vector<dnnl_exec_arg_t> args;
  for (int i = 0; i < 3; ++i) {
    const dnnl_memory_desc_t* md = dnnl_primitive_desc_query_md(h.pd, queries[i], 0);
    dnnl_memory_t mem = nullptr;
    if (!md || dnnl_memory_create(&mem, md, h.engine, DNNL_MEMORY_ALLOCATE) != dnnl_success) return fail("memory");
    h.memories.push_back(mem);
    void* data = nullptr;
    dnnl_memory_get_data_handle(mem, &data);
    if (data) std::memset(data, 0, dnnl_memory_desc_get_size(md));  // zeros: no denormals, no NaNs
    args.push_back({arg_ids[i], mem});
  }
  auto run = [&] {
    dnnl_primitive_execute(h.prim, h.stream, static_cast<int>(args.size()), args.data());
    dnnl_stream_wait(h.stream);
  };
  return TimeRuns(run, repeat).median_ms;
}
#else
bool ConvAvailable() { return false; }
double TimeConv(const ConvShape&, int, std::string* error) {
  if (error) *error = "oneDNN: not available (built without libdnnl-dev)";
  return -1.0;
}
#endif

}  // namespace tessera::bench::onednn
