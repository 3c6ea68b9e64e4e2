// tessera-cli simplify EXPR [--assume COND]... [--size-var NAME]... [--lower-divmod]
//
// Simplifies an expression written in the script language's syntax. Free names are
// int32 variables; --size-var makes a name a shape variable (non-negative, as
// te.size_var), which is what lets the analyzer lower floordiv/floormod to C division
// (the bound-info RFC's example: `i % n` with 0 <= i < n*n).
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"
#include "arith/Analyzer.h"
#include "ir/Printer.h"
#include "script/Assumptions.h"
#include "script/ExprEval.h"

namespace tessera::cli {

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli simplify EXPR [--assume COND]... [--size-var NAME]... [--lower-divmod]

Simplifies EXPR and prints the result. EXPR and COND use the script language's
expression syntax, as TVM's Python API writes it:
  x // 8, x % 8                 floor division and modulo (Python semantics)
  tvm.tir.truncdiv(x, 8), tvm.tir.truncmod(x, 8)
  te.max(x, y), te.min(x, y), tvm.tir.Select(c, a, b), te.if_then_else(c, a, b)
  tvm.tir.all(a, b, ...), tvm.tir.any(...), tvm.tir.Not(a), and, or, not
  comparisons, True, False, integer literals
Free names are int32 variables (the same name is the same variable everywhere).

Options:
  --assume COND     assume COND holds (repeatable); `0 <= i and i < n` bounds i
  --size-var NAME   NAME is a shape variable: non-negative (repeatable)
  --lower-divmod    afterwards rewrite floordiv/floormod to C division (a / b, a % b)
                    wherever the operands are provably non-negative
  -h, --help        show this help

Floor division prints as floordiv(a, b) / floormod(a, b), C division as (a / b) / (a % b).
Exit codes: 0 success, 1 malformed EXPR or COND (FILE:LINE:COL: error: ...), 2 usage.

Example:
  tessera-cli simplify "i % n" --size-var n --assume "0 <= i and i < n*n" --lower-divmod
  (i % n)
)";

}  // namespace

int SimplifyCommand(const Argv& argv, std::ostream& out, std::ostream& err) {
  ParsedArgs args;
  OptionSpec spec{{"--assume", "--size-var"}, {"--lower-divmod"}};
  if (auto problem = ParseArgs(argv, spec, &args)) return UsageError("simplify", *problem, err);
  if (args.help) {
    out << kHelp;
    return kSuccess;
  }
  if (args.positional.size() != 1)
    return UsageError(
        "simplify", args.positional.empty() ? "missing EXPR" : "expected one EXPR (quote it)", err);

  script::ExprEnvironment env(args.values("--size-var"));
  auto expr = env.Evaluate(args.positional[0], "<expr>");
  if (!expr) {
    err << expr.error().format() << "\n";
    return kBadInput;
  }
  std::vector<ir::Expr> assumptions;
  for (const std::string& cond : args.values("--assume")) {
    auto c = env.Evaluate(cond, "<assume>");
    if (!c) {
      err << c.error().format() << "\n";
      return kBadInput;
    }
    if (!c->dtype().is_bool()) {
      err << "<assume>:1:1: error: an assumption must be a condition, got a " << c->dtype().str()
          << " expression\n";
      return kBadInput;
    }
    assumptions.push_back(*c);
  }

  arith::Analyzer analyzer;
  script::AddAssumptions(analyzer, assumptions);
  ir::Expr result = analyzer.Simplify(*expr);
  if (args.has("--lower-divmod")) result = analyzer.LowerFloorDivMod(result);
  out << ir::to_string(result) << "\n";
  return kSuccess;
}

}  // namespace tessera::cli
