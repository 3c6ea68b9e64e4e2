list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/PrimFunc.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PassContext.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AnalyzerMutator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StorageFlatten.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RemoveTrivialLoops.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoopPartition.cpp
  ${CMAKE_CURRENT_LIST_DIR}/VectorizeLoops.cpp
  ${CMAKE_CURRENT_LIST_DIR}/UnrollLoops.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Simplify.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LowerFloorDivMod.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RemoveNoOp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Pipeline.cpp
)
