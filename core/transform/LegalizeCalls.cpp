#include "transform/LegalizeCalls.h"

#include "ir/FixedPointMultiply.h"
#include "ir/Functor.h"

namespace tessera::transform {

namespace {

class CallLegalizer : public ir::IRMutator {
 public:
  explicit CallLegalizer(const PassContext& ctx) : ctx_(ctx) {}

 protected:
  ir::Expr VisitCall(const ir::CallNode* n, const ir::Expr& e) override {
    ir::Expr visited = ir::IRMutator::VisitCall(n, e);
    const auto* call = visited.as<ir::CallNode>();
    if (!call || !ir::IsFixedPointMultiply(*call)) return visited;
    Result<ir::Expr> expanded = ir::LegalizeFixedPointMultiply(*call);
    if (!expanded) {
      ctx_.ReportError(expanded.error().message);
      return visited;
    }
    return *expanded;
  }

 private:
  const PassContext& ctx_;
};

}  // namespace

ir::Stmt LegalizeCalls(ir::Stmt s, const PassContext& ctx) {
  return CallLegalizer(ctx).VisitStmt(s);
}

}  // namespace tessera::transform
