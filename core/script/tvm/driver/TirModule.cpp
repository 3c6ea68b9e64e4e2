#include "script/tvm/driver/TirModule.h"

#include <set>

#include "ir/Functor.h"
#include "ir/Printer.h"
#include "schedule/ScheduleOps.h"
#include "script/Evaluator.h"
#include "script/lang/Args.h"
#include "script/tvm/te/BoundObjects.h"
#include "script/tvm/te/ScheduleObjects.h"
#include "script/tvm/te/TeObjects.h"
#include "script/tvm/te/TensorIntrinObjects.h"
#include "script/tvm/tir/TirObjects.h"
#include "transform/LayoutArguments.h"
#include "transform/Pipeline.h"

namespace tessera::script {

namespace {

// The argument buffers of `args`: the layout-transformed ones AddLayoutArgBuffers put
// in ctx, else compact row-major buffers added to ctx (as LowerToPrimFunc makes them),
// so that StorageFlatten run later as a separate pass binds the same buffers.
std::vector<ir::Buffer> TirBindArgBuffers(const std::vector<ir::DataProducer>& args,
                                          transform::PassContext* ctx) {
  std::vector<ir::Buffer> buffers;
  for (const ir::DataProducer& t : args) {
    ir::Buffer b = ctx->FindArgBuffer(t);
    if (!b) {
      b = ir::MakeBuffer(t->producer_name(), t->producer_dtype(), t->producer_shape());
      ctx->arg_buffers.emplace_back(t, b);
    }
    buffers.push_back(b);
  }
  return buffers;
}

TirPrimFuncPtr TirMakeFunc(transform::PrimFunc func, transform::PassContext ctx) {
  auto f = std::make_shared<TirPrimFuncObject>();
  f->func = std::move(func);
  f->ctx = std::move(ctx);
  return f;
}

Value TirModuleValue(std::vector<TirModuleObject::Function> functions) {
  auto m = std::make_shared<TirModuleObject>();
  m->functions = std::move(functions);
  return Value::FromObject(m);
}

// Every statement and expression under a node, children before their parent, each
// once (TVM's post_order_visit).
class TirPostOrderCollector : public ir::IRVisitor {
 public:
  std::vector<Value> nodes;

 protected:
  void Add(const void* node, Value v) {
    if (seen_.insert(node).second) nodes.push_back(std::move(v));
  }
  void AddExpr(const ir::Expr& e) { Add(e.get(), Value::FromExpr(e)); }
  void AddStmt(const ir::Stmt& s) { Add(s.get(), MakeTirStmtValue(s)); }

  void VisitExprDefault(const ir::Expr& e) override { AddExpr(e); }
  void VisitBinary(const ir::BinaryNode* n, const ir::Expr& e) override {
    IRVisitor::VisitBinary(n, e);
    AddExpr(e);
  }
  void VisitNot(const ir::NotNode* n, const ir::Expr& e) override {
    IRVisitor::VisitNot(n, e);
    AddExpr(e);
  }
  void VisitSelect(const ir::SelectNode* n, const ir::Expr& e) override {
    IRVisitor::VisitSelect(n, e);
    AddExpr(e);
  }
  void VisitCast(const ir::CastNode* n, const ir::Expr& e) override {
    IRVisitor::VisitCast(n, e);
    AddExpr(e);
  }
  void VisitCall(const ir::CallNode* n, const ir::Expr& e) override {
    IRVisitor::VisitCall(n, e);
    AddExpr(e);
  }
  void VisitBufferLoad(const ir::BufferLoadNode* n, const ir::Expr& e) override {
    IRVisitor::VisitBufferLoad(n, e);
    AddExpr(e);
  }
  void VisitProducerLoad(const ir::ProducerLoadNode* n, const ir::Expr& e) override {
    IRVisitor::VisitProducerLoad(n, e);
    AddExpr(e);
  }
  void VisitRamp(const ir::RampNode* n, const ir::Expr& e) override {
    IRVisitor::VisitRamp(n, e);
    AddExpr(e);
  }
  void VisitBroadcast(const ir::BroadcastNode* n, const ir::Expr& e) override {
    IRVisitor::VisitBroadcast(n, e);
    AddExpr(e);
  }
  void VisitLet(const ir::LetNode* n, const ir::Expr& e) override {
    IRVisitor::VisitLet(n, e);
    AddExpr(e);
  }
  void VisitReduce(const ir::ReduceNode* n, const ir::Expr& e) override {
    IRVisitor::VisitReduce(n, e);
    AddExpr(e);
  }

