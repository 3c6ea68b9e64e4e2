// ScopedEnv: sets (or, given nullptr, unsets) an environment variable for a scope and
// restores it after — the GUI and Slurm suites take sbatch off $PATH to see how a missing
// Slurm is reported; the thread-count suite sets TESSERA_NUM_THREADS.
#pragma once

#include <QByteArray>
#include <QtGlobal>

namespace tessera::testing {

class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value)
      : name_(name), old_(qgetenv(name)), had_(qEnvironmentVariableIsSet(name)) {
    if (value)
      qputenv(name, QByteArray(value));
    else
      qunsetenv(name);
  }
  ~ScopedEnv() {
    if (had_)
      qputenv(name_, old_);
    else
      qunsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  QByteArray old_;
  bool had_;
};

}  // namespace tessera::testing
