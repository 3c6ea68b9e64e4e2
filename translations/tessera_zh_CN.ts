<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>%1 is not a script: it contains binary data</source>
        <translation>%1 不是脚本：它包含二进制数据</translation>
    </message>
    <message>
        <source>%1 is not a script: it is not valid UTF-8 text</source>
        <translation>%1 不是脚本：它不是有效的 UTF-8 文本</translation>
    </message>
    <message>
        <source>needs an integer &apos;%1&apos;</source>
        <translation>需要整数“%1”</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be at least %2, not %3</source>
        <translation>“%1”至少应为 %2，而不是 %3</translation>
    </message>
    <message>
        <source>needs &apos;%1&apos;</source>
        <translation>需要“%1”</translation>
    </message>
    <message>
        <source>select one loop (iter var) first</source>
        <translation>请先选择一个循环（迭代变量）</translation>
    </message>
    <message>
        <source>needs %1 iter vars, got %2</source>
        <translation>需要 %1 个迭代变量，实际为 %2 个</translation>
    </message>
    <message>
        <source>needs at least %1 iter vars</source>
        <translation>至少需要 %1 个迭代变量</translation>
    </message>
    <message>
        <source>names an iter var twice</source>
        <translation>同一个迭代变量出现了两次</translation>
    </message>
    <message>
        <source>needs a target stage</source>
        <translation>需要目标阶段</translation>
    </message>
    <message>
        <source>needs at least one reader stage</source>
        <translation>至少需要一个读取阶段</translation>
    </message>
    <message>
        <source>is not a primitive Tessera can apply from the GUI</source>
        <translation>不是 Tessera 能从图形界面应用的原语</translation>
    </message>
    <message>
        <source>select a stage first</source>
        <translation>请先选择一个阶段</translation>
    </message>
    <message>
        <source>%1 %2 (%3)%4</source>
        <translation>%1 %2（%3）%4</translation>
    </message>
    <message>
        <source>, leaf: a loop of the program</source>
        <translation>，叶子：程序中的一个循环</translation>
    </message>
    <message>
        <source>outer</source>
        <translation>外层</translation>
    </message>
    <message>
        <source>inner</source>
        <translation>内层</translation>
    </message>
    <message>
        <source>placeholder</source>
        <translation>占位符</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>cache (%1)</source>
        <translation>缓存（%1）</translation>
    </message>
    <message>
        <source>%1: %2, attach %3</source>
        <translation>%1：%2，附着 %3</translation>
    </message>
    <message>
        <source>
computes %1 elements, %2 required</source>
        <translation>
计算 %1 个元素，需要 %2 个</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matches (max error %1)</source>
        <translation>与参考一致（最大误差 %1）</translation>
    </message>
    <message>
        <source>DIFFERS (max error %1)</source>
        <translation>与参考不一致（最大误差 %1）</translation>
    </message>
    <message>
        <source>%1 ms (min %2, max %3)</source>
        <translation>%1 毫秒（最小 %2，最大 %3）</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>reference check</source>
        <translation>参考检查</translation>
    </message>
    <message>
        <source>fastest median</source>
        <translation>最快中位数</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source> (within noise)</source>
        <translation>（在噪声范围内）</translation>
    </message>
    <message>
        <source>speed of right vs left</source>
        <translation>右侧相对左侧的速度</translation>
    </message>
    <message>
        <source>changed script lines</source>
        <translation>脚本中改变的行</translation>
    </message>
    <message>
        <source>changed loop-nest lines</source>
        <translation>循环嵌套中改变的行</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Tessera: a schedule studio for tensor kernels</source>
        <translation>Tessera：张量算子的调度工作室</translation>
    </message>
    <message>
        <source>A script to open.</source>
        <translation>要打开的脚本。</translation>
    </message>
    <message>
        <source>Select STAGE or STAGE:ITERVAR.</source>
        <translation>选择 阶段 或 阶段:迭代变量。</translation>
    </message>
    <message>
        <source>Show and raise a dock (Script, StageDag, IterVar, LoopNest, BufferLayout, Bounds, Code, Profile).</source>
        <translation>显示并置顶一个停靠窗口（Script、StageDag、IterVar、LoopNest、BufferLayout、Bounds、Code、Profile）。</translation>
    </message>
    <message>
        <source>light or dark, for this session.</source>
        <translation>本次会话使用 light（浅色）或 dark（深色）。</translation>
    </message>
    <message>
        <source>en or zh_CN, for this session.</source>
        <translation>本次会话使用 en 或 zh_CN。</translation>
    </message>
    <message>
        <source>Profile the schedule once it is open.</source>
        <translation>打开后立即对调度进行性能分析。</translation>
    </message>
