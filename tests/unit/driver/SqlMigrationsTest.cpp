//===- SqlMigrationsTest.cpp - golang-migrate's drivers and file names -----===//
#include "SqlMigrations.h"

#include <gtest/gtest.h>

using namespace nosqlint;

namespace {

TEST(SqlMigrations, CassandraDriverImportIsSeen) {
  MigrateDrivers D = golangMigrateDrivers(
      "import (\n\t\"github.com/golang-migrate/migrate/v4\"\n"
      "\t_ \"github.com/golang-migrate/migrate/v4/database/cassandra\"\n"
      "\t\"github.com/golang-migrate/migrate/v4/source/iofs\"\n)\n");
  EXPECT_TRUE(D.Cassandra);
  EXPECT_FALSE(D.Other);
}

TEST(SqlMigrations, UnversionedModulePathToo) {
  MigrateDrivers D = golangMigrateDrivers(
      "import _ \"github.com/golang-migrate/migrate/database/cassandra\"\n");
  EXPECT_TRUE(D.Cassandra);
}

TEST(SqlMigrations, SqlDriversAreOther) {
  MigrateDrivers D = golangMigrateDrivers(
      "import _ \"github.com/golang-migrate/migrate/v4/database/postgres\"\n");
  EXPECT_FALSE(D.Cassandra);
  EXPECT_TRUE(D.Other);
}

TEST(SqlMigrations, HelpersAndSubpackagesAreNoDrivers) {
  MigrateDrivers D = golangMigrateDrivers(
      "import \"github.com/golang-migrate/migrate/v4/database\"\n"
      "import \"github.com/golang-migrate/migrate/v4/database/multistmt\"\n"
      "import \"github.com/golang-migrate/migrate/v4/database/testing\"\n"
      "import \"github.com/golang-migrate/migrate/v4/database/cassandra/x\"\n"
      "import \"github.com/golang-migrate/migrate/v4/source/file\"\n");
  EXPECT_FALSE(D.Cassandra);
  EXPECT_FALSE(D.Other);
}

TEST(SqlMigrations, AnotherModuleIsNotGolangMigrate) {
  MigrateDrivers D = golangMigrateDrivers(
      "import \"github.com/golang-migrate/migrateX/database/cassandra\"\n"
      "import \"example.com/golang-migrate/migrate/v4/database/cassandra\"\n");
  EXPECT_FALSE(D.Cassandra);
  EXPECT_FALSE(D.Other);
}

TEST(SqlMigrations, UpFileNames) {
  EXPECT_TRUE(isGolangMigrateUpFile("db/migrations/3_create_source_table.up.sql"));
  EXPECT_TRUE(isGolangMigrateUpFile("20230101120000_init.up.sql"));
  EXPECT_FALSE(isGolangMigrateUpFile("db/migrations/3_create_source_table.down.sql"));
  EXPECT_FALSE(isGolangMigrateUpFile("db/schema.sql"));
  EXPECT_FALSE(isGolangMigrateUpFile("init.up.sql"));
  EXPECT_FALSE(isGolangMigrateUpFile("3.up.sql"));
  EXPECT_FALSE(isGolangMigrateUpFile("3_x.up.sql.bak"));
}

} // namespace
