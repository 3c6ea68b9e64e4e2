list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/DataType.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Expr.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExprOp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Stmt.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Buffer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Functor.cpp
)
list(APPEND TESSERA_CORE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/Printer.cpp)
list(APPEND TESSERA_CORE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/StructuralEqual.cpp)
# What IR calls mean: the math, bit and WMMA intrinsics every layer interprets alike.
list(APPEND TESSERA_CORE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/MathIntrinsics.cpp
     ${CMAKE_CURRENT_LIST_DIR}/BitIntrinsics.cpp ${CMAKE_CURRENT_LIST_DIR}/BitOps.cpp
     ${CMAKE_CURRENT_LIST_DIR}/WmmaBuiltins.cpp ${CMAKE_CURRENT_LIST_DIR}/TargetCalls.cpp
     ${CMAKE_CURRENT_LIST_DIR}/FixedPointMultiply.cpp)
