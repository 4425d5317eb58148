//===- FunctionTypes.cpp - FunctionResolver for Cassandra's native functions
//===//
//
// The signatures, in the order Cassandra 5.0 registers them (TimeFcts,
// UuidFcts, BytesConversionFcts, MathFcts, AggregateFcts; a function with
// a snake_case name keeps its former name as a second function), and the
// resolution of FunctionResolver.get / validateTypes / pickBestMatch, with
// FunctionCall.Raw.prepare's check of the result against its receiver.
//
// Assignability (AbstractType.isValueCompatibleWith) is answered only where
// it is certain: a type takes its own values, blob takes every value, uuid
// takes timeuuid, text takes ascii, timestamp and bigint take each other;
// two types of different families (strings, UUIDs, numbers and times,
// booleans, addresses, durations) never do. Between two numeric or time
// types it is not known, and a call that depends on it is left alone.
//
//===----------------------------------------------------------------------===//
#include "FunctionTypes.h"

#include "LiteralTypes.h"
#include "LiteralWalk.h"

#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace nosqlint::check {

using namespace nosqlint::cql;

namespace {

struct Signature {
  std::string Name;              // as registered (lower case)
  std::vector<std::string> Args; // native type names
  std::string Return;
};

std::vector<Signature> buildCatalog() {
  std::vector<Signature> C;
  auto Add = [&](std::string Name, std::vector<std::string> Args,
                 std::string Return) {
    C.push_back({std::move(Name), std::move(Args), std::move(Return)});
  };
  // TimeFcts.addFunctionsTo: each function, then its legacy name.
  Add("now", {}, "timeuuid");
  for (auto [Snake, Legacy, Type] :
       {std::tuple{"current_timeuuid", "currenttimeuuid", "timeuuid"},
        std::tuple{"current_timestamp", "currenttimestamp", "timestamp"},
        std::tuple{"current_date", "currentdate", "date"},
        std::tuple{"current_time", "currenttime", "time"}}) {
    Add(Snake, {}, Type);
    Add(Legacy, {}, Type);
  }
  for (auto [Snake, Legacy] : {std::pair{"min_timeuuid", "mintimeuuid"},
                               std::pair{"max_timeuuid", "maxtimeuuid"}}) {
    Add(Snake, {"timestamp"}, "timeuuid");
    Add(Legacy, {"timestamp"}, "timeuuid");
  }
  auto Conversion = [&](const char *Snake, const char *Legacy, const char *From,
                        const char *To) {
    Add(Snake, {From}, To);
    Add(Legacy, {From}, To);
  };
  Conversion("to_date", "todate", "timeuuid", "date");
  Conversion("to_timestamp", "totimestamp", "timeuuid", "timestamp");
  Conversion("to_unix_timestamp", "tounixtimestamp", "timeuuid", "bigint");
  Conversion("to_unix_timestamp", "tounixtimestamp", "timestamp", "bigint");
  Conversion("to_date", "todate", "timestamp", "date");
  Conversion("to_unix_timestamp", "tounixtimestamp", "date", "bigint");
  Conversion("to_timestamp", "totimestamp", "date", "timestamp");
  // UuidFcts.
  Add("uuid", {}, "uuid");
  // BytesConversionFcts: <type>asblob and blobas<type>.
  for (const char *T :
       {"ascii", "bigint", "boolean", "date", "decimal", "double", "float",
        "inet", "int", "smallint", "text", "time", "timestamp", "timeuuid",
        "tinyint", "uuid", "varint"}) {
    Add(std::string(T) + "asblob", {T}, "blob");
    Add(std::string("blobas") + T, {"blob"}, T);
  }
  Add("varcharasblob", {"text"}, "blob");
  Add("blobasvarchar", {"blob"}, "text");
  // MathFcts: per numeric type, abs, exp, log, log10, round.
  for (const char *T : {"tinyint", "smallint", "int", "float", "bigint",
                        "double", "varint", "decimal", "counter"})
    for (const char *F : {"abs", "exp", "log", "log10", "round"})
      Add(F, {T}, T);
  // AggregateFcts: sum, then avg, per numeric type.
  for (const char *F : {"sum", "avg"})
    for (const char *T : {"tinyint", "smallint", "int", "bigint", "float",
                          "double", "decimal", "varint", "counter"})
      Add(F, {T}, T);
  return C;
}

const std::vector<Signature> &catalog() {
  static const std::vector<Signature> C = buildCatalog();
  return C;
}

std::vector<const Signature *> candidates(llvm::StringRef Name) {
  Name.consume_front("system.");
  std::vector<const Signature *> Out;
  for (const Signature &S : catalog())
    if (S.Name == Name)
      Out.push_back(&S);
  return Out;
}

using Fit = Assignable;

/// The family whose members never take another family's values.
int family(const std::string &T) {
  static const char *const Numbers[] = {
      "tinyint", "smallint", "int",     "bigint",    "varint", "counter",
      "float",   "double",   "decimal", "timestamp", "date",   "time"};
  if (T == "text" || T == "ascii")
    return 1;
  if (T == "uuid" || T == "timeuuid")
    return 2;
  if (std::find(std::begin(Numbers), std::end(Numbers), T) != std::end(Numbers))
    return 3;
  if (T == "boolean")
    return 4;
  if (T == "inet")
    return 5;
  if (T == "duration")
    return 6;
  return 0; // blob, or not a native type
}

/// Receiver.isValueCompatibleWith(Value), between native type names.
Fit valueCompatible(const std::string &Receiver, const std::string &Value) {
  if (Receiver == Value || Receiver == "blob")
    return Fit::Yes;
  if ((Receiver == "uuid" && Value == "timeuuid") ||
      (Receiver == "text" && Value == "ascii") ||
      (Receiver == "timestamp" && Value == "bigint") ||
      (Receiver == "bigint" && Value == "timestamp"))
    return Fit::Yes;
  int R = family(Receiver), V = family(Value);
  if (R == 0 || V == 0 || R == V)
    return Fit::Unknown;
  return Fit::No;
}

/// The native name of a type, or empty.
std::string nativeTypeName(const CqlType &T) {
  if (T.Kind != CqlType::Native)
    return "";
  return cassandraTypeName(T);
}

struct Resolution {
  const Signature *Function = nullptr; // resolved
  std::optional<std::string> Error;    // refused
  // Neither: not known.
};

Resolution resolve(const std::string &Name,
                   const std::vector<FunctionArgument> &Args,
                   const std::string &Receiver);

/// Argument.testAssignment(receiver of type \p Type).
Fit argumentFits(const FunctionArgument &A, const std::string &Type) {
  switch (A.Kind) {
  case FunctionArgument::Value: {
    const Term &T = *A.Term;
    if (T.isBindMarker())
      return Fit::Yes;
    if (T.isNull())
      return Type == "counter" ? Fit::No : Fit::Yes;
    if (T.Kind == Term::FunctionCall) {
      FunctionArgument Call;
      Call.Kind = FunctionArgument::Call;
      Call.CallName = T.Text;
      Call.CallArgs = termArguments(T);
      return argumentFits(Call, Type);
    }
    if (T.Kind != Term::Literal || !literalKindName(T))
      return Fit::Unknown;
    return prepareError(T, nativeType(Type.c_str()), "arg") ? Fit::No
                                                            : Fit::Yes;
  }
  case FunctionArgument::Column: {
    std::string Column = nativeTypeName(*A.Type);
    if (Column.empty())
      return Type == "blob" ? Fit::Yes : Fit::Unknown;
    return valueCompatible(Type, Column);
  }
  case FunctionArgument::Call: {
    // FunctionCall.Raw.testAssignment: a call that does not resolve is
    // weakly assignable (its own error comes later).
    Resolution R = resolve(A.CallName, A.CallArgs, Type);
    if (R.Error)
      return Fit::Yes;
    if (!R.Function)
      return Fit::Unknown;
    return valueCompatible(Type, R.Function->Return);
  }
  case FunctionArgument::Unknown:
    break;
  }
  return Fit::Unknown;
}

/// An argument whose test gives the same answer whatever the signature
/// (bind markers, nulls): it never makes an exact match.
bool onlyWeak(const FunctionArgument &A) {
  return A.Kind == FunctionArgument::Value &&
         (A.Term->isBindMarker() || A.Term->isNull());
}

std::string signatureText(const Signature &S) {
  std::string Out = "system." + S.Name + " : (";
  for (size_t I = 0; I < S.Args.size(); ++I)
    Out += (I ? ", " : "") + S.Args[I];
  return Out + ") -> " + S.Return;
}

std::string signaturesText(const std::vector<const Signature *> &Sigs) {
  std::string Out;
  for (const Signature *S : Sigs)
    Out += std::string(Out.empty() ? "" : ", ") + signatureText(*S);
  return Out;
}

/// FunctionResolver.validateTypes: the one candidate's arity and arguments.
Resolution validateTypes(const Signature &S,
                         const std::vector<FunctionArgument> &Args) {
  Resolution R;
  if (Args.size() != S.Args.size()) {
    R.Error = fmt::format("Invalid number of arguments in call to function "
                          "system.{}: {} required but {} provided",
                          S.Name, S.Args.size(), Args.size());
    return R;
  }
  for (size_t I = 0; I < Args.size(); ++I) {
    Fit F = argumentFits(Args[I], S.Args[I]);
    if (F == Fit::Unknown)
      return R; // an earlier argument might be refused first
    if (F == Fit::No) {
      if (Args[I].Text.empty())
        return R;
      R.Error = fmt::format("Type error: {} cannot be passed as argument {} "
                            "of function system.{} of type {}",
                            Args[I].Text, I, S.Name, S.Args[I]);
      return R;
    }
  }
  R.Function = &S;
  return R;
}

/// FunctionResolver.pickBestMatch over several candidates.
Resolution pickBestMatch(const std::string &Name,
                         const std::vector<const Signature *> &Candidates,
                         const std::vector<FunctionArgument> &Args,
                         const std::string &Receiver) {
  Resolution R;
  std::vector<const Signature *> Compatible;
  bool AllWeak = std::all_of(Args.begin(), Args.end(), onlyWeak);
  for (const Signature *S : Candidates) {
    Fit F = Receiver.empty() ? Fit::Yes : valueCompatible(Receiver, S->Return);
    if (F != Fit::No) {
      if (Args.size() != S->Args.size())
        F = Fit::No;
      else
        for (size_t I = 0; I < Args.size() && F != Fit::No; ++I)
          F = combine(F, argumentFits(Args[I], S->Args[I]));
    }
    if (F == Fit::Unknown)
      return R;
    if (F == Fit::Yes)
      Compatible.push_back(S);
  }
  if (Compatible.empty()) {
    R.Error = fmt::format("Invalid call to function {}, none of its type "
                          "signatures match (known type signatures: {})",
                          Name, signaturesText(Candidates));
    return R;
  }
  if (Compatible.size() == 1) {
    R.Function = Compatible.front();
    return R;
  }
  if (!AllWeak)
    return R; // one of them may be an exact match: not known
  R.Error = fmt::format("Ambiguous call to function {} (can be matched by "
                        "following signatures: {}): use type casts to "
                        "disambiguate",
                        Name, signaturesText(Compatible));
  return R;
}

Resolution resolve(const std::string &Name,
                   const std::vector<FunctionArgument> &Args,
                   const std::string &Receiver) {
  std::vector<const Signature *> Candidates = candidates(Name);
  if (Candidates.empty())
    return {};
  if (Candidates.size() == 1)
    return validateTypes(*Candidates.front(), Args);
  return pickBestMatch(Name, Candidates, Args, Receiver);
}

std::string argumentText(const Term &T) {
  if (T.Kind == Term::FunctionCall) {
    std::string S = T.Text + "(";
    for (size_t I = 0; I < T.Children.size(); ++I)
      S += std::string(I ? ", " : "") + argumentText(T.Children[I]);
    return S + ")";
  }
  if (T.isBindMarker())
    return T.Text.empty() ? "?" : ":" + T.Text;
  return cassandraTermText(T);
}

/// FunctionParameter's kinds, as FunctionFactory prints them in its name
/// ("system.max(any)") and checks an argument's type (validateType).
enum class Parameter { Any, Collection, SetOrList, NumericSetOrList, Map };

struct Factory {
  const char *Name;
  Parameter Param; // one mandatory parameter each
};

/// The FunctionFactory instances of one parameter (Cassandra 5.0): count,
/// min and max of any type (FunctionFactory's own example is max), to_json
/// and its pre-5.0 name (ToJsonFct.addFunctionsTo), and CollectionFcts.
const Factory *findFactory(llvm::StringRef Name) {
  static const Factory Factories[] = {
      {"count", Parameter::Any},
      {"min", Parameter::Any},
      {"max", Parameter::Any},
      {"to_json", Parameter::Any},
      {"tojson", Parameter::Any},
      {"map_keys", Parameter::Map},
      {"map_values", Parameter::Map},
      {"collection_count", Parameter::Collection},
      {"collection_min", Parameter::SetOrList},
      {"collection_max", Parameter::SetOrList},
      {"collection_sum", Parameter::NumericSetOrList},
      {"collection_avg", Parameter::NumericSetOrList},
  };
  Name.consume_front("system.");
  for (const Factory &F : Factories)
    if (Name == F.Name)
      return &F;
  return nullptr;
}

/// FunctionParameter.toString (setOrList prints as numeric_set_or_list).
const char *parameterText(Parameter P) {
  switch (P) {
  case Parameter::Any:
    return "any";
  case Parameter::Collection:
    return "collection";
  case Parameter::SetOrList:
  case Parameter::NumericSetOrList:
    return "numeric_set_or_list";
  case Parameter::Map:
    return "map";
  }
  return "any";
}

/// FunctionParameter.validateType for a column argument of type \p T: what
/// the parameter requires, when \p T does not give it.
const char *unmetRequirement(Parameter P, const CqlType &T) {
  switch (P) {
  case Parameter::Any:
    return nullptr;
  case Parameter::Collection:
    return T.isCollection() ? nullptr : "a collection";
  case Parameter::SetOrList:
    return T.Kind == CqlType::Set || T.Kind == CqlType::List ? nullptr
                                                             : "a set or list";
  case Parameter::NumericSetOrList:
    return (T.Kind == CqlType::Set || T.Kind == CqlType::List) &&
                   !T.Params.empty() && isNumericType(T.Params[0])
               ? nullptr
               : "a numeric set/list";
  case Parameter::Map:
    // A UDT passes anyMap's test too.
    return T.Kind == CqlType::Map || T.Kind == CqlType::Udt ? nullptr : "a map";
  }
  return nullptr;
}

/// FunctionFactory.getOrCreateFunction: the argument count, then each
/// column argument's type. A term's type (inferred from the literal) is
/// not judged.
std::optional<std::string>
factoryError(const Factory &F, const std::vector<FunctionArgument> &Args) {
  if (Args.size() != 1)
    return fmt::format("Invalid number of arguments for function system.{}({})",
                       F.Name, parameterText(F.Param));
  const FunctionArgument &A = Args[0];
  if (A.Kind != FunctionArgument::Column || !A.Type || A.Text.empty() ||
      A.Type->Kind == CqlType::Custom)
    return std::nullopt;
  const char *Requirement = unmetRequirement(F.Param, *A.Type);
  if (!Requirement)
    return std::nullopt;
  return fmt::format("Function system.{} requires {} argument, but found "
                     "argument {} of type {}",
                     F.Name, Requirement, A.Text, cassandraTypeName(*A.Type));
}

} // namespace

