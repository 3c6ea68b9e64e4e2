#include "codegen/ExternCalls.h"

#include <optional>

#include "ir/Functor.h"

namespace tessera::codegen {

namespace {

class FirstExternCall : public ir::IRVisitor {
 public:
  std::optional<std::string> message;

 protected:
  void VisitAttrStmt(const ir::AttrStmtNode* n, const ir::Stmt& s) override {
    const std::string* intrin = std::get_if<std::string>(&n->node);
    if (n->key != "tensor_intrin" || !intrin) return IRVisitor::VisitAttrStmt(n, s);
    std::string saved = where_;
    auto* stage = n->value.as<ir::StringImmNode>();
    where_ = "intrinsic '" + *intrin + "'" + (stage ? " (tensorizing " + stage->value + ")" : "");
    IRVisitor::VisitAttrStmt(n, s);
    where_ = saved;
  }

  void VisitCall(const ir::CallNode* n, const ir::Expr& e) override {
    std::string who = where_.empty() ? std::string("the program") : where_;
    if (n->call_kind == ir::CallKind::Extern && !message)
      message = who + " calls extern function '" + n->op +
                "', which cannot be run here: Tessera runs no external code (lower and export show the call)";
    // TVM's builtins (tir.tvm_mma_sync, ...) from call_intrin: no CPU code exists for them.
    if (n->call_kind == ir::CallKind::Intrinsic && n->op.rfind("tir.", 0) == 0 && !message)
      message = who + " calls TVM intrinsic '" + n->op +
                "', which Tessera cannot run on the CPU (lower and export show the call)";
    IRVisitor::VisitCall(n, e);
  }

 private:
  std::string where_;
};

}  // namespace

Status CheckNoExternCalls(const ir::Stmt& body) {
  if (!body.defined()) return Status::Ok();
  FirstExternCall finder;
  finder.VisitStmt(body);
  if (finder.message) return Error(*finder.message);
  return Status::Ok();
}

}  // namespace tessera::codegen
