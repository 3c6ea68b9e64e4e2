#include "OneDnnLayer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <vector>

#ifdef TESSERA_BENCH_ONEDNN
#include <dnnl.h>

#include <random>

#include "../cpu/IdleWait.h"
#include "../cpu/Timing.h"
#include "runner/ProbedCalls.h"
#endif

namespace tessera::bench::onednn {

#ifdef TESSERA_BENCH_ONEDNN

namespace {

struct Step {
  dnnl_primitive_t prim;
  std::vector<dnnl_exec_arg_t> args;
};

float Gelu(float x) {
  return 0.5f * x * (1.0f + std::tanh(0.7978845608f * (x + 0.044715f * x * x * x)));
}

float* Data(dnnl_memory_t m) {
  void* p = nullptr;
  dnnl_memory_get_data_handle(m, &p);
  return static_cast<float*>(p);
}

}  // namespace

struct Layer::Impl {
  LayerSpec spec;
  std::string implementation;
  std::vector<dnnl_memory_t> memories;
  std::vector<dnnl_primitive_desc_t> pds;
  std::vector<dnnl_primitive_t> prims;
  dnnl_engine_t engine = nullptr;
  dnnl_stream_t stream = nullptr;
  dnnl_memory_t src_u = nullptr, wei_u = nullptr, bias_u = nullptr, dst_u = nullptr;
  std::vector<Step> timed, check;

