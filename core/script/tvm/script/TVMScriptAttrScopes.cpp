// The attribute scopes of lowered TIR in TVMScript: T.env_thread, T.launch_thread and
// T.attr, each an AttrStmt around the statements it scopes (the rest of the body after
// `x = T.launch_thread(...)` or a bare call, or a `with` statement's body), as TVM's
// LaunchThreadFrame and AttrFrame make them.
#include "ir/ExprOp.h"
#include "script/lang/Args.h"
#include "script/tvm/script/TVMScriptParserInternal.h"
#include "script/tvm/te/TeObjects.h"

namespace tessera::script::tvmscript {

namespace {

// A thread's variable when TVMScript gives it no name: the tag with '.' as '_'
// (blockIdx_x), as TVM names the launched variable when it prints it.
std::string ThreadVarName(const std::string& tag) {
  std::string name = tag;
  for (char& c : name)
    if (c == '.') c = '_';
  return name;
}

}  // namespace

bool Translator::IsAttrScope(const AstExpr& e) {
  if (e.kind != AstKind::Call) return false;
  std::optional<TName> t = TNameOf(*e.object);
  return t && (t->name == "launch_thread" || t->name == "attr");
}

Result<Value> Translator::EvalEnvThread(const AstExpr& call, const std::string& name) {
  auto evaluated = EvalCallArgs(call);
  if (!evaluated) return evaluated.error();
  Args args(*evaluated, "T.env_thread", {"thread_tag", "dtype"}, 1);
  if (!args.status()) return args.status().error();
  auto tag = args.String("thread_tag");
  if (!tag) return tag.error();
  ir::DataType dtype = ir::DataType::Int(32);
  if (args.has("dtype")) {
    auto text = args.String("dtype");
    if (!text) return text.error();
    std::optional<ir::DataType> parsed = ir::DataType::parse(*text);
    if (!parsed || !parsed->is_int()) return args.TypeError("dtype", "an integer type");
    dtype = *parsed;
  }
  return MakeIterVarValue(
      ir::MakeIterVar(ir::Range(), ir::Var(name, dtype), ir::IterVarType::ThreadIndex, *tag));
}

Result<Translator::AttrScope> Translator::EvalAttrScope(const AstExpr& call,
                                                        const std::string& name) {
  std::optional<TName> t = TNameOf(*call.object);
  auto evaluated = EvalCallArgs(call);
  if (!evaluated) return evaluated.error();
  AttrScope scope;
  if (t->name == "attr") {
    Args args(*evaluated, "T.attr", {"node", "attr_key", "value"}, 3);
    if (!args.status()) return args.status().error();
    auto key = args.String("attr_key");
    if (!key) return key.error();
    auto value = args.Expr("value");
    if (!value) return value.error();
    const Value& node = args.get("node");
    if (ir::IterVar iv = AsIterVar(node)) {
      scope.node = iv;
    } else if (const BufferObject* b = BufferOf(node)) {
      scope.node = b->buffer;
    } else if (node.is_string()) {
      scope.node = node.as_string();
    } else if (std::optional<Expr> e = ToExpr(node)) {
      scope.node = *e;
    } else {
      return args.TypeError("node", "an expression, a buffer, an IterVar or a str");
    }
    scope.key = *key;
    scope.value = *value;
    return scope;
  }
  Args args(*evaluated, "T.launch_thread", {"thread", "extent"}, 2);
  if (!args.status()) return args.status().error();
  auto extent = args.Expr("extent");
  if (!extent) return extent.error();
  if (!extent->dtype().is_int() || !extent->dtype().is_scalar())
    return args.TypeError("extent", "an integer expression");
  const Value& thread = args.get("thread");
  ir::IterVar iv = AsIterVar(thread);
  if (!iv && !thread.is_string())
    return args.TypeError("thread", "a thread tag (str) or a T.env_thread variable");
  if (iv && iv->iter_type != ir::IterVarType::ThreadIndex)
    return args.ErrorAt("thread", "T.launch_thread launches a T.env_thread variable");
  std::string tag = iv ? iv->thread_tag : thread.as_string();
  if (tag.empty()) return args.ErrorAt("thread", "T.launch_thread needs a thread tag");
  ir::Var var = iv ? iv->var : ir::Var(name.empty() ? ThreadVarName(tag) : name, extent->dtype());
  if (var.dtype() != extent->dtype()) extent = ir::cast(var.dtype(), *extent);
  scope.node = ir::MakeIterVar(ir::Range(ir::make_zero(var.dtype()), *extent), var,
                               ir::IterVarType::ThreadIndex, tag);
  // TVM's LaunchThread keys "vthread" virtual_thread, every other tag thread_extent
  // (lowering runs cthread and vthread.x serially by their tags).
  scope.key = tag == "vthread" ? "virtual_thread" : "thread_extent";
  scope.value = *extent;
  scope.var = var;
  return scope;
}

Result<ir::Stmt> Translator::AttrScopeOver(const AstExpr& call, const std::string& name,
                                           const std::vector<AstStmt>& body, Place place,
                                           BlockFrame* block, const SourceLoc& loc) {
  auto scope = EvalAttrScope(call, name);
  if (!scope) return scope.error();
  PushFrame();
  if (scope->var && !name.empty()) Define(name, Value::FromExpr(*scope->var));
  auto inside = Body(body, place, block);
  PopFrame();
  if (!inside) return inside.error();
  std::optional<TName> t = TNameOf(*call.object);
  auto stmt = IrOnly(*inside, loc, Spelled(*t));
  if (!stmt) return stmt.error();
  return ir::MakeAttr(scope->node, scope->key, scope->value, *stmt);
}

}  // namespace tessera::script::tvmscript
