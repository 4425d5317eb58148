//===- LibraryResolver.cpp ------------------------------------------------===//
#include "LibraryResolver.h"
#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

constexpr unsigned MaxDepth = 10;

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

bool isIdentifierType(llvm::StringRef T) {
  return T == "identifier" || T == "simple_identifier" ||
         T == "type_identifier" || T == "field_identifier" ||
         T == "property_identifier" || T == "package_identifier" ||
         T == "shorthand_property_identifier";
}

bool isMemberType(llvm::StringRef T) {
  return T == "field_access" || T == "member_expression" ||
         T == "attribute" || T == "selector_expression" ||
         T == "navigation_expression" || T == "member_access_expression" ||
         T == "field_expression" || T == "scoped_identifier" ||
         T == "qualified_type" || T == "scoped_type_identifier" ||
         T == "qualified_name";
}

bool isSelf(llvm::StringRef Text) {
  return Text == "this" || Text == "self" || Text == "cls" || Text == "base";
}

/// Node types that bound the scope of the declarations inside them.
bool isScopeType(llvm::StringRef T) {
  if (T.endswith("parameters") || T.endswith("parameter_list") ||
      T.contains("invocation") || T.contains("call"))
    return false;
  return T.endswith("block") || T.endswith("body") || T == "statements" ||
         T == "declaration_list" || T == "field_declaration_list" ||
         T.contains("function") || T.contains("method") ||
         T.contains("lambda") || T.contains("constructor") ||
         T == "class_declaration" || T == "class_definition";
}

/// Whether declarations directly in a scope of type \p T are members.
bool isMemberScope(llvm::StringRef T) {
  return T == "class_body" || T == "declaration_list" ||
         T == "template_body" || T == "field_declaration_list" ||
         T == "enum_body" || T == "object_body" ||
         T == "class_declaration" || T == "class_definition" ||
         T == "interface_body";
}

/// A type as written, reduced to the name that identifies it:
/// `*gocql.Session` -> gocql.Session, `List<Row>` -> List, `: Client` ->
/// Client, `Session?` -> Session, `[]*sql.DB` -> sql.DB.
llvm::StringRef coreTypeName(llvm::StringRef T) {
  T = T.trim();
  T = T.ltrim(": \t*&[]");
  T = T.take_until([](char C) { return C == '<' || C == '[' || C == '('; });
  T = T.rtrim("? \t!");
  if (T.startswith("ref ") || T.startswith("in ") || T.startswith("out "))
    T = T.drop_front(T.find(' ') + 1).ltrim();
  if (!llvm::all_of(T, [](char C) { return isIdentChar(C) || C == '.'; }))
    return {};
  return T;
}

} // namespace

LibraryResolver::LibraryResolver(const LanguageSpec &Spec,
                                 const Evaluator &Eval,
                                 const FileImports &Imports,
                                 const ModelCatalog &Catalog)
    : Spec(Spec), Eval(Eval), Imports(Imports), Catalog(Catalog) {
  for (const Import &I : Imports.all())
    if (I.Wildcard)
      Opened.push_back(I.Path);
}

void LibraryResolver::declare(llvm::StringRef Name, TSNode At,
                              llvm::StringRef Type,
                              std::optional<TSNode> Value, bool Field) {
  if (Name.empty() || !llvm::all_of(Name, isIdentChar))
    return;
  // Each parent once: ts_node_parent searches down from the root.
  TSNode Scope = ts_node_parent(At);
  TSNode Up = ts_node_is_null(Scope) ? TSNode{} : ts_node_parent(Scope);
  while (!ts_node_is_null(Scope) && !ts_node_is_null(Up) &&
         !isScopeType(Eval.type(Scope))) {
    Scope = Up;
    Up = ts_node_parent(Scope);
  }
  Declared D;
  if (Field || ts_node_is_null(Scope) || ts_node_is_null(Up)) {
    D.ScopeBegin = 0;
    D.ScopeEnd = UINT32_MAX;
  } else {
    D.ScopeBegin = ts_node_start_byte(Scope);
    D.ScopeEnd = ts_node_end_byte(Scope);
  }
  D.Type = Type;
  if (Value) {
    D.Value = *Value;
    D.HasValue = true;
  }
  bool Member = Field || (!ts_node_is_null(Scope) &&
                          isMemberScope(Eval.type(Scope)));
  Names[Name].push_back(D);
  if (Member)
    Fields[Name].push_back(D);
}

