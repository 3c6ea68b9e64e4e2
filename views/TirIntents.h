// TirIntents: the TensorIR side of the views' contract. A TensorIR intent names its block
// (Intent::stage) and its loops by their loop variables (Intent::iterVars); a loop is
// looked up among the loops of params["loop_block"] when set (compute_at's target
// loop), else among the loops of the block itself. The application turns such an
// intent into one script line; the views use the helpers below to check an intent
// before they emit it, always by applying it to a copy of the schedule, so that a
// refusal carries TVM's own error text.
#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "support/Result.h"
#include "tir/Schedule.h"
#include "views/Intent.h"
#include "views/PrimitiveRequests.h"

class QWidget;

namespace tessera::views {

// The primitives the block and loop context menus offer, in menu order.
const QStringList& TirBlockPrimitives();
const QStringList& TirLoopPrimitives();
// The menu text of a TensorIR primitive ("Reverse Compute At…").
QString TirPrimitiveTitle(const QString& primitive);
// Why loop-menu primitive `primitive` cannot apply to `loop` of `block` ("" = it can, or it
// asks for arguments first and is checked with them): the primitives without arguments
// are tried on a copy of the schedule, so their menu entries are disabled with TVM's reason.
QString TirLoopMenuProblem(const tir::Schedule& sch, const QString& primitive, const QString& block,
                           const QString& loop);
// The same for block-menu primitive `primitive` of `block`: the ones without arguments
// (compute_inline, add_unit_loop, ...) are tried on a copy; unannotate needs an
// annotation, tensorize a registered intrinsic.
QString TirBlockMenuProblem(const tir::Schedule& sch, const QString& primitive,
                            const QString& block);

// Every block of the function except the root, in pre order.
std::vector<const tir::BlockRealizeNode*> TirBlocks(const tir::Schedule& sch);
// The realize of the block named `name`; null when there is none.
const tir::BlockRealizeNode* TirFindBlock(const tir::Schedule& sch, const QString& name);
// The loops above block `name` up to its scope block, outermost first (get_loops).
std::vector<const tir::ForNode*> TirLoopsOf(const tir::Schedule& sch, const QString& block);
QStringList TirLoopNames(const tir::Schedule& sch, const QString& block);
// The block a loop named `loop` is selected with, as a click on that loop in the loop
// nest selects it: the first block under the first loop of that name in program order
// (loops of different nests may share a name); "" when no loop has that name.
QString TirBlockOfLoop(const tir::Schedule& sch, const QString& loop);
// The random variable of loop `name` of `block` in `sch` (get_loops, then the loop variable).
Result<tir::LoopRV> TirLoopRV(tir::Schedule& sch, const QString& block, const QString& name);
// The constant extent of a loop; nullopt when it is not a constant.
std::optional<int64_t> TirConstExtent(const tir::ForNode& loop);
// The constant extent of the block's loop of that name, if it has one.
std::optional<int64_t> TirLoopConstExtent(const tir::Schedule& sch, const QString& block,
                                          const QString& loop);

// split's factors as written in a dialog or a script: "None, 32" -> {nullopt, 32}.
// At least two factors, each a positive integer or None (at most one None); loop_partition's
// lengths the same, one at least (the errors name `primitive`).
Result<std::vector<std::optional<int64_t>>> ParseSplitFactors(const QString& text,
                                                              const QString& primitive = "split");

// The optional arguments of an intent, at TVM's defaults where the intent does not set
// them: preserve_unit_loops (false) of compute_at and reverse_compute_at,
// preserve_unit_iters (true) of split, fuse and blockize, disable_predication (false) of
// split; index (-1: the last possible place) of compute_at and reverse_compute_at;
// consumer_blocks (none given: cache_read's copy is read by every reader, cache_write's
// by none) of cache_read and cache_write, by block name.
bool TirFlagOption(const Intent& intent, const QString& key);
int64_t TirIndexOption(const Intent& intent);
QStringList TirConsumerBlocks(const Intent& intent);
// The blocks cache_read (`read`) or cache_write of `block` can name as consumer_blocks:
// those that read a buffer `block` reads (writes), in pre order.
QStringList TirCacheConsumerChoices(const tir::Schedule& sch, const QString& block, bool read);

// The blocks blockize of a list can take with `block`: those of its scope, in pre order
// (the block menu's blockize asks which; params["blocks"] holds them).
QStringList TirBlockizeChoices(const tir::Schedule& sch, const QString& block);

// The loops merge can join with loop `loop` of `block`: a loop of another nest of the
// same scope at the same depth with equal extents, as "block: loop" (a block under it),
// each checked by merging on a copy. merge's params["merge_with"] holds them, joined by
// "; ". At most `most` of them (the menu asks whether there is one).
QStringList TirMergeChoices(const tir::Schedule& sch, const QString& block, const QString& loop,
                            int most = 1 << 30);
// merge's other loops from params["merge_with"], as "block: loop".
QStringList TirMergeWith(const Intent& intent);

// Applies `intent` to `sch` (a copy: the views never touch the document's schedule).
Status ApplyTirIntent(tir::Schedule& sch, const Intent& intent);
// Why `intent` is illegal on `sch` ("" = it applies): applied to a copy of `sch`. An
// intent whose arguments are script text (TirIntentNeedsScript) gets its arguments'
// shape checked only.
QString TirIntentProblem(const tir::Schedule& sch, const Intent& intent);
// Whether only the script evaluator can apply `intent` (transform_layout,
// transform_block_layout and annotate_buffer_access: their index maps, ranges and pad
// values are Python lambdas): the application checks it by evaluating its line.
bool TirIntentNeedsScript(const Intent& intent);
// The buffer argument TVM's transform_layout takes, from the intent's buffer_type and
// buffer_index: ("write", 0).
QString TirBufferArgument(const Intent& intent);

// Whether block `a` writes a buffer that block `b` reads.
bool TirBlockFeeds(const tir::Schedule& sch, const QString& a, const QString& b);

// What dropping a block or loop on a loop means: a block on a loop of another block
// -> compute_at (reverse_compute_at when the block reads what the loop's blocks
// write); a loop on a neighbouring loop of the same block -> fuse; on another loop
// of the same block -> reorder (the two swap); on a loop of another nest -> merge.
// `loopBlock` is the block whose loops hold `targetLoop` (and `sourceLoop`, for a loop
// drop).
struct TirDrop {
  std::optional<Intent> intent;  // what the drop would request
  QString problem;               // why it is refused ("" = legal)
};
// Where a dragged item lands on a target row: on it, or in the gap before or after it
// (a loop nest's insertion line).
enum class TirDropPlace { On, Before, After };
TirDrop TirBlockOnLoop(const tir::Schedule& sch, const QString& block, const QString& loopBlock,
                       const QString& targetLoop);
// A loop dropped On a loop: fuse (neighbours) or swap; Before / After a loop: the
// dragged loop moves there, the loops between shift by one (reorder).
TirDrop TirLoopOnLoop(const tir::Schedule& sch, const QString& loopBlock, const QString& sourceLoop,
                      const QString& targetLoop, TirDropPlace place = TirDropPlace::On);
// Loop `sourceLoop` of `sourceBlock` dropped on loop `targetLoop` of `targetBlock`, a block
// of another nest: merge.
TirDrop TirLoopOnOtherNest(const tir::Schedule& sch, const QString& sourceBlock,
                           const QString& sourceLoop, const QString& targetBlock,
                           const QString& targetLoop);

// Asks `primitive`'s parameters for `block` (and `loop`, for the loop menu) with the
// ParameterDialog and checks the intent on a copy of the schedule before returning it.
// With `dryRun`, transform_layout's dialog previews the transformed shape and its
// padding, or shows why the map is refused, while the map is edited.
PrimitiveRequest RequestTirPrimitive(QWidget* parent, const QString& primitive,
                                     const tir::Schedule& sch, const QString& block,
                                     const QString& loop, const IntentCheck& check = {},
                                     const TirDryRun& dryRun = {});

}  // namespace tessera::views
