#include "codegen/cuda/CodeGenCUDA.h"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "codegen/BufferIndex.h"
#include "codegen/CodeGenCBase.h"
#include "codegen/cuda/CodeGenCUDAWide.h"
#include "codegen/cuda/CodeGenCUDAWmma.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/MathIntrinsics.h"
#include "ir/Printer.h"
#include "transform/ThreadSync.h"

namespace tessera::codegen {

using namespace ir;

namespace {

constexpr const char* kDynamicPool = "tsr_dynamic_shared";

const char* kPrelude =
    R"(// Fixed-width integers (NVRTC compiles without the C library headers; nvcc, which
// cuda_fp16.h / mma.h bring <stdint.h> into, takes the library's).
#if defined(__CUDACC_RTC__) || !defined(__CUDACC__)
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#else
#include <stdint.h>
#endif

// Division and modulo rounding down (Python's // and %), and integer min / max.
template <typename T> __device__ __forceinline__ T tsr_floordiv(T a, T b) {
  T q = a / b, r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q;
}
template <typename T> __device__ __forceinline__ T tsr_floormod(T a, T b) {
  T r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
template <typename T> __device__ __forceinline__ T tsr_min(T a, T b) { return a < b ? a : b; }
template <typename T> __device__ __forceinline__ T tsr_max(T a, T b) { return a > b ? a : b; }
)";

std::string Quote(const std::string& s) {
  std::string out;
  for (char c : s) out += (c == '\n') ? ' ' : c;
  return out;
}

// The element index of an access: the flat index itself for a plain 1-D buffer (so that
// int32 indices stay 32-bit), otherwise the backends' shared LinearIndex.
Expr DeviceIndex(const Buffer& b, const std::vector<Expr>& indices) {
  bool plain = indices.size() == 1 && b->strides.empty() &&
               (!b->elem_offset.defined() || is_zero(b->elem_offset));
  return plain ? indices[0] : LinearIndex(b, indices);
}

// A vector store of a vector load that prints as one wide load and store
// (CodeGenCUDAWide.h): both accesses' wide forms, of the same width.
struct WideCopy {
  WideAccess store, load;
  const BufferLoadNode* source;
};
std::optional<WideCopy> AsWideCopy(const BufferStoreNode* n) {
  const auto* load = n->value.as<BufferLoadNode>();
  if (!load || n->value.dtype().lanes() < 2) return {};
  DataType element = n->value.dtype().element_of();
  if (n->buffer->dtype != element || load->buffer->dtype != element) return {};
  auto store = AsWideAccess(DeviceIndex(n->buffer, n->indices), element);
  auto read = AsWideAccess(DeviceIndex(load->buffer, load->indices), element);
  if (!store || !read || store->lanes != read->lanes) return {};
  return WideCopy{*store, *read, load};
}

// The buffers a kernel copies between with wide accesses: its allocations among them
// are declared 16-byte aligned.
std::unordered_set<const ExprNode*> WideCopyBuffers(const Stmt& body) {
  struct Scan : IRVisitor {
    std::unordered_set<const ExprNode*> buffers;
    void VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
      if (auto copy = AsWideCopy(n)) {
        buffers.insert(n->buffer->data.get());
        buffers.insert(copy->source->buffer->data.get());
      }
      IRVisitor::VisitBufferStore(n, s);
    }
  } scan;
  scan.VisitStmt(body);
  return scan.buffers;
}

class KernelPrinter : public CodeGenCBase {
 public:
  explicit KernelPrinter(const CudaKernel& k) : k_(k) {}

  // Loops are numbered from `first_loop` (the loops of the kernels printed before).
  Result<std::string> Print(int first_loop = 1) {
    for (const auto& [tag, var] : k_.index_vars) names_[var.get()] = "((int)" + tag + ")";
    Result<FragmentMap> fragments = InferFragments(k_.body);  // wmma fragments (CodeGenCUDAWmma.h)
    if (!fragments) return Error(fragments.error().message + Where());
    fragments_ = std::move(fragments.value());
    wide_buffers_ = WideCopyBuffers(k_.body);
    std::string signature = Signature();
    indent_ = 1;
    NumberLoopsOf(k_.body, first_loop);
    if (k_.dynamic_shared)
      Line() << "extern __shared__ __align__(16) unsigned char " << kDynamicPool << "[];\n";
    VisitStmt(k_.body);
    if (error_) return *error_;
    std::string opening = Header() + signature + " {\n";
    for (LoopByteRange& r : loop_ranges_) r.begin += opening.size(), r.end += opening.size();
    return opening + body_.str() + "}\n";
  }
  const std::vector<LoopId>& loops() const { return loops_; }
  const std::vector<LoopByteRange>& loopRanges() const { return loop_ranges_; }

