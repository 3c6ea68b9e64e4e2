#include "views/CodeView.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "views/ScrollBarsNow.h"
#include "views/TextEditor.h"
#include "views/TextEdits.h"

namespace tessera::views {
namespace {

// `for (i.outer, 0, 32) {`, `parallel (...`, `threadIdx.x (tx, 0, 32) {`
const QRegularExpression& LoopHeader() {
  static const QRegularExpression re(
      R"(^\s*(?:for|parallel|vectorized|unrolled|[A-Za-z]+Idx\.[xyz]|vthread)\s*\(([^,\s]+),)");
  return re;
}

const QRegularExpression& ProduceHeader() {
  static const QRegularExpression re(R"(^\s*produce\s+(\S+)\s*\{)");
  return re;
}

int Indent(const QString& line) {
  int n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

}  // namespace

CodeView::CodeView(QWidget* parent)
    : ViewBase(parent),
      artifacts_(new QComboBox(this)),
      previous_(new QToolButton(this)),
      next_(new QToolButton(this)),
      editor_(new TextEditor(this)) {
  auto* bar = new QHBoxLayout;
  previous_->setArrowType(Qt::LeftArrow);
  next_->setArrowType(Qt::RightArrow);
  retranslateUi();
  bar->addWidget(previous_);
  bar->addWidget(artifacts_, 1);
  bar->addWidget(next_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(bar);
  layout->addWidget(editor_);
  editor_->setReadOnly(true);
  editor_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  editor_->setLineWrapMode(QPlainTextEdit::NoWrap);
  editor_->viewport()->installEventFilter(this);
  connect(artifacts_, &QComboBox::currentIndexChanged, this, &CodeView::showArtifact);
  connect(previous_, &QToolButton::clicked, this,
          [this] { artifacts_->setCurrentIndex(std::max(0, artifacts_->currentIndex() - 1)); });
  connect(next_, &QToolButton::clicked, this, [this] {
    artifacts_->setCurrentIndex(std::min(artifacts_->count() - 1, artifacts_->currentIndex() + 1));
  });
}

void CodeView::retranslateUi() {
  previous_->setToolTip(tr("Previous pass"));
  next_->setToolTip(tr("Next pass"));
}

// Keeps the chosen entry (by title) across re-evaluations; a fresh document shows the
// last pass, i.e. the program as it will be compiled. The list of entries is only
// rebuilt when their titles changed (a primitive changes the texts, not the passes).
void CodeView::setState(const DocumentState& state) {
  QString current = artifacts_->currentText();
  entries_ = state.passes;
  schedule_ = state.schedule;
  if (entries_.empty() && state.lowered.defined()) {
    CodeArtifact lowered;
    lowered.title = tr("Lowered loop program").toStdString();
    lowered.stmt = state.lowered;
    entries_.push_back(std::move(lowered));
  }
  entries_.insert(entries_.end(), state.targets.begin(), state.targets.end());
  QStringList titles;
  for (const auto& e : entries_) titles << QString::fromStdString(e.title);
  QSignalBlocker block(artifacts_);
  if (titles != listedTitles()) {
    artifacts_->clear();
    artifacts_->addItems(titles);
  }
  int keep = artifacts_->findText(current);
  int lastPass = std::max(0, int(state.passes.empty() ? 0 : state.passes.size() - 1));
  artifacts_->setCurrentIndex(keep >= 0 ? keep : std::min(lastPass, artifacts_->count() - 1));
  shownVersion_ = state.version;
  showArtifact(artifacts_->currentIndex());
}

QStringList CodeView::listedTitles() const {
  QStringList titles;
  for (int i = 0; i < artifacts_->count(); ++i) titles << artifacts_->itemText(i);
  return titles;
}

// The same artefact again (a re-evaluation) only has its changed lines replaced, so the
// editor keeps its scroll position; another artefact starts at its top.
void CodeView::showArtifact(int index) {
  printed_ = {};
  tree_ = {};
  QString title = index >= 0 && index < int(entries_.size())
                      ? QString::fromStdString(entries_[size_t(index)].title)
                      : QString();
  auto show = [&](const QString& text) {
    if (title == shownTitle_ && !title.isEmpty()) {
      ReplaceChangedText(editor_, text);
    } else {
      editor_->setPlainText(text);
      ShowScrollBarsNow(editor_);
    }
    shownTitle_ = title;
  };
  if (title.isEmpty()) {
    show(entries_.empty() ? tr("No lowered program yet.") : QString());
    return;
  }
  const CodeArtifact& a = entries_[size_t(index)];
  if (a.stmt.defined()) {
    printed_ = ir::Print(a.stmt);
    tree_ = BuildLoopTree(a.stmt);
    show(QString::fromStdString(printed_.text));
  } else {
    show(QString::fromStdString(TextOf(a)));
  }
  previous_->setEnabled(index > 0);
  next_->setEnabled(index + 1 < artifacts_->count());
  selectionChanged();
}

// The innermost loop whose printed text contains `offset`.
const LoopTreeNode* CodeView::loopAt(int offset) const {
  const LoopTreeNode* best = nullptr;
  size_t bestSize = SIZE_MAX;
  for (const LoopTreeNode* loop : Loops(tree_)) {
    for (const ir::PrintedSpan* span : printed_.SpansOf(loop->node)) {
      if (size_t(offset) < span->begin || size_t(offset) >= span->end) continue;
      if (span->end - span->begin < bestSize) {
        best = loop;
        bestSize = span->end - span->begin;
      }
    }
  }
  return best;
}

// Printed text is UTF-8; the editor counts UTF-16 units. Loop programs are ASCII except
// for names, so the byte offset of the click is found through the line's prefix.
static int ByteOffset(const QPlainTextEdit* editor, int position) {
  QTextBlock block = editor->document()->findBlock(position);
  int bytes = 0;
  for (QTextBlock b = editor->document()->begin(); b.isValid() && b != block; b = b.next())
    bytes += int(b.text().toUtf8().size()) + 1;
  return bytes + int(block.text().left(position - block.position()).toUtf8().size());
}

QString CodeView::ownerStage(const QString& var) const {
  if (!schedule_) return QString();
  QStringList owners;
  for (const auto& s : schedule_->stages)
    for (const auto& iv : s->leaf_iter_vars)
      if (QString::fromStdString(iv->var.name()) == var)
        owners << QString::fromStdString(s->name());
  return owners.size() == 1 ? owners.first() : QString();
}

const codegen::LoopLines* CodeView::generatedLines() const {
  int index = artifacts_->currentIndex();
  if (index < 0 || index >= int(entries_.size())) return nullptr;
  const CodeArtifact& a = entries_[size_t(index)];
  return a.stmt.defined() || a.lines.empty() ? nullptr : &a.lines;
}

std::vector<int> CodeView::generatedLoopLines(const QString& stage, const QString& var) const {
  const codegen::LoopLines* lines = generatedLines();
  if (!lines) return {};
  std::vector<int> out;
  for (int id : lines->Find(stage.toStdString(), var.toStdString())) {
    const codegen::LoopId* l = lines->Loop(id);
    // A loop whose stage the code does not say (a CUDA kernel's) is the selected one
    // only when no other stage has a loop of that name.
    if (l->stage.empty() && ownerStage(var) != stage) continue;
    for (int line : lines->LinesOf(id)) out.push_back(line);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool CodeView::selectGeneratedLoopAt(int line) {
  const codegen::LoopLines* lines = generatedLines();
  const codegen::LoopId* loop = lines ? lines->Loop(lines->LoopAt(line)) : nullptr;
  if (!loop || !selectionModel()) return false;
  QString var = QString::fromStdString(loop->var);
  QString stage = loop->stage.empty() ? ownerStage(var) : QString::fromStdString(loop->stage);
  if (stage.isEmpty()) return false;
  selectionModel()->selectIterVar(stage, var);
  return true;
}

bool CodeView::showArtifactTitled(const QString& title) {
  int index = artifacts_->findText(title);
  if (index < 0) return false;
  artifacts_->setCurrentIndex(index);
  return true;
}

bool CodeView::selectTextLoopAt(int line) {
  QTextDocument* doc = editor_->document();
  QString text = doc->findBlockByNumber(line).text();
  auto m = LoopHeader().match(text);
  if (!m.hasMatch()) return false;
  QString var = m.captured(1), stage;
  for (int l = line - 1; l >= 0 && stage.isEmpty(); --l) {
    QString above = doc->findBlockByNumber(l).text();
    auto p = ProduceHeader().match(above);
    if (p.hasMatch() && Indent(above) < Indent(text)) stage = p.captured(1);
  }
  if (stage.isEmpty()) stage = ownerStage(var);
  if (stage.isEmpty() || !selectionModel()) return false;
  selectionModel()->selectIterVar(stage, var);
  return true;
}

// Lines (0-based) of text-only artefacts whose loop header is `var`'s, inside `stage`.
QStringList CodeView::textLoopLines(const QString& stage, const QString& var) const {
  QStringList lines;
  QTextDocument* doc = editor_->document();
  QString currentStage;
  for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
    auto p = ProduceHeader().match(b.text());
    if (p.hasMatch()) currentStage = p.captured(1);
    auto m = LoopHeader().match(b.text());
    if (m.hasMatch() && m.captured(1) == var && (currentStage.isEmpty() || currentStage == stage))
      lines << QString::number(b.blockNumber());
  }
  return lines;
}

bool CodeView::selectLoopAt(int position) {
  if (generatedLines())
    return selectGeneratedLoopAt(editor_->document()->findBlock(position).blockNumber());
  if (printed_.spans.empty())
    return selectTextLoopAt(editor_->document()->findBlock(position).blockNumber());
  const LoopTreeNode* loop = loopAt(ByteOffset(editor_, position));
  if (!loop) return false;
  if (selectionModel())
    selectionModel()->selectIterVar(QString::fromStdString(loop->stage),
                                    QString::fromStdString(loop->var));
  return true;
}

int CodeView::offsetOfLoop(const QString& stage, const QString& var) const {
  if (generatedLines()) {
    std::vector<int> lines = generatedLoopLines(stage, var);
    return lines.empty() ? -1 : editor_->document()->findBlockByNumber(lines.front()).position();
  }
  for (const LoopTreeNode* loop : Loops(tree_)) {
    if (QString::fromStdString(loop->stage) != stage || QString::fromStdString(loop->var) != var)
      continue;
    auto spans = printed_.SpansOf(loop->node);
    if (!spans.empty())
      return int(QString::fromUtf8(printed_.text.substr(0, spans[0]->begin)).size());
  }
  return -1;
}

void CodeView::selectionChanged() {
  QList<QTextEdit::ExtraSelection> marks;
  if (selectionModel() && !selectionModel()->iterVar().isEmpty()) {
    QTextCharFormat format;
    format.setBackground(palette().color(QPalette::Highlight).lighter(150));
    format.setProperty(QTextFormat::FullWidthSelection, true);
    std::vector<int> generated =
        generatedLoopLines(selectionModel()->stage(), selectionModel()->iterVar());
    for (int line : generated) {
      QTextEdit::ExtraSelection sel;
      sel.cursor = QTextCursor(editor_->document()->findBlockByNumber(line));
      sel.format = format;
      marks << sel;
    }
    int cursorLine = editor_->textCursor().blockNumber();
    if (!generated.empty() && !std::binary_search(generated.begin(), generated.end(), cursorLine)) {
      QTextCursor first(editor_->document()->findBlockByNumber(generated.front()));
      editor_->setTextCursor(first);
      editor_->ensureCursorVisible();
    }
    bool textOnly = printed_.spans.empty() && !generatedLines();
    for (const QString& line :
         textOnly ? textLoopLines(selectionModel()->stage(), selectionModel()->iterVar())
                  : QStringList()) {
      QTextEdit::ExtraSelection sel;
      sel.cursor = QTextCursor(editor_->document()->findBlockByNumber(line.toInt()));
      sel.format = format;
      marks << sel;
    }
    for (const LoopTreeNode* loop : Loops(tree_)) {
      if (QString::fromStdString(loop->stage) != selectionModel()->stage() ||
          QString::fromStdString(loop->var) != selectionModel()->iterVar())
        continue;
      for (const ir::PrintedSpan* span : printed_.SpansOf(loop->node)) {
        QTextEdit::ExtraSelection sel;
        sel.cursor = QTextCursor(editor_->document()->findBlockByNumber(span->line - 1));
        sel.format = format;
        marks << sel;
      }
    }
  }
  editor_->setExtraSelections(marks);
}

bool CodeView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == editor_->viewport() && event->type() == QEvent::MouseButtonRelease) {
    auto* mouse = static_cast<QMouseEvent*>(event);
    int position = editor_->cursorForPosition(mouse->position().toPoint()).position();
    selectLoopAt(position);
  }
  return ViewBase::eventFilter(watched, event);
}

}  // namespace tessera::views
