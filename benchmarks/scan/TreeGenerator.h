//===- TreeGenerator.h - Writes a synthetic source tree to scan -*- C++ -*-===//
//
// A repository-shaped tree of host-language files (Java, Kotlin, Scala,
// Python, Go, JavaScript, TypeScript, C#), each holding a few CQL strings
// written in that language's usual styles, some with findings, and ordinary
// code around them; the Python and TypeScript files also make DynamoDB
// requests with boto3 and the JavaScript SDK v3, against the DynamoDB table
// written beside the CQL schema. A monorepo-shaped tree mixes them with
// ordinary code that holds no query. Used by the 10,000-file scan test and
// the scan benchmark. Deterministic: file I of a tree is always the same.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_BENCH_TREEGENERATOR_H
#define NOSQLINT_BENCH_TREEGENERATOR_H

#include <cstdint>
#include <fstream>
#include <string>
#include <filesystem>

namespace nosqlint::bench {

inline const char *const TreeSchema =
    "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', "
    "'replication_factor': 1};\n"
    "CREATE TABLE app.users (id uuid PRIMARY KEY, email text, name text);\n"
    "CREATE TABLE app.events (id uuid, at timeuuid, kind text, "
    "PRIMARY KEY ((id), at));\n";

inline const char *const TreeDynamoSchema =
    "{\"TableName\": \"Sessions\", \"AttributeDefinitions\": ["
    "{\"AttributeName\": \"userId\", \"AttributeType\": \"S\"}, "
    "{\"AttributeName\": \"startedAt\", \"AttributeType\": \"S\"}], "
    "\"KeySchema\": [{\"AttributeName\": \"userId\", \"KeyType\": \"HASH\"}, "
    "{\"AttributeName\": \"startedAt\", \"KeyType\": \"RANGE\"}], "
    "\"BillingMode\": \"PAY_PER_REQUEST\"}\n";

/// The text of generated file \p I and its extension.
inline std::string generatedSource(unsigned I, std::string &Ext) {
  std::string N = std::to_string(I);
  // Ordinary code that is not CQL, to give the files a realistic size.
  std::string Filler;
  for (unsigned K = 0; K < 12; ++K)
    Filler += "  // helper " + std::to_string(K) +
              ": formats a value for the log, nothing to do with queries\n";
  switch (I % 8) {
  case 0:
    Ext = ".java";
    return "package app;\nclass Repo" + N + " {\n"
           "  static final String T = \"app.users\";\n" + Filler +
           "  void f(com.datastax.oss.driver.api.core.CqlSession s) {\n"
           "    s.execute(\"SELECT name FROM \" + T + \" WHERE id = ?\");\n"
           "    s.execute(\"SELECT * FROM app.events\");\n"
           "    String msg = \"Select a row from the list\";\n  }\n}\n";
  case 1:
    Ext = ".py";
    return "import boto3\nfrom boto3.dynamodb.conditions import Key\n\n"
           "USERS = 'app.users'\n" + Filler.substr(0, 0) +
           "sessions = boto3.resource('dynamodb').Table('Sessions')\n\n"
           "def f(session, email):\n"
           "    session.execute(f\"SELECT name FROM {USERS} WHERE email = %s\", (email,))\n"
           "    session.execute(\"SELECT * FROM app.events WHERE id = %s\", (1,))\n"
           "    print('update done')\n\n"
           "def g(user_id):\n"
           "    return sessions.query(KeyConditionExpression=Key('userId').eq(user_id))\n";
  case 2:
    Ext = ".go";
    return "package app\n\nconst events = `app.events`\n\n"
           "func f" + N + "(s *Session) {\n"
           "\ts.Query(`SELECT kind FROM ` + events + ` WHERE id = ? AND at > ?`).Exec()\n"
           "\ts.Query(fmt.Sprintf(\"SELECT * FROM %s\", events)).Exec()\n}\n";
  case 3:
    Ext = ".ts";
    return "import { QueryCommand } from '@aws-sdk/lib-dynamodb';\n"
           "const T: string = 'app.users';\n"
           "export async function f" + N + "(c: Client, id: string) {\n"
           "  await c.execute(`SELECT name FROM ${T} WHERE id = ${id}`);\n"
           "  await c.execute('SELECT count(*) FROM app.users');\n}\n"
           "export const recent" + N + " = (doc: any, id: string) => doc.send(new QueryCommand({\n"
           "  TableName: 'Sessions', KeyConditionExpression: 'userId = :u AND startedAt > :t',\n"
           "  ExpressionAttributeValues: { ':u': id, ':t': '2026-11-01' }, Limit: 20 }));\n";
  case 4:
    Ext = ".js";
    return "const T = 'app.events';\n"
           "async function f" + N + "(client, id) {\n"
           "  await client.execute('DELETE FROM ' + T + ' WHERE id = ?', [id]);\n}\n"
           "module.exports = { f" + N + " };\n";
  case 5:
    Ext = ".cs";
    return "class Repo" + N + " {\n  const string T = \"app.users\";\n"
           "  void F(ISession s) {\n"
           "    s.Execute($\"SELECT name FROM {T} WHERE email = 'x'\");\n  }\n}\n";
  case 6:
    Ext = ".kt";
    return "const val T = \"app.events\"\n"
           "fun f" + N + "(s: CqlSession) = s.execute(\"SELECT kind FROM $T WHERE id = ?\")\n";
  default:
    Ext = ".scala";
    return "object Repo" + N + " {\n  val T = \"app.users\"\n"
           "  def f(s: CqlSession) = s.execute(s\"UPDATE $T SET name = ? WHERE id = ?\")\n}\n";
  }
}

/// The text of ordinary file \p I, with no query at all, and its
/// extension: about 5 KB of code in the language of generatedSource(I),
/// with the words a query starts with used as method names and in
/// messages, as real code uses them (`update(`, `repo.delete(x)`,
/// `List<...>`, "select a user").
inline std::string plainSource(unsigned I, std::string &Ext) {
  std::string N = std::to_string(I);
  std::string Body;
  for (unsigned K = 0; K < 40; ++K) {
    std::string M = std::to_string(K);
    switch (I % 8) {
    case 0: case 6: case 7: // Java, Kotlin, Scala
      Body += "  public List<Item> update" + M + "(Item item) { cache.delete(item.id()); "
              "return repo.create(item, \"select a user\"); }\n";
      break;
    case 1: // Python
      Body += "    def update_" + M + "(self, item):\n        self.cache.delete(item.id)\n"
              "        return list(self.repo.select(item, 'pick a user'))\n";
      break;
    case 2: // Go
      Body += "func (r *Repo) Update" + M + "(it Item) error { r.cache.Delete(it.ID); "
              "return r.store.Create(it, \"select a user\") }\n";
      break;
    case 3: case 4: // TypeScript, JavaScript
      Body += "  update" + M + "(item) { this.cache.delete(item.id); "
              "return this.repo.create(item, 'select a user'); }\n";
      break;
    default: // C#
      Body += "  public List<Item> Update" + M + "(Item item) { cache.Delete(item.Id); "
              "return repo.Create(item, \"select a user\"); }\n";
      break;
    }
  }
  switch (I % 8) {
  case 0:
    Ext = ".java";
    return "package app;\nimport java.util.List;\nclass Service" + N + " {\n" +
           Body + "}\n";
  case 1:
    Ext = ".py";
    return "class Service" + N + ":\n" + Body;
  case 2:
    Ext = ".go";
    return "package app\n\n" + Body;
  case 3:
    Ext = ".ts";
    return "export class Service" + N + " {\n" + Body + "}\n";
  case 4:
    Ext = ".js";
    return "class Service" + N + " {\n" + Body + "}\nmodule.exports = Service" +
           N + ";\n";
  case 5:
    Ext = ".cs";
    return "class Service" + N + " {\n" + Body + "}\n";
  case 6:
    Ext = ".kt";
    return "class Service" + N + " {\n" + Body + "}\n";
  default:
    Ext = ".scala";
    return "class Service" + N + " {\n" + Body + "}\n";
  }
}

/// Writes \p Files generated sources under \p Root (100 files a directory)
/// and the schemas at \p Root/schema.cql and \p Root/sessions.json; returns
/// the bytes written.
/// When \p QueryEvery is over 1, only one file in \p QueryEvery holds
/// queries (generatedSource) and the others are plainSource: the shape of a
/// monorepo, where most code never talks to the database.
inline uint64_t writeTree(const std::filesystem::path &Root, unsigned Files,
                          unsigned QueryEvery = 1) {
  namespace fs = std::filesystem;
  fs::create_directories(Root / "src");
  uint64_t Bytes = 0;
  {
    std::ofstream Schema(Root / "schema.cql");
    Schema << TreeSchema;
    std::ofstream Tables(Root / "sessions.json");
    Tables << TreeDynamoSchema;
  }
  for (unsigned I = 0; I < Files; ++I) {
    fs::path Dir = Root / "src" / ("pkg" + std::to_string(I / 100));
    if (I % 100 == 0)
      fs::create_directories(Dir);
    std::string Ext;
    std::string Text = QueryEvery > 1 && I % QueryEvery != 0
                           ? plainSource(I, Ext)
                           : generatedSource(I / QueryEvery, Ext);
    std::ofstream Out(Dir / ("File" + std::to_string(I) + Ext));
    Out << Text;
    Bytes += Text.size();
  }
  return Bytes;
}

} // namespace nosqlint::bench

#endif
