#include <cstdio>
int main() { std::puts("tessera-cli: under construction"); return 0; }