 private:
  // ---- declarations ----
  std::string Header() const {
    std::string grid, block;
    for (int d = 0; d < 3; ++d) {
      grid += (d ? ", " : "") + to_string(k_.grid[d]);
      block += (d ? ", " : "") + to_string(k_.block[d]);
    }
    std::string out = "// " + k_.name + ": grid (" + grid + "), block (" + block + ")";
    if (!k_.shared.empty())
      out += ", " + std::to_string(k_.shared_bytes()) + " bytes of shared memory" +
             (k_.dynamic_shared ? " (dynamic)" : "");
    return out + "\n";
  }

  std::string Signature() {
    std::string params;
    for (size_t i = 0; i < k_.params.size(); ++i) {
      const auto& p = k_.params[i];
      std::string name = Define(p.var);
      std::string decl = p.is_buffer() ? std::string(k_.read_only[i] ? "const " : "") +
                                             CType(p.buffer->dtype) + "* __restrict__ " + name
                                       : CType(p.var.dtype()) + " " + name;
      params += (i ? ", " : "") + decl;
    }
    std::string bounds;
    if (auto threads = k_.threads_per_block())
      bounds = "__launch_bounds__(" + std::to_string(*threads) + ") ";
    return "extern \"C\" __global__ void " + bounds + k_.name + "(" + params + ")";
  }

  // ---- hooks ----
  std::string Language() const override { return "CUDA"; }
  std::string Where() const override { return " in kernel " + k_.name; }
  std::string CType(DataType t) override {
    t = t.element_of();
    if (t.is_handle()) return "void*";
    if (t.is_bool()) return "bool";
    if (t.is_float()) {
      if (t.bits() == 16) return "half";  // cuda_fp16.h (CudaHeaders)
      return t.bits() == 64 ? "double" : "float";
    }
    return std::string(t.is_uint() ? "uint" : "int") + std::to_string(t.bits()) + "_t";
  }

  Expr Index(const Buffer& b, const std::vector<Expr>& indices) override {
    return DeviceIndex(b, indices);
  }
  void LaneLoop(int lanes) override {
    Line() << "#pragma unroll\n";
    Line() << "for (int " << kLane << " = 0; " << kLane << " < " << lanes << "; ++" << kLane
           << ") {\n";
  }
  std::string DivModMinMax(ExprKind kind, DataType t, const std::string& a,
                           const std::string& b) override {
    std::string ct = CType(t);
    std::string fsuffix = t.bits() == 64 ? "" : "f";
    switch (kind) {
      case ExprKind::Mod:
        return t.is_float() ? "fmod" + fsuffix + "(" + a + ", " + b + ")" : Arith(t, "%", a, b);
      case ExprKind::FloorDiv:
        if (t.is_float()) return "floor" + fsuffix + "(" + a + " / " + b + ")";
        if (t.is_uint()) return "(" + a + " / " + b + ")";
        return "tsr_floordiv<" + ct + ">(" + a + ", " + b + ")";
      case ExprKind::FloorMod:
        if (t.is_float())
          return "(" + a + " - floor" + fsuffix + "(" + a + " / " + b + ") * " + b + ")";
        if (t.is_uint()) return "(" + a + " % " + b + ")";
        return "tsr_floormod<" + ct + ">(" + a + ", " + b + ")";
      case ExprKind::Min:
        return t.is_float() ? "fmin" + fsuffix + "(" + a + ", " + b + ")"
                            : "tsr_min<" + ct + ">(" + a + ", " + b + ")";
      default:
        return t.is_float() ? "fmax" + fsuffix + "(" + a + ", " + b + ")"
                            : "tsr_max<" + ct + ">(" + a + ", " + b + ")";
    }
  }
  std::string Math(const MathOpInfo& info, const CallNode* n) override {
    DataType t = n->dtype.element_of();
    if (!t.is_float() || static_cast<int>(n->args.size()) != info.arity) {
      Fail("math intrinsic '" + n->op + "' needs " + std::to_string(info.arity) +
           " float arguments");
      return "0";
    }
    std::string f = t.bits() == 64 ? "" : "f";
    std::string ct = CType(t);
    std::vector<std::string> args;
    for (auto& a : n->args) args.push_back("((" + ct + ")" + VisitExpr(a) + ")");
    if (info.op == MathOp::Sigmoid)
      return "(1.0" + f + " / (1.0" + f + " + exp" + f + "(-" + args[0] + ")))";
    if (info.op == MathOp::Rsqrt) return "rsqrt" + f + "(" + args[0] + ")";
    if (info.arity == 2) return std::string(info.c_name) + f + "(" + args[0] + ", " + args[1] + ")";
    return std::string(info.c_name) + f + "(" + args[0] + ")";
  }