  ~Impl() {
    for (dnnl_memory_t m : memories) dnnl_memory_destroy(m);
    for (dnnl_primitive_t p : prims) dnnl_primitive_destroy(p);
    for (dnnl_primitive_desc_t pd : pds) dnnl_primitive_desc_destroy(pd);
    if (stream) dnnl_stream_destroy(stream);
    if (engine) dnnl_engine_destroy(engine);
  }
  // A memory of `md`, filled with uniform random values in [-1, 1) when `fill` (as every
  // Tessera contender's inputs: NDArray::FillRandom).
  dnnl_memory_t Memory(const dnnl_memory_desc_t* md, bool fill) {
    dnnl_memory_t mem = nullptr;
    if (!md || dnnl_memory_create(&mem, md, engine, DNNL_MEMORY_ALLOCATE) != dnnl_success)
      return nullptr;
    memories.push_back(mem);
    float* values = Data(mem);
    const size_t count = dnnl_memory_desc_get_size(md) / sizeof(float);
    std::mt19937_64 gen(memories.size());
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    for (size_t i = 0; values && i < count; ++i) values[i] = fill ? dist(gen) : 0.0f;
    return mem;
  }
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
  void Run(const std::vector<Step>& steps) {
    for (const Step& s : steps)
      dnnl_primitive_execute(s.prim, stream, static_cast<int>(s.args.size()), s.args.data());
    dnnl_stream_wait(stream);
  }
  // The expected output element `index` of the user-layout destination and the sum of
  // |products| behind it.
  void Expected(size_t index, double* value, double* magnitude) const;
};

void Layer::Impl::Expected(size_t index, double* value, double* magnitude) const {
  const float* src = Data(src_u);
  const float* wei = Data(wei_u);
  const LayerSpec& s = spec;
  double sum = 0, mag = 0;
  if (s.kind == "conv") {
    const int64_t oh = s.OutH(), ow = s.OutW();
    const int64_t x = index % ow, y = (index / ow) % oh, o = (index / (ow * oh)) % s.oc,
                  n = index / (ow * oh * s.oc);
    const int64_t icg = s.ic / s.groups, g = o / (s.oc / s.groups);
    for (int64_t c = 0; c < icg; ++c)
      for (int64_t ky = 0; ky < s.kh; ++ky)
        for (int64_t kx = 0; kx < s.kw; ++kx) {
          const int64_t iy = y * s.stride - s.pad + ky, ix = x * s.stride - s.pad + kx;
          if (iy < 0 || iy >= s.ih || ix < 0 || ix >= s.iw) continue;
          const double a = src[((n * s.ic + g * icg + c) * s.ih + iy) * s.iw + ix];
          const double b = wei[((o * icg + c) * s.kh + ky) * s.kw + kx];
          sum += a * b;
          mag += std::fabs(a * b);
        }
  } else if (s.kind == "matmul") {
    const int64_t j = index % s.n, i = (index / s.n) % s.m, b = index / (s.n * s.m);
    for (int64_t t = 0; t < s.k; ++t) {
      const double a = src[(b * s.m + i) * s.k + t];
      const double w = s.transb ? wei[(b * s.n + j) * s.k + t] : wei[(b * s.k + t) * s.n + j];
      sum += a * w;
      mag += std::fabs(a * w);
    }
  } else {
    const int64_t o = index % s.oc, i = index / s.oc;
    for (int64_t t = 0; t < s.ic; ++t) {
      const double a = src[i * s.ic + t], w = wei[o * s.ic + t];
      sum += a * w;
      mag += std::fabs(a * w);
    }
    if (s.bias) {
      const double b = Data(bias_u)[o];
      sum += b;
      mag += std::fabs(b);
    }
    if (s.post == "relu") sum = sum > 0 ? sum : 0;
    if (s.post == "gelu_tanh") sum = Gelu(static_cast<float>(sum));
  }
  *value = sum;
  *magnitude = mag;
}

Layer::Layer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Layer::~Layer() = default;

std::unique_ptr<Layer> Layer::Create(const LayerSpec& s, LayerLayouts layouts, std::string* error) {
  auto impl = std::make_unique<Impl>();
  Impl& h = *impl;
  h.spec = s;
  auto fail = [error](const std::string& what) -> std::unique_ptr<Layer> {
    if (error) *error = "oneDNN: " + what + " failed";
    return nullptr;
  };
  if (dnnl_engine_create(&h.engine, dnnl_cpu, 0) != dnnl_success) return fail("engine");
  if (dnnl_stream_create(&h.stream, h.engine, dnnl_stream_default_flags) != dnnl_success)
    return fail("stream");
  const bool any = layouts == LayerLayouts::kPreferred;
  // The user's tensors (the te definition's layouts) and the primitive's descriptors.
  dnnl_memory_desc_t user_src, user_wei, user_dst, user_bias, src_md, wei_md, dst_md;
  auto any_like = [](dnnl_memory_desc_t* md, const dnnl_memory_desc_t& user) {
    dnnl_memory_desc_init_by_tag(md, user.ndims, user.dims, dnnl_f32, dnnl_format_tag_any);
  };
  dnnl_primitive_desc_t pd = nullptr;
  dnnl_primitive_attr_t attr = nullptr;
  dnnl_post_ops_t post_ops = nullptr;
  if (s.kind == "ip" && !s.post.empty() && s.post != "none") {
    dnnl_primitive_attr_create(&attr);
    dnnl_post_ops_create(&post_ops);
    dnnl_post_ops_append_eltwise(
        post_ops, 1.0f, s.post == "relu" ? dnnl_eltwise_relu : dnnl_eltwise_gelu_tanh, 0.0f, 0.0f);
    dnnl_primitive_attr_set_post_ops(attr, post_ops);
  }
  dnnl_status_t status = dnnl_success;
  if (s.kind == "conv") {
    dnnl_dims_t src_dims = {s.mb, s.ic, s.ih, s.iw};
    dnnl_dims_t dst_dims = {s.mb, s.oc, s.OutH(), s.OutW()};
    dnnl_memory_desc_init_by_tag(&user_src, 4, src_dims, dnnl_f32, dnnl_nchw);
    dnnl_memory_desc_init_by_tag(&user_dst, 4, dst_dims, dnnl_f32, dnnl_nchw);
    if (s.groups > 1) {
      dnnl_dims_t wei_dims = {s.groups, s.oc / s.groups, s.ic / s.groups, s.kh, s.kw};
      dnnl_memory_desc_init_by_tag(&user_wei, 5, wei_dims, dnnl_f32, dnnl_goihw);
    } else {
      dnnl_dims_t wei_dims = {s.oc, s.ic, s.kh, s.kw};
      dnnl_memory_desc_init_by_tag(&user_wei, 4, wei_dims, dnnl_f32, dnnl_oihw);
    }
    src_md = user_src, wei_md = user_wei, dst_md = user_dst;
    if (any) any_like(&src_md, user_src), any_like(&wei_md, user_wei), any_like(&dst_md, user_dst);
    dnnl_dims_t strides = {s.stride, s.stride};
    dnnl_dims_t padding = {s.pad, s.pad};
    // The right padding that makes the output size come out as OutH/OutW.
    dnnl_dims_t padding_r = {(s.OutH() - 1) * s.stride + s.kh - s.ih - s.pad,
                             (s.OutW() - 1) * s.stride + s.kw - s.iw - s.pad};
    dnnl_convolution_desc_t desc;
    status = dnnl_convolution_forward_desc_init(&desc, dnnl_forward_inference,
                                                dnnl_convolution_direct, &src_md, &wei_md, nullptr,
                                                &dst_md, strides, padding, padding_r);
    if (status == dnnl_success)
      status = dnnl_primitive_desc_create(&pd, &desc, attr, h.engine, nullptr);
  } else if (s.kind == "matmul") {
    dnnl_dims_t src_dims = {s.batch, s.m, s.k};
    dnnl_dims_t wei_dims = {s.batch, s.k, s.n};
    dnnl_dims_t dst_dims = {s.batch, s.m, s.n};
    dnnl_memory_desc_init_by_tag(&user_src, 3, src_dims, dnnl_f32, dnnl_abc);
    dnnl_memory_desc_init_by_tag(&user_wei, 3, wei_dims, dnnl_f32, s.transb ? dnnl_acb : dnnl_abc);
    dnnl_memory_desc_init_by_tag(&user_dst, 3, dst_dims, dnnl_f32, dnnl_abc);
    src_md = user_src, wei_md = user_wei, dst_md = user_dst;
    if (any) any_like(&src_md, user_src), any_like(&wei_md, user_wei), any_like(&dst_md, user_dst);
    dnnl_matmul_desc_t desc;
    status = dnnl_matmul_desc_init(&desc, &src_md, &wei_md, nullptr, &dst_md);
    if (status == dnnl_success)
      status = dnnl_primitive_desc_create(&pd, &desc, attr, h.engine, nullptr);
  } else {
    dnnl_dims_t src_dims = {s.m, s.ic};
    dnnl_dims_t wei_dims = {s.oc, s.ic};
    dnnl_dims_t bias_dims = {s.oc};
    dnnl_dims_t dst_dims = {s.m, s.oc};
    dnnl_memory_desc_init_by_tag(&user_src, 2, src_dims, dnnl_f32, dnnl_nc);
    dnnl_memory_desc_init_by_tag(&user_wei, 2, wei_dims, dnnl_f32, dnnl_oi);
    dnnl_memory_desc_init_by_tag(&user_bias, 1, bias_dims, dnnl_f32, dnnl_x);
    dnnl_memory_desc_init_by_tag(&user_dst, 2, dst_dims, dnnl_f32, dnnl_nc);
    src_md = user_src, wei_md = user_wei, dst_md = user_dst;
    if (any) any_like(&src_md, user_src), any_like(&wei_md, user_wei), any_like(&dst_md, user_dst);
    dnnl_inner_product_desc_t desc;
    status = dnnl_inner_product_forward_desc_init(&desc, dnnl_forward_inference, &src_md, &wei_md,
                                                  s.bias ? &user_bias : nullptr, &dst_md);
    if (status == dnnl_success)
      status = dnnl_primitive_desc_create(&pd, &desc, attr, h.engine, nullptr);
  }
  if (attr) dnnl_primitive_attr_destroy(attr);
  if (post_ops) dnnl_post_ops_destroy(post_ops);
  if (status != dnnl_success || !pd) return fail(s.Describe() + ": primitive descriptor");
  h.pds.push_back(pd);
  const char* info = nullptr;
  if (dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &info) == dnnl_success && info)
    h.implementation = info;
  dnnl_primitive_t prim = nullptr;
  if (dnnl_primitive_create(&prim, pd) != dnnl_success) return fail("primitive");
  h.prims.push_back(prim);
  const dnnl_memory_desc_t* p_src = dnnl_primitive_desc_query_md(pd, dnnl_query_src_md, 0);
  const dnnl_memory_desc_t* p_wei = dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0);
  const dnnl_memory_desc_t* p_dst = dnnl_primitive_desc_query_md(pd, dnnl_query_dst_md, 0);
  h.src_u = h.Memory(&user_src, true);
  h.wei_u = h.Memory(&user_wei, true);
  h.dst_u = h.Memory(&user_dst, false);
  if (s.kind == "ip" && s.bias) h.bias_u = h.Memory(&user_bias, true);
  if (!h.src_u || !h.wei_u || !h.dst_u || (s.kind == "ip" && s.bias && !h.bias_u))
    return fail("memory");
  // The primitive's tensors: the user's where the layouts agree, else copies with reorders.
  auto own = [&](const dnnl_memory_desc_t* md, dnnl_memory_t user,
                 const dnnl_memory_desc_t* user_md) {
    return dnnl_memory_desc_equal(md, user_md) ? user : h.Memory(md, false);
  };
  dnnl_memory_t src = own(p_src, h.src_u, &user_src), wei = own(p_wei, h.wei_u, &user_wei),
                dst = own(p_dst, h.dst_u, &user_dst);
  if (!src || !wei || !dst) return fail("memory");
  if (wei != h.wei_u) {  // once, outside any timing (inference reorders weights at load)
    dnnl_primitive_t r = h.Reorder(&user_wei, p_wei);
    if (!r) return fail("weights reorder");
    h.Run({{r, {{DNNL_ARG_FROM, h.wei_u}, {DNNL_ARG_TO, wei}}}});
  }
  std::vector<Step> in, out;
  if (src != h.src_u) {
    dnnl_primitive_t r = h.Reorder(&user_src, p_src);
    if (!r) return fail("source reorder");
    in.push_back({r, {{DNNL_ARG_FROM, h.src_u}, {DNNL_ARG_TO, src}}});
  }
  if (dst != h.dst_u) {
    dnnl_primitive_t r = h.Reorder(p_dst, &user_dst);
    if (!r) return fail("destination reorder");
    out.push_back({r, {{DNNL_ARG_FROM, dst}, {DNNL_ARG_TO, h.dst_u}}});
  }
  Step compute{prim, {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, wei}, {DNNL_ARG_DST, dst}}};
  if (h.bias_u) compute.args.push_back({DNNL_ARG_BIAS, h.bias_u});
  h.check = in;
  h.check.push_back(compute);
  h.check.insert(h.check.end(), out.begin(), out.end());
  if (any) {
    h.Run(in);  // the blocked source laid out once, outside the timing
    h.timed = {compute};
  } else {
    h.timed = h.check;
  }
  return std::unique_ptr<Layer>(new Layer(std::move(impl)));
}

