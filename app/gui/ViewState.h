// ViewState: what a project (.tessera) remembers of the window besides the script, as
// the opaque JSON object project::ProjectFile::view_state_json: the dock layout and
// which views are shown, the TensorIR module function shown, the selection, the graph
// zooms, the buffer and slice of the Buffer layout view, the Code view's artefact and
// the profile history. Applying a state is forgiving: a key that is missing, mistyped
// or names a vanished object is skipped, never an error.
#pragma once

#include <string>

namespace tessera::gui {

class MainWindow;

std::string CaptureViewState(const MainWindow& window);
void ApplyViewState(MainWindow& window, const std::string& json);

}  // namespace tessera::gui
