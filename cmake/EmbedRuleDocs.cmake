# Writes a C++ source that embeds every docs/rules/<id>.md, so that
# `nosqlint explain <id>` prints exactly the documentation page.
# Usage: cmake -DDOCS_DIR=... -DOUTPUT=... -P EmbedRuleDocs.cmake
file(GLOB docs "${DOCS_DIR}/*.md")
list(SORT docs)
set(body "// Generated from docs/rules/*.md by cmake/EmbedRuleDocs.cmake. Do not edit.\n")
string(APPEND body "#include \"RuleDocs.h\"\n\nnamespace nosqlint {\n\n")
string(APPEND body "namespace {\nstruct Entry { const char *Name; const char *Text; };\n")
string(APPEND body "const Entry Docs[] = {\n")
foreach(doc IN LISTS docs)
  get_filename_component(name "${doc}" NAME_WE)
  file(READ "${doc}" text)
  # Raw string literals cannot hold ")nsqldoc\"", which no page contains.
  string(APPEND body "  {\"${name}\", R\"nsqldoc(${text})nsqldoc\"},\n")
endforeach()
string(APPEND body "};\n} // namespace\n\n")
string(APPEND body "llvm::StringRef embeddedRuleDoc(llvm::StringRef Name) {\n")
string(APPEND body "  for (const Entry &E : Docs)\n    if (Name == E.Name)\n      return E.Text;\n  return {};\n}\n\n")
string(APPEND body "} // namespace nosqlint\n")
file(WRITE "${OUTPUT}.tmp" "${body}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
