list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/Stmt.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BlockAccessRegion.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RegionAnalysis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CreatePrimFunc.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScriptPrinter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AffineBinding.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleState.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Trace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Schedule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/primitive/GetBlockLoop.cpp
  ${CMAKE_CURRENT_LIST_DIR}/primitive/PrimitiveUtil.cpp
  ${CMAKE_CURRENT_LIST_DIR}/primitive/LoopTransformation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/primitive/ForKind.cpp
  ${CMAKE_CURRENT_LIST_DIR}/primitive/ComputeInline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/primitive/ComputeAt.cpp
  ${CMAKE_CURRENT_LIST_DIR}/primitive/CacheReadWrite.cpp
)
