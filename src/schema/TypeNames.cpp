//===- TypeNames.cpp ------------------------------------------------------===//
#include "nosqlint/Schema/TypeNames.h"

namespace nosqlint::schema {

using cql::CqlType;

std::string describeType(const CqlType &T) {
  std::string S;
  switch (T.Kind) {
  case CqlType::Native:
  case CqlType::Udt:
    S = T.Keyspace ? *T.Keyspace + "." + T.Name : T.Name;
    break;
  case CqlType::Custom:
    S = "'" + T.Name + "'";
    break;
  case CqlType::List:
  case CqlType::Set:
  case CqlType::Map:
  case CqlType::Tuple:
  case CqlType::Vector: {
    S = T.Kind == CqlType::List  ? "list<"
        : T.Kind == CqlType::Set ? "set<"
        : T.Kind == CqlType::Map ? "map<"
        : T.Kind == CqlType::Tuple ? "tuple<"
                                   : "vector<";
    for (size_t I = 0; I < T.Params.size(); ++I)
      S += (I ? ", " : "") + describeType(T.Params[I]);
    if (T.Kind == CqlType::Vector)
      S += ", " + std::to_string(T.Dimension);
    S += ">";
    break;
  }
  }
  return T.Frozen ? "frozen<" + S + ">" : S;
}

} // namespace nosqlint::schema
