list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/ConstEval.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IndexMapInverse.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PaddedLayout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PadValue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PaddingRegions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PhysicalTensor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StorageAlign.cpp
)
