//===- Printer.h - CQL IR back to canonical CQL text ------------*- C++ -*-===//
//
// Prints IR as canonical CQL: keywords upper case, one space between tokens,
// identifiers unquoted when Cassandra would fold them to the same name,
// optional forms normalised (`c += 1` prints as `c = c + 1`, an inline
// PRIMARY KEY as a PRIMARY KEY clause). Parsing the output and printing it
// again gives the same text.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_PRINTER_H
#define NOSQLINT_CQL_PRINTER_H

#include "nosqlint/IR/Cql.h"

#include <string>

namespace nosqlint::cql {

std::string printStatement(const Statement &S);
std::string printTerm(const Term &T);
std::string printType(const CqlType &T);
std::string printIdentifier(const Identifier &Id);

} // namespace nosqlint::cql

#endif
