# tvm.topi for Tessera's scripts: the operators and schedules, written in the script
# language and run by Tessera's own interpreter (core/script/tvm/topi/Topi.h says how). Each
# mirrors the TVM 0.19 operator of the same name: the same stage names ("T_add",
# "A_red", "pad_temp", "conv2d_nchw"), tags ("broadcast", "comm_reduce", "injective,pad",
# "conv2d_nchw"), axis names (ax0, ... for TVM's C++ operators; the lambda's names for its
# Python ones) and reduce-axis names (k1, rc, ry, rx, rv0), and refuses what TVM refuses
# with TVM's message. Names TVM would repeat ("T_add" twice) get a suffix ("T_add_1"):
# Tessera's schedules address stages by name. Embedded in the core at build time
# (core/script/EmbedText.cmake).
def __tessera_topi__(native):
    # Builtins are bound here, before the script runs, so that a script's own `max` or
    # `sum` does not change what the operators do.
    len, range, isinstance, enumerate, zip = len, range, isinstance, enumerate, zip
    tuple, list, int, float, str, sorted, abs = tuple, list, int, float, str, sorted, abs
    _py_max, _py_min = max, min  # topi defines its own max and min below
    import tvm
    from tvm import te
    _native_compute = native["compute"]
    _same_dim = native["same_dim"]
    _is_placeholder = native["is_placeholder"]
    _current_target = native["current_target"]
    _used_names = {}

    # ---- names --------------------------------------------------------------------
    def _name(base):
        n = _used_names.get(base, 0)
        _used_names[base] = n + 1
        return base if n == 0 else base + "_" + str(n)

    def _compute(shape, fcompute, name, tag):
        return _native_compute(tuple(shape), fcompute, _name(name), tag)

    # ---- topi.tag -------------------------------------------------------------------
    ELEMWISE = "elemwise"
    BROADCAST = "broadcast"
    INJECTIVE = "injective"
    COMM_REDUCE = "comm_reduce"
    COMM_REDUCE_IDX = "comm_reduce_idx"

    def is_broadcast(tag):
        if tag in (ELEMWISE, BROADCAST):
            return True
        return tag.startswith(ELEMWISE) or tag.startswith(BROADCAST)

    def is_injective(tag):
        if tag in (ELEMWISE, BROADCAST, INJECTIVE):
            return True
        return tag.startswith(ELEMWISE) or tag.startswith(BROADCAST) or tag.startswith(INJECTIVE)

    # ---- topi.utils -------------------------------------------------------------------
    def get_const_int(expr):
        if isinstance(expr, int):
            return expr
        if isinstance(expr, tvm.tir.IntImm):
            return expr.value
        raise ValueError("Expect value to be constant int")

    def get_const_tuple(in_tuple):
        return tuple([x if not isinstance(x, tvm.tir.IntImm) else x.value for x in in_tuple])

    def equal_const_int(expr, value):
        return isinstance(expr, int) and expr == value

    def _tensor(x, what):
        if not isinstance(x, te.Tensor):
            raise TypeError(what + " expects a te.Tensor, not " + type_name(x))
        return x

    def type_name(x):
        if isinstance(x, te.Tensor):
            return "Tensor"
        if isinstance(x, (int, float)):
            return "a number"
        return "that value"

    def _axis_list(axis, ndim, what):
        # TVM's GetRealAxis: None means every axis; negative axes count from the end.
        if axis is None:
            return list(range(ndim))
        axes = list(axis) if isinstance(axis, (tuple, list)) else [axis]
        real = []
        for a in axes:
            if not isinstance(a, int):
                raise TypeError(what + ": an axis must be an int")
            v = a + ndim if a < 0 else a
            if v >= ndim or v < 0:
                raise ValueError(what + ": axis " + str(a) + " exceeds the maximum dimension " + str(ndim))
            if v not in real:
                real.append(v)
        return sorted(real)

    # ---- broadcast.py -------------------------------------------------------------------
    def _broadcast_shape(sa, sb, what):
        # TVM's detail::BroadcastShape, right-aligned: per output dim, whether A and B
        # index it (a dimension of 1 is read at 0).
        na, nb = len(sa), len(sb)
        n = _py_max(na, nb)
        out, use_a, use_b = [None] * n, [False] * n, [False] * n
        for i in range(1, _py_min(na, nb) + 1):
            da, db = sa[na - i], sb[nb - i]
            o = n - i
            if _same_dim(da, db):
                out[o], use_a[o], use_b[o] = da, True, True
            elif equal_const_int(da, 1):
                out[o], use_b[o] = db, True
            elif equal_const_int(db, 1):
                out[o], use_a[o] = da, True
            elif not isinstance(da, int) and not isinstance(db, int):
                out[o], use_a[o], use_b[o] = te.max(da, db), True, True
            elif not isinstance(da, int):
                out[o], use_a[o], use_b[o] = db, True, True
            elif not isinstance(db, int):
                out[o], use_a[o], use_b[o] = da, True, True
            else:
                raise ValueError(what + ": Incompatible broadcast dims: " + str(da) + " and " + str(db) +
                                 " in: " + str(tuple(sa)) + " and " + str(tuple(sb)))
        for i in range(_py_min(na, nb) + 1, n + 1):
            o = n - i
            if na > nb:
                out[o], use_a[o] = sa[na - i], True
            else:
                out[o], use_b[o] = sb[nb - i], True
        return out, use_a, use_b

    def _input_index(idx, use, rank):
        n = len(idx)
        return [idx[o] if use[o] else 0 for o in range(n - rank, n)]

    def _binary(fop, name, what):
        def op(lhs, rhs):
            lt = isinstance(lhs, te.Tensor)
            rt = isinstance(rhs, te.Tensor)
            if not lt and not rt:
                return fop(lhs, rhs)
            if lt and rt:
                out, use_a, use_b = _broadcast_shape(lhs.shape, rhs.shape, what)
                na, nb = len(lhs.shape), len(rhs.shape)
                return _compute(out, lambda idx: fop(lhs(*_input_index(idx, use_a, na)),
                                                     rhs(*_input_index(idx, use_b, nb))), name, BROADCAST)
            if lt:
                return _compute(lhs.shape, lambda idx: fop(lhs(*idx), rhs), name, ELEMWISE)
            return _compute(rhs.shape, lambda idx: fop(lhs, rhs(*idx)), name, ELEMWISE)
        return op

    add = _binary(lambda a, b: a + b, "T_add", "add")
    subtract = _binary(lambda a, b: a - b, "T_subtract", "subtract")
    multiply = _binary(lambda a, b: a * b, "T_multiply", "multiply")
    divide = _binary(lambda a, b: a / b, "T_divide", "divide")
    floor_divide = _binary(lambda a, b: a // b, "T_floor_divide", "floor_divide")
    maximum = _binary(lambda a, b: te.max(a, b), "T_maximum", "maximum")
    minimum = _binary(lambda a, b: te.min(a, b), "T_minimum", "minimum")
    power = _binary(lambda a, b: te.power(a, b), "T_power", "power")

    def broadcast_to(data, shape):
        _tensor(data, "broadcast_to")
        out, use_a, use_b = _broadcast_shape(shape, data.shape, "broadcast_to")
        if len(out) != len(shape):
            raise ValueError("broadcast_to: output dimensionality smaller than input")
        n = len(data.shape)
        return _compute(out, lambda idx: data(*_input_index(idx, use_b, n)), "T_broadcast_to", BROADCAST)

    def elemwise_sum(xs):
        if len(xs) == 0:
            raise ValueError("elemwise sum must have at least one input tensor.")
        for x in xs:
            _tensor(x, "elemwise_sum")
        def body(idx):
            total = xs[0](*idx)
            for x in xs[1:]:
                total = total + x(*idx)
            return total
        return _compute(xs[0].shape, body, "T_elemwise_sum", ELEMWISE)

    # ---- math.py (Python operators in TVM: `lambda *i`, tag elemwise) ----------------
    def _unary(f, what):
        def op(x):
            _tensor(x, what)
            return te.compute(x.shape, lambda *i: f(x(*i)), tag=ELEMWISE)
        return op

    exp = _unary(te.exp, "exp")
    log = _unary(te.log, "log")
    sqrt = _unary(te.sqrt, "sqrt")
    tanh = _unary(te.tanh, "tanh")
    sigmoid = _unary(te.sigmoid, "sigmoid")
    negative = _unary(lambda v: -v, "negative")
    abs_ = _unary(te.abs, "abs")

    def identity(x):
        _tensor(x, "identity")
        return te.compute(x.shape, lambda *i: x(*i), tag=ELEMWISE)

    # ---- elemwise.h: full / full_like (a constant of the dtype, C++ operators) --------
    def _fill(value, dtype, what):
        if isinstance(value, (bool, int, float)):
            return tvm.tir.const(value, dtype)
        if isinstance(value, tvm.tir.PrimExpr):
            return value if value.dtype == dtype else value.astype(dtype)
        raise TypeError(what + ": fill_value must be a number or an expression, not " + type_name(value))

    def full(shape, dtype, fill_value):
        v = _fill(fill_value, dtype, "full")
        return _compute(shape if isinstance(shape, (tuple, list)) else (shape,), lambda idx: v, "T_full", ELEMWISE)

    def full_like(x, fill_value):
        _tensor(x, "full_like")
        v = _fill(fill_value, x.dtype, "full_like")
        return _compute(x.shape, lambda idx: v, "T_full_like", ELEMWISE)

    # ---- reduction.py ----------------------------------------------------------------
    def _comm_reduce(reducer, data, axis, keepdims, what):
        _tensor(data, what)
        ndim = len(data.shape)
        if ndim == 0:
            raise ValueError("Cannot reduce a 0 dim Tensor")
        real = _axis_list(axis, ndim, what)
        raxes = [te.reduce_axis((0, data.shape[i]), name="k" + str(i)) for i in real]
        shape = []
        for i in range(ndim):
            if i in real:
                if keepdims:
                    shape.append(1)
            else:
                shape.append(data.shape[i])
        def body(idx):
            at, r, ev = 0, 0, []
            for i in range(ndim):
                if i in real:
                    ev.append(raxes[r])
                    r += 1
                    if keepdims:
                        at += 1
                else:
                    ev.append(idx[at])
                    at += 1
            return reducer(data(*ev), axis=raxes)
        return _compute(shape, body, data.op.name + "_red", COMM_REDUCE)

    _prod_reducer = te.comm_reducer(lambda x, y: x * y, lambda t: tvm.tir.const(1, dtype=t), name="prod")

    def sum(data, axis=None, keepdims=False):
        return _comm_reduce(te.sum, data, axis, keepdims, "sum")

    def max(data, axis=None, keepdims=False):
        return _comm_reduce(te.max, data, axis, keepdims, "max")

    def min(data, axis=None, keepdims=False):
        return _comm_reduce(te.min, data, axis, keepdims, "min")

    def prod(data, axis=None, keepdims=False):
        return _comm_reduce(_prod_reducer, data, axis, keepdims, "prod")

    # ---- transform.py ----------------------------------------------------------------
    def transpose(a, axes=None):
        _tensor(a, "transpose")
        ndim = len(a.shape)
        if axes is None:
            axes = list(range(ndim - 1, -1, -1))
        axes = list(axes)
        if len(axes) != ndim:
            raise ValueError("transpose: axes " + str(tuple(axes)) + " do not match the tensor's rank " + str(ndim))
        real = []
        for ax in axes:
            v = ax + ndim if ax < 0 else ax
            if v < 0 or v >= ndim:
                raise ValueError("transpose: axis=" + str(ax) + " is invalid for the " + str(ndim) +
                                 "-dimensional input tensor")
            if v in real:
                raise ValueError("transpose: repeated axis in transpose")
            real.append(v)
        def body(idx):
            src = [0] * ndim
            for i in range(ndim):
                src[real[i]] = idx[i]
            return a(*src)
        return _compute([a.shape[v] for v in real], body, "T_transpose", INJECTIVE)

    def _count(shape):
        total = 1
        for d in shape:
            total = total * d
        return total

    def reshape(a, newshape):
        _tensor(a, "reshape")
        newshape = list(newshape) if isinstance(newshape, (tuple, list)) else [newshape]
        before, after = _count(a.shape), _count(newshape)
        if isinstance(before, int) and isinstance(after, int) and before != after:
            raise ValueError("reshape: cannot reshape " + str(tuple(a.shape)) + " (" + str(before) +
                             " elements) to " + str(tuple(newshape)) + " (" + str(after) + " elements)")
        def body(idx):
            # TVM's RavelIndex over the new shape, then UnravelIndex over the old one.
            flat = idx[0] if len(idx) > 0 else 0
            for i in range(1, len(newshape)):
                flat = flat * newshape[i] + idx[i]
            src = [0] * len(a.shape)
            for i in range(len(a.shape) - 1, -1, -1):
                src[i] = flat % a.shape[i]
                flat = flat // a.shape[i]
            return a(*src)
        return _compute(newshape, body, "T_reshape", INJECTIVE)

    # ---- nn ------------------------------------------------------------------------
    def relu(x):
        _tensor(x, "relu")
        return te.compute(x.shape, lambda *i: te.max(x(*i), tvm.tir.const(0, x.dtype)), tag=ELEMWISE)

    def _pad_body(data, pad_before, pad_after, pad_value):
        n = len(data.shape)
        def body(*indices):
            not_zero, index = [], []
            for i in range(n):
                if equal_const_int(pad_before[i], 0) and equal_const_int(pad_after[i], 0):
                    index.append(indices[i])
                else:
                    index.append(indices[i] - pad_before[i])
                    not_zero.append(indices[i] >= pad_before[i])
                    not_zero.append(indices[i] < data.shape[i] + pad_before[i])
            if not_zero:
                return tvm.tir.if_then_else(tvm.tir.all(*not_zero), data(*index), pad_value)
            return data(*index)
        return body

    def pad(data, pad_before, pad_after=None, pad_value=0.0, name="PadInput", attrs=None):
        _tensor(data, "pad")
        n = len(data.shape)
        pad_after = pad_after if pad_after else pad_before
        if len(pad_before) != n:
            raise ValueError("Input dimension and pad_before dismatch : " + str(n) + " vs " + str(len(pad_before)))
        if len(pad_after) != n:
            raise ValueError("Input dimension and pad_after dismatch : " + str(n) + " vs " + str(len(pad_after)))
        out_shape = tuple([data.shape[i] + pad_before[i] + pad_after[i] for i in range(n)])
        value = pad_value if isinstance(pad_value, tvm.tir.PrimExpr) else tvm.tir.const(pad_value, data.dtype)
        body = _pad_body(data, pad_before, pad_after, value)
        return te.compute(out_shape, lambda *i: body(*i), name=_name(name), tag=INJECTIVE + ",pad")

    # What softmax and log_softmax share: the axis (negative counts from the end), two
    # reduce axes over it, index helpers and the row maximum.
    def _softmax_prologue(x, axis, what):
        _tensor(x, what)
        shape = x.shape
        if axis < 0:
            axis = len(shape) + axis
        if axis >= len(shape) or axis < 0:
            raise ValueError("axis parameter should be less than input dim")
        k1 = te.reduce_axis((0, shape[axis]), name="k")
        k2 = te.reduce_axis((0, shape[axis]), name="k")
        def with_reduce(indices, k):
            return list(indices[:axis]) + [k] + list(indices[axis:])
        def without_axis(indices):
            return [v for (i, v) in enumerate(indices) if i != axis]
        reduced = tuple([d for (i, d) in enumerate(shape) if i != axis])
        max_elem = te.compute(reduced, lambda *i: te.max(x(*with_reduce(i, k1)), axis=k1),
                              name=_name("T_softmax_maxelem"))
        return axis, shape, k2, with_reduce, without_axis, reduced, max_elem

    @te.tag_scope(tag="softmax_output")
    def softmax(x, axis=-1):
        axis, shape, k2, with_reduce, without_axis, reduced, max_elem = _softmax_prologue(x, axis, "softmax")
        exp_ = te.compute(shape, lambda *i: te.exp(x(*i) - max_elem(*without_axis(i))),
                          name=_name("T_softmax_exp"))
        expsum = te.compute(reduced, lambda *i: te.sum(exp_(*with_reduce(i, k2)), axis=k2),
                            name=_name("T_softmax_expsum"))
        return te.compute(shape, lambda *i: exp_(*i) / expsum(*without_axis(i)),
                          name=_name("T_softmax_norm"), attrs={"axis": axis})

    @te.tag_scope(tag="log_softmax_output")
    def log_softmax(x, axis=-1):
        axis, shape, k2, with_reduce, without_axis, reduced, max_elem = _softmax_prologue(x, axis, "log_softmax")
        expsum = te.compute(reduced, lambda *i: te.sum(te.exp(x(*with_reduce(i, k2)) - max_elem(*i)), axis=k2))
        return te.compute(shape, lambda *i: x(*i) - max_elem(*without_axis(i)) - te.log(expsum(*without_axis(i))),
                          attrs={"axis": axis})

    def _pair(v, n, what):
        if isinstance(v, int):
            return [v] * n
        v = list(v)
        if len(v) != n:
            raise ValueError(what + " must be an int or " + str(n) + " ints, not " + str(tuple(v)))
        return v

    def get_pad_tuple_generic(padding, kernel):
        if isinstance(padding, (tuple, list)):
            if len(padding) == len(kernel):
                dims = [p * 2 for p in padding]
            elif len(padding) == len(kernel) * 2:
                return [[padding[i] for i in range(len(kernel))],
                        [padding[len(kernel) + i] for i in range(len(kernel))]]
            else:
                raise ValueError("Size of padding can only be len(kernel) or len(kernel) * 2")
        elif isinstance(padding, int):
            dims = [padding * 2 for _ in range(len(kernel))]
        elif padding == "VALID":
            dims = [0 for _ in range(len(kernel))]
        elif padding == "SAME":
            dims = [k - 1 for k in kernel]
        else:
            raise ValueError("Unknown padding option " + str(padding))
        begin = [(p + 1) // 2 for p in dims]
        return [begin, [pd - pb for (pb, pd) in zip(begin, dims)]]

    def get_pad_tuple(padding, kernel):
        if isinstance(padding, (tuple, list)):
            if len(padding) == 2:
                pad_h, pad_w = padding[0] * 2, padding[1] * 2
            elif len(padding) == 4:
                return padding[0], padding[1], padding[2], padding[3]
            else:
                raise ValueError("Size of padding can only be 2 or 4")
        elif isinstance(padding, int):
            pad_h = pad_w = padding * 2
        elif padding == "VALID":
            pad_h, pad_w = 0, 0
        elif padding == "SAME":
            pad_h, pad_w = kernel[0] - 1, kernel[1] - 1
        else:
            raise ValueError("Unknown padding option " + str(padding))
        pad_top, pad_left = (pad_h + 1) // 2, (pad_w + 1) // 2
        return pad_top, pad_left, pad_h - pad_top, pad_w - pad_left

    # conv (nn/conv2d.py) for the 2-D layouts: where N, C, H, W sit in the data, O, I, H,
    # W in the kernel, the kernel layout, and the order of the reduce axes (rc, ry, rx).
    _conv_layouts = {
        "NCHW": ([0, 1, 2, 3], [0, 1, 2, 3], "OIHW", [0, 1, 2]),
        "NHWC": ([0, 3, 1, 2], [3, 2, 0, 1], "HWIO", [1, 2, 0]),
        "HWCN": ([3, 2, 0, 1], [3, 2, 0, 1], "HWIO", [2, 1, 0]),
    }

    def _conv2d(inp, filt, stride, padding, dilation, data_layout, kernel_layout, out_dtype, what):
        _tensor(inp, what)
        _tensor(filt, what)
        if data_layout not in _conv_layouts:
            raise ValueError(what + ": not support this layout " + str(data_layout) + " yet (Tessera: NCHW, NHWC, HWCN)")
        d_to, k_to, default_kernel, red_order = _conv_layouts[data_layout]
        if kernel_layout and kernel_layout != default_kernel:
            raise ValueError(what + ": kernel layout " + str(kernel_layout) + " with data layout " + data_layout +
                             " is not supported (Tessera: " + default_kernel + ")")
        if len(inp.shape) != 4:
            raise ValueError(what + ": the input must be 4-D (" + data_layout + "), not " + str(len(inp.shape)) + "-D")
        if len(filt.shape) != 4:
            raise ValueError(what + ": the kernel must be 4-D (" + default_kernel + "), not " + str(len(filt.shape)) + "-D")
        if out_dtype is None:
            out_dtype = inp.dtype
        strides = _pair(stride, 2, what + ": stride")
        dilations = _pair(dilation, 2, what + ": dilation")
        ishape = get_const_tuple(inp.shape)
        kshape = get_const_tuple(filt.shape)
        batch, in_channel, height, width = [ishape[d_to[i]] for i in range(4)]
        num_filter, kchannel, kh, kw = [kshape[k_to[i]] for i in range(4)]
        if isinstance(in_channel, int) and isinstance(kchannel, int) and in_channel != kchannel:
            raise ValueError(what + ": the input has " + str(in_channel) + " channels but the kernel " + str(kchannel))
        dil_k = [(k - 1) * d + 1 for (k, d) in zip([kh, kw], dilations)]
        pad_begin, pad_end = get_pad_tuple_generic(padding, dil_k)
        out_h = (height - (kh - 1) * dilations[0] - 1 + pad_begin[0] + pad_end[0]) // strides[0] + 1
        out_w = (width - (kw - 1) * dilations[1] - 1 + pad_begin[1] + pad_end[1]) // strides[1] + 1
        d_from = [d_to.index(i) for i in range(4)]
        k_from = [k_to.index(i) for i in range(4)]
        pb = [0, 0] + pad_begin
        pe = [0, 0] + pad_end
        temp = pad(inp, [pb[d_from[i]] for i in range(4)], [pe[d_from[i]] for i in range(4)], name="pad_temp")
        rc = te.reduce_axis((0, in_channel), name="rc")
        ry = te.reduce_axis((0, kh), name="ry")
        rx = te.reduce_axis((0, kw), name="rx")
        red = [rc, ry, rx]
        def body(args):
            nn, ff, yy, xx = [args[d_to[i]] for i in range(4)]
            logical = [nn, rc, yy * strides[0] + ry * dilations[0], xx * strides[1] + rx * dilations[1]]
            klogical = [ff, rc, ry, rx]
            return te.sum(temp(*[logical[d_from[i]] for i in range(4)]).astype(out_dtype) *
                          filt(*[klogical[k_from[i]] for i in range(4)]).astype(out_dtype),
                          axis=[red[i] for i in red_order])
        logical_shape = [batch, num_filter, out_h, out_w]
        shape = [logical_shape[d_from[i]] for i in range(4)]
        name = _name("conv2d_" + data_layout.lower())
        tag = "conv2d_" + data_layout.lower()
        return te.compute(shape, _conv_lambdas[data_layout](body), name=name, tag=tag)

    # The output's axis names are TVM's (nn, ff, yy, xx in the layout's order).
    _conv_lambdas = {
        "NCHW": lambda body: (lambda nn, ff, yy, xx: body([nn, ff, yy, xx])),
        "NHWC": lambda body: (lambda nn, yy, xx, ff: body([nn, yy, xx, ff])),
        "HWCN": lambda body: (lambda yy, xx, ff, nn: body([yy, xx, ff, nn])),
    }

    def conv2d(input, filter, strides, padding, dilation, data_layout="NCHW", kernel_layout="", out_dtype=None):
        return _conv2d(input, filter, strides, padding, dilation, data_layout, kernel_layout, out_dtype, "conv2d")

    def conv2d_nchw(Input, Filter, stride, padding, dilation, out_dtype=None):
        return _conv2d(Input, Filter, stride, padding, dilation, "NCHW", "OIHW", out_dtype, "conv2d_nchw")

    def conv2d_nhwc(Input, Filter, stride, padding, dilation, out_dtype="float32"):
        return _conv2d(Input, Filter, stride, padding, dilation, "NHWC", "HWIO", out_dtype, "conv2d_nhwc")

    def conv2d_hwcn(Input, Filter, stride, padding, dilation, out_dtype=None):
        return _conv2d(Input, Filter, stride, padding, dilation, "HWCN", "HWIO", out_dtype, "conv2d_hwcn")

    def cuda_conv2d_nchw(data, kernel, strides, padding, dilation, out_dtype="float32"):
        return _conv2d(data, kernel, strides, padding, dilation, "NCHW", "OIHW", out_dtype, "conv2d_nchw")

    def dense(data, weight, bias=None, out_dtype=None):
        _tensor(data, "dense")
        _tensor(weight, "dense")
        if len(data.shape) != 2 or len(weight.shape) != 2:
            raise ValueError("dense: only 2-D data and weight are supported (Tessera)")
        if out_dtype is None:
            out_dtype = data.dtype
        batch, in_dim = data.shape
        out_dim, red_dim = weight.shape
        if isinstance(in_dim, int) and isinstance(red_dim, int) and in_dim != red_dim:
            raise ValueError("Reduction dimensions of dense do not match. " + str(in_dim) + " vs " + str(red_dim) + ".")
        k = te.reduce_axis((0, in_dim), name="k")
        mat = te.compute((batch, out_dim),
                         lambda *i: te.sum(data(i[0], k).astype(out_dtype) * weight(i[1], k).astype(out_dtype), axis=k),
                         name=_name("T_matmul_NT"), tag="dense")
        if bias is not None:
            _tensor(bias, "dense")
            mat = te.compute((batch, out_dim), lambda *i: mat(*i) + bias(i[1]).astype(out_dtype), tag=BROADCAST)
        return mat

    def pool2d(data, kernel, stride, dilation, padding, pool_type, ceil_mode=False, layout="NCHW",
               count_include_pad=True):
        _tensor(data, "pool2d")
        if "H" not in layout or "W" not in layout or len(layout) != len(data.shape):
            raise ValueError("pool2d: Unsupported layout " + str(layout) + " for a " + str(len(data.shape)) + "-D input")
        if pool_type not in ("max", "avg"):
            raise ValueError("pool2d: Unrecognized pool_type: " + str(pool_type) + " (max or avg)")
        axes = [layout.find("H"), layout.find("W")]
        kernel = _pair(kernel, 2, "pool2d: kernel")
        stride = _pair(stride, 2, "pool2d: stride")
        dilation = _pair(dilation, 2, "pool2d: dilation")
        padding = list(padding)
        if len(padding) != 4:
            raise ValueError("Pooling padding_size must has double elements of kernel")
        n = len(data.shape)
        pad_before, pad_after = [0] * n, [0] * n
        out_shape = list(data.shape)
        offset = [0, 0]
        do_pad = False
        raxes = []
        for i in range(2):
            ii = axes[i]
            head, tail = padding[i], padding[i + 2]
            if ceil_mode:
                offset[i] = stride[i] - 1
                tail = tail + offset[i]
            do_pad = do_pad or head != 0 or tail != 0
            raxes.append(te.reduce_axis((0, kernel[i]), name="rv" + str(i)))
            pad_before[ii], pad_after[ii] = head, tail
            out_shape[ii] = (data.shape[ii] - (kernel[i] - 1) * dilation[i] - 1 + head + tail) // stride[i] + 1
        def window(idx):
            ind = list(idx)
            for i in range(2):
                ii = axes[i]
                ind[ii] = idx[ii] * stride[i] + raxes[i] * dilation[i]
            return ind
        if pool_type == "max":
            temp = data
            if do_pad:
                temp = _compute([data.shape[i] + pad_before[i] + pad_after[i] for i in range(n)],
                                lambda idx: _pad_body(data, pad_before, pad_after, tvm.tir.min_value(data.dtype))(*idx),
                                "pad_temp", ELEMWISE)
            return _compute(out_shape, lambda idx: te.max(temp(*window(idx)), axis=raxes), "pool_max", "pool_max")
        temp = data
        if do_pad:
            temp = _compute([data.shape[i] + pad_before[i] + pad_after[i] for i in range(n)],
                            lambda idx: _pad_body(data, pad_before, pad_after, tvm.tir.const(0, data.dtype))(*idx),
                            "pad_temp", ELEMWISE)
        pool_sum = _compute(out_shape, lambda idx: te.sum(temp(*window(idx)), axis=raxes), "pool_sum", "pool_sum")
        def average(idx):
            num_el = tvm.tir.const(1, "int32")
            for i in range(2):
                ii = axes[i]
                start = idx[ii] * stride[i] - padding[i]
                end = start + (kernel[i] - 1) * dilation[i]
                if count_include_pad:
                    end = te.min(end, data.shape[ii] + padding[i + 2] - 1)
                    num_el = num_el * (tvm.tir.truncdiv(end - start, dilation[i]) + 1)
                else:
                    jumps = te.max(tvm.tir.truncdiv(dilation[i] - 1 - start, dilation[i]), 0)
                    end = te.min(end, data.shape[ii] - 1)
                    num_el = num_el * (tvm.tir.truncdiv(end - (start + dilation[i] * jumps), dilation[i]) + 1)
            if not count_include_pad:
                num_el = te.max(num_el, 1)
            return pool_sum(*idx) / num_el.astype(data.dtype)
        return _compute(out_shape, average, "pool_avg", ELEMWISE)

    # ---- schedules -----------------------------------------------------------------
    def _outputs(outs):
        return [outs] if isinstance(outs, te.Tensor) else list(outs)

    def _target(what):
        t = _current_target()
        if t is None:
            raise RuntimeError("TVMError: Target context required. Please set it by constructing a TargetContext "
                               "(call " + what + " inside `with tvm.target.Target(...):`)")
        return t

    def _fuse(stage, axes):
        # TVM's fuse of one axis is that axis (Tessera's fuse wants two or more).
        axes = list(axes)
        if len(axes) == 1:
            return axes[0]
        return stage.fuse(*axes) if len(axes) > 1 else None

    def _auto_inline_injective(s, outs):
        out_ops = [x.op for x in outs]
        for stage in s.stages:
            op = stage.op
            if _is_placeholder(op) or op in out_ops or len(op.reduce_axis) > 0:
                continue
            if len(op.input_tensors) > 0:
                s[op].compute_inline()

    def _default_schedule(what, auto_inline):
        def schedule(outs):
            target = _target("topi.generic." + what)
            outs = _outputs(outs)
            if target.kind.name not in ("llvm", "c"):
                raise RuntimeError("schedule not registered for '" + target.kind.name + "'")
            s = te.create_schedule([x.op for x in outs])
            if auto_inline:
                x = outs[0]
                _auto_inline_injective(s, outs)
                _fuse(s[x], s[x].op.axis)
            return s
        return schedule

    def schedule_injective_from_existing(sch, out):
        # cuda/injective.py: the output's loops fused and split over blocks and threads.
        fused = _fuse(sch[out], sch[out].op.axis)
        if fused is None:
            return sch
        num_thread = 1024
        bx, tx = sch[out].split(fused, factor=num_thread)
        sch[out].bind(bx, te.thread_axis("blockIdx.x"))
        sch[out].bind(tx, te.thread_axis("threadIdx.x"))
        return sch

    def cuda_schedule_injective(outs):
        _target("topi.cuda.schedule_injective")
        outs = _outputs(outs)
        s = te.create_schedule([x.op for x in outs])
        _auto_inline_injective(s, outs)
        for out in outs:
            if len(out.shape) > 0:
                schedule_injective_from_existing(s, out)
        return s

    def _schedule_reduce_op(op, sch):
        data_out = op.output(0)
        if len(sch[data_out].op.reduce_axis) == 0:
            return schedule_injective_from_existing(sch, data_out)
        if len(sch[data_out].op.axis) > 0:
            all_reduce = False
            num_thread = 32
            block_x = te.thread_axis("blockIdx.x")
            thread_x = te.thread_axis((0, num_thread), "threadIdx.x")
            thread_y = te.thread_axis((0, num_thread), "threadIdx.y")
        else:
            all_reduce = True
            num_thread = 1024  # the CUDA target's max_num_threads
            thread_x = te.thread_axis((0, num_thread), "threadIdx.x")
        fused_reduce = _fuse(sch[data_out], sch[data_out].op.reduce_axis)
        ko, ki = sch[data_out].split(fused_reduce, factor=num_thread)
        data_out_rf = sch.rfactor(data_out, ki)
        tx = sch[data_out].op.reduce_axis[0]
        sch[data_out].bind(tx, thread_x)
        sch[data_out_rf].compute_at(sch[data_out], tx)
        if not all_reduce:
            fused_outer = _fuse(sch[data_out], sch[data_out].op.axis)
            bx, outer_in = sch[data_out].split(fused_outer, factor=num_thread)
            sch[data_out].bind(outer_in, thread_y)
            sch[data_out].bind(bx, block_x)
        else:
            sch[data_out].set_store_predicate(thread_x.var == 0)
        return sch

    # ---- topi.x86 (x86/injective.py, x86/reduction.py) -----------------------------
    def x86_schedule_injective_from_existing(sch, out):
        axes = sch[out].op.axis
        if len(axes) >= 5:
            sch[out].parallel(sch[out].fuse(axes[0], axes[1], axes[2]))
        elif len(axes) >= 3:
            sch[out].parallel(sch[out].fuse(axes[0], axes[1]))
        elif len(axes) >= 2:
            # (TVM also parallelizes a 1-D op's only axis before splitting it; the split
            # drops that, parallel(lo) below is what stays. Tessera refuses to split an
            # annotated axis, so it is not annotated first.)
            sch[out].parallel(axes[0])
        if len(axes) >= 1:
            lo, li = sch[out].split(axes[-1], factor=16)
            sch[out].vectorize(li)
            if len(axes) == 1:
                sch[out].parallel(lo)
        return sch

    def _empty_shape(shape):
        for d in shape:
            if isinstance(d, int) and d == 0:
                return True
            if isinstance(d, tvm.tir.IntImm) and d.value == 0:
                return True
        return False

    def x86_schedule_injective(outs):
        outs = _outputs(outs)
        s = te.create_schedule([x.op for x in outs])
        _auto_inline_injective(s, outs)
        for x in outs:
            if not _empty_shape(x.shape):
                x86_schedule_injective_from_existing(s, x)
        return s

    def _x86_schedule_reduce(sch, op, is_idx_reduce):
        if is_idx_reduce:
            real_out = op.output(0)
            _fuse(sch[real_out], sch[real_out].op.axis)
            out = op.input_tensors[0]
        else:
            out = op.output(0)
        const_shape = True
        for d in get_const_tuple(out.shape):
            if not isinstance(d, int):
                const_shape = False
        axes = sch[out].op.axis
        if const_shape:
            # TVM's heuristic: fuse leading axes until 128-way parallelism.
            parallelism = 1
            fuse_axes = []
            while len(fuse_axes) < len(axes) and parallelism < 128:
                ivar = axes[len(fuse_axes)]
                parallelism *= int(ivar.dom.extent)
                fuse_axes.append(ivar)
            fused = _fuse(sch[out], fuse_axes)
        elif len(axes) >= 5:
            fused = sch[out].fuse(axes[0], axes[1], axes[2])
        else:
            fused = _fuse(sch[out], axes)
        if fused is not None:
            sch[out].parallel(fused)

    def _inline_before_reduce(sch, op, scheduled):
        # topi's traverse_before_reduce (x86 and cuda alike): a reduction's injective
        # producers inlined, any other producer refused with TVM's message.
        if _is_placeholder(op):
            return
        if is_injective(op.tag):
            sch[op].compute_inline()
            for t in op.input_tensors:
                if t.op not in scheduled:
                    _inline_before_reduce(sch, t.op, scheduled)
        else:
            raise RuntimeError("Unsupported operator: " + op.tag)
        scheduled.append(op)

    def x86_schedule_reduce(outs):
        outs = _outputs(outs)
        sch = te.create_schedule([x.op for x in outs])
        scheduled = []
        def traverse_before_reduce(op):
            _inline_before_reduce(sch, op, scheduled)
        def traverse_after_reduce(op):
            if is_broadcast(op.tag):
                if op not in scheduled:
                    x86_schedule_injective_from_existing(sch, op.output(0))
                for t in op.input_tensors:
                    traverse_after_reduce(t.op)
            elif op.tag == COMM_REDUCE:
                _x86_schedule_reduce(sch, op, False)
                for t in op.input_tensors:
                    if t.op not in scheduled:
                        traverse_before_reduce(t.op)
            elif op.tag == COMM_REDUCE_IDX:
                _x86_schedule_reduce(sch, op, True)
                for t in op.input_tensors[0].op.input_tensors:
                    if t.op not in scheduled:
                        traverse_before_reduce(t.op)
            elif _is_placeholder(op):
                pass
            else:
                raise RuntimeError("Unsupported operator: " + str(op) + " (tag: " + op.tag + ")")
            scheduled.append(op)
        traverse_after_reduce(outs[0].op)
        return sch

    # ---- topi.testing (testing/common.py): the implementation for a target's keys ----
    def _dispatch(target, table):
        if isinstance(target, str):
            target = tvm.target.Target(target)
        for key in target.keys:
            if key in table:
                return table[key]
        return table["generic"]

    def testing_get_injective_schedule(target):
        return _dispatch(target, {"generic": _default_schedule("schedule_injective", True),
                                  "cpu": x86_schedule_injective, "gpu": cuda_schedule_injective})

    def testing_get_reduce_schedule(target):
        return _dispatch(target, {"generic": _default_schedule("schedule_reduce", True),
                                  "cpu": x86_schedule_reduce, "gpu": cuda_schedule_reduce})

    def testing_get_conv2d_nchw_implement(target):
        return _dispatch(target, {"generic": (conv2d_nchw, _default_schedule("schedule_conv2d_nchw", False)),
                                  "cpu": (conv2d_nchw, _default_schedule("schedule_conv2d_nchw", False)),
                                  "gpu": (cuda_conv2d_nchw, cuda_schedule_conv2d_nchw)})

    def cuda_schedule_reduce(outs):
        _target("topi.cuda.schedule_reduce")
        outs = _outputs(outs)
        sch = te.create_schedule([x.op for x in outs])
        scheduled = []
        def traverse_before_reduce(op):
            _inline_before_reduce(sch, op, scheduled)
        def traverse_after_reduce(op):
            if is_broadcast(op.tag):
                if op not in scheduled:
                    schedule_injective_from_existing(sch, op.output(0))
                for t in op.input_tensors:
                    if t.op not in scheduled:
                        if is_broadcast(t.op.tag):
                            traverse_after_reduce(t.op)
                        else:
                            traverse_before_reduce(t.op)
            elif op.tag == COMM_REDUCE:
                if op not in scheduled:
                    _schedule_reduce_op(op, sch)
                for t in op.input_tensors:
                    if t.op not in scheduled:
                        traverse_before_reduce(t.op)
            elif _is_placeholder(op):
                pass
            else:
                raise RuntimeError("Unsupported operator: " + op.tag)
            scheduled.append(op)
        for out in outs:
            traverse_after_reduce(out.op)
        return sch

    def cuda_schedule_softmax(outs):
        _target("topi.cuda.schedule_softmax")
        outs = _outputs(outs)
        s = te.create_schedule([x.op for x in outs])
        output = outs[0]
        softmax_op = output.op
        axis = get_const_int(softmax_op.attrs["axis"]) if "axis" in softmax_op.attrs else len(output.shape) - 1
        if softmax_op.tag == "softmax_output":
            expsum = softmax_op.input_tensors[1]
            exp_ = softmax_op.input_tensors[0]
            max_elem = s[exp_].op.input_tensors[1]
        elif softmax_op.tag == "log_softmax_output":
            exp_ = None
            max_elem = softmax_op.input_tensors[1]
            expsum = softmax_op.input_tensors[2]
        else:
            raise ValueError("Tag is expected to be softmax_output or log_softmax_output. Got " + softmax_op.tag)
        if len(output.shape) != 2:
            ops = [max_elem.op, expsum.op, softmax_op]
            if exp_ is not None:
                ops.append(exp_.op)
            for op in ops:
                schedule_injective_from_existing(s, op.output(0))
            return s
        # TVM's schedule for GPUs without warp shuffles (its cuda one uses the "warp" scope).
        num_thread = 64
        block_x = te.thread_axis("blockIdx.x")
        thread_x = te.thread_axis((0, num_thread), "threadIdx.x")
        if exp_ is not None:
            s[exp_].bind(exp_.op.axis[1 - axis], block_x)
        s[max_elem].bind(max_elem.op.axis[0], block_x)
        k = expsum.op.reduce_axis[0]
        ko, ki = s[expsum].split(k, factor=num_thread)
        EF = s.rfactor(expsum, ki)
        s[expsum].bind(s[expsum].op.axis[0], block_x)
        s[expsum].bind(s[expsum].op.reduce_axis[0], thread_x)
        s[EF].compute_at(s[expsum], s[expsum].op.reduce_axis[0])
        s[expsum].set_store_predicate(thread_x.var == 0)
        tx, xi = s[output].split(output.op.axis[axis], nparts=num_thread)
        s[output].bind(output.op.axis[1 - axis], block_x)
        s[output].bind(tx, thread_x)
        s[output].reorder(output.op.axis[1 - axis], tx, xi)
        return s

    def cuda_schedule_conv2d_nchw(outs):
        # Tessera's own direct schedule (TVM's is an autotvm template): the padding is
        # inlined, each thread computes a strip of 4 output columns of one output
        # channel, whose partial sums stay in registers; elementwise consumers (relu,
        # bias) are the output stage the convolution is computed in.
        _target("topi.cuda.schedule_conv2d_nchw")
        outs = _outputs(outs)
        s = te.create_schedule([x.op for x in outs])
        conv = None
        def find(op):
            if "conv2d_nchw" in op.tag:
                return op.output(0)
            for t in op.input_tensors:
                if not _is_placeholder(t.op):
                    found = find(t.op)
                    if found is not None:
                        return found
            return None
        conv = find(outs[0].op)
        if conv is None:
            raise RuntimeError("topi.cuda.schedule_conv2d_nchw: no conv2d_nchw stage among the outputs' inputs")
        output = outs[0]
        for op in [conv.op.input_tensors[0].op]:
            if "pad" in op.tag:
                s[op].compute_inline()
        if conv.op in [x.op for x in outs]:
            OL = s.cache_write(conv, "local")
        else:
            OL = conv
            s[conv].set_scope("local")
            for stage in s.stages:
                op = stage.op
                if op not in [x.op for x in outs] and op != conv.op and not _is_placeholder(op) and is_injective(op.tag) and "pad" not in op.tag:
                    s[op].compute_inline()
        n, f, y, x = s[output].op.axis
        xo, xi = s[output].split(x, factor=4)
        fused = s[output].fuse(n, f, y, xo)
        bx, tx = s[output].split(fused, factor=64)
        s[output].reorder(bx, tx, xi)
        s[output].bind(bx, te.thread_axis("blockIdx.x"))
        s[output].bind(tx, te.thread_axis("threadIdx.x"))
        s[OL].compute_at(s[output], tx)
        return s

    # ---- the table tvm.topi.<name> is registered from --------------------------------
    table = {}
    for name, fn in [("sum", sum), ("max", max), ("min", min), ("prod", prod),
                     ("add", add), ("subtract", subtract), ("multiply", multiply), ("divide", divide),
                     ("floor_divide", floor_divide), ("maximum", maximum), ("minimum", minimum),
                     ("power", power), ("broadcast_to", broadcast_to), ("elemwise_sum", elemwise_sum),
                     ("exp", exp), ("log", log), ("sqrt", sqrt), ("tanh", tanh), ("sigmoid", sigmoid),
                     ("negative", negative), ("abs", abs_), ("identity", identity),
                     ("full", full), ("full_like", full_like), ("transpose", transpose), ("reshape", reshape)]:
        table[name] = fn
    for name, fn in [("add", add), ("sub", subtract), ("mul", multiply), ("div", divide),
                     ("maximum", maximum), ("minimum", minimum)]:
        table["broadcast_" + name] = fn
    for name, fn in [("relu", relu), ("pad", pad), ("softmax", softmax), ("log_softmax", log_softmax),
                     ("conv2d", conv2d), ("conv2d_nchw", conv2d_nchw), ("conv2d_nhwc", conv2d_nhwc),
                     ("conv2d_hwcn", conv2d_hwcn), ("dense", dense), ("pool2d", pool2d),
                     ("get_pad_tuple", get_pad_tuple)]:
        table["nn." + name] = fn
    # The same functions where TVM's submodules define them (`from tvm.topi.nn.pooling import
    # pool2d`, as TVM's test_te_tensor.py imports it); submodules whose name is also a function
    # of topi.nn (pad, softmax, conv2d, dense) keep the function.
    for path, fn in [("nn.pooling.pool2d", pool2d), ("nn.elemwise.relu", relu),
                     ("nn.utils.get_pad_tuple", get_pad_tuple), ("reduction.sum", sum),
                     ("reduction.max", max), ("reduction.min", min), ("reduction.prod", prod),
                     ("broadcast.add", add), ("broadcast.subtract", subtract),
                     ("broadcast.multiply", multiply), ("broadcast.divide", divide),
                     ("broadcast.maximum", maximum), ("broadcast.minimum", minimum),
                     ("transform.transpose", transpose), ("transform.reshape", reshape),
                     ("math.exp", exp), ("math.log", log), ("math.sqrt", sqrt), ("math.tanh", tanh),
                     ("math.sigmoid", sigmoid), ("tensor.full", full), ("tensor.full_like", full_like)]:
        table[path] = fn
    for name, fn in [("get_const_int", get_const_int), ("get_const_tuple", get_const_tuple),
                     ("equal_const_int", equal_const_int)]:
        table["utils." + name] = fn
    for name, value in [("ELEMWISE", ELEMWISE), ("BROADCAST", BROADCAST), ("INJECTIVE", INJECTIVE),
                        ("COMM_REDUCE", COMM_REDUCE), ("COMM_REDUCE_IDX", COMM_REDUCE_IDX),
                        ("is_broadcast", is_broadcast), ("is_injective", is_injective)]:
        table["tag." + name] = value
    for name in ["conv2d_nchw", "conv2d_nhwc", "conv2d_hwcn", "dense", "pool", "softmax", "extern"]:
        table["generic.schedule_" + name] = _default_schedule("schedule_" + name, False)
    for name in ["reduce", "injective", "elemwise", "broadcast"]:
        table["generic.schedule_" + name] = _default_schedule("schedule_" + name, True)
    for name in ["conv2d_nchw", "conv2d_nhwc", "conv2d_hwcn", "dense", "pool", "softmax"]:
        table["x86.schedule_" + name] = _default_schedule("schedule_" + name, False)
    table["cuda.conv2d_nchw"] = cuda_conv2d_nchw
    table["cuda.schedule_conv2d_nchw"] = cuda_schedule_conv2d_nchw
    table["cuda.schedule_reduce"] = cuda_schedule_reduce
    table["cuda.schedule_softmax"] = cuda_schedule_softmax
    table["cuda.schedule_injective"] = cuda_schedule_injective
    table["cuda.schedule_elemwise"] = cuda_schedule_injective
    table["cuda.schedule_broadcast"] = cuda_schedule_injective
    for name in ["injective", "elemwise", "broadcast"]:
        table["x86.schedule_" + name] = x86_schedule_injective
    table["x86.schedule_injective_from_existing"] = x86_schedule_injective_from_existing
    table["x86.schedule_reduce"] = x86_schedule_reduce
    table["x86.conv2d_nchw"] = conv2d_nchw
    for name, fn in [("get_injective_schedule", testing_get_injective_schedule),
                     ("get_broadcast_schedule", testing_get_injective_schedule),
                     ("get_elemwise_schedule", testing_get_injective_schedule),
                     ("get_reduce_schedule", testing_get_reduce_schedule),
                     ("get_conv2d_nchw_implement", testing_get_conv2d_nchw_implement)]:
        table["testing." + name] = fn
    return table
