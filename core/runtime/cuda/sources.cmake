# The CUDA runtime: the driver is loaded with dlopen at run time (no link-time
# dependency on libcuda, no CUDA headers), so these files always build.
list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/CudaDriver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CudaMemory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CudaHostProgram.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CudaModule.cpp
)
# The CPU emulation of generated kernels (needs a host C++ compiler at run time only).
list(APPEND TESSERA_CORE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/Emulator.cpp
     ${CMAKE_CURRENT_LIST_DIR}/EmulatorBlock.cpp ${CMAKE_CURRENT_LIST_DIR}/EmulatorFibers.cpp
     ${CMAKE_CURRENT_LIST_DIR}/EmulatorWmma.cpp)
