list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/Fingerprint.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Database.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TargetInfo.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DesignSpace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChannelTile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AttachRule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EpilogueRule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Features.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CostModel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/HostSpeed.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Tuner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChildProcessRunner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EarlierCandidates.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TunableKnobs.cpp
)
