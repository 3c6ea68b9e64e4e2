// The C functions that generated code calls (the JIT resolves these names to the
// addresses below; the C backend declares them too). Errors are reported the way C
// libraries do: a non-zero return code, with the message kept per thread and
// propagated from worker threads to the caller of a parallel loop.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

extern "C" {

// Runs body(begin, end, env) over chunks of [0, n) on the global thread pool; returns
// the first non-zero code a chunk returned (its error message becomes this thread's).
int32_t tessera_parallel_for(int64_t n, int32_t (*body)(int64_t, int64_t, void*), void* env);
// 64-byte aligned heap memory for Allocate nodes too large for the stack; null on failure.
void* tessera_alloc(int64_t bytes);
void tessera_free(void* ptr);
// Records the message of a failed assertion (copied).
void tessera_set_error(const char* message);
}

namespace tessera::runtime {

// The message of the last error a kernel reported on this thread; ClearLastError()
// resets it before a call.
std::string LastError();
void ClearLastError();

// Name -> address of every function above (what the JIT defines as absolute symbols).
std::vector<std::pair<const char*, void*>> RuntimeSymbols();

}  // namespace tessera::runtime
