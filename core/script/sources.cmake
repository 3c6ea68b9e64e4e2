list(APPEND TESSERA_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/lang/Lexer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/Ast.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/Parser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/Value.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/Operators.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/Interpreter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/SetObject.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/Exceptions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/ClassObject.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/ChildInterpreter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pytest/Pytest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/ExprSize.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/Args.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/driver/LowerArgs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/ExprBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/TargetCallBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/script/TvmScriptIntrinsics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/script/TvmScriptModule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/script/FromSource.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExprEval.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Assumptions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/te/TeObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/te/OperationAttrs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/te/TeBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/te/CommReducerObject.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/te/TensorIntrinObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/te/TensorizeHooks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/arith/ArithAnalyzerObject.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/IRBuilderObject.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/te/ExternObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/te/ScheduleObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/Packages.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Evaluator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/export/ScriptPrinter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/autotvm/TuneConfig.cpp
  ${CMAKE_CURRENT_LIST_DIR}/export/PythonExpr.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/runtime/RuntimeObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/PercentFormat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lang/StringMethods.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/te/BoundObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/te/GraphObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/TirObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/driver/TirModule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/topi/Topi.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/ir/JsonSave.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/ir/JsonLoad.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/ir/JsonBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/ScalableVectors.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/ir/StructuralEqualBuiltins.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EvaluationModules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/export/TirDocumentExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/export/PythonLiteral.cpp
  ${CMAKE_CURRENT_LIST_DIR}/export/TirExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/export/TirExportIntrin.cpp
  ${CMAKE_CURRENT_LIST_DIR}/export/TirExportWmma.cpp
  ${CMAKE_CURRENT_LIST_DIR}/export/TirExportPrimitives.cpp
  ${CMAKE_CURRENT_LIST_DIR}/export/TirExportProgram.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/script/TVMScriptAttrScopes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/script/TVMScriptParser.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/script/TVMScriptBlock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/script/TVMScriptExpr.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/script/TVMScriptDecorators.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/TirAnnotationValue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/TirPrimFuncValue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/TirTensorIntrinObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/schedule/TirScheduleIndexMap.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/schedule/TirScheduleObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/schedule/TirScheduleTesting.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/schedule/TirInstructionObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/schedule/TirTraceObjects.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/schedule/TirScheduleMethods.cpp
)
# tvm.topi is a Python file of the script language (tvm/topi/topi.py), embedded at build time.
set(TESSERA_TOPI_PRELUDE ${CMAKE_CURRENT_BINARY_DIR}/generated/TopiPrelude.cpp)
add_custom_command(
  OUTPUT ${TESSERA_TOPI_PRELUDE}
  COMMAND ${CMAKE_COMMAND} -DIN=${CMAKE_CURRENT_LIST_DIR}/tvm/topi/topi.py -DOUT=${TESSERA_TOPI_PRELUDE}
          -DFUNCTION=TopiPreludeSource -DNAMESPACE=tessera::script -P ${CMAKE_CURRENT_LIST_DIR}/EmbedText.cmake
  DEPENDS ${CMAKE_CURRENT_LIST_DIR}/tvm/topi/topi.py ${CMAKE_CURRENT_LIST_DIR}/EmbedText.cmake
  COMMENT "Embedding tvm/topi/topi.py")
list(APPEND TESSERA_CORE_SOURCES ${TESSERA_TOPI_PRELUDE})
# tvm.tir.tensor_intrin likewise (tvm/tir/tensor_intrin/tensor_intrin.py).
set(TESSERA_TENSOR_INTRIN_PRELUDE ${CMAKE_CURRENT_BINARY_DIR}/generated/TensorIntrinPrelude.cpp)
set(TESSERA_TENSOR_INTRIN_PY ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/tensor_intrin/tensor_intrin.py)
add_custom_command(
  OUTPUT ${TESSERA_TENSOR_INTRIN_PRELUDE}
  COMMAND ${CMAKE_COMMAND} -DIN=${TESSERA_TENSOR_INTRIN_PY} -DOUT=${TESSERA_TENSOR_INTRIN_PRELUDE}
          -DFUNCTION=TensorIntrinPreludeSource -DNAMESPACE=tessera::script
          -P ${CMAKE_CURRENT_LIST_DIR}/EmbedText.cmake
  DEPENDS ${TESSERA_TENSOR_INTRIN_PY} ${CMAKE_CURRENT_LIST_DIR}/EmbedText.cmake
  COMMENT "Embedding tvm/tir/tensor_intrin/tensor_intrin.py")
list(APPEND TESSERA_CORE_SOURCES ${TESSERA_TENSOR_INTRIN_PRELUDE}
     ${CMAKE_CURRENT_LIST_DIR}/tvm/tir/tensor_intrin/TensorIntrinModule.cpp)
