list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/Lexer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Ast.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Parser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Value.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Operators.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Interpreter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SetObject.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Exceptions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExprSize.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Args.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LowerArgs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExprBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TvmScriptModule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExprEval.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Assumptions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TeObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OperationAttrs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TeBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CommReducerObject.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TensorIntrinObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TensorizeHooks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ArithAnalyzerObject.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IRBuilderObject.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExternObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScheduleObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Evaluator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScriptPrinter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TuneConfig.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PythonExpr.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RuntimeObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PercentFormat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StringMethods.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BoundObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GraphObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TirObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TirModule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Topi.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JsonSave.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JsonLoad.cpp
  ${CMAKE_CURRENT_LIST_DIR}/JsonBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ScalableVectors.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StructuralEqualBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EvaluationModules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/TirExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/TirExportPrimitives.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/TirExportProgram.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/TVMScriptParser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/TVMScriptBlock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/TVMScriptExpr.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/TVMScriptDecorators.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/TirPrimFuncValue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/TirScheduleIndexMap.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/TirScheduleObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/TirScheduleMethods.cpp
)
# tvm.topi is a Python file of the script language (tvm/topi.py), embedded at build time.
set(TESSERA_TOPI_PRELUDE ${CMAKE_CURRENT_BINARY_DIR}/generated/TopiPrelude.cpp)
add_custom_command(
  OUTPUT ${TESSERA_TOPI_PRELUDE}
  COMMAND ${CMAKE_COMMAND} -DIN=${CMAKE_CURRENT_LIST_DIR}/tvm/topi.py -DOUT=${TESSERA_TOPI_PRELUDE}
          -DFUNCTION=TopiPreludeSource -DNAMESPACE=tessera::script -P ${CMAKE_CURRENT_LIST_DIR}/EmbedText.cmake
  DEPENDS ${CMAKE_CURRENT_LIST_DIR}/tvm/topi.py ${CMAKE_CURRENT_LIST_DIR}/EmbedText.cmake
  COMMENT "Embedding tvm/topi.py")
list(APPEND TESSERA_CORE_SOURCES ${TESSERA_TOPI_PRELUDE})
