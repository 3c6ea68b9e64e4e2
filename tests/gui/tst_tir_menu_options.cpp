// The optional arguments of the TensorIR menu dialogs, as TVM 0.20's tir.Schedule takes
// them: preserve_unit_loops and index of compute_at / reverse_compute_at,
// preserve_unit_iters of split, fuse and blockize, disable_predication of split,
// consumer_blocks of cache_read / cache_write, annotate's bool and list values, and the
// block menu's blockize of a list of blocks.
// A dialog left at its defaults writes the line it wrote before it had the options; each
// option set writes its keyword, and the document then holds the function and the trace
// a real TVM 0.20 printed for the same lines (tests/tir/programs/menu_options_*.py and
// their reference/*.txt, also checked against the script layer by tst_tir_tvm_reference).
#include <QCheckBox>
#include <QListWidget>
#include <QMenu>
#include <QStatusBar>
#include <QtTest>
#include <fstream>
#include <sstream>

#include "TirMenuFixture.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"
#include "views/ParameterDialog.h"
#include "views/ScriptView.h"
#include "views/TirIntents.h"

namespace tst_tir_menu_options {

using namespace tessera;
using tessera::testing::Answer;
using tessera::testing::LastLine;

namespace {

const char* kPrelude =
    "import tvm\n"
    "from tvm import te, tir\n"
    "\n"
    "A = te.placeholder((16, 64), \"float32\", name=\"A\")\n"
    "B = te.placeholder((16, 64), \"float32\", name=\"B\")\n"
    "k = te.reduce_axis((0, 64), name=\"k\")\n"
    "C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name=\"C\")\n"
    "D = te.compute((16, 16), lambda i, j: C[i, j] * 2.0, name=\"D\")\n";
// C read by D only, or by D and E.
QString OneReader() {
  return QString(kPrelude) + "sch = tir.Schedule(te.create_prim_func([A, B, D]))\n";
}
QString TwoReaders() {
  return QString(kPrelude) +
         "E = te.compute((16, 16), lambda i, j: C[i, j] + 1.0, name=\"E\")\n"
         "sch = tir.Schedule(te.create_prim_func([A, B, D, E]))\n";
}

const views::ParamField* Field(const QList<views::ParamField>& fields, const QString& key) {
  for (const views::ParamField& f : fields)
    if (f.key == key) return &f;
  return nullptr;
}

std::string TrimTrailingSpace(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// What TVM 0.20 printed for tests/tir/programs/<name>.py: the function and the trace.
std::pair<std::string, std::string> TvmPrinted(const std::string& name) {
  std::ifstream in(std::string(qgetenv("TESSERA_SOURCE_DIR").constData()) +
                   "/tests/tir/programs/reference/" + name + ".txt");
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  size_t func = text.find("# from tvm.script import");
  size_t trace = text.find("# from tvm import tir\ndef apply_trace");
  size_t exit = text.rfind("EXIT 0");
  if (func == std::string::npos || trace == std::string::npos || exit == std::string::npos)
    return {};
  return {TrimTrailingSpace(text.substr(func, trace - func)),
          TrimTrailingSpace(text.substr(trace, exit - trace))};
}

}  // namespace

class TestTirMenuOptions : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

  void OpenProgram(const QString& script) {
    QVERIFY2(Open(script, "menu_options_tir.py"), qPrintable(w->lastMessage()));
  }

  // One step: the line written, undo gives `before` back, redo the step again.
  void Step(bool applied, const QString& line) {
    QVERIFY2(applied, qPrintable(Status()));
    QCOMPARE(LastLine(Text()), line);
    QString after = Text();
    UndoOnce();
    QVERIFY(Text() != after);
    w->document()->undoStack()->redo();
    QCOMPARE(Text(), after);
    QCOMPARE(w->scriptView()->text(), after);
  }

  void Refused(bool applied, const QString& before, const QString& why) {
    QVERIFY(!applied);
    QCOMPARE(Text(), before);
    QVERIFY2(Status().contains(why), qPrintable(Status()));
  }

  // The document prints the function and the trace TVM printed for `program`.
  void AsTvmPrinted(const std::string& program) {
    auto [function, trace] = TvmPrinted(program);
    QVERIFY2(!function.empty(), ("no TVM output for " + program).c_str());
    std::string ours = TrimTrailingSpace(tir::AsTVMScript(Sch().func(), tir::TvmDialect::Tir));
    QCOMPARE(QString::fromStdString(ours), QString::fromStdString(function));
    std::string lines = TrimTrailingSpace(tir::TraceAsPython(Sch().trace(), tir::TvmDialect::Tir));
    QCOMPARE(QString::fromStdString(lines), QString::fromStdString(trace));
  }

