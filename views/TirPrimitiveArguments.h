// TirPrimitiveArguments: the TensorIR primitives whose arguments are more than a block, a
// loop and numbers: annotate / unannotate (a key and an int, float, str, bool or list value),
// tensorize (a registered TensorIntrin by name), set_axis_separator (a buffer and its
// separators), transform_block_layout (an index map written as a lambda),
// annotate_buffer_access (a buffer and its region written as a lambda), and add_unit_loop
// on a block. Here their dialog text is read and checked as it is typed,
// and the ones that need no script evaluation are applied to a schedule (always a copy:
// the views never change the document's).
//
// annotate, unannotate, tensorize and add_unit_loop take a block or a loop, as TVM's
// block_or_loop does: the intent's loop (Intent::iterVars) when it names one, else its block.
#pragma once

#include <QString>
#include <QStringList>
#include <QVariantMap>
#include <vector>

#include "support/Result.h"
#include "tir/Schedule.h"
#include "views/Intent.h"
#include "views/ParameterDialog.h"
#include "views/PrimitiveRequests.h"

namespace tessera::views {

// The primitives of this file.
bool IsTirArgumentPrimitive(const QString& primitive);

// An annotation value as TVM's Python writes it (`16`, `0.5`, `"SSRSRS"`, `True`,
// `[1, 0.5, "x"]`) and as the schedule stores it (int32 IntImm, or int64 past int32;
// float32 FloatImm; StringImm; a bool as the int32 TVM makes of it; a list of int32,
// float32 and str items as an annotation list).
struct TirAnnotationValue {
  QString python;
  ir::Expr expr;
};
// `type` is "int", "float", "str", "bool" or "list"; a value that does not parse as its
// type is an error, and so is a list TVM 0.20 refuses (empty, an int past int32) or
// cannot print in a trace (a bool item).
Result<TirAnnotationValue> ParseAnnotationValue(const QString& type, const QString& text);
// A Python string literal of `text` in double quotes.
QString PythonStringLiteral(const QString& text);
// "1" or "[1, 2]" (or "" / "[]": none) as a list of non-negative integers; a refusal
// names `what` (the argument).
Result<std::vector<int64_t>> ParseNonNegativeList(const QString& text, const QString& what);
// The non-negative axes set_axis_separator takes, read by ParseNonNegativeList.
Result<std::vector<int64_t>> ParseAxisSeparators(const QString& text);
// Why `text` is not a lambda of `arity` parameters ("" = it is): a syntax error says
// where ("column 14: expected ..."), counted in `text`.
QString IndexMapLambdaProblem(const QString& text, size_t arity);

// The annotation keys of `loop` of `block` (of the block itself when `loop` is empty).
QStringList TirAnnotationKeys(const tir::Schedule& sch, const QString& block, const QString& loop);
// The TensorIntrin names the schedule's registry holds (the document's registrations).
QStringList TirIntrinNames(const tir::Schedule& sch);

// Why the menu entry of `primitive` (of this file) cannot apply to the block, or to its
// loop when `loop` is set ("" = it can, or its arguments decide): no annotation to remove,
// no intrinsic registered, a block transform_block_layout refuses whatever the map.
QString TirArgumentMenuProblem(const tir::Schedule& sch, const QString& primitive,
                               const QString& block, const QString& loop);

// The dialog fields of `primitive` for the block (and loop); `problem` gets why there is
// no dialog. The previews check the values as they are typed (`dryRun` evaluates
// transform_block_layout's lambda; without it the lambda's syntax alone is checked).
QList<ParamField> TirArgumentFields(const tir::Schedule& sch, const QString& primitive,
                                    const QString& block, const QString& loop, QString* problem,
                                    const TirDryRun& dryRun);
// The intent's params from the dialog's values (buffer choices "write 0: B" split).
void SetTirArgumentParams(Intent& intent, const QVariantMap& values);

// Applies annotate, unannotate, tensorize, add_unit_loop or set_axis_separator;
// transform_block_layout takes a lambda and is the script evaluator's to apply.
Status ApplyTirArgumentIntent(tir::Schedule& sch, const Intent& intent);
// transform_block_layout's arguments: the block exists and the map is a lambda over its
// iterators ("" = the shape is right; the schedule decides the rest).
QString TransformBlockLayoutArgumentProblem(const tir::Schedule& sch, const Intent& intent);
// annotate_buffer_access's arguments: the block has the buffer and the ranges are a
// lambda over its iterators ("" = the shape is right; the evaluation decides the rest).
QString AnnotateBufferAccessArgumentProblem(const tir::Schedule& sch, const Intent& intent);

}  // namespace tessera::views