  // ---- expressions CUDA prints its own way ----
  std::string VisitIntImm(const IntImmNode* n, const Expr&) override {
    DataType t = n->dtype;
    if (t.is_bool()) return n->value ? "true" : "false";
    if (t.is_uint()) return std::to_string(static_cast<uint64_t>(n->value)) + "ull";
    if (t.bits() == 64)
      return n->value == INT64_MIN ? "(-9223372036854775807ll - 1)"
                                   : "(" + std::to_string(n->value) + "ll)";
    std::string v = n->value == INT32_MIN ? "(-2147483647 - 1)" : std::to_string(n->value);
    if (n->value < 0) v = "(" + v + ")";
    return t.bits() == 32 ? v : "((" + CType(t) + ")" + v + ")";
  }
  std::string VisitFloatImm(const FloatImmNode* n, const Expr&) override {
    double v = n->value;
    bool f32 = n->dtype.bits() != 64;
    if (std::isnan(v))
      return f32 ? "__int_as_float(0x7fffffff)" : "__longlong_as_double(0x7ff8000000000000ll)";
    if (std::isinf(v)) {
      std::string inf =
          f32 ? "__int_as_float(0x7f800000)" : "__longlong_as_double(0x7ff0000000000000ll)";
      return v > 0 ? inf : "(-" + inf + ")";
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, f32 ? "%.9g" : "%.17g", v);
    std::string text = buf;
    if (text.find_first_of(".eE") == std::string::npos) text += ".0";
    if (f32) text += "f";
    if (n->dtype.bits() == 16) return "((half)" + text + ")";  // half has no literals
    return v < 0 ? "(" + text + ")" : text;
  }
  std::string VisitStringImm(const StringImmNode* n, const Expr&) override {
    return "\"" + Quote(n->value) + "\"";
  }
  std::string VisitLet(const LetNode* n, const Expr&) override {
    if (n->value.dtype().lanes() > 1 && !lane_) return Vector(n->value);
    std::string value = VisitExpr(n->value);
    Var v = Var::from(n->var);
    std::string name = Define(v);
    vector_vars_.erase(v.get());
    // An immediately invoked lambda: a let inside an expression.
    return "([&]() { const " + CType(n->value.dtype()) + " " + name + " = " + value + "; return " +
           VisitExpr(n->body) + "; }())";
  }

  std::string VisitCall(const CallNode* n, const Expr& e) override {
    if (!IsWmmaBuiltin(n->op)) return CodeGenCBase::VisitCall(n, e);
    Result<std::string> text =
        WmmaCallText(n, fragments_, [&](const Expr& a) { return VisitExpr(a); });
    if (!text) Fail(text.error().message);
    return text ? *text : std::string("0");
  }