  void VisitStmtDefault(const ir::Stmt& s) override { AddStmt(s); }
  void VisitFor(const ir::ForNode* n, const ir::Stmt& s) override {
    IRVisitor::VisitFor(n, s);
    AddStmt(s);
  }
  void VisitLetStmt(const ir::LetStmtNode* n, const ir::Stmt& s) override {
    IRVisitor::VisitLetStmt(n, s);
    AddStmt(s);
  }
  void VisitIfThenElse(const ir::IfThenElseNode* n, const ir::Stmt& s) override {
    IRVisitor::VisitIfThenElse(n, s);
    AddStmt(s);
  }
  void VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
    IRVisitor::VisitBufferStore(n, s);
    AddStmt(s);
  }
  void VisitProducerStore(const ir::ProducerStoreNode* n, const ir::Stmt& s) override {
    IRVisitor::VisitProducerStore(n, s);
    AddStmt(s);
  }
  void VisitAllocate(const ir::AllocateNode* n, const ir::Stmt& s) override {
    IRVisitor::VisitAllocate(n, s);
    AddStmt(s);
  }
  void VisitAttrStmt(const ir::AttrStmtNode* n, const ir::Stmt& s) override {
    IRVisitor::VisitAttrStmt(n, s);
    AddStmt(s);
  }
  void VisitAssertStmt(const ir::AssertStmtNode* n, const ir::Stmt& s) override {
    IRVisitor::VisitAssertStmt(n, s);
    AddStmt(s);
  }
  void VisitSeqStmt(const ir::SeqStmtNode* n, const ir::Stmt& s) override {
    IRVisitor::VisitSeqStmt(n, s);
    AddStmt(s);
  }
  void VisitEvaluate(const ir::EvaluateNode* n, const ir::Stmt& s) override {
    IRVisitor::VisitEvaluate(n, s);
    AddStmt(s);
  }
  void VisitProducerRealize(const ir::ProducerRealizeNode* n, const ir::Stmt& s) override {
    IRVisitor::VisitProducerRealize(n, s);
    AddStmt(s);
  }

