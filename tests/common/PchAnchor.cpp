// The one source of tessera_test_pch: the target exists to build the precompiled header
// that every non-GUI test area reuses (tests/CMakeLists.txt).
namespace tessera::test {
void PchAnchor() {}
}  // namespace tessera::test