  // ---- statements CUDA prints its own way ----
  void VisitFor(const ForNode* n, const Stmt&) override {
    if (n->for_kind == ForKind::ThreadBinding) {
      Fail("loop " + n->loop_var.name() + " is bound to a GPU index inside kernel " + k_.name +
           " (run transform::ThreadLaunch first)");
      return;
    }
    std::string t = CType(n->loop_var.dtype());
    std::string min = VisitExpr(n->min), extent = VisitExpr(n->extent);
    std::string v = Define(n->loop_var);
    BeginLoop(n);
    if (n->for_kind == ForKind::Unrolled) Line() << "#pragma unroll\n";
    std::string end = is_zero(n->min) ? extent : min + " + " + extent;
    Line() << "for (" << t << " " << v << " = " << min << "; " << v << " < " << end << "; ++" << v
           << ") {\n";
    Block(n->body);
    Line() << "}\n";
    EndLoop(n);
  }
  void VisitLetStmt(const LetStmtNode* n, const Stmt&) override {
    int lanes = n->value.dtype().lanes();
    std::string name = Define(n->var);
    if (lanes > 1) {
      Line() << CType(n->value.dtype()) << " " << name << "[" << lanes << "];\n";
      PerLane(lanes,
              [&] { Line() << name << "[" << kLane << "] = " << VisitExpr(n->value) << ";\n"; });
      vector_vars_.insert(n->var.get());
    } else {
      Line() << "const " << CType(n->value.dtype()) << " " << name << " = " << VisitExpr(n->value)
             << ";\n";
    }
    VisitStmt(n->body);
  }
  void VisitAllocate(const AllocateNode* n, const Stmt&) override {
    std::string name = Define(n->buffer_var);
    if (auto f = fragments_.find(n->buffer_var.get()); f != fragments_.end()) {
      Result<std::string> declaration = WmmaFragmentDeclaration(f->second, name);
      if (!declaration) return Fail(declaration.error().message + Where());
      Line() << *declaration << "\n";
      return VisitStmt(n->body);
    }
    std::string t = CType(n->dtype);
    int64_t count = n->dtype.lanes();
    for (auto& e : n->extents) {
      const int64_t* c = as_const_int(e);
      if (!c) {
        Fail("allocation " + n->buffer_var.name() + " has a symbolic size");
        return;
      }
      count *= *c;
    }
    count = std::max<int64_t>(count, 1);
    bool shared = n->scope.rfind("shared", 0) == 0;
    if (shared && k_.dynamic_shared) {
      Line() << t << "* " << name << " = reinterpret_cast<" << t << "*>(" << kDynamicPool << " + "
             << dynamic_offset_ << ");  // " << count << " elements of dynamic shared memory\n";
      int64_t bytes = count * (n->dtype.is_bool() ? 1 : n->dtype.element_of().bytes());
      dynamic_offset_ += (bytes + 15) / 16 * 16;
    } else {
      Line() << (shared ? "__shared__ " : "")
             << (wide_buffers_.count(n->buffer_var.get()) ? "__align__(16) " : "") << t << " "
             << name << "[" << count << "];\n";
    }
    VisitStmt(n->body);
  }
  void VisitAssertStmt(const AssertStmtNode* n, const Stmt&) override {
    auto* message = n->message.as<StringImmNode>();
    Line() << "if (!" << VisitExpr(n->condition) << ") {  // "
           << Quote(message ? message->value : "assertion") << "\n";
    Line() << "  __trap();\n";
    Line() << "}\n";
    VisitStmt(n->body);
  }
  void VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    auto copy = AsWideCopy(n);
    if (!copy) return CodeGenCBase::VisitBufferStore(n, s);
    std::string type = WideType(n->buffer->dtype, copy->store.lanes);
    const Buffer& from = copy->source->buffer;
    Line() << "*(" << type << "*)(" << NameOf(n->buffer->data.get(), n->buffer->name) + " + "
           << VisitExpr(copy->store.base) << ") = *(const " << type << "*)("
           << NameOf(from->data.get(), from->name) << " + " << VisitExpr(copy->load.base) << ");\n";
  }
  void VisitEvaluate(const EvaluateNode* n, const Stmt& s) override {
    if (transform::IsStorageSync(s)) {
      Line() << "__syncthreads();\n";
      return;
    }
    CodeGenCBase::VisitEvaluate(n, s);
  }

  const CudaKernel& k_;
  int64_t dynamic_offset_ = 0;
  FragmentMap fragments_;
  std::unordered_set<const ExprNode*> wide_buffers_;  // WideCopyBuffers
};

// The host program as comment lines: loops, temporaries and launches.
class HostPrinter : public StmtFunctor<void> {
 public:
  explicit HostPrinter(const CudaProgram& p) : p_(p) {}
  std::string Print() {
    out_ << "// Host program (" << p_.host.name << "):\n";
    VisitStmt(p_.host.body);
    return out_.str();
  }

