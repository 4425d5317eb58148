//===- Hcl.h - HCL native syntax: bodies, blocks, expressions ---*- C++ -*-===//
//
// The front end for Terraform's configuration language. parseHcl() reads one
// file with the tree-sitter HCL grammar and returns its body as this small
// tree; the parse tree stays inside the front end. Expressions keep what a
// schema reader can use statically: literals, templates (literal text and
// interpolations), tuples, objects, traversals (`var.name`,
// `aws_dynamodb_table.orders.name`) and function calls. Everything else
// (operators, conditionals, `for`, splats) is Other: computed, unknown here.
//
// Offsets are byte offsets into the text given to parseHcl().
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_HCL_HCL_H
#define NOSQLINT_HCL_HCL_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace nosqlint::hcl {

struct Expression;
struct ObjectMember;

/// One piece of a template: literal text, or an interpolation `${...}`.
struct TemplatePart {
  std::string Literal;                    // when Interpolation is empty
  std::vector<Expression> Interpolation;  // zero or one expression
  bool isLiteral() const { return Interpolation.empty(); }
};

/// One step after a traversal's root: `.name` or `[index]`.
struct TraversalStep {
  std::string Attribute;                 // `.name` (empty for an index)
  std::optional<std::string> LiteralKey; // `["key"]` or `[0]`, when literal
};

struct Expression {
  enum class Kind : uint8_t {
    String,    // a quoted string without interpolation: Text
    Number,    // Text as written
    Bool,      // BoolValue
    Null,
    Template,  // a quoted or heredoc template with interpolations: Parts
    Tuple,     // Elements
    Object,    // Members: key and value expressions
    Traversal, // Root, then Steps
    Call,      // Root is the function's name; Elements are its arguments
    Other,     // computed: operators, conditionals, for, splats
  };

  Kind K = Kind::Other;
  std::string Text;
  bool BoolValue = false;
  std::string Root;
  std::vector<TraversalStep> Steps;
  std::vector<TemplatePart> Parts;
  std::vector<Expression> Elements;
  std::vector<ObjectMember> Members;
  uint32_t Begin = 0, End = 0;

  /// An object's member by key (an identifier or a string key), or null.
  const Expression *member(llvm::StringRef Key) const;
  /// `a.b.c` as one dotted name when every step is an attribute.
  std::optional<std::string> dottedName() const;
};

/// `key = value` (or `key: value`) of an object expression.
struct ObjectMember {
  Expression Key;
  Expression Value;
};

struct Block;

struct Attribute {
  std::string Name;
  Expression Value;
  uint32_t Begin = 0, End = 0; // the whole `name = value`
};

struct Body {
  std::vector<Attribute> Attributes;
  std::vector<Block> Blocks;

  const Attribute *attribute(llvm::StringRef Name) const;
  /// The nested blocks of one type, in order.
  std::vector<const Block *> blocks(llvm::StringRef Type) const;
};

struct Block {
  std::string Type;                // `resource`
  std::vector<std::string> Labels; // `"aws_dynamodb_table"`, `"orders"`
  Body Content;
  uint32_t Begin = 0, End = 0;
  uint32_t LabelsEnd = 0;          // the end of the last label (the header)
};

struct SyntaxError {
  uint32_t Offset = 0;
  std::string Message;
};

struct File {
  Body Root;
  /// The first syntax error, if any. Root still holds every top-level
  /// block and attribute that parsed without one.
  std::optional<SyntaxError> Error;
  /// The byte ranges of the file's comments, in source order.
  std::vector<std::pair<uint32_t, uint32_t>> Comments;
};

/// Parses \p Text (the tree-sitter HCL grammar); never fails: what does not
/// parse is reported in File::Error and left out.
File parseHcl(llvm::StringRef Text);

} // namespace nosqlint::hcl

#endif
