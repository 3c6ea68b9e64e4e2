list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/PrimFunc.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PassContext.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AnalyzerMutator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/InjectPrefetch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StorageFlatten.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LegalizeCalls.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LowerWmmaBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RemoveTrivialLoops.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoopPartition.cpp
  ${CMAKE_CURRENT_LIST_DIR}/VectorizeLoops.cpp
  ${CMAKE_CURRENT_LIST_DIR}/UnrollLoops.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Simplify.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LowerFloorDivMod.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RemoveNoOp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LayoutArguments.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LayoutOvercompute.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Pipeline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LowerSchedule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LowerTensorIR.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoweredTVMScript.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TirAllocationPlan.cpp
)
# GPU passes (run after the pipeline by the CUDA backend, codegen/cuda/CudaLowering).
list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/ThreadAxes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ThreadStorageScope.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ThreadLaunch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ThreadSync.cpp
)