void LibraryResolver::index(TSNode Root) {
  forEachNamedNode(Root, [&](TSNode N) { indexNode(N); });
}

void LibraryResolver::indexNode(TSNode N) {
  llvm::StringRef T = Eval.type(N);
  auto Field = [&](const char *F) -> std::optional<TSNode> {
    return childByField(N, F);
  };
  auto TextOf = [&](std::optional<TSNode> X) -> llvm::StringRef {
    return X ? Eval.text(*X) : llvm::StringRef();
  };
  // Every child in field \p F (Go parameters name several).
  auto AllInField = [&](const char *F) {
    llvm::SmallVector<TSNode, 4> Out;
    TSTreeCursor C = ts_tree_cursor_new(N);
    if (ts_tree_cursor_goto_first_child(&C)) {
      do {
        const char *Name = ts_tree_cursor_current_field_name(&C);
        if (Name && llvm::StringRef(Name) == F)
          Out.push_back(ts_tree_cursor_current_node(&C));
      } while (ts_tree_cursor_goto_next_sibling(&C));
    }
    ts_tree_cursor_delete(&C);
    return Out;
  };
  // `this.x = v`, `self.x = v`, `x = v`.
  auto Assigned = [&](TSNode Left, llvm::StringRef Type,
                      std::optional<TSNode> Value) {
    llvm::StringRef LT = Eval.type(Left);
    if (isIdentifierType(LT)) {
      declare(Eval.text(Left), N, Type, Value);
      return;
    }
    if (isMemberType(LT)) {
      auto Kids = namedChildren(Left);
      if (Kids.size() >= 2 && isSelf(Eval.text(Kids[0])))
        declare(Eval.text(Kids.back()), N, Type, Value, /*Field=*/true);
    }
  };

  switch (Spec.Lang) {
  case HostLanguage::Java:
    if (T == "field_declaration" || T == "local_variable_declaration" ||
        T == "constant_declaration") {
      llvm::StringRef Type = TextOf(Field("type"));
      for (TSNode D : AllInField("declarator"))
        declare(TextOf(childByField(D, "name")), D, Type,
                childByField(D, "value"), T == "field_declaration");
    } else if (T == "formal_parameter" || T == "resource" ||
               T == "enhanced_for_statement" ||
               T == "catch_formal_parameter" || T == "spread_parameter") {
      declare(TextOf(Field("name")), N, TextOf(Field("type")), Field("value"));
    } else if (T == "method_declaration") {
      ReturnTypes[TextOf(Field("name"))] = TextOf(Field("type"));
    } else if (T == "assignment_expression") {
      if (auto L = Field("left"))
        Assigned(*L, "", Field("right"));
    }
    break;
  case HostLanguage::CSharp:
    if (T == "variable_declaration") {
      llvm::StringRef Type = TextOf(Field("type"));
      if (Type == "var")
        Type = "";
      bool Member = !ts_node_is_null(ts_node_parent(N)) &&
                    Eval.type(ts_node_parent(N)) == "field_declaration";
      for (TSNode D : namedChildren(N)) {
        if (Eval.type(D) != "variable_declarator")
          continue;
        auto Name = childByField(D, "name");
        auto Kids = namedChildren(D);
        std::optional<TSNode> Value;
        if (Name && !Kids.empty() && !ts_node_eq(Kids.back(), *Name)) {
          Value = Kids.back();
          if (Eval.type(*Value) == "equals_value_clause") {
            auto Inner = namedChildren(*Value);
            Value = Inner.empty() ? std::nullopt
                                  : std::optional<TSNode>(Inner.back());
          }
        }
        declare(TextOf(Name), D, Type, Value, Member);
      }
    } else if (T == "parameter") {
      declare(TextOf(Field("name")), N, TextOf(Field("type")), std::nullopt);
    } else if (T == "property_declaration") {
      declare(TextOf(Field("name")), N, TextOf(Field("type")), Field("value"),
              true);
    } else if (T == "method_declaration") {
      ReturnTypes[TextOf(Field("name"))] = TextOf(Field("returns"));
    } else if (T == "assignment_expression") {
      if (auto L = Field("left"))
        Assigned(*L, "", Field("right"));
    }
    break;
  case HostLanguage::Go:
    if (T == "parameter_declaration" || T == "field_declaration" ||
        T == "var_spec" || T == "const_spec") {
      llvm::StringRef Type = TextOf(Field("type"));
      auto Names = AllInField("name");
      llvm::SmallVector<TSNode, 4> Values;
      if (auto V = Field("value"))
        Values = namedChildren(*V);
      for (size_t I = 0; I < Names.size(); ++I)
        declare(Eval.text(Names[I]), N, Type,
                I < Values.size() ? std::optional<TSNode>(Values[I])
                                  : std::nullopt,
                T == "field_declaration");
    } else if (T == "short_var_declaration" || T == "assignment_statement") {
      auto L = Field("left"), R = Field("right");
      if (!L || !R)
        break;
      auto Left = namedChildren(*L), Right = namedChildren(*R);
      for (size_t I = 0; I < Left.size(); ++I) {
        // `s, err := f()`: the first name takes the call's first result.
        if (I < Right.size())
          Assigned(Left[I], "", Right[I]);
        else if (I == 0 && Right.size() == 1)
          Assigned(Left[I], "", Right[0]);
      }
    } else if (T == "function_declaration" || T == "method_declaration") {
      if (auto R = Field("result")) {
        llvm::StringRef Type = Eval.text(*R);
        if (Eval.type(*R) == "parameter_list") {
          auto Kids = namedChildren(*R);
          Type = Kids.empty() ? "" : TextOf(childByField(Kids[0], "type"));
        }
        ReturnTypes[TextOf(Field("name"))] = Type;
      }
    }
    break;
  case HostLanguage::Kotlin: {
    auto TypeChild = [&](TSNode X) -> llvm::StringRef {
      for (TSNode K : namedChildren(X)) {
        llvm::StringRef KT = Eval.type(K);
        if (KT == "user_type" || KT == "nullable_type")
          return Eval.text(K);
      }
      return "";
    };
    if (T == "property_declaration") {
      std::optional<TSNode> Var, Value;
      for (TSNode K : namedChildren(N)) {
        llvm::StringRef KT = Eval.type(K);
        if (KT == "variable_declaration")
          Var = K;
        else if (Var && KT != "modifiers" && KT != "binding_pattern_kind" &&
                 KT != "getter" && KT != "setter" && KT != "property_delegate")
          Value = K;
      }
      if (Var) {
        auto Kids = namedChildren(*Var);
        if (!Kids.empty())
          declare(Eval.text(Kids[0]), N, TypeChild(*Var), Value);
      }
    } else if (T == "class_parameter" || T == "parameter") {
      auto Kids = namedChildren(N);
      for (TSNode K : Kids)
        if (Eval.type(K) == "simple_identifier") {
          declare(Eval.text(K), N, TypeChild(N), std::nullopt,
                  T == "class_parameter");
          break;
        }
    } else if (T == "function_declaration") {
      auto Kids = namedChildren(N);
      llvm::StringRef Name;
      bool AfterParams = false;
      for (TSNode K : Kids) {
        llvm::StringRef KT = Eval.type(K);
        if (KT == "simple_identifier" && Name.empty())
          Name = Eval.text(K);
        else if (KT == "function_value_parameters")
          AfterParams = true;
        else if (AfterParams && (KT == "user_type" || KT == "nullable_type")) {
          ReturnTypes[Name] = Eval.text(K);
          break;
        }
      }
    } else if (T == "assignment") {
      auto Kids = namedChildren(N);
      if (Kids.size() == 2) {
        TSNode L = Kids[0];
        if (Eval.type(L) == "directly_assignable_expression") {
          auto Inner = namedChildren(L);
          llvm::StringRef Text = Eval.text(L);
          if (Text.consume_front("this."))
            declare(Text, N, "", Kids[1], true);
          else if (Inner.size() == 1)
            Assigned(Inner[0], "", Kids[1]);
        }
      }
    }
    break;
  }
  case HostLanguage::Scala:
    if (T == "val_definition" || T == "var_definition") {
      declare(TextOf(Field("pattern")), N, TextOf(Field("type")),
              Field("value"));
    } else if (T == "class_parameter" || T == "parameter") {
      declare(TextOf(Field("name")), N, TextOf(Field("type")), std::nullopt,
              T == "class_parameter");
    } else if (T == "function_definition") {
      ReturnTypes[TextOf(Field("name"))] = TextOf(Field("return_type"));
    }
    break;
  case HostLanguage::Python:
    if (T == "assignment") {
      if (auto L = Field("left"))
        Assigned(*L, TextOf(Field("type")), Field("right"));
    } else if (T == "typed_parameter") {
      for (TSNode K : namedChildren(N))
        if (Eval.type(K) == "identifier") {
          declare(Eval.text(K), N, TextOf(Field("type")), std::nullopt);
          break;
        }
    } else if (T == "typed_default_parameter") {
      declare(TextOf(Field("name")), N, TextOf(Field("type")),
              Field("value"));
    } else if (T == "function_definition") {
      ReturnTypes[TextOf(Field("name"))] = TextOf(Field("return_type"));
    }
    break;
  case HostLanguage::JavaScript:
  case HostLanguage::TypeScript:
  case HostLanguage::Tsx:
    if (T == "variable_declarator") {
      declare(TextOf(Field("name")), N, TextOf(Field("type")),
              Field("value"));
    } else if (T == "required_parameter" || T == "optional_parameter") {
      bool Property = false;
      for (TSNode K : namedChildren(N))
        Property |= Eval.type(K) == "accessibility_modifier";
      declare(TextOf(Field("pattern")), N, TextOf(Field("type")),
              Field("value"), Property);
    } else if (T == "public_field_definition" || T == "field_definition") {
      auto Name = Field("name");
      if (!Name)
        Name = Field("property");
      declare(TextOf(Name), N, TextOf(Field("type")), Field("value"), true);
    } else if (T == "assignment_expression") {
      if (auto L = Field("left"))
        Assigned(*L, "", Field("right"));
    } else if (T == "function_declaration" || T == "method_definition") {
      ReturnTypes[TextOf(Field("name"))] = TextOf(Field("return_type"));
    }
    break;
  }
}

