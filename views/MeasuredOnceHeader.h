// MeasuredOnceHeader: a tree's column header that measures each section's label once.
// QHeaderView forgets its size hint whenever a section is resized, and a tree asks for
// that hint at every layout of its rows (a refresh that fits its columns does both), so
// every label was shaped again at each refresh although none had changed. The sizes are
// kept per label text; a change of the font, the style or the sort indicator forgets
// them, and a section with its own font, icon or size hint is measured as Qt does.
#pragma once

#include <QHash>
#include <QHeaderView>

class QTreeView;

namespace tessera::views {

class MeasuredOnceHeader : public QHeaderView {
 public:
  explicit MeasuredOnceHeader(QWidget* parent = nullptr);

  // How many labels were measured (not taken from the kept sizes) so far.
  int measured() const { return measured_; }

 protected:
  QSize sectionSizeFromContents(int logicalIndex) const override;
  bool event(QEvent* event) override;

 private:
  mutable QHash<QString, QSize> sizes_;
  mutable bool sortShown_ = false;
  mutable int measured_ = 0;
};

// Gives `tree` a MeasuredOnceHeader in place of its own, with the same settings (call
// before configuring the header further).
void MeasureHeaderOnce(QTreeView* tree);

}  // namespace tessera::views
