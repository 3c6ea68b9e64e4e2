list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/NDArray.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ThreadPool.cpp
  ${CMAKE_CURRENT_LIST_DIR}/HostProbe.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuCount.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RuntimeABI.cpp
  ${CMAKE_CURRENT_LIST_DIR}/InterpreterValue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IRInterpreter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ArgBinder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CompiledFunction.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LLVMModule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/KernelArguments.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MachinePeak.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MemoryBandwidth.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Roofline.cpp
)
