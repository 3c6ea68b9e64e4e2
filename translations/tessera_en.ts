<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/Document.cpp" line="27"/>
        <source>%1 is not a script: it contains binary data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="32"/>
        <source>%1 is not a script: it is not valid UTF-8 text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="27"/>
        <source>needs an integer &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="30"/>
        <source>&apos;%1&apos; must be at least %2, not %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="37"/>
        <source>needs &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="44"/>
        <source>select one loop (iter var) first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="46"/>
        <source>needs %1 iter vars, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="63"/>
        <source>needs at least %1 iter vars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="66"/>
        <source>names an iter var twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="77"/>
        <source>needs the tensor to prefetch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="88"/>
        <source>needs a target stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="101"/>
        <source>needs at least one reader stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="106"/>
        <source>is not a primitive Tessera can apply from the GUI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/IntentToTrace.cpp" line="112"/>
        <source>select a stage first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphModel.cpp" line="67"/>
        <source>%1 %2 (%3)%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphModel.cpp" line="69"/>
        <source>, leaf: a loop of the program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphModel.cpp" line="88"/>
        <source>outer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphModel.cpp" line="88"/>
        <source>inner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="36"/>
        <source>placeholder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="37"/>
        <source>scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="38"/>
        <source>extern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="39"/>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="40"/>
        <source>cache (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="49"/>
        <source>%1: %2, attach %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/StageDagModel.cpp" line="54"/>
        <source>
computes %1 elements, %2 required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="53"/>
        <source>not checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="54"/>
        <source>matches (max error %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="55"/>
        <source>DIFFERS (max error %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="61"/>
        <source>%1 ms (calls not kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/VersionCompare.cpp" line="62"/>
        <source>%1 ms (95%: %2–%3, %n call(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="125"/>
        <source>runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="127"/>
        <source>reference check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="137"/>
        <source>median time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="145"/>
        <source>GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="150"/>
        <source>speed of right vs left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="151"/>
        <source>changed script lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="153"/>
        <source>changed loop-nest lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/MakeTunableMenu.cpp" line="24"/>
        <location filename="../views/MakeTunableMenu.cpp" line="53"/>
        <source>Make &amp;Tunable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/MakeTunableMenu.cpp" line="28"/>
        <source>Split &amp;factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/MakeTunableMenu.cpp" line="29"/>
        <source>&amp;Unroll / vectorize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/MakeTunableMenu.cpp" line="30"/>
        <source>Loop &amp;order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/MakeTunableMenu.cpp" line="45"/>
        <source>Make Tunable marks a knob of a te schedule. A TensorIR document is tuned over the design space of its blocks instead: Run ▸ Tune searches it, starting from this schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ParameterDialog.cpp" line="36"/>
        <source>Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ParameterDialog.cpp" line="37"/>
        <source>Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphModel.cpp" line="125"/>
        <source>One of %1 blocks named %2: sch.get_block cannot tell them apart (NotSingleResult)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphModel.cpp" line="171"/>
        <source>The root block: the buffers the function allocates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphModel.cpp" line="192"/>
        <source>A loop several blocks share (compute_at)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphModel.cpp" line="34"/>
        <source>Loop %1 of %2: %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphModel.cpp" line="58"/>
        <source>Block iterator %1 of %2 (%3), bound to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphModel.cpp" line="59"/>
        <source>reduction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphModel.cpp" line="59"/>
        <source>spatial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphModel.cpp" line="75"/>
        <source>The block runs only where this holds (a split that does not divide)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="52"/>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="54"/>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="55"/>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="56"/>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReferenceName</name>
    <message>
        <location filename="../views/ReferenceName.cpp" line="22"/>
        <source>the unscheduled function (IR interpreter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ReferenceName.cpp" line="23"/>
        <source>the te oracle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ReferenceName.cpp" line="28"/>
        <source>agrees with the unscheduled function (IR interpreter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ReferenceName.cpp" line="29"/>
        <source>agrees with the te oracle</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunAvailability</name>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="25"/>
        <source>Nothing to run: lowering the TensorIR function failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="28"/>
        <source>Nothing to run: the script has an error (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="30"/>
        <source>Nothing to run: the script has no lowered program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="33"/>
        <source>Nothing to run on the GPU: this TensorIR function has no loop bound to a GPU thread; bind its outer loops with sch.bind(loop, &quot;blockIdx.x&quot;) and sch.bind(loop, &quot;threadIdx.x&quot;), or use Run on CPU (F5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="43"/>
        <source>Nothing to tune: the script does not evaluate (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="45"/>
        <source>Nothing to tune: the script does not evaluate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="50"/>
        <source>Nothing to tune: lowering the TensorIR function failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="51"/>
        <source>no lowered function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunAvailability.cpp" line="56"/>
        <source>Nothing to tune: the script creates no schedule (te.create_schedule).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SavePaths</name>
    <message>
        <location filename="../app/gui/SavePaths.cpp" line="52"/>
        <source>Not exported: %1 is the open document; an export is a separate copy (File ▸ Save writes the document).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/SavePaths.cpp" line="57"/>
        <source>Not exported: %1 is a Tessera project path; a script for TVM is written to a .py file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/SavePaths.cpp" line="73"/>
        <source>Not exported: %1 is the open document.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/SavePaths.cpp" line="75"/>
        <source>Not exported: %1 is not a .png or .svg file name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/SavePaths.cpp" line="90"/>
        <source>Not saved: %1 is neither a project (.tessera) nor a script (.py).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TirBoundsModel</name>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="31"/>
        <source>empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="131"/>
        <source>dim %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="260"/>
        <source>the root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="261"/>
        <source>%1 (%2) at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="262"/>
        <source>— where it is computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsModel.cpp" line="283"/>
        <source>root</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TirBufferLayouts</name>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="39"/>
        <source>No padding: every physical cell holds an element of %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="42"/>
        <source>(no closed form)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="46"/>
        <source>assume_injective_transform=True: the padding is neither written nor checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="49"/>
        <source>No pad value: the padding where %1 is never written or read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="55"/>
        <source>Overcompute: %1 iterates the padded shape %2 and stores T.if_then_else(%3, %4, value), so the padding is written in the same pass, with no branch around the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="64"/>
        <source>Input: nothing here writes %1, so block %2 states what the caller promises: T.assume(not (%3) or %1[...] == %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="69"/>
        <source>Branching: %1 writes only the logical elements; block %2 then writes %3 to the padding cells, guarded by T.where(%4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="72"/>
        <source>the producer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="76"/>
        <source>The padding where %1 holds %2; no block of the schedule writes or assumes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="94"/>
        <source>transform_block_layout rewrote the iteration space of block %1: its iterators %2 over %3 became %4 new ones over %5, each new iteration one old iteration (the map is bijective: no padding, nothing computed twice).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="101"/>
        <source>The loops above %1 were replaced by one loop per new iterator, and its accesses read the old iterators through the inverse map.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="134"/>
        <source>The schedule has no new transform_layout to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="137"/>
        <source>Applies; the layout analysis does not cover this map, so its padding is not shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="143"/>
        <source>%1: %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="155"/>
        <source>padding %1 of %2 cells (%3 %) · %4 bytes wasted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBufferLayouts.cpp" line="163"/>
        <source>padding where %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TirDragTree</name>
    <message>
        <location filename="../views/TirDragTree.cpp" line="16"/>
        <source>Drop: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TirIntentToScript</name>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="39"/>
        <source>block %1 has no loop %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="45"/>
        <source>%1 needs a loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="65"/>
        <source>tile needs two loops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="70"/>
        <source>tile: %1 must be a loop outside %2 of block %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="76"/>
        <source>tile needs two positive factors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="159"/>
        <source>%1 needs a block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="166"/>
        <source>%1 needs a buffer index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="168"/>
        <source>%1 needs a storage scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="244"/>
        <source>%1 needs at least two loops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="260"/>
        <source>rfactor: factor_axis must be an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="265"/>
        <source>bind needs a thread axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="280"/>
        <source>%1 is not a TensorIR primitive the application applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TirIntentToScript.cpp" line="306"/>
        <source>the script binds no TensorIR function or module at its top level to make a schedule of</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TirIntents</name>
    <message>
        <location filename="../views/TirIntents.cpp" line="36"/>
        <source>%1 needs a loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="49"/>
        <source>%1 needs a positive %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="59"/>
        <source>%1 needs a non-negative %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="73"/>
        <source>%1: &apos;%2&apos; is not a positive integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="78"/>
        <source>%1: give one positive integer per block iterator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="85"/>
        <source>tile needs two loops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="128"/>
        <source>bind needs a thread axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="134"/>
        <source>rfactor: factor_axis must be an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="153"/>
        <location filename="../views/TirIntents.cpp" line="262"/>
        <location filename="../views/TirIntents.cpp" line="1301"/>
        <source>unknown TensorIR primitive %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="166"/>
        <source>%1 needs a buffer index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="148"/>
        <location filename="../views/TirIntents.cpp" line="167"/>
        <location filename="../views/TirIntents.cpp" line="183"/>
        <location filename="../views/TirIntents.cpp" line="222"/>
        <source>%1 needs a storage scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="190"/>
        <source>reindex: the buffer is read or written, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="228"/>
        <source>cache_index: %1 computes no index expression seen %2 time(s) or more (its indices are its iterators)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="245"/>
        <source>unsafe_set_dtype needs a data type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="271"/>
        <source>transform_layout: there is no block %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="274"/>
        <source>transform_layout: the buffer is read or written, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="280"/>
        <source>transform_layout: block %1 has %2 %3 buffer(s), no buffer %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="286"/>
        <source>transform_layout: write the index map as a lambda, e.g. lambda i: (i // 4, i % 4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="319"/>
        <location filename="../views/TirIntents.cpp" line="1181"/>
        <source>read_at: %1 reads no buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="320"/>
        <location filename="../views/TirIntents.cpp" line="1182"/>
        <source>write_at: %1 writes no buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="362"/>
        <location filename="../views/TirIntents.cpp" line="367"/>
        <source>Refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="363"/>
        <source>Refused: the script makes no TensorIR schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="378"/>
        <source>loops %1_0 (%2), %3_0 (%4), %1_1 (%5), %3_1 (%6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="399"/>
        <source>loops of extents %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="404"/>
        <source> (a predicate T.where keeps %1 of %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="413"/>
        <source>the loop&apos;s extent is not a constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="421"/>
        <source>the lengths reach the extent %1: leave room for a last partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="431"/>
        <source>loops over %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="443"/>
        <source>cache_read: check a block to read the copy (TVM reads an empty list as all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="458"/>
        <source>Keep unit iterators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="459"/>
        <source>preserve_unit_iters: a block iterator bound to a loop of extent 1 stays an iterator (True, TVM&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="465"/>
        <source>Place among the loop&apos;s children</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="467"/>
        <source>index: -1 the last place the dependences allow (TVM&apos;s default), -2 the first, 0, 1, ... that child of the loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="470"/>
        <source>Keep loops of extent 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="471"/>
        <source>preserve_unit_loops: the block&apos;s new loops of extent 1 are kept (False, TVM&apos;s default, drops them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="489"/>
        <source>merge: no loop of another nest in the scope of %1 lies at the depth of %2 with the same extents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="506"/>
        <source>block %1 has no loop %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="510"/>
        <source>Reverse Compute At…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="511"/>
        <source>Reverse Compute Inline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="512"/>
        <source>Decompose Reduction…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="513"/>
        <source>Fuse with Inner Loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="514"/>
        <source>Merge with Other Nests…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="515"/>
        <source>Tile with Inner Loop…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="516"/>
        <source>Blockize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="517"/>
        <source>Transform Layout…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="518"/>
        <source>Set Scope…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="519"/>
        <source>Storage Align…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="520"/>
        <source>Reindex…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="521"/>
        <source>Decompose Padding…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="522"/>
        <source>Pad Einsum…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="523"/>
        <source>Reorder Block Iterators…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="524"/>
        <source>Set Data Type (Unsafe)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="525"/>
        <source>Hide Buffer Access (Unsafe)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="526"/>
        <source>Cache Index Computations…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="527"/>
        <source>Rolling Buffer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="528"/>
        <source>Read At (Copy per Iteration)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="529"/>
        <source>Partition…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="530"/>
        <source>Write At (Copy per Iteration)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="531"/>
        <source>Add Unit Loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="532"/>
        <source>Annotate…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="533"/>
        <source>Unannotate…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="534"/>
        <source>Tensorize…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="535"/>
        <source>Transform Block Layout…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="536"/>
        <source>Set Axis Separator…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="537"/>
        <source>Annotate Buffer Access…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="566"/>
        <location filename="../views/TirIntents.cpp" line="1058"/>
        <source>blockize: no other block shares the scope of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="575"/>
        <location filename="../views/TirIntents.cpp" line="1266"/>
        <source>%1: %2 declares no access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="577"/>
        <location filename="../views/TirIntents.cpp" line="1252"/>
        <source>reorder_block_iter_var: %1 has fewer than two iterators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="706"/>
        <source>split: give at least two factors, e.g. None, 32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="813"/>
        <source>%1 takes Python lambdas: the application applies it as a script line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="820"/>
        <source>%1 needs at least two loops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="866"/>
        <source>%1 cannot be computed at one of its own loops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="893"/>
        <source>%1 and %2 are not both loops of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="896"/>
        <source>a loop dropped on itself does nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="907"/>
        <source>%1 is already there: nothing to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="308"/>
        <location filename="../views/TirIntents.cpp" line="937"/>
        <source>%1: select a block first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="700"/>
        <source>%1: factor &apos;%2&apos; is neither a positive integer nor None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="707"/>
        <source>%1: give at least one length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="709"/>
        <source>%1: at most one factor may be None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="943"/>
        <source>%1: select a loop of %2 first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="957"/>
        <source>Factors (None is inferred)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="961"/>
        <source>No predicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="962"/>
        <source>disable_predication: no T.where guards the split loops; where the factors do not divide the extent the block runs past it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="977"/>
        <source>Lengths of the partitions (None: the rest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="980"/>
        <source>Each length starts a loop where the one before it ended; without None, a last loop runs to the extent. Each loop is in a block &lt;block&gt;_&lt;loop&gt;&lt;n&gt;_partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="994"/>
        <source>fuse: %1 has no inner loop to fuse with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1004"/>
        <source>Loops to merge %1 with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1009"/>
        <source>The nests of the checked loops and of %1 become one nest %1_m whose body runs each nest&apos;s body in turn, where the last nest stood. Like TVM, merge checks the nests&apos; shape, not the order of what their blocks read and write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1019"/>
        <source>check at least one loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1020"/>
        <source>merged with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1027"/>
        <source>tile: %1 has no inner loop to tile with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1034"/>
        <location filename="../views/TirIntents.cpp" line="1035"/>
        <source>Inner extent of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1050"/>
        <source>Position of the factored loop in %1.rf&apos;s shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1062"/>
        <source>Blocks (consecutive, in the order they run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1067"/>
        <source>The checked blocks and their loops below their common loop become one block outer_&lt;B&gt;_&lt;C&gt;_</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1077"/>
        <source>Loop order (outermost first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1083"/>
        <source>Thread axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1091"/>
        <source>compute_at: no block reads what %1 writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1092"/>
        <source>reverse_compute_at: no block writes what %1 reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1093"/>
        <source>Loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1098"/>
        <source>%1: %2 has no buffer to cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1100"/>
        <location filename="../views/TirIntents.cpp" line="1184"/>
        <source>Read buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1100"/>
        <location filename="../views/TirIntents.cpp" line="1184"/>
        <location filename="../views/TirIntents.cpp" line="1213"/>
        <location filename="../views/TirIntents.cpp" line="1299"/>
        <source>Written buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1103"/>
        <location filename="../views/TirIntents.cpp" line="1196"/>
        <location filename="../views/TirIntents.cpp" line="1205"/>
        <location filename="../views/TirIntents.cpp" line="1215"/>
        <source>Storage scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1109"/>
        <source>Blocks that read the copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1110"/>
        <source>Blocks that read the cache directly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1114"/>
        <source>consumer_blocks: the readers switched to the copy (all of them: TVM&apos;s default, None)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1117"/>
        <source>consumer_blocks: the readers that read the cache instead of the written buffer (none: TVM&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1128"/>
        <source>%1 read the copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1140"/>
        <source>transform_layout: %1 accesses no buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1141"/>
        <location filename="../views/TirIntents.cpp" line="1235"/>
        <source>Buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1146"/>
        <source>Index map (a Python lambda)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1149"/>
        <source>The physical indices from the logical ones, e.g. lambda i, j: (i, j // 4, j % 4); padding appears where the new shape has more cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1154"/>
        <source>Pad value (empty: None)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1157"/>
        <source>What the padding holds: a number (0.0), or a lambda of the physical indices; None refuses a map that pads (TransformationIntroducesPaddingError)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1173"/>
        <source>Init block above loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1174"/>
        <source>Padding block above loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1187"/>
        <source>Copied per iteration of %1, before the first of its children that reads it; from there on they read the copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1191"/>
        <source>Written into a copy by the children of %1 up to the last that writes it, and copied back after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1200"/>
        <source>Seen at least (cse_thresh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1202"/>
        <source>An index computation is precomputed where the block computes it (or one that simplifies to it) at least this often; a rarer one gives way to its parts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1255"/>
        <source>Block iterators in their new order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1269"/>
        <source>Accesses to take out of the block&apos;s signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1273"/>
        <source>The body still accesses them; the dependence analysis no longer sees them (an index buffer that stops tensorize&apos;s pattern match). Unsafe, as in TVM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1281"/>
        <source>check at least one access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1285"/>
        <source>check reads or writes, not both (one call each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1286"/>
        <source>hides %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1293"/>
        <source>Data type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1296"/>
        <source>The buffer&apos;s element type; stores into it are cast to it and loads cast back, so values may lose precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="589"/>
        <location filename="../views/TirIntents.cpp" line="1212"/>
        <location filename="../views/TirIntents.cpp" line="1292"/>
        <source>%1: %2 writes no buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1222"/>
        <source>Axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1224"/>
        <source>Factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1225"/>
        <source>Offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1234"/>
        <source>reindex: %1 accesses no buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1239"/>
        <source>Padding (a multiple per block iterator)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirIntents.cpp" line="1244"/>
        <source>Each iterator&apos;s extent is padded up to a multiple of its number, e.g. 1, 32, 1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TirLoopStrip</name>
    <message>
        <location filename="../views/TirLoopStrip.cpp" line="56"/>
        <source>Drop on a loop, or between two loops.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TirPrimitiveArguments</name>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="39"/>
        <source>block %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="40"/>
        <source>loop %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="112"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="129"/>
        <source>block %1 is gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="137"/>
        <source>%1 iterates over %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="143"/>
        <source>give the annotation a key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="148"/>
        <source>(replaces the value it has)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="165"/>
        <source>%1 %2 is flattened to %3 dimension(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="176"/>
        <source>%1 matches %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="187"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="200"/>
        <source>a lambda over the block&apos;s iterators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="190"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="203"/>
        <source>the script makes no TensorIR schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="290"/>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="309"/>
        <source>ann_val: &apos;%1&apos; is not an int</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="319"/>
        <source>ann_val: &apos;%1&apos; is not a finite float</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="373"/>
        <source>index_map: column %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="378"/>
        <source>index_map: write a lambda, e.g. lambda i, j: (i * 16 + j,)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="386"/>
        <source>index_map: the lambda takes %1 index(es); the block has %2 iterator(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="415"/>
        <source>unannotate: %1 has no annotation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="491"/>
        <source>Registered in this document (none matches here): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="493"/>
        <source>Matching here: %1. Also registered: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="437"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="647"/>
        <source>transform_block_layout: there is no block %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="460"/>
        <source>%1: there is no block %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="469"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="477"/>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="471"/>
        <source>Value type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="281"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="122"/>
        <source>%1 declares %2[%3]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="227"/>
        <source>ann_val: ValueError: Literal value %1 exceeds maximum of int32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="235"/>
        <source>ann_val: a list item is not a finite float</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="241"/>
        <source>ann_val: TVM 0.20 cannot print a trace that holds a bool in a list; write 1 or 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="243"/>
        <source>ann_val: a list item is an int, a float or a str in quotes, e.g. [1, 0.5, &quot;x&quot;]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="251"/>
        <source>ann_val: column %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="256"/>
        <source>ann_val: write a list in brackets, e.g. [1, 2, 4]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="258"/>
        <source>ann_val: TVM 0.20 refuses an empty list (TypeError: Cannot take a Union of no types)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="282"/>
        <source>int: 16; float: 0.5; str: any text; bool: True or False; list: [1, 0.5, &quot;x&quot;]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="325"/>
        <source>ann_val: &apos;%1&apos; is not True or False</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="330"/>
        <source>ann_val: the type is int, float, bool, str or list, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="359"/>
        <source>%1: &apos;%2&apos; is not a non-negative integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="418"/>
        <source>tensorize: the document registers no TensorIntrin (tir.TensorIntrin.register, or import TVM&apos;s: from tvm.tir.tensor_intrin.x86 import VNNI_DOT_16x4_INTRIN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="430"/>
        <source>%1: block %2 accesses no buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="487"/>
        <source>TensorIntrin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="501"/>
        <location filename="../views/TirPrimitiveArguments.cpp" line="529"/>
        <source>Buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="506"/>
        <source>Axis separators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="508"/>
        <source>The axes where a new physical dimension starts, e.g. 1: a 2-D buffer stays 2-D when it is flattened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="522"/>
        <source>Ranges (a Python lambda)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="525"/>
        <source>The region per dimension of the buffer from the block&apos;s iterators: (begin, end) or one index, e.g. lambda vi, vj: [(vi - 1, vi + 2), vj]. Nothing checks that the body stays inside it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="535"/>
        <source>Index map (a Python lambda)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="537"/>
        <source>The block&apos;s new iterators from its iterators, e.g. lambda i, j: (i * 16 + j,) fuses two; the map must be bijective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="568"/>
        <source>%1 needs an annotation key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="572"/>
        <source>unannotate: %1 has no annotation %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="585"/>
        <source>tensorize needs a TensorIntrin name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="589"/>
        <source>ValueError: TensorIntrin &apos;%1&apos; is not registered; the document registers none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="593"/>
        <source>ValueError: TensorIntrin &apos;%1&apos; is not registered; the document registers %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="607"/>
        <source>set_axis_separator: the buffer is read or written, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="613"/>
        <source>set_axis_separator needs a buffer index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="623"/>
        <source>%1 takes a Python lambda: the application applies it as a script line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="633"/>
        <source>annotate_buffer_access: there is no block %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="637"/>
        <source>annotate_buffer_access: %1 has no %2 buffer %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirPrimitiveArguments.cpp" line="627"/>
        <source>%1 is not a primitive of TirPrimitiveArguments</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::gui::Document</name>
    <message>
        <location filename="../app/gui/Document.cpp" line="51"/>
        <location filename="../app/gui/Document.cpp" line="68"/>
        <source>cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="54"/>
        <source>%1 is too large for a script (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="150"/>
        <location filename="../app/gui/Document.cpp" line="153"/>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="159"/>
        <source>untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="180"/>
        <location filename="../app/gui/Document.cpp" line="232"/>
        <source>%1: the script has no schedule to apply it to (fix its errors first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="202"/>
        <source>%1 was legal, but the printed script does not evaluate: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="243"/>
        <source>%1: the script makes no TensorIR schedule (fix its errors first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="263"/>
        <source>transform_layout: the index map must be a lambda, e.g. lambda i: [i // 4, i % 4]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="312"/>
        <source>%1 was legal, but its line %2 does not evaluate: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="346"/>
        <source>there is no version v%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="350"/>
        <source>go to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="411"/>
        <source>The module has no function %1 any more; showing %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/UndoCommands.cpp" line="11"/>
        <source>Edit script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/Document.cpp" line="71"/>
        <source>%1 is too large for a project (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::gui::InstrumentPanels</name>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="146"/>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="148"/>
        <source>Check on the GPU &amp;Emulator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="150"/>
        <source>Runs the CUDA kernels of this schedule on the CPU and reports races, shuffle-mask errors, out-of-bounds writes and wrong results (no GPU needed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="125"/>
        <location filename="../app/gui/InstrumentPanels.cpp" line="170"/>
        <source>Nothing to check: the script has no lowered program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="127"/>
        <source>This TensorIR function has no loop bound to a GPU thread, so there is no CUDA kernel to check: bind its outer loops with sch.bind(loop, &quot;blockIdx.x&quot;) and sch.bind(loop, &quot;threadIdx.x&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="174"/>
        <source>A check on the GPU emulator is already going.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="178"/>
        <source>The GPU emulator needs a C++ compiler (c++, g++ or clang++) on PATH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="201"/>
        <source>Checking on the GPU emulator…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="221"/>
        <source>GPU emulator: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="228"/>
        <source>Checked on the GPU emulator: the outputs match the reference and no race was seen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/InstrumentPanels.cpp" line="234"/>
        <source>GPU emulator: %n problem(s); %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="271"/>
        <source>Check on the GPU emulator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="276"/>
        <source>The run failed: %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="277"/>
        <source>
No problem found.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="279"/>
        <source>%1 in %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="281"/>
        <source>the outputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/InstrumentPanels.cpp" line="287"/>
        <source>CUDA lines %1 (highlighted)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="247"/>
        <source>Script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="248"/>
        <source>Stage DAG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="249"/>
        <source>IterVar hyper-graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="250"/>
        <source>Loop nest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="251"/>
        <source>Block graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="252"/>
        <source>Loops and iterators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="253"/>
        <source>Loop nest (TensorIR)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="254"/>
        <source>Buffer layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="255"/>
        <source>Bounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="256"/>
        <source>Bounds (TensorIR)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="257"/>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="258"/>
        <source>Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="259"/>
        <source>Run log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="260"/>
        <source>Tune</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="315"/>
        <source>The docks are back where they were at the first start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="387"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="388"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="396"/>
        <source>Open &amp;Example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="402"/>
        <source>TensorIR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="409"/>
        <source>Open as Tensor&amp;IR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="414"/>
        <source>TensorIR &amp;Spelling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="419"/>
        <source>TVM 0.&amp;20 (tir.Schedule, T.block)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="420"/>
        <source>TVM 0.2&amp;6 (s_tir.Schedule, T.sblock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="429"/>
        <source>Recent &amp;Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="433"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="435"/>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="437"/>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="438"/>
        <source>Script for &amp;TVM…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="443"/>
        <source>TensorIR Program for TVM 0.&amp;20…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="446"/>
        <source>TensorIR Program for TVM 0.2&amp;6…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="448"/>
        <source>Current &amp;View as PNG/SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="452"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="457"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="474"/>
        <source>Undid %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="480"/>
        <source>Redid %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="491"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="495"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="500"/>
        <source>&amp;Schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="507"/>
        <source>&amp;Split…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="508"/>
        <source>&amp;Tile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="509"/>
        <source>&amp;Fuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="510"/>
        <source>&amp;Reorder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="511"/>
        <source>&amp;Vectorize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="512"/>
        <source>&amp;Unroll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="513"/>
        <source>&amp;Parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="514"/>
        <source>Prefetc&amp;h…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="515"/>
        <source>&amp;Bind to Thread…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="518"/>
        <source>Compute &amp;At…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="519"/>
        <source>Compute &amp;Inline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="520"/>
        <source>Compute R&amp;oot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="521"/>
        <source>Cache R&amp;ead…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="522"/>
        <source>Cache &amp;Write…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="523"/>
        <source>R&amp;factor…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="524"/>
        <source>Transform &amp;Layout…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="538"/>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="539"/>
        <source>Run on &amp;CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="540"/>
        <source>&amp;Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="546"/>
        <source>C&amp;ancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="549"/>
        <source>R&amp;unner…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="558"/>
        <source>Run and Profile now submit Slurm jobs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="559"/>
        <source>Run and Profile now run on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="568"/>
        <source>&amp;Tune</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="589"/>
        <source>This build has no LLVM backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="621"/>
        <location filename="../app/gui/MainWindow.cpp" line="627"/>
        <source>A run is already going.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="675"/>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="743"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="746"/>
        <source>&amp;Reset Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="749"/>
        <source>&amp;Dark Palette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="759"/>
        <source>TensorIR &amp;Function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="762"/>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="794"/>
        <source>Showing the module&apos;s function %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="803"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="804"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="807"/>
        <source>&amp;About Tessera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="808"/>
        <source>About Tessera</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="809"/>
        <source>&lt;b&gt;Tessera&lt;/b&gt; %1&lt;br&gt;A schedule studio for tensor kernels: see the stage DAG, iter vars, bounds, layouts and code of a tensor program while you schedule it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="844"/>
        <source>No errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/MainWindow.cpp" line="845"/>
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="893"/>
        <location filename="../app/gui/MainWindow.cpp" line="1197"/>
        <source>%1 is not a TensorIR primitive the application applies yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="902"/>
        <source>fuse: %1 has no inner loop to fuse with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="930"/>
        <source>Stale: this shows the last schedule that evaluated. The script has an error (%1); fix it and this view updates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="955"/>
        <location filename="../app/gui/MainWindow.cpp" line="1009"/>
        <source>Could not open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="959"/>
        <source>Open failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="970"/>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="998"/>
        <location filename="../app/gui/MainWindow.cpp" line="1014"/>
        <source>%1 (example)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1000"/>
        <source>Opened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1002"/>
        <source>Start here: select a loop in the IterVar graph or the loop nest and use the Schedule menu (or drag); F5 runs and checks, Ctrl+F5 profiles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1016"/>
        <source>Opened the example %1 (an untitled copy: File ▸ Save asks where to keep it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1026"/>
        <source>Open as TensorIR: the document is TensorIR already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1027"/>
        <source>Open as TensorIR: the script has no te schedule (fix its errors first).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1035"/>
        <source>Open as TensorIR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1039"/>
        <source>%1 as TensorIR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1052"/>
        <source>The document is TensorIR already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1053"/>
        <source>The script has no te schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1073"/>
        <location filename="../app/gui/MainWindow.cpp" line="1097"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1085"/>
        <source>Save As</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1120"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1121"/>
        <source>%1 has unsaved changes. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1150"/>
        <source>Made tunable: see the Tune dock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1161"/>
        <source>Applied %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1224"/>
        <location filename="../app/gui/MainWindow.cpp" line="1232"/>
        <source>Export script for TVM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1226"/>
        <location filename="../app/gui/MainWindow.cpp" line="1256"/>
        <source>Python (*.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1248"/>
        <location filename="../app/gui/MainWindow.cpp" line="1302"/>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1244"/>
        <location filename="../app/gui/MainWindow.cpp" line="1300"/>
        <source>Exported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="216"/>
        <source>Showing %1 (Edit ▸ Undo returns)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="636"/>
        <source>Profiling %1 on the %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="636"/>
        <location filename="../app/gui/MainWindow.cpp" line="637"/>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="636"/>
        <location filename="../app/gui/MainWindow.cpp" line="637"/>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="637"/>
        <source>Running %1 on the %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="638"/>
        <source> of a Slurm node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="700"/>
        <source>%1: run failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="711"/>
        <source>; checked in %1 ms against the kept reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="712"/>
        <source>; reference computed in %1 ms (kept for the next runs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="715"/>
        <source>%1 ran in %2 ms (compiled in %3 ms)%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="734"/>
        <source>%1 profiled: median %2 ms (min %3, max %4), %5 GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1040"/>
        <source>Opened %1 as TensorIR for TVM 0.%2 (an untitled document: File ▸ Save asks where to keep it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1057"/>
        <source>The te program&apos;s function (te.create_prim_func) with its schedule as TensorIR primitives, in a new document for TVM 0.%1 (File ▸ TensorIR Spelling)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1255"/>
        <location filename="../app/gui/MainWindow.cpp" line="1261"/>
        <source>Export a TensorIR program for TVM 0.%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1269"/>
        <source>The script has errors: fix them first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1291"/>
        <location filename="../app/gui/MainWindow.cpp" line="1296"/>
        <source>Export %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1293"/>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1307"/>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1310"/>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1310"/>
        <source>Shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="979"/>
        <source>Recover unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="980"/>
        <source>%1 has unsaved changes from an earlier session. Recover them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="987"/>
        <source>Recovered the unsaved changes of %1 (Edit ▸ Undo reverts).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="542"/>
        <source>Run on &amp;GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="544"/>
        <source>Profile on G&amp;PU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="586"/>
        <source>No CUDA GPU here (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="491"/>
        <source>&amp;Undo %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="495"/>
        <source>&amp;Redo %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1333"/>
        <source>There is no %1 translation; the language stays as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1338"/>
        <source>The interface language is now English.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="392"/>
        <source>Open project or script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="393"/>
        <source>Tessera projects and scripts (*.tessera *.py);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1081"/>
        <source>Save project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="1082"/>
        <source>Tessera projects (*.tessera);;Tessera scripts (*.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="707"/>
        <source>, matches the reference (max error %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="708"/>
        <source>, DIFFERS from the reference (max error %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::gui::RunnerSettingsDialog</name>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="36"/>
        <source>Runner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="39"/>
        <source>This machine (local)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="40"/>
        <source>Slurm cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="41"/>
        <source>the cluster&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="42"/>
        <source>none (e.g. gpu:1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="43"/>
        <source>from the candidates&apos; timeouts (e.g. 10 or 1:00:00)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="44"/>
        <source>your default account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="46"/>
        <source>more sbatch options, e.g. --constraint=avx512 --qos=short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="48"/>
        <source>a new folder under $TMPDIR (must be shared with the nodes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="49"/>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="51"/>
        <source>Check Slurm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="65"/>
        <source>Run on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="66"/>
        <source>Partition:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="67"/>
        <source>Generic resources (--gres):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="68"/>
        <source>Time limit (--time):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="69"/>
        <source>Account:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="70"/>
        <source>Extra sbatch options:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="71"/>
        <source>Work folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="85"/>
        <source>Work folder shared with the nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="117"/>
        <source>Unknown runner &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="120"/>
        <source>The partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="120"/>
        <source>--gres</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="120"/>
        <source>The account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="123"/>
        <source>%1 cannot contain spaces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="128"/>
        <source>The time limit &quot;%1&quot; is not one Slurm reads (minutes, H:MM:SS or D-HH:MM).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="133"/>
        <source>The options cannot contain line breaks or tabs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="135"/>
        <source>The work folder must be an absolute path (the nodes see the same path).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="150"/>
        <source>Looking for Slurm…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="161"/>
        <source>Slurm answers: jobs can be submitted from here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/RunnerSettingsDialog.cpp" line="162"/>
        <source>Slurm is not available: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::gui::TuneController</name>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="256"/>
        <source>The document&apos;s schedule is this best: nothing faster was found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="279"/>
        <source>×%1 the document&apos;s schedule (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="392"/>
        <source>Cannot read the records database %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/TuneController.cpp" line="403"/>
        <source>%n candidate(s) stored by earlier sessions for this workload on this machine (records in %1); Start resumes from them.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="447"/>
        <source>A tuning session is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="479"/>
        <source>the design space of the blocks of TensorIR function %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="481"/>
        <source>the design space of the TensorIR function&apos;s blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="482"/>
        <source>the space generated from the workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="483"/>
        <source>the %1 points of %2 tunable knob(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="491"/>
        <source>Tuning %1 over %2: %3 trials%4, records in %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="495"/>
        <source> within %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="557"/>
        <source>%1: %2 queued, %3 running, %4 done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="617"/>
        <source>Resuming: %1 of %2 trials left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="626"/>
        <location filename="../app/gui/TuneController.cpp" line="658"/>
        <source>Cancelled after %1 of %2 trials.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="643"/>
        <source>Tuning stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="653"/>
        <source>Paused after %1 of %2 trials: Resume continues.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="659"/>
        <source>Tuned: %1 trials measured in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="260"/>
        <source>spread ×%1–×%2 over %3 process(es) that timed both in the same interleaved rounds; medians %4 ms against %5 ms, 95% intervals %6–%7 and %8–%9 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="217"/>
        <source>writes %1 as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="218"/>
        <source>takes %1 as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="222"/>
        <source>Its kernel %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="274"/>
        <source>No speed-up over the document&apos;s schedule: the best found measured ×%1 (%2). The document&apos;s schedule stays the best.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="286"/>
        <source>%1 ms, as the claim timed it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="287"/>
        <source>%1 ms at the machine&apos;s reference speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="288"/>
        <source>%1 GFLOP/s (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="291"/>
        <source>Best: the document&apos;s schedule, %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="292"/>
        <source>Best %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="458"/>
        <source>Blocked argument layouts apply to te documents: a TensorIR function takes its buffers as it declares them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="488"/>
        <source>, the inputs and output in blocked layouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="489"/>
        <source>, the inputs in blocked layouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="490"/>
        <source>, the output in a blocked layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="685"/>
        <source>there is no tuned candidate %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="687"/>
        <source>tuned candidate %1 is slower than the document&apos;s schedule by the tuner&apos;s own measurement (×%2): the document&apos;s schedule stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="700"/>
        <source>the document&apos;s script does not evaluate: fix it before applying a tuned candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="704"/>
        <source>tuned candidate %1 does not evaluate: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="712"/>
        <source>tuned candidate %1 computes another workload than the document&apos;s (was the te definition edited since it was tuned?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="728"/>
        <source>tuned candidate %1 tunes another TensorIR function than the document&apos;s (was the function or its schedule edited since it was tuned?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="736"/>
        <source>tuned candidate %1 cannot be put on the document: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="748"/>
        <source>tuned candidate %1 does not evaluate as a TensorIR document: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="759"/>
        <source>apply tuned candidate (%1 GFLOP/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="760"/>
        <source>Applied the candidate at %1 GFLOP/s (Edit ▸ Undo returns).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="777"/>
        <source>#%1 (%2 GFLOP/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="787"/>
        <source>%1 ms (fastest %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="791"/>
        <source>not checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="794"/>
        <source>GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="795"/>
        <source>median time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="796"/>
        <source>reference check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="798"/>
        <source>found by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="799"/>
        <source>speed of right vs left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="803"/>
        <source>changed script lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="804"/>
        <source>changed loop-nest lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="816"/>
        <source>Make tunable: the script has no schedule (fix its errors first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="826"/>
        <source>Tunable: %1. Sessions now search the knobs&apos; %2 points.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/TuneController.cpp" line="852"/>
        <source>The knob %1 was dropped: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::gui::VersionCompareDialog</name>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="165"/>
        <source>Compare %1 with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="181"/>
        <source>Script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="182"/>
        <source>Loop nest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/VersionCompare.cpp" line="183"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (left) and &lt;b&gt;%2&lt;/b&gt; (right)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::BoundsView</name>
    <message>
        <location filename="../views/BoundsView.cpp" line="45"/>
        <source>placeholder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="46"/>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="47"/>
        <source>spatial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="48"/>
        <source>reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="49"/>
        <source>vector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="50"/>
        <source>parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="51"/>
        <source>unrolled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="52"/>
        <source>thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="87"/>
        <source>InferBound phases for producer → consumer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="88"/>
        <source>Stage / IterVar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="88"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="88"/>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="88"/>
        <source>Extent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="89"/>
        <source>Attach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="89"/>
        <source>Realize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="89"/>
        <source>Computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="89"/>
        <source>Required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="92"/>
        <source>Elements computed by the schedule vs required by the consumers; &quot;?&quot; when a count depends on a shape variable whose value is not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="94"/>
        <source>IterVar / dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="94"/>
        <source>Set or range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="121"/>
        <source>No bounds: the script creates no schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="122"/>
        <source>No bounds: the script has errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="131"/>
        <source> (output)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="142"/>
        <source> (leaf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="163"/>
        <source>No producer → consumer pair here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="163"/>
        <source>No schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="164"/>
        <source>The phase tables explain how InferBound sizes a compute stage that another compute stage reads (e.g. after cache_read, or B read by C).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="172"/>
        <source>Phase 1: consumer %1&apos;s leaf vars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="175"/>
        <source>Phase 2: PassUpDomain to %1&apos;s root vars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="177"/>
        <source>after %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="180"/>
        <source>root vars (after relaxation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="183"/>
        <source>Phase 3: %1&apos;s request of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsView.cpp" line="185"/>
        <source>Phase 4: %1&apos;s root ranges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsPanes.cpp" line="71"/>
        <source>Over-computation: %1× the required elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BoundsPanes.cpp" line="82"/>
        <source>?: the count depends on a shape variable whose value is not known here</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::BufferLayoutView</name>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="220"/>
        <source>Buffer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="221"/>
        <source>Next padded slice ▸</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="222"/>
        <source>Show the next slice of the physical layout that holds padding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="241"/>
        <source>Iterations of block %1 by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="242"/>
        <source>%1 of block %2 by %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="315"/>
        <source>phys[%1]=</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="315"/>
        <source>log[%1]=</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="363"/>
        <source>No buffer has a layout transform. Apply transform_layout to a buffer of a block to see its physical layout and padding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="365"/>
        <source>No buffer has a layout transform. Apply transform_layout to a stage to see its physical layout and padding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="371"/>
        <source>%1: iterations %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="374"/>
        <source>%1: logical %2 → physical %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="383"/>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="385"/>
        <source>padding where %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="407"/>
        <source>none (padding is never accessed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="411"/>
        <source>%1 iterations, each one of the block&apos;s iterations before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="415"/>
        <source>padding %1 of %2 elements (%3 %) · %4 bytes wasted · pad value %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="445"/>
        <source>Iterations after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="445"/>
        <source>Iterations before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="446"/>
        <source>Physical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="446"/>
        <source>Logical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="448"/>
        <source>slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="449"/>
        <source>one cell per %1×%1 elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="488"/>
        <source>physical %1 ↔ logical %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="489"/>
        <source>physical %1: padding, pad value %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="490"/>
        <source>logical %1 ↔ physical %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="491"/>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="523"/>
        <source>rows %1–%2, columns %3–%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="525"/>
        <source>%1: %2 of %3 elements are padding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="526"/>
        <source>%1: %2 elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="569"/>
        <source>rows %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="569"/>
        <source>columns %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/BufferLayoutView.cpp" line="571"/>
        <source>%1: %2 of %3 elements are padding (%4 %)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::CacheFitDelegate</name>
    <message>
        <location filename="../views/CacheFitColumn.cpp" line="34"/>
        <source>One iteration of %1 touches %2 in cache lines (%3 of data): fits %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/CacheFitColumn.cpp" line="44"/>
        <source> (an index not followed: whole dimension)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/CacheFitColumn.cpp" line="73"/>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/CacheFitColumn.cpp" line="75"/>
        <source>spills to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/CacheFitColumn.cpp" line="125"/>
        <source>Unknown: a loop bound or a shape is symbolic.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::CodeView</name>
    <message>
        <location filename="../views/CodeView.cpp" line="70"/>
        <source>Previous pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/CodeView.cpp" line="71"/>
        <source>Next pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/CodeView.cpp" line="83"/>
        <source>Lowered loop program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/CodeView.cpp" line="126"/>
        <source>No lowered program yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::GraphPanel</name>
    <message>
        <location filename="../views/GraphPanel.cpp" line="43"/>
        <source>Graph layout failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::GraphScene</name>
    <message>
        <location filename="../views/graph/GraphScene.cpp" line="98"/>
        <source>Dropped on itself: nothing to do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/graph/GraphScene.cpp" line="99"/>
        <source>Nothing can be dropped here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/graph/GraphScene.cpp" line="112"/>
        <source>Only graph nodes can be dropped here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::IterVarGraphView</name>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="47"/>
        <source>Loop order, outermost first: drag a loop to reorder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="57"/>
        <source>No iter vars: the script has no schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="75"/>
        <source>%1 is an input (placeholder): it has no loops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="81"/>
        <source>Stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="129"/>
        <source>Drop on a loop (iter var).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="131"/>
        <source>%1 is not a loop any more (not a leaf var).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="135"/>
        <source>fuse: %1 is not a loop (not a leaf var).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/IterVarGraphView.cpp" line="138"/>
        <source>fuse: %1 and %2 are not neighbours in the loop order (%3).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::LoopNestView</name>
    <message>
        <location filename="../views/LoopNestView.cpp" line="28"/>
        <source>loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="30"/>
        <source>produce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="32"/>
        <source>realize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="34"/>
        <source>allocate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="36"/>
        <source>condition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="38"/>
        <source>store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="48"/>
        <source>serial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="49"/>
        <source>parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="50"/>
        <source>vectorized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="51"/>
        <source>unrolled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="52"/>
        <source>thread_binding</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../views/LoopNestView.cpp" line="63"/>
        <source>, prefetches %1 %n iteration(s) ahead</source>
        <translation>
            <numerusform>, prefetches %1 %n iteration ahead</numerusform>
            <numerusform>, prefetches %1 %n iterations ahead</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="158"/>
        <source>Statement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="158"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="158"/>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="158"/>
        <source>Working set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="158"/>
        <source>Throughput (MCA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="216"/>
        <source>Measured (%1): %2 ms per call of the whole kernel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="241"/>
        <source>%1 cyc/it · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="243"/>
        <source>LLVM MCA on %1: %2 cycles per iteration of the machine loop (%3 instructions, %4 micro-ops), bound by %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="251"/>
        <source>Busiest unit: %1, %2 cycles per iteration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="319"/>
        <source>Drop: compute %1 at %2.%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="320"/>
        <source>Drop: reorder %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="325"/>
        <source>There is no schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="326"/>
        <source>Drop on a loop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="330"/>
        <source>Unknown stage %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="332"/>
        <source>%1 is not a loop of %2&apos;s schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="337"/>
        <source>Unknown drag.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="339"/>
        <source>reorder: %1 and %2 belong to different stages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="340"/>
        <source>Dropped on itself: nothing to do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="342"/>
        <source>%1 is already there: nothing to do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/LoopNestView.cpp" line="345"/>
        <source>Only stages and loops can be dropped here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::PrimitiveMenuText</name>
    <message>
        <location filename="../views/PrimitiveMenus.cpp" line="57"/>
        <source>%1 is an input (placeholder): it is not computed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveMenus.cpp" line="65"/>
        <source>Compute Here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveMenus.cpp" line="72"/>
        <source>compute_at(%1, %2.%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveMenus.cpp" line="80"/>
        <source>No stage read here can be computed at this loop</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::PrimitiveText</name>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="78"/>
        <source>%1 needs a leaf loop with another leaf loop after it; %2 has none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="86"/>
        <source>%1: select a loop (iter var) first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="127"/>
        <source>Factor (inner extent)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="90"/>
        <source>Outer loop factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="91"/>
        <source>Inner loop factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="94"/>
        <source>Thread axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="96"/>
        <source>Factor axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="105"/>
        <location filename="../views/PrimitiveRequests.cpp" line="426"/>
        <source>prefetch: %1 reads no tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="106"/>
        <source>Iterations ahead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="108"/>
        <source>Each iteration of %1 prefetches what the loop reads this many iterations later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="111"/>
        <source>Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="112"/>
        <source>Prefetch in %1.%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="185"/>
        <source>compute_at: no stage reads %1, so it has no loop to be computed at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="187"/>
        <source>Compute at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="188"/>
        <source>Loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="191"/>
        <source>compute_at: choose a loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="209"/>
        <source>Index map (logical → physical)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="214"/>
        <source>Pad value (empty: never accessed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="228"/>
        <source>✓ applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="240"/>
        <source>cache_read: no stage reads %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="242"/>
        <location filename="../views/PrimitiveRequests.cpp" line="246"/>
        <source>Storage scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="268"/>
        <source>Split…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="269"/>
        <source>Tile with Next Loop…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="270"/>
        <source>Fuse with Next Loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="271"/>
        <source>Reorder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="272"/>
        <source>Vectorize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="273"/>
        <source>Unroll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="274"/>
        <source>Parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="275"/>
        <source>Prefetch…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="276"/>
        <source>Bind to Thread…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="277"/>
        <source>Rfactor…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="278"/>
        <source>Compute At…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="279"/>
        <source>Compute Inline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="280"/>
        <source>Compute Root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="281"/>
        <source>Cache Read…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="282"/>
        <source>Cache Write…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="283"/>
        <source>Transform Layout…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="317"/>
        <source>vectorized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="318"/>
        <source>unrolled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="319"/>
        <source>parallelized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="341"/>
        <source>fuse: %1 has no loops %2 and %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="351"/>
        <source>reorder: there is no stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="355"/>
        <source>reorder: %1 has no loop %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="372"/>
        <location filename="../views/PrimitiveRequests.cpp" line="508"/>
        <source>%1: the script has no schedule (fix its errors first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="374"/>
        <location filename="../views/PrimitiveRequests.cpp" line="510"/>
        <source>%1: select a stage first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="376"/>
        <location filename="../views/PrimitiveRequests.cpp" line="513"/>
        <source>%1: there is no stage %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="380"/>
        <source>%1: %2 has no loop %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="390"/>
        <source>%1: %2 is not a loop any more (it was split or fused)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="395"/>
        <source>%1: %2 is the innermost loop; there is no next loop to %1 it with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="405"/>
        <source>%1: %2 is already %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="473"/>
        <location filename="../views/PrimitiveRequests.cpp" line="482"/>
        <source>extent / %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="476"/>
        <source>The factor must be at least 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="488"/>
        <source>(%1 × %2 = %3 &gt; %4: the last iterations are guarded by a condition)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="495"/>
        <source>(the factor %1 is larger than the extent %2, so it is clamped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="289"/>
        <location filename="../views/PrimitiveRequests.cpp" line="336"/>
        <location filename="../views/PrimitiveRequests.cpp" line="348"/>
        <source>There is no schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="129"/>
        <source>Parts (outer extent; 0: use the factor)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="130"/>
        <source>split(nparts=…): the outer loop gets this many iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="134"/>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="141"/>
        <source>Split %1.%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="142"/>
        <source>Split %1.%2 (extent %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="155"/>
        <source>Loop order (outermost first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="158"/>
        <source>Drag the loops into the new order, or use Up and Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="162"/>
        <location filename="../views/PrimitiveRequests.cpp" line="222"/>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="167"/>
        <source>✓ legal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="170"/>
        <source>Reorder the loops of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="291"/>
        <source>Drop a stage on another stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="294"/>
        <source>Unknown stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="295"/>
        <source>A stage cannot be computed at its own loops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="297"/>
        <source>%1 is an input (placeholder): it is not computed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="299"/>
        <source>%1 is an input (placeholder): it has no loops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/PrimitiveRequests.cpp" line="301"/>
        <source>compute_at: %1 does not read %2, so %2 cannot be computed inside its loops.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::ProfileView</name>
    <message>
        <location filename="../views/ProfileView.cpp" line="78"/>
        <source>GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="79"/>
        <source>time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="122"/>
        <source>median time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="126"/>
        <source>95% interval of the median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="170"/>
        <source>No profile yet: Run ▸ Profile measures the current schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../views/ProfileView.cpp" line="171"/>
        <source>%n profile run(s)</source>
        <translation>
            <numerusform>%n profile run</numerusform>
            <numerusform>%n profile runs</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="173"/>
        <source>latest: ×%1 the speed of the first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="177"/>
        <source>hover a run for its numbers, click it to show its schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="195"/>
        <source>machine peak (estimate): %1 GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="257"/>
        <source>(within noise: the medians&apos; 95% intervals overlap, timed in the same interleaved rounds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="259"/>
        <source>(within noise: the medians&apos; 95% intervals overlap)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="261"/>
        <source>(beyond noise, timed in the same interleaved rounds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="262"/>
        <source>(beyond noise: the medians&apos; 95% intervals are apart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="266"/>
        <source>(noise unknown: the timed calls were not kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="275"/>
        <source>%1 (%2): median %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../views/ProfileView.cpp" line="279"/>
        <source> (95% interval %1–%2 ms over %n call(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="283"/>
        <source>, fastest %1 ms, slowest %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="284"/>
        <source>, %1 GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/ProfileView.cpp" line="286"/>
        <source>, ×%1 the first run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::RooflineView</name>
    <message>
        <location filename="../views/RooflineView.cpp" line="78"/>
        <source>operational intensity (flop/byte)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="79"/>
        <source>GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="89"/>
        <source>Measuring the bandwidth of each memory level (once per machine)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="150"/>
        <source>%1: %2 GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="153"/>
        <source>%1: %2 flop/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="155"/>
        <source>above the %1 ceiling: %1 delivered fewer bytes than the model counts (reuse in registers) or was measured low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="159"/>
        <source>bound by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="161"/>
        <source>above every ceiling: the ceilings were measured low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="221"/>
        <source>%1 %2 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="244"/>
        <source>runs at %1 intensity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="253"/>
        <source>selected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="266"/>
        <source>Ceilings: peak %1 GFLOP/s; %2, %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="270"/>
        <source>Not trusted: %1, also when measured again (the machine is busy?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RooflineView.cpp" line="274"/>
        <source>Profile the kernel on the CPU: each run appears at its intensity for every memory level.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::RunLogView</name>
    <message>
        <location filename="../views/RunLogView.cpp" line="101"/>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="101"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="101"/>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="101"/>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="102"/>
        <source>Max error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="102"/>
        <source>Median (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="102"/>
        <source>Spread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="103"/>
        <source>GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="103"/>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="104"/>
        <source>Show Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="105"/>
        <source>Go back to the schedule of the selected run (Edit ▸ Undo returns)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="106"/>
        <source>Compare…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="108"/>
        <source>Select the runs of two versions to compare their scripts, loop nests and numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="122"/>
        <source>profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="122"/>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="124"/>
        <source>FAILED: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="125"/>
        <source>not checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="126"/>
        <source>matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="127"/>
        <source>DIFFERS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="131"/>
        <source>min %1 ms, median %2 ms, max %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../views/RunLogView.cpp" line="139"/>
        <source>95% interval of the median: %1–%2 ms over %n timed call(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="142"/>
        <source>a single timed call, or calls not kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/RunLogView.cpp" line="154"/>
        <source>%1 DIFFERS from the reference (max error %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::ScriptView</name>
    <message numerus="yes">
        <location filename="../views/ScriptView.cpp" line="116"/>
        <source>(and %n more)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/ScriptView.cpp" line="118"/>
        <source>Click to go to line %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::StageDagView</name>
    <message>
        <location filename="../views/StageDagView.cpp" line="36"/>
        <source>The script creates no schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/StageDagView.cpp" line="37"/>
        <source>No stage DAG: the script has errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/StageDagView.cpp" line="68"/>
        <source>Compute %1 at a loop of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::TirBlockGraphView</name>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="31"/>
        <source>The script creates no TensorIR schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="32"/>
        <source>No block graph: the script has errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="36"/>
        <source>%1: blocks and the buffers between them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="65"/>
        <source>There is no TensorIR schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="69"/>
        <source>Drop a block on another block to compute it at one of its loops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="70"/>
        <source>A block cannot be computed at its own loops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="72"/>
        <source>%1 and %2 share no buffer: neither reads what the other writes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="76"/>
        <source>%1 has no loop to compute %2 at.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBlockGraphView.cpp" line="92"/>
        <source>Compute %1 at a loop of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::TirBoundsView</name>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="66"/>
        <source>Region analysis of the block at:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="67"/>
        <source>Block / loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="67"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="67"/>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="67"/>
        <source>Extent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="67"/>
        <source>Computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="68"/>
        <source>Required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="68"/>
        <source>Writes per iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="68"/>
        <source>Computed at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="71"/>
        <source>Elements the block writes per iteration of the loop it is computed at vs the elements the blocks under that loop read of them (clipped to the buffer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="73"/>
        <source>Step / loop / dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="73"/>
        <source>Region or set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="100"/>
        <source>No region analysis: the script has errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="101"/>
        <source>No region analysis: the script makes no TensorIR schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="110"/>
        <source> (output)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="121"/>
        <source>No block reads what %1 writes: it is an output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="158"/>
        <source>No block selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="159"/>
        <source>No block reads what %1 writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="161"/>
        <source>The region analysis says how much of a buffer the blocks reading it need per iteration of a loop: what compute_at gives their producer to compute there. Select a block whose output another block reads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="169"/>
        <source>in the whole function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="170"/>
        <source>per iteration of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="172"/>
        <source>1. What each reader of %1 reads %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="175"/>
        <source>%1 relaxed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="178"/>
        <source>2. Union over the readers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="181"/>
        <source>3. Clipped to %1&apos;s shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="189"/>
        <source>The readers reach past %1&apos;s bounds here (the union is %2); TVM&apos;s compute_at bounds the producer by the buffer, so only this part is computed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="194"/>
        <source>4. What %1 writes there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="198"/>
        <source>%1 is not under this loop; compute_at here makes it compute step 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="203"/>
        <source>Computed / required elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="229"/>
        <source>There is no TensorIR schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="232"/>
        <source>Drop a block on a loop of another block to compute it there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="262"/>
        <source>At %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="271"/>
        <source>Compute %1 Here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="272"/>
        <source>Compute %1 Here, after Its Producers (reverse_compute_at)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirBoundsView.cpp" line="281"/>
        <source>No block shares a buffer with %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::TirLoopGraphView</name>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="49"/>
        <source>No loops: the script has no TensorIR schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="66"/>
        <source>The function has no block.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="71"/>
        <source>Block %1: its loops, iterators and bindings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="72"/>
        <source> (with a predicate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="106"/>
        <location filename="../views/TirLoopGraphView.cpp" line="121"/>
        <source>There is no TensorIR schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="123"/>
        <source>Drop on a loop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="112"/>
        <location filename="../views/TirLoopGraphView.cpp" line="132"/>
        <source>Only loops of %1 can be dropped here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="25"/>
        <source>Loop order, outermost first: drag a loop between two others to move it there, onto its neighbour to fuse them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopGraphView.cpp" line="115"/>
        <location filename="../views/TirLoopGraphView.cpp" line="135"/>
        <source>Drop a loop or a block on a loop.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::TirLoopNestView</name>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="73"/>
        <source>Statement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="73"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="73"/>
        <source>Iterators and bindings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="73"/>
        <source>Working set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="122"/>
        <source>block, T.init</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="122"/>
        <source>block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="169"/>
        <source>There is no TensorIR schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="170"/>
        <location filename="../views/TirLoopNestView.cpp" line="211"/>
        <source>Drop a block or a loop on a loop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="190"/>
        <source>No other block sits under %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="196"/>
        <source>Reorder or fuse loops within the loop graph or within this nest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TirLoopNestView.cpp" line="204"/>
        <source>%1 is not a loop of %2: loops move only within their nest; drop it on a loop of another nest to merge the two</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tessera::views::TuneView</name>
    <message>
        <location filename="../views/TuneView.cpp" line="232"/>
        <source>Trials</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="233"/>
        <source>Time budget (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="234"/>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="235"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="237"/>
        <source>Stop after this many seconds (none: only the trial count limits the session)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="238"/>
        <source>How many candidate schedules to measure in this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="239"/>
        <source>evolution (cost model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="240"/>
        <source>random (baseline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="241"/>
        <source>Arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="242"/>
        <source>as defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="243"/>
        <source>inputs in blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="244"/>
        <source>output in blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="245"/>
        <source>inputs and output in blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="246"/>
        <source>own blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="248"/>
        <source>blocks of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="249"/>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="251"/>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="252"/>
        <source>Stop after recording what was measured; Resume continues the session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="253"/>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="255"/>
        <source>Continue the paused session: schedules already measured are not measured again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="256"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="257"/>
        <source>Stop the session (what was measured stays in the records)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="258"/>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="259"/>
        <source>Put the selected candidate&apos;s schedule on the trace (one undoable step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="260"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="261"/>
        <source>Show the two selected candidates&apos; scripts and loop nests side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="262"/>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="262"/>
        <location filename="../views/TuneView.cpp" line="271"/>
        <source>GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="262"/>
        <source>% of peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="262"/>
        <source>median (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="263"/>
        <source>checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="263"/>
        <source>found by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="263"/>
        <source>schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="265"/>
        <source>Tunable knobs: sessions search exactly these (Make Tunable in the IterVar graph&apos;s or the loop nest&apos;s context menu); without knobs, the space generated from the workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="268"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="269"/>
        <source>The selected knob goes back to its concrete value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="270"/>
        <location filename="../views/TuneView.cpp" line="272"/>
        <source>trial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="273"/>
        <source>failed (crash, timeout, error)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="274"/>
        <source>best so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="323"/>
        <source>machine peak (estimate): %1 GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="371"/>
        <source>Fix the script&apos;s errors first: a session tunes the document&apos;s schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="372"/>
        <source>Tune the document&apos;s workload on this machine (a new session)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="382"/>
        <source>The channels of a block as the caller&apos;s tensors have them (oneDNN&apos;s nChw16c: 16); own blocks: each schedule&apos;s, its tile&apos;s width of channels. Another workload, with records of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="386"/>
        <source>A TensorIR function takes its buffers as it declares them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="387"/>
        <source>Which arguments the tuned kernel takes in the blocked layouts it computes in, as a library&apos;s blocked primitive is handed them (oneDNN&apos;s nChw8c): another workload, with records of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="399"/>
        <source>%1 of %2 trials measured in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="404"/>
        <source>best %1 GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="405"/>
        <source>(%1% of peak)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="408"/>
        <source>about %1 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="409"/>
        <source>estimating time left…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="411"/>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="459"/>
        <source>record %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="464"/>
        <source>median %1 ms, fastest %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="467"/>
        <source>not yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="515"/>
        <source>records: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/TuneView.cpp" line="518"/>
        <source>Every measured candidate is kept in this SQLite file; a session started again on the same workload resumes from it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
