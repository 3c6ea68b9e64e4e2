<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/Document.cpp" line="27"/>
        <source>%1 is not a script: it contains binary data</source>
        <translation>%1 不是脚本：它包含二进制数据</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="32"/>
        <source>%1 is not a script: it is not valid UTF-8 text</source>
        <translation>%1 不是脚本：它不是有效的 UTF-8 文本</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="27"/>
        <source>needs an integer &apos;%1&apos;</source>
        <translation>需要整数“%1”</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="30"/>
        <source>&apos;%1&apos; must be at least %2, not %3</source>
        <translation>“%1”至少应为 %2，而不是 %3</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="37"/>
        <source>needs &apos;%1&apos;</source>
        <translation>需要“%1”</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="44"/>
        <source>select one loop (iter var) first</source>
        <translation>请先选择一个循环（迭代变量）</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="46"/>
        <source>needs %1 iter vars, got %2</source>
        <translation>需要 %1 个迭代变量，实际为 %2 个</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="63"/>
        <source>needs at least %1 iter vars</source>
        <translation>至少需要 %1 个迭代变量</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="66"/>
        <source>names an iter var twice</source>
        <translation>同一个迭代变量出现了两次</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="77"/>
        <source>needs the tensor to prefetch</source>
        <translation>需要指定要预取的张量</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="88"/>
        <source>needs a target stage</source>
        <translation>需要目标阶段</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="101"/>
        <source>needs at least one reader stage</source>
        <translation>至少需要一个读取阶段</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="106"/>
        <source>is not a primitive Tessera can apply from the GUI</source>
        <translation>不是 Tessera 能从图形界面应用的原语</translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="112"/>
        <source>select a stage first</source>
        <translation>请先选择一个阶段</translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphModel.cpp" line="67"/>
        <source>%1 %2 (%3)%4</source>
        <translation>%1 %2（%3）%4</translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphModel.cpp" line="69"/>
        <source>, leaf: a loop of the program</source>
        <translation>，叶子：程序中的一个循环</translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphModel.cpp" line="88"/>
        <source>outer</source>
        <translation>外层</translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphModel.cpp" line="88"/>
        <source>inner</source>
        <translation>内层</translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="36"/>
        <source>placeholder</source>
        <translation>占位符</translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="37"/>
        <source>scan</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="38"/>
        <source>extern</source>
        <translation>外部</translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="39"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="40"/>
        <source>cache (%1)</source>
        <translation>缓存（%1）</translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="49"/>
        <source>%1: %2, attach %3</source>
        <translation>%1：%2，附着 %3</translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="54"/>
        <source>
computes %1 elements, %2 required</source>
        <translation>
计算 %1 个元素，需要 %2 个</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="53"/>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="54"/>
        <source>matches (max error %1)</source>
        <translation>与参考一致（最大误差 %1）</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="55"/>
        <source>DIFFERS (max error %1)</source>
        <translation>与参考不一致（最大误差 %1）</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="61"/>
        <source>%1 ms (calls not kept)</source>
        <translation>%1 毫秒（未保留各次调用）</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/VersionCompare.cpp" line="62"/>
        <source>%1 ms (95%: %2–%3, %n call(s))</source>
        <translation>
            <numerusform>%1 毫秒（95%：%2–%3，%n 次调用）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="137"/>
        <source>median time</source>
        <translation>中位时间</translation>
    </message>
    <message>
        <source>%1 ms (min %2, max %3)</source>
        <translation type="vanished">%1 毫秒（最小 %2，最大 %3）</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="125"/>
        <source>runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="127"/>
        <source>reference check</source>
        <translation>参考检查</translation>
    </message>
    <message>
        <source>fastest median</source>
        <translation type="vanished">最快中位数</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="145"/>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source> (within noise)</source>
        <translation type="vanished">（在噪声范围内）</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="150"/>
        <source>speed of right vs left</source>
        <translation>右侧相对左侧的速度</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="151"/>
        <source>changed script lines</source>
        <translation>脚本中改变的行</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="153"/>
        <source>changed loop-nest lines</source>
        <translation>循环嵌套中改变的行</translation>
    </message>
    <message>
        <location filename="../views/ParameterDialog.cpp" line="36"/>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <location filename="../views/ParameterDialog.cpp" line="37"/>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <location filename="../views/MakeTunableMenu.cpp" line="24"/>
        <location filename="../views/MakeTunableMenu.cpp" line="53"/>
        <source>Make &amp;Tunable</source>
        <translation>设为可调(&amp;T)</translation>
    </message>
    <message>
        <location filename="../views/MakeTunableMenu.cpp" line="28"/>
        <source>Split &amp;factor</source>
        <translation>拆分因子(&amp;F)</translation>
    </message>
    <message>
        <location filename="../views/MakeTunableMenu.cpp" line="29"/>
        <source>&amp;Unroll / vectorize</source>
        <translation>展开 / 向量化(&amp;U)</translation>
    </message>
    <message>
        <location filename="../views/MakeTunableMenu.cpp" line="30"/>
        <source>Loop &amp;order</source>
        <translation>循环顺序(&amp;O)</translation>
    </message>
    <message>
        <location filename="../views/MakeTunableMenu.cpp" line="45"/>
        <source>Make Tunable marks a knob of a te schedule. A TensorIR document is tuned over the design space of its blocks instead: Run ▸ Tune searches it, starting from this schedule.</source>
        <translation>“设为可调”标记的是 te 调度的旋钮。TensorIR 文档则在其各个块的设计空间上调优：运行 ▸ 调优 会从当前调度出发搜索该空间。</translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphModel.cpp" line="125"/>
        <source>One of %1 blocks named %2: sch.get_block cannot tell them apart (NotSingleResult)</source>
        <translation>名为 %2 的 %1 个块之一：sch.get_block 无法区分它们（NotSingleResult）</translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphModel.cpp" line="171"/>
        <source>The root block: the buffers the function allocates</source>
        <translation>根块：函数分配的缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphModel.cpp" line="192"/>
        <source>A loop several blocks share (compute_at)</source>
        <translation>多个块共享的循环（compute_at）</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphModel.cpp" line="34"/>
        <source>Loop %1 of %2: %3, %4</source>
        <translation>%2 的循环 %1：%3，%4</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphModel.cpp" line="58"/>
        <source>Block iterator %1 of %2 (%3), bound to %4</source>
        <translation>%2 的块迭代器 %1（%3），绑定到 %4</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphModel.cpp" line="59"/>
        <source>reduction</source>
        <translation>归约</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphModel.cpp" line="59"/>
        <source>spatial</source>
        <translation>空间</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphModel.cpp" line="75"/>
        <source>The block runs only where this holds (a split that does not divide)</source>
        <translation>块只在此条件成立处执行（拆分不能整除）</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="52"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="54"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="55"/>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="56"/>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
</context>
<context>
    <name>ReferenceName</name>
    <message>
        <location filename="../views/ReferenceName.cpp" line="22"/>
        <source>the unscheduled function (IR interpreter)</source>
        <translation>未调度的函数（IR 解释器）</translation>
    </message>
    <message>
        <location filename="../views/ReferenceName.cpp" line="23"/>
        <source>the te oracle</source>
        <translation>te 参考实现</translation>
    </message>
    <message>
        <location filename="../views/ReferenceName.cpp" line="28"/>
        <source>agrees with the unscheduled function (IR interpreter)</source>
        <translation>与未调度的函数（IR 解释器）一致</translation>
    </message>
    <message>
        <location filename="../views/ReferenceName.cpp" line="29"/>
        <source>agrees with the te oracle</source>
        <translation>与 te 参考实现一致</translation>
    </message>
</context>
<context>
    <name>RunAvailability</name>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="25"/>
        <source>Nothing to run: lowering the TensorIR function failed: %1</source>
        <translation>无法运行：降级 TensorIR 函数失败：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="28"/>
        <source>Nothing to run: the script has an error (%1).</source>
        <translation>无法运行：脚本有错误（%1）。</translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="30"/>
        <source>Nothing to run: the script has no lowered program.</source>
        <translation>无法运行：脚本没有降级后的程序。</translation>
    </message>
    <message>
        <source>A TensorIR document runs on the CPU only for now: use Run on CPU (F5) or Profile (Ctrl+F5).</source>
        <translation type="vanished">TensorIR 文档目前只能在 CPU 上运行：请使用“在 CPU 上运行”（F5）或“性能分析”（Ctrl+F5）。</translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="33"/>
        <source>Nothing to run on the GPU: this TensorIR function has no loop bound to a GPU thread; bind its outer loops with sch.bind(loop, &quot;blockIdx.x&quot;) and sch.bind(loop, &quot;threadIdx.x&quot;), or use Run on CPU (F5).</source>
        <translation>没有可在 GPU 上运行的内容：此 TensorIR 函数没有绑定到 GPU 线程的循环；请用 sch.bind(loop, &quot;blockIdx.x&quot;) 和 sch.bind(loop, &quot;threadIdx.x&quot;) 绑定其外层循环，或使用“在 CPU 上运行”(F5)。</translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="43"/>
        <source>Nothing to tune: the script does not evaluate (%1).</source>
        <translation>无法调优：脚本无法求值（%1）。</translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="45"/>
        <source>Nothing to tune: the script does not evaluate.</source>
        <translation>无法调优：脚本无法求值。</translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="50"/>
        <source>Nothing to tune: lowering the TensorIR function failed: %1</source>
        <translation>无法调优：降级 TensorIR 函数失败：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="51"/>
        <source>no lowered function</source>
        <translation>没有降级后的函数</translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="56"/>
        <source>Nothing to tune: the script creates no schedule (te.create_schedule).</source>
        <translation>无法调优：脚本没有创建调度（te.create_schedule）。</translation>
    </message>
</context>
<context>
    <name>SavePaths</name>
    <message>
        <location filename="../app/gui/SavePaths.cpp" line="52"/>
        <source>Not exported: %1 is the open document; an export is a separate copy (File ▸ Save writes the document).</source>
        <translation>未导出：%1 是当前打开的文档；导出是一份单独的副本（文件 ▸ 保存 会写入文档）。</translation>
    </message>
    <message>
        <location filename="../app/gui/SavePaths.cpp" line="57"/>
        <source>Not exported: %1 is a Tessera project path; a script for TVM is written to a .py file.</source>
        <translation>未导出：%1 是 Tessera 项目路径；TVM 脚本应写入 .py 文件。</translation>
    </message>
    <message>
        <location filename="../app/gui/SavePaths.cpp" line="73"/>
        <source>Not exported: %1 is the open document.</source>
        <translation>未导出：%1 是当前打开的文档。</translation>
    </message>
    <message>
        <location filename="../app/gui/SavePaths.cpp" line="75"/>
        <source>Not exported: %1 is not a .png or .svg file name.</source>
        <translation>未导出：%1 不是 .png 或 .svg 文件名。</translation>
    </message>
    <message>
        <location filename="../app/gui/SavePaths.cpp" line="90"/>
        <source>Not saved: %1 is neither a project (.tessera) nor a script (.py).</source>
        <translation>未保存：%1 既不是项目（.tessera）也不是脚本（.py）。</translation>
    </message>
</context>
<context>
    <name>TirBoundsModel</name>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="31"/>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="131"/>
        <source>dim %1</source>
        <translation>维度 %1</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="260"/>
        <source>the root</source>
        <translation>根</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="261"/>
        <source>%1 (%2) at %3</source>
        <translation>%1（%2）位于 %3</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="262"/>
        <source>— where it is computed</source>
        <translation>— 它被计算的位置</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="283"/>
        <source>root</source>
        <translation>根</translation>
    </message>
</context>
<context>
    <name>TirBufferLayouts</name>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="39"/>
        <source>No padding: every physical cell holds an element of %1.</source>
        <translation>无填充：每个物理单元都存放 %1 的一个元素。</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="42"/>
        <source>(no closed form)</source>
        <translation>（无闭式表达）</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="46"/>
        <source>assume_injective_transform=True: the padding is neither written nor checked.</source>
        <translation>assume_injective_transform=True：填充既不写入也不检查。</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="49"/>
        <source>No pad value: the padding where %1 is never written or read.</source>
        <translation>无填充值：%1 处的填充从不被写入或读取。</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="55"/>
        <source>Overcompute: %1 iterates the padded shape %2 and stores T.if_then_else(%3, %4, value), so the padding is written in the same pass, with no branch around the store.</source>
        <translation>冗余计算：%1 遍历填充后的形状 %2 并存储 T.if_then_else(%3, %4, value)，因此填充在同一遍中写入，存储外没有分支。</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="64"/>
        <source>Input: nothing here writes %1, so block %2 states what the caller promises: T.assume(not (%3) or %1[...] == %4).</source>
        <translation>输入：这里没有任何块写入 %1，因此块 %2 声明调用方的保证：T.assume(not (%3) or %1[...] == %4)。</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="69"/>
        <source>Branching: %1 writes only the logical elements; block %2 then writes %3 to the padding cells, guarded by T.where(%4).</source>
        <translation>分支：%1 只写入逻辑元素；随后块 %2 将 %3 写入填充单元，由 T.where(%4) 守护。</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="72"/>
        <source>the producer</source>
        <translation>生产者</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="76"/>
        <source>The padding where %1 holds %2; no block of the schedule writes or assumes it.</source>
        <translation>%1 处的填充存放 %2；调度中没有块写入或假设它。</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="94"/>
        <source>transform_block_layout rewrote the iteration space of block %1: its iterators %2 over %3 became %4 new ones over %5, each new iteration one old iteration (the map is bijective: no padding, nothing computed twice).</source>
        <translation>transform_block_layout 重写了块 %1 的迭代空间：它在 %3 上的迭代器 %2 变为在 %5 上的 %4 个新迭代器，每次新迭代对应一次旧迭代（映射是双射：没有填充，没有重复计算）。</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="101"/>
        <source>The loops above %1 were replaced by one loop per new iterator, and its accesses read the old iterators through the inverse map.</source>
        <translation>%1 之上的循环被替换为每个新迭代器一个循环，其访问通过逆映射读取旧迭代器。</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="134"/>
        <source>The schedule has no new transform_layout to show.</source>
        <translation>该调度没有新的 transform_layout 可显示。</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="137"/>
        <source>Applies; the layout analysis does not cover this map, so its padding is not shown.</source>
        <translation>可以应用；布局分析不覆盖此映射，因此不显示其填充。</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="143"/>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="155"/>
        <source>padding %1 of %2 cells (%3 %) · %4 bytes wasted</source>
        <translation>填充 %1 / %2 个单元（%3 %）· 浪费 %4 字节</translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="163"/>
        <source>padding where %1</source>
        <translation>填充条件 %1</translation>
    </message>
</context>
<context>
    <name>TirDragTree</name>
    <message>
        <location filename="../views/TirDragTree.cpp" line="16"/>
        <source>Drop: %1</source>
        <translation>放下：%1</translation>
    </message>
</context>
<context>
    <name>TirIntentToScript</name>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="39"/>
        <source>block %1 has no loop %2</source>
        <translation>块 %1 没有循环 %2</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="45"/>
        <source>%1 needs a loop</source>
        <translation>%1 需要一个循环</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="65"/>
        <source>tile needs two loops</source>
        <translation>tile 需要两个循环</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="70"/>
        <source>tile: %1 must be a loop outside %2 of block %3</source>
        <translation>tile：%1 必须是块 %3 中位于 %2 之外的循环</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="76"/>
        <source>tile needs two positive factors</source>
        <translation>tile 需要两个正因子</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="159"/>
        <source>%1 needs a block</source>
        <translation>%1 需要一个块</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="166"/>
        <source>%1 needs a buffer index</source>
        <translation>%1 需要一个缓冲区索引</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="168"/>
        <source>%1 needs a storage scope</source>
        <translation>%1 需要一个存储作用域</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="244"/>
        <source>%1 needs at least two loops</source>
        <translation>%1 至少需要两个循环</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="260"/>
        <source>rfactor: factor_axis must be an integer</source>
        <translation>rfactor：factor_axis 必须是整数</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="265"/>
        <source>bind needs a thread axis</source>
        <translation>bind 需要一个线程轴</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="280"/>
        <source>%1 is not a TensorIR primitive the application applies</source>
        <translation>%1 不是本应用可应用的 TensorIR 原语</translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="306"/>
        <source>the script binds no TensorIR function or module at its top level to make a schedule of</source>
        <translation>脚本在顶层没有绑定可用于创建调度的 TensorIR 函数或模块</translation>
    </message>
