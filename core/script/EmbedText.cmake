# cmake -DIN=file -DOUT=file.cpp -DFUNCTION=Name -DNAMESPACE=ns -P EmbedText.cmake: a C++
# source whose function `const char* Name()` returns IN's text.
file(READ ${IN} text)
string(FIND "${text}" ")EMBED\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw string's end marker )EMBED\"")
endif()
file(WRITE ${OUT}.tmp "// Generated from ${IN} by EmbedText.cmake; do not edit.\nnamespace ${NAMESPACE} {\nconst char* ${FUNCTION}() {\n  return R\"EMBED(${text})EMBED\";\n}\n}  // namespace ${NAMESPACE}\n")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.tmp)
