// SavePaths: where File ▸ Save As and File ▸ Export propose to write, and which targets
// they refuse, so that no action can write over the work it is not saving.
// - A script export is a copy for TVM, never the document: it is proposed as
//   "<stem>_tvm.py" beside the document, and the document's own file or any ".tessera"
//   path (a project, this one or another) is refused.
// - A view export writes a picture: only ".png" or ".svg", never the document's file (an
//   image writer opens its file for writing before it knows it cannot encode it).
// - Save As writes a project (".tessera") or a script (".py"); a name without a suffix
//   becomes a project, any other suffix is refused.
// The dialogs ask through one replaceable function, so tests choose the answer.
#pragma once

#include <QString>
#include <functional>

class QWidget;

namespace tessera::gui {

// "<dir>/<stem>_tvm.py": the document's directory, or the working directory for an
// untitled document; the stem is that of `documentPath`, else of `displayName`.
QString ProposedScriptExport(const QString& documentPath, const QString& displayName);
// Why a script export may not write `target`; empty when it may.
QString ScriptExportProblem(const QString& target, const QString& documentPath);

// "<dir>/<stem>-<view>.png" (directory and stem as above).
QString ProposedViewExport(const QString& documentPath, const QString& displayName,
                           const QString& view);
QString ViewExportProblem(const QString& target, const QString& documentPath);

// "<dir>/<stem>.tessera".
QString ProposedSaveAs(const QString& documentPath, const QString& displayName);
// `target` with ".tessera" added when it has no suffix.
QString CompletedSaveAsPath(const QString& target);
QString SaveAsProblem(const QString& target);

// Whether two paths name the same file (symbolic links and "..", when they exist).
bool SameFile(const QString& a, const QString& b);

// Asks where to save: the installed asker, else QFileDialog::getSaveFileName when
// `mayShowDialog` (a window that is not interactive shows no modal dialog); empty when
// cancelled.
using SavePathAsker = std::function<QString(QWidget* parent, const QString& caption,
                                            const QString& proposed, const QString& filters)>;
QString AskSavePath(QWidget* parent, const QString& caption, const QString& proposed,
                    const QString& filters, bool mayShowDialog);
// Replaces the dialog (null restores it).
void SetSavePathAsker(SavePathAsker asker);

}  // namespace tessera::gui
