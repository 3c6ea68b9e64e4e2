# TVM's tuning APIs in scripts (autotvm, auto_scheduler, meta_schedule) on Tessera's
# tuner and runners.
list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/AutotvmTuning.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AutotvmObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AutoSchedulerObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetaScheduleObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TuningApis.cpp
)
