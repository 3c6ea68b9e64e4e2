// TVM's FastErrorString of each schedule error class: the one-line message a schedule
// made with error_render_level="fast" raises instead of the rendered report (MetaSchedule
// makes its schedules so, and scripts match on these lines).
#include <map>

#include "tir/ScheduleError.h"

namespace tessera::tir {

std::string FastErrorString(const Error& e) {
  static const std::map<std::string, std::string> kFast = {
      {"BlockPropertyError",
       "The block under the loops to be reordered have block iter type other than "
       "data-parallel or reduction"},
      {"BodyAnalysisError",
       "The block cannot be inlined because its body pattern does not meet the condition for "
       "inlining"},
      {"BufferIndexOutOfRangeError", "The input `buffer_index` is out of range."},
      {"DependentLoopError",
       "An outer loop's `min` or `extent` is dependent on an inner loop in the new order"},
      {"FactorAxisOutOfRangeError", "The input `factor_axis` is out of range."},
      {"HasAnnotationOrThreadBindingError",
       "The primitive can't be applied because the loop has annotation or thread binding"},
      {"HasInitBlock", "The block has init statement"},
      {"IncompleteBlockError", "Incomplete block"},
      {"LoopMultiAppearanceError", "Some loop appears in the input array for multiple times."},
      {"LoopNotStartWithZeroError", "The primitive only supports loop starting with 0"},
      {"LoopPositionError", "The loop is not an ancestor of the block"},
      {"LoopPropertyError", "The loops do not meet rfactor's requirements"},
      {"LoopsNotAChainError", "the loops are not in a chain"},
      {"NoMatchedReducerError",
       "No matched reducer for the identity and the combiner of this reduction block. So "
       "rfactor and cross-thread reduction cannot be applied."},
      {"NonAllocatedBufferError",
       "The input buffer is not allocated by a block. This means the buffer is  either a "
       "function parameter or defined in `match_buffer` of a block."},
      {"NonPositiveFactorError",
       "All the constant factors are required to be positive. However, some constant input "
       "factor is zero or negative."},
      {"NonSingleChildBlockError", "The loop is required to have only one child block"},
      {"NotAffineBindingError", "The block is required to have an affine binding"},
      {"NotBijectiveAffineIndexMapError", "The index map is not bijective affine."},
      {"NotCompleteOrReductionBlockError", "Not a complete or reduction block"},
      {"NotInSameScopeError",
       "Expected the block and loop to be under the same block scope, and loop not to be the "
       "ancestor of block"},
      {"NotOnlyChildError", "The inner loop is not the only child of outer loop"},
      {"NotReductionBlockError", "Not a reduction block"},
      {"NotRegionCoverError", "The scope root's region cover is not complete."},
      {"NotSerialLoopKindError", "The input loop of rfactor is required to be `kSerial`"},
      {"NotSingleInferFactorError", "only one factor can be specified as -1 or none"},
      {"NotSinglePointAccess",
       "The buffer region accessed inside the block is not a single point."},
      {"NotSingleReadWriteBuffer", "The block is allowed to access only a single buffer region"},
      {"NotSingleWriteBlock", "The buffer is allowed to be written by single block."},
      {"NotStagePipelineError", "The scope root is not a stage pipeline"},
      {"NotTrivialBindingError",
       "The binding values of the block are not variables of outer loops."},
      {"OnlyLeafError", "Cannot remove the only leaf in the scope"},
      {"OpaqueNewIterTypeError",
       "Cannot detect the new block iter type because it contains more than one type of "
       "original iter vars."},
      {"OuterNotInnerParent", "The outer loop is not the parent of the inner loop"},
      {"OutputBlockError", "Cannot operate on an output block"},
      {"PaddingPatternMatchError", "decompose_padding expect the block to match padding pattern"},
      {"ProducerHasNonTrivialPredicateError", "The producer block has a non-trivial predicate."},
      {"RFactorNotApplicableError",
       "RFactor cannot be applied to the block since the block does not meet the requirements"},
      {"ReindexCacheReadWriteNotMatchError",
       "the block itervars appeared in lhs and rhs of reindex cache stage do not match."},
      {"RollingBufferInsertionError",
       "rolling_buffer injection is invalid, the lca of the access location of the target "
       "buffer is not a for loop. "},
      {"RollingBufferMatchError",
       "rolling_buffer expect the buffer region to have at least one dimentionmatching the "
       "rolling pattern such as: hh.outer * stride + hh.inner"},
      {"RootBlockError", "The primitive does not operate on the root block"},
      {"StorageAlignAxisOutOfRangeError",
       "The input `axis` is out of range. It is required to be in range [-ndim, ndim) where "
       "`ndim` is the number of dimensions of the buffer to set storage alignment."},
      {"StorageAlignInvalidFactorError",
       "The input `factor` of storage_align is expected to be a positive number."},
      {"SubspaceNotDivisibleError", "The bindings of the inner block can not be blockized."},
      {"SymbolicShapeError",
       "The min and extent values of the loop are required to be known at compile time. "
       "However, dynamic shape has been detected."},
      {"TensorIntrinMismatchError", "The stmt doesn't match the tensor intrin."},
      {"TransformationIntroducesPaddingError", "Transformation would introduce padding."},
      {"TransformationPaddingExpressionError", "Pad value may not contain a load."},
      {"TransformationPaddingIndexMapError",
       "The IndexMap specifying pad_value should only have one output"},
      {"TransformationPaddingTypeError", "Type mismatch between the pad value and the buffer"},
      {"WrongBlockIterTypeError",
       "The loop kind cannot be fulfilled with regard to some of its underlying block"},
      {"WrongFactorError",
       "The product of factors is not larger than or equal to the extent of loop"},
      {"WrongFactorProductError",
       "The product of factors is not larger than or equal to the extent of loop"},
  };
  const std::string kind = ErrorKind(e);
  if (kind == "NotSingleResult") {
    bool none = e.message.find("Cannot find") != std::string::npos;
    return none ? "ScheduleError: Cannot find a block with the specified name"
                : "ScheduleError: Found multiple blocks with the specified name";
  }
  auto it = kFast.find(kind);
  if (it != kFast.end()) return "ScheduleError: " + it->second;
  // A class TVM has no short line for here: its name, the first sentence of the detail.
  std::string detail = kind.empty() ? e.message : e.message.substr(kind.size() + 2);
  size_t end = detail.find_first_of(".\n");
  return "ScheduleError: " + (end == std::string::npos ? detail : detail.substr(0, end + 1));
}

}  // namespace tessera::tir
