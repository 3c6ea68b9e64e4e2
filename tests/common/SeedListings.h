// Listings from the seed documents, shared by the tests that reproduce them (the IR
// printer rebuilds them by hand; ScheduleOps produces them from a schedule).
#pragma once

namespace tessera::testing {

// The InferBound document, Ex. 4 (C computed at D's innermost axis), after ScheduleOps
// with trivial loops kept; the document's node addresses dropped (`compute(D, 0x2c070b0)`).
inline constexpr const char* kInferBoundEx4Listing =
    "// attr [compute(D)] realize_scope = \"\"\n"
    "realize D([0, 4], [0, 5], [0, 16]) {\n"
    "  produce D {\n"
    "    for (di, 0, 4) {\n"
    "      for (dj, 0, 5) {\n"
    "        for (dk, 0, 16) {\n"
    "          // attr [compute(C)] realize_scope = \"\"\n"
    "          realize C([dj, 1], [dk, 1]) {\n"
    "            produce C {\n"
    "              for (i, 0, 1) {\n"
    "                for (j, 0, 1) {\n"
    "                  C((i + dj), (j + dk)) =5\n"
    "                }\n"
    "              }\n"
    "            }\n"
    "            D(di, dj, dk) =(C(dj, dk)*2)\n"
    "          }\n"
    "        }\n"
    "      }\n"
    "    }\n"
    "  }\n"
    "}\n";

}  // namespace tessera::testing
