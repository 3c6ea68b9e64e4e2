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

    names = {}
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