const LibraryResolver::Declared *
LibraryResolver::lookup(llvm::StringRef Name, uint32_t Use,
                        bool FieldsOnly) const {
  const llvm::StringMap<std::vector<Declared>> &Map =
      FieldsOnly ? Fields : Names;
  auto It = Map.find(Name);
  if (It == Map.end())
    return nullptr;
  const Declared *Best = nullptr;
  for (const Declared &D : It->second)
    if (D.ScopeBegin <= Use && Use < D.ScopeEnd &&
        (!Best || D.ScopeEnd - D.ScopeBegin < Best->ScopeEnd - Best->ScopeBegin ||
         (D.ScopeEnd - D.ScopeBegin == Best->ScopeEnd - Best->ScopeBegin &&
          Best->Type.empty() && !Best->HasValue)))
      Best = &D;
  return Best;
}

const LibraryModel *LibraryResolver::libraryOfDeclared(const Declared &D,
                                                       unsigned Depth) const {
  if (!D.Type.empty())
    if (const LibraryModel *L = libraryOfType(D.Type))
      return L;
  if (D.HasValue)
    return libraryOf(D.Value, Depth + 1);
  return nullptr;
}

const LibraryModel *LibraryResolver::libraryOfIdentifier(llvm::StringRef Name,
                                                         uint32_t Use,
                                                         unsigned Depth,
                                                         bool FieldsOnly) const {
  if (Depth > MaxDepth || Name.empty())
    return nullptr;
  if (const Declared *D = lookup(Name, Use, FieldsOnly))
    if (const LibraryModel *L = libraryOfDeclared(*D, Depth))
      return L;
  if (FieldsOnly)
    return nullptr;
  // `const mysql = require('mysql2')` is a declaration and an import.
  return libraryOfName(Name);
}

