#include "ir/Expr.h"

#include "ir/ExprOp.h"
#include "ir/IterVar.h"

namespace tessera::ir {

const char* kind_name(ExprKind kind) {
  switch (kind) {
    case ExprKind::IntImm:
      return "IntImm";
    case ExprKind::FloatImm:
      return "FloatImm";
    case ExprKind::StringImm:
      return "StringImm";
    case ExprKind::Var:
      return "Var";
    case ExprKind::Add:
      return "Add";
    case ExprKind::Sub:
      return "Sub";
    case ExprKind::Mul:
      return "Mul";
    case ExprKind::Div:
      return "Div";
    case ExprKind::Mod:
      return "Mod";
    case ExprKind::FloorDiv:
      return "FloorDiv";
    case ExprKind::FloorMod:
      return "FloorMod";
    case ExprKind::Min:
      return "Min";
    case ExprKind::Max:
      return "Max";
    case ExprKind::EQ:
      return "EQ";
    case ExprKind::NE:
      return "NE";
    case ExprKind::LT:
      return "LT";
    case ExprKind::LE:
      return "LE";
    case ExprKind::GT:
      return "GT";
    case ExprKind::GE:
      return "GE";
    case ExprKind::And:
      return "And";
    case ExprKind::Or:
      return "Or";
    case ExprKind::Not:
      return "Not";
    case ExprKind::Select:
      return "Select";
    case ExprKind::Cast:
      return "Cast";
    case ExprKind::Call:
      return "Call";
    case ExprKind::BufferLoad:
      return "BufferLoad";
    case ExprKind::ProducerLoad:
      return "ProducerLoad";
    case ExprKind::Ramp:
      return "Ramp";
    case ExprKind::Broadcast:
      return "Broadcast";
    case ExprKind::Let:
      return "Let";
    case ExprKind::Reduce:
      return "Reduce";
  }
  return "?";
}

bool is_binary(ExprKind k) {
  return (k >= ExprKind::Add && k <= ExprKind::Max) || (k >= ExprKind::EQ && k <= ExprKind::Or);
}
bool is_comparison(ExprKind k) { return k >= ExprKind::EQ && k <= ExprKind::GE; }

Expr::Expr(int value) : Expr(IntImm(DataType::Int(32), value)) {}
Expr::Expr(int64_t value) : Expr(IntImm(DataType::Int(64), value)) {}
Expr::Expr(double value) : Expr(FloatImm(DataType::Float(32), value)) {}

Var::Var(std::string name, DataType t)
    : Expr(std::make_shared<const VarNode>(std::move(name), t, false)) {}

Var Var::from(const Expr& e) {
  if (!e.as<VarNode>()) return Var(std::shared_ptr<const ExprNode>());
  return Var(e.ptr());
}

Var SizeVar(std::string name, DataType t) {
  return Var(
      std::shared_ptr<const ExprNode>(std::make_shared<const VarNode>(std::move(name), t, true)));
}

const char* iter_var_type_name(IterVarType t) {
  switch (t) {
    case IterVarType::DataPar:
      return "data_par";
    case IterVarType::ThreadIndex:
      return "thread_index";
    case IterVarType::CommReduce:
      return "comm_reduce";
    case IterVarType::Ordered:
      return "ordered";
    case IterVarType::Opaque:
      return "opaque";
    case IterVarType::Unrolled:
      return "unrolled";
    case IterVarType::Vectorized:
      return "vectorized";
    case IterVarType::Parallelized:
      return "parallelized";
    case IterVarType::Tensorized:
      return "tensorized";
  }
  return "?";
}

Range Range::FromBeginEnd(const Expr& begin, const Expr& end) {
  return Range(begin, sub(end, begin));
}

}  // namespace tessera::ir
