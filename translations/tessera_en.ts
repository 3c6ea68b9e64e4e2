<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>QObject</name>
    <message>
        <source>%1 is not a script: it contains binary data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a script: it is not valid UTF-8 text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs an integer &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be at least %2, not %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select one loop (iter var) first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs %1 iter vars, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs at least %1 iter vars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>names an iter var twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs a target stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs at least one reader stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a primitive Tessera can apply from the GUI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select a stage first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 (%3)%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, leaf: a loop of the program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>placeholder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cache (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2, attach %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
computes %1 elements, %2 required</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Tessera: a schedule studio for tensor kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A script to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select STAGE or STAGE:ITERVAR.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show and raise a dock (Script, StageDag, IterVar, LoopNest, BufferLayout, Bounds, Code, Profile).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>light or dark, for this session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>en or zh_CN, for this session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile the schedule once it is open.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::gui::Document</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is too large for a script (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the script has no schedule to apply it to (fix its errors first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was legal, but the printed script does not evaluate: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transform_layout: the index map must be a lambda, e.g. lambda i: [i // 4, i % 4]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is too large for a project (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::gui::MainWindow</name>
    <message>
        <source>Script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage DAG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IterVar hyper-graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loop nest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buffer layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent &amp;Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Script for &amp;TVM…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current &amp;View as PNG/SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Split…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reorder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Vectorize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Unroll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Bind to Thread…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute &amp;At…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute &amp;Inline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute R&amp;oot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache R&amp;ead…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache &amp;Write…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;factor…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transform &amp;Layout…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run on &amp;CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;ancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no LLVM backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to run: the script has no lowered program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is already going.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running on the CPU…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ran in %1 ms (compiled in %2 ms)%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile: median %1 ms, %2 GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark Palette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Tessera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Tessera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Tessera&lt;/b&gt; %1&lt;br&gt;A schedule studio for tensor kernels: see the stage DAG, iter vars, bounds, layouts and code of a tensor program while you schedule it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applied %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export script for TVM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python (*.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recover unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has unsaved changes from an earlier session. Recover them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovered the unsaved changes of %1 (Edit ▸ Undo reverts).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run on &amp;GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile on G&amp;PU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No CUDA GPU here (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running on the GPU…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no %1 translation; the language stays as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interface language is now English.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open project or script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tessera projects and scripts (*.tessera *.py);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tessera projects (*.tessera);;Tessera scripts (*.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, matches the reference (max error %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, DIFFERS from the reference (max error %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::BoundsView</name>
    <message>
        <source>InferBound phases for producer → consumer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage / IterVar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Realize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IterVar / dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set or range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No bounds: the script creates no schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No bounds: the script has errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (output)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over-computation: %1× the required elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (leaf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase 1: consumer %1&apos;s leaf vars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase 2: PassUpDomain to %1&apos;s root vars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>root vars (after relaxation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase 3: %1&apos;s request of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase 4: %1&apos;s root ranges</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::BufferLayoutView</name>
    <message>
        <source>Buffer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>phys[%1]=</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log[%1]=</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No buffer has a layout transform. Apply transform_layout to a stage to see its physical layout and padding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: logical %2 → physical %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>padding where %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (padding is never accessed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>padding %1 of %2 elements (%3 %) · %4 bytes wasted · pad value %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Physical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>physical %1 ↔ logical %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>physical %1: padding, pad value %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logical %1 ↔ physical %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::CodeView</name>
    <message>
        <source>Previous pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lowered loop program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lowered program yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::GraphPanel</name>
    <message>
        <source>Graph layout failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::GraphScene</name>
    <message>
        <source>Dropped on itself: nothing to do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing can be dropped here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only graph nodes can be dropped here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::IterVarGraphView</name>
    <message>
        <source>Loop order, outermost first: drag a loop to reorder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No iter vars: the script has no schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an input (placeholder): it has no loops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop on a loop (iter var).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a loop any more (not a leaf var).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fuse: %1 is not a loop (not a leaf var).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fuse: %1 and %2 are not neighbours in the loop order (%3).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::LoopNestView</name>
    <message>
        <source>loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>produce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>realize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>condition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop on a loop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown stage %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a loop of %2&apos;s schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown drag.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reorder: %1 and %2 belong to different stages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropped on itself: nothing to do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only stages and loops can be dropped here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::PrimitiveText</name>
    <message>
        <source>%1 needs a leaf loop with another leaf loop after it; %2 has none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: select a loop (iter var) first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Factor (inner extent)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outer loop factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inner loop factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Factor axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New loop order (outermost first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reorder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute_at: no stage reads %1, so it has no loop to be computed at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute_at: choose a loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index map (logical → physical)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pad value (empty: never accessed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cache_read: no stage reads %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storage scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile with Next Loop…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fuse with Next Loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reorder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vectorize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unroll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bind to Thread…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rfactor…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute At…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute Inline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute Root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache Read…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache Write…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transform Layout…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the script has no schedule (fix its errors first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: select a stage first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: there is no stage %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop a stage on another stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A stage cannot be computed at its own loops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an input (placeholder): it is not computed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an input (placeholder): it has no loops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute_at: %1 does not read %2, so %2 cannot be computed inside its loops.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::ProfileView</name>
    <message>
        <source>GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No profile yet: Run ▸ Profile measures the current schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n profile run(s)</source>
        <translation>
            <numerusform>%n profile run</numerusform>
            <numerusform>%n profile runs</numerusform>
        </translation>
    </message>
    <message>
        <source>machine peak (estimate): %1 GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latest run: ×%1 the speed of the first</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::StageDagView</name>
    <message>
        <source>The script creates no schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No stage DAG: the script has errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute %1 at a loop of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