</context>
<context>
    <name>tessera::gui::Document</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is too large for a script (%2 bytes)</source>
        <translation>%1 太大，不是脚本（%2 字节）</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1: the script has no schedule to apply it to (fix its errors first)</source>
        <translation>%1：脚本没有可应用的调度（请先修正错误）</translation>
    </message>
    <message>
        <source>%1 was legal, but the printed script does not evaluate: %2</source>
        <translation>%1 合法，但打印出的脚本无法求值：%2</translation>
    </message>
    <message>
        <source>transform_layout: the index map must be a lambda, e.g. lambda i: [i // 4, i % 4]</source>
        <translation>transform_layout：索引映射必须是 lambda，例如 lambda i: [i // 4, i % 4]</translation>
    </message>
    <message>
        <source>Edit script</source>
        <translation>编辑脚本</translation>
    </message>
    <message>
        <source>%1 is too large for a project (%2 bytes)</source>
        <translation>%1 太大，不是项目（%2 字节）</translation>
    </message>
    <message>
        <source>there is no version v%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>go to %1</source>
        <translation>转到 %1</translation>
    </message>
</context>
<context>
    <name>tessera::gui::MainWindow</name>
    <message>
        <source>Script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <source>Stage DAG</source>
        <translation>阶段 DAG</translation>
    </message>
    <message>
        <source>IterVar hyper-graph</source>
        <translation>迭代变量超图</translation>
    </message>
    <message>
        <source>Loop nest</source>
        <translation>循环嵌套</translation>
    </message>
    <message>
        <source>Buffer layout</source>
        <translation>缓冲区布局</translation>
    </message>
    <message>
        <source>Bounds</source>
        <translation>边界</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>性能分析</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Example</source>
        <translation>打开示例(&amp;E)</translation>
    </message>
    <message>
        <source>Recent &amp;Files</source>
        <translation>最近的文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Script for &amp;TVM…</source>
        <translation>TVM 脚本(&amp;T)…</translation>
    </message>
    <message>
        <source>Current &amp;View as PNG/SVG…</source>
        <translation>当前视图导出为 PNG/SVG(&amp;V)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Schedule</source>
        <translation>调度(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Split…</source>
        <translation>拆分(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Tile…</source>
        <translation>分块(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Fuse</source>
        <translation>融合(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Reorder…</source>
        <translation>重排(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Vectorize</source>
        <translation>向量化(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Unroll</source>
        <translation>展开(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Parallel</source>
        <translation>并行(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Bind to Thread…</source>
        <translation>绑定到线程(&amp;B)…</translation>
    </message>
    <message>
        <source>Compute &amp;At…</source>
        <translation>计算于(&amp;A)…</translation>
    </message>
    <message>
        <source>Compute &amp;Inline</source>
        <translation>内联计算(&amp;I)</translation>
    </message>
    <message>
        <source>Compute R&amp;oot</source>
        <translation>在根部计算(&amp;O)</translation>
    </message>
    <message>
        <source>Cache R&amp;ead…</source>
        <translation>读缓存(&amp;E)…</translation>
    </message>
    <message>
        <source>Cache &amp;Write…</source>
        <translation>写缓存(&amp;W)…</translation>
    </message>
    <message>
        <source>R&amp;factor…</source>
        <translation>归约分解 rfactor(&amp;F)…</translation>
    </message>
    <message>
        <source>Transform &amp;Layout…</source>
        <translation>变换布局(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run on &amp;CPU</source>
        <translation>在 CPU 上运行(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Profile</source>
        <translation>性能分析(&amp;P)</translation>
    </message>
    <message>
        <source>C&amp;ancel</source>
        <translation>取消(&amp;A)</translation>
    </message>
    <message>
        <source>This build has no LLVM backend</source>
        <translation>此构建没有 LLVM 后端</translation>
    </message>
    <message>
        <source>Nothing to run: the script has no lowered program.</source>
        <translation>无法运行：脚本没有降级后的程序。</translation>
    </message>
    <message>
        <source>A run is already going.</source>
        <translation>已有一次运行正在进行。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Dark Palette</source>
        <translation>深色配色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Tessera</source>
        <translation>关于 Tessera(&amp;A)</translation>
    </message>
    <message>
        <source>About Tessera</source>
        <translation>关于 Tessera</translation>
    </message>
    <message>
        <source>&lt;b&gt;Tessera&lt;/b&gt; %1&lt;br&gt;A schedule studio for tensor kernels: see the stage DAG, iter vars, bounds, layouts and code of a tensor program while you schedule it.</source>
        <translation>&lt;b&gt;Tessera&lt;/b&gt; %1&lt;br&gt;张量算子的调度工作室：在调度张量程序的同时查看它的阶段 DAG、迭代变量、边界、布局和代码。</translation>
    </message>
    <message>
        <source>No errors</source>
        <translation>没有错误</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Open failed</source>
        <translation>打开失败</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 有未保存的更改。要保存吗？</translation>
    </message>
    <message>
        <source>Applied %1</source>
        <translation>已应用 %1</translation>
    </message>
    <message>
        <source>Export script for TVM</source>
        <translation>导出 TVM 脚本</translation>
    </message>
    <message>
        <source>Python (*.py)</source>
        <translation>Python (*.py)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>Recover unsaved changes</source>
        <translation>恢复未保存的更改</translation>
    </message>
    <message>
        <source>%1 has unsaved changes from an earlier session. Recover them?</source>
        <translation>%1 有上次会话中未保存的更改。要恢复吗？</translation>
    </message>
    <message>
        <source>Recovered the unsaved changes of %1 (Edit ▸ Undo reverts).</source>
        <translation>已恢复 %1 未保存的更改（编辑 ▸ 撤销 可还原）。</translation>
    </message>
    <message>
        <source>Run on &amp;GPU</source>
        <translation>在 GPU 上运行(&amp;G)</translation>
    </message>
    <message>
        <source>Profile on G&amp;PU</source>
        <translation>在 GPU 上进行性能分析(&amp;P)</translation>
    </message>
    <message>
        <source>No CUDA GPU here (%1)</source>
        <translation>这里没有 CUDA GPU（%1）</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <source>There is no %1 translation; the language stays as it was.</source>
        <translation>没有 %1 的翻译；语言保持不变。</translation>
    </message>
    <message>
        <source>The interface language is now English.</source>
        <translation>界面语言已切换为简体中文。</translation>
    </message>
    <message>
        <source>Open project or script</source>
        <translation>打开项目或脚本</translation>
    </message>
    <message>
        <source>Tessera projects and scripts (*.tessera *.py);;All files (*)</source>
        <translation>Tessera 项目和脚本 (*.tessera *.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <source>Tessera projects (*.tessera);;Tessera scripts (*.py)</source>
        <translation>Tessera 项目 (*.tessera);;Tessera 脚本 (*.py)</translation>
    </message>
    <message>
        <source>, matches the reference (max error %1)</source>
        <translation>，与参考结果一致（最大误差 %1）</translation>
    </message>
    <message>
        <source>, DIFFERS from the reference (max error %1)</source>
        <translation>，与参考结果不一致（最大误差 %1）</translation>
    </message>
    <message>
        <source>Showing %1 (Edit ▸ Undo returns)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run log</source>
        <translation>运行日志</translation>
    </message>
    <message>
        <source>Undid %1</source>
        <translation>已撤销 %1</translation>
    </message>
    <message>
        <source>Redid %1</source>
        <translation>已重做 %1</translation>
    </message>
    <message>
        <source>Profiling %1 on the %2</source>
        <translation>正在 %2 上分析 %1 的性能</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Running %1 on the %2</source>
        <translation>正在 %2 上运行 %1</translation>
    </message>
    <message>
        <source>%1: run failed: %2</source>
        <translation>%1：运行失败：%2</translation>
    </message>
    <message>
        <source>%1 ran in %2 ms (compiled in %3 ms)%4</source>
        <translation>%1 运行用时 %2 毫秒（编译 %3 毫秒）%4</translation>
    </message>
    <message>
        <source>%1 profiled: median %2 ms (min %3, max %4), %5 GFLOP/s</source>
        <translation>%1 性能分析：中位数 %2 毫秒（最小 %3，最大 %4），%5 GFLOP/s</translation>
    </message>
    <message>
        <source>Opened</source>
        <translation>已打开</translation>
    </message>
    <message>
        <source>Start here: select a loop in the IterVar graph or the loop nest and use the Schedule menu (or drag); F5 runs and checks, Ctrl+F5 profiles.</source>
        <translation>从这里开始：在迭代变量图或循环嵌套中选择一个循环，然后使用“调度”菜单（或拖放）；F5 运行并检查，Ctrl+F5 进行性能分析。</translation>
    </message>
    <message>
        <source>%1 (example)</source>
        <translation>%1（示例）</translation>
    </message>
    <message>
        <source>Opened the example %1 (an untitled copy: File ▸ Save asks where to keep it)</source>
        <translation>已打开示例 %1（未命名的副本：文件 ▸ 保存时会询问保存位置）</translation>
    </message>
    <message>
        <source>Stale: this shows the last schedule that evaluated. The script has an error (%1); fix it and this view updates.</source>
        <translation>已过时：这里显示的是最后一次成功求值的调度。脚本有错误（%1）；修正后此视图会更新。</translation>
    </message>
    <message>
        <source>; checked in %1 ms against the kept reference</source>
        <translation>；用保留的参考结果检查，耗时 %1 毫秒</translation>
    </message>
    <message>
        <source>; reference computed in %1 ms (kept for the next runs)</source>
        <translation>；参考结果计算耗时 %1 毫秒（保留供后续运行使用）</translation>
    </message>
</context>
<context>
    <name>tessera::gui::VersionCompareDialog</name>
    <message>
        <source>Compare %1 with %2</source>
        <translation>比较 %1 与 %2</translation>
    </message>
    <message>
        <source>Script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <source>Loop nest</source>
        <translation>循环嵌套</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (left) and &lt;b&gt;%2&lt;/b&gt; (right)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（左）与 &lt;b&gt;%2&lt;/b&gt;（右）</translation>
    </message>
</context>
<context>
    <name>tessera::views::BoundsView</name>
    <message>
        <source>InferBound phases for producer → consumer:</source>
        <translation>生产者 → 消费者的 InferBound 各阶段：</translation>
    </message>
    <message>
        <source>Stage / IterVar</source>
        <translation>阶段 / 迭代变量</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Extent</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>附着</translation>
    </message>
    <message>
        <source>Realize</source>
        <translation>实现区域</translation>
    </message>
    <message>
        <source>Computed</source>
        <translation>计算量</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>需求量</translation>
    </message>
    <message>
        <source>IterVar / dimension</source>
        <translation>迭代变量 / 维度</translation>
    </message>
    <message>
        <source>Set or range</source>
        <translation>集合或区间</translation>
    </message>
    <message>
        <source>No bounds: the script creates no schedule.</source>
        <translation>没有边界：脚本没有创建调度。</translation>
    </message>
    <message>
        <source>No bounds: the script has errors.</source>
        <translation>没有边界：脚本有错误。</translation>
    </message>
    <message>
        <source> (output)</source>
        <translation>（输出）</translation>
    </message>
    <message>
        <source>Over-computation: %1× the required elements</source>
        <translation>冗余计算：需求元素的 %1 倍</translation>
    </message>
    <message>
        <source> (leaf)</source>
        <translation>（叶子）</translation>
    </message>
    <message>
        <source>Phase 1: consumer %1&apos;s leaf vars</source>
        <translation>第 1 步：消费者 %1 的叶子变量</translation>
    </message>
    <message>
        <source>Phase 2: PassUpDomain to %1&apos;s root vars</source>
        <translation>第 2 步：PassUpDomain 传到 %1 的根变量</translation>
    </message>
    <message>
        <source>after %1</source>
        <translation>%1 之后</translation>
    </message>
    <message>
        <source>root vars (after relaxation)</source>
        <translation>根变量（松弛之后）</translation>
    </message>
    <message>
        <source>Phase 3: %1&apos;s request of %2</source>
        <translation>第 3 步：%1 对 %2 的请求</translation>
    </message>
    <message>
        <source>Phase 4: %1&apos;s root ranges</source>
        <translation>第 4 步：%1 的根区间</translation>
    </message>
    <message>
        <source>placeholder</source>
        <translation>占位符</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>data_par</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>comm_reduce</source>
        <translation>归约</translation>
    </message>
    <message>
        <source>vectorized</source>
        <translation>向量化</translation>
    </message>
    <message>
        <source>parallelized</source>
        <translation>并行</translation>
    </message>
    <message>
        <source>unrolled</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>thread_index</source>
        <translation>线程索引</translation>
    </message>
    <message>
        <source>?: the count depends on a shape variable whose value is not known here</source>
        <translation>?：该数量取决于一个此处未知取值的形状变量</translation>
    </message>
    <message>
        <source>No producer → consumer pair here</source>
        <translation>这里没有生产者 → 消费者对</translation>
    </message>
    <message>
        <source>No schedule</source>
        <translation>没有调度</translation>
    </message>
    <message>
        <source>The phase tables explain how InferBound sizes a compute stage that another compute stage reads (e.g. after cache_read, or B read by C).</source>
        <translation>阶段表说明 InferBound 如何确定被另一个计算阶段读取的计算阶段的大小（例如 cache_read 之后，或 C 读取 B）。</translation>
    </message>
    <message>
        <source>Elements computed by the schedule vs required by the consumers; &quot;?&quot; when a count depends on a shape variable whose value is not known</source>
        <translation>调度计算的元素数与消费者需要的元素数；“?”表示该数目取决于一个值未知的形状变量</translation>
    </message>
</context>
<context>
    <name>tessera::views::BufferLayoutView</name>
    <message>
        <source>Buffer:</source>
        <translation>缓冲区：</translation>
    </message>
    <message>
        <source>phys[%1]=</source>
        <translation>物理[%1]=</translation>
    </message>
    <message>
        <source>log[%1]=</source>
        <translation>逻辑[%1]=</translation>
    </message>
    <message>
        <source>No buffer has a layout transform. Apply transform_layout to a stage to see its physical layout and padding.</source>
        <translation>没有缓冲区做过布局变换。对某个阶段应用 transform_layout 即可查看它的物理布局和填充。</translation>
    </message>
    <message>
        <source>%1: logical %2 → physical %3</source>
        <translation>%1：逻辑 %2 → 物理 %3</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>padding where %1</source>
        <translation>填充条件 %1</translation>
    </message>
    <message>
        <source>none (padding is never accessed)</source>
        <translation>无（填充永不访问）</translation>
    </message>
    <message>
        <source>padding %1 of %2 elements (%3 %) · %4 bytes wasted · pad value %5</source>
        <translation>填充 %1 / %2 个元素（%3 %）· 浪费 %4 字节 · 填充值 %5</translation>
    </message>
    <message>
        <source>Physical</source>
        <translation>物理</translation>
    </message>
    <message>
        <source>Logical</source>
        <translation>逻辑</translation>
    </message>
    <message>
        <source>slice</source>
        <translation>切片</translation>
    </message>
    <message>
        <source>physical %1 ↔ logical %2</source>
        <translation>物理 %1 ↔ 逻辑 %2</translation>
    </message>
    <message>
        <source>physical %1: padding, pad value %2</source>
        <translation>物理 %1：填充，填充值 %2</translation>
    </message>
    <message>
        <source>logical %1 ↔ physical %2</source>
        <translation>逻辑 %1 ↔ 物理 %2</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Next padded slice ▸</source>
        <translation>下一个含填充的切片 ▸</translation>
    </message>
    <message>
        <source>Show the next slice of the physical layout that holds padding</source>
        <translation>显示物理布局中下一个含填充的切片</translation>
    </message>
    <message>
        <source>one cell per %1×%1 elements</source>
        <translation>每格 %1×%1 个元素</translation>
    </message>
    <message>
        <source>rows %1–%2, columns %3–%4</source>
        <translation>第 %1–%2 行，第 %3–%4 列</translation>
    </message>
    <message>
        <source>%1: %2 of %3 elements are padding</source>
        <translation>%1：%3 个元素中有 %2 个是填充</translation>
    </message>
    <message>
        <source>%1: %2 elements</source>
        <translation>%1：%2 个元素</translation>
    </message>
</context>
<context>
    <name>tessera::views::CacheFitDelegate</name>
    <message>
        <source>One iteration of %1 touches %2 in cache lines (%3 of data): fits %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (an index not followed: whole dimension)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished">未知</translation>
    </message>
    <message>
        <source>spills to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown: a loop bound or a shape is symbolic.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::CodeView</name>
    <message>
        <source>Previous pass</source>
        <translation>上一个遍</translation>
    </message>
    <message>
        <source>Next pass</source>
        <translation>下一个遍</translation>
    </message>
    <message>
        <source>Lowered loop program</source>
        <translation>降级后的循环程序</translation>
    </message>
    <message>
        <source>No lowered program yet.</source>
        <translation>还没有降级后的程序。</translation>
    </message>
</context>
<context>
    <name>tessera::views::GraphPanel</name>
    <message>
        <source>Graph layout failed: %1</source>
        <translation>图布局失败：%1</translation>
    </message>
</context>
<context>
    <name>tessera::views::GraphScene</name>
    <message>
        <source>Dropped on itself: nothing to do.</source>
        <translation>拖放到自身：无需操作。</translation>
    </message>
    <message>
        <source>Nothing can be dropped here.</source>
        <translation>这里不能拖放。</translation>
    </message>
    <message>
        <source>Only graph nodes can be dropped here.</source>
        <translation>这里只能拖放图中的节点。</translation>
    </message>
</context>
<context>
    <name>tessera::views::IterVarGraphView</name>
    <message>
        <source>Loop order, outermost first: drag a loop to reorder</source>
        <translation>循环顺序（最外层在前）：拖动循环即可重排</translation>
    </message>
    <message>
        <source>No iter vars: the script has no schedule.</source>
        <translation>没有迭代变量：脚本没有调度。</translation>
    </message>
    <message>
        <source>%1 is an input (placeholder): it has no loops.</source>
        <translation>%1 是输入（占位符）：它没有循环。</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>Drop on a loop (iter var).</source>
        <translation>请拖放到一个循环（迭代变量）上。</translation>
    </message>
    <message>
        <source>%1 is not a loop any more (not a leaf var).</source>
        <translation>%1 已不再是循环（不是叶子变量）。</translation>
    </message>
    <message>
        <source>fuse: %1 is not a loop (not a leaf var).</source>
        <translation>fuse：%1 不是循环（不是叶子变量）。</translation>
    </message>
    <message>
        <source>fuse: %1 and %2 are not neighbours in the loop order (%3).</source>
        <translation>fuse：%1 和 %2 在循环顺序（%3）中不相邻。</translation>
    </message>
</context>
<context>
    <name>tessera::views::LoopNestView</name>
    <message>
        <source>loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>produce</source>
        <translation>生产</translation>
    </message>
    <message>
        <source>realize</source>
        <translation>实现</translation>
    </message>
    <message>
        <source>allocate</source>
        <translation>分配</translation>
    </message>
    <message>
        <source>condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>store</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Statement</source>
        <translation>语句</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>There is no schedule.</source>
        <translation>没有调度。</translation>
    </message>
    <message>
        <source>Drop on a loop.</source>
        <translation>请拖放到一个循环上。</translation>
    </message>
    <message>
        <source>Unknown stage %1.</source>
        <translation>未知阶段 %1。</translation>
    </message>
    <message>
        <source>%1 is not a loop of %2&apos;s schedule.</source>
        <translation>%1 不是 %2 调度中的循环。</translation>
    </message>
    <message>
        <source>Unknown drag.</source>
        <translation>未知的拖动。</translation>
    </message>
    <message>
        <source>reorder: %1 and %2 belong to different stages.</source>
        <translation>reorder：%1 和 %2 属于不同的阶段。</translation>
    </message>
    <message>
        <source>Dropped on itself: nothing to do.</source>
        <translation>拖放到自身：无需操作。</translation>
    </message>
    <message>
        <source>Only stages and loops can be dropped here.</source>
        <translation>这里只能拖放阶段和循环。</translation>
    </message>
    <message>
        <source>Working set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>serial</source>
        <translation>串行</translation>
    </message>
    <message>
        <source>parallel</source>
        <translation>并行</translation>
    </message>
    <message>
        <source>vectorized</source>
        <translation>向量化</translation>
    </message>
    <message>
        <source>unrolled</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>thread_binding</source>
        <translation>线程绑定</translation>
    </message>
    <message>
        <source>Drop: compute %1 at %2.%3</source>
        <translation>放下：在 %2.%3 处计算 %1</translation>
    </message>
    <message>
        <source>Drop: reorder %1 to %2</source>
        <translation>放下：将 %1 重排为 %2</translation>
    </message>
    <message>
        <source>%1 is already there: nothing to do.</source>
        <translation>%1 已经在那里：无需操作。</translation>
    </message>
</context>
<context>
    <name>tessera::views::PrimitiveText</name>
    <message>
        <source>%1 needs a leaf loop with another leaf loop after it; %2 has none</source>
        <translation>%1 需要一个后面还有叶子循环的叶子循环；%2 后面没有</translation>
    </message>
    <message>
        <source>%1: select a loop (iter var) first</source>
        <translation>%1：请先选择一个循环（迭代变量）</translation>
    </message>
    <message>
        <source>Factor (inner extent)</source>
        <translation>因子（内层范围）</translation>
    </message>
    <message>
        <source>Outer loop factor</source>
        <translation>外层循环因子</translation>
    </message>
    <message>
        <source>Inner loop factor</source>
        <translation>内层循环因子</translation>
    </message>
    <message>
        <source>Thread axis</source>
        <translation>线程轴</translation>
    </message>
    <message>
        <source>Factor axis</source>
        <translation>因子轴</translation>
    </message>
    <message>
        <source>New loop order (outermost first)</source>
        <translation>新的循环顺序（最外层在前）</translation>
    </message>
    <message>
        <source>Reorder</source>
        <translation>重排</translation>
    </message>
    <message>
        <source>compute_at: no stage reads %1, so it has no loop to be computed at</source>
        <translation>compute_at：没有阶段读取 %1，所以没有可计算于其中的循环</translation>
    </message>
    <message>
        <source>Compute at</source>
        <translation>计算于</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>compute_at: choose a loop</source>
        <translation>compute_at：请选择一个循环</translation>
    </message>
    <message>
        <source>Index map (logical → physical)</source>
        <translation>索引映射（逻辑 → 物理）</translation>
    </message>
    <message>
        <source>Pad value (empty: never accessed)</source>
        <translation>填充值（留空：永不访问）</translation>
    </message>
    <message>
        <source>cache_read: no stage reads %1</source>
        <translation>cache_read：没有阶段读取 %1</translation>
    </message>
    <message>
        <source>Storage scope</source>
        <translation>存储作用域</translation>
    </message>
    <message>
        <source>Split…</source>
        <translation>拆分…</translation>
    </message>
    <message>
        <source>Tile with Next Loop…</source>
        <translation>与下一个循环分块…</translation>
    </message>
    <message>
        <source>Fuse with Next Loop</source>
        <translation>与下一个循环融合</translation>
    </message>
    <message>
        <source>Reorder…</source>
        <translation>重排…</translation>
    </message>
    <message>
        <source>Vectorize</source>
        <translation>向量化</translation>
    </message>
    <message>
        <source>Unroll</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>Parallel</source>
        <translation>并行</translation>
    </message>
    <message>
        <source>Bind to Thread…</source>
        <translation>绑定到线程…</translation>
    </message>
    <message>
        <source>Rfactor…</source>
        <translation>归约分解 rfactor…</translation>
    </message>
    <message>
        <source>Compute At…</source>
        <translation>计算于…</translation>
    </message>
    <message>
        <source>Compute Inline</source>
        <translation>内联计算</translation>
    </message>
    <message>
        <source>Compute Root</source>
        <translation>在根部计算</translation>
    </message>
    <message>
        <source>Cache Read…</source>
        <translation>读缓存…</translation>
    </message>
    <message>
        <source>Cache Write…</source>
        <translation>写缓存…</translation>
    </message>
    <message>
        <source>Transform Layout…</source>
        <translation>变换布局…</translation>
    </message>
    <message>
        <source>%1: the script has no schedule (fix its errors first)</source>
        <translation>%1：脚本没有调度（请先修正错误）</translation>
    </message>
    <message>
        <source>%1: select a stage first</source>
        <translation>%1：请先选择一个阶段</translation>
    </message>
    <message>
        <source>%1: there is no stage %2</source>
        <translation>%1：没有阶段 %2</translation>
    </message>
    <message>
        <source>There is no schedule.</source>
        <translation>没有调度。</translation>
    </message>
    <message>
        <source>Drop a stage on another stage.</source>
        <translation>请把一个阶段拖放到另一个阶段上。</translation>
    </message>
    <message>
        <source>Unknown stage.</source>
        <translation>未知阶段。</translation>
    </message>
    <message>
        <source>A stage cannot be computed at its own loops.</source>
        <translation>阶段不能在自己的循环中计算。</translation>
    </message>
    <message>
        <source>%1 is an input (placeholder): it is not computed.</source>
        <translation>%1 是输入（占位符）：它不被计算。</translation>
    </message>
    <message>
        <source>%1 is an input (placeholder): it has no loops.</source>
        <translation>%1 是输入（占位符）：它没有循环。</translation>
    </message>
    <message>
        <source>compute_at: %1 does not read %2, so %2 cannot be computed inside its loops.</source>
        <translation>compute_at：%1 不读取 %2，所以 %2 不能在它的循环中计算。</translation>
    </message>
    <message>
        <source>vectorized</source>
        <translation>向量化</translation>
    </message>
    <message>
        <source>unrolled</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>parallelized</source>
        <translation>并行</translation>
    </message>
    <message>
        <source>fuse: %1 has no loops %2 and %3</source>
        <translation>fuse：%1 没有循环 %2 和 %3</translation>
    </message>
    <message>
        <source>%1: %2 has no loop %3</source>
        <translation>%1：%2 没有循环 %3</translation>
    </message>
    <message>
        <source>%1: %2 is not a loop any more (it was split or fused)</source>
        <translation>%1：%2 已不再是循环（它已被拆分或融合）</translation>
    </message>
    <message>
        <source>%1: %2 is the innermost loop; there is no next loop to %1 it with</source>
        <translation>%1：%2 是最内层循环；没有下一个循环可与之 %1</translation>
    </message>
    <message>
        <source>%1: %2 is already %3</source>
        <translation>%1：%2 已经是%3</translation>
    </message>
    <message>
        <source>reorder: there is no stage %1</source>
        <translation>reorder：没有阶段 %1</translation>
    </message>
    <message>
        <source>reorder: %1 has no loop %2</source>
        <translation>reorder：%1 没有循环 %2</translation>
    </message>
    <message>
        <source>Parts (outer extent; 0: use the factor)</source>
        <translation>份数（外层范围；0：使用因子）</translation>
    </message>
    <message>
        <source>split(nparts=…): the outer loop gets this many iterations</source>
        <translation>split(nparts=…)：外层循环得到这么多次迭代</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Split %1.%2</source>
        <translation>拆分 %1.%2</translation>
    </message>
    <message>
        <source>Split %1.%2 (extent %3)</source>
        <translation>拆分 %1.%2（范围 %3）</translation>
    </message>
    <message>
        <source>Loop order (outermost first)</source>
        <translation>循环顺序（最外层在前）</translation>
    </message>
    <message>
        <source>Drag the loops into the new order, or use Up and Down</source>
        <translation>把循环拖成新的顺序，或使用上移和下移</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>✓ legal</source>
        <translation>✓ 合法</translation>
    </message>
    <message>
        <source>Reorder the loops of %1</source>
        <translation>重排 %1 的循环</translation>
    </message>
    <message>
        <source>extent / %1</source>
        <translation>范围 / %1</translation>
    </message>
    <message>
        <source>The factor must be at least 1.</source>
        <translation>因子至少为 1。</translation>
    </message>
    <message>
        <source>(%1 × %2 = %3 &gt; %4: the last iterations are guarded by a condition)</source>
        <translation>（%1 × %2 = %3 &gt; %4：最后几次迭代由条件保护）</translation>
    </message>
    <message>
        <source>(the factor %1 is larger than the extent %2, so it is clamped)</source>
        <translation>（因子 %1 大于范围 %2，因此被截断）</translation>
    </message>
</context>
<context>
    <name>tessera::views::ProfileView</name>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>time (ms)</source>
        <translation>时间（毫秒）</translation>
    </message>
    <message>
        <source>No profile yet: Run ▸ Profile measures the current schedule.</source>
        <translation>还没有性能数据：运行 ▸ 性能分析 会测量当前调度。</translation>
    </message>
    <message numerus="yes">
        <source>%n profile run(s)</source>
        <translation>
            <numerusform>%n 次性能分析</numerusform>
        </translation>
    </message>
    <message>
        <source>machine peak (estimate): %1 GFLOP/s</source>
        <translation>机器峰值（估计）：%1 GFLOP/s</translation>
    </message>
    <message>
        <source>median time (ms)</source>
        <translation>时间中位数（毫秒）</translation>
    </message>
    <message>
        <source>fastest…slowest call</source>
        <translation>最快…最慢的调用</translation>
    </message>
    <message>
        <source>latest: ×%1 the speed of the first</source>
        <translation>最新：速度为第一次的 ×%1</translation>
    </message>
    <message>
        <source>(within noise: the runs&apos; times overlap)</source>
        <translation>（在噪声范围内：两次运行的时间重叠）</translation>
    </message>
    <message>
        <source>hover a run for its numbers, click it to show its schedule</source>
        <translation>悬停查看数值，单击显示其调度</translation>
    </message>
    <message>
        <source>%1 (%2): median %3 ms</source>
        <translation>%1（%2）：中位数 %3 毫秒</translation>
    </message>
    <message>
        <source>, fastest %1 ms, slowest %2 ms</source>
        <translation>，最快 %1 毫秒，最慢 %2 毫秒</translation>
    </message>
    <message>
        <source>, %1 GFLOP/s</source>
        <translation>，%1 GFLOP/s</translation>
    </message>
    <message>
        <source>, ×%1 the first run</source>
        <translation>，为第一次运行的 ×%1</translation>
    </message>
    <message>
        <source>(within noise)</source>
        <translation>（在噪声范围内）</translation>
    </message>
</context>
<context>
    <name>tessera::views::RooflineView</name>
    <message>
        <source>operational intensity (flop/byte)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation type="unfinished">GFLOP/s</translation>
    </message>
    <message>
        <source>Measuring the bandwidth of each memory level (once per machine)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 flop/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bound by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs at %1 intensity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile the kernel on the CPU: each run appears at its intensity for every memory level.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ceilings: peak %1 GFLOP/s; %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::RunLogView</name>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Max error</source>
        <translation>最大误差</translation>
    </message>
    <message>
        <source>Median (ms)</source>
        <translation>中位数（毫秒）</translation>
    </message>
    <message>
        <source>Spread</source>
        <translation>离散度</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Show Version</source>
        <translation>显示版本</translation>
    </message>
    <message>
        <source>Go back to the schedule of the selected run (Edit ▸ Undo returns)</source>
        <translation>回到所选运行的调度（编辑 ▸ 撤销 可返回）</translation>
    </message>
    <message>
        <source>Compare…</source>
        <translation>比较…</translation>
    </message>
    <message>
        <source>Select the runs of two versions to compare their scripts, loop nests and numbers</source>
        <translation>选择两个版本的运行，比较它们的脚本、循环嵌套和数值</translation>
    </message>
    <message>
        <source>profile</source>
        <translation>性能分析</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>FAILED: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>matches</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>DIFFERS</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>min %1 ms, median %2 ms, max %3 ms</source>
        <translation>最小 %1 毫秒，中位数 %2 毫秒，最大 %3 毫秒</translation>
    </message>
    <message>
        <source>(slowest - fastest) / median of the timed calls</source>
        <translation>计时调用的（最慢 - 最快）/ 中位数</translation>
    </message>
    <message>
        <source>%1 DIFFERS from the reference (max error %2)</source>
        <translation>%1 与参考不一致（最大误差 %2）</translation>
    </message>
</context>
<context>
    <name>tessera::views::StageDagView</name>
    <message>
        <source>The script creates no schedule.</source>
        <translation>脚本没有创建调度。</translation>
    </message>
    <message>
        <source>No stage DAG: the script has errors.</source>
        <translation>没有阶段 DAG：脚本有错误。</translation>
    </message>
    <message>
        <source>Compute %1 at a loop of %2</source>
        <translation>在 %2 的循环中计算 %1</translation>
    </message>
</context>
<context>
    <name>tessera::views::ScriptView</name>
    <message>
        <source>Click to go to line %1</source>
        <translation>单击跳转到第 %1 行</translation>
    </message>
    <message numerus="yes">
        <source>(and %n more)</source>
        <translation>
            <numerusform>（另有 %n 个）</numerusform>
        </translation>
    </message>
</context>
</TS>