 private:
  std::ostream& Line() {
    out_ << "//  ";
    for (int i = 0; i < indent_; ++i) out_ << "  ";
    return out_;
  }
  void VisitStmtDefault(const Stmt&) override {}
  void VisitFor(const ForNode* n, const Stmt&) override {
    Line() << "for (" << n->loop_var.name() << " = " << to_string(n->min) << "; "
           << n->loop_var.name() << " < " << to_string(add(n->min, n->extent)) << "; ++"
           << n->loop_var.name() << ")\n";
    ++indent_;
    VisitStmt(n->body);
    --indent_;
  }
  void VisitLetStmt(const LetStmtNode* n, const Stmt&) override {
    Line() << n->var.name() << " = " << to_string(n->value) << "\n";
    VisitStmt(n->body);
  }
  void VisitIfThenElse(const IfThenElseNode* n, const Stmt&) override {
    Line() << "if " << to_string(n->condition) << "\n";
    ++indent_;
    VisitStmt(n->then_case);
    --indent_;
    if (!n->else_case.defined()) return;
    Line() << "else\n";
    ++indent_;
    VisitStmt(n->else_case);
    --indent_;
  }
  void VisitAllocate(const AllocateNode* n, const Stmt&) override {
    std::string size;
    for (auto& e : n->extents) size += (size.empty() ? "" : " * ") + to_string(e);
    Line() << n->buffer_var.name() << " = device_alloc(" << n->dtype.str() << ", " << size << ")\n";
    VisitStmt(n->body);
  }
  void VisitAttrStmt(const AttrStmtNode* n, const Stmt&) override { VisitStmt(n->body); }
  void VisitAssertStmt(const AssertStmtNode* n, const Stmt&) override {
    Line() << "assert " << to_string(n->condition) << "\n";
    VisitStmt(n->body);
  }
  void VisitSeqStmt(const SeqStmtNode* n, const Stmt&) override {
    for (auto& s : n->seq) VisitStmt(s);
  }
  void VisitEvaluate(const EvaluateNode*, const Stmt& s) override {
    auto index = IsKernelLaunch(s);
    if (!index || *index < 0 || *index >= static_cast<int>(p_.kernels.size())) return;
    const CudaKernel& k = p_.kernels[static_cast<size_t>(*index)];
    std::string args;
    for (size_t i = 0; i < k.params.size(); ++i) args += (i ? ", " : "") + k.params[i].var.name();
    Line() << k.name << "<<<dim3(" << Dims(k.grid) << "), dim3(" << Dims(k.block) << ")>>>(" << args
           << ");\n";
  }
  static std::string Dims(const std::array<Expr, 3>& d) {
    return to_string(d[0]) + ", " + to_string(d[1]) + ", " + to_string(d[2]);
  }

  const CudaProgram& p_;
  std::ostringstream out_;
  int indent_ = 0;
};

}  // namespace

const std::string& KernelSymbol(const CudaKernel& kernel) { return kernel.name; }

Result<std::string> CodeGenCUDA(const CudaProgram& program, LoopLines* lines) {
  std::ostringstream out;
  out << "// Generated by Tessera from function " << program.host.name << " ("
      << program.kernels.size() << (program.kernels.size() == 1 ? " kernel" : " kernels") << ").\n"
      << CudaHeaders(program) << kPrelude << "\n";
  std::vector<LoopId> loops;
  std::vector<LoopByteRange> ranges;
  for (const CudaKernel& k : program.kernels) {
    KernelPrinter printer(k);
    Result<std::string> text = printer.Print(int(loops.size()) + 1);
    if (!text) return text.error();
    auto offset = static_cast<size_t>(out.tellp());
    loops.insert(loops.end(), printer.loops().begin(), printer.loops().end());
    for (LoopByteRange r : printer.loopRanges())
      ranges.push_back({r.id, r.begin + offset, r.end + offset});
    out << *text << "\n";
  }
  out << HostPrinter(program).Print();
  std::string text = out.str();
  if (lines) *lines = LinesFromByteRanges(text, std::move(loops), ranges);
  return text;
}

}  // namespace tessera::codegen
