#include "views/ScriptHighlighter.h"

namespace tessera::views {
namespace {

QTextCharFormat Format(const QColor& color, bool bold = false, bool italic = false) {
  QTextCharFormat f;
  f.setForeground(color);
  if (bold) f.setFontWeight(QFont::Bold);
  f.setFontItalic(italic);
  return f;
}

}  // namespace

// Later rules win, so strings and comments (last) override keywords inside them.
ScriptHighlighter::ScriptHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {
  rules_.push_back(
      {QRegularExpression(R"(\b(import|from|as|lambda|and|or|not|in|True|False|None)\b)"),
       Format(QColor(170, 60, 160), true)});
  rules_.push_back({QRegularExpression(R"(\b(te|tvm|tir|s)\b)"), Format(QColor(30, 110, 200))});
  rules_.push_back({QRegularExpression(R"(\b[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?\b)"),
                    Format(QColor(200, 110, 20))});
  rules_.push_back({QRegularExpression(R"("[^"\n]*"|'[^'\n]*')"), Format(QColor(40, 150, 60))});
  rules_.push_back({QRegularExpression(R"(#[^\n]*)"), Format(QColor(128, 128, 128), false, true)});
}

void ScriptHighlighter::highlightBlock(const QString& text) {
  for (const Rule& rule : rules_) {
    auto it = rule.pattern.globalMatch(text);
    while (it.hasNext()) {
      auto m = it.next();
      setFormat(int(m.capturedStart()), int(m.capturedLength()), rule.format);
    }
  }
}

}  // namespace tessera::views
