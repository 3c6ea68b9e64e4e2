# The oracle every --check compares with: the te definitions evaluated directly.
list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/Compare.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReferenceCompiler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReferenceStage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReferenceScan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReferenceExtern.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Reference.cpp
)
# A TensorIR document's check: its unscheduled function on the same inputs.
list(APPEND TESSERA_CORE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/TirReference.cpp
     ${CMAKE_CURRENT_LIST_DIR}/ParamLayouts.cpp)
# The GPU emulator's check: a CUDA schedule run on the emulator against the oracle.
list(APPEND TESSERA_CORE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/EmulatorRun.cpp)
list(APPEND TESSERA_CORE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/EmulatorCheck.cpp)
# A TensorIR function on the GPU emulator against its unscheduled program.
list(APPEND TESSERA_CORE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/TirEmulatorCheck.cpp)