 private:
  std::set<const void*> seen_;
};

Result<Value> TirPostOrderVisit(Interpreter& interp, const CallArgs& c) {
  Args args(c, "post_order_visit", {"stmt", "fvisit"}, 2);
  if (!args.status()) return args.status().error();
  TirPostOrderCollector collector;
  const Value& node = args.get("stmt");
  if (auto* s = node.as<StmtObject>())
    collector.VisitStmt(s->stmt);
  else if (node.is_expr())
    collector.VisitExpr(node.as_expr());
  else
    return args.TypeError("stmt", "a statement or an expression");
  for (const Value& v : collector.nodes) {
    CallArgs call;
    call.loc = c.loc;
    call.positional = {v};
    call.positional_locs = {c.loc};
    if (auto r = interp.CallValue(args.get("fvisit"), call); !r) return r.error();
  }
  return Value();
}

// tvm.tir.transform.<pass>(...): a pass object; calling it on a module runs the pipeline
// pass `pass` on each function (TVM's passes are module -> module).
struct TirPassObject : Object {
  std::string tvm_name;  // as the script wrote it
  std::string pass;      // the pipeline's name
  std::string type_name() const override { return "Pass"; }
  Result<Value> Call(Interpreter&, const CallArgs& c) const override {
    if (c.positional.size() != 1 || !c.keywords.empty())
      return Error(tvm_name + " takes one IRModule", c.loc);
    auto* mod = c.positional[0].as<TirModuleObject>();
    if (!mod)
      return Error(tvm_name + " expects an IRModule, not " + c.positional[0].type_name(),
                   c.positional_locs[0]);
    auto functions = mod->Functions();
    if (!functions) return Error(functions.error().message, c.loc);
    std::vector<TirModuleObject::Function> out;
    for (const TirModuleObject::Function& f : **functions) {
      auto body = transform::RunPipelinePass(pass, f.func->func.body, f.func->ctx);
      if (!body) return Error(body.error().message, c.loc);
      transform::PrimFunc func = f.func->func;
      func.body = *body;
      out.push_back({f.name, TirMakeFunc(std::move(func), f.func->ctx)});
    }
    return TirModuleValue(std::move(out));
  }
};

// The options a pass factory accepts, by TVM's parameter names; a value Tessera cannot
// honour is refused rather than ignored.
Status TirCheckPassOptions(const std::string& tvm_name, const CallArgs& c) {
  std::vector<std::string> params;
  if (tvm_name == "StorageFlatten") params = {"cache_line_size", "create_bound_attribute"};
  if (tvm_name == "VectorizeLoop") params = {"enable_vectorize"};
  Args args(c, tvm_name, params, 0);
  if (!args.status()) return args.status();
  // The cache line size only sets alignment hints in TVM; Tessera's buffers have none.
  if (args.has("create_bound_attribute") && args.get("create_bound_attribute").truthy())
    return Error("StorageFlatten(create_bound_attribute=True) is not supported by Tessera", c.loc);
  if (args.has("enable_vectorize") && !args.get("enable_vectorize").truthy())
    return Error("VectorizeLoop(False) (scalarizing vectorized loops) is not supported by Tessera",
                 c.loc);
  return Status::Ok();
}

void TirRegisterPass(Interpreter& interp, const std::string& tvm_name, const std::string& pass) {
  interp.RegisterFunction("tvm.tir.transform." + tvm_name,
                          [tvm_name, pass](Interpreter&, const CallArgs& c) -> Result<Value> {
                            if (auto st = TirCheckPassOptions(tvm_name, c); !st) return st.error();
                            auto p = std::make_shared<TirPassObject>();
                            p->tvm_name = tvm_name;
                            p->pass = pass;
                            return Value::FromObject(p);
                          });
}

Result<Value> TirScheduleToModule(const CallArgs& c, const std::string& what, bool run_pipeline) {
  Args args(c, what, {"sch", "args", "name", "binds"}, 1);
  if (!args.status()) return args.status().error();
  auto* s = args.get("sch").as<ScheduleObject>();
  if (!s) return args.TypeError("sch", "a schedule");
  if (args.has("binds") && !args.get("binds").is_none())
    return Error(what + ": binds are not supported by Tessera", c.loc);
  auto list = ParseLowerArgs(args, "args");
  if (!list) return list.error();
  std::string name = "main";
  if (args.has("name") && !args.get("name").is_none()) {
    if (!args.get("name").is_string()) return args.TypeError("name", "a string");
    name = args.get("name").as_string();
  }
  return ScheduleModuleValue(s->sch, *list, name, run_pipeline, c.loc);
}

// tvm.te.schedule.ScheduleOps(s, bounds): the loop program as a statement. Tessera's
// ScheduleOps infers the bounds itself (from the same schedule), so `bounds` is only
// checked to be InferBound's map.
Result<Value> TirScheduleOps(Interpreter&, const CallArgs& c) {
  Args args(c, "ScheduleOps", {"sch", "dom_map", "debug_keep_trivial_loop"}, 2);
  if (!args.status()) return args.status().error();
  auto* s = args.get("sch").as<ScheduleObject>();
  if (!s) return args.TypeError("sch", "a schedule");
  if (!args.get("dom_map").as<BoundsObject>())
    return args.TypeError("dom_map", "the map tvm.te.schedule.InferBound returns");
  schedule::ScheduleOpsOptions options;
  options.debug_keep_trivial_loop = args.get("debug_keep_trivial_loop").truthy();
  auto stmt = schedule::Lower(*s->sch, options);
  if (!stmt) return Error(stmt.error().message, c.loc);
  return MakeTirStmtValue(*stmt);
}

}  // namespace

