// How many threads a process of Tessera should run its parallel loops on.
//
// std::thread::hardware_concurrency() counts the machine's online CPUs, not the ones this
// process may use: under `taskset -c 0`, in a Slurm job given one CPU of a node, or in a
// container limited with --cpus=1, a pool of hardware_concurrency() threads puts two or
// more threads on each usable CPU, and a parallel loop with static chunks then waits for
// the chunks whose threads are descheduled, slower than one thread alone. TVM's runtime
// and OpenMP count the affinity mask the same way.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tessera::runtime {

// The CPUs of this process's affinity mask, lowest first (empty when it cannot be read).
std::vector<int> AffinityMaskCpus();

// The CPUs this process may run on: its affinity mask, capped by its cgroup's CPU quota
// (v2 cpu.max or v1 cpu.cfs_quota_us / cpu.cfs_period_us, rounded up); at least 1.
int UsableCpus();

// The threads of the process-wide pool: TESSERA_NUM_THREADS, else TVM_NUM_THREADS (the TVM
// runtime's variable, for scripts moved from TVM), when it is a whole number from 1 to
// 1024; otherwise UsableCpus(). `source`, when given, says which ("TESSERA_NUM_THREADS",
// "TVM_NUM_THREADS", "usable CPUs"; an ignored variable is named with its bad value).
int PoolThreadCount(std::string* source = nullptr);

// The CPU limit of a cgroup v2 `cpu.max` file's text ("QUOTA PERIOD", or "max PERIOD" for
// none): ceil(QUOTA / PERIOD), or nullopt when unlimited or not of that form.
std::optional<int> CpuLimitFromCgroupMax(const std::string& text);

}  // namespace tessera::runtime
