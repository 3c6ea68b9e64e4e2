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
    // s[C].pragma(x, "import_llvm", code) (tensorize.py): TVM links that LLVM IR into the
    // module; Tessera links no outside code.
    if ((n->key == "pragma_import_llvm" || n->key == "pragma_import_c") && !message)
      message = "the program's pragma '" + n->key.substr(7) +
                "' asks to link outside code into the kernel, which Tessera cannot do "
                "(lower and export show the pragma)";
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
    if (ir::IsExternCall(*n) && !message)
      message = who + " calls extern function '" + n->op +
                "', which cannot be run here: Tessera runs no external code (lower and export show "
                "the call)";
    // call_packed (a te.extern's body: tvm.contrib.cblas.matmul, a @tvm.register_func
    // Python function) calls into TVM's runtime registry.
    if (n->call_kind == ir::CallKind::Intrinsic && n->op == "tir.tvm_call_packed" && !message) {
      auto* name = n->args.empty() ? nullptr : n->args[0].as<ir::StringImmNode>();
      message = who + " calls packed function '" + (name ? name->value : std::string("?")) +
                "' (tvm.tir.call_packed), which is runtime code Tessera cannot run (lower and "
                "export show the call)";
    }
    // tvm.tir.vscale(): Arm SVE's vector length, known only on an SVE machine.
    if (n->op == "vscale" && !message)
      message = who +
                " reads tvm.tir.vscale() (the scalable vector length of Arm SVE), which no Tessera "
                "target has (lower and export show the expression)";
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
