list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/BufferIndex.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StridedSpans.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CodeGenCBase.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CodeGenC.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoopLines.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuTarget.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LoweringContext.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExternCalls.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IntrinsicFeatureSets.cpp
)
# The LLVM backend only when LLVM is on; otherwise its entry points report that.
if(TESSERA_LLVM)
  list(APPEND TESSERA_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/CodeGenLLVM.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CodeGenLLVMExpr.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CodeGenLLVMTargetCalls.cpp
    ${CMAKE_CURRENT_LIST_DIR}/IntrinsicFeatures.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CodeGenLLVMMemory.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CodeGenLLVMParallel.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CodeGenLLVMTranspose.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LLVMBackend.cpp
    ${CMAKE_CURRENT_LIST_DIR}/DeinterleaveLaneOrder.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LoopThroughput.cpp
  )
else()
  list(APPEND TESSERA_CORE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/LLVMBackendDisabled.cpp
       ${CMAKE_CURRENT_LIST_DIR}/LoopThroughputDisabled.cpp)
endif()