Result<Value> TirPrimFuncObject::GetAttr(Interpreter& interp, const std::string& name,
                                         const SourceLoc& loc) const {
  if (name == "body") return MakeTirStmtValue(func.body);
  if (name == "params") {
    std::vector<Value> items;
    for (const transform::PrimFuncParam& p : func.params) items.push_back(Value::FromExpr(p.var));
    return Value::List(std::move(items));
  }
  if (name == "buffer_map") {
    auto d = std::make_shared<DictObject>();
    for (const transform::PrimFuncParam& p : func.params)
      if (p.is_buffer())
        d->entries->emplace_back(Value::FromExpr(p.var),
                                 Value::FromObject(std::make_shared<BufferObject>(p.buffer)));
    return Value::FromObject(d);
  }
  if (name == "attrs") {
    auto d = std::make_shared<DictObject>();
    d->entries->emplace_back(Value::String("global_symbol"), Value::String(func.name));
    return Value::FromObject(d);
  }
  if (name == "script" || name == "astext") {
    std::string text = Text();
    return MakeFunction(name, [text](Interpreter&, const CallArgs&) -> Result<Value> {
      return Value::String(text);
    });
  }
  return Object::GetAttr(interp, name, loc);
}

std::string TirPrimFuncObject::Text() const {
  std::string params;
  for (const transform::PrimFuncParam& p : func.params)
    params += (params.empty() ? "" : ", ") + (p.is_buffer() ? p.buffer->name : p.var->name);
  return "# PrimFunc " + func.name + "(" + params + ")\n" +
         (func.body.defined() ? ir::to_string(func.body) : std::string());
}

Result<const std::vector<TirModuleObject::Function>*> TirModuleObject::Functions() const {
  if (pending) {
    PendingPipeline p = std::move(*pending);
    pending.reset();
    auto lowered = transform::LowerToPrimFunc(p.input, p.args, p.name, p.ctx, p.scalars);
    if (lowered)
      functions.push_back({p.name, TirMakeFunc(std::move(lowered->func), std::move(p.ctx))});
    else
      failure = lowered.error().message;
  }
  if (failure)
    return Error("the module of tvm.lower on line " + std::to_string(failure_line) +
                 " has no function: " + *failure);
  return &functions;
}

Result<std::string> TirModuleObject::Text() const {
  auto fs = Functions();
  if (!fs) return fs.error();
  std::string out;
  for (const Function& f : **fs) out += f.func->Text();
  return out;
}

Result<Value> TirModuleObject::GetAttr(Interpreter& interp, const std::string& name,
                                       const SourceLoc& loc) const {
  if (name == "functions" || name == "items") {
    auto fs = Functions();
    if (!fs) return Error(fs.error().message, loc);
    if (name == "items") {
      std::vector<Value> items;
      for (const Function& f : **fs)
        items.push_back(Value::Tuple({Value::String(f.name), Value::FromObject(f.func)}));
      Value list = Value::List(std::move(items));
      return MakeFunction("items",
                          [list](Interpreter&, const CallArgs&) -> Result<Value> { return list; });
    }
    auto d = std::make_shared<DictObject>();
    for (const Function& f : **fs)
      d->entries->emplace_back(Value::String(f.name), Value::FromObject(f.func));
    return Value::FromObject(d);
  }
  if (name == "script" || name == "astext") {
    auto text = Text();
    if (!text) return Error(text.error().message, loc);
    Value v = Value::String(*text);
    return MakeFunction(name, [v](Interpreter&, const CallArgs&) -> Result<Value> { return v; });
  }
  return Object::GetAttr(interp, name, loc);
}

