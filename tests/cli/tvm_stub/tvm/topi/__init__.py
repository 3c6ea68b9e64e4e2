"""tvm.topi: only the x86 helper a shipped template imports (topi/x86/utils.py)."""
