// Examples: where the built-in example scripts (resources/examples) are found: next to
// the installed executable (../share/tessera/examples), in the build tree's source
// directory, or as a last resort the embedded copy of the GEMM example.
#pragma once

#include <QString>
#include <QStringList>

namespace tessera::gui {

// The absolute path of example `file` ("gemm.py"); empty when it cannot be found.
QString ExamplePath(const QString& file);
// Every example script found, sorted by name.
QStringList ExampleFiles();
// The TensorIR examples (resources/examples/tensorir: programs scheduled with
// tir.Schedule / s_tir.Schedule), sorted by name.
QStringList TensorIRExampleFiles();
// The GEMM example's text, for when resources/examples is missing.
QString EmbeddedGemmExample();

}  // namespace tessera::gui