 private slots:
  void cleanup() { Close(); }

  // Every dialog offers its options at TVM's defaults, and then writes today's line.
  void defaultsWriteTheLinesWithoutOptions() {
    OpenProgram(TwoReaders());
    QList<views::ParamField> asked;
    views::SetParameterAsker(Answer({}, &asked));
    const QString get = "sch.get_block(\"%1\")";
    const QString loops = "sch.get_loops(sch.get_block(\"%1\"))[%2]";

    Step(FromLoopGraph("C", "j", "split"),
         "sch.split(" + loops.arg("C").arg(1) + ", factors=[None, 32])");
    QCOMPARE(Field(asked, "preserve_unit_iters")->value, QVariant(true));
    QCOMPARE(Field(asked, "preserve_unit_iters")->kind, views::ParamField::Kind::Bool);
    QCOMPARE(Field(asked, "disable_predication")->value, QVariant(false));
    UndoOnce();

    Step(FromLoopGraph("C", "i", "fuse"),
         "sch.fuse(" + loops.arg("C").arg(0) + ", " + loops.arg("C").arg(1) + ")");
    QCOMPARE(Field(asked, "preserve_unit_iters")->value, QVariant(true));
    UndoOnce();

    Step(FromNestLoop("D", "j", "blockize"), "sch.blockize(" + loops.arg("D").arg(1) + ")");
    QCOMPARE(Field(asked, "preserve_unit_iters")->value, QVariant(true));
    UndoOnce();

    Step(FromBlockGraph("E", "reverse_compute_at"),
         "sch.reverse_compute_at(" + get.arg("E") + ", " + loops.arg("C").arg(0) + ")");
    QCOMPARE(Field(asked, "preserve_unit_loops")->value, QVariant(false));
    QCOMPARE(Field(asked, "index")->value, QVariant(-1));
    QCOMPARE(Field(asked, "index")->minimum, -2);
    UndoOnce();

    Step(FromBlockGraph("D", "cache_read"), "sch.cache_read(" + get.arg("D") + ", 0, \"shared\")");
    const views::ParamField* consumers = Field(asked, "consumer_blocks");
    QVERIFY(consumers);
    QCOMPARE(consumers->kind, views::ParamField::Kind::Subset);
    QCOMPARE(consumers->choices, QStringList({"D", "E"}));
    QCOMPARE(consumers->value.toStringList(), QStringList({"D", "E"}));  // None: every reader
    UndoOnce();

    Step(FromBlockGraph("C", "cache_write"), "sch.cache_write(" + get.arg("C") + ", 0, \"local\")");
    QCOMPARE(Field(asked, "consumer_blocks")->choices, QStringList({"D", "E"}));
    QCOMPARE(Field(asked, "consumer_blocks")->value.toStringList(), QStringList());
  }

  // split, fuse and compute_at with their options, as TVM ran the same lines.
  void loopOptionsAsTvm() {
    OpenProgram(OneReader());
    const QString loops = "sch.get_loops(sch.get_block(\"D\"))[%1]";
    views::SetParameterAsker(Answer({{"factors", "1, None"}, {"preserve_unit_iters", false}}));
    Step(FromLoopGraph("D", "i", "split"),
         "sch.split(" + loops.arg(0) + ", factors=[1, None], preserve_unit_iters=False)");
    views::SetParameterAsker(Answer({{"factors", "None, 5"}, {"disable_predication", true}}));
    Step(FromLoopGraph("D", "j", "split"),
         "sch.split(" + loops.arg(2) + ", factors=[None, 5], disable_predication=True)");
    // No predicate: D's j_1 runs 4 x 5 iterations over 16 columns, as TVM writes it.
    QVERIFY(views::TirFindBlock(Sch(), "D")->predicate.as<ir::IntImmNode>());
    views::SetParameterAsker(Answer({{"preserve_unit_iters", false}}));
    Step(FromNestLoop("D", "i_0", "fuse"),
         "sch.fuse(" + loops.arg(0) + ", " + loops.arg(1) + ", preserve_unit_iters=False)");
    views::SetParameterAsker(Answer({{"target", "D: j_0"}, {"preserve_unit_loops", true}}));
    Step(FromBlockGraph("C", "compute_at"),
         "sch.compute_at(sch.get_block(\"C\"), " + loops.arg(1) + ", preserve_unit_loops=True)");
    AsTvmPrinted("menu_options_loops");
  }

