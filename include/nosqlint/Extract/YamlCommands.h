//===- YamlCommands.h - CQL that YAML files run or hold ---------*- C++ -*-===//
//
// Deployment YAML runs cqlsh: a Kubernetes Job or initContainer's
// `command:`/`args:`, a compose service's `command:`/`entrypoint:` or
// healthcheck `test:`, a GitHub Actions `run:` step, a GitLab CI
// `script:` line, an Ansible `shell:` task. Each such value is a shell
// text (a string) or the words of one command (a list, "exec form"), read
// by the shell reader of ShellScripts.h with positions exact through the
// YAML quoting and folding. Only commands that run cqlsh are read.
//
// Configuration YAML may hold a statement under a Cassandra key (a string
// whose key path names cassandra/datastax/scylla and whose text starts
// with a statement keyword), listed as in HOCON (source `config`).
//
// A tool's template that fills a value before the YAML is read (Helm and
// Actions `{{ ... }}`, a compose file's `${VAR}` interpolation) is a value
// not known here: a hole, never a finding.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_YAMLCOMMANDS_H
#define NOSQLINT_EXTRACT_YAMLCOMMANDS_H

#include "nosqlint/Extract/ShellScripts.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace nosqlint::extract {

/// False only when \p Text can hold neither a cqlsh call nor a Cassandra
/// configuration key: one pass over the bytes.
bool mayHoldYamlCql(llvm::StringRef Text);

/// Where and why the YAML parser refused a text.
struct YamlRefusal {
  uint32_t Offset = 0;
  std::string Message;
};

/// The cqlsh calls and configuration statements of a YAML file, in file
/// order. A text the YAML parser refuses gives nothing, and \p Refused
/// (when given) says where.
ShellExtraction extractYamlFile(FileId File, llvm::StringRef Text,
                                std::optional<YamlRefusal> *Refused = nullptr);

} // namespace nosqlint::extract

#endif
