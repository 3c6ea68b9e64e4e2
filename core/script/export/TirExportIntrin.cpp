// A TE tensor intrinsic as TensorIR TensorIntrins (TirExportInternal.h): TE checks the
// tensorized nest against the intrinsic's compute and runs its hand-written body; TIR
// matches the nest against a description prim_func and substitutes an implementation.
//  - A body of plain loads and stores computes what the compute says: both functions
//    are that compute.
//  - A body that calls extern functions: the description is the compute, the
//    implementation the calls (T.call_extern with the buffers' access_ptr), and an
//    extern reduce_reset becomes a second intrinsic for the init nest.
//  - A body of TVM's wmma builtins: the intrinsics TVM ships in tensor_intrin/cuda.py
//    (their generators where TVM registers no such variant), in TirExportWmma.cpp.
// Anything else is refused with what in the intrinsic cannot be written.
#include <algorithm>
#include <set>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/WmmaBuiltins.h"
#include "script/export/ScriptPrinter.h"
#include "script/export/TirExportInternal.h"
#include "script/export/TirExportWmma.h"
#include "te/Operation.h"
#include "tir/CreatePrimFunc.h"
#include "tir/ScriptPrinter.h"

namespace tessera::script::tir_export {

namespace {

// The calls of a statement that are not arithmetic: extern functions, TVM's wmma builtins
// and the other builtins (tvm_access_ptr and type_annotation only say which memory).
class OpaqueCallCollector : public ir::IRVisitor {
 public:
  std::vector<std::string> externs, wmma, builtins;