</context>
<context>
    <name>TirIntents</name>
    <message>
        <location filename="../views/TirIntents.cpp" line="36"/>
        <source>%1 needs a loop</source>
        <translation>%1 需要一个循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="49"/>
        <source>%1 needs a positive %2</source>
        <translation>%1 需要一个正的 %2</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="59"/>
        <source>%1 needs a non-negative %2</source>
        <translation>%1 需要一个非负的 %2</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="73"/>
        <source>%1: &apos;%2&apos; is not a positive integer</source>
        <translation>%1：“%2”不是正整数</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="78"/>
        <source>%1: give one positive integer per block iterator</source>
        <translation>%1：请为每个块迭代器给出一个正整数</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="85"/>
        <source>tile needs two loops</source>
        <translation>tile 需要两个循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="128"/>
        <source>bind needs a thread axis</source>
        <translation>bind 需要一个线程轴</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="134"/>
        <source>rfactor: factor_axis must be an integer</source>
        <translation>rfactor：factor_axis 必须是整数</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="153"/>
        <location filename="../views/TirIntents.cpp" line="262"/>
        <location filename="../views/TirIntents.cpp" line="1301"/>
        <source>unknown TensorIR primitive %1</source>
        <translation>未知的 TensorIR 原语 %1</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="166"/>
        <source>%1 needs a buffer index</source>
        <translation>%1 需要一个缓冲区索引</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="148"/>
        <location filename="../views/TirIntents.cpp" line="167"/>
        <location filename="../views/TirIntents.cpp" line="183"/>
        <location filename="../views/TirIntents.cpp" line="222"/>
        <source>%1 needs a storage scope</source>
        <translation>%1 需要一个存储作用域</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="190"/>
        <source>reindex: the buffer is read or written, not &apos;%1&apos;</source>
        <translation>reindex：缓冲区类型应为 read 或 write，而不是“%1”</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="228"/>
        <source>cache_index: %1 computes no index expression seen %2 time(s) or more (its indices are its iterators)</source>
        <translation>cache_index：%1 没有出现 %2 次及以上的索引计算（其索引就是其迭代变量）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="245"/>
        <source>unsafe_set_dtype needs a data type</source>
        <translation>unsafe_set_dtype 需要一个数据类型</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="271"/>
        <source>transform_layout: there is no block %1</source>
        <translation>transform_layout：没有块 %1</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="274"/>
        <source>transform_layout: the buffer is read or written, not &apos;%1&apos;</source>
        <translation>transform_layout：缓冲区类型应为 read 或 write，而不是“%1”</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="280"/>
        <source>transform_layout: block %1 has %2 %3 buffer(s), no buffer %4</source>
        <translation>transform_layout：块 %1 有 %2 个 %3 缓冲区，没有缓冲区 %4</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="286"/>
        <source>transform_layout: write the index map as a lambda, e.g. lambda i: (i // 4, i % 4)</source>
        <translation>transform_layout：请把索引映射写成 lambda，例如 lambda i: (i // 4, i % 4)</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="319"/>
        <location filename="../views/TirIntents.cpp" line="1181"/>
        <source>read_at: %1 reads no buffer</source>
        <translation>read_at：%1 不读取任何缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="320"/>
        <location filename="../views/TirIntents.cpp" line="1182"/>
        <source>write_at: %1 writes no buffer</source>
        <translation>write_at：%1 不写入任何缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="362"/>
        <location filename="../views/TirIntents.cpp" line="367"/>
        <source>Refused: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="363"/>
        <source>Refused: the script makes no TensorIR schedule</source>
        <translation>已拒绝：脚本没有生成 TensorIR 调度</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="378"/>
        <source>loops %1_0 (%2), %3_0 (%4), %1_1 (%5), %3_1 (%6)</source>
        <translation>循环 %1_0（%2）、%3_0（%4）、%1_1（%5）、%3_1（%6）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="399"/>
        <source>loops of extents %1</source>
        <translation>范围为 %1 的循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="404"/>
        <source> (a predicate T.where keeps %1 of %2)</source>
        <translation>（谓词 T.where 保留 %2 中的 %1）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="413"/>
        <source>the loop&apos;s extent is not a constant</source>
        <translation>该循环的范围不是常量</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="421"/>
        <source>the lengths reach the extent %1: leave room for a last partition</source>
        <translation>长度之和已达到范围 %1：请为最后一个分区留出余量</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="431"/>
        <source>loops over %1</source>
        <translation>循环范围 %1</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="443"/>
        <source>cache_read: check a block to read the copy (TVM reads an empty list as all)</source>
        <translation>cache_read：请勾选一个读取副本的块（TVM 把空列表视为全部）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="458"/>
        <source>Keep unit iterators</source>
        <translation>保留单位迭代变量</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="459"/>
        <source>preserve_unit_iters: a block iterator bound to a loop of extent 1 stays an iterator (True, TVM&apos;s default)</source>
        <translation>preserve_unit_iters：绑定到长度为 1 的循环的块迭代变量仍保留为迭代变量（True，TVM 的默认值）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="465"/>
        <source>Place among the loop&apos;s children</source>
        <translation>在循环子节点中的位置</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="467"/>
        <source>index: -1 the last place the dependences allow (TVM&apos;s default), -2 the first, 0, 1, ... that child of the loop</source>
        <translation>index：-1 表示依赖关系允许的最后位置（TVM 的默认值），-2 表示最前位置，0、1、…… 表示循环的第几个子节点</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="470"/>
        <source>Keep loops of extent 1</source>
        <translation>保留长度为 1 的循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="471"/>
        <source>preserve_unit_loops: the block&apos;s new loops of extent 1 are kept (False, TVM&apos;s default, drops them)</source>
        <translation>preserve_unit_loops：保留块的新的长度为 1 的循环（False 为 TVM 的默认值，会删去它们）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="489"/>
        <source>merge: no loop of another nest in the scope of %1 lies at the depth of %2 with the same extents</source>
        <translation>merge：%1 的作用域中没有其他循环嵌套的循环与 %2 位于同一深度且范围相同</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="506"/>
        <source>block %1 has no loop %2</source>
        <translation>块 %1 没有循环 %2</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="510"/>
        <source>Reverse Compute At…</source>
        <translation>反向计算于…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="511"/>
        <source>Reverse Compute Inline</source>
        <translation>反向内联计算</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="512"/>
        <source>Decompose Reduction…</source>
        <translation>分解归约…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="513"/>
        <source>Fuse with Inner Loop</source>
        <translation>与内层循环融合</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="514"/>
        <source>Merge with Other Nests…</source>
        <translation>与其他循环嵌套合并…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="515"/>
        <source>Tile with Inner Loop…</source>
        <translation>与内层循环分块…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="516"/>
        <source>Blockize</source>
        <translation>块化</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="517"/>
        <source>Transform Layout…</source>
        <translation>变换布局…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="518"/>
        <source>Set Scope…</source>
        <translation>设置作用域…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="519"/>
        <source>Storage Align…</source>
        <translation>存储对齐…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="520"/>
        <source>Reindex…</source>
        <translation>重新索引…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="521"/>
        <source>Decompose Padding…</source>
        <translation>分解填充…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="522"/>
        <source>Pad Einsum…</source>
        <translation>填充 Einsum…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="523"/>
        <source>Reorder Block Iterators…</source>
        <translation>重排块迭代器…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="524"/>
        <source>Set Data Type (Unsafe)…</source>
        <translation>设置数据类型（不安全）…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="525"/>
        <source>Hide Buffer Access (Unsafe)…</source>
        <translation>隐藏缓冲区访问（不安全）…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="526"/>
        <source>Cache Index Computations…</source>
        <translation>缓存索引计算…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="527"/>
        <source>Rolling Buffer…</source>
        <translation>滚动缓冲…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="528"/>
        <source>Read At (Copy per Iteration)…</source>
        <translation>按迭代读取副本（read_at）…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="529"/>
        <source>Partition…</source>
        <translation>分区…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="530"/>
        <source>Write At (Copy per Iteration)…</source>
        <translation>按迭代写入副本（write_at）…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="531"/>
        <source>Add Unit Loop</source>
        <translation>添加单位循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="532"/>
        <source>Annotate…</source>
        <translation>添加注解…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="533"/>
        <source>Unannotate…</source>
        <translation>移除注解…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="534"/>
        <source>Tensorize…</source>
        <translation>张量化…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="535"/>
        <source>Transform Block Layout…</source>
        <translation>变换块布局…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="536"/>
        <source>Set Axis Separator…</source>
        <translation>设置轴分隔符…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="537"/>
        <source>Annotate Buffer Access…</source>
        <translation>标注缓冲区访问区域…</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="566"/>
        <location filename="../views/TirIntents.cpp" line="1058"/>
        <source>blockize: no other block shares the scope of %1</source>
        <translation>blockize：没有其他块与 %1 处于同一作用域</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="575"/>
        <location filename="../views/TirIntents.cpp" line="1266"/>
        <source>%1: %2 declares no access</source>
        <translation>%1：%2 未声明任何访问</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="577"/>
        <location filename="../views/TirIntents.cpp" line="1252"/>
        <source>reorder_block_iter_var: %1 has fewer than two iterators</source>
        <translation>reorder_block_iter_var：%1 的迭代器少于两个</translation>
    </message>
    <message>
        <source>split: factor &apos;%1&apos; is neither a positive integer nor None</source>
        <translation type="vanished">split：因子“%1”既不是正整数也不是 None</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="706"/>
        <source>split: give at least two factors, e.g. None, 32</source>
        <translation>split：至少给出两个因子，例如 None, 32</translation>
    </message>
    <message>
        <source>split: at most one factor may be None</source>
        <translation type="vanished">split：最多只能有一个因子为 None</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="813"/>
        <source>%1 takes Python lambdas: the application applies it as a script line</source>
        <translation>%1 接受 Python lambda：本应用以一行脚本的方式应用它</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="820"/>
        <source>%1 needs at least two loops</source>
        <translation>%1 至少需要两个循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="866"/>
        <source>%1 cannot be computed at one of its own loops</source>
        <translation>%1 不能计算于它自己的循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="893"/>
        <source>%1 and %2 are not both loops of %3</source>
        <translation>%1 和 %2 并不都是 %3 的循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="896"/>
        <source>a loop dropped on itself does nothing</source>
        <translation>把循环拖放到它自身上不会有任何效果</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="907"/>
        <source>%1 is already there: nothing to do</source>
        <translation>%1 已经在那里：无需操作</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="308"/>
        <location filename="../views/TirIntents.cpp" line="937"/>
        <source>%1: select a block first</source>
        <translation>%1：请先选择一个块</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="700"/>
        <source>%1: factor &apos;%2&apos; is neither a positive integer nor None</source>
        <translation>%1：因子“%2”既不是正整数也不是 None</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="707"/>
        <source>%1: give at least one length</source>
        <translation>%1：至少给出一个长度</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="709"/>
        <source>%1: at most one factor may be None</source>
        <translation>%1：最多只能有一个因子为 None</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="943"/>
        <source>%1: select a loop of %2 first</source>
        <translation>%1：请先选择 %2 的一个循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="957"/>
        <source>Factors (None is inferred)</source>
        <translation>因子（None 表示自动推断）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="961"/>
        <source>No predicate</source>
        <translation>不加谓词</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="962"/>
        <source>disable_predication: no T.where guards the split loops; where the factors do not divide the extent the block runs past it</source>
        <translation>disable_predication：拆分后的循环不加 T.where 保护；因子不能整除长度时，块会越界执行</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="977"/>
        <source>Lengths of the partitions (None: the rest)</source>
        <translation>各分区的长度（None：其余部分）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="980"/>
        <source>Each length starts a loop where the one before it ended; without None, a last loop runs to the extent. Each loop is in a block &lt;block&gt;_&lt;loop&gt;&lt;n&gt;_partition</source>
        <translation>每个长度从上一个循环结束处开始一个新循环；若没有 None，最后一个循环延伸到范围末尾。每个循环位于块 &lt;block&gt;_&lt;loop&gt;&lt;n&gt;_partition 中</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="994"/>
        <source>fuse: %1 has no inner loop to fuse with</source>
        <translation>fuse：%1 没有可融合的内层循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1004"/>
        <source>Loops to merge %1 with</source>
        <translation>与 %1 合并的循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1009"/>
        <source>The nests of the checked loops and of %1 become one nest %1_m whose body runs each nest&apos;s body in turn, where the last nest stood. Like TVM, merge checks the nests&apos; shape, not the order of what their blocks read and write</source>
        <translation>勾选的循环所在的嵌套与 %1 的嵌套合并为一个嵌套 %1_m，其循环体依次执行各嵌套的循环体，位于最后一个嵌套原来的位置。与 TVM 一样，merge 只检查嵌套的形状，不检查其中各块读写的先后顺序</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1019"/>
        <source>check at least one loop</source>
        <translation>请至少勾选一个循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1020"/>
        <source>merged with %1</source>
        <translation>与 %1 合并</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1027"/>
        <source>tile: %1 has no inner loop to tile with</source>
        <translation>tile：%1 没有可分块的内层循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1034"/>
        <location filename="../views/TirIntents.cpp" line="1035"/>
        <source>Inner extent of %1</source>
        <translation>%1 的内层范围</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1050"/>
        <source>Position of the factored loop in %1.rf&apos;s shape</source>
        <translation>分解出的循环在 %1.rf 形状中的位置</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1062"/>
        <source>Blocks (consecutive, in the order they run)</source>
        <translation>块（相邻，按执行顺序）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1067"/>
        <source>The checked blocks and their loops below their common loop become one block outer_&lt;B&gt;_&lt;C&gt;_</source>
        <translation>勾选的块及其公共循环之下的循环合并为一个块 outer_&lt;B&gt;_&lt;C&gt;_</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1077"/>
        <source>Loop order (outermost first)</source>
        <translation>循环顺序（最外层在前）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1083"/>
        <source>Thread axis</source>
        <translation>线程轴</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1091"/>
        <source>compute_at: no block reads what %1 writes</source>
        <translation>compute_at：没有块读取 %1 写入的内容</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1092"/>
        <source>reverse_compute_at: no block writes what %1 reads</source>
        <translation>reverse_compute_at：没有块写入 %1 读取的内容</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1093"/>
        <source>Loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1098"/>
        <source>%1: %2 has no buffer to cache</source>
        <translation>%1：%2 没有可缓存的缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1100"/>
        <location filename="../views/TirIntents.cpp" line="1184"/>
        <source>Read buffer</source>
        <translation>读取的缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1100"/>
        <location filename="../views/TirIntents.cpp" line="1184"/>
        <location filename="../views/TirIntents.cpp" line="1213"/>
        <location filename="../views/TirIntents.cpp" line="1299"/>
        <source>Written buffer</source>
        <translation>写入的缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1103"/>
        <location filename="../views/TirIntents.cpp" line="1196"/>
        <location filename="../views/TirIntents.cpp" line="1205"/>
        <location filename="../views/TirIntents.cpp" line="1215"/>
        <source>Storage scope</source>
        <translation>存储作用域</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1109"/>
        <source>Blocks that read the copy</source>
        <translation>读取副本的块</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1110"/>
        <source>Blocks that read the cache directly</source>
        <translation>直接读取缓存的块</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1114"/>
        <source>consumer_blocks: the readers switched to the copy (all of them: TVM&apos;s default, None)</source>
        <translation>consumer_blocks：改为读取副本的读者（全部：TVM 的默认值 None）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1117"/>
        <source>consumer_blocks: the readers that read the cache instead of the written buffer (none: TVM&apos;s default)</source>
        <translation>consumer_blocks：读取缓存而非被写缓冲区的读者（无：TVM 的默认值）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1128"/>
        <source>%1 read the copy</source>
        <translation>%1 读取副本</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1140"/>
        <source>transform_layout: %1 accesses no buffer</source>
        <translation>transform_layout：%1 不访问任何缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1141"/>
        <location filename="../views/TirIntents.cpp" line="1235"/>
        <source>Buffer</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1146"/>
        <source>Index map (a Python lambda)</source>
        <translation>索引映射（Python lambda）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1149"/>
        <source>The physical indices from the logical ones, e.g. lambda i, j: (i, j // 4, j % 4); padding appears where the new shape has more cells</source>
        <translation>由逻辑索引得到物理索引，例如 lambda i, j: (i, j // 4, j % 4)；新形状单元更多的地方会出现填充</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1154"/>
        <source>Pad value (empty: None)</source>
        <translation>填充值（留空：None）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1157"/>
        <source>What the padding holds: a number (0.0), or a lambda of the physical indices; None refuses a map that pads (TransformationIntroducesPaddingError)</source>
        <translation>填充存放的内容：一个数（0.0），或物理索引的 lambda；None 会拒绝产生填充的映射（TransformationIntroducesPaddingError）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1173"/>
        <source>Init block above loop</source>
        <translation>初始化块置于循环之上</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1174"/>
        <source>Padding block above loop</source>
        <translation>填充块置于循环之上</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1187"/>
        <source>Copied per iteration of %1, before the first of its children that reads it; from there on they read the copy</source>
        <translation>在 %1 的每次迭代中、于其第一个读取它的子节点之前复制；此后的子节点读取副本</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1191"/>
        <source>Written into a copy by the children of %1 up to the last that writes it, and copied back after it</source>
        <translation>%1 的子节点（直到最后一个写入它的子节点）写入副本，并在其后复制回原缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1200"/>
        <source>Seen at least (cse_thresh)</source>
        <translation>至少出现次数（cse_thresh）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1202"/>
        <source>An index computation is precomputed where the block computes it (or one that simplifies to it) at least this often; a rarer one gives way to its parts</source>
        <translation>块计算某个索引表达式（或化简后与之相同的表达式）至少这么多次时才预先计算它；出现更少的则改为考虑其子表达式</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1255"/>
        <source>Block iterators in their new order</source>
        <translation>块迭代器的新顺序</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1269"/>
        <source>Accesses to take out of the block&apos;s signature</source>
        <translation>从块签名中移除的访问</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1273"/>
        <source>The body still accesses them; the dependence analysis no longer sees them (an index buffer that stops tensorize&apos;s pattern match). Unsafe, as in TVM</source>
        <translation>块体仍然访问它们；依赖分析不再看到它们（例如妨碍 tensorize 模式匹配的索引缓冲区）。与 TVM 一样，这是不安全的</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1281"/>
        <source>check at least one access</source>
        <translation>请至少勾选一个访问</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1285"/>
        <source>check reads or writes, not both (one call each)</source>
        <translation>请只勾选读取或只勾选写入，不要同时勾选（各调用一次）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1286"/>
        <source>hides %1</source>
        <translation>隐藏 %1</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1293"/>
        <source>Data type</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1296"/>
        <source>The buffer&apos;s element type; stores into it are cast to it and loads cast back, so values may lose precision</source>
        <translation>缓冲区的元素类型；写入时转换为该类型，读取时转换回原类型，因此数值可能损失精度</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="589"/>
        <location filename="../views/TirIntents.cpp" line="1212"/>
        <location filename="../views/TirIntents.cpp" line="1292"/>
        <source>%1: %2 writes no buffer</source>
        <translation>%1：%2 不写入任何缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1222"/>
        <source>Axis</source>
        <translation>轴</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1224"/>
        <source>Factor</source>
        <translation>因子</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1225"/>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1234"/>
        <source>reindex: %1 accesses no buffer</source>
        <translation>reindex：%1 不访问任何缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1239"/>
        <source>Padding (a multiple per block iterator)</source>
        <translation>填充（每个块迭代器一个倍数）</translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1244"/>
        <source>Each iterator&apos;s extent is padded up to a multiple of its number, e.g. 1, 32, 1</source>
        <translation>每个迭代器的范围向上填充到其对应数的倍数，例如 1, 32, 1</translation>
    </message>
</context>
<context>
    <name>TirLoopStrip</name>
    <message>
        <location filename="../views/TirLoopStrip.cpp" line="56"/>
        <source>Drop on a loop, or between two loops.</source>
        <translation>请拖放到一个循环上，或两个循环之间。</translation>
    </message>
</context>
<context>
    <name>TirPrimitiveArguments</name>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="39"/>
        <source>block %1</source>
        <translation>块 %1</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="40"/>
        <source>loop %1</source>
        <translation>循环 %1</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="112"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="129"/>
        <source>block %1 is gone</source>
        <translation>块 %1 已不存在</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="137"/>
        <source>%1 iterates over %2</source>
        <translation>%1 遍历 %2</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="143"/>
        <source>give the annotation a key</source>
        <translation>请为注解指定一个键</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="148"/>
        <source>(replaces the value it has)</source>
        <translation>（替换它已有的值）</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="165"/>
        <source>%1 %2 is flattened to %3 dimension(s)</source>
        <translation>%1 %2 被展平为 %3 维</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="176"/>
        <source>%1 matches %2</source>
        <translation>%1 匹配 %2</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="187"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="200"/>
        <source>a lambda over the block&apos;s iterators</source>
        <translation>块迭代器上的 lambda</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="190"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="203"/>
        <source>the script makes no TensorIR schedule</source>
        <translation>脚本没有生成 TensorIR 调度</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="290"/>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="309"/>
        <source>ann_val: &apos;%1&apos; is not an int</source>
        <translation>ann_val：“%1”不是 int</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="319"/>
        <source>ann_val: &apos;%1&apos; is not a finite float</source>
        <translation>ann_val：“%1”不是有限的 float</translation>
    </message>
    <message>
        <source>ann_val: the type is int, float or str, not &apos;%1&apos;</source>
        <translation type="vanished">ann_val：类型应为 int、float 或 str，而不是“%1”</translation>
    </message>
    <message>
        <source>axis_separators: &apos;%1&apos; is not a non-negative integer</source>
        <translation type="vanished">axis_separators：“%1”不是非负整数</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="373"/>
        <source>index_map: column %1: %2</source>
        <translation>index_map：第 %1 列：%2</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="378"/>
        <source>index_map: write a lambda, e.g. lambda i, j: (i * 16 + j,)</source>
        <translation>index_map：请写一个 lambda，例如 lambda i, j: (i * 16 + j,)</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="386"/>
        <source>index_map: the lambda takes %1 index(es); the block has %2 iterator(s)</source>
        <translation>index_map：该 lambda 接受 %1 个索引；该块有 %2 个迭代器</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="415"/>
        <source>unannotate: %1 has no annotation</source>
        <translation>unannotate：%1 没有注解</translation>
    </message>
    <message>
        <source>tensorize: the document registers no TensorIntrin (tir.TensorIntrin.register)</source>
        <translation type="vanished">tensorize：文档没有注册任何 TensorIntrin（tir.TensorIntrin.register）</translation>
    </message>
    <message>
        <source>set_axis_separator: block %1 accesses no buffer</source>
        <translation type="vanished">set_axis_separator：块 %1 不访问任何缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="437"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="647"/>
        <source>transform_block_layout: there is no block %1</source>
        <translation>transform_block_layout：没有块 %1</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="460"/>
        <source>%1: there is no block %2</source>
        <translation>%1：没有块 %2</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="469"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="477"/>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="471"/>
        <source>Value type</source>
        <translation>值类型</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="281"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="122"/>
        <source>%1 declares %2[%3]</source>
        <translation>%1 声明 %2[%3]</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="227"/>
        <source>ann_val: ValueError: Literal value %1 exceeds maximum of int32</source>
        <translation>ann_val：ValueError：字面值 %1 超过 int32 的最大值</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="235"/>
        <source>ann_val: a list item is not a finite float</source>
        <translation>ann_val：列表项不是有限的浮点数</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="241"/>
        <source>ann_val: TVM 0.20 cannot print a trace that holds a bool in a list; write 1 or 0</source>
        <translation>ann_val：TVM 0.20 无法打印列表中含 bool 的 trace；请写 1 或 0</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="243"/>
        <source>ann_val: a list item is an int, a float or a str in quotes, e.g. [1, 0.5, &quot;x&quot;]</source>
        <translation>ann_val：列表项应为 int、float 或带引号的 str，例如 [1, 0.5, &quot;x&quot;]</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="251"/>
        <source>ann_val: column %1: %2</source>
        <translation>ann_val：第 %1 列：%2</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="256"/>
        <source>ann_val: write a list in brackets, e.g. [1, 2, 4]</source>
        <translation>ann_val：列表请写在方括号中，例如 [1, 2, 4]</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="258"/>
        <source>ann_val: TVM 0.20 refuses an empty list (TypeError: Cannot take a Union of no types)</source>
        <translation>ann_val：TVM 0.20 拒绝空列表（TypeError: Cannot take a Union of no types）</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="282"/>
        <source>int: 16; float: 0.5; str: any text; bool: True or False; list: [1, 0.5, &quot;x&quot;]</source>
        <translation>int：16；float：0.5；str：任意文本；bool：True 或 False；list：[1, 0.5, &quot;x&quot;]</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="325"/>
        <source>ann_val: &apos;%1&apos; is not True or False</source>
        <translation>ann_val：&apos;%1&apos; 不是 True 或 False</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="330"/>
        <source>ann_val: the type is int, float, bool, str or list, not &apos;%1&apos;</source>
        <translation>ann_val：类型应为 int、float、bool、str 或 list，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="359"/>
        <source>%1: &apos;%2&apos; is not a non-negative integer</source>
        <translation>%1：&apos;%2&apos; 不是非负整数</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="418"/>
        <source>tensorize: the document registers no TensorIntrin (tir.TensorIntrin.register, or import TVM&apos;s: from tvm.tir.tensor_intrin.x86 import VNNI_DOT_16x4_INTRIN)</source>
        <translation>tensorize：文档没有注册任何 TensorIntrin（用 tir.TensorIntrin.register 注册，或导入 TVM 的：from tvm.tir.tensor_intrin.x86 import VNNI_DOT_16x4_INTRIN）</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="430"/>
        <source>%1: block %2 accesses no buffer</source>
        <translation>%1：块 %2 不访问任何缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="487"/>
        <source>TensorIntrin</source>
        <translation>TensorIntrin</translation>
    </message>
    <message>
        <source>Registered in this document: %1</source>
        <translation type="vanished">本文档中已注册：%1</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="491"/>
        <source>Registered in this document (none matches here): %1</source>
        <translation>本文档已注册（此处没有匹配的）：%1</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="493"/>
        <source>Matching here: %1. Also registered: %2</source>
        <translation>此处匹配：%1。其他已注册：%2</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="501"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="529"/>
        <source>Buffer</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="506"/>
        <source>Axis separators</source>
        <translation>轴分隔符</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="508"/>
        <source>The axes where a new physical dimension starts, e.g. 1: a 2-D buffer stays 2-D when it is flattened</source>
        <translation>新物理维度开始的轴，例如 1：二维缓冲区在展平后仍为二维</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="522"/>
        <source>Ranges (a Python lambda)</source>
        <translation>区域（Python lambda）</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="525"/>
        <source>The region per dimension of the buffer from the block&apos;s iterators: (begin, end) or one index, e.g. lambda vi, vj: [(vi - 1, vi + 2), vj]. Nothing checks that the body stays inside it</source>
        <translation>由块的迭代变量给出缓冲区每一维的区域：(begin, end) 或单个下标，例如 lambda vi, vj: [(vi - 1, vi + 2), vj]。不会检查块体的访问是否落在该区域内</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="535"/>
        <source>Index map (a Python lambda)</source>
        <translation>索引映射（Python lambda）</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="537"/>
        <source>The block&apos;s new iterators from its iterators, e.g. lambda i, j: (i * 16 + j,) fuses two; the map must be bijective</source>
        <translation>块的新迭代器由其原迭代器得到，例如 lambda i, j: (i * 16 + j,) 融合两个迭代器；映射必须是双射</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="568"/>
        <source>%1 needs an annotation key</source>
        <translation>%1 需要一个注解键</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="572"/>
        <source>unannotate: %1 has no annotation %2</source>
        <translation>unannotate：%1 没有注解 %2</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="585"/>
        <source>tensorize needs a TensorIntrin name</source>
        <translation>tensorize 需要一个 TensorIntrin 名称</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="589"/>
        <source>ValueError: TensorIntrin &apos;%1&apos; is not registered; the document registers none</source>
        <translation>ValueError：TensorIntrin“%1”未注册；文档没有注册任何 TensorIntrin</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="593"/>
        <source>ValueError: TensorIntrin &apos;%1&apos; is not registered; the document registers %2</source>
        <translation>ValueError：TensorIntrin“%1”未注册；文档注册了 %2</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="607"/>
        <source>set_axis_separator: the buffer is read or written, not &apos;%1&apos;</source>
        <translation>set_axis_separator：缓冲区类型应为 read 或 write，而不是“%1”</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="613"/>
        <source>set_axis_separator needs a buffer index</source>
        <translation>set_axis_separator 需要一个缓冲区索引</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="623"/>
        <source>%1 takes a Python lambda: the application applies it as a script line</source>
        <translation>%1 的参数是 Python lambda：应用程序将其作为一行脚本执行</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="633"/>
        <source>annotate_buffer_access: there is no block %1</source>
        <translation>annotate_buffer_access：没有块 %1</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="637"/>
        <source>annotate_buffer_access: %1 has no %2 buffer %3</source>
        <translation>annotate_buffer_access：%1 没有 %2 缓冲区 %3</translation>
    </message>
    <message>
        <source>transform_block_layout takes a Python lambda: the application applies it as a script line</source>
        <translation type="vanished">transform_block_layout 接受 Python lambda：本应用以一行脚本的方式应用它</translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="627"/>
        <source>%1 is not a primitive of TirPrimitiveArguments</source>
        <translation>%1 不是 TirPrimitiveArguments 的原语</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Tessera: a schedule studio for tensor kernels</source>
        <translation type="vanished">Tessera：张量算子的调度工作室</translation>
    </message>
    <message>
        <source>A script to open.</source>
        <translation type="vanished">要打开的脚本。</translation>
    </message>
    <message>
        <source>Select STAGE or STAGE:ITERVAR.</source>
        <translation type="vanished">选择 阶段 或 阶段:迭代变量。</translation>
    </message>
    <message>
        <source>Show and raise a dock (Script, StageDag, IterVar, LoopNest, BufferLayout, Bounds, Code, Profile).</source>
        <translation type="vanished">显示并置顶一个停靠窗口（Script、StageDag、IterVar、LoopNest、BufferLayout、Bounds、Code、Profile）。</translation>
    </message>
    <message>
        <source>light or dark, for this session.</source>
        <translation type="vanished">本次会话使用 light（浅色）或 dark（深色）。</translation>
    </message>
    <message>
        <source>en or zh_CN, for this session.</source>
        <translation type="vanished">本次会话使用 en 或 zh_CN。</translation>
    </message>
    <message>
        <source>Profile the schedule once it is open.</source>
        <translation type="vanished">打开后立即对调度进行性能分析。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::Document</name>
    <message>
        <location filename="../app/gui/Document.cpp" line="51"/>
        <location filename="../app/gui/Document.cpp" line="68"/>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="54"/>
        <source>%1 is too large for a script (%2 bytes)</source>
        <translation>%1 太大，不是脚本（%2 字节）</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="150"/>
        <location filename="../app/gui/Document.cpp" line="153"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="159"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="180"/>
        <location filename="../app/gui/Document.cpp" line="232"/>
        <source>%1: the script has no schedule to apply it to (fix its errors first)</source>
        <translation>%1：脚本没有可应用的调度（请先修正错误）</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="202"/>
        <source>%1 was legal, but the printed script does not evaluate: %2</source>
        <translation>%1 合法，但打印出的脚本无法求值：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="243"/>
        <source>%1: the script makes no TensorIR schedule (fix its errors first)</source>
        <translation>%1：脚本没有生成 TensorIR 调度（请先修正错误）</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="263"/>
        <source>transform_layout: the index map must be a lambda, e.g. lambda i: [i // 4, i % 4]</source>
        <translation>transform_layout：索引映射必须是 lambda，例如 lambda i: [i // 4, i % 4]</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="411"/>
        <source>The module has no function %1 any more; showing %2</source>
        <translation>模块中已没有函数 %1；改为显示 %2</translation>
    </message>
    <message>
        <location filename="../app/gui/UndoCommands.cpp" line="11"/>
        <source>Edit script</source>
        <translation>编辑脚本</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="71"/>
        <source>%1 is too large for a project (%2 bytes)</source>
        <translation>%1 太大，不是项目（%2 字节）</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="312"/>
        <source>%1 was legal, but its line %2 does not evaluate: %3</source>
        <translation>%1 合法，但它的脚本行 %2 无法求值：%3</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="346"/>
        <source>there is no version v%1</source>
        <translation>没有版本 v%1</translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="350"/>
        <source>go to %1</source>
        <translation>转到 %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::InstrumentPanels</name>
    <message>
        <source>A TensorIR document has no CUDA kernels to check yet: it runs on the CPU (Run on CPU)</source>
        <translation type="vanished">TensorIR 文档还没有可检查的 CUDA 内核：它在 CPU 上运行（在 CPU 上运行）</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="146"/>
        <source>Roofline</source>
        <translation>屋顶线</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="148"/>
        <source>Check on the GPU &amp;Emulator</source>
        <translation>在 GPU 模拟器上检查(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="150"/>
        <source>Runs the CUDA kernels of this schedule on the CPU and reports races, shuffle-mask errors, out-of-bounds writes and wrong results (no GPU needed)</source>
        <translation>在 CPU 上运行此调度的 CUDA 内核，报告数据竞争、shuffle 掩码错误、越界写入和错误结果（无需 GPU）</translation>
    </message>
    <message>
        <source>A TensorIR document has no CUDA kernels to check yet: it runs on the CPU (Run on CPU).</source>
        <translation type="vanished">TensorIR 文档还没有可检查的 CUDA 内核：它在 CPU 上运行（在 CPU 上运行）。</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="125"/>
        <location filename="../app/gui/InstrumentPanels.cpp" line="170"/>
        <source>Nothing to check: the script has no lowered program.</source>
        <translation>无可检查：脚本没有降级后的程序。</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="127"/>
        <source>This TensorIR function has no loop bound to a GPU thread, so there is no CUDA kernel to check: bind its outer loops with sch.bind(loop, &quot;blockIdx.x&quot;) and sch.bind(loop, &quot;threadIdx.x&quot;).</source>
        <translation>此 TensorIR 函数没有绑定到 GPU 线程的循环，因此没有可检查的 CUDA 内核：请用 sch.bind(loop, &quot;blockIdx.x&quot;) 和 sch.bind(loop, &quot;threadIdx.x&quot;) 绑定其外层循环。</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="174"/>
        <source>A check on the GPU emulator is already going.</source>
        <translation>GPU 模拟器上已有一次检查正在进行。</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="178"/>
        <source>The GPU emulator needs a C++ compiler (c++, g++ or clang++) on PATH.</source>
        <translation>GPU 模拟器需要 PATH 中有 C++ 编译器（c++、g++ 或 clang++）。</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="201"/>
        <source>Checking on the GPU emulator…</source>
        <translation>正在 GPU 模拟器上检查…</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="221"/>
        <source>GPU emulator: %1</source>
        <translation>GPU 模拟器：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="228"/>
        <source>Checked on the GPU emulator: the outputs match the reference and no race was seen.</source>
        <translation>已在 GPU 模拟器上检查：输出与参考一致，未发现数据竞争。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/InstrumentPanels.cpp" line="234"/>
        <source>GPU emulator: %n problem(s); %1</source>
        <translation>
            <numerusform>GPU 模拟器：%n 个问题；%1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="271"/>
        <source>Check on the GPU emulator</source>
        <translation>在 GPU 模拟器上检查</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="276"/>
        <source>The run failed: %1
</source>
        <translation>运行失败：%1
</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="277"/>
        <source>
No problem found.
</source>
        <translation>
未发现问题。
</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="279"/>
        <source>%1 in %2: %3</source>
        <translation>%2 中的 %1：%3</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="281"/>
        <source>the outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="287"/>
        <source>CUDA lines %1 (highlighted)</source>
        <translation>CUDA 第 %1 行（已高亮）</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="247"/>
        <source>Script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="248"/>
        <source>Stage DAG</source>
        <translation>阶段 DAG</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="249"/>
        <source>IterVar hyper-graph</source>
        <translation>迭代变量超图</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="250"/>
        <source>Loop nest</source>
        <translation>循环嵌套</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="251"/>
        <source>Block graph</source>
        <translation>块图</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="252"/>
        <source>Loops and iterators</source>
        <translation>循环与迭代器</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="253"/>
        <source>Loop nest (TensorIR)</source>
        <translation>循环嵌套（TensorIR）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="254"/>
        <source>Buffer layout</source>
        <translation>缓冲区布局</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="255"/>
        <source>Bounds</source>
        <translation>边界</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="256"/>
        <source>Bounds (TensorIR)</source>
        <translation>边界（TensorIR）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="257"/>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="258"/>
        <source>Profile</source>
        <translation>性能分析</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="260"/>
        <source>Tune</source>
        <translation>调优</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="315"/>
        <source>The docks are back where they were at the first start.</source>
        <translation>停靠窗口已恢复到首次启动时的位置。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="387"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="388"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="396"/>
        <source>Open &amp;Example</source>
        <translation>打开示例(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="402"/>
        <source>TensorIR</source>
        <translation>TensorIR</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="409"/>
        <source>Open as Tensor&amp;IR</source>
        <translation>作为 TensorIR 打开(&amp;I)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="414"/>
        <source>TensorIR &amp;Spelling</source>
        <translation>TensorIR 写法(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="419"/>
        <source>TVM 0.&amp;20 (tir.Schedule, T.block)</source>
        <translation>TVM 0.&amp;20（tir.Schedule、T.block）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="420"/>
        <source>TVM 0.2&amp;6 (s_tir.Schedule, T.sblock)</source>
        <translation>TVM 0.2&amp;6（s_tir.Schedule、T.sblock）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="429"/>
        <source>Recent &amp;Files</source>
        <translation>最近的文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="433"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="435"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="437"/>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="438"/>
        <source>Script for &amp;TVM…</source>
        <translation>TVM 脚本(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="443"/>
        <source>TensorIR Program for TVM 0.&amp;20…</source>
        <translation>TVM 0.20 的 TensorIR 程序(&amp;2)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="446"/>
        <source>TensorIR Program for TVM 0.2&amp;6…</source>
        <translation>TVM 0.26 的 TensorIR 程序(&amp;6)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="448"/>
        <source>Current &amp;View as PNG/SVG…</source>
        <translation>当前视图导出为 PNG/SVG(&amp;V)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="452"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="457"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="491"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="495"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="500"/>
        <source>&amp;Schedule</source>
        <translation>调度(&amp;S)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="507"/>
        <source>&amp;Split…</source>
        <translation>拆分(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="508"/>
        <source>&amp;Tile…</source>
        <translation>分块(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="509"/>
        <source>&amp;Fuse</source>
        <translation>融合(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="510"/>
        <source>&amp;Reorder…</source>
        <translation>重排(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="511"/>
        <source>&amp;Vectorize</source>
        <translation>向量化(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="512"/>
        <source>&amp;Unroll</source>
        <translation>展开(&amp;U)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="513"/>
        <source>&amp;Parallel</source>
        <translation>并行(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="514"/>
        <source>Prefetc&amp;h…</source>
        <translation>预取(&amp;H)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="515"/>
        <source>&amp;Bind to Thread…</source>
        <translation>绑定到线程(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="518"/>
        <source>Compute &amp;At…</source>
        <translation>计算于(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="519"/>
        <source>Compute &amp;Inline</source>
        <translation>内联计算(&amp;I)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="520"/>
        <source>Compute R&amp;oot</source>
        <translation>在根部计算(&amp;O)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="521"/>
        <source>Cache R&amp;ead…</source>
        <translation>读缓存(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="522"/>
        <source>Cache &amp;Write…</source>
        <translation>写缓存(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="523"/>
        <source>R&amp;factor…</source>
        <translation>归约分解 rfactor(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="524"/>
        <source>Transform &amp;Layout…</source>
        <translation>变换布局(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="538"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="539"/>
        <source>Run on &amp;CPU</source>
        <translation>在 CPU 上运行(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="540"/>
        <source>&amp;Profile</source>
        <translation>性能分析(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="546"/>
        <source>C&amp;ancel</source>
        <translation>取消(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="549"/>
        <source>R&amp;unner…</source>
        <translation>运行器(&amp;U)…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="558"/>
        <source>Run and Profile now submit Slurm jobs.</source>
        <translation>运行和性能分析现在提交 Slurm 作业。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="559"/>
        <source>Run and Profile now run on this machine.</source>
        <translation>运行和性能分析现在在本机上执行。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="568"/>
        <source>&amp;Tune</source>
        <translation>调优(&amp;T)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="589"/>
        <source>This build has no LLVM backend</source>
        <translation>此构建没有 LLVM 后端</translation>
    </message>
    <message>
        <source>Nothing to run: the script has no lowered program.</source>
        <translation type="vanished">无法运行：脚本没有降级后的程序。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="621"/>
        <location filename="../app/gui/MainWindow.cpp" line="627"/>
        <source>A run is already going.</source>
        <translation>已有一次运行正在进行。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="638"/>
        <source> of a Slurm node</source>
        <translation>（Slurm 节点）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="675"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="743"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="746"/>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="749"/>
        <source>&amp;Dark Palette</source>
        <translation>深色配色(&amp;D)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="759"/>
        <source>TensorIR &amp;Function</source>
        <translation>TensorIR 函数(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="762"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="794"/>
        <source>Showing the module&apos;s function %1</source>
        <translation>正在显示模块的函数 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="803"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="804"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="807"/>
        <source>&amp;About Tessera</source>
        <translation>关于 Tessera(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="808"/>
        <source>About Tessera</source>
        <translation>关于 Tessera</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="809"/>
        <source>&lt;b&gt;Tessera&lt;/b&gt; %1&lt;br&gt;A schedule studio for tensor kernels: see the stage DAG, iter vars, bounds, layouts and code of a tensor program while you schedule it.</source>
        <translation>&lt;b&gt;Tessera&lt;/b&gt; %1&lt;br&gt;张量算子的调度工作室：在调度张量程序的同时查看它的阶段 DAG、迭代变量、边界、布局和代码。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="844"/>
        <source>No errors</source>
        <translation>没有错误</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/MainWindow.cpp" line="845"/>
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="893"/>
        <location filename="../app/gui/MainWindow.cpp" line="1197"/>
        <source>%1 is not a TensorIR primitive the application applies yet</source>
        <translation>%1 还不是本应用能应用的 TensorIR 原语</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="902"/>
        <source>fuse: %1 has no inner loop to fuse with</source>
        <translation>fuse：%1 没有可融合的内层循环</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="955"/>
        <location filename="../app/gui/MainWindow.cpp" line="1009"/>
        <source>Could not open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="959"/>
        <source>Open failed</source>
        <translation>打开失败</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="970"/>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1026"/>
        <source>Open as TensorIR: the document is TensorIR already.</source>
        <translation>作为 TensorIR 打开：文档已经是 TensorIR。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1027"/>
        <source>Open as TensorIR: the script has no te schedule (fix its errors first).</source>
        <translation>作为 TensorIR 打开：脚本没有 te 调度（请先修正错误）。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1035"/>
        <source>Open as TensorIR</source>
        <translation>作为 TensorIR 打开</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1039"/>
        <source>%1 as TensorIR</source>
        <translation>%1（TensorIR）</translation>
    </message>
    <message>
        <source>Opened %1 as TensorIR (an untitled document: File ▸ Save asks where to keep it)</source>
        <translation type="vanished">已将 %1 作为 TensorIR 打开（未命名的文档：文件 ▸ 保存时会询问保存位置）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1052"/>
        <source>The document is TensorIR already</source>
        <translation>文档已经是 TensorIR</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1053"/>
        <source>The script has no te schedule</source>
        <translation>脚本没有 te 调度</translation>
    </message>
    <message>
        <source>The te program&apos;s function (te.create_prim_func) with its schedule as TensorIR primitives, in a new document</source>
        <translation type="vanished">te 程序的函数（te.create_prim_func），其调度改写为 TensorIR 原语，在新文档中打开</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1073"/>
        <location filename="../app/gui/MainWindow.cpp" line="1097"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1085"/>
        <source>Save As</source>
        <translation>另存为</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1120"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1121"/>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 有未保存的更改。要保存吗？</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1150"/>
        <source>Made tunable: see the Tune dock</source>
        <translation>已设为可调：见调优面板</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1161"/>
        <source>Applied %1</source>
        <translation>已应用 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1224"/>
        <location filename="../app/gui/MainWindow.cpp" line="1232"/>
        <source>Export script for TVM</source>
        <translation>导出 TVM 脚本</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1226"/>
        <location filename="../app/gui/MainWindow.cpp" line="1256"/>
        <source>Python (*.py)</source>
        <translation>Python (*.py)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1248"/>
        <location filename="../app/gui/MainWindow.cpp" line="1302"/>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1244"/>
        <location filename="../app/gui/MainWindow.cpp" line="1300"/>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1040"/>
        <source>Opened %1 as TensorIR for TVM 0.%2 (an untitled document: File ▸ Save asks where to keep it)</source>
        <translation>已将 %1 以 TVM 0.%2 的 TensorIR 打开（未命名文档：文件 ▸ 保存 时会询问保存位置）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1057"/>
        <source>The te program&apos;s function (te.create_prim_func) with its schedule as TensorIR primitives, in a new document for TVM 0.%1 (File ▸ TensorIR Spelling)</source>
        <translation>te 程序的函数（te.create_prim_func）及其调度改写为 TensorIR 原语，放入一个面向 TVM 0.%1 的新文档（文件 ▸ TensorIR 写法）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1255"/>
        <location filename="../app/gui/MainWindow.cpp" line="1261"/>
        <source>Export a TensorIR program for TVM 0.%1</source>
        <translation>导出 TVM 0.%1 的 TensorIR 程序</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1269"/>
        <source>The script has errors: fix them first.</source>
        <translation>脚本有错误：请先修正。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1291"/>
        <location filename="../app/gui/MainWindow.cpp" line="1296"/>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1293"/>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1307"/>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1310"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1310"/>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="979"/>
        <source>Recover unsaved changes</source>
        <translation>恢复未保存的更改</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="980"/>
        <source>%1 has unsaved changes from an earlier session. Recover them?</source>
        <translation>%1 有上次会话中未保存的更改。要恢复吗？</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="987"/>
        <source>Recovered the unsaved changes of %1 (Edit ▸ Undo reverts).</source>
        <translation>已恢复 %1 未保存的更改（编辑 ▸ 撤销 可还原）。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="542"/>
        <source>Run on &amp;GPU</source>
        <translation>在 GPU 上运行(&amp;G)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="544"/>
        <source>Profile on G&amp;PU</source>
        <translation>在 GPU 上进行性能分析(&amp;P)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="586"/>
        <source>No CUDA GPU here (%1)</source>
        <translation>这里没有 CUDA GPU（%1）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="491"/>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="495"/>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1333"/>
        <source>There is no %1 translation; the language stays as it was.</source>
        <translation>没有 %1 的翻译；语言保持不变。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1338"/>
        <source>The interface language is now English.</source>
        <translation>界面语言已切换为简体中文。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="392"/>
        <source>Open project or script</source>
        <translation>打开项目或脚本</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="393"/>
        <source>Tessera projects and scripts (*.tessera *.py);;All files (*)</source>
        <translation>Tessera 项目和脚本 (*.tessera *.py);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1081"/>
        <source>Save project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1082"/>
        <source>Tessera projects (*.tessera);;Tessera scripts (*.py)</source>
        <translation>Tessera 项目 (*.tessera);;Tessera 脚本 (*.py)</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="707"/>
        <source>, matches the reference (max error %1)</source>
        <translation>，与参考结果一致（最大误差 %1）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="708"/>
        <source>, DIFFERS from the reference (max error %1)</source>
        <translation>，与参考结果不一致（最大误差 %1）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="216"/>
        <source>Showing %1 (Edit ▸ Undo returns)</source>
        <translation>正在显示 %1（编辑 ▸ 撤销 可返回）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="259"/>
        <source>Run log</source>
        <translation>运行日志</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="474"/>
        <source>Undid %1</source>
        <translation>已撤销 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="480"/>
        <source>Redid %1</source>
        <translation>已重做 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="636"/>
        <source>Profiling %1 on the %2</source>
        <translation>正在 %2 上分析 %1 的性能</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="636"/>
        <location filename="../app/gui/MainWindow.cpp" line="637"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="636"/>
        <location filename="../app/gui/MainWindow.cpp" line="637"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="637"/>
        <source>Running %1 on the %2</source>
        <translation>正在 %2 上运行 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="700"/>
        <source>%1: run failed: %2</source>
        <translation>%1：运行失败：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="715"/>
        <source>%1 ran in %2 ms (compiled in %3 ms)%4</source>
        <translation>%1 运行用时 %2 毫秒（编译 %3 毫秒）%4</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="734"/>
        <source>%1 profiled: median %2 ms (min %3, max %4), %5 GFLOP/s</source>
        <translation>%1 性能分析：中位数 %2 毫秒（最小 %3，最大 %4），%5 GFLOP/s</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1000"/>
        <source>Opened</source>
        <translation>已打开</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1002"/>
        <source>Start here: select a loop in the IterVar graph or the loop nest and use the Schedule menu (or drag); F5 runs and checks, Ctrl+F5 profiles.</source>
        <translation>从这里开始：在迭代变量图或循环嵌套中选择一个循环，然后使用“调度”菜单（或拖放）；F5 运行并检查，Ctrl+F5 进行性能分析。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="998"/>
        <location filename="../app/gui/MainWindow.cpp" line="1014"/>
        <source>%1 (example)</source>
        <translation>%1（示例）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1016"/>
        <source>Opened the example %1 (an untitled copy: File ▸ Save asks where to keep it)</source>
        <translation>已打开示例 %1（未命名的副本：文件 ▸ 保存时会询问保存位置）</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="930"/>
        <source>Stale: this shows the last schedule that evaluated. The script has an error (%1); fix it and this view updates.</source>
        <translation>已过时：这里显示的是最后一次成功求值的调度。脚本有错误（%1）；修正后此视图会更新。</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="711"/>
        <source>; checked in %1 ms against the kept reference</source>
        <translation>；用保留的参考结果检查，耗时 %1 毫秒</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="712"/>
        <source>; reference computed in %1 ms (kept for the next runs)</source>
        <translation>；参考结果计算耗时 %1 毫秒（保留供后续运行使用）</translation>
    </message>
</context>
<context>
    <name>tessera::gui::RunnerSettingsDialog</name>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="36"/>
        <source>Runner</source>
        <translation>运行器</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="39"/>
        <source>This machine (local)</source>
        <translation>本机（本地）</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="40"/>
        <source>Slurm cluster</source>
        <translation>Slurm 集群</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="41"/>
        <source>the cluster&apos;s default</source>
        <translation>集群默认值</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="42"/>
        <source>none (e.g. gpu:1)</source>
        <translation>无（例如 gpu:1）</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="43"/>
        <source>from the candidates&apos; timeouts (e.g. 10 or 1:00:00)</source>
        <translation>由候选的超时推算（例如 10 或 1:00:00）</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="44"/>
        <source>your default account</source>
        <translation>你的默认账户</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="46"/>
        <source>more sbatch options, e.g. --constraint=avx512 --qos=short</source>
        <translation>更多 sbatch 选项，例如 --constraint=avx512 --qos=short</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="48"/>
        <source>a new folder under $TMPDIR (must be shared with the nodes)</source>
        <translation>$TMPDIR 下的新文件夹（必须与节点共享）</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="49"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="51"/>
        <source>Check Slurm</source>
        <translation>检查 Slurm</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="65"/>
        <source>Run on:</source>
        <translation>运行于：</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="66"/>
        <source>Partition:</source>
        <translation>分区：</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="67"/>
        <source>Generic resources (--gres):</source>
        <translation>通用资源（--gres）：</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="68"/>
        <source>Time limit (--time):</source>
        <translation>时间限制（--time）：</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="69"/>
        <source>Account:</source>
        <translation>账户：</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="70"/>
        <source>Extra sbatch options:</source>
        <translation>额外的 sbatch 选项：</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="71"/>
        <source>Work folder:</source>
        <translation>工作文件夹：</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="85"/>
        <source>Work folder shared with the nodes</source>
        <translation>与节点共享的工作文件夹</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="117"/>
        <source>Unknown runner &quot;%1&quot;.</source>
        <translation>未知的运行器“%1”。</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="120"/>
        <source>The partition</source>
        <translation>分区</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="120"/>
        <source>--gres</source>
        <translation>--gres</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="120"/>
        <source>The account</source>
        <translation>账户</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="123"/>
        <source>%1 cannot contain spaces.</source>
        <translation>%1 不能包含空格。</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="128"/>
        <source>The time limit &quot;%1&quot; is not one Slurm reads (minutes, H:MM:SS or D-HH:MM).</source>
        <translation>时间限制“%1”不是 Slurm 能读取的格式（分钟、H:MM:SS 或 D-HH:MM）。</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="133"/>
        <source>The options cannot contain line breaks or tabs.</source>
        <translation>选项不能包含换行符或制表符。</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="135"/>
        <source>The work folder must be an absolute path (the nodes see the same path).</source>
        <translation>工作文件夹必须是绝对路径（节点看到的是同一路径）。</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="150"/>
        <source>Looking for Slurm…</source>
        <translation>正在查找 Slurm…</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="161"/>
        <source>Slurm answers: jobs can be submitted from here.</source>
        <translation>Slurm 已响应：可以从这里提交作业。</translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="162"/>
        <source>Slurm is not available: %1</source>
        <translation>Slurm 不可用：%1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::TuneController</name>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="256"/>
        <source>The document&apos;s schedule is this best: nothing faster was found.</source>
        <translation>文档的调度就是这个最佳者：没有找到更快的。</translation>
    </message>
    <message>
        <source>medians %1 ms against %2 ms, 95% intervals %3–%4 and %5–%6 ms, timed in the same interleaved rounds</source>
        <translation type="vanished">中位数 %1 毫秒对 %2 毫秒，95% 区间 %3–%4 和 %5–%6 毫秒，在相同的交错轮次中计时</translation>
    </message>
    <message>
        <source>Within noise of the document&apos;s schedule (×%1; %2).</source>
        <translation type="vanished">与文档的调度相比在噪声范围内（×%1；%2）。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="279"/>
        <source>×%1 the document&apos;s schedule (%2).</source>
        <translation>文档调度速度的 ×%1（%2）。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="392"/>
        <source>Cannot read the records database %1: %2</source>
        <translation>无法读取记录数据库 %1：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/TuneController.cpp" line="403"/>
        <source>%n candidate(s) stored by earlier sessions for this workload on this machine (records in %1); Start resumes from them.</source>
        <translation>
            <numerusform>之前的会话为本机上的此工作负载保存了 %n 个候选（记录在 %1）；开始时将从它们继续。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="447"/>
        <source>A tuning session is already running.</source>
        <translation>已有一个调优会话正在运行。</translation>
    </message>
    <message>
        <source>Nothing to tune: the script does not evaluate (fix its errors first).</source>
        <translation type="vanished">无可调优：脚本无法求值（请先修正错误）。</translation>
    </message>
    <message>
        <source>Tuning searches the function the script schedules (%1), not the one shown (%2): show %1 (View ▸ TensorIR Function), or make %2 the schedule&apos;s function with sch.work_on(&quot;%2&quot;).</source>
        <translation type="vanished">调优搜索的是脚本所调度的函数（%1），而不是当前显示的函数（%2）：请显示 %1（视图 ▸ TensorIR 函数），或用 sch.work_on(&quot;%2&quot;) 让 %2 成为调度的函数。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="217"/>
        <source>writes %1 as %2</source>
        <translation>以 %2 写出 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="218"/>
        <source>takes %1 as %2</source>
        <translation>以 %2 接收 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="222"/>
        <source>Its kernel %1.</source>
        <translation>其内核%1。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="260"/>
        <source>spread ×%1–×%2 over %3 process(es) that timed both in the same interleaved rounds; medians %4 ms against %5 ms, 95% intervals %6–%7 and %8–%9 ms</source>
        <translation>范围 ×%1–×%2，来自在相同交错轮次中计时两者的 %3 个进程；中位数 %4 毫秒对 %5 毫秒，95% 区间 %6–%7 和 %8–%9 毫秒</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="274"/>
        <source>No speed-up over the document&apos;s schedule: the best found measured ×%1 (%2). The document&apos;s schedule stays the best.</source>
        <translation>相对文档的调度没有加速：找到的最佳调度测得 ×%1（%2）。文档的调度仍是最佳。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="286"/>
        <source>%1 ms, as the claim timed it</source>
        <translation>%1 毫秒，按加速声明的计时</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="287"/>
        <source>%1 ms at the machine&apos;s reference speed</source>
        <translation>%1 毫秒，按本机的参考速度</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="288"/>
        <source>%1 GFLOP/s (%2)</source>
        <translation>%1 GFLOP/s（%2）</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="291"/>
        <source>Best: the document&apos;s schedule, %1.</source>
        <translation>最佳：文档的调度，%1。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="292"/>
        <source>Best %1.</source>
        <translation>最佳 %1。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="458"/>
        <source>Blocked argument layouts apply to te documents: a TensorIR function takes its buffers as it declares them</source>
        <translation>分块的参数布局只适用于 te 文档：TensorIR 函数按其声明接收缓冲区</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="479"/>
        <source>the design space of the blocks of TensorIR function %1</source>
        <translation>TensorIR 函数 %1 各个块的设计空间</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="481"/>
        <source>the design space of the TensorIR function&apos;s blocks</source>
        <translation>TensorIR 函数各个块的设计空间</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="482"/>
        <source>the space generated from the workload</source>
        <translation>由工作负载生成的搜索空间</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="483"/>
        <source>the %1 points of %2 tunable knob(s)</source>
        <translation>%2 个可调旋钮的 %1 个取值点</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="488"/>
        <source>, the inputs and output in blocked layouts</source>
        <translation>，输入和输出采用分块布局</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="489"/>
        <source>, the inputs in blocked layouts</source>
        <translation>，输入采用分块布局</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="490"/>
        <source>, the output in a blocked layout</source>
        <translation>，输出采用分块布局</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="491"/>
        <source>Tuning %1 over %2: %3 trials%4, records in %5</source>
        <translation>正在调优 %1，搜索%2：%3 次试验%4，记录在 %5</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="495"/>
        <source> within %1</source>
        <translation>，限时 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="557"/>
        <source>%1: %2 queued, %3 running, %4 done</source>
        <translation>%1：%2 个排队，%3 个运行中，%4 个完成</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="617"/>
        <source>Resuming: %1 of %2 trials left</source>
        <translation>继续：剩余 %1 / %2 次试验</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="626"/>
        <location filename="../app/gui/TuneController.cpp" line="658"/>
        <source>Cancelled after %1 of %2 trials.</source>
        <translation>在 %1 / %2 次试验后取消。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="643"/>
        <source>Tuning stopped: %1</source>
        <translation>调优已停止：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="653"/>
        <source>Paused after %1 of %2 trials: Resume continues.</source>
        <translation>在 %1 / %2 次试验后暂停：“继续”可接着进行。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="659"/>
        <source>Tuned: %1 trials measured in %2.</source>
        <translation>调优完成：在 %2 内测量了 %1 次试验。</translation>
    </message>
    <message>
        <source>Best %1 GFLOP/s (%2 ms).</source>
        <translation type="vanished">最佳 %1 GFLOP/s（%2 毫秒）。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="685"/>
        <source>there is no tuned candidate %1</source>
        <translation>没有调优候选 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="687"/>
        <source>tuned candidate %1 is slower than the document&apos;s schedule by the tuner&apos;s own measurement (×%2): the document&apos;s schedule stays</source>
        <translation>按调优器自己的测量，调优候选 %1 比文档的调度慢（×%2）：保留文档的调度</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="700"/>
        <source>the document&apos;s script does not evaluate: fix it before applying a tuned candidate</source>
        <translation>文档的脚本无法求值：应用调优候选前请先修正</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="704"/>
        <source>tuned candidate %1 does not evaluate: %2</source>
        <translation>调优候选 %1 无法求值：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="712"/>
        <source>tuned candidate %1 computes another workload than the document&apos;s (was the te definition edited since it was tuned?)</source>
        <translation>调优候选 %1 计算的工作负载与文档的不同（调优之后 te 定义被修改过吗？）</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="728"/>
        <source>tuned candidate %1 tunes another TensorIR function than the document&apos;s (was the function or its schedule edited since it was tuned?)</source>
        <translation>调优候选 %1 调优的 TensorIR 函数与文档的不同（调优之后函数或其调度被修改过吗？）</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="736"/>
        <source>tuned candidate %1 cannot be put on the document: %2</source>
        <translation>调优候选 %1 无法应用到文档上：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="748"/>
        <source>tuned candidate %1 does not evaluate as a TensorIR document: %2</source>
        <translation>调优候选 %1 无法作为 TensorIR 文档求值：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="759"/>
        <source>apply tuned candidate (%1 GFLOP/s)</source>
        <translation>应用调优候选（%1 GFLOP/s）</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="760"/>
        <source>Applied the candidate at %1 GFLOP/s (Edit ▸ Undo returns).</source>
        <translation>已应用 %1 GFLOP/s 的候选（编辑 ▸ 撤销 可返回）。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="777"/>
        <source>#%1 (%2 GFLOP/s)</source>
        <translation>#%1（%2 GFLOP/s）</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="787"/>
        <source>%1 ms (fastest %2)</source>
        <translation>%1 毫秒（最快 %2）</translation>
    </message>
    <message>
        <source>agrees with the te oracle</source>
        <translation type="vanished">与 te 参考一致</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="791"/>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="794"/>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="795"/>
        <source>median time</source>
        <translation>中位时间</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="796"/>
        <source>reference check</source>
        <translation>参考检查</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="798"/>
        <source>found by</source>
        <translation>发现方式</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="799"/>
        <source>speed of right vs left</source>
        <translation>右侧相对左侧的速度</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="803"/>
        <source>changed script lines</source>
        <translation>脚本中改变的行</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="804"/>
        <source>changed loop-nest lines</source>
        <translation>循环嵌套中改变的行</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="816"/>
        <source>Make tunable: the script has no schedule (fix its errors first)</source>
        <translation>设为可调：脚本没有调度（请先修正错误）</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="826"/>
        <source>Tunable: %1. Sessions now search the knobs&apos; %2 points.</source>
        <translation>可调：%1。会话现在搜索这些旋钮的 %2 个取值点。</translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="852"/>
        <source>The knob %1 was dropped: %2</source>
        <translation>旋钮 %1 已移除：%2</translation>
    </message>
</context>
<context>
    <name>tessera::gui::VersionCompareDialog</name>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="165"/>
        <source>Compare %1 with %2</source>
        <translation>比较 %1 与 %2</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="181"/>
        <source>Script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="182"/>
        <source>Loop nest</source>
        <translation>循环嵌套</translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="183"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (left) and &lt;b&gt;%2&lt;/b&gt; (right)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（左）与 &lt;b&gt;%2&lt;/b&gt;（右）</translation>
    </message>
</context>
<context>
    <name>tessera::views::BoundsView</name>
    <message>
        <location filename="../views/BoundsView.cpp" line="47"/>
        <source>spatial</source>
        <translation>空间</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="48"/>
        <source>reduce</source>
        <translation>归约</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="49"/>
        <source>vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="50"/>
        <source>parallel</source>
        <translation>并行</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="52"/>
        <source>thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="87"/>
        <source>InferBound phases for producer → consumer:</source>
        <translation>生产者 → 消费者的 InferBound 各阶段：</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="88"/>
        <source>Stage / IterVar</source>
        <translation>阶段 / 迭代变量</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="88"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="88"/>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="88"/>
        <source>Extent</source>
        <translation>范围</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="89"/>
        <source>Attach</source>
        <translation>附着</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="89"/>
        <source>Realize</source>
        <translation>实现区域</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="89"/>
        <source>Computed</source>
        <translation>计算量</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="89"/>
        <source>Required</source>
        <translation>需求量</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="94"/>
        <source>IterVar / dimension</source>
        <translation>迭代变量 / 维度</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="94"/>
        <source>Set or range</source>
        <translation>集合或区间</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="121"/>
        <source>No bounds: the script creates no schedule.</source>
        <translation>没有边界：脚本没有创建调度。</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="122"/>
        <source>No bounds: the script has errors.</source>
        <translation>没有边界：脚本有错误。</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="131"/>
        <source> (output)</source>
        <translation>（输出）</translation>
    </message>
    <message>
        <location filename="../views/BoundsPanes.cpp" line="71"/>
        <source>Over-computation: %1× the required elements</source>
        <translation>冗余计算：需求元素的 %1 倍</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="142"/>
        <source> (leaf)</source>
        <translation>（叶子）</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="172"/>
        <source>Phase 1: consumer %1&apos;s leaf vars</source>
        <translation>第 1 步：消费者 %1 的叶子变量</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="175"/>
        <source>Phase 2: PassUpDomain to %1&apos;s root vars</source>
        <translation>第 2 步：PassUpDomain 传到 %1 的根变量</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="177"/>
        <source>after %1</source>
        <translation>%1 之后</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="180"/>
        <source>root vars (after relaxation)</source>
        <translation>根变量（松弛之后）</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="183"/>
        <source>Phase 3: %1&apos;s request of %2</source>
        <translation>第 3 步：%1 对 %2 的请求</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="185"/>
        <source>Phase 4: %1&apos;s root ranges</source>
        <translation>第 4 步：%1 的根区间</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="45"/>
        <source>placeholder</source>
        <translation>占位符</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="46"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>data_par</source>
        <translation type="vanished">数据并行</translation>
    </message>
    <message>
        <source>comm_reduce</source>
        <translation type="vanished">归约</translation>
    </message>
    <message>
        <source>vectorized</source>
        <translation type="vanished">向量化</translation>
    </message>
    <message>
        <source>parallelized</source>
        <translation type="vanished">并行</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="51"/>
        <source>unrolled</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>thread_index</source>
        <translation type="vanished">线程索引</translation>
    </message>
    <message>
        <location filename="../views/BoundsPanes.cpp" line="82"/>
        <source>?: the count depends on a shape variable whose value is not known here</source>
        <translation>?：该数量取决于一个此处未知取值的形状变量</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="163"/>
        <source>No producer → consumer pair here</source>
        <translation>这里没有生产者 → 消费者对</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="163"/>
        <source>No schedule</source>
        <translation>没有调度</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="164"/>
        <source>The phase tables explain how InferBound sizes a compute stage that another compute stage reads (e.g. after cache_read, or B read by C).</source>
        <translation>阶段表说明 InferBound 如何确定被另一个计算阶段读取的计算阶段的大小（例如 cache_read 之后，或 C 读取 B）。</translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="92"/>
        <source>Elements computed by the schedule vs required by the consumers; &quot;?&quot; when a count depends on a shape variable whose value is not known</source>
        <translation>调度计算的元素数与消费者需要的元素数；“?”表示该数目取决于一个值未知的形状变量</translation>
    </message>
</context>
<context>
    <name>tessera::views::BufferLayoutView</name>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="220"/>
        <source>Buffer:</source>
        <translation>缓冲区：</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="241"/>
        <source>Iterations of block %1 by %2</source>
        <translation>块 %1 按 %2 的迭代</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="242"/>
        <source>%1 of block %2 by %3</source>
        <translation>块 %2 按 %3 的 %1</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="315"/>
        <source>phys[%1]=</source>
        <translation>物理[%1]=</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="315"/>
        <source>log[%1]=</source>
        <translation>逻辑[%1]=</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="363"/>
        <source>No buffer has a layout transform. Apply transform_layout to a buffer of a block to see its physical layout and padding.</source>
        <translation>没有缓冲区做过布局变换。对某个块的缓冲区应用 transform_layout，即可查看其物理布局和填充。</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="365"/>
        <source>No buffer has a layout transform. Apply transform_layout to a stage to see its physical layout and padding.</source>
        <translation>没有缓冲区做过布局变换。对某个阶段应用 transform_layout 即可查看它的物理布局和填充。</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="371"/>
        <source>%1: iterations %2 → %3</source>
        <translation>%1：迭代 %2 → %3</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="374"/>
        <source>%1: logical %2 → physical %3</source>
        <translation>%1：逻辑 %2 → 物理 %3</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="383"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="385"/>
        <source>padding where %1</source>
        <translation>填充条件 %1</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="407"/>
        <source>none (padding is never accessed)</source>
        <translation>无（填充永不访问）</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="411"/>
        <source>%1 iterations, each one of the block&apos;s iterations before</source>
        <translation>%1 次迭代，每次对应块之前的一次迭代</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="415"/>
        <source>padding %1 of %2 elements (%3 %) · %4 bytes wasted · pad value %5</source>
        <translation>填充 %1 / %2 个元素（%3 %）· 浪费 %4 字节 · 填充值 %5</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="445"/>
        <source>Iterations after</source>
        <translation>变换后的迭代</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="445"/>
        <source>Iterations before</source>
        <translation>变换前的迭代</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="446"/>
        <source>Physical</source>
        <translation>物理</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="446"/>
        <source>Logical</source>
        <translation>逻辑</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="448"/>
        <source>slice</source>
        <translation>切片</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="488"/>
        <source>physical %1 ↔ logical %2</source>
        <translation>物理 %1 ↔ 逻辑 %2</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="489"/>
        <source>physical %1: padding, pad value %2</source>
        <translation>物理 %1：填充，填充值 %2</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="490"/>
        <source>logical %1 ↔ physical %2</source>
        <translation>逻辑 %1 ↔ 物理 %2</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="491"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="569"/>
        <source>rows %1–%2</source>
        <translation>第 %1–%2 行</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="569"/>
        <source>columns %1–%2</source>
        <translation>第 %1–%2 列</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="571"/>
        <source>%1: %2 of %3 elements are padding (%4 %)</source>
        <translation>%1：%3 个元素中有 %2 个是填充（%4 %）</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="221"/>
        <source>Next padded slice ▸</source>
        <translation>下一个含填充的切片 ▸</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="222"/>
        <source>Show the next slice of the physical layout that holds padding</source>
        <translation>显示物理布局中下一个含填充的切片</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="449"/>
        <source>one cell per %1×%1 elements</source>
        <translation>每格 %1×%1 个元素</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="523"/>
        <source>rows %1–%2, columns %3–%4</source>
        <translation>第 %1–%2 行，第 %3–%4 列</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="525"/>
        <source>%1: %2 of %3 elements are padding</source>
        <translation>%1：%3 个元素中有 %2 个是填充</translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="526"/>
        <source>%1: %2 elements</source>
        <translation>%1：%2 个元素</translation>
    </message>
</context>
<context>
    <name>tessera::views::CacheFitDelegate</name>
    <message>
        <location filename="../views/CacheFitColumn.cpp" line="34"/>
        <source>One iteration of %1 touches %2 in cache lines (%3 of data): fits %4.</source>
        <translation>%1 的一次迭代按缓存行计触及 %2（数据 %3）：可放入 %4。</translation>
    </message>
    <message>
        <location filename="../views/CacheFitColumn.cpp" line="44"/>
        <source> (an index not followed: whole dimension)</source>
        <translation>（有未跟踪的索引：按整个维度计）</translation>
    </message>
    <message>
        <location filename="../views/CacheFitColumn.cpp" line="73"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../views/CacheFitColumn.cpp" line="75"/>
        <source>spills to %1</source>
        <translation>溢出到 %1</translation>
    </message>
    <message>
        <location filename="../views/CacheFitColumn.cpp" line="125"/>
        <source>Unknown: a loop bound or a shape is symbolic.</source>
        <translation>未知：循环边界或形状是符号的。</translation>
    </message>
</context>
<context>
    <name>tessera::views::CodeView</name>
    <message>
        <location filename="../views/CodeView.cpp" line="70"/>
        <source>Previous pass</source>
        <translation>上一个遍</translation>
    </message>
    <message>
        <location filename="../views/CodeView.cpp" line="71"/>
        <source>Next pass</source>
        <translation>下一个遍</translation>
    </message>
    <message>
        <location filename="../views/CodeView.cpp" line="83"/>
        <source>Lowered loop program</source>
        <translation>降级后的循环程序</translation>
    </message>
    <message>
        <location filename="../views/CodeView.cpp" line="126"/>
        <source>No lowered program yet.</source>
        <translation>还没有降级后的程序。</translation>
    </message>
</context>
<context>
    <name>tessera::views::GraphPanel</name>
    <message>
        <location filename="../views/GraphPanel.cpp" line="43"/>
        <source>Graph layout failed: %1</source>
        <translation>图布局失败：%1</translation>
    </message>
</context>
<context>
    <name>tessera::views::GraphScene</name>
    <message>
        <location filename="../views/graph/GraphScene.cpp" line="98"/>
        <source>Dropped on itself: nothing to do.</source>
        <translation>拖放到自身：无需操作。</translation>
    </message>
    <message>
        <location filename="../views/graph/GraphScene.cpp" line="99"/>
        <source>Nothing can be dropped here.</source>
        <translation>这里不能拖放。</translation>
    </message>
    <message>
        <location filename="../views/graph/GraphScene.cpp" line="112"/>
        <source>Only graph nodes can be dropped here.</source>
        <translation>这里只能拖放图中的节点。</translation>
    </message>
</context>
<context>
    <name>tessera::views::IterVarGraphView</name>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="47"/>
        <source>Loop order, outermost first: drag a loop to reorder</source>
        <translation>循环顺序（最外层在前）：拖动循环即可重排</translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="57"/>
        <source>No iter vars: the script has no schedule.</source>
        <translation>没有迭代变量：脚本没有调度。</translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="75"/>
        <source>%1 is an input (placeholder): it has no loops.</source>
        <translation>%1 是输入（占位符）：它没有循环。</translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="81"/>
        <source>Stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="129"/>
        <source>Drop on a loop (iter var).</source>
        <translation>请拖放到一个循环（迭代变量）上。</translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="131"/>
        <source>%1 is not a loop any more (not a leaf var).</source>
        <translation>%1 已不再是循环（不是叶子变量）。</translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="135"/>
        <source>fuse: %1 is not a loop (not a leaf var).</source>
        <translation>fuse：%1 不是循环（不是叶子变量）。</translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="138"/>
        <source>fuse: %1 and %2 are not neighbours in the loop order (%3).</source>
        <translation>fuse：%1 和 %2 在循环顺序（%3）中不相邻。</translation>
    </message>
</context>
<context>
    <name>tessera::views::LoopNestView</name>
    <message>
        <location filename="../views/LoopNestView.cpp" line="28"/>
        <source>loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="30"/>
        <source>produce</source>
        <translation>生产</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="32"/>
        <source>realize</source>
        <translation>实现</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="34"/>
        <source>allocate</source>
        <translation>分配</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="36"/>
        <source>condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="38"/>
        <source>store</source>
        <translation>存储</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/LoopNestView.cpp" line="63"/>
        <source>, prefetches %1 %n iteration(s) ahead</source>
        <translation>
            <numerusform>，提前 %n 次迭代预取 %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="158"/>
        <source>Statement</source>
        <translation>语句</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="158"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="158"/>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="158"/>
        <source>Throughput (MCA)</source>
        <translation>吞吐量（MCA）</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="216"/>
        <source>Measured (%1): %2 ms per call of the whole kernel.</source>
        <translation>实测（%1）：整个内核每次调用 %2 毫秒。</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="241"/>
        <source>%1 cyc/it · %2</source>
        <translation>%1 周期/迭代 · %2</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="243"/>
        <source>LLVM MCA on %1: %2 cycles per iteration of the machine loop (%3 instructions, %4 micro-ops), bound by %5.</source>
        <translation>LLVM MCA（%1）：机器循环每次迭代 %2 个周期（%3 条指令，%4 个微操作），受限于 %5。</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="251"/>
        <source>Busiest unit: %1, %2 cycles per iteration.</source>
        <translation>最繁忙的单元：%1，每次迭代 %2 个周期。</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="325"/>
        <source>There is no schedule.</source>
        <translation>没有调度。</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="326"/>
        <source>Drop on a loop.</source>
        <translation>请拖放到一个循环上。</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="330"/>
        <source>Unknown stage %1.</source>
        <translation>未知阶段 %1。</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="332"/>
        <source>%1 is not a loop of %2&apos;s schedule.</source>
        <translation>%1 不是 %2 调度中的循环。</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="337"/>
        <source>Unknown drag.</source>
        <translation>未知的拖动。</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="339"/>
        <source>reorder: %1 and %2 belong to different stages.</source>
        <translation>reorder：%1 和 %2 属于不同的阶段。</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="340"/>
        <source>Dropped on itself: nothing to do.</source>
        <translation>拖放到自身：无需操作。</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="345"/>
        <source>Only stages and loops can be dropped here.</source>
        <translation>这里只能拖放阶段和循环。</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="158"/>
        <source>Working set</source>
        <translation>工作集</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="48"/>
        <source>serial</source>
        <translation>串行</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="49"/>
        <source>parallel</source>
        <translation>并行</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="50"/>
        <source>vectorized</source>
        <translation>向量化</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="51"/>
        <source>unrolled</source>
        <translation>展开</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="52"/>
        <source>thread_binding</source>
        <translation>线程绑定</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="319"/>
        <source>Drop: compute %1 at %2.%3</source>
        <translation>放下：在 %2.%3 处计算 %1</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="320"/>
        <source>Drop: reorder %1 to %2</source>
        <translation>放下：将 %1 重排为 %2</translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="342"/>
        <source>%1 is already there: nothing to do.</source>
        <translation>%1 已经在那里：无需操作。</translation>
    </message>
</context>
<context>
    <name>tessera::views::PrimitiveMenuText</name>
    <message>
        <location filename="../views/PrimitiveMenus.cpp" line="57"/>
        <source>%1 is an input (placeholder): it is not computed.</source>
        <translation>%1 是输入（占位符）：它不被计算。</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveMenus.cpp" line="65"/>
        <source>Compute Here</source>
        <translation>在此计算</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveMenus.cpp" line="72"/>
        <source>compute_at(%1, %2.%3)</source>
        <translation>compute_at(%1, %2.%3)</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveMenus.cpp" line="80"/>
        <source>No stage read here can be computed at this loop</source>
        <translation>没有在此读取的阶段可以计算于这个循环</translation>
    </message>
</context>
<context>
    <name>tessera::views::PrimitiveText</name>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="78"/>
        <source>%1 needs a leaf loop with another leaf loop after it; %2 has none</source>
        <translation>%1 需要一个后面还有叶子循环的叶子循环；%2 后面没有</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="86"/>
        <source>%1: select a loop (iter var) first</source>
        <translation>%1：请先选择一个循环（迭代变量）</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="127"/>
        <source>Factor (inner extent)</source>
        <translation>因子（内层范围）</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="90"/>
        <source>Outer loop factor</source>
        <translation>外层循环因子</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="91"/>
        <source>Inner loop factor</source>
        <translation>内层循环因子</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="94"/>
        <source>Thread axis</source>
        <translation>线程轴</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="96"/>
        <source>Factor axis</source>
        <translation>因子轴</translation>
    </message>
    <message>
        <source>New loop order (outermost first)</source>
        <translation type="vanished">新的循环顺序（最外层在前）</translation>
    </message>
    <message>
        <source>Reorder</source>
        <translation type="vanished">重排</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="185"/>
        <source>compute_at: no stage reads %1, so it has no loop to be computed at</source>
        <translation>compute_at：没有阶段读取 %1，所以没有可计算于其中的循环</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="187"/>
        <source>Compute at</source>
        <translation>计算于</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="188"/>
        <source>Loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="191"/>
        <source>compute_at: choose a loop</source>
        <translation>compute_at：请选择一个循环</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="209"/>
        <source>Index map (logical → physical)</source>
        <translation>索引映射（逻辑 → 物理）</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="214"/>
        <source>Pad value (empty: never accessed)</source>
        <translation>填充值（留空：永不访问）</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="228"/>
        <source>✓ applies</source>
        <translation>✓ 可应用</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="240"/>
        <source>cache_read: no stage reads %1</source>
        <translation>cache_read：没有阶段读取 %1</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="242"/>
        <location filename="../views/PrimitiveRequests.cpp" line="246"/>
        <source>Storage scope</source>
        <translation>存储作用域</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="268"/>
        <source>Split…</source>
        <translation>拆分…</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="269"/>
        <source>Tile with Next Loop…</source>
        <translation>与下一个循环分块…</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="270"/>
        <source>Fuse with Next Loop</source>
        <translation>与下一个循环融合</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="271"/>
        <source>Reorder…</source>
        <translation>重排…</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="272"/>
        <source>Vectorize</source>
        <translation>向量化</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="273"/>
        <source>Unroll</source>
        <translation>展开</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="274"/>
        <source>Parallel</source>
        <translation>并行</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="275"/>
        <source>Prefetch…</source>
        <translation>预取…</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="276"/>
        <source>Bind to Thread…</source>
        <translation>绑定到线程…</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="277"/>
        <source>Rfactor…</source>
        <translation>归约分解 rfactor…</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="278"/>
        <source>Compute At…</source>
        <translation>计算于…</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="279"/>
        <source>Compute Inline</source>
        <translation>内联计算</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="280"/>
        <source>Compute Root</source>
        <translation>在根部计算</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="281"/>
        <source>Cache Read…</source>
        <translation>读缓存…</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="282"/>
        <source>Cache Write…</source>
        <translation>写缓存…</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="283"/>
        <source>Transform Layout…</source>
        <translation>变换布局…</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="372"/>
        <location filename="../views/PrimitiveRequests.cpp" line="508"/>
        <source>%1: the script has no schedule (fix its errors first)</source>
        <translation>%1：脚本没有调度（请先修正错误）</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="374"/>
        <location filename="../views/PrimitiveRequests.cpp" line="510"/>
        <source>%1: select a stage first</source>
        <translation>%1：请先选择一个阶段</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="376"/>
        <location filename="../views/PrimitiveRequests.cpp" line="513"/>
        <source>%1: there is no stage %2</source>
        <translation>%1：没有阶段 %2</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="289"/>
        <location filename="../views/PrimitiveRequests.cpp" line="336"/>
        <location filename="../views/PrimitiveRequests.cpp" line="348"/>
        <source>There is no schedule.</source>
        <translation>没有调度。</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="105"/>
        <location filename="../views/PrimitiveRequests.cpp" line="426"/>
        <source>prefetch: %1 reads no tensor</source>
        <translation>prefetch：%1 不读取任何张量</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="106"/>
        <source>Iterations ahead</source>
        <translation>提前的迭代次数</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="108"/>
        <source>Each iteration of %1 prefetches what the loop reads this many iterations later</source>
        <translation>%1 的每次迭代预取循环在这么多次迭代之后读取的数据</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="111"/>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="112"/>
        <source>Prefetch in %1.%2</source>
        <translation>在 %1.%2 中预取</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="291"/>
        <source>Drop a stage on another stage.</source>
        <translation>请把一个阶段拖放到另一个阶段上。</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="294"/>
        <source>Unknown stage.</source>
        <translation>未知阶段。</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="295"/>
        <source>A stage cannot be computed at its own loops.</source>
        <translation>阶段不能在自己的循环中计算。</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="297"/>
        <source>%1 is an input (placeholder): it is not computed.</source>
        <translation>%1 是输入（占位符）：它不被计算。</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="299"/>
        <source>%1 is an input (placeholder): it has no loops.</source>
        <translation>%1 是输入（占位符）：它没有循环。</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="301"/>
        <source>compute_at: %1 does not read %2, so %2 cannot be computed inside its loops.</source>
        <translation>compute_at：%1 不读取 %2，所以 %2 不能在它的循环中计算。</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="317"/>
        <source>vectorized</source>
        <translation>向量化</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="318"/>
        <source>unrolled</source>
        <translation>展开</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="319"/>
        <source>parallelized</source>
        <translation>并行</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="341"/>
        <source>fuse: %1 has no loops %2 and %3</source>
        <translation>fuse：%1 没有循环 %2 和 %3</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="380"/>
        <source>%1: %2 has no loop %3</source>
        <translation>%1：%2 没有循环 %3</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="390"/>
        <source>%1: %2 is not a loop any more (it was split or fused)</source>
        <translation>%1：%2 已不再是循环（它已被拆分或融合）</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="395"/>
        <source>%1: %2 is the innermost loop; there is no next loop to %1 it with</source>
        <translation>%1：%2 是最内层循环；没有下一个循环可与之 %1</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="405"/>
        <source>%1: %2 is already %3</source>
        <translation>%1：%2 已经是%3</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="351"/>
        <source>reorder: there is no stage %1</source>
        <translation>reorder：没有阶段 %1</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="355"/>
        <source>reorder: %1 has no loop %2</source>
        <translation>reorder：%1 没有循环 %2</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="129"/>
        <source>Parts (outer extent; 0: use the factor)</source>
        <translation>份数（外层范围；0：使用因子）</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="130"/>
        <source>split(nparts=…): the outer loop gets this many iterations</source>
        <translation>split(nparts=…)：外层循环得到这么多次迭代</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="134"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="141"/>
        <source>Split %1.%2</source>
        <translation>拆分 %1.%2</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="142"/>
        <source>Split %1.%2 (extent %3)</source>
        <translation>拆分 %1.%2（范围 %3）</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="155"/>
        <source>Loop order (outermost first)</source>
        <translation>循环顺序（最外层在前）</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="158"/>
        <source>Drag the loops into the new order, or use Up and Down</source>
        <translation>把循环拖成新的顺序，或使用上移和下移</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="162"/>
        <location filename="../views/PrimitiveRequests.cpp" line="222"/>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="167"/>
        <source>✓ legal</source>
        <translation>✓ 合法</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="170"/>
        <source>Reorder the loops of %1</source>
        <translation>重排 %1 的循环</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="473"/>
        <location filename="../views/PrimitiveRequests.cpp" line="482"/>
        <source>extent / %1</source>
        <translation>范围 / %1</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="476"/>
        <source>The factor must be at least 1.</source>
        <translation>因子至少为 1。</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="488"/>
        <source>(%1 × %2 = %3 &gt; %4: the last iterations are guarded by a condition)</source>
        <translation>（%1 × %2 = %3 &gt; %4：最后几次迭代由条件保护）</translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="495"/>
        <source>(the factor %1 is larger than the extent %2, so it is clamped)</source>
        <translation>（因子 %1 大于范围 %2，因此被截断）</translation>
    </message>
</context>
<context>
    <name>tessera::views::ProfileView</name>
    <message>
        <location filename="../views/ProfileView.cpp" line="78"/>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="79"/>
        <source>time (ms)</source>
        <translation>时间（毫秒）</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="126"/>
        <source>95% interval of the median</source>
        <translation>中位数的 95% 区间</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="170"/>
        <source>No profile yet: Run ▸ Profile measures the current schedule.</source>
        <translation>还没有性能数据：运行 ▸ 性能分析 会测量当前调度。</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/ProfileView.cpp" line="171"/>
        <source>%n profile run(s)</source>
        <translation>
            <numerusform>%n 次性能分析</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="195"/>
        <source>machine peak (estimate): %1 GFLOP/s</source>
        <translation>机器峰值（估计）：%1 GFLOP/s</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="122"/>
        <source>median time (ms)</source>
        <translation>时间中位数（毫秒）</translation>
    </message>
    <message>
        <source>fastest…slowest call</source>
        <translation type="vanished">最快…最慢的调用</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="173"/>
        <source>latest: ×%1 the speed of the first</source>
        <translation>最新：速度为第一次的 ×%1</translation>
    </message>
    <message>
        <source>(within noise: the runs&apos; times overlap)</source>
        <translation type="vanished">（在噪声范围内：两次运行的时间重叠）</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="177"/>
        <source>hover a run for its numbers, click it to show its schedule</source>
        <translation>悬停查看数值，单击显示其调度</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="257"/>
        <source>(within noise: the medians&apos; 95% intervals overlap, timed in the same interleaved rounds)</source>
        <translation>（在噪声范围内：中位数的 95% 区间重叠，在相同的交错轮次中计时）</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="259"/>
        <source>(within noise: the medians&apos; 95% intervals overlap)</source>
        <translation>（在噪声范围内：中位数的 95% 区间重叠）</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="261"/>
        <source>(beyond noise, timed in the same interleaved rounds)</source>
        <translation>（超出噪声，在相同的交错轮次中计时）</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="262"/>
        <source>(beyond noise: the medians&apos; 95% intervals are apart)</source>
        <translation>（超出噪声：中位数的 95% 区间不重叠）</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="266"/>
        <source>(noise unknown: the timed calls were not kept)</source>
        <translation>（噪声未知：未保留计时的各次调用）</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="275"/>
        <source>%1 (%2): median %3 ms</source>
        <translation>%1（%2）：中位数 %3 毫秒</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/ProfileView.cpp" line="279"/>
        <source> (95% interval %1–%2 ms over %n call(s))</source>
        <translation>
            <numerusform>（%n 次调用的 95% 区间 %1–%2 毫秒）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="283"/>
        <source>, fastest %1 ms, slowest %2 ms</source>
        <translation>，最快 %1 毫秒，最慢 %2 毫秒</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="284"/>
        <source>, %1 GFLOP/s</source>
        <translation>，%1 GFLOP/s</translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="286"/>
        <source>, ×%1 the first run</source>
        <translation>，为第一次运行的 ×%1</translation>
    </message>
    <message>
        <source>(within noise)</source>
        <translation type="vanished">（在噪声范围内）</translation>
    </message>
</context>
<context>
    <name>tessera::views::RooflineView</name>
    <message>
        <location filename="../views/RooflineView.cpp" line="78"/>
        <source>operational intensity (flop/byte)</source>
        <translation>运算强度（flop/字节）</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="79"/>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="89"/>
        <source>Measuring the bandwidth of each memory level (once per machine)…</source>
        <translation>正在测量各级存储的带宽（每台机器一次）…</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="150"/>
        <source>%1: %2 GFLOP/s</source>
        <translation>%1：%2 GFLOP/s</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="153"/>
        <source>%1: %2 flop/byte</source>
        <translation>%1：%2 flop/字节</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="155"/>
        <source>above the %1 ceiling: %1 delivered fewer bytes than the model counts (reuse in registers) or was measured low</source>
        <translation>高于 %1 上限：%1 实际传输的字节少于模型的估算（寄存器中的复用），或带宽测得偏低</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="159"/>
        <source>bound by %1</source>
        <translation>受限于 %1</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="161"/>
        <source>above every ceiling: the ceilings were measured low</source>
        <translation>高于所有上限：上限测得偏低</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="221"/>
        <source>%1 %2 GB/s</source>
        <translation>%1 %2 GB/s</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="244"/>
        <source>runs at %1 intensity</source>
        <translation>按 %1 强度的运行</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="253"/>
        <source>selected: %1</source>
        <translation>已选中：%1</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="266"/>
        <source>Ceilings: peak %1 GFLOP/s; %2, %3.</source>
        <translation>上限：峰值 %1 GFLOP/s；%2，%3。</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="270"/>
        <source>Not trusted: %1, also when measured again (the machine is busy?).</source>
        <translation>不可信：%1，重新测量后仍是如此（机器繁忙？）。</translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="274"/>
        <source>Profile the kernel on the CPU: each run appears at its intensity for every memory level.</source>
        <translation>在 CPU 上对内核进行性能分析：每次运行按其在各级存储上的强度显示。</translation>
    </message>
</context>
<context>
    <name>tessera::views::RunLogView</name>
    <message>
        <location filename="../views/RunLogView.cpp" line="101"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="101"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="101"/>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="101"/>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="102"/>
        <source>Max error</source>
        <translation>最大误差</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="102"/>
        <source>Median (ms)</source>
        <translation>中位数（毫秒）</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="102"/>
        <source>Spread</source>
        <translation>离散度</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="103"/>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="103"/>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="104"/>
        <source>Show Version</source>
        <translation>显示版本</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="105"/>
        <source>Go back to the schedule of the selected run (Edit ▸ Undo returns)</source>
        <translation>回到所选运行的调度（编辑 ▸ 撤销 可返回）</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="106"/>
        <source>Compare…</source>
        <translation>比较…</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="108"/>
        <source>Select the runs of two versions to compare their scripts, loop nests and numbers</source>
        <translation>选择两个版本的运行，比较它们的脚本、循环嵌套和数值</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="122"/>
        <source>profile</source>
        <translation>性能分析</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="122"/>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="124"/>
        <source>FAILED: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="125"/>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="126"/>
        <source>matches</source>
        <translation>一致</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="127"/>
        <source>DIFFERS</source>
        <translation>不一致</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="131"/>
        <source>min %1 ms, median %2 ms, max %3 ms</source>
        <translation>最小 %1 毫秒，中位数 %2 毫秒，最大 %3 毫秒</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/RunLogView.cpp" line="139"/>
        <source>95% interval of the median: %1–%2 ms over %n timed call(s)</source>
        <translation>
            <numerusform>中位数的 95% 区间：%1–%2 毫秒，共 %n 次计时调用</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="142"/>
        <source>a single timed call, or calls not kept</source>
        <translation>只有一次计时调用，或未保留各次调用</translation>
    </message>
    <message>
        <source>(slowest - fastest) / median of the timed calls</source>
        <translation type="vanished">计时调用的（最慢 - 最快）/ 中位数</translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="154"/>
        <source>%1 DIFFERS from the reference (max error %2)</source>
        <translation>%1 与参考不一致（最大误差 %2）</translation>
    </message>
</context>
<context>
    <name>tessera::views::ScriptView</name>
    <message>
        <location filename="../views/ScriptView.cpp" line="118"/>
        <source>Click to go to line %1</source>
        <translation>单击跳转到第 %1 行</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/ScriptView.cpp" line="116"/>
        <source>(and %n more)</source>
        <translation>
            <numerusform>（另有 %n 个）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tessera::views::StageDagView</name>
    <message>
        <location filename="../views/StageDagView.cpp" line="36"/>
        <source>The script creates no schedule.</source>
        <translation>脚本没有创建调度。</translation>
    </message>
    <message>
        <location filename="../views/StageDagView.cpp" line="37"/>
        <source>No stage DAG: the script has errors.</source>
        <translation>没有阶段 DAG：脚本有错误。</translation>
    </message>
    <message>
        <location filename="../views/StageDagView.cpp" line="68"/>
        <source>Compute %1 at a loop of %2</source>
        <translation>在 %2 的循环中计算 %1</translation>
    </message>
</context>
<context>
    <name>tessera::views::TirBlockGraphView</name>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="31"/>
        <source>The script creates no TensorIR schedule.</source>
        <translation>脚本没有创建 TensorIR 调度。</translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="32"/>
        <source>No block graph: the script has errors.</source>
        <translation>没有块图：脚本有错误。</translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="36"/>
        <source>%1: blocks and the buffers between them</source>
        <translation>%1：块以及它们之间的缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="65"/>
        <source>There is no TensorIR schedule.</source>
        <translation>没有 TensorIR 调度。</translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="69"/>
        <source>Drop a block on another block to compute it at one of its loops.</source>
        <translation>把一个块拖放到另一个块上，可将其计算于后者的某个循环。</translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="70"/>
        <source>A block cannot be computed at its own loops.</source>
        <translation>块不能计算于它自己的循环。</translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="72"/>
        <source>%1 and %2 share no buffer: neither reads what the other writes.</source>
        <translation>%1 和 %2 没有共享的缓冲区：谁也不读取对方写入的内容。</translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="76"/>
        <source>%1 has no loop to compute %2 at.</source>
        <translation>%1 没有可计算 %2 的循环。</translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="92"/>
        <source>Compute %1 at a loop of %2</source>
        <translation>将 %1 计算于 %2 的某个循环</translation>
    </message>
</context>
<context>
    <name>tessera::views::TirBoundsView</name>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="66"/>
        <source>Region analysis of the block at:</source>
        <translation>块的区域分析，位于：</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="67"/>
        <source>Block / loop</source>
        <translation>块 / 循环</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="67"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="67"/>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="67"/>
        <source>Extent</source>
        <translation>范围</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="67"/>
        <source>Computed</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="68"/>
        <source>Required</source>
        <translation>需要</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="68"/>
        <source>Writes per iteration</source>
        <translation>每次迭代写入</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="68"/>
        <source>Computed at</source>
        <translation>计算于</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="71"/>
        <source>Elements the block writes per iteration of the loop it is computed at vs the elements the blocks under that loop read of them (clipped to the buffer)</source>
        <translation>块在其计算位置循环的每次迭代中写入的元素，对比该循环下的块读取其中的元素（裁剪到缓冲区）</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="73"/>
        <source>Step / loop / dimension</source>
        <translation>步骤 / 循环 / 维度</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="73"/>
        <source>Region or set</source>
        <translation>区域或集合</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="100"/>
        <source>No region analysis: the script has errors.</source>
        <translation>没有区域分析：脚本有错误。</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="101"/>
        <source>No region analysis: the script makes no TensorIR schedule.</source>
        <translation>没有区域分析：脚本没有生成 TensorIR 调度。</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="110"/>
        <source> (output)</source>
        <translation>（输出）</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="121"/>
        <source>No block reads what %1 writes: it is an output</source>
        <translation>没有块读取 %1 写入的内容：它是输出</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="158"/>
        <source>No block selected</source>
        <translation>未选择块</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="159"/>
        <source>No block reads what %1 writes</source>
        <translation>没有块读取 %1 写入的内容</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="161"/>
        <source>The region analysis says how much of a buffer the blocks reading it need per iteration of a loop: what compute_at gives their producer to compute there. Select a block whose output another block reads.</source>
        <translation>区域分析说明读取某缓冲区的块在循环的每次迭代中需要其多少：即 compute_at 交给其生产者在那里计算的部分。请选择一个输出被其他块读取的块。</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="169"/>
        <source>in the whole function</source>
        <translation>在整个函数中</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="170"/>
        <source>per iteration of %1: %2</source>
        <translation>%1 的每次迭代：%2</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="172"/>
        <source>1. What each reader of %1 reads %2</source>
        <translation>1. %1 的每个读取者读取的 %2</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="175"/>
        <source>%1 relaxed</source>
        <translation>%1 已放宽</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="178"/>
        <source>2. Union over the readers</source>
        <translation>2. 所有读取者的并集</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="181"/>
        <source>3. Clipped to %1&apos;s shape</source>
        <translation>3. 裁剪到 %1 的形状</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="189"/>
        <source>The readers reach past %1&apos;s bounds here (the union is %2); TVM&apos;s compute_at bounds the producer by the buffer, so only this part is computed</source>
        <translation>读取者在此超出了 %1 的边界（并集为 %2）；TVM 的 compute_at 用缓冲区限制生产者，因此只计算这一部分</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="194"/>
        <source>4. What %1 writes there</source>
        <translation>4. %1 在那里写入的内容</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="198"/>
        <source>%1 is not under this loop; compute_at here makes it compute step 3</source>
        <translation>%1 不在此循环之下；在此 compute_at 会让它计算第 3 步的区域</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="203"/>
        <source>Computed / required elements</source>
        <translation>计算 / 需要的元素</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="229"/>
        <source>There is no TensorIR schedule.</source>
        <translation>没有 TensorIR 调度。</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="232"/>
        <source>Drop a block on a loop of another block to compute it there.</source>
        <translation>把一个块拖放到另一个块的循环上，可将其计算于该处。</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="262"/>
        <source>At %1: %2</source>
        <translation>在 %1：%2</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="271"/>
        <source>Compute %1 Here</source>
        <translation>在此计算 %1</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="272"/>
        <source>Compute %1 Here, after Its Producers (reverse_compute_at)</source>
        <translation>在此计算 %1，位于其生产者之后（reverse_compute_at）</translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="281"/>
        <source>No block shares a buffer with %1</source>
        <translation>没有块与 %1 共享缓冲区</translation>
    </message>
</context>
<context>
    <name>tessera::views::TirLoopGraphView</name>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="49"/>
        <source>No loops: the script has no TensorIR schedule.</source>
        <translation>没有循环：脚本没有 TensorIR 调度。</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="66"/>
        <source>The function has no block.</source>
        <translation>函数没有块。</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="71"/>
        <source>Block %1: its loops, iterators and bindings</source>
        <translation>块 %1：它的循环、迭代器和绑定</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="72"/>
        <source> (with a predicate)</source>
        <translation>（带谓词）</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="106"/>
        <location filename="../views/TirLoopGraphView.cpp" line="121"/>
        <source>There is no TensorIR schedule.</source>
        <translation>没有 TensorIR 调度。</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="123"/>
        <source>Drop on a loop.</source>
        <translation>请拖放到循环上。</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="112"/>
        <location filename="../views/TirLoopGraphView.cpp" line="132"/>
        <source>Only loops of %1 can be dropped here.</source>
        <translation>这里只能放下 %1 的循环。</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="25"/>
        <source>Loop order, outermost first: drag a loop between two others to move it there, onto its neighbour to fuse them</source>
        <translation>循环顺序（最外层在前）：把循环拖到另外两个循环之间即移到该处，拖到相邻的循环上即将二者融合</translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="115"/>
        <location filename="../views/TirLoopGraphView.cpp" line="135"/>
        <source>Drop a loop or a block on a loop.</source>
        <translation>请把循环或块拖放到循环上。</translation>
    </message>
</context>
<context>
    <name>tessera::views::TirLoopNestView</name>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="73"/>
        <source>Statement</source>
        <translation>语句</translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="73"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="73"/>
        <source>Iterators and bindings</source>
        <translation>迭代器和绑定</translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="73"/>
        <source>Working set</source>
        <translation>工作集</translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="122"/>
        <source>block, T.init</source>
        <translation>块，T.init</translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="122"/>
        <source>block</source>
        <translation>块</translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="169"/>
        <source>There is no TensorIR schedule.</source>
        <translation>没有 TensorIR 调度。</translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="170"/>
        <location filename="../views/TirLoopNestView.cpp" line="211"/>
        <source>Drop a block or a loop on a loop.</source>
        <translation>请把块或循环拖放到循环上。</translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="190"/>
        <source>No other block sits under %1.</source>
        <translation>%1 下面没有其他块。</translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="196"/>
        <source>Reorder or fuse loops within the loop graph or within this nest.</source>
        <translation>在循环图或本嵌套中重排或融合循环。</translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="204"/>
        <source>%1 is not a loop of %2: loops move only within their nest; drop it on a loop of another nest to merge the two</source>
        <translation>%1 不是 %2 的循环：循环只能在其所在的嵌套内移动；将其拖放到另一个嵌套的循环上可合并两个嵌套</translation>
    </message>
    <message>
        <source>%1 is not a loop of %2: loops move only within their nest</source>
        <translation type="vanished">%1 不是 %2 的循环：循环只能在所属嵌套内移动</translation>
    </message>
</context>
<context>
    <name>tessera::views::TuneView</name>
    <message>
        <location filename="../views/TuneView.cpp" line="232"/>
        <source>Trials</source>
        <translation>试验次数</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="233"/>
        <source>Time budget (s)</source>
        <translation>时间预算（秒）</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="234"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="235"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="237"/>
        <source>Stop after this many seconds (none: only the trial count limits the session)</source>
        <translation>经过这么多秒后停止（无：只由试验次数限制会话）</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="238"/>
        <source>How many candidate schedules to measure in this session</source>
        <translation>本次会话要测量多少个候选调度</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="239"/>
        <source>evolution (cost model)</source>
        <translation>进化搜索（代价模型）</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="240"/>
        <source>random (baseline)</source>
        <translation>随机（基线）</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="241"/>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="242"/>
        <source>as defined</source>
        <translation>按定义</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="243"/>
        <source>inputs in blocks</source>
        <translation>输入分块</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="244"/>
        <source>output in blocks</source>
        <translation>输出分块</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="245"/>
        <source>inputs and output in blocks</source>
        <translation>输入和输出分块</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="246"/>
        <source>own blocks</source>
        <translation>自身分块</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="248"/>
        <source>blocks of %1</source>
        <translation>%1 通道一块</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="249"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="251"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="252"/>
        <source>Stop after recording what was measured; Resume continues the session</source>
        <translation>记录已测量的结果后停止；“继续”可接着进行会话</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="253"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="255"/>
        <source>Continue the paused session: schedules already measured are not measured again</source>
        <translation>继续已暂停的会话：已测量的调度不会重复测量</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="256"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="257"/>
        <source>Stop the session (what was measured stays in the records)</source>
        <translation>停止会话（已测量的结果保留在记录中）</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="258"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="259"/>
        <source>Put the selected candidate&apos;s schedule on the trace (one undoable step)</source>
        <translation>把选中候选的调度放到追踪上（一个可撤销的步骤）</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="260"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="261"/>
        <source>Show the two selected candidates&apos; scripts and loop nests side by side</source>
        <translation>并排显示两个选中候选的脚本和循环嵌套</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="262"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="262"/>
        <location filename="../views/TuneView.cpp" line="271"/>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="262"/>
        <source>% of peak</source>
        <translation>峰值 %</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="262"/>
        <source>median (ms)</source>
        <translation>中位数（毫秒）</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="263"/>
        <source>checked</source>
        <translation>已检查</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="263"/>
        <source>found by</source>
        <translation>发现方式</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="263"/>
        <source>schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="265"/>
        <source>Tunable knobs: sessions search exactly these (Make Tunable in the IterVar graph&apos;s or the loop nest&apos;s context menu); without knobs, the space generated from the workload</source>
        <translation>可调旋钮：会话只搜索这些（在迭代变量图或循环嵌套的右键菜单中“设为可调”）；没有旋钮时搜索由工作负载生成的空间</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="268"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="269"/>
        <source>The selected knob goes back to its concrete value</source>
        <translation>选中的旋钮恢复为它的具体取值</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="270"/>
        <location filename="../views/TuneView.cpp" line="272"/>
        <source>trial</source>
        <translation>试验</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="273"/>
        <source>failed (crash, timeout, error)</source>
        <translation>失败（崩溃、超时、错误）</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="274"/>
        <source>best so far</source>
        <translation>目前最佳</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="323"/>
        <source>machine peak (estimate): %1 GFLOP/s</source>
        <translation>机器峰值（估计）：%1 GFLOP/s</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="371"/>
        <source>Fix the script&apos;s errors first: a session tunes the document&apos;s schedule</source>
        <translation>请先修正脚本的错误：会话调优的是文档的调度</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="372"/>
        <source>Tune the document&apos;s workload on this machine (a new session)</source>
        <translation>在本机上调优文档的工作负载（新会话）</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="382"/>
        <source>The channels of a block as the caller&apos;s tensors have them (oneDNN&apos;s nChw16c: 16); own blocks: each schedule&apos;s, its tile&apos;s width of channels. Another workload, with records of its own</source>
        <translation>调用方张量中一个块的通道数（oneDNN 的 nChw16c：16）；自身分块：各调度自己的块，即其分块的通道宽度。这是另一个工作负载，有自己的记录</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="386"/>
        <source>A TensorIR function takes its buffers as it declares them</source>
        <translation>TensorIR 函数按其声明接收缓冲区</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="387"/>
        <source>Which arguments the tuned kernel takes in the blocked layouts it computes in, as a library&apos;s blocked primitive is handed them (oneDNN&apos;s nChw8c): another workload, with records of its own</source>
        <translation>调优后的内核以其计算所用的分块布局接收哪些参数，如同库的分块原语接收张量（oneDNN 的 nChw8c）：这是另一个工作负载，有其自己的记录</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="399"/>
        <source>%1 of %2 trials measured in %3</source>
        <translation>在 %3 内测量了 %1 / %2 次试验</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="404"/>
        <source>best %1 GFLOP/s</source>
        <translation>最佳 %1 GFLOP/s</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="405"/>
        <source>(%1% of peak)</source>
        <translation>（峰值的 %1%）</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="408"/>
        <source>about %1 left</source>
        <translation>约剩 %1</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="409"/>
        <source>estimating time left…</source>
        <translation>正在估计剩余时间…</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="411"/>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="459"/>
        <source>record %1</source>
        <translation>记录 %1</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="464"/>
        <source>median %1 ms, fastest %2 ms</source>
        <translation>中位数 %1 毫秒，最快 %2 毫秒</translation>
    </message>
    <message>
        <source>agrees with the te oracle</source>
        <translation type="vanished">与 te 参考一致</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="467"/>
        <source>not yet</source>
        <translation>尚未</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="515"/>
        <source>records: %1</source>
        <translation>记录：%1</translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="518"/>
        <source>Every measured candidate is kept in this SQLite file; a session started again on the same workload resumes from it</source>
        <translation>每个测量过的候选都保存在这个 SQLite 文件中；对同一工作负载再次开始的会话会从中继续</translation>
    </message>
</context>
</TS>
