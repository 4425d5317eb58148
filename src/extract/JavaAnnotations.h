//===- JavaAnnotations.h - Reading Java annotations of a declaration -*- C++ -*-===//
//
// The model readers (entity classes, DynamoDBMapper classes) read the
// annotations of classes, fields and methods: the annotation nodes in a
// declaration's `modifiers`, and an annotation's element by name (`value`
// also being its single unnamed element).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_JAVAANNOTATIONS_H
#define NOSQLINT_EXTRACT_JAVAANNOTATIONS_H

#include "Evaluator.h"

#include "llvm/ADT/SmallVector.h"

namespace nosqlint::extract {

/// The annotations written on declaration \p Decl, in order.
llvm::SmallVector<TSNode, 4> annotationsOf(const Evaluator &E, TSNode Decl);

/// Element \p Name of annotation \p A (`@A(name = v)`; for `value` also
/// `@A(v)`).
std::optional<TSNode> annotationElement(const Evaluator &E, TSNode A,
                                        llvm::StringRef Name);

} // namespace nosqlint::extract

#endif
