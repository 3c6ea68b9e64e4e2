// tessera-cli run as a user runs it, for the CLI tests: the exit code and both streams.
// The limit only stops a hung command; it is no speed check (an ASan build on a loaded
// machine runs the larger examples for tens of seconds; speed is measured by bench/).
#pragma once

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#ifndef TESSERA_CLI_PATH
#error "tests/CMakeLists.txt passes the path of tessera-cli"
#endif

struct Run {
  int code = -1;
  QString out;
  QString err;
};

inline Run Cli(const QStringList& args) {
  QProcess p;
  p.start(QStringLiteral(TESSERA_CLI_PATH), args);
  Run r;
  if (!p.waitForFinished(600000) || p.exitStatus() != QProcess::NormalExit) {
    p.kill();
    p.waitForFinished();
    r.err = "tessera-cli did not finish normally";
    return r;
  }
  r.code = p.exitCode();
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

// The scripts a CLI suite writes for tessera-cli to read (a suite derives from QObject,
// then from this), in a folder removed with the suite.
class CliScriptFolder {
 protected:
  QTemporaryDir dir_;

  // Writes `text` as the folder's file `name`; its path.
  QString Write(const QString& name, const QByteArray& text) {
    QString path = dir_.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text);
    return path;
  }
};
