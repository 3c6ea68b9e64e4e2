// TVM's wmma TensorIntrins for a TE intrinsic of wmma builtins (TirExportWmma.h): the
// builtin the body calls first says which intrinsic it is (a load, a store or an
// mma_sync), the compute and the buffers' scopes that it is one TVM describes.
#include "script/export/TirExportWmma.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/WmmaBuiltins.h"
#include "tir/ScriptPrinter.h"

namespace tessera::script::tir_export {

namespace {

std::optional<std::string> ShortDtype(const ir::DataType& t) {
  const std::pair<const char*, const char*> names[] = {{"float16", "f16"}, {"float32", "f32"},
                                                       {"int8", "s8"},     {"int32", "s32"},
                                                       {"int4", "s4"},     {"uint8", "u8"}};
  for (const auto& [full, short_name] : names)
    if (t.str() == full) return std::string(short_name);
  return std::nullopt;
}

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string ScopeSuffix(const std::string& scope) {
  std::string s = scope;
  std::replace(s.begin(), s.end(), '.', '_');
  return s;
}

// One wmma intrinsic: registered by TVM under `constant` (imported from
// tensor_intrin.cuda), else registered here under `name` with TVM's generator.
struct WmmaIntrin {
  std::string name, constant, generator, arguments;
  bool registered = false;
};

void AddWmma(const WmmaIntrin& w, const TirSpelling& spelling, TensorizePlan* plan, bool init) {
  std::string& use = init ? plan->init : plan->update;
  if (w.registered) {
    use = w.constant;
    plan->cuda_imports.push_back(w.constant);
    return;
  }
  use = "\"" + w.name + "\"";
  plan->cuda_imports.push_back(w.generator);
  plan->definitions.push_back(
      {w.name, "# TVM registers no " + w.name + "; its generator makes one\n" +
                   spelling.schedule_module + ".TensorIntrin.register(\"" + w.name + "\", *" +
                   w.generator + "(" + w.arguments + "))\n"});
}

struct WmmaShape {
  int64_t m = 0, n = 0, k = 0;
  std::string text() const {
    return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
  }
  std::string args() const {
    return std::to_string(m) + ", " + std::to_string(n) + ", " + std::to_string(k);
  }
};

// The first wmma builtin call of a statement (with its kind).
class WmmaCallFinder : public ir::IRVisitor {
 public:
  const ir::CallNode* found = nullptr;
  ir::WmmaBuiltin which{};

 protected:
  void VisitCall(const ir::CallNode* n, const ir::Expr& e) override {
    ir::WmmaBuiltin w{};
    if (!found && ir::IsWmmaBuiltin(n->op, &w)) {
      found = n;
      which = w;
    }
    IRVisitor::VisitCall(n, e);
  }
};

const ir::CallNode* FirstWmmaCall(const ir::Stmt& s, ir::WmmaBuiltin* which) {
  if (!s.defined()) return nullptr;
  WmmaCallFinder finder;
  finder.VisitStmt(s);
  *which = finder.which;
  return finder.found;
}

std::optional<int64_t> ConstArg(const ir::CallNode* call, size_t k) {
  if (k >= call->args.size()) return std::nullopt;
  const int64_t* v = ir::as_const_int(call->args[k]);
  return v ? std::optional<int64_t>(*v) : std::nullopt;
}

std::string StringArg(const ir::CallNode* call, size_t k) {
  if (k >= call->args.size()) return "";
  const auto* s = call->args[k].as<ir::StringImmNode>();
  return s ? s->value : "";
}

std::optional<int64_t> Extent(const ir::IterVar& iv) {
  const int64_t* v = ir::as_const_int(iv->dom.extent);
  return v ? std::optional<int64_t>(*v) : std::nullopt;
}

// Whether `e` is `tensor[first, second]` (each a loop variable), perhaps cast to `cast`.
bool IsLoad(ir::Expr e, const te::Tensor& tensor, const ir::Var& first, const ir::Var& second,
            std::optional<ir::DataType> cast = std::nullopt) {
  if (cast) {
    const auto* c = e.as<ir::CastNode>();
    if (!c || c->dtype != *cast) return false;
    e = c->value;
  }
  const auto* load = e.as<ir::ProducerLoadNode>();
  return load && load->producer.get() == tensor.get() && load->indices.size() == 2 &&
         load->indices[0].same_as(first) && load->indices[1].same_as(second);
}

class WmmaPlanner {
 public:
  WmmaPlanner(const te::TensorIntrinNode& intrin, const te::ComputeOpNode* compute,
              const TirSpelling& spelling)
      : intrin_(intrin), op_(compute), spelling_(spelling) {}