 protected:
  void VisitCall(const ir::CallNode* n, const ir::Expr& e) override {
    auto add = [&](std::vector<std::string>& to) {
      if (std::find(to.begin(), to.end(), n->op) == to.end()) to.push_back(n->op);
    };
    if (ir::IsExternCall(*n)) add(externs);
    if (n->call_kind == ir::CallKind::Intrinsic) {
      if (ir::IsWmmaBuiltin(n->op))
        add(wmma);
      else if (n->op != "tvm_access_ptr" && n->op != "type_annotation")
        add(builtins);
    }
    IRVisitor::VisitCall(n, e);
  }
};

std::string Joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

const te::ComputeOpNode* ComputeOf(const te::TensorIntrinNode& intrin) {
  if (!intrin.op || intrin.op->kind() != te::OpKind::Compute) return nullptr;
  return static_cast<const te::ComputeOpNode*>(intrin.op.get());
}

// ---- the TVMScript of the functions ---------------------------------------------------

// The whole extent of every dimension of `b`.
tir::BufferRegion FullRegion(const tir::Buffer& b) {
  tir::Region region;
  for (const ir::Expr& extent : b->shape)
    region.push_back(ir::Range(ir::make_const(extent.dtype(), int64_t{0}), extent));
  return tir::BufferRegion{b, region};
}

// `s` with the T.init() of its blocks removed: the exported schedule decomposes the
// reduction before it tensorizes, so the nest the description matches has no init.
tir::Stmt WithoutInit(const tir::Stmt& s) {
  if (const auto* loop = tir::As<tir::ForNode>(s))
    return tir::WithBody(*loop, WithoutInit(loop->body));
  if (const auto* seq = tir::As<tir::SeqNode>(s)) {
    std::vector<tir::Stmt> parts;
    for (const tir::Stmt& part : seq->seq) parts.push_back(WithoutInit(part));
    return tir::MakeSeq(std::move(parts));
  }
  if (const auto* realize = tir::As<tir::BlockRealizeNode>(s)) {
    auto block = std::make_shared<tir::BlockNode>(*realize->block);
    // Without init the update reads what it writes, first (as TVMScript infers it).
    if (tir::HasInit(*realize->block))
      block->reads.insert(block->reads.begin(), block->writes.begin(), block->writes.end());
    block->init = ir::Stmt();
    block->init_nest = nullptr;
    block->body = WithoutInit(block->body);
    return tir::MakeBlockRealize(realize->iter_values, realize->predicate, block);
  }
  return s;
}

// The printed function without the printer's leading import comment.
std::string Script(const tir::PrimFunc& f, const TirSpelling& spelling) {
  std::string text =
      tir::AsTVMScript(f, spelling.minor >= 24 ? tir::TvmDialect::STir : tir::TvmDialect::Tir);
  while (!text.empty() && text[0] == '#') {
    size_t eol = text.find('\n');
    text.erase(0, eol == std::string::npos ? text.size() : eol + 1);
  }
  while (!text.empty() && text[0] == '\n') text.erase(0, 1);
  return text;
}

// A function over the tensors `args` (of which the first `inputs` are read) whose root
// block reads the outputs and inputs whole and writes the outputs, with offset_factor=1
// parameters so that any region of the scheduled buffers matches.
Result<std::string> RootedFunction(const std::vector<te::Tensor>& args, size_t inputs, bool reads,
                                   const std::string& what, const std::string& name,
                                   const TirSpelling& spelling) {
  auto made = tir::CreatePrimFunc(args);
  if (!made) return Error(what + ": " + made.error().message);
  tir::PrimFunc f = *made;
  const tir::BlockRealizeNode* root = tir::RootRealize(f);
  if (!root) return Error(what + " has no root block");
  auto block = std::make_shared<tir::BlockNode>(*root->block);
  block->reads.clear();
  block->writes.clear();
  for (size_t k = inputs; k < f.params.size(); ++k) {
    if (reads) block->reads.push_back(FullRegion(f.params[k]));
    block->writes.push_back(FullRegion(f.params[k]));
  }
  if (reads)
    for (size_t k = 0; k < inputs; ++k) block->reads.push_back(FullRegion(f.params[k]));
  block->body = WithoutInit(block->body);
  f.body = tir::MakeBlockRealize(root->iter_values, root->predicate, block);
  f.name = name;
  tir::BufferDeclAttrs attrs;
  attrs.offset_factor = 1;
  f.param_attrs.assign(f.params.size(), attrs);
  return Script(f, spelling);
}

// The intrinsic's compute (the update of a reduction, without its init).
Result<std::string> ComputeFunction(const te::TensorIntrinNode& intrin, const std::string& name,
                                    const TirSpelling& spelling) {
  std::vector<te::Tensor> args = intrin.inputs;
  for (int k = 0; k < intrin.op->num_outputs(); ++k) args.push_back(te::output_of(intrin.op, k));
  return RootedFunction(args, intrin.inputs.size(), true, "tensor intrinsic '" + intrin.name + "'",
                        name, spelling);
}

// What the reduction's init computes: every output element set to the reducer's
// identity (the block decompose_reduction makes).
Result<std::string> ResetFunction(const te::TensorIntrinNode& intrin, const std::string& name,
                                  const TirSpelling& spelling) {
  const te::ComputeOpNode* op = ComputeOf(intrin);
  std::vector<ir::Expr> identities;
  for (const ir::Expr& body : op->body) {
    const auto* reduce = body.as<ir::ReduceNode>();
    if (!reduce)
      return Error("tensorize with the intrinsic '" + intrin.name +
                   "': its reduce_reset has no reduction to reset");
    identities.push_back(reduce->combiner->identity.at(static_cast<size_t>(reduce->value_index)));
  }
  auto init = te::MakeComputeOp(op->name, op->tag, op->axis, identities);
  if (!init) return init.error();
  std::vector<te::Tensor> outputs;
  for (int k = 0; k < (*init)->num_outputs(); ++k) outputs.push_back(te::output_of(*init, k));
  return RootedFunction(outputs, 0, false, "tensor intrinsic '" + intrin.name + "'", name,
                        spelling);
}

// ---- implementations that call extern functions -----------------------------------

// The parameters of an implementation: TE's buffers bound to the intrinsic's tensors,
// named as te.create_prim_func names the description's parameters.
struct ImplParam {
  std::string name;  // the buffer in TVMScript ("c"); its handle is "var_c"
  ir::Buffer buffer;
  bool output = false;
};

// Rewrites an implementation's expressions into TVMScript terms: a buffer's data and
// elem_offset become `c.data` / `c.elem_offset`, its access_ptr `c.access_ptr("w")`,
// its symbolic strides the variables the function declares.
class ImplExprWriter : public ir::IRMutator {
 public:
  ImplExprWriter(const std::vector<ImplParam>& params,
                 const std::map<const ir::ExprNode*, std::string>& strides)
      : params_(params), strides_(strides) {}
  std::optional<std::string> problem;

  std::string Write(const ir::Expr& e) { return tir::ExprToTVMScript(VisitExpr(e)); }

