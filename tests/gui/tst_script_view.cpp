// The Script view: a malformed script is underlined (wave underline) where the parser
// points, with the message as tooltip and in the status bar; edits are debounced.
#include <QTextBlock>
#include <QtTest>

#include "Document.h"
#include "views/ScriptView.h"

namespace tst_script_view {

using namespace tessera;
using namespace tessera::views;

class TestScriptView : public QObject {
  Q_OBJECT

 private slots:
  void malformedScriptIsUnderlinedWithItsMessage() {
    gui::Document doc;
    doc.reset("import tvm\nfrom tvm import te\nA = te.placeholder((4,), name=\"A\"\nB = 1\n");
    QCOMPARE(int(doc.state().errors.size()), 1);
    const Error& error = doc.state().errors.front();
    QVERIFY(error.loc.line >= 3);

    ScriptView view;
    QSignalSpy status(&view, &ViewBase::statusMessage);
    view.setState(doc.state());
    QCOMPARE(view.errorSelections().size(), 1);
    const QTextEdit::ExtraSelection& sel = view.errorSelections().first();
    QCOMPARE(sel.format.underlineStyle(), QTextCharFormat::WaveUnderline);
    QCOMPARE(sel.format.toolTip(), QString::fromStdString(error.message));
    QVERIFY(sel.cursor.hasSelection());
    QCOMPARE(sel.cursor.block().blockNumber() + 1, error.loc.line);
    QCOMPARE(view.errorAt(sel.cursor.selectionStart()), QString::fromStdString(error.format()));
    QVERIFY(view.errorAt(0).isEmpty());
    QCOMPARE(status.count(), 1);
    QVERIFY(status.at(0).at(0).toString().contains("error:"));
    QCOMPARE(view.editor()->extraSelections().size(), 1);
  }

  void fixingTheScriptRemovesTheUnderline() {
    gui::Document doc;
    doc.reset("x = (1,\n");
    ScriptView view;
    view.setState(doc.state());
    QCOMPARE(view.errorSelections().size(), 1);
    doc.editScript("x = (1,)\n");
    QVERIFY(doc.state().errors.empty());
    view.setState(doc.state());
    QVERIFY(view.errorSelections().isEmpty());
  }

  void errorAtTheEndOfTheTextIsStillUnderlined() {
    gui::Document doc;
    doc.reset("x = [");
    ScriptView view;
    view.setState(doc.state());
    QCOMPARE(view.errorSelections().size(), 1);
    QVERIFY(view.errorSelections().first().cursor.hasSelection());
  }

  void typingIsDebouncedIntoOneEdit() {
    ScriptView view;
    view.setDebounce(30);
    QSignalSpy edited(&view, &ScriptView::scriptEdited);
    QTest::keyClicks(view.editor(), "abc");
    QCOMPARE(edited.count(), 0);
    QTRY_COMPARE(edited.count(), 1);
    QCOMPARE(edited.at(0).at(0).toString(), QString("abc"));
  }

  void documentStateDoesNotEchoBackIntoAnEdit() {
    ScriptView view;
    QSignalSpy edited(&view, &ScriptView::scriptEdited);
    DocumentState state;
    state.script = "s = 1\n";
    view.setState(state);
    QCOMPARE(view.text(), QString("s = 1\n"));
    view.flush();
    QCOMPARE(edited.count(), 0);
  }
};

}  // namespace tst_script_view

QTEST_MAIN(tst_script_view::TestScriptView)
#include "tst_script_view.moc"
