// IdleWait: waits until the other threads of this process stop using the CPU, so that a
// benchmark times one implementation without another runtime's idle workers competing
// for the cores. Runtimes keep their workers spinning after a parallel call so that the
// next call finds them awake: measured on a 2-vCPU Emerald Rapids VM, oneDNN's OpenMP
// (libgomp) worker burned 8-11 ms of CPU after a convolution, OpenBLAS's threads yield in
// a loop for up to 2^28 cycles. A 2-thread Tessera kernel timed right after oneDNN shared
// a core with that spinner: tessera-bench-conv --threads all measured conv2d_fast.py at a
// median of 1.65 ms, and at 1.24-1.29 ms with a pause before it (0.79x -> 0.92x oneDNN).
//
// The wait needs no knowledge of the runtimes: the calling thread sleeps in short slices
// and reads the process's CPU time; when the other threads used less than a tenth of two
// slices in a row, they are idle.
#pragma once

namespace tessera::bench {

struct IdleWait {
  double waited_ms = 0;  // how long it slept
  bool idle = false;     // false: still busy when max_ms ran out (another busy thread of ours)
};

IdleWait WaitForOtherThreadsIdle(double max_ms = 500, double slice_ms = 4);

}  // namespace tessera::bench