std::vector<FunctionArgument> termArguments(const Term &Call) {
  std::vector<FunctionArgument> Args;
  for (const Term &T : Call.Children) {
    FunctionArgument A;
    A.Kind = FunctionArgument::Value;
    A.Term = &T;
    A.Text = argumentText(T);
    Args.push_back(std::move(A));
  }
  return Args;
}

bool isModeledFunction(const std::string &Name) {
  return !candidates(Name).empty() || findFactory(Name);
}

std::optional<std::string>
functionCallError(const std::string &Name,
                  const std::vector<FunctionArgument> &Args,
                  const CqlType *Receiver, const std::string &ReceiverName) {
  if (const Factory *F = findFactory(Name))
    return factoryError(*F, Args);
  std::string ReceiverType;
  if (Receiver) {
    ReceiverType = nativeTypeName(*Receiver);
    if (ReceiverType.empty())
      Receiver = nullptr; // a collection, tuple or UDT receiver: not judged
  }
  std::vector<const Signature *> Candidates = candidates(Name);
  // Several candidates are filtered by their return type against the
  // receiver, which must then be known.
  if (!Receiver && Candidates.size() > 1 && !ReceiverName.empty())
    return std::nullopt;
  Resolution R = resolve(Name, Args, ReceiverType);
  if (R.Error)
    return R.Error;
  if (!R.Function || !Receiver)
    return std::nullopt;
  // FunctionCall.Raw.prepare: the result against the receiver.
  if (valueCompatible(ReceiverType, R.Function->Return) != Fit::No)
    return std::nullopt;
  return fmt::format("Type error: cannot assign result of function system.{} "
                     "(type {}) to {} (type {})",
                     R.Function->Name, R.Function->Return, ReceiverName,
                     ReceiverType);
}

} // namespace nosqlint::check