  Result<TensorizePlan> Plan() {
    TensorizePlan plan;
    plan.tensor_cores = true;
    ir::WmmaBuiltin which{};
    const ir::Stmt& main = intrin_.reduce_update.defined() ? intrin_.reduce_update : intrin_.body;
    const ir::CallNode* call = FirstWmmaCall(main, &which);
    if (!call) return Refuse("its body calls no wmma load, store or mma_sync");
    WmmaShape shape;
    auto m = ConstArg(call, 1), n = ConstArg(call, 2), k = ConstArg(call, 3);
    if (which != ir::WmmaBuiltin::MmaSync) {
      if (!m || !n || !k) return Refuse("its fragment shape is not constant");
      shape = {*m, *n, *k};
    }
    switch (which) {
      case ir::WmmaBuiltin::LoadMatrixSync:
        return Load(call, shape, plan);
      case ir::WmmaBuiltin::StoreMatrixSync:
        return Store(call, shape, plan);
      case ir::WmmaBuiltin::MmaSync:
        return Sync(plan);
      default:
        return Refuse("its body fills a fragment outside a reduction's reduce_reset");
    }
  }

 private:
  const te::TensorIntrinNode& intrin_;
  const te::ComputeOpNode* op_;
  const TirSpelling& spelling_;

  Error Refuse(const std::string& why) const {
    return Error("tensorize with the intrinsic '" + intrin_.name +
                 "' is not exported: it calls TVM's wmma builtins, but " + why +
                 ", so none of TVM's wmma TensorIntrins (tensor_intrin/cuda.py) matches it");
  }

  // A copy compute `out[i, j] = in[i, j]` of `rows` x `cols`; nullopt when it is one.
  std::optional<std::string> CopyProblem(int64_t rows, int64_t cols) const {
    if (!op_ || op_->axis.size() != 2 || !op_->reduce_axis.empty() || op_->body.size() != 1 ||
        intrin_.inputs.size() != 1)
      return "its compute is not a copy of one 2-d tensor";
    if (!IsLoad(op_->body[0], intrin_.inputs[0], op_->axis[0]->var, op_->axis[1]->var))
      return "its compute is not out[i, j] = in[i, j] (TVM's wmma loads and stores copy "
             "without a cast)";
    if (Extent(op_->axis[0]) != rows || Extent(op_->axis[1]) != cols)
      return "its compute is not " + std::to_string(rows) + " x " + std::to_string(cols) +
             " (the fragment's tile)";
    return std::nullopt;
  }

  Result<TensorizePlan> Load(const ir::CallNode* call, const WmmaShape& s, TensorizePlan& plan) {
    const std::string& fragment = intrin_.buffers.at(1)->scope;
    const std::string& source = intrin_.buffers.at(0)->scope;
    std::string layout = StringArg(call, 7);
    if (fragment != "wmma.matrix_a" && fragment != "wmma.matrix_b")
      return Refuse("it loads into scope '" + fragment + "', not wmma.matrix_a / wmma.matrix_b");
    if (layout != "row_major" && layout != "col_major")
      return Refuse("its layout is '" + layout + "'");
    bool is_b = fragment == "wmma.matrix_b", col = layout == "col_major";
    int64_t rows = is_b ? s.k : s.m, cols = is_b ? s.n : s.k;
    if (col) std::swap(rows, cols);
    if (auto problem = CopyProblem(rows, cols)) return Refuse(*problem);
    auto dt = ShortDtype(intrin_.inputs[0]->dtype);
    if (!dt) return Refuse("it loads " + intrin_.inputs[0]->dtype.str());
    bool shared = source == "shared" || source == "shared.dyn";
    bool registered = shared && ((s.text() == "16x16x16" && (*dt == "f16" || *dt == "s8")) ||
                                 (s.text() == "8x8x32" && *dt == "s4" && is_b == col));
    WmmaIntrin w;
    w.name = "wmma_load_" + s.text() + "_" + *dt + (is_b ? "_b" : "_a") + (col ? "_trans" : "") +
             "_" + ScopeSuffix(source);
    w.constant = "WMMA_LOAD_" + s.text() + "_" + Upper(*dt) + (is_b ? "_B" : "_A") +
                 (col ? "_TRANS" : "") + (source == "shared.dyn" ? "_DYN" : "") + "_INTRIN";
    w.generator = "get_wmma_load_intrin";
    w.arguments = s.args() + ", \"" + intrin_.inputs[0]->dtype.str() + "\", \"" + source + "\", " +
                  (is_b ? "True" : "False") + ", " + (col ? "True" : "False");
    w.registered = registered;
    AddWmma(w, spelling_, &plan, false);
    return plan;
  }

