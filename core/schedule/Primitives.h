// Schedule primitives (TVM's s[stage].split(...), ...). Each one checks that it is legal
// and, when it is not, returns an Error naming the problem and leaves the schedule
// untouched; when it is, it changes the schedule and appends one TraceEntry to
// sch.trace. Stages and IterVars are the handles found in the schedule
// (sch.find("C"), stage->find_iter_var("i"), stage->op axis ...).
// To apply a primitive described by names (scripts, the GUI's intents, replay), use
// ApplyPrimitive in Replay.h.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "layout/PadValue.h"
#include "schedule/Schedule.h"

namespace tessera::schedule {

// i -> (i.outer, i.inner) with extent(i.inner) == factor. disable_predication: no bound
// check guards a tail (the caller asserts the factor divides i; TVM's split option).
Result<std::pair<IterVar, IterVar>> Split(Schedule& sch, Stage stage, IterVar parent,
                                          int64_t factor, bool disable_predication = false);
// i -> (i.outer, i.inner) with extent(i.outer) == nparts.
Result<std::pair<IterVar, IterVar>> SplitByNParts(Schedule& sch, Stage stage, IterVar parent,
                                                  int64_t nparts, bool disable_predication = false);
// Fuses adjacent leaf vars, outer to inner: (i, j) -> i.j.fused.
Result<IterVar> Fuse(Schedule& sch, Stage stage, std::vector<IterVar> vars);
// Puts `order` (distinct leaf vars) into the loop positions they occupy, in this order.
Status Reorder(Schedule& sch, Stage stage, std::vector<IterVar> order);
// split x by x_factor, y by y_factor, reorder to (x.outer, y.outer, x.inner, y.inner).
Result<std::array<IterVar, 4>> Tile(Schedule& sch, Stage stage, IterVar x, IterVar y,
                                    int64_t x_factor, int64_t y_factor);

// Computes `stage` inside loop `ivar` of `target`, which must read it (directly or
// through inlined stages).
Status ComputeAt(Schedule& sch, Stage stage, Stage target, IterVar ivar);
Status ComputeInline(Schedule& sch, Stage stage);
Status ComputeRoot(Schedule& sch, Stage stage);

// A stage "A.<scope>" that copies `producer` into `scope`; `readers` read the copy.
Result<Stage> CacheRead(Schedule& sch, Stage producer, const std::string& scope,
                        std::vector<Stage> readers);
// A stage "C.<scope>" that computes C's body in `scope`; C becomes a copy of it. After a
// split / fuse / reorder of C the cache's axes are C's data-parallel leaf loops (TVM's
// CacheWriteWithReLayout) and C's loops are reset to its axes.
Result<Stage> CacheWrite(Schedule& sch, Stage stage, const std::string& scope);

Status Vectorize(Schedule& sch, Stage stage, IterVar iv);
Status Unroll(Schedule& sch, Stage stage, IterVar iv);
Status Parallel(Schedule& sch, Stage stage, IterVar iv);
// Binds leaf `iv` to `thread` (an IterVar from te::thread_axis or sch.thread_axis).
Status Bind(Schedule& sch, Stage stage, IterVar iv, IterVar thread);
Status Pragma(Schedule& sch, Stage stage, IterVar iv, const std::string& key,
              std::optional<int64_t> value = std::nullopt);
// A pragma whose value is text (TVM takes any expression: tensorize.py's
// `pragma(x, "import_llvm", ll_code)`); the loop's AttrStmt carries it as a StringImm.
Status PragmaText(Schedule& sch, Stage stage, IterVar iv, const std::string& key,
                  const std::string& text);
// TVM's prefetch: at the top of every iteration of leaf `iv`, a prefetch of each cache
// line of `tensor` (an input the stage reads) that the loop's body reads `offset` (> 0)
// iterations later. A hint to the memory system: the results do not change. Refused on a
// vectorized or thread-bound loop (and such a loop refuses vectorize and bind).
Status Prefetch(Schedule& sch, Stage stage, IterVar iv, const te::Tensor& tensor, int64_t offset);
// Pads the stride of the dimension of root axis `axis` so that stride % factor == offset.
Status StorageAlign(Schedule& sch, Stage stage, IterVar axis, int64_t factor, int64_t offset);
// Factors reduction `stage` over leaf reduce var `k`: a new stage "B.rf" computes partial
// results with k as a data-parallel axis (at position factor_axis), B reduces them.
Result<Stage> RFactor(Schedule& sch, Stage stage, IterVar k, int factor_axis = 0);

// transform_layout (RFC 0077): stores the outputs of `stage` (a compute or a placeholder)
// in the physical layout `index_map` (logical -> physical indices, e.g. i -> [i // 4,
// i % 4]). Unlike TVM's TE the map may introduce padding: the physical shape is the
// smallest holding every element and `pad_value` says what the padding holds (None:
// it must never be accessed). `axis_separators` split the physical axes into groups
// that flatten separately (an N-D physical buffer). A compute stage's loops then follow
// the new layout, as in TVM: its axes (untouched leaves, in order) are replaced by new
// loop vars axis0, axis1, ... over the physical indices, returned (none for a
// placeholder); padding cells are skipped by a guard.
Result<std::vector<IterVar>> TransformLayout(Schedule& sch, Stage stage, ir::IndexMap index_map,
                                             layout::PadValue pad_value = {},
                                             std::vector<int> axis_separators = {});

// Stores the stage's result in `scope` ("shared", "local", ...; "global" is the
// default). An output of the schedule stays global.
Status SetScope(Schedule& sch, Stage stage, const std::string& scope);
// Stores an element of the stage only where `predicate` holds (the loops still run).
// The predicate may read the stage's iter vars, the threads bound to its loops (a
// variable named after a bound thread's tag is that thread) and shape variables.
Status SetStorePredicate(Schedule& sch, Stage stage, Expr predicate);

// Storage scopes accepted by cache_read / cache_write / set_scope.
bool is_storage_scope(const std::string& scope);

}  // namespace tessera::schedule
