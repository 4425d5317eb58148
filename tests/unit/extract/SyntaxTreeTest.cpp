//===- SyntaxTreeTest.cpp - The walks the extractors share ----------------===//
//
// forEachNamedNodeWithParent hands each node the parent ts_node_parent
// gives it, from a stack instead of a search from the root: checked on
// every named node of code in the host grammars.
//
//===----------------------------------------------------------------------===//
#include "SyntaxTree.h"

#include <gtest/gtest.h>

extern "C" {
const TSLanguage *tree_sitter_java();
const TSLanguage *tree_sitter_python();
const TSLanguage *tree_sitter_go();
const TSLanguage *tree_sitter_typescript();
}

using namespace nosqlint::extract;

namespace {

unsigned checkParents(const TSLanguage *Language, const std::string &Source) {
  TSParser *P = ts_parser_new();
  ts_parser_set_language(P, Language);
  TSTree *T = ts_parser_parse_string(P, nullptr, Source.data(),
                                     static_cast<uint32_t>(Source.size()));
  unsigned Visited = 0;
  forEachNamedNodeWithParent(ts_tree_root_node(T), [&](TSNode N, TSNode Up) {
    ++Visited;
    TSNode Expected = ts_node_parent(N);
    EXPECT_EQ(ts_node_is_null(Up), ts_node_is_null(Expected))
        << ts_node_type(N);
    if (!ts_node_is_null(Up) && !ts_node_is_null(Expected))
      EXPECT_TRUE(ts_node_eq(Up, Expected)) << ts_node_type(N);
  });
  ts_tree_delete(T);
  ts_parser_delete(P);
  return Visited;
}

} // namespace

TEST(SyntaxTree, TheParentOfEachNodeIsTsNodeParent) {
  EXPECT_GT(checkParents(tree_sitter_go(),
                         "package p\nconst q = \"SELECT * FROM t\"\n"
                         "func f(s *S) { s.Query(q + \" WHERE id = ?\", x.Y)."
                         "Exec(); m[i] = T{A: b.C} }\n"),
            30u);
  EXPECT_GT(checkParents(tree_sitter_java(),
                         "class A { static final String Q = \"x\" + B.C;\n"
                         "  void f() { s.execute(Q, new int[]{1}); } }\n"),
            20u);
  EXPECT_GT(checkParents(tree_sitter_python(),
                         "def f(s):\n    s.execute(f\"SELECT {a}\", (1,))\n"
                         "    return [x for x in y if x]\n"),
            15u);
  EXPECT_GT(checkParents(tree_sitter_typescript(),
                         "const q = `SELECT ${a}`;\n"
                         "export async function f(c: C) { await c.execute(q, "
                         "[1], { prepare: true }); }\n"),
            20u);
  // Broken code: error nodes and missing ones.
  checkParents(tree_sitter_go(), "package p\nfunc f( { s.Query(\"x\" + }\n");
}
