# tvm.tir.tensor_intrin for Tessera's scripts: TVM's tensor intrinsics under TVM's names,
# each a description (what the intrinsic computes, as TensorIR blocks that tensorize
# matches a loop nest against) and an implementation (what replaces the matched nest).
# The buffers, blocks and let variables are named as TVM names them, so a tensorized
# function prints as TVM prints it. Run by Tessera's interpreter when a script first
# imports tvm.tir.tensor_intrin or tvm.s_tir.tensor_intrin (TensorIntrinModule.h);
# returns {"x86.NAME": value}. `again`: the other spelling registered them already.
#
# x86: 16 lanes of int32 += 4 uint8 x 4 int8 products each, by AVX-512 VNNI (vpdpbusd)
# or by AVX-512 BW (pmaddubsw, then pmaddwd against ones). The implementations run only
# on CPUs with those features; elsewhere compiling them is refused by name.
# dot_product_common (re-exported by arm_cpu): CUDA's __dp4a, one int32 (or uint32) += the
# dot product of two 4-byte vectors in shared memory. arm_cpu: 4 lanes += 4 x 4 products
# by NEON (smull, saddlp, addp) or by the dot-product extension (sdot / udot). rocm: AMD's
# sdot4 in place of __dp4a. hexagon: 32 lanes += 4 uint8 products (vrmpy) or 2 int16
# products (vdmpy). Those run on their own targets only: Tessera schedules, prints and
# exports them, and refuses to compile them for this CPU.
def __tessera_tensor_intrin__(again):
    from tvm.script import tir as T
    from tvm.tir import TensorIntrin

    @T.prim_func
    def dot_product_16x4_u8i8i32_desc(
        A: T.Buffer((4,), "uint8", offset_factor=1),
        B: T.Buffer((16, 4), "int8", offset_factor=1),
        C: T.Buffer((16,), "int32", offset_factor=1),
    ) -> None:
        with T.block("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            for i in T.serial(0, 16):
                for k in T.serial(0, 4):
                    with T.block("update"):
                        vi, vk = T.axis.remap("SR", [i, k])
                        C[vi] = C[vi] + T.cast(A[vk], "int32") * T.cast(B[vi, vk], "int32")

    # One vpdpbusd: each int32 lane of C gains the dot product of A's four bytes with
    # the four bytes of B's row in that lane.
    @T.prim_func
    def dot_product_16x4_u8i8i32_vnni(
        A: T.Buffer((4,), "uint8", offset_factor=1),
        B: T.Buffer((16, 4), "int8", offset_factor=1),
        C: T.Buffer((16,), "int32", offset_factor=1),
    ) -> None:
        with T.block("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            A_u8x4 = A.vload([0], "uint8x4")
            A_i32 = T.reinterpret(A_u8x4, dtype="int32")
            B_i8x64 = B.vload([0, 0], dtype="int8x64")
            B_i32x16 = T.reinterpret(B_i8x64, dtype="int32x16")
            C_i32x16 = C.vload([0], dtype="int32x16")
            C[T.ramp(T.int32(0), 1, 16)] = T.call_llvm_pure_intrin(
                T.llvm_lookup_intrinsic_id("llvm.x86.avx512.vpdpbusd.512"),
                T.uint32(3),
                C_i32x16,
                T.broadcast(A_i32, 16),
                B_i32x16,
                dtype="int32x16",
            )

    # Without VNNI: pmaddubsw sums adjacent u8 x i8 products into int16 pairs, pmaddwd
    # against ones sums the pairs into int32.
    @T.prim_func
    def dot_product_16x4_u8i8i32_avx512(
        A: T.Buffer((4,), "uint8", offset_factor=1),
        B: T.Buffer((16, 4), "int8", offset_factor=1),
        C: T.Buffer((16,), "int32", offset_factor=1),
    ) -> None:
        with T.block("root"):
            T.reads(C[0:16], A[0:4], B[0:16, 0:4])
            T.writes(C[0:16])
            A_u8x4 = A.vload([0], "uint8x4")
            A_i32 = T.reinterpret(A_u8x4, dtype="int32")
            A_brdcst = T.broadcast(A_i32, 16)
            A_u8x64 = T.reinterpret(A_brdcst, dtype="uint8x64")
            B_i8x64 = B.vload([0, 0], dtype="int8x64")
            Red = T.call_llvm_pure_intrin(
                T.llvm_lookup_intrinsic_id("llvm.x86.avx512.pmaddubs.w.512"),
                T.uint32(2),
                A_u8x64,
                B_i8x64,
                dtype="int16x32",
            )
            C[T.ramp(T.int32(0), 1, 16)] += T.call_llvm_pure_intrin(
                T.llvm_lookup_intrinsic_id("llvm.x86.avx512.pmaddw.d.512"),
                T.uint32(2),
                Red,
                T.int16x32(1),
                dtype="int32x16",
            )

    def get_dp4a_intrin(dtype_a, dtype_b, dtype_c):
        if dtype_c == "uint32":
            assert dtype_a == dtype_b == "uint8"
        vec_type_a = "int8x4" if dtype_a == "int8" else "uint8x4"
        vec_type_b = "int8x4" if dtype_b == "int8" else "uint8x4"

        @T.prim_func
        def dp4a_desc(
            A: T.Buffer((4,), dtype_a, offset_factor=1, align=4, scope="shared"),
            B: T.Buffer((4,), dtype_b, offset_factor=1, align=4, scope="shared"),
            C: T.Buffer((1,), dtype_c, offset_factor=1, align=4, scope="local"),
        ) -> None:
            with T.block("root"):
                T.reads(C[0], A[0:4], B[0:4])
                T.writes(C[0])
                for i in range(0, 4):
                    with T.block("update"):
                        vi = T.axis.remap("R", [i])
                        C[0] = C[0] + T.cast(A[vi], dtype_c) * T.cast(B[vi], dtype_c)

        @T.prim_func
        def dp4a_impl(
            A: T.Buffer((4,), dtype_a, offset_factor=1, align=4, scope="shared"),
            B: T.Buffer((4,), dtype_b, offset_factor=1, align=4, scope="shared"),
            C: T.Buffer((1,), dtype_c, offset_factor=1, align=4, scope="local"),
        ) -> None:
            with T.block("root"):
                T.reads(C[0], A[0:4], B[0:4])
                T.writes(C[0])
                C[0] += T.call_pure_extern(
                    "__dp4a",
                    A.vload([0], vec_type_a),
                    B.vload([0], vec_type_b),
                    T.uint32(0) if dtype_c == "uint32" else T.int32(0),
                    dtype=dtype_c,
                )

        return dp4a_desc, dp4a_impl

    @T.prim_func
    def neon_4x4_i8i8i32_desc(
        A: T.Buffer((4,), "int8", offset_factor=1),
        B: T.Buffer((4, 4), "int8", offset_factor=1),
        C: T.Buffer((4,), "int32", offset_factor=1),
    ) -> None:
        with T.block("root"):
            T.reads(C[0:4], A[0:4], B[0:4, 0:4])
            T.writes(C[0:4])
            for i in T.serial(0, 4):
                for k in T.serial(0, 4):
                    with T.block("update"):
                        vi, vk = T.axis.remap("SR", [i, k])
                        C[vi] = C[vi] + T.cast(A[vk], "int32") * T.cast(B[vi, vk], "int32")

    # A's four bytes twice against B's rows 0-1 and 2-3: widening products (smull), pairs
    # summed (saddlp), then the pairs of pairs (addp) give the four dot products.
    @T.prim_func
    def neon_4x4_i8i8i32_impl(
        A: T.Buffer((4,), "int8", offset_factor=1),
        B: T.Buffer((4, 4), "int8", offset_factor=1),
        C: T.Buffer((4,), "int32", offset_factor=1),
    ) -> None:
        with T.block("root"):
            T.reads(C[0:4], A[0:4], B[0:4, 0:4])
            T.writes(C[0:4])
            A_int8 = A.vload([0], "int8x4")
            re_int32 = T.reinterpret(A_int8, dtype="int32")
            vec_ai32 = T.broadcast(re_int32, 2)
            vec_a = T.reinterpret(vec_ai32, dtype="int8x8")
            vec_b = B.vload([0, 0], dtype="int8x16")
            vec_b_low = T.vectorlow(vec_b, dtype="int8x8")
            multiply_low = T.call_llvm_pure_intrin(
                T.llvm_lookup_intrinsic_id("llvm.aarch64.neon.smull.v8i16"),
                T.uint32(2),
                vec_a,
                vec_b_low,
                dtype="int16x8",
            )
            pairwise_reduction_low = T.call_llvm_pure_intrin(
                T.llvm_lookup_intrinsic_id("llvm.aarch64.neon.saddlp.v4i32.v8i16"),
                T.uint32(1),
                multiply_low,
                dtype="int32x4",
            )
            vec_b_high = T.vectorhigh(vec_b, dtype="int8x8")
            multiply_high = T.call_llvm_pure_intrin(
                T.llvm_lookup_intrinsic_id("llvm.aarch64.neon.smull.v8i16"),
                T.uint32(2),
                vec_a,
                vec_b_high,
                dtype="int16x8",
            )
            pairwise_reduction_high = T.call_llvm_pure_intrin(
                T.llvm_lookup_intrinsic_id("llvm.aarch64.neon.saddlp.v4i32.v8i16"),
                T.uint32(1),
                multiply_high,
                dtype="int32x4",
            )
            C[T.ramp(T.int32(0), 1, 4)] += T.call_llvm_pure_intrin(
                T.llvm_lookup_intrinsic_id("llvm.aarch64.neon.addp.v4i32"),
                T.uint32(2),
                pairwise_reduction_low,
                pairwise_reduction_high,
                dtype="int32x4",
            )

    def get_dotprod_intrin(in_dtype, out_dtype):
        instr = "udot.v4u32.v16u8" if in_dtype == "uint8" else "sdot.v4i32.v16i8"
        in_dtype_x4 = in_dtype + "x4"
        out_dtype_x4 = out_dtype + "x4"
        in_dtype_x16 = in_dtype + "x16"

        @T.prim_func
        def dot_prod_desc(a: T.handle, b: T.handle, c: T.handle) -> None:
            A = T.match_buffer(a, (4,), dtype=in_dtype, offset_factor=1)
            B = T.match_buffer(b, (4, 4), dtype=in_dtype, offset_factor=1)
            C = T.match_buffer(c, (4,), dtype=out_dtype, offset_factor=1)
            with T.block("root"):
                T.reads(C[0:4], A[0:4], B[0:4, 0:4])
                T.writes(C[0:4])
                for i in T.serial(0, 4):
                    for k in T.serial(0, 4):
                        with T.block("update"):
                            vi, vk = T.axis.remap("SR", [i, k])
                            C[vi] = C[vi] + T.cast(A[vk], dtype=out_dtype) * T.cast(
                                B[vi, vk], dtype=out_dtype
                            )

        # One sdot / udot: A's four bytes in every 32-bit lane against B's 16 bytes.
        @T.prim_func
        def dot_prod_impl(a: T.handle, b: T.handle, c: T.handle) -> None:
            A = T.match_buffer(a, (4,), dtype=in_dtype, offset_factor=1)
            B = T.match_buffer(b, (4, 4), dtype=in_dtype, offset_factor=1)
            C = T.match_buffer(c, (4,), dtype=out_dtype, offset_factor=1)
            with T.block("root"):
                T.reads(C[0:4], A[0:4], B[0:4, 0:4])
                T.writes(C[0:4])
                A_i8x4 = A.vload([0], in_dtype_x4)
                A_i32 = T.reinterpret(A_i8x4, dtype=out_dtype)
                vec_ai32 = T.broadcast(A_i32, 4)
                vec_a = T.reinterpret(vec_ai32, dtype=in_dtype_x16)
                vec_b = B.vload([0, 0], dtype=in_dtype_x16)
                vec_c = C.vload([0], dtype=out_dtype_x4)
                C[T.ramp(T.int32(0), 1, 4)] = T.call_llvm_pure_intrin(
                    T.llvm_lookup_intrinsic_id("llvm.aarch64.neon." + instr),
                    T.uint32(3),
                    vec_c,
                    vec_a,
                    vec_b,
                    dtype=out_dtype_x4,
                )

        return dot_prod_desc, dot_prod_impl

    @T.prim_func
    def sdot4(
        A: T.Buffer((4,), "int8", offset_factor=1, align=4, scope="shared"),
        B: T.Buffer((4,), "int8", offset_factor=1, align=4, scope="shared"),
        C: T.Buffer((1,), "int32", offset_factor=1, align=4, scope="local"),
    ) -> None:
        with T.block("root"):
            T.reads(C[0], A[0:4], B[0:4])
            T.writes(C[0])
            C[0] += T.call_llvm_pure_intrin(
                T.llvm_lookup_intrinsic_id("llvm.amdgcn.sdot4"),
                T.uint32(4),
                T.reinterpret(A.vload([0], "int8x4"), dtype="int32"),
                T.reinterpret(B.vload([0], "int8x4"), dtype="int32"),
                T.int32(0),
                T.bool(1),
                dtype="int32",
            )

    def generate_dot_product_32x4_u8u8i32(mem_scope="global"):
        @T.prim_func
        def dot_product_32x4_u8u8i32_desc(a: T.handle, b: T.handle, c: T.handle) -> None:
            A = T.match_buffer(a, (4,), "uint8", offset_factor=1, scope=mem_scope)
            B = T.match_buffer(b, (32, 4), "uint8", offset_factor=1, scope=mem_scope)
            C = T.match_buffer(c, (32,), "int32", offset_factor=1, scope=mem_scope)
            with T.block("root"):
                T.reads(C[0:32], A[0:4], B[0:32, 0:4])
                T.writes(C[0:32])
                for i in T.serial(0, 32):
                    for k in T.serial(0, 4):
                        with T.block("update"):
                            vi, vk = T.axis.remap("SR", [i, k])
                            C[vi] = C[vi] + T.cast(A[vk], "int32") * T.cast(B[vi, vk], "int32")

        @T.prim_func
        def dot_product_32x4_u8u8i32_vrmpy(a: T.handle, b: T.handle, c: T.handle) -> None:
            A = T.match_buffer(a, (4,), "uint8", offset_factor=1, scope=mem_scope)
            B = T.match_buffer(b, (32, 4), "uint8", offset_factor=1, scope=mem_scope)
            C = T.match_buffer(c, (32,), "int32", offset_factor=1, scope=mem_scope)
            with T.block("root"):
                T.reads(C[0:32], A[0:4], B[0:32, 0:4])
                T.writes(C[0:32])
                A_u8x4 = A.vload([0], "uint8x4")
                A_i32 = T.reinterpret(A_u8x4, dtype="int32")
                B_i8x128 = B.vload([0, 0], dtype="uint8x128")
                B_i32x32 = T.reinterpret(B_i8x128, dtype="int32x32")
                C[T.ramp(T.int32(0), 1, 32)] = T.call_llvm_pure_intrin(
                    T.llvm_lookup_intrinsic_id("llvm.hexagon.V6.vrmpyub.acc.128B"),
                    T.uint32(3),
                    C[T.ramp(T.int32(0), 1, 32)],
                    B_i32x32,
                    A_i32,
                    dtype="int32x32",
                )

        return dot_product_32x4_u8u8i32_desc, dot_product_32x4_u8u8i32_vrmpy

    def generate_dot_product_32x2_i16i16i32(mem_scope="global"):
        @T.prim_func
        def dot_product_32x2_i16i16i32_desc(a: T.handle, b: T.handle, c: T.handle) -> None:
            A = T.match_buffer(a, (2,), "int16", offset_factor=1, scope=mem_scope)
            B = T.match_buffer(b, (32, 2), "int16", offset_factor=1, scope=mem_scope)
            C = T.match_buffer(c, (32,), "int32", offset_factor=1, scope=mem_scope)
            with T.block("root"):
                T.reads(C[0:32], A[0:2], B[0:32, 0:2])
                T.writes(C[0:32])
                for i in T.serial(0, 32):
                    for k in T.serial(0, 2):
                        with T.block("update"):
                            vi, vk = T.axis.remap("SR", [i, k])
                            C[vi] = C[vi] + T.cast(A[vk], "int32") * T.cast(B[vi, vk], "int32")

        @T.prim_func
        def dot_product_32x2_i16i16i32_vdmpy(a: T.handle, b: T.handle, c: T.handle) -> None:
            A = T.match_buffer(a, (2,), "int16", offset_factor=1, scope=mem_scope)
            B = T.match_buffer(b, (32, 2), "int16", offset_factor=1, scope=mem_scope)
            C = T.match_buffer(c, (32,), "int32", offset_factor=1, scope=mem_scope)
            with T.block("root"):
                T.reads(C[0:32], A[0:2], B[0:32, 0:2])
                T.writes(C[0:32])
                A_i16x2 = A.vload([0], "int16x2")
                A_i32 = T.reinterpret(A_i16x2, dtype="int32")
                B_i16x64 = B.vload([0, 0], dtype="int16x64")
                B_i32x32 = T.reinterpret(B_i16x64, dtype="int32x32")
                C[T.ramp(T.int32(0), 1, 32)] = T.call_llvm_pure_intrin(
                    T.llvm_lookup_intrinsic_id("llvm.hexagon.V6.vdmpyhvsat.acc.128B"),
                    T.uint32(3),
                    C[T.ramp(T.int32(0), 1, 32)],
                    T.Broadcast(A_i32, 32),
                    B_i32x32,
                    dtype="int32x32",
                )

        return dot_product_32x2_i16i16i32_desc, dot_product_32x2_i16i16i32_vdmpy

    names = {}
    # (module, constant, registered name, description and implementation)
    packaged = [
        ("dot_product_common", "DP4A_S8S8S32_INTRIN", "dp4a_s8s8s32",
         get_dp4a_intrin("int8", "int8", "int32")),
        ("dot_product_common", "DP4A_U8S8S32_INTRIN", "dp4a_u8s8s32",
         get_dp4a_intrin("uint8", "int8", "int32")),
        ("dot_product_common", "DP4A_S8U8S32_INTRIN", "dp4a_s8u8s32",
         get_dp4a_intrin("int8", "uint8", "int32")),
        ("dot_product_common", "DP4A_U8U8U32_INTRIN", "dp4a_u8u8u32",
         get_dp4a_intrin("uint8", "uint8", "uint32")),
        ("arm_cpu", "ARM_DOT_4x4_i8_NEON_INTRIN", "dot_4x4_i8i8s32_neon",
         (neon_4x4_i8i8i32_desc, neon_4x4_i8i8i32_impl)),
        ("arm_cpu", "ARM_DOT_4x4_i8_SDOT_INTRIN", "dot_4x4_i8i8s32_sdot",
         get_dotprod_intrin("int8", "int32")),
        ("arm_cpu", "ARM_DOT_4x4_u8_UDOT_INTRIN", "dot_4x4_u8u8u32_udot",
         get_dotprod_intrin("uint8", "uint32")),
        ("arm_cpu", "ARM_DOT_4x4_u8_HDOT_INTRIN", "dot_4x4_u8u8i32_hdot",
         get_dotprod_intrin("uint8", "int32")),
        ("rocm", "AMDGPU_SDOT4_INTRIN", "sdot4", (get_dp4a_intrin("int8", "int8", "int32")[0], sdot4)),
        ("hexagon", "VRMPY_u8u8i32_INTRIN", "dot_32x4_u8u8i32_vrmpy",
         generate_dot_product_32x4_u8u8i32()),
        ("hexagon", "VDMPY_i16i16i32_INTRIN", "dot_product_32x2_i16i16i32_vdmpy",
         generate_dot_product_32x2_i16i16i32()),
    ]
    for module, constant, name, pair in packaged:
        names[module + "." + constant] = name
        TensorIntrin.register(name, pair[0], pair[1], again)
    # arm_cpu re-exports dot_product_common's DP4A names, as TVM's does.
    for constant in ["DP4A_S8S8S32_INTRIN", "DP4A_U8S8S32_INTRIN", "DP4A_S8U8S32_INTRIN",
                     "DP4A_U8U8U32_INTRIN"]:
        names["arm_cpu." + constant] = names["dot_product_common." + constant]
    names["dot_product_common.get_dp4a_intrin"] = get_dp4a_intrin
    names["arm_cpu.get_dotprod_intrin"] = get_dotprod_intrin
    names["arm_cpu.neon_4x4_i8i8i32_desc"] = neon_4x4_i8i8i32_desc
    names["arm_cpu.neon_4x4_i8i8i32_impl"] = neon_4x4_i8i8i32_impl
    names["rocm.sdot4"] = sdot4
    names["hexagon.generate_dot_product_32x4_u8u8i32"] = generate_dot_product_32x4_u8u8i32
    names["hexagon.generate_dot_product_32x2_i16i16i32"] = generate_dot_product_32x2_i16i16i32
    names["x86.VNNI_DOT_16x4_INTRIN"] = "dot_16x4_vnni"
    TensorIntrin.register(
        "dot_16x4_vnni", dot_product_16x4_u8i8i32_desc, dot_product_16x4_u8i8i32_vnni, again
    )
    names["x86.AVX512_DOT_16x4_INTRIN"] = "dot_16x4_avx512"
    TensorIntrin.register(
        "dot_16x4_avx512", dot_product_16x4_u8i8i32_desc, dot_product_16x4_u8i8i32_avx512, again
    )
    names["x86.dot_product_16x4_u8i8i32_desc"] = dot_product_16x4_u8i8i32_desc
    names["x86.dot_product_16x4_u8i8i32_vnni"] = dot_product_16x4_u8i8i32_vnni
    names["x86.dot_product_16x4_u8i8i32_avx512"] = dot_product_16x4_u8i8i32_avx512
    return names