  // blockize without the unit iterator of the split's outer loop, as TVM ran it.
  void blockizeOptionAsTvm() {
    OpenProgram(OneReader());
    const QString loops = "sch.get_loops(sch.get_block(\"D\"))[%1]";
    views::SetParameterAsker(Answer({{"factors", "None, 16"}}));
    Step(FromLoopGraph("D", "j", "split"), "sch.split(" + loops.arg(1) + ", factors=[None, 16])");
    views::SetParameterAsker(Answer({{"preserve_unit_iters", false}}));
    Step(FromNestLoop("D", "j_1", "blockize"),
         "sch.blockize(" + loops.arg(2) + ", preserve_unit_iters=False)");
    AsTvmPrinted("menu_options_blockize");
  }

  // The block menu's blockize takes the block and a neighbour (D and E), as TVM ran it.
  void blockizeBlocksFromTheBlockMenuAsTvm() {
    OpenProgram(TwoReaders());
    QList<views::ParamField> asked;
    views::SetParameterAsker(Answer({}, &asked));
    Step(FromBlockGraph("D", "blockize"),
         "sch.blockize([sch.get_block(\"D\"), sch.get_block(\"E\")])");
    QCOMPARE(Field(asked, "blocks")->choices, QStringList({"C", "D", "E"}));
    AsTvmPrinted("menu_options_blockize_blocks");
    // One block, or blocks with another between them: refused with the reason.
    UndoOnce();
    const QString before = Text();
    views::SetParameterAsker(Answer({{"blocks", QStringList{"D"}}}));
    Refused(FromBlockGraph("D", "blockize"), before, "two or more blocks");
    views::SetParameterAsker(Answer({{"blocks", QStringList{"C", "E"}}}));
    Refused(FromBlockGraph("E", "blockize"), before, "consecutive");
  }

  // reverse_compute_at keeping unit loops, then placed first (index=-2), as TVM ran them.
  void reverseComputeAtOptionsAsTvm() {
    OpenProgram(TwoReaders());
    const QString at = "sch.get_loops(sch.get_block(\"C\"))[1]";
    views::SetParameterAsker(Answer({{"target", "C: j"}, {"preserve_unit_loops", true}}));
    Step(FromBlockGraph("D", "reverse_compute_at"),
         "sch.reverse_compute_at(sch.get_block(\"D\"), " + at + ", preserve_unit_loops=True)");
    // A place the dependences forbid (before C, which E reads) is refused with the
    // schedule's reason and leaves the document as it was.
    const QString before = Text();
    views::SetParameterAsker(Answer({{"target", "C: j"}, {"index", 0}}));
    Refused(FromBlockGraph("E", "reverse_compute_at"), before, "Valid index");
    views::SetParameterAsker(Answer({{"target", "C: j"}, {"index", -2}}));
    Step(FromBlockGraph("E", "reverse_compute_at"),
         "sch.reverse_compute_at(sch.get_block(\"E\"), " + at + ", index=-2)");
    AsTvmPrinted("menu_options_reverse_compute_at");
  }

  // consumer_blocks: only D reads cache_read's copy; E reads cache_write's cache directly.
  void cacheConsumerBlocksAsTvm() {
    OpenProgram(TwoReaders());
    views::SetParameterAsker(Answer(
        {{"buffer", "0: C"}, {"storage_scope", "local"}, {"consumer_blocks", QStringList{"D"}}}));
    Step(FromBlockGraph("D", "cache_read"),
         "sch.cache_read(sch.get_block(\"D\"), 0, \"local\", "
         "consumer_blocks=[sch.get_block(\"D\")])");
    views::SetParameterAsker(
        Answer({{"storage_scope", "local"}, {"consumer_blocks", QStringList{"E"}}}));
    Step(FromBlockGraph("C", "cache_write"),
         "sch.cache_write(sch.get_block(\"C\"), 0, \"local\", "
         "consumer_blocks=[sch.get_block(\"E\")])");
    AsTvmPrinted("menu_options_cache");
  }

