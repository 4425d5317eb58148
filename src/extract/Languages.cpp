//===- Languages.cpp - Grammars and node types of the host languages ------===//
#include "Languages.h"

#include "llvm/Support/Path.h"

extern "C" {
const TSLanguage *tree_sitter_java();
const TSLanguage *tree_sitter_kotlin();
const TSLanguage *tree_sitter_scala();
const TSLanguage *tree_sitter_python();
const TSLanguage *tree_sitter_go();
const TSLanguage *tree_sitter_javascript();
const TSLanguage *tree_sitter_typescript();
const TSLanguage *tree_sitter_tsx();
const TSLanguage *tree_sitter_c_sharp();
}

namespace nosqlint::extract {

std::optional<HostLanguage> hostLanguageForPath(llvm::StringRef Path) {
  std::string Ext = llvm::sys::path::extension(Path).lower();
  if (Ext == ".java")
    return HostLanguage::Java;
  if (Ext == ".kt" || Ext == ".kts")
    return HostLanguage::Kotlin;
  if (Ext == ".scala" || Ext == ".sc")
    return HostLanguage::Scala;
  if (Ext == ".py" || Ext == ".pyi")
    return HostLanguage::Python;
  if (Ext == ".go")
    return HostLanguage::Go;
  if (Ext == ".js" || Ext == ".mjs" || Ext == ".cjs" || Ext == ".jsx")
    return HostLanguage::JavaScript;
  if (Ext == ".ts" || Ext == ".mts" || Ext == ".cts")
    return HostLanguage::TypeScript;
  if (Ext == ".tsx")
    return HostLanguage::Tsx;
  if (Ext == ".cs")
    return HostLanguage::CSharp;
  return std::nullopt;
}

llvm::StringRef hostLanguageName(HostLanguage Lang) {
  switch (Lang) {
  case HostLanguage::Java:
    return "java";
  case HostLanguage::Kotlin:
    return "kotlin";
  case HostLanguage::Scala:
    return "scala";
  case HostLanguage::Python:
    return "python";
  case HostLanguage::Go:
    return "go";
  case HostLanguage::JavaScript:
    return "javascript";
  case HostLanguage::TypeScript:
    return "typescript";
  case HostLanguage::Tsx:
    return "tsx";
  case HostLanguage::CSharp:
    return "csharp";
  }
  return "unknown";
}

namespace {
using Types = llvm::ArrayRef<llvm::StringRef>;

// Node types, as named by each grammar's node-types.json.
const llvm::StringRef JavaLiterals[] = {"string_literal"};
const llvm::StringRef JavaBinaries[] = {"binary_expression"};
const llvm::StringRef JavaCalls[] = {"method_invocation",
                                     "object_creation_expression"};
const llvm::StringRef JavaNames[] = {"identifier", "field_access"};
const llvm::StringRef JavaDecls[] = {"variable_declarator"};
const llvm::StringRef JavaAnnotations[] = {"annotation"};
const llvm::StringRef JavaNumbers[] = {
    "decimal_integer_literal", "hex_integer_literal", "octal_integer_literal",
    "binary_integer_literal", "decimal_floating_point_literal"};

const llvm::StringRef KtLiterals[] = {"string_literal",
                                      "multiline_string_literal"};
const llvm::StringRef KtInterps[] = {"interpolated_identifier",
                                     "interpolated_expression"};
const llvm::StringRef KtBinaries[] = {"additive_expression"};
const llvm::StringRef KtCalls[] = {"call_expression"};
const llvm::StringRef KtNames[] = {"simple_identifier", "navigation_expression"};
const llvm::StringRef KtDecls[] = {"property_declaration"};
const llvm::StringRef KtAnnotations[] = {"annotation"};
const llvm::StringRef KtNumbers[] = {"integer_literal", "long_literal",
                                     "hex_literal", "bin_literal",
                                     "real_literal", "unsigned_literal"};

const llvm::StringRef ScLiterals[] = {"string", "interpolated_string_expression"};
const llvm::StringRef ScInterps[] = {"interpolation"};
const llvm::StringRef ScBinaries[] = {"infix_expression"};
const llvm::StringRef ScCalls[] = {"call_expression", "instance_expression"};
const llvm::StringRef ScNames[] = {"identifier", "field_expression"};
const llvm::StringRef ScDecls[] = {"val_definition", "var_definition"};
const llvm::StringRef ScAnnotations[] = {"annotation"};
const llvm::StringRef ScNumbers[] = {"integer_literal",
                                     "floating_point_literal"};

const llvm::StringRef PyLiterals[] = {"string"};
const llvm::StringRef PyInterps[] = {"interpolation"};
const llvm::StringRef PyBinaries[] = {"binary_operator"};
const llvm::StringRef PyCalls[] = {"call"};
const llvm::StringRef PyNames[] = {"identifier", "attribute"};
const llvm::StringRef PyDecls[] = {"assignment"};
const llvm::StringRef PyNumbers[] = {"integer", "float"};

const llvm::StringRef GoLiterals[] = {"interpreted_string_literal",
                                      "raw_string_literal"};
const llvm::StringRef GoBinaries[] = {"binary_expression"};
const llvm::StringRef GoCalls[] = {"call_expression"};
const llvm::StringRef GoNames[] = {"identifier", "selector_expression"};
const llvm::StringRef GoDecls[] = {"const_spec", "var_spec",
                                   "short_var_declaration"};
const llvm::StringRef GoNumbers[] = {"int_literal", "float_literal"};

const llvm::StringRef JsLiterals[] = {"string", "template_string"};
const llvm::StringRef JsInterps[] = {"template_substitution"};
const llvm::StringRef JsBinaries[] = {"binary_expression"};
const llvm::StringRef JsCalls[] = {"call_expression", "new_expression"};
const llvm::StringRef JsNames[] = {"identifier", "member_expression"};
const llvm::StringRef JsDecls[] = {"variable_declarator"};
const llvm::StringRef JsAnnotations[] = {"decorator"};
const llvm::StringRef JsNumbers[] = {"number"};

const llvm::StringRef CsLiterals[] = {"string_literal", "verbatim_string_literal",
                                      "raw_string_literal",
                                      "interpolated_string_expression"};
const llvm::StringRef CsInterps[] = {"interpolation"};
const llvm::StringRef CsBinaries[] = {"binary_expression"};
const llvm::StringRef CsCalls[] = {"invocation_expression",
                                   "object_creation_expression"};
const llvm::StringRef CsNames[] = {"identifier", "member_access_expression"};
const llvm::StringRef CsDecls[] = {"variable_declarator"};
const llvm::StringRef CsAnnotations[] = {"attribute"};
const llvm::StringRef CsNumbers[] = {"integer_literal", "real_literal"};

const llvm::StringRef Parens[] = {"parenthesized_expression"};
} // namespace

const LanguageSpec &languageSpec(HostLanguage Lang) {
  static const LanguageSpec Java{
      HostLanguage::Java, tree_sitter_java, JavaLiterals, {}, JavaBinaries, "",
      JavaCalls, JavaNames, Parens, JavaDecls, JavaAnnotations, JavaNumbers};
  static const LanguageSpec Kotlin{
      HostLanguage::Kotlin, tree_sitter_kotlin, KtLiterals, KtInterps,
      KtBinaries, "", KtCalls, KtNames, Parens, KtDecls, KtAnnotations,
      KtNumbers};
  static const LanguageSpec Scala{
      HostLanguage::Scala, tree_sitter_scala, ScLiterals, ScInterps,
      ScBinaries, "", ScCalls, ScNames, Parens, ScDecls, ScAnnotations,
      ScNumbers};
  static const LanguageSpec Python{
      HostLanguage::Python, tree_sitter_python, PyLiterals, PyInterps,
      PyBinaries, "concatenated_string", PyCalls, PyNames, Parens, PyDecls,
      {}, PyNumbers, /*PercentOperator=*/true};
  static const LanguageSpec Go{
      HostLanguage::Go, tree_sitter_go, GoLiterals, {}, GoBinaries, "",
      GoCalls, GoNames, Parens, GoDecls, {}, GoNumbers};
  static const LanguageSpec Js{
      HostLanguage::JavaScript, tree_sitter_javascript, JsLiterals, JsInterps,
      JsBinaries, "", JsCalls, JsNames, Parens, JsDecls, JsAnnotations,
      JsNumbers};
  static const LanguageSpec Ts{
      HostLanguage::TypeScript, tree_sitter_typescript, JsLiterals, JsInterps,
      JsBinaries, "", JsCalls, JsNames, Parens, JsDecls, JsAnnotations,
      JsNumbers};
  static const LanguageSpec Tsx{
      HostLanguage::Tsx, tree_sitter_tsx, JsLiterals, JsInterps, JsBinaries,
      "", JsCalls, JsNames, Parens, JsDecls, JsAnnotations, JsNumbers};
  static const LanguageSpec Cs{
      HostLanguage::CSharp, tree_sitter_c_sharp, CsLiterals, CsInterps,
      CsBinaries, "", CsCalls, CsNames, Parens, CsDecls, CsAnnotations,
      CsNumbers};
  switch (Lang) {
  case HostLanguage::Java:
    return Java;
  case HostLanguage::Kotlin:
    return Kotlin;
  case HostLanguage::Scala:
    return Scala;
  case HostLanguage::Python:
    return Python;
  case HostLanguage::Go:
    return Go;
  case HostLanguage::JavaScript:
    return Js;
  case HostLanguage::TypeScript:
    return Ts;
  case HostLanguage::Tsx:
    return Tsx;
  case HostLanguage::CSharp:
    return Cs;
  }
  return Java;
}

} // namespace nosqlint::extract
