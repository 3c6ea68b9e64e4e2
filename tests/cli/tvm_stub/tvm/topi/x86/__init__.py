"""tvm.topi.x86: see utils.py."""