const LibraryModel *LibraryResolver::libraryOfName(llvm::StringRef Name) const {
  if (Name.empty())
    return nullptr;
  llvm::StringRef Head = Name.take_until([](char C) { return C == '.'; });
  if (auto Path = Imports.pathOf(Head)) {
    std::string Full = Path->str() + Name.drop_front(Head.size()).str();
    if (const LibraryModel *L = Catalog.libraryOfPath(Full))
      return L;
    return Catalog.libraryOfPath(*Path);
  }
  if (Name.contains('.'))
    if (const LibraryModel *L = Catalog.libraryOfPath(Name))
      return L;
  if (!Opened.empty())
    return Catalog.libraryOfWildcardType(Head, Opened);
  return nullptr;
}

const LibraryModel *LibraryResolver::libraryOfType(llvm::StringRef TypeText) const {
  llvm::StringRef Core = coreTypeName(TypeText);
  if (Core.empty())
    return nullptr;
  return libraryOfName(Core);
}

const LibraryModel *LibraryResolver::libraryOf(TSNode N, unsigned Depth) const {
  if (Depth > MaxDepth || ts_node_is_null(N))
    return nullptr;
  llvm::StringRef T = Eval.type(N);
  uint32_t Use = ts_node_start_byte(N);
  // Wrappers that keep the value: parentheses, await, casts to nothing.
  if (T == "parenthesized_expression" || T == "await_expression" ||
      T == "await" || T == "non_null_assertion_expression" ||
      T == "postfix_expression" || T == "expression_statement" ||
      T == "unary_expression" || T == "directly_assignable_expression") {
    auto Kids = namedChildren(N);
    return Kids.empty() ? nullptr : libraryOf(Kids.back(), Depth + 1);
  }
  if (isIdentifierType(T)) {
    llvm::StringRef Name = Eval.text(N);
    if (isSelf(Name))
      return nullptr;
    return libraryOfIdentifier(Name, Use, Depth);
  }
  if (T == "object_creation_expression" || T == "new_expression" ||
      T == "instance_expression" || T == "composite_literal") {
    std::optional<TSNode> Type = childByField(N, "type");
    if (!Type)
      Type = childByField(N, "constructor");
    if (!Type) {
      auto Kids = namedChildren(N);
      if (!Kids.empty())
        Type = Kids[0];
    }
    if (!Type)
      return nullptr;
    if (const LibraryModel *L = libraryOfType(Eval.text(*Type)))
      return L;
    return libraryOf(*Type, Depth + 1);
  }
  if (isMemberType(T)) {
    llvm::StringRef Text = Eval.text(N);
    auto Kids = namedChildren(N);
    if (Kids.empty())
      return nullptr;
    if (isSelf(Eval.text(Kids[0]))) {
      llvm::StringRef Member = Eval.text(Kids.back());
      Member.consume_front(".");
      Member.consume_front("?.");
      return libraryOfIdentifier(Member.ltrim("."), Use, Depth + 1,
                                 /*FieldsOnly=*/true);
    }
    if (llvm::all_of(Text, [](char C) { return isIdentChar(C) || C == '.'; }))
      if (const LibraryModel *L = libraryOfName(Text))
        return L;
    if (const LibraryModel *L = libraryOf(Kids[0], Depth + 1))
      return L;
    // `repo.session`, `s.db`: a field of that name declared in the file.
    llvm::StringRef Member = Eval.text(Kids.back());
    Member = Member.drop_while([](char C) { return !isIdentChar(C); });
    return libraryOfIdentifier(Member, Use, Depth + 1, /*FieldsOnly=*/true);
  }
  if (Eval.isCall(N)) {
    CallParts P = Eval.callParts(N);
    if (P.ReceiverNode) {
      if (const LibraryModel *L = libraryOf(*P.ReceiverNode, Depth + 1))
        return L;
      return nullptr;
    }
    if (P.Method.empty())
      return nullptr;
    // `Cluster(...)`, `connect(...)` imported; `getSession()` of this file.
    if (const LibraryModel *L = libraryOfIdentifier(P.Method, Use, Depth + 1))
      return L;
    auto R = ReturnTypes.find(P.Method);
    if (R != ReturnTypes.end())
      return libraryOfType(R->second);
    return nullptr;
  }
  return nullptr;
}

} // namespace nosqlint::extract
