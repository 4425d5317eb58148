//===- TerraformModule.cpp ------------------------------------------------===//
#include "nosqlint/Schema/TerraformModule.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint::terraform {

using hcl::Expression;
using Kind = hcl::Expression::Kind;

namespace {
/// References followed through variables and locals at most this deep (a
/// local defined through itself stays unknown).
constexpr unsigned MaxDepth = 16;
} // namespace

Module::Module(llvm::ArrayRef<TerraformFile> In, llvm::StringRef Directory)
    : Directory(Directory.str()) {
  Files.reserve(In.size());
  for (const TerraformFile &F : In)
    Files.push_back({F.File, F.Text, hcl::parseHcl(F.Text)});
  for (const ParsedFile &F : Files)
    for (const hcl::Block &B : F.Parsed.Root.Blocks) {
      if (B.Type == "variable" && B.Labels.size() == 1) {
        if (const hcl::Attribute *D = B.Content.attribute("default"))
          Variables.try_emplace(B.Labels[0], &D->Value);
      } else if (B.Type == "locals") {
        for (const hcl::Attribute &A : B.Content.Attributes)
          Locals.try_emplace(A.Name, &A.Value);
      }
    }
}

std::vector<BlockRef> Module::blocks(llvm::StringRef Type,
                                     llvm::StringRef Label0) const {
  std::vector<BlockRef> Out;
  for (const ParsedFile &F : Files)
    for (const hcl::Block &B : F.Parsed.Root.Blocks)
      if (B.Type == Type &&
          (Label0.empty() || (!B.Labels.empty() && B.Labels[0] == Label0)))
        Out.push_back({&B, F.File});
  return Out;
}

const Expression *Module::lookup(const Expression &E) const {
  if (E.K != Kind::Traversal || E.Steps.empty() || E.Steps[0].Attribute.empty())
    return nullptr;
  const llvm::StringMap<const Expression *> *Map =
      E.Root == "var" ? &Variables : E.Root == "local" ? &Locals : nullptr;
  if (!Map)
    return nullptr;
  auto It = Map->find(E.Steps[0].Attribute);
  if (It == Map->end())
    return nullptr;
  const Expression *V = It->second;
  // `var.cfg.name`, `local.tables["orders"]`: into a literal object.
  for (size_t I = 1; I < E.Steps.size() && V; ++I) {
    const hcl::TraversalStep &S = E.Steps[I];
    std::string Key = S.Attribute.empty() ? S.LiteralKey.value_or("")
                                          : S.Attribute;
    if (Key.empty())
      return nullptr;
    if (V->K == Kind::Object) {
      V = V->member(Key);
    } else if (V->K == Kind::Tuple) {
      unsigned Index = 0;
      if (llvm::StringRef(Key).getAsInteger(10, Index) ||
          Index >= V->Elements.size())
        return nullptr;
      V = &V->Elements[Index];
    } else {
      return nullptr;
    }
  }
  return V;
}

const Expression &Module::value(const Expression &E) const {
  const Expression *V = &E;
  for (unsigned D = 0; D < MaxDepth; ++D) {
    const Expression *Next = lookup(*V);
    if (!Next)
      break;
    V = Next;
  }
  return *V;
}

std::optional<std::string> Module::string(const Expression &E) const {
  return string(E, 0);
}

std::optional<std::string> Module::string(const Expression &E,
                                          unsigned Depth) const {
  if (Depth > MaxDepth)
    return std::nullopt;
  switch (E.K) {
  case Kind::String:
  case Kind::Number:
    return E.Text;
  case Kind::Bool:
    return std::string(E.BoolValue ? "true" : "false");
  case Kind::Template: {
    std::string Out;
    for (const hcl::TemplatePart &P : E.Parts) {
      if (P.isLiteral()) {
        Out += P.Literal;
        continue;
      }
      auto V = string(P.Interpolation[0], Depth + 1);
      if (!V)
        return std::nullopt;
      Out += *V;
    }
    return Out;
  }
  case Kind::Traversal: {
    if (E.Root == "path" && E.Steps.size() == 1 &&
        E.Steps[0].Attribute == "module")
      return Directory;
    if (const Expression *V = lookup(E))
      return string(*V, Depth + 1);
    if (ResolveReference)
      return ResolveReference(E);
    return std::nullopt;
  }
  case Kind::Call:
    return call(E, Depth);
  default:
    return std::nullopt;
  }
}

std::optional<std::string> Module::call(const Expression &E,
                                        unsigned Depth) const {
  std::vector<std::string> Args;
  for (const Expression &A : E.Elements) {
    const Expression &V = value(A);
    if (V.K == Kind::Tuple && E.Root == "join" && &A == &E.Elements.back()) {
      std::string Joined;
      for (size_t I = 0; I < V.Elements.size(); ++I) {
        auto S = string(V.Elements[I], Depth + 1);
        if (!S)
          return std::nullopt;
        if (I)
          Joined += '\x1f';
        Joined += *S;
      }
      Args.push_back(Joined);
      continue;
    }
    auto S = string(V, Depth + 1);
    if (!S)
      return std::nullopt;
    Args.push_back(std::move(*S));
  }
  if ((E.Root == "lower" || E.Root == "upper") && Args.size() == 1)
    return E.Root == "lower" ? llvm::StringRef(Args[0]).lower()
                             : llvm::StringRef(Args[0]).upper();
  if (E.Root == "join" && Args.size() == 2) {
    std::string Out;
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    llvm::StringRef(Args[1]).split(Parts, '\x1f');
    for (size_t I = 0; I < Parts.size(); ++I) {
      if (I)
        Out += Args[0];
      Out += Parts[I].str();
    }
    return Out;
  }
  if (E.Root == "replace" && Args.size() == 3 && !Args[1].empty() &&
      !(Args[1].size() > 1 && Args[1].front() == '/' && Args[1].back() == '/')) {
    std::string Out;
    llvm::StringRef Rest = Args[0];
    while (true) {
      size_t At = Rest.find(Args[1]);
      if (At == llvm::StringRef::npos)
        break;
      Out += Rest.take_front(At).str();
      Out += Args[2];
      Rest = Rest.drop_front(At + Args[1].size());
    }
    return Out + Rest.str();
  }
  if (E.Root == "format" && !Args.empty()) {
    // %s and %d with their arguments in order, %% as itself; any other
    // verb: unknown.
    std::string Out;
    size_t Next = 1;
    llvm::StringRef F = Args[0];
    for (size_t I = 0; I < F.size(); ++I) {
      if (F[I] != '%') {
        Out += F[I];
        continue;
      }
      if (I + 1 >= F.size())
        return std::nullopt;
      char V = F[++I];
      if (V == '%') {
        Out += '%';
      } else if ((V == 's' || V == 'd') && Next < Args.size()) {
        Out += Args[Next++];
      } else {
        return std::nullopt;
      }
    }
    return Out;
  }
  return std::nullopt;
}

std::optional<bool> Module::boolean(const Expression &E) const {
  const Expression &V = value(E);
  if (V.K == Kind::Bool)
    return V.BoolValue;
  if (V.K == Kind::String && (V.Text == "true" || V.Text == "false"))
    return V.Text == "true";
  return std::nullopt;
}

} // namespace nosqlint::terraform