  Result<TensorizePlan> Store(const ir::CallNode* call, const WmmaShape& s, TensorizePlan& plan) {
    const std::string& fragment = intrin_.buffers.at(0)->scope;
    const std::string& target = intrin_.buffers.at(1)->scope;
    if (fragment != "wmma.accumulator")
      return Refuse("it stores from scope '" + fragment + "', not wmma.accumulator");
    if (StringArg(call, 7) != "row_major")
      return Refuse("it stores '" + StringArg(call, 7) + "' (TVM's wmma stores are row_major)");
    if (target != "global" && target != "shared" && target != "shared.dyn")
      return Refuse("it stores to scope '" + target + "'");
    if (auto problem = CopyProblem(s.m, s.n)) return Refuse(*problem);
    auto dt = ShortDtype(intrin_.inputs[0]->dtype);
    if (!dt) return Refuse("it stores " + intrin_.inputs[0]->dtype.str());
    bool registered =
        (target != "global" &&
         ((s.text() == "16x16x16" && (*dt == "f32" || *dt == "f16" || *dt == "s32")) ||
          (s.text() == "8x8x32" && *dt == "s32"))) ||
        (target == "global" && s.text() == "16x16x16" && (*dt == "f32" || *dt == "f16"));
    WmmaIntrin w;
    w.name = "wmma_store_" + s.text() + "_" + *dt + "_" + ScopeSuffix(target);
    w.constant =
        "WMMA_STORE_" + s.text() + "_" + Upper(*dt) + "_" + Upper(ScopeSuffix(target)) + "_INTRIN";
    w.generator = "get_wmma_store_intrin";
    w.arguments = s.args() + ", \"" + intrin_.inputs[0]->dtype.str() + "\", \"" + target + "\"";
    w.registered = registered;
    AddWmma(w, spelling_, &plan, false);
    return plan;
  }

