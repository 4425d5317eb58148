# Writes a C++ source that embeds every models/<language>.models file, the
# library catalog that decides which strings are queries (src/extract/
# LibraryModels.h). Usage: cmake -DMODELS_DIR=... -DOUTPUT=... -P EmbedModels.cmake
file(GLOB models "${MODELS_DIR}/*.models")
list(SORT models)
set(body "// Generated from models/*.models by cmake/EmbedModels.cmake. Do not edit.\n")
string(APPEND body "#include \"EmbeddedModels.h\"\n\nnamespace nosqlint::extract {\n\n")
string(APPEND body "namespace {\nstruct Entry { const char *Name; const char *Text; };\n")
string(APPEND body "const Entry Models[] = {\n")
foreach(model IN LISTS models)
  get_filename_component(name "${model}" NAME_WE)
  file(READ "${model}" text)
  # Raw string literals cannot hold ")nsqlmodel\"", which no file contains.
  string(APPEND body "  {\"${name}\", R\"nsqlmodel(${text})nsqlmodel\"},\n")
endforeach()
string(APPEND body "};\n} // namespace\n\n")
string(APPEND body "llvm::StringRef embeddedModels(llvm::StringRef Name) {\n")
string(APPEND body "  for (const Entry &E : Models)\n    if (Name == E.Name)\n      return E.Text;\n  return {};\n}\n\n")
string(APPEND body "std::vector<llvm::StringRef> embeddedModelNames() {\n")
string(APPEND body "  std::vector<llvm::StringRef> Names;\n  for (const Entry &E : Models)\n    Names.push_back(E.Name);\n  return Names;\n}\n\n")
string(APPEND body "} // namespace nosqlint::extract\n")
file(WRITE "${OUTPUT}.tmp" "${body}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
