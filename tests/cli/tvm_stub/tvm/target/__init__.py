"""tvm.target in the TVM stand-in: only the x86 helper (tvm.target.x86)."""
