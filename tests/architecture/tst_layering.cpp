// The include graph keeps the shape of core/layers.txt: a core file includes headers of
// its own layer or of lower layers, never of a higher one, so the layers form no cycle.
// core never includes Qt, the application or the views; the views never include the
// application (they emit intents the application turns into primitives).
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace tst_layering {

namespace fs = std::filesystem;

namespace {

struct Include {
  std::string file;  // relative to the source root
  int line = 0;
  std::string target;  // what the #include names
};

fs::path SourceRoot() {
  const char* dir = std::getenv("TESSERA_SOURCE_DIR");
  return dir ? fs::path(dir) : fs::path(".");  // CTest sets it to the checkout
}

// Layer names from core/layers.txt, lowest first (`a/b` lines belong to layer `a`).
std::vector<std::string> ReadLayers(const fs::path& root = SourceRoot()) {
  std::ifstream in(root / "core" / "layers.txt");
  std::vector<std::string> layers;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::string layer = line.substr(0, line.find('/'));
    if (layers.empty() || layers.back() != layer) layers.push_back(layer);
  }
  return layers;
}

// The target of an include directive on `text` ("<Q..." or "\"ir/Expr.h"), or "".
std::string IncludeTarget(const std::string& text) {
  size_t i = text.find_first_not_of(" \t");
  if (i == std::string::npos || text[i] != '#') return "";
  i = text.find_first_not_of(" \t", i + 1);
  if (i == std::string::npos || text.compare(i, 7, "include") != 0) return "";
  i = text.find_first_of("<\"", i + 7);
  if (i == std::string::npos) return "";
  const size_t end = text.find(text[i] == '<' ? '>' : '"', i + 1);
  return end == std::string::npos ? "" : text.substr(i, end - i);
}

// Every quoted and angled #include of the C++ files under `dir`.
std::vector<Include> IncludesUnder(const std::string& dir, const fs::path& root = SourceRoot()) {
  std::vector<Include> out;
  for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp")) continue;
    std::ifstream in(entry.path());
    std::string text;
    int number = 0;
    while (std::getline(in, text)) {
      ++number;
      const std::string target = IncludeTarget(text);
      if (!target.empty())
        out.push_back({fs::relative(entry.path(), root).string(), number, target});
    }
  }
  return out;
}

std::string FirstComponent(const std::string& path) { return path.substr(0, path.find('/')); }

std::string Located(const Include& inc) {
  return inc.file + ":" + std::to_string(inc.line) + ": includes " + inc.target.substr(1);
}

// "FILE:LINE: includes X (A is below B)" for every include of a core file that names a
// higher layer than the file's own.
std::vector<std::string> UpwardIncludes(const fs::path& root = SourceRoot()) {
  const std::vector<std::string> layers = ReadLayers(root);
  std::map<std::string, size_t> rank;
  for (size_t i = 0; i < layers.size(); ++i) rank[layers[i]] = i;
  std::vector<std::string> upward;
  for (const Include& inc : IncludesUnder("core", root)) {
    if (inc.target[0] != '"') continue;
    const std::string from = FirstComponent(fs::path(inc.file).lexically_relative("core").string());
    const std::string to = FirstComponent(inc.target.substr(1));
    if (!rank.count(from) || !rank.count(to)) continue;  // a folder-local header
    if (rank[to] > rank[from])
      upward.push_back(Located(inc) + " (" + from + " is below " + to + ")");
  }
  return upward;
}

void WriteFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

}  // namespace

class TestLayering : public QObject {
  Q_OBJECT

 private slots:
  void layersFileListsEveryCoreFolder() {
    const std::vector<std::string> layers = ReadLayers();
    QVERIFY2(layers.size() >= 10, "core/layers.txt is missing or nearly empty");
    for (const auto& entry : fs::directory_iterator(SourceRoot() / "core")) {
      if (!entry.is_directory()) continue;
      const std::string name = entry.path().filename().string();
      QVERIFY2(std::find(layers.begin(), layers.end(), name) != layers.end(),
               ("core/" + name + " is not a layer of core/layers.txt").c_str());
    }
  }

  void coreIncludesPointDown() {
    const std::vector<std::string> upward = UpwardIncludes();
    for (const std::string& edge : upward) qWarning("%s", edge.c_str());
    QVERIFY2(upward.empty(),
             qPrintable(QString::number(upward.size()) + " upward include(s); first: " +
                        QString::fromStdString(upward.empty() ? "" : upward[0])));
  }

  void coreIncludesNeitherQtNorTheApplication() {
    std::vector<std::string> bad;
    for (const Include& inc : IncludesUnder("core")) {
      const std::string target = inc.target.substr(1);
      if (target.rfind("Q", 0) == 0 || target.rfind("gui/", 0) == 0 ||
          target.rfind("views/", 0) == 0 || target.rfind("cli/", 0) == 0)
        bad.push_back(Located(inc));
    }
    QVERIFY2(bad.empty(), bad.empty() ? "" : bad[0].c_str());
  }

  // The script language (core/script/lang) is Python's, not TVM's: it may use the IR its
  // expressions build and support/, never the emulated TVM packages or what they wrap.
  void scriptLanguageIncludesNoTvmPackage() {
    std::vector<std::string> bad;
    for (const Include& inc : IncludesUnder("core/script/lang")) {
      if (inc.target[0] != '"') continue;
      const std::string target = inc.target.substr(1);
      if (target.rfind("support/", 0) != 0 && target.rfind("ir/", 0) != 0 &&
          target.rfind("script/lang/", 0) != 0)
        bad.push_back(Located(inc));
    }
    for (const std::string& edge : bad) qWarning("%s", edge.c_str());
    QVERIFY2(bad.empty(), bad.empty() ? "" : bad[0].c_str());
  }

  void viewsDoNotIncludeTheApplication() {
    std::vector<std::string> bad;
    for (const Include& inc : IncludesUnder("views")) {
      const std::string target = inc.target.substr(1);
      if (target.rfind("gui/", 0) == 0 || target.rfind("app/", 0) == 0 ||
          target.rfind("cli/", 0) == 0)
        bad.push_back(Located(inc));
    }
    QVERIFY2(bad.empty(), bad.empty() ? "" : bad[0].c_str());
  }

  // The checker itself, on a scratch tree: a downward and a same-layer include pass, an
  // upward one is reported with its location.
  void upwardEdgeIsFound() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const fs::path root = dir.path().toStdString();
    WriteFile(root / "core" / "layers.txt", "# lowest first\nsupport\nir\ncodegen\ncodegen/cuda\n");
    WriteFile(root / "core" / "ir" / "Expr.h",
              "#include \"support/Result.h\"\n#include \"ir/Type.h\"\n");
    WriteFile(root / "core" / "codegen" / "cuda" / "Emit.cpp", "#include \"ir/Expr.h\"\n");
    QVERIFY(UpwardIncludes(root).empty());
    WriteFile(root / "core" / "ir" / "Call.cpp",
              "// math\n#include <cmath>\n  #include \"codegen/cuda/Emit.h\"\n");
    const std::vector<std::string> upward = UpwardIncludes(root);
    QCOMPARE(upward.size(), size_t(1));
    QCOMPARE(QString::fromStdString(upward[0]),
             QString("core/ir/Call.cpp:3: includes codegen/cuda/Emit.h (ir is below codegen)"));
  }
};

}  // namespace tst_layering

QTEST_GUILESS_MAIN(tst_layering::TestLayering)
#include "tst_layering.moc"
