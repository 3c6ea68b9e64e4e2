# core/project: .tessera project files (script + trace + view state + target settings).
list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/ProjectJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProjectFile.cpp
)
