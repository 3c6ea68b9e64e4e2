list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/CacheHierarchy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IntervalEval.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Footprint.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TrafficModel.cpp
)
