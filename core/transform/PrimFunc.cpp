#include "transform/PrimFunc.h"

#include <cctype>
#include <unordered_set>

#include "ir/Functor.h"

namespace tessera::transform {

using namespace ir;

std::vector<Buffer> PrimFunc::buffer_params() const {
  std::vector<Buffer> out;
  for (auto& p : params)
    if (p.is_buffer()) out.push_back(p.buffer);
  return out;
}

std::vector<Var> PrimFunc::scalar_params() const {
  std::vector<Var> out;
  for (auto& p : params)
    if (!p.is_buffer()) out.push_back(p.var);
  return out;
}

namespace {

void collect_vars(const Expr& e, std::vector<Var>* out, std::unordered_set<const VarNode*>* seen) {
  if (!e.defined()) return;
  PostOrderVisit(e, [&](const Expr& x) {
    if (auto* v = x.as<VarNode>()) {
      if (seen->insert(v).second) out->push_back(Var::from(x));
    }
  });
}

// Collects free variables in order of first use, skipping those defined by an
// enclosing For / LetStmt / Let / Allocate.
class UndefinedVarCollector : public IRVisitor {
 public:
  std::vector<Var> result;

 protected:
  void VisitVar(const VarNode* n, const Expr& e) override { Use(n, e); }
  void VisitLet(const LetNode* n, const Expr&) override {
    VisitExpr(n->value);
    Define(n->var.get());
    VisitExpr(n->body);
  }
  void VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
    Use(n->buffer->data.get(), n->buffer->data);
    IRVisitor::VisitBufferLoad(n, e);
  }
  void VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    Use(n->buffer->data.get(), n->buffer->data);
    IRVisitor::VisitBufferStore(n, s);
  }
  void VisitFor(const ForNode* n, const Stmt&) override {
    VisitExpr(n->min);
    VisitExpr(n->extent);
    Define(n->loop_var.get());
    VisitStmt(n->body);
  }
  void VisitLetStmt(const LetStmtNode* n, const Stmt&) override {
    VisitExpr(n->value);
    Define(n->var.get());
    VisitStmt(n->body);
  }
  // A launched thread's variable is defined by its thread_extent (TVM's well-formedness).
  void VisitAttrStmt(const AttrStmtNode* n, const Stmt& s) override {
    if (const IterVar* iv = LaunchedThread(*n)) Define((*iv)->var.get());
    IRVisitor::VisitAttrStmt(n, s);
  }
  void VisitAllocate(const AllocateNode* n, const Stmt&) override {
    for (auto& e : n->extents) VisitExpr(e);
    VisitExpr(n->condition);
    Define(n->buffer_var.get());
    VisitStmt(n->body);
  }

 private:
  void Define(const ExprNode* v) { defined_.insert(v); }
  void Use(const ExprNode* v, const Expr& e) {
    if (defined_.count(v) || !seen_.insert(v).second) return;
    result.push_back(Var::from(e));
  }
  std::unordered_set<const ExprNode*> defined_, seen_;
};

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

}  // namespace

PrimFunc MakePrimFunc(std::string name, const std::vector<Buffer>& buffers, Stmt body,
                      const std::vector<Var>& extra_scalars) {
  PrimFunc f;
  f.name = std::move(name);
  f.body = std::move(body);
  std::vector<Var> scalars;
  std::unordered_set<const VarNode*> seen;
  for (auto& b : buffers) {
    f.params.push_back({b->data, b});
    for (auto& e : b->shape) collect_vars(e, &scalars, &seen);
    for (auto& e : b->strides) collect_vars(e, &scalars, &seen);
    collect_vars(b->elem_offset, &scalars, &seen);
  }
  for (auto& v : extra_scalars)
    if (seen.insert(v.operator->()).second) scalars.push_back(v);
  for (auto& v : scalars) f.params.push_back({v, nullptr});
  return f;
}

PrimFunc MakePrimFunc(std::string name, const std::vector<Buffer>& buffers,
                      const std::vector<ListedScalar>& listed, Stmt body) {
  PrimFunc f = MakePrimFunc(std::move(name), buffers, std::move(body));
  if (listed.empty()) return f;
  std::vector<PrimFuncParam> buffer_params, shape_params;
  for (auto& p : f.params) (p.is_buffer() ? buffer_params : shape_params).push_back(p);
  std::unordered_set<const ExprNode*> placed;
  f.params.clear();
  size_t next_buffer = 0;
  auto place_scalars_at = [&](size_t position) {
    for (const ListedScalar& s : listed)
      if (s.position == position && placed.insert(s.var.get()).second)
        f.params.push_back({s.var, nullptr});
  };
  for (size_t position = 0; position < buffers.size() + listed.size(); ++position) {
    size_t before = f.params.size();
    place_scalars_at(position);
    if (f.params.size() == before && next_buffer < buffer_params.size())
      f.params.push_back(buffer_params[next_buffer++]);
  }
  while (next_buffer < buffer_params.size()) f.params.push_back(buffer_params[next_buffer++]);
  for (const ListedScalar& s : listed)  // positions past the end (a caller's slip): last
    if (placed.insert(s.var.get()).second) f.params.push_back({s.var, nullptr});
  for (auto& p : shape_params)
    if (placed.insert(p.var.get()).second) f.params.push_back(p);
  return f;
}

Status BindUnlistedScalars(PrimFunc* f, const std::vector<Var>& bindable) {
  std::unordered_set<const ExprNode*> params, allowed;
  for (auto& p : f->params) params.insert(p.var.get());
  for (const Var& v : bindable) allowed.insert(v.get());
  for (const Var& v : UndefinedVars(f->body)) {
    if (params.count(v.get()) || v.dtype().is_handle()) continue;
    if (!allowed.count(v.get()))
      return Error("variable " + v.name() + " (" + v.dtype().str() + ") is not bound: function " +
                   f->name + " reads it, but it is neither among the arguments nor a shape " +
                   "variable of one; list it among the arguments (as TVM requires), e.g. " +
                   "tvm.lower(s, [..., " + v.name() + "])");
    f->params.push_back({v, nullptr});
    params.insert(v.get());
  }
  return Status::Ok();
}

std::vector<Var> UndefinedVars(const Stmt& body) {
  UndefinedVarCollector c;
  if (body.defined()) c.VisitStmt(body);
  return c.result;
}

Status VerifyPrimFunc(const PrimFunc& f) {
  if (!is_identifier(f.name)) return Error("function name '" + f.name + "' is not an identifier");
  if (!f.body.defined()) return Error("function " + f.name + " has no body");
  std::unordered_set<const ExprNode*> params;
  for (auto& p : f.params) params.insert(p.var.get());
  for (auto& v : UndefinedVars(f.body)) {
    if (!params.count(v.get()))
      return Error("function " + f.name + " uses variable '" + v.name() +
                   "' that is neither a parameter nor defined in its body");
  }
  return Status::Ok();
}

}  // namespace tessera::transform
