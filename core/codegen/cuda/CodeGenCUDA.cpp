#include "codegen/cuda/CodeGenCUDA.h"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "codegen/BufferIndex.h"
#include "codegen/MathIntrinsics.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "transform/ThreadSync.h"

namespace tessera::codegen {

using namespace ir;

namespace {

constexpr const char* kLane = "tsr_lane";
constexpr const char* kDynamicPool = "tsr_dynamic_shared";

const char* kPrelude = R"(// Fixed-width integers (NVRTC compiles without the C library headers).
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;

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

std::string Identifier(const std::string& name) {
  std::string out;
  for (char c : name) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "v_" + out;
  return out;
}

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

class KernelPrinter : public ExprFunctor<std::string>, public StmtFunctor<void> {
 public:
  explicit KernelPrinter(const CudaKernel& k) : k_(k) {}

  Result<std::string> Print() {
    for (const auto& [tag, var] : k_.index_vars) names_[var.get()] = "((int)" + tag + ")";
    std::string signature = Signature();
    indent_ = 1;
    if (k_.dynamic_shared)
      Line() << "extern __shared__ __align__(16) unsigned char " << kDynamicPool << "[];\n";
    VisitStmt(k_.body);
    if (error_) return *error_;
    return Header() + signature + " {\n" + body_.str() + "}\n";
  }

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

  std::string CType(DataType t) {
    t = t.element_of();
    if (t.is_handle()) return "void*";
    if (t.is_bool()) return "bool";
    if (t.is_float()) {
      if (t.bits() == 16) Fail("float16 is not supported by the CUDA backend yet");
      return t.bits() == 64 ? "double" : "float";
    }
    return std::string(t.is_uint() ? "uint" : "int") + std::to_string(t.bits()) + "_t";
  }

  // ---- names ----
  std::string Define(const Var& v) {
    if (auto it = names_.find(v.get()); it != names_.end()) return it->second;
    std::string base = Identifier(v.name()), name = base;
    for (int k = 1; used_.count(name); ++k) name = base + "_" + std::to_string(k);
    used_.insert(name);
    return names_[v.get()] = name;
  }
  std::string NameOf(const ExprNode* v, const std::string& fallback) {
    auto it = names_.find(v);
    if (it != names_.end()) return it->second;
    Fail("variable '" + fallback + "' is not defined in kernel " + k_.name);
    return fallback;
  }
  void Fail(const std::string& message) {
    if (!error_) error_ = Error("CUDA codegen: " + message);
  }
  std::ostream& Line() {
    for (int i = 0; i < indent_; ++i) body_ << "  ";
    return body_;
  }

