// HostProbe: a fixed piece of work timed next to a kernel, to see how fast the machine
// runs at that moment. On a shared or virtual machine the same kernel's time moves by
// tens of percent within seconds (the clock of a virtual CPU moves with its host's load),
// so the times of two candidates measured at different moments compare the moments as much as
// the schedules. The probe runs scalar multiply-add chains on every thread of the
// kernels' pool (ThreadPool::Global, the same threads, CPUs and work sharing a kernel
// gets): a lower clock, a descheduled vCPU or a core shared with another process slow it
// as they slow the kernel. It does not touch memory beyond its registers (a kernel bound
// by memory bandwidth is not tracked by it).
#pragma once

namespace tessera::runtime {

// Runs the probe once on the global pool; milliseconds (about 0.4-0.6 ms at 2.5 GHz).
double TimeHostProbe();

// The probe's time when this machine runs at its usual best: a low percentile (the 20th)
// of `runs` probes in a row after a warm-up (about 20 ms for 30). Interference only ever
// slows the probe, so its fast end is the machine's own speed.
double CalibrateHostProbe(int runs = 30);

}  // namespace tessera::runtime
