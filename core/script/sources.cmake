list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/Lexer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Ast.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Parser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Value.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Operators.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Interpreter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Args.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExprBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExprEval.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Assumptions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TeObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TeBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Evaluator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScriptPrinter.cpp
)