Result<Value> TirModuleObject::Subscript(Interpreter&, const std::vector<Value>& indices,
                                         const std::vector<SourceLoc>& index_locs,
                                         const SourceLoc& loc) const {
  SourceLoc at = index_locs.empty() ? loc : index_locs[0];
  if (indices.size() != 1 || !indices[0].is_string())
    return Error("an IRModule is indexed by a function name", at);
  auto fs = Functions();
  if (!fs) return Error(fs.error().message, loc);
  std::string names;
  for (const Function& f : **fs) {
    if (f.name == indices[0].as_string()) return Value::FromObject(f.func);
    names += (names.empty() ? "'" : ", '") + f.name + "'";
  }
  return Error("KeyError: the IRModule has no function '" + indices[0].as_string() + "' (it has " +
                   names + ")",
               at);
}

Result<Value> ScheduleModuleValue(const std::shared_ptr<schedule::Schedule>& sch,
                                  const LowerArgList& args, const std::string& name,
                                  bool run_pipeline, const SourceLoc& loc) {
  std::vector<te::Tensor> tensors = args.tensors;
  transform::ScalarParams scalars{args.scalars, {}};
  if (tensors.empty()) {
    scalars = {{}, VarsTheComputationReads(*sch)};
    ScriptProgram outputs;  // its Arguments(): the placeholders the outputs read, then the outputs
    outputs.schedule = sch;
    tensors = outputs.Arguments();
  }
  auto input = schedule::Lower(*sch);
  if (!input && !run_pipeline) return Error(input.error().message, loc);
  if (!input) {
    auto m = std::make_shared<TirModuleObject>();
    m->failure = input.error().message;
    m->failure_line = loc.line;
    return Value::FromObject(m);
  }
  std::vector<ir::DataProducer> producers;
  for (const te::Tensor& t : tensors) producers.push_back(t.producer());
  transform::PassContext ctx;
  transform::AddLayoutArgBuffers(*sch, producers, &ctx);
  std::vector<ir::Buffer> buffers = TirBindArgBuffers(producers, &ctx);
  if (run_pipeline) {
    auto m = std::make_shared<TirModuleObject>();
    m->pending = TirModuleObject::PendingPipeline{*input, producers, ctx, name, scalars};
    m->failure_line = loc.line;
    return Value::FromObject(m);
  }
  return TirModuleValue(
      {{name, TirMakeFunc(transform::MakePrimFunc(name, buffers, scalars.listed, *input), ctx)}});
}

void RegisterTirModuleBuiltins(Interpreter& interp) {
  RegisterTirTypes(interp);
  auto to_module = [](Interpreter&, const CallArgs& c) {
    return TirScheduleToModule(c, "schedule_to_module", false);
  };
  interp.RegisterFunction("tvm.driver.build_module.schedule_to_module", to_module);
  interp.RegisterFunction("tvm.driver.schedule_to_module", to_module);
  interp.RegisterFunction("tvm.tir.stmt_functor.post_order_visit", TirPostOrderVisit);
  interp.RegisterFunction("tvm.te.schedule.ScheduleOps", TirScheduleOps);
  interp.Alias("tvm.schedule.ScheduleOps", "tvm.te.schedule.ScheduleOps");
  for (const std::string& pass : transform::PipelinePassNames())
    TirRegisterPass(interp, pass, pass);
  // TVM's names for the passes Tessera names in the plural.
  TirRegisterPass(interp, "VectorizeLoop", "VectorizeLoops");
  TirRegisterPass(interp, "UnrollLoop", "UnrollLoops");
}

}  // namespace tessera::script
