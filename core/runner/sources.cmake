# core/runner: where measurements run — the node side (MeasureBatch), local worker
# processes and Slurm job arrays.
list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/MachineSignature.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeasureJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/HostLocks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeasureOne.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProbedCalls.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeasureBatch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Subprocess.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RunnerSupport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LocalRunner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SlurmRunner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MakeRunner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TimingStats.cpp
)