 protected:
  ir::Expr VisitVar(const ir::VarNode* n, const ir::Expr& e) override {
    for (const ImplParam& p : params_) {
      if (p.buffer->data.get() == n) return ir::Var(p.name + ".data", e.dtype());
      if (p.buffer->elem_offset.get() == n) return ir::Var(p.name + ".elem_offset", e.dtype());
    }
    if (auto it = strides_.find(n); it != strides_.end()) return ir::Var(it->second, e.dtype());
    if (!problem)
      problem = "it uses the variable '" + n->name + "', which is not one of its buffers'";
    return e;
  }

  ir::Expr VisitBufferLoad(const ir::BufferLoadNode* n, const ir::Expr& e) override {
    if (!problem)
      problem = "it reads an element of '" + n->buffer->name +
                "' beside its extern calls (an implementation that calls extern code is "
                "written as those calls only)";
    return e;
  }

  ir::Expr VisitCall(const ir::CallNode* n, const ir::Expr& e) override {
    if (n->op != "tvm_access_ptr" || n->args.size() != 5) return IRMutator::VisitCall(n, e);
    const ImplParam* param = nullptr;
    for (const ImplParam& p : params_)
      if (p.buffer->data.same_as(n->args[1])) param = &p;
    const int64_t* mask = ir::as_const_int(n->args[4]);
    if (!param || !mask) {
      if (!problem) problem = "it takes an access_ptr that is not of one of its buffers";
      return e;
    }
    arith::Analyzer analyzer;
    const ir::Buffer& b = param->buffer;
    ir::Expr base = b->elem_offset.defined() ? b->elem_offset : ir::Expr(0);
    ir::Expr offset = analyzer.Simplify(n->args[2] - base);
    ir::Expr whole = b->strides.size() == b->shape.size() && !b->shape.empty()
                         ? b->shape[0] * b->strides[0]
                         : ir::Expr(1);
    if (b->strides.size() != b->shape.size() || b->shape.empty())
      for (const ir::Expr& d : b->shape) whole = whole * d;
    std::string text = param->name + ".access_ptr(\"" + std::string(*mask & 1 ? "r" : "") +
                       (*mask & 2 ? "w" : "") + "\"";
    if (!ir::is_zero(offset)) text += ", offset=" + Write(offset);
    if (!ir::is_zero(analyzer.Simplify(n->args[3] - (whole - offset))))
      text += ", extent=" + Write(n->args[3]);
    return ir::Var(text + ")", e.dtype());
  }

