//===- SchemaProvenanceTest.cpp - Notes say where a table came from -------===//
//
// A table that only a migration history creates, or only the application's
// code, says so in the "declared here" note of every finding about it.
//
//===----------------------------------------------------------------------===//
#include "DriverTestSupport.h"

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

TEST(SchemaProvenance, AMigratedTableSaysHowFarIntoItsHistory) {
  TempDir D;
  D.write("db/V1__keyspace.cql",
          "CREATE KEYSPACE ks WITH replication = {'class': "
          "'SimpleStrategy', 'replication_factor': 1};\n");
  D.write("db/V2__users.cql", "CREATE TABLE ks.users (k int PRIMARY KEY);\n");
  D.write("db/V10__orders.cql",
          "CREATE TABLE ks.orders (k int PRIMARY KEY, v int);\n");
  DriverOptions O;
  O.Color = false;
  O.Inputs = {D.write("q.cql", "SELECT * FROM ks.orders;\n"
                               "SELECT * FROM ks.users;\n")};
  O.Schemas = {D.path("db")};
  RunResult R = runOn(O);
  EXPECT_NE(R.Out.find("table 'ks.orders' declared here (after 2 earlier "
                       "migrations of "),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("table 'ks.users' declared here (after 1 earlier "
                       "migration of "),
            std::string::npos)
      << R.Out;
}

TEST(SchemaProvenance, ATableOnlyTheCodeCreatesSaysSo) {
  TempDir D;
  DriverOptions O;
  O.Color = false;
  O.Inputs = {D.write(
      "app/store.py",
      "from cassandra.cluster import Cluster\n"
      "session = Cluster().connect()\n"
      "session.execute(\"CREATE TABLE IF NOT EXISTS ks.events (k int "
      "PRIMARY KEY, v int)\")\n"
      "session.execute(\"SELECT * FROM ks.events\")\n")};
  RunResult R = runOn(O);
  EXPECT_NE(R.Out.find("table 'ks.events' declared here (created by the "
                       "application's code)"),
            std::string::npos)
      << R.Out;
}

} // namespace
