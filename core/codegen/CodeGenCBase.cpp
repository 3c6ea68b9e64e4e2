#include "codegen/CodeGenCBase.h"

#include <cctype>

#include "codegen/BufferIndex.h"
#include "ir/ExprOp.h"
#include "ir/TargetCalls.h"
#include "transform/InjectPrefetch.h"

namespace tessera::codegen {

using namespace ir;

std::string CodeGenCBase::Identifier(const std::string& name) {
  std::string out;
  for (char c : name) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "v_" + out;
  return out;
}

// ---- names and output ----

std::string CodeGenCBase::Define(const Var& v) {
  std::string base = Identifier(v.name()), name = base;
  for (int k = 1; used_.count(name); ++k) name = base + "_" + std::to_string(k);
  used_.insert(name);
  return names_[v.get()] = name;
}

std::string CodeGenCBase::NameOf(const ExprNode* v, const std::string& fallback) {
  auto it = names_.find(v);
  if (it != names_.end()) return it->second;
  Fail("variable '" + fallback + "' is not defined" + Where());
  return fallback;
}

void CodeGenCBase::Fail(const std::string& message) {
  if (!error_) error_ = Error(Language() + " codegen: " + message);
}

std::ostream& CodeGenCBase::Line() {
  for (int i = 0; i < indent_; ++i) body_ << "  ";
  return body_;
}

std::string CodeGenCBase::Vector(const Expr& e) {
  Fail("the vector expression " + e.dtype().str() + " is used outside a vector statement");
  return "0";
}

std::string CodeGenCBase::Arith(DataType t, const char* op, const std::string& a,
                                const std::string& b) {
  std::string r = "(" + a + " " + op + " " + b + ")";
  return t.is_integer() && t.bits() < 32 ? "((" + CType(t) + ")" + r + ")" : r;
}

void CodeGenCBase::Block(const Stmt& body) {
  ++indent_;
  VisitStmt(body);
  --indent_;
}

// ---- expressions ----

std::string CodeGenCBase::VisitExprDefault(const Expr& e) {
  Fail(std::string("cannot print ") + kind_name(e.kind()) + " as " + Language() +
       " (run the lowering pipeline first)");
  return "0";
}

std::string CodeGenCBase::VisitVar(const VarNode* n, const Expr& e) {
  std::string name = NameOf(e.get(), n->name);
  if (vector_vars_.count(e.get())) return lane_ ? name + "[" + kLane + "]" : Vector(e);
  return name;
}

std::string CodeGenCBase::VisitBinary(const BinaryNode* n, const Expr& e) {
  std::string a = VisitExpr(n->a), b = VisitExpr(n->b);
  DataType t = n->a.dtype().element_of();
  CType(t);  // reports element types the language cannot print
  switch (n->kind) {
    case ExprKind::Add:
      return Arith(t, "+", a, b);
    case ExprKind::Sub:
      return Arith(t, "-", a, b);
    case ExprKind::Mul:
      return Arith(t, "*", a, b);
    case ExprKind::Div:
      return Arith(t, "/", a, b);
    case ExprKind::Mod:
    case ExprKind::FloorDiv:
    case ExprKind::FloorMod:
    case ExprKind::Min:
    case ExprKind::Max:
      return DivModMinMax(n->kind, t, a, b);
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

std::string CodeGenCBase::VisitNot(const NotNode* n, const Expr&) {
  return "(!" + VisitExpr(n->a) + ")";
}

std::string CodeGenCBase::VisitSelect(const SelectNode* n, const Expr&) {
  return "(" + VisitExpr(n->condition) + " ? " + VisitExpr(n->true_value) + " : " +
         VisitExpr(n->false_value) + ")";
}

std::string CodeGenCBase::VisitCast(const CastNode* n, const Expr&) {
  return "((" + CType(n->dtype) + ")" + VisitExpr(n->value) + ")";
}

std::string CodeGenCBase::VisitRamp(const RampNode* n, const Expr& e) {
  if (!lane_) return Vector(e);
  if (is_one(n->stride)) return "(" + VisitExpr(n->base) + " + " + kLane + ")";
  return "(" + VisitExpr(n->base) + " + " + VisitExpr(n->stride) + " * " + kLane + ")";
}

std::string CodeGenCBase::VisitBroadcast(const BroadcastNode* n, const Expr& e) {
  return lane_ ? VisitExpr(n->value) : Vector(e);
}

std::string CodeGenCBase::VisitBufferLoad(const BufferLoadNode* n, const Expr& e) {
  if (n->dtype.lanes() > 1 && !lane_) return Vector(e);
  return NameOf(n->buffer->data.get(), n->buffer->name) + "[" +
         VisitExpr(Index(n->buffer, n->indices)) + "]";
}

std::string CodeGenCBase::VisitCall(const CallNode* n, const Expr& e) {
  if ((n->op == "likely" || n->op == "assume") && n->args.size() == 1) return VisitExpr(n->args[0]);
  if (n->op == "if_then_else" && n->args.size() == 3)
    return "(" + VisitExpr(n->args[0]) + " ? " + VisitExpr(n->args[1]) + " : " +
           VisitExpr(n->args[2]) + ")";
  if (auto info = LookupMathOp(n->op)) return Math(*info, n);
  if (auto bit = LookupBitOp(n->op); bit && static_cast<int>(n->args.size()) == bit->arity)
    return BitOperator(*bit, n, e);
  // tensorize's buffer.access_ptr: the address of the bound region (data + offset).
  if (n->op == "tvm_access_ptr" && n->args.size() == 5)
    return "(" + VisitExpr(n->args[1]) + " + " + VisitExpr(n->args[2]) + ")";
  if (IsExternCall(*n)) {
    std::string args;
    for (size_t i = 0; i < n->args.size(); ++i) args += (i ? ", " : "") + VisitExpr(n->args[i]);
    return n->op + "(" + args + ")";
  }
  if (n->op == kReinterpret) {
    Fail("T.reinterpret(\"" + n->dtype.str() +
         "\", ...) compiles only for the CPU (the LLVM backend), not to C or CUDA");
    return VisitExprDefault(e);
  }
  if (auto llvm = AsLLVMIntrinCall(*n)) {
    Fail("the LLVM intrinsic " + llvm->name + " (T." + n->op.substr(4) +
         ") compiles only for the CPU (the LLVM backend), not to C or CUDA");
    return VisitExprDefault(e);
  }
  Fail("unsupported intrinsic '" + n->op + "'");
  return VisitExprDefault(e);
}

// The C operator, cast back to the call's type (undoing C's integer promotion); a
// signed left shift goes through the unsigned type (shifting a negative value left is
// undefined in C), and `>>` on a signed type is arithmetic in GCC, Clang and NVCC.
std::string CodeGenCBase::BitOperator(const BitOpInfo& bit, const CallNode* n, const Expr& e) {
  if (n->dtype.lanes() > 1 && !lane_) return Vector(e);
  DataType t = n->dtype.element_of();
  std::string type = CType(t);
  std::string a = VisitExpr(n->args[0]);
  if (bit.arity == 1) return "((" + type + ")(~" + a + "))";
  std::string b = VisitExpr(n->args[1]);
  if (bit.op == BitOp::ShiftLeft && t.is_int())
    return "((" + type + ")((" + CType(DataType::UInt(t.bits())) + ")" + a + " << " + b + "))";
  // Cast back whatever the width: a uint constant prints as UINT64_C(c), which would
  // widen `x ^ c` past the call's type.
  return "((" + type + ")(" + a + " " + bit.c_op + " " + b + "))";
}

// ---- statements ----

void CodeGenCBase::VisitStmtDefault(const Stmt& s) {
  Fail(std::string("cannot print ") + kind_name(s.kind()) + " as " + Language() +
       " (run the lowering pipeline first)");
}

void CodeGenCBase::VisitIfThenElse(const IfThenElseNode* n, const Stmt&) {
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

void CodeGenCBase::VisitBufferStore(const BufferStoreNode* n, const Stmt&) {
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
    Line() << buffer << "[" << VisitExpr(Index(n->buffer, n->indices))
           << "] = " << VisitExpr(n->value) << ";\n";
  });
}

void CodeGenCBase::VisitAttrStmt(const AttrStmtNode* n, const Stmt&) {
  if (n->key == "produce") {
    std::string what;
    if (auto* p = std::get_if<DataProducer>(&n->node); p && *p) what = " " + (*p)->producer_name();
    Line() << "// produce" << what << "\n";
  }
  VisitStmt(n->body);
}

void CodeGenCBase::VisitSeqStmt(const SeqStmtNode* n, const Stmt&) {
  for (auto& s : n->seq) VisitStmt(s);
}

void CodeGenCBase::VisitEvaluate(const EvaluateNode* n, const Stmt&) {
  if (is_const(n->value)) return;
  // A cache hint the C and CUDA sources leave out (the results are the same).
  if (transform::IsPrefetch(n->value)) {
    Line() << "// prefetch " << VisitExpr(n->value.as<CallNode>()->args[0]) << "\n";
    return;
  }
  PerLane(n->value.dtype().lanes(), [&] { Line() << "(void)" << VisitExpr(n->value) << ";\n"; });
}

void CodeGenCBase::NumberLoopsOf(const ir::Stmt& body, int first_id) {
  for (LoopId l : NumberLoops(body)) {
    l.id += first_id - 1;
    if (l.parent) l.parent += first_id - 1;
    loop_index_[l.node] = loop_ranges_.size();
    loop_ranges_.push_back({l.id, 0, 0});
    loops_.push_back(l);
  }
}

void CodeGenCBase::BeginLoop(const ir::ForNode* n) {
  if (auto it = loop_index_.find(n); it != loop_index_.end())
    loop_ranges_[it->second].begin = static_cast<size_t>(body_.tellp());
}

void CodeGenCBase::EndLoop(const ir::ForNode* n) {
  if (auto it = loop_index_.find(n); it != loop_index_.end())
    loop_ranges_[it->second].end = static_cast<size_t>(body_.tellp());
}

}  // namespace tessera::codegen