  // C[i, j] = C[i, j] + A[i, k] * B[k, j] (B[j, k]: transposed), each operand cast to the
  // accumulator's type when it differs; the reset fills the accumulator with zero.
  Result<TensorizePlan> Sync(TensorizePlan& plan) {
    if (!op_ || op_->axis.size() != 2 || op_->reduce_axis.size() != 1 || op_->body.size() != 1 ||
        intrin_.inputs.size() != 2)
      return Refuse("its compute is not a 2-d product reduced over one axis");
    const auto* reduce = op_->body[0].as<ir::ReduceNode>();
    if (!reduce || reduce->combiner->name != "sum" || reduce->source.size() != 1)
      return Refuse("its compute is not a te.sum");
    const auto* mul = reduce->source[0].as<ir::BinaryNode>();
    if (!mul || reduce->source[0].kind() != ir::ExprKind::Mul)
      return Refuse("its compute does not sum a product");
    const te::Tensor &a = intrin_.inputs[0], &b = intrin_.inputs[1];
    ir::DataType in = a->dtype, out = op_->output_dtype(0);
    std::optional<ir::DataType> cast;
    if (in != out) cast = out;
    const ir::Var &i = op_->axis[0]->var, &j = op_->axis[1]->var, &k = op_->reduce_axis[0]->var;
    bool trans = false;
    if (b->dtype != in || !IsLoad(mul->a, a, i, k, cast))
      return Refuse("its compute is not C[i, j] += A[i, k] * B[k, j] over one input type");
    if (IsLoad(mul->b, b, j, k, cast))
      trans = true;
    else if (!IsLoad(mul->b, b, k, j, cast))
      return Refuse("its compute is not C[i, j] += A[i, k] * B[k, j] (or B[j, k])");
    const std::string scopes[] = {"wmma.matrix_a", "wmma.matrix_b", "wmma.accumulator"};
    for (size_t p = 0; p < 3; ++p)
      if (intrin_.buffers.at(p)->scope != scopes[p])
        return Refuse("its buffer " + std::to_string(p) + " is in scope '" +
                      intrin_.buffers[p]->scope + "', not " + scopes[p]);
    auto m = Extent(op_->axis[0]), n = Extent(op_->axis[1]), kk = Extent(op_->reduce_axis[0]);
    if (!m || !n || !kk) return Refuse("its extents are not constant");
    WmmaShape s{*m, *n, *kk};
    auto din = ShortDtype(in), dout = ShortDtype(out);
    if (!din || !dout) return Refuse("it multiplies " + in.str() + " into " + out.str());
    std::string types = *din + *din + *dout;
    bool registered = (s.text() == "16x16x16" &&
                       (types == "f16f16f32" || types == "f16f16f16" || types == "s8s8s32")) ||
                      (s.text() == "8x8x32" && types == "s4s4s32" && trans);
    WmmaIntrin w;
    w.name = "wmma_sync_" + s.text() + "_" + types + (trans ? "_trans" : "");
    w.constant = "WMMA_SYNC_" + s.text() + "_" + types + (trans ? "_TRANS" : "") + "_INTRIN";
    w.generator = "get_wmma_sync_intrin";
    w.arguments =
        s.args() + ", \"" + in.str() + "\", \"" + out.str() + "\", " + (trans ? "True" : "False");
    w.registered = registered;
    AddWmma(w, spelling_, &plan, false);
    // TIR's init nest of a wmma.accumulator can only be a fill_fragment: the fill is
    // tensorized whether or not TE ran the reset.
    if (intrin_.reduce_init.defined()) {
      ir::WmmaBuiltin fill{};
      const ir::CallNode* call = FirstWmmaCall(intrin_.reduce_init, &fill);
      if (!call || fill != ir::WmmaBuiltin::FillFragment)
        return Refuse("its reduce_reset is not a fill_fragment");
      const ir::Expr& value = call->args.size() > 5 ? call->args[5] : ir::Expr();
      const auto* real = value.defined() ? value.as<ir::FloatImmNode>() : nullptr;
      if (!value.defined() || !(ir::is_zero(value) || (real && real->value == 0.0)))
        return Refuse("its reduce_reset fills with " +
                      (value.defined() ? tir::ExprToTVMScript(value) : std::string("nothing")) +
                      " (TVM's wmma fill writes zero, the sum's identity)");
    }
    WmmaIntrin f;
    bool fill_registered =
        (s.text() == "16x16x16" && (*dout == "f32" || *dout == "f16" || *dout == "s32")) ||
        (s.text() == "8x8x32" && *dout == "s32");
    f.name = "wmma_fill_" + s.text() + "_" + *dout;
    f.constant = "WMMA_FILL_" + s.text() + "_" + Upper(*dout) + "_INTRIN";
    f.generator = "get_wmma_fill_intrin";
    f.arguments = s.args() + ", \"" + out.str() + "\"";
    f.registered = fill_registered;
    AddWmma(f, spelling_, &plan, true);
    return plan;
  }
};

}  // namespace

Result<TensorizePlan> PlanWmmaTensorize(const te::TensorIntrinNode& intrin,
                                        const te::ComputeOpNode* compute,
                                        const TirSpelling& spelling) {
  return WmmaPlanner(intrin, compute, spelling).Plan();
}

}  // namespace tessera::script::tir_export
