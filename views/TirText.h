// How the TensorIR views write the core's strings, expressions and loops as Qt text.
#pragma once

#include <QString>
#include <string>

#include "ir/Expr.h"

namespace tessera::tir {
struct ForNode;
}

namespace tessera::views {

// std::string and QString, at every label and every primitive's argument.
inline QString Q(const std::string& s) { return QString::fromStdString(s); }
inline std::string S(const QString& s) { return s.toStdString(); }

// An expression as TVMScript writes it.
QString TirExprText(const ir::Expr& e);

// A loop's range as TVMScript writes it: "range(8)", or "range(2, 10)" when it does not
// start at 0.
QString TirLoopRangeText(const tir::ForNode& loop);

// A loop's kind ("serial", "parallel", ...), or the thread a bound loop runs on.
QString TirLoopKindText(const tir::ForNode& loop);

}  // namespace tessera::views