double Layer::TimeMs(int repeat, double min_warmup_ms) {
  const auto run = [this] { impl_->Run(impl_->timed); };
  WaitForOtherThreadsIdle();
  (void)runner::WarmUpCalls(1, min_warmup_ms, [&] {
    run();
    return Status::Ok();
  });
  std::vector<double> times;
  for (int i = 0; i < std::max(repeat, 1); ++i) times.push_back(TimeOnce(run));
  return Summarize(times).median_ms;
}

double Layer::Check(std::string* error) {
  Impl& h = *impl_;
  float* out = Data(h.dst_u);
  const size_t count =
      dnnl_memory_desc_get_size(dnnl_primitive_desc_query_md(h.pds.front(), dnnl_query_dst_md, 0)) /
      sizeof(float);
  for (size_t i = 0; i < count; ++i) out[i] = std::nanf("");
  h.Run(h.check);
  // Every element for small outputs, else a strided sample of ~20000 (a C++ loop over the
  // whole reduction of each).
  const size_t step = count > 20000 ? count / 20000 : 1;
  double worst = 0;
  for (size_t i = 0; i < count; i += step) {
    double expected = 0, magnitude = 0;
    h.Expected(i, &expected, &magnitude);
    const double err = std::fabs(out[i] - expected) / (magnitude + 1e-6);
    if (!(err <= worst)) worst = err;  // a NaN is the worst
    if (std::isnan(out[i])) {
      if (error) *error = "oneDNN left element " + std::to_string(i) + " unwritten";
      return -1;
    }
  }
  return worst;
}

const std::string& Layer::implementation() const { return impl_->implementation; }

#else

struct Layer::Impl {
  std::string implementation;
};
Layer::Layer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Layer::~Layer() = default;
std::unique_ptr<Layer> Layer::Create(const LayerSpec&, LayerLayouts, std::string* error) {
  if (error) *error = "oneDNN: not available (built without libdnnl-dev)";
  return nullptr;
}
double Layer::TimeMs(int, double) { return -1; }
double Layer::Check(std::string* error) {
  if (error) *error = "oneDNN: not available";
  return -1;
}
const std::string& Layer::implementation() const { return impl_->implementation; }

#endif

}  // namespace tessera::bench::onednn
