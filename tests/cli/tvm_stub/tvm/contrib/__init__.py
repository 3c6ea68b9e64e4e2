"""tvm.contrib in the stand-in: only cblas (TVM's extern_op tutorial)."""
