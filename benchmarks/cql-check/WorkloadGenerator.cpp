//===- WorkloadGenerator.cpp ----------------------------------------------===//
#include "WorkloadGenerator.h"

#include <fmt/format.h>

namespace nosqlint::bench {

std::string generateSchema(unsigned Tables) {
  std::string S = "CREATE KEYSPACE app WITH replication = {'class': "
                  "'NetworkTopologyStrategy', 'dc1': '3'};\n";
  for (unsigned I = 0; I < Tables; ++I) {
    switch (I % 5) {
    case 0:
      S += fmt::format("CREATE TABLE app.entity{0} (id uuid PRIMARY KEY, name "
                       "text, email text, region text, created timestamp, "
                       "score int) WITH comment = 'entities';\n"
                       "CREATE INDEX entity{0}_region ON app.entity{0} "
                       "(region);\n",
                       I);
      break;
    case 1:
      S += fmt::format("CREATE TABLE app.lookup{0} (email text PRIMARY KEY, "
                       "id uuid);\n",
                       I);
      break;
    case 2:
      S += fmt::format("CREATE TABLE app.series{0} (source_id uuid, day date, "
                       "ts timestamp, value double, tags set<text>, PRIMARY "
                       "KEY ((source_id, day), ts)) WITH CLUSTERING ORDER BY "
                       "(ts DESC) AND default_time_to_live = 2592000;\n",
                       I);
      break;
    case 3:
      S += fmt::format("CREATE TABLE app.counts{0} (id uuid PRIMARY KEY, hits "
                       "counter);\n",
                       I);
      break;
    case 4:
      S += fmt::format("CREATE TABLE app.items{0} (owner_id uuid, item_id "
                       "timeuuid, label text, price int, attrs map<text, "
                       "text>, PRIMARY KEY ((owner_id), item_id)) WITH "
                       "CLUSTERING ORDER BY (item_id DESC);\n"
                       "CREATE INDEX items{0}_price ON app.items{0} (price) "
                       "USING 'sai';\n"
                       "CREATE INDEX items{0}_label ON app.items{0} (label) "
                       "USING 'sai';\n",
                       I);
      break;
    }
  }
  return S;
}

std::string generateQueries(unsigned Tables, unsigned Statements) {
  std::string S;
  for (unsigned I = 0; I < Statements; ++I) {
    unsigned T = (I * 7) % Tables;
    unsigned Variant = (I / Tables) % 4;
    switch (T % 5) {
    case 0: {
      const char *Forms[] = {
          "SELECT id, name, email FROM app.entity{0} WHERE id = ?;\n",
          "SELECT id FROM app.entity{0} WHERE region = ?;\n",
          "SELECT id FROM app.entity{0} WHERE score > ? ALLOW FILTERING;\n",
          "UPDATE app.entity{0} SET name = ?, score = ? WHERE id = ?;\n"};
      S += fmt::format(fmt::runtime(Forms[Variant]), T);
      break;
    }
    case 1: {
      const char *Forms[] = {
          "SELECT id FROM app.lookup{0} WHERE email = ?;\n",
          "INSERT INTO app.lookup{0} (email, id) VALUES (?, ?) IF NOT EXISTS;\n",
          "SELECT COUNT(*) FROM app.lookup{0};\n",
          "DELETE FROM app.lookup{0} WHERE email = ?;\n"};
      S += fmt::format(fmt::runtime(Forms[Variant]), T);
      break;
    }
    case 2: {
      const char *Forms[] = {
          "SELECT ts, value FROM app.series{0} WHERE source_id = ? AND day = ? "
          "AND ts > ? AND ts <= ? LIMIT 500;\n",
          "INSERT INTO app.series{0} (source_id, day, ts, value) VALUES (?, ?, "
          "?, ?) USING TTL 86400;\n",
          "SELECT ts, value FROM app.series{0} WHERE source_id = ? AND day = "
          "?;\n",
          "SELECT * FROM app.series{0} WHERE source_id = ? AND day IN (?, ?, "
          "?) ORDER BY ts DESC LIMIT 100;\n"};
      S += fmt::format(fmt::runtime(Forms[Variant]), T);
      break;
    }
    case 3: {
      const char *Forms[] = {
          "UPDATE app.counts{0} SET hits = hits + 1 WHERE id = ?;\n",
          "SELECT hits FROM app.counts{0} WHERE id = ?;\n",
          "BEGIN COUNTER BATCH UPDATE app.counts{0} SET hits = hits + 1 WHERE "
          "id = ?; UPDATE app.counts{0} SET hits = hits + 1 WHERE id = ?; "
          "APPLY BATCH;\n",
          "SELECT id, hits FROM app.counts{0};\n"};
      S += fmt::format(fmt::runtime(Forms[Variant]), T);
      break;
    }
    case 4: {
      const char *Forms[] = {
          "SELECT item_id, label FROM app.items{0} WHERE owner_id = ? LIMIT "
          "20;\n",
          "SELECT item_id FROM app.items{0} WHERE price > ? AND label = ?;\n",
          "SELECT item_id FROM app.items{0} WHERE owner_id = ? AND attrs "
          "CONTAINS ? ALLOW FILTERING;\n",
          "BEGIN BATCH INSERT INTO app.items{0} (owner_id, item_id, label) "
          "VALUES (?, now(), ?); UPDATE app.items{0} SET price = ? WHERE "
          "owner_id = ? AND item_id = ?; APPLY BATCH;\n"};
      S += fmt::format(fmt::runtime(Forms[Variant]), T);
      break;
    }
    }
  }
  return S;
}

} // namespace nosqlint::bench