 private:
  const std::vector<ImplParam>& params_;
  const std::map<const ir::ExprNode*, std::string>& strides_;
};

// The statements of `s` as `T.evaluate(...)` lines; a problem for anything but calls.
void EvaluateLines(const ir::Stmt& s, ImplExprWriter& writer, std::vector<std::string>* lines) {
  if (!s.defined() || writer.problem) return;
  if (const auto* seq = s.as<ir::SeqStmtNode>()) {
    for (const ir::Stmt& part : seq->seq) EvaluateLines(part, writer, lines);
    return;
  }
  if (const auto* ev = s.as<ir::EvaluateNode>()) {
    lines->push_back("T.evaluate(" + writer.Write(ev->value) + ")");
    return;
  }
  std::string kind = s.as<ir::ForNode>()           ? "a loop"
                     : s.as<ir::IfThenElseNode>()  ? "an if"
                     : s.as<ir::LetStmtNode>()     ? "a let"
                     : s.as<ir::BufferStoreNode>() ? "a store"
                                                   : "a statement that is not a call";
  writer.problem = "it has " + kind +
                   " beside its extern calls (an implementation that calls extern code is "
                   "written as those calls only)";
}

std::string ShapeText(const std::vector<ir::Expr>& shape) {
  std::string s = "(";
  for (size_t k = 0; k < shape.size(); ++k) s += (k ? ", " : "") + tir::ExprToTVMScript(shape[k]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

std::string WholeRegion(const ImplParam& p) {
  std::string s = p.name + "[";
  for (size_t k = 0; k < p.buffer->shape.size(); ++k)
    s += (k ? ", " : "") + std::string("0:") + tir::ExprToTVMScript(p.buffer->shape[k]);
  return s + "]";
}

// The implementation: the parameters `params` (inputs then outputs; with `reads` the root
// block reads outputs and inputs, as the description's does) and `body`'s calls.
Result<std::string> ExternFunction(const te::TensorIntrinNode& intrin,
                                   const std::vector<ImplParam>& params, bool reads,
                                   const ir::Stmt& body, const std::string& what,
                                   const std::string& name, const TirSpelling& spelling) {
  std::set<std::string> used;
  for (const ImplParam& p : params) used.insert({p.name, "var_" + p.name});
  std::map<const ir::ExprNode*, std::string> strides;
  std::vector<std::string> lines;
  for (const ImplParam& p : params)
    for (const ir::Expr& stride : p.buffer->strides)
      if (const auto* v = stride.as<ir::VarNode>(); v && !strides.count(v)) {
        std::string var = PythonIdentifier(v->name);
        for (int n = 1; used.count(var); ++n)
          var = PythonIdentifier(v->name) + "_" + std::to_string(n);
        used.insert(var);
        strides[v] = var;
        lines.push_back(var + " = T." + stride.dtype().str() + "()");
      }
  ImplExprWriter writer(params, strides);
  for (const ImplParam& p : params) {
    std::string line =
        p.name + " = T.match_buffer(var_" + p.name + ", " + ShapeText(p.buffer->shape);
    if (p.buffer->dtype != ir::DataType::Float(32)) line += ", \"" + p.buffer->dtype.str() + "\"";
    if (!p.buffer->strides.empty()) {
      line += ", strides=(";
      for (size_t k = 0; k < p.buffer->strides.size(); ++k)
        line += (k ? ", " : "") + writer.Write(p.buffer->strides[k]);
      line += p.buffer->strides.size() == 1 ? ",)" : ")";
    }
    if (p.buffer->scope != "global") line += ", scope=\"" + p.buffer->scope + "\"";
    lines.push_back(line + ", offset_factor=1)");
  }
  std::vector<std::string> calls;
  EvaluateLines(body, writer, &calls);
  if (writer.problem)
    return Error("tensorize with the intrinsic '" + intrin.name + "' is not exported: its " + what +
                 " cannot be written as a TensorIR implementation: " + *writer.problem);
  std::string read_list, write_list;
  for (const ImplParam& p : params)
    if (p.output) {
      read_list += (read_list.empty() ? "" : ", ") + WholeRegion(p);
      write_list += (write_list.empty() ? "" : ", ") + WholeRegion(p);
    }
  for (const ImplParam& p : params)
    if (!p.output) read_list += (read_list.empty() ? "" : ", ") + WholeRegion(p);
  bool stir = spelling.minor >= 24;
  std::string signature;
  for (const ImplParam& p : params)
    signature += (signature.empty() ? "" : ", ") + std::string("var_") + p.name + ": T.handle";
  std::string text = "@T.prim_func\ndef " + name + "(" + signature + "):\n";
  text += stir ? "    T.func_attr({\"tirx.noalias\": True})\n"
               : "    T.func_attr({\"tir.noalias\": T.bool(True)})\n";
  for (const std::string& line : lines) text += "    " + line + "\n";
  text += "    with " + spelling.block_word + "(\"root\"):\n";
  text += "        T.reads(" + std::string(reads ? read_list : "") + ")\n";
  text += "        T.writes(" + write_list + ")\n";
  for (const std::string& call : calls) text += "        " + call + "\n";
  text.pop_back();
  return text;
}

// The implementation's parameters named as the description's (create_prim_func names a
// parameter after its tensor, `_1` for a repeated name).
std::vector<ImplParam> ImplParams(const te::TensorIntrinNode& intrin, bool outputs_only) {
  std::vector<ImplParam> params;
  std::set<std::string> used;
  size_t inputs = intrin.inputs.size();
  for (size_t k = 0; k < intrin.buffers.size(); ++k) {
    bool output = k >= inputs;
    std::string base = output ? te::output_of(intrin.op, static_cast<int>(k - inputs)).name()
                              : intrin.inputs[k].name();
    base = PythonIdentifier(base);
    std::string name = base;
    for (int n = 1; used.count(name); ++n) name = base + "_" + std::to_string(n);
    used.insert(name);
    if (output || !outputs_only) params.push_back({name, intrin.buffers[k], output});
  }
  return params;
}

// What the intrinsic's body is made of, or why it has no TensorIR form.
enum class IntrinForm { Plain, Extern, Wmma };

Result<IntrinForm> FormOf(const te::TensorIntrinNode& intrin) {
  OpaqueCallCollector calls;
  for (const ir::Stmt* s : {&intrin.body, &intrin.reduce_init, &intrin.reduce_update})
    if (s->defined()) calls.VisitStmt(*s);
  std::string head = "tensorize with the intrinsic '" + intrin.name + "' is not exported: ";
  if (!ComputeOf(intrin)) return Error(head + "its operation is not a te.compute");
  if (!calls.builtins.empty())
    return Error(head + "its body calls the builtin" + (calls.builtins.size() > 1 ? "s " : " ") +
                 Joined(calls.builtins) +
                 ", which TensorIR has no intrinsic for in this export (extern calls and TVM's "
                 "wmma builtins are exported)");
  if (!calls.externs.empty() && !calls.wmma.empty())
    return Error(head + "its body calls both extern functions (" + Joined(calls.externs) +
                 ") and wmma builtins (" + Joined(calls.wmma) + ")");
  if (!calls.wmma.empty()) return IntrinForm::Wmma;
  if (!calls.externs.empty()) return IntrinForm::Extern;
  return IntrinForm::Plain;
}

}  // namespace

std::optional<std::string> IntrinRefusal(const te::TensorIntrinNode& intrin) {
  auto form = FormOf(intrin);
  if (!form) return form.error().message;
  TirSpelling spelling = SpellingFor(TvmVersion{20});
  // Both uses: with a reduction loop outside (reset and update) and without (body).
  for (bool outer : {true, false}) {
    if (outer && !intrin.reduce_update.defined()) continue;
    if (!outer && !intrin.body.defined()) continue;
    auto plan = PlanTensorize(intrin, outer, PythonIdentifier(intrin.name), spelling);
    if (!plan) return plan.error().message;
  }
  return std::nullopt;
}

Result<TensorizePlan> PlanTensorize(const te::TensorIntrinNode& intrin, bool outer_reduction,
                                    const std::string& name, const TirSpelling& spelling) {
  auto form = FormOf(intrin);
  if (!form) return form.error();
  if (*form == IntrinForm::Wmma) return PlanWmmaTensorize(intrin, ComputeOf(intrin), spelling);
  TensorizePlan plan;
  std::string base = PythonIdentifier(name);
  auto desc = ComputeFunction(intrin, base + "_desc", spelling);
  if (!desc) return desc.error();
  std::string impl_text;
  if (*form == IntrinForm::Plain) {
    auto impl = ComputeFunction(intrin, base + "_impl", spelling);
    if (!impl) return impl.error();
    impl_text = *impl;
  } else {
    // TE runs the body when no reduction loop stays outside, else reduce_update.
    const ir::Stmt& body =
        outer_reduction && intrin.reduce_update.defined() ? intrin.reduce_update : intrin.body;
    if (!body.defined())
      return Error("tensorize with the intrinsic '" + intrin.name +
                   "' is not exported: it has no " + (outer_reduction ? "reduce_update" : "body") +
                   " for this nest");
    auto impl =
        ExternFunction(intrin, ImplParams(intrin, false), true, body,
                       outer_reduction ? "reduce_update" : "body", base + "_impl", spelling);
    if (!impl) return impl.error();
    impl_text = *impl;
    OpaqueCallCollector calls;
    calls.VisitStmt(body);
    plan.externs = calls.externs;
  }
  plan.update = "\"" + name + "\"";
  plan.definitions.push_back({name, *desc + "\n\n\n" + impl_text + "\n\n\n" +
                                        spelling.schedule_module + ".TensorIntrin.register(\"" +
                                        name + "\", " + base + "_desc, " + base + "_impl)\n"});
  // An extern reset becomes the intrinsic of the init nest decompose_reduction makes.
  OpaqueCallCollector reset_calls;
  if (intrin.reduce_init.defined()) reset_calls.VisitStmt(intrin.reduce_init);
  if (*form == IntrinForm::Extern && outer_reduction && !reset_calls.externs.empty()) {
    std::string reset = name + "_reset", reset_base = base + "_reset";
    auto reset_desc = ResetFunction(intrin, reset_base + "_desc", spelling);
    if (!reset_desc) return reset_desc.error();
    auto reset_impl = ExternFunction(intrin, ImplParams(intrin, true), false, intrin.reduce_init,
                                     "reduce_reset", reset_base + "_impl", spelling);
    if (!reset_impl) return reset_impl.error();
    plan.init = "\"" + reset + "\"";
    plan.definitions.push_back({reset, *reset_desc + "\n\n\n" + *reset_impl + "\n\n\n" +
                                           spelling.schedule_module + ".TensorIntrin.register(\"" +
                                           reset + "\", " + reset_base + "_desc, " + reset_base +
                                           "_impl)\n"});
    for (const std::string& f : reset_calls.externs)
      if (std::find(plan.externs.begin(), plan.externs.end(), f) == plan.externs.end())
        plan.externs.push_back(f);
  }
  return plan;
}

}  // namespace tessera::script::tir_export
