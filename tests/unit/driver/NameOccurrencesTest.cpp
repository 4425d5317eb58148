#include "NameOccurrences.h"

#include <gtest/gtest.h>

using nosqlint::NameOccurrences;

TEST(NameOccurrences, MentionsWholeWordsOnly) {
  NameOccurrences T("x := USERS_TABLE + suffix; y = $tmp_1");
  EXPECT_TRUE(T.mentions("USERS_TABLE"));
  EXPECT_TRUE(T.mentions("suffix"));
  EXPECT_TRUE(T.mentions("$tmp_1"));
  EXPECT_FALSE(T.mentions("USERS"));  // a part of a word
  EXPECT_FALSE(T.mentions("TABLE"));
  EXPECT_FALSE(T.mentions("suffi"));
  EXPECT_FALSE(T.mentions(""));
}

TEST(NameOccurrences, MentionsTheLastComponent) {
  NameOccurrences T("session.execute(Tables.USERS)");
  EXPECT_TRUE(T.mentions("Tables.USERS"));
  EXPECT_TRUE(T.mentions("other.pkg.USERS"));
  EXPECT_FALSE(T.mentions("Tables.ORDERS"));
}

TEST(NameOccurrences, DeclaresWithAValue) {
  NameOccurrences T("const selectUser string = \"SELECT\"\n"
                    "val table: String = \"t\"\n"
                    "if (limit == 3) {}\n"
                    "List<String> names, ids = List.of();\n"
                    "used(onlyUsed)\n");
  EXPECT_TRUE(T.mayDeclare("selectUser"));
  EXPECT_TRUE(T.mayDeclare("table"));
  EXPECT_TRUE(T.mayDeclare("names")); // `names, ids = ...`
  EXPECT_FALSE(T.mayDeclare("limit")); // a comparison
  EXPECT_FALSE(T.mayDeclare("onlyUsed"));
  EXPECT_FALSE(T.mayDeclare("absent"));
  EXPECT_FALSE(T.mayDeclare("select")); // a part of a word
}

TEST(NameOccurrences, TheValueIsOnTheSameLine) {
  NameOccurrences T("const name\n= \"x\"");
  EXPECT_FALSE(T.mayDeclare("name"));
}

TEST(NameOccurrences, NamesThatAreNoWordAreLookedForInTheText) {
  // A name holding other characters is found by its boundaries, as before.
  NameOccurrences T("x = a.b + 1; c.d = 2");
  EXPECT_TRUE(T.mayDeclare("c.d"));
  EXPECT_FALSE(T.mayDeclare("a.b"));
}

TEST(NameOccurrences, EveryOccurrenceIsTried) {
  // The first occurrence is a use, the second a declaration.
  NameOccurrences T("print(QUERY)\nQUERY = \"SELECT 1\"");
  EXPECT_TRUE(T.mayDeclare("QUERY"));
}

TEST(NameOccurrences, ComparisonsAndShortDeclarationsDeclareNothing) {
  // A loop counter or an error a parsed file left unresolved is a local:
  // `i := 0` in a test of the same Go package declares no constant of it.
  NameOccurrences T("for i := 0; i <= n; i++ {}\n"
                    "if err != nil || n >= 3 || k == 2 {}\n"
                    "v, err := f()\n");
  EXPECT_FALSE(T.mayDeclare("i"));
  EXPECT_FALSE(T.mayDeclare("err"));
  EXPECT_FALSE(T.mayDeclare("n"));
  EXPECT_FALSE(T.mayDeclare("k"));
  EXPECT_FALSE(T.mayDeclare("v")); // `v, err :=`
  NameOccurrences Go("const i = 3\nvar err = errors.New(\"x\")\n");
  EXPECT_TRUE(Go.mayDeclare("i"));
  EXPECT_TRUE(Go.mayDeclare("err"));
}

TEST(NameOccurrences, AnIndexOrAMemberIsNoDeclaration) {
  // `links[i] = v` assigns an element: neither links nor i is declared.
  NameOccurrences T("links[i] = &Link{}\nrow.n = 3\nm[k]=1\n");
  EXPECT_FALSE(T.mayDeclare("i"));
  EXPECT_FALSE(T.mayDeclare("links"));
  EXPECT_FALSE(T.mayDeclare("row"));
  EXPECT_FALSE(T.mayDeclare("k"));
  EXPECT_FALSE(T.mayDeclare("m"));
  // Java's array declarator, TypeScript's optional one.
  NameOccurrences D("static final String NAMES[] = {\"a\"};\n"
                    "let opt?: string = 'x'\nNAME=\"q\"\n");
  EXPECT_TRUE(D.mayDeclare("NAMES"));
  EXPECT_TRUE(D.mayDeclare("opt"));
  EXPECT_TRUE(D.mayDeclare("NAME"));
}
