list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/NDArray.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ThreadPool.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RuntimeABI.cpp
  ${CMAKE_CURRENT_LIST_DIR}/InterpreterValue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Interpreter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ArgBinder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Compare.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CompiledFunction.cpp
  ${CMAKE_CURRENT_LIST_DIR}/KernelArguments.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReferenceCompiler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReferenceStage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReferenceScan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Reference.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MachinePeak.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MemoryBandwidth.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Roofline.cpp
)