  // cache_read's copy must have a reader: the dialog keeps OK disabled, the request refuses.
  void cacheReadWithoutReadersIsRefused() {
    OpenProgram(TwoReaders());
    const QString before = Text();
    views::SetParameterAsker(Answer({{"consumer_blocks", QStringList()}}));
    Refused(FromBlockGraph("D", "cache_read"), before, "check a block to read the copy");
    views::SetParameterAsker(
        [](QWidget*, const QString& title, const QList<views::ParamField>& fields) {
          views::ParameterDialog dialog(nullptr, title, fields);
          auto* list = qobject_cast<QListWidget*>(dialog.editor("consumer_blocks"));
          [&] {
            QVERIFY(list && list->count() == 2);
            QVERIFY(dialog.acceptable());
            list->item(1)->setCheckState(Qt::Unchecked);
            QCOMPARE(dialog.values().value("consumer_blocks").toStringList(), QStringList{"D"});
            QVERIFY2(dialog.previewText().contains("✓ D read the copy"),
                     qPrintable(dialog.previewText()));
            list->item(0)->setCheckState(Qt::Unchecked);
            QVERIFY2(dialog.previewText().contains("✗ cache_read: check a block"),
                     qPrintable(dialog.previewText()));
            QVERIFY(!dialog.acceptable());
          }();
          return std::optional<QVariantMap>();
        });
    QVERIFY(!FromBlockGraph("D", "cache_read"));
    QCOMPARE(Text(), before);
    // The check boxes of the flags read back as bools.
    views::SetParameterAsker(
        [](QWidget*, const QString& title, const QList<views::ParamField>& fields) {
          views::ParameterDialog dialog(nullptr, title, fields);
          auto* keep = qobject_cast<QCheckBox*>(dialog.editor("preserve_unit_loops"));
          [&] {
            QVERIFY(keep && !keep->isChecked());
            keep->setChecked(true);
            QCOMPARE(dialog.values().value("preserve_unit_loops"), QVariant(true));
          }();
          return std::optional<QVariantMap>(dialog.values());
        });
    QVERIFY2(FromBlockGraph("E", "reverse_compute_at"), qPrintable(Status()));
    QVERIFY(LastLine(Text()).endsWith(", preserve_unit_loops=True)"));
  }

  // annotate with bools and lists (and a float), as TVM ran the same lines.
  void annotateBoolAndListValuesAsTvm() {
    OpenProgram(OneReader());
    auto answer = [](const QString& key, const QString& type, const QString& value) {
      return Answer({{"ann_key", key}, {"ann_type", type}, {"ann_val", value}});
    };
    views::SetParameterAsker(answer("flag", "bool", "True"));
    Step(FromBlockGraph("C", "annotate"),
         "sch.annotate(sch.get_block(\"C\"), ann_key=\"flag\", ann_val=True)");
    views::SetParameterAsker(answer("tiles", "list", "[1, 2, -4]"));
    Step(FromBlockGraph("C", "annotate"),
         "sch.annotate(sch.get_block(\"C\"), ann_key=\"tiles\", ann_val=[1, 2, -4])");
    views::SetParameterAsker(answer("mixed", "list", "[1, 0.1, 'x y']"));
    Step(FromLoopGraph("D", "i", "annotate"),
         "sch.annotate(sch.get_loops(sch.get_block(\"D\"))[0], ann_key=\"mixed\", "
         "ann_val=[1, 0.1, \"x y\"])");
    views::SetParameterAsker(answer("half", "float", "0.5"));
    Step(FromBlockGraph("D", "annotate"),
         "sch.annotate(sch.get_block(\"D\"), ann_key=\"half\", ann_val=0.5)");
    views::SetParameterAsker(answer("off", "bool", "False"));
    Step(FromBlockGraph("D", "annotate"),
         "sch.annotate(sch.get_block(\"D\"), ann_key=\"off\", ann_val=False)");
    AsTvmPrinted("menu_options_annotate");

    // A list annotation is removed like any other.
    views::SetParameterAsker(Answer({{"ann_key", "tiles"}}));
    Step(FromBlockGraph("C", "unannotate"),
         "sch.unannotate(sch.get_block(\"C\"), ann_key=\"tiles\")");
    QCOMPARE(views::TirFindBlock(Sch(), "C")->block->annotations.count("tiles"), size_t(0));
  }

  // What TVM 0.20 refuses (or cannot print) is refused before any line is written.
  void annotateRefusesListsTvmRefuses() {
    OpenProgram(OneReader());
    const QString before = Text();
    const QList<std::pair<QString, QString>> cases = {
        {"[]", "empty list"},
        {"[True]", "bool in a list"},
        {"[3000000000]", "Literal value 3000000000 exceeds maximum of int32"},
        {"[[1]]", "a list item is an int, a float or a str"},
        {"(1, 2)", "write a list in brackets"},
        {"[1, x]", "a list item is an int, a float or a str"},
        {"[1,", "ann_val: column"}};
    for (const auto& [value, why] : cases) {
      views::SetParameterAsker(
          Answer({{"ann_key", "k"}, {"ann_type", "list"}, {"ann_val", value}}));
      Refused(FromBlockGraph("C", "annotate"), before, why);
    }
    views::SetParameterAsker(Answer({{"ann_key", "k"}, {"ann_type", "bool"}, {"ann_val", "yes"}}));
    Refused(FromBlockGraph("C", "annotate"), before, "'yes' is not True or False");
    QCOMPARE(Steps(), 0);
  }
};

}  // namespace tst_tir_menu_options

QTEST_MAIN(tst_tir_menu_options::TestTirMenuOptions)
#include "tst_tir_menu_options.moc"
