# The CUDA backend's code generation: host/device split, launch checks and CUDA C++
# source need no CUDA headers and always build; NVRTC only with the toolkit.
list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/CudaOptions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CudaProgram.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SplitHostDevice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LaunchChecks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CodeGenCUDA.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CodeGenCUDAWide.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CodeGenCUDAWmma.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LowerThreadAllreduce.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CudaLowering.cpp
)
if(TESSERA_CUDA)
  list(APPEND TESSERA_CORE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/NVRTC.cpp)
else()
  list(APPEND TESSERA_CORE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/NVRTCDisabled.cpp)
endif()
