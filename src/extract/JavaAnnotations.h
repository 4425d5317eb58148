//===- JavaAnnotations.h - Reading Java annotations of a declaration -*- C++ -*-===//
//
// The model readers (entity classes, DynamoDBMapper classes, repositories,
// DAOs) read the annotations of classes, fields and methods: the annotation
// nodes in a declaration's `modifiers`, and an annotation's element by name
// (`value` also being its single unnamed element); and the names of the
// file's classes: its package, a type qualified as the file names it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_JAVAANNOTATIONS_H
#define NOSQLINT_EXTRACT_JAVAANNOTATIONS_H

#include "Evaluator.h"
#include "Imports.h"

#include "llvm/ADT/SmallVector.h"

namespace nosqlint::extract {

/// The annotations written on declaration \p Decl, in order.
llvm::SmallVector<TSNode, 4> annotationsOf(const Evaluator &E, TSNode Decl);

/// Element \p Name of annotation \p A (`@A(name = v)`; for `value` also
/// `@A(v)`).
std::optional<TSNode> annotationElement(const Evaluator &E, TSNode A,
                                        llvm::StringRef Name);

/// The file's package (`package a.b;`, Kotlin `package a.b`), empty when
/// it declares none.
std::string javaPackageOf(const Evaluator &E, TSNode Root);

/// Type \p T as the file names it, qualified: as written when dotted,
/// through an import, else in the file's own \p Package.
std::string qualifiedJavaName(llvm::StringRef T, const FileImports &Imports,
                              llvm::StringRef Package);

} // namespace nosqlint::extract

#endif