  // ---- expressions ----
  std::string VisitExprDefault(const Expr& e) override {
    Fail(std::string("cannot print ") + kind_name(e.kind()) +
         " as CUDA (run the lowering pipeline first)");
    return "0";
  }
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
    return v < 0 ? "(" + text + ")" : text;
  }
  std::string VisitStringImm(const StringImmNode* n, const Expr&) override {
    return "\"" + Quote(n->value) + "\"";
  }
  std::string VisitVar(const VarNode* n, const Expr& e) override {
    std::string name = NameOf(e.get(), n->name);
    if (vector_vars_.count(e.get())) return lane_ ? name + "[" + kLane + "]" : Vector(e);
    return name;
  }
  std::string Vector(const Expr& e) {
    Fail("the vector expression " + e.dtype().str() + " is used outside a vector statement");
    return "0";
  }
  std::string VisitBinary(const BinaryNode* n, const Expr& e) override {
    std::string a = VisitExpr(n->a), b = VisitExpr(n->b);
    DataType t = n->a.dtype().element_of();
    std::string ct = CType(t);
    auto arith = [&](const char* op) {
      std::string r = "(" + a + " " + op + " " + b + ")";
      return t.is_integer() && t.bits() < 32 ? "((" + ct + ")" + r + ")" : r;
    };
    std::string fsuffix = t.bits() == 64 ? "" : "f";
    switch (n->kind) {
      case ExprKind::Add:
        return arith("+");
      case ExprKind::Sub:
        return arith("-");
      case ExprKind::Mul:
        return arith("*");
      case ExprKind::Div:
        return arith("/");
      case ExprKind::Mod:
        return t.is_float() ? "fmod" + fsuffix + "(" + a + ", " + b + ")" : arith("%");
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
      case ExprKind::Max:
        return t.is_float() ? "fmax" + fsuffix + "(" + a + ", " + b + ")"
                            : "tsr_max<" + ct + ">(" + a + ", " + b + ")";
      case ExprKind::EQ:
        return "(" + a + " == " + b + ")";
      case ExprKind::NE:
        return "(" + a + " != " + b + ")";
      case ExprKind::LT:
        return "(" + a + " < " + b + ")";
      case ExprKind::LE:
        return "(" + a + " <= " + b + ")";
      case ExprKind::GT:
        return "(" + a + " > " + b + ")";
      case ExprKind::GE:
        return "(" + a + " >= " + b + ")";
      case ExprKind::And:
        return "(" + a + " && " + b + ")";
      case ExprKind::Or:
        return "(" + a + " || " + b + ")";
      default:
        return VisitExprDefault(e);
    }
  }
  std::string VisitNot(const NotNode* n, const Expr&) override {
    return "(!" + VisitExpr(n->a) + ")";
  }
  std::string VisitSelect(const SelectNode* n, const Expr&) override {
    return "(" + VisitExpr(n->condition) + " ? " + VisitExpr(n->true_value) + " : " +
           VisitExpr(n->false_value) + ")";
  }
  std::string VisitCast(const CastNode* n, const Expr&) override {
    return "((" + CType(n->dtype) + ")" + VisitExpr(n->value) + ")";
  }
  std::string VisitRamp(const RampNode* n, const Expr& e) override {
    if (!lane_) return Vector(e);
    if (is_one(n->stride)) return "(" + VisitExpr(n->base) + " + " + kLane + ")";
    return "(" + VisitExpr(n->base) + " + " + VisitExpr(n->stride) + " * " + kLane + ")";
  }
  std::string VisitBroadcast(const BroadcastNode* n, const Expr& e) override {
    return lane_ ? VisitExpr(n->value) : Vector(e);
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
  std::string VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
    if (n->dtype.lanes() > 1 && !lane_) return Vector(e);
    return NameOf(n->buffer->data.get(), n->buffer->name) + "[" +
           VisitExpr(DeviceIndex(n->buffer, n->indices)) + "]";
  }
  std::string VisitCall(const CallNode* n, const Expr& e) override {
    if ((n->op == "likely" || n->op == "assume") && n->args.size() == 1)
      return VisitExpr(n->args[0]);
    if (n->op == "if_then_else" && n->args.size() == 3)
      return "(" + VisitExpr(n->args[0]) + " ? " + VisitExpr(n->args[1]) + " : " +
             VisitExpr(n->args[2]) + ")";
    if (auto info = LookupMathOp(n->op)) return Math(*info, n);
    if (n->call_kind == CallKind::Extern) {
      std::string args;
      for (size_t i = 0; i < n->args.size(); ++i) args += (i ? ", " : "") + VisitExpr(n->args[i]);
      return n->op + "(" + args + ")";
    }
    Fail("unsupported intrinsic '" + n->op + "'");
    return VisitExprDefault(e);
  }
  std::string Math(const MathOpInfo& info, const CallNode* n) {
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

  // ---- statements ----
  template <typename Fn>
  void PerLane(int lanes, Fn emit) {
    if (lanes <= 1) {
      emit();
      return;
    }
    Line() << "#pragma unroll\n";
    Line() << "for (int " << kLane << " = 0; " << kLane << " < " << lanes << "; ++" << kLane
           << ") {\n";
    ++indent_;
    lane_ = true;
    emit();
    lane_ = false;
    --indent_;
    Line() << "}\n";
  }
  void Block(const Stmt& body) {
    ++indent_;
    VisitStmt(body);
    --indent_;
  }

  void VisitStmtDefault(const Stmt& s) override {
    Fail(std::string("cannot print ") + kind_name(s.kind()) +
         " as CUDA (run the lowering pipeline first)");
  }
  void VisitFor(const ForNode* n, const Stmt&) override {
    if (n->for_kind == ForKind::ThreadBinding) {
      Fail("loop " + n->loop_var.name() + " is bound to a GPU index inside kernel " + k_.name +
           " (run transform::ThreadLaunch first)");
      return;
    }
    std::string t = CType(n->loop_var.dtype());
    std::string min = VisitExpr(n->min), extent = VisitExpr(n->extent);
    std::string v = Define(n->loop_var);
    if (n->for_kind == ForKind::Unrolled) Line() << "#pragma unroll\n";
    std::string end = is_zero(n->min) ? extent : min + " + " + extent;
    Line() << "for (" << t << " " << v << " = " << min << "; " << v << " < " << end << "; ++" << v
           << ") {\n";
    Block(n->body);
    Line() << "}\n";
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
  void VisitIfThenElse(const IfThenElseNode* n, const Stmt&) override {
    if (n->condition.dtype().lanes() > 1) {
      Fail("an if condition must be a scalar");
      return;
    }
    Line() << "if (" << VisitExpr(n->condition) << ") {\n";
    Block(n->then_case);
    if (n->else_case.defined()) {
      Line() << "} else {\n";
      Block(n->else_case);
    }
    Line() << "}\n";
  }
  void VisitBufferStore(const BufferStoreNode* n, const Stmt&) override {
    int lanes = n->value.dtype().lanes();
    bool vector_index = false;
    for (auto& i : n->indices) {
      lanes = std::max(lanes, i.dtype().lanes());
      vector_index = vector_index || i.dtype().lanes() > 1;
    }
    if (!vector_index && n->value.dtype().lanes() > 1) {
      Fail("store of a " + n->value.dtype().str() + " value to a scalar location of " +
           n->buffer->name);
      return;
    }
    std::string buffer = NameOf(n->buffer->data.get(), n->buffer->name);
    PerLane(lanes, [&] {
      Line() << buffer << "[" << VisitExpr(DeviceIndex(n->buffer, n->indices))
             << "] = " << VisitExpr(n->value) << ";\n";
    });
  }
  void VisitAllocate(const AllocateNode* n, const Stmt&) override {
    std::string name = Define(n->buffer_var);
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
      Line() << (shared ? "__shared__ " : "") << t << " " << name << "[" << count << "];\n";
    }
    VisitStmt(n->body);
  }
  void VisitAttrStmt(const AttrStmtNode* n, const Stmt&) override {
    if (n->key == "produce") {
      std::string what;
      if (auto* p = std::get_if<DataProducer>(&n->node); p && *p)
        what = " " + (*p)->producer_name();
      Line() << "// produce" << what << "\n";
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
  void VisitSeqStmt(const SeqStmtNode* n, const Stmt&) override {
    for (auto& s : n->seq) VisitStmt(s);
  }
  void VisitEvaluate(const EvaluateNode* n, const Stmt& s) override {
    if (transform::IsStorageSync(s)) {
      Line() << "__syncthreads();\n";
      return;
    }
    if (is_const(n->value)) return;
    PerLane(n->value.dtype().lanes(), [&] { Line() << "(void)" << VisitExpr(n->value) << ";\n"; });
  }

  const CudaKernel& k_;
  std::ostringstream body_;
  int indent_ = 0;
  bool lane_ = false;
  int64_t dynamic_offset_ = 0;
  std::unordered_map<const ExprNode*, std::string> names_;
  std::unordered_set<std::string> used_;
  std::unordered_set<const ExprNode*> vector_vars_;
  std::optional<Error> error_;
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

Result<std::string> CodeGenCUDA(const CudaProgram& program) {
  std::ostringstream out;
  out << "// Generated by Tessera from function " << program.host.name << " ("
      << program.kernels.size() << (program.kernels.size() == 1 ? " kernel" : " kernels") << ").\n"
      << kPrelude << "\n";
  for (const CudaKernel& k : program.kernels) {
    Result<std::string> text = KernelPrinter(k).Print();
    if (!text) return text.error();
    out << *text << "\n";
  }
  out << HostPrinter(program).Print();
  return out.str();
}

}  // namespace tessera::codegen
