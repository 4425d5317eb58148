// One test per row of DialectEvidence.cpp: the manifest form that names the
// driver, and a look-alike that does not.
#include "DialectEvidence.h"

#include <gtest/gtest.h>

using nosqlint::driver::driversIn;
using nosqlint::driver::isDependencyManifest;
using nosqlint::driver::ManifestDrivers;

namespace {

bool scylla(const ManifestDrivers &D) { return !D.ScyllaDb.empty(); }
bool cassandra(const ManifestDrivers &D) { return !D.Cassandra.empty(); }

} // namespace

TEST(DialectEvidence, ManifestNames) {
  for (const char *N : {"go.mod", "pyproject.toml", "setup.py", "setup.cfg",
                        "Pipfile", "requirements.txt", "requirements-dev.txt",
                        "pom.xml", "build.gradle", "build.gradle.kts",
                        "build.sbt", "Cargo.toml", "package.json", "App.csproj"})
    EXPECT_TRUE(isDependencyManifest(N)) << N;
  for (const char *N : {"go.sum", "README.md", "settings.gradle", "pom.xml.bak",
                        "package-lock.json", "requirements.in"})
    EXPECT_FALSE(isDependencyManifest(N)) << N;
}

TEST(DialectEvidence, GoModReplaceByScyllaGocql) {
  ManifestDrivers D = driversIn("go.mod",
                                "module m\n\nrequire (\n"
                                "\tgithub.com/gocql/gocql v1.6.0\n)\n\n"
                                "replace github.com/gocql/gocql => "
                                "github.com/scylladb/gocql v1.14.0\n");
  EXPECT_TRUE(scylla(D));
  EXPECT_TRUE(D.ReplacesGocqlByScyllaDb);
  EXPECT_FALSE(D.RequiresUpstreamGocql);
  EXPECT_FALSE(cassandra(D));
}

TEST(DialectEvidence, GoModRequiresScyllaGocqlDirectly) {
  ManifestDrivers D =
      driversIn("go.mod", "module m\nrequire github.com/scylladb/gocql v1.14.0\n");
  EXPECT_TRUE(scylla(D));
}

TEST(DialectEvidence, GoModUpstreamGocql) {
  ManifestDrivers D =
      driversIn("go.mod", "module m\nrequire github.com/gocql/gocql v1.6.0\n");
  EXPECT_FALSE(scylla(D));
  EXPECT_TRUE(D.RequiresUpstreamGocql);
  // gocqlx alone says nothing: it runs on both databases.
  D = driversIn("go.mod", "module m\nrequire github.com/scylladb/gocqlx/v2 v2.8.0\n");
  EXPECT_FALSE(scylla(D));
  EXPECT_FALSE(D.RequiresUpstreamGocql);
}

TEST(DialectEvidence, GoModIndirectAndCommentsAreNoEvidence) {
  ManifestDrivers D = driversIn(
      "go.mod", "module m\nrequire (\n\tgithub.com/gocql/gocql v1.6.0 // indirect\n)\n"
                "// replace github.com/gocql/gocql => github.com/scylladb/gocql v1\n");
  EXPECT_FALSE(scylla(D));
  EXPECT_FALSE(D.RequiresUpstreamGocql);
  EXPECT_FALSE(D.ReplacesGocqlByScyllaDb);
}

TEST(DialectEvidence, GoModApacheGocqlDriver) {
  ManifestDrivers D = driversIn(
      "go.mod", "module m\nrequire github.com/apache/cassandra-gocql-driver/v2 v2.0.0\n");
  EXPECT_TRUE(cassandra(D));
}

TEST(DialectEvidence, PythonScyllaDriver) {
  EXPECT_TRUE(scylla(driversIn("requirements.txt", "flask\nscylla-driver==3.26.0\n")));
  EXPECT_TRUE(scylla(driversIn("pyproject.toml",
                               "dependencies = [\"scylla-driver >= 3.29.4\"]\n")));
  EXPECT_TRUE(scylla(driversIn("setup.py", "install_requires=['scylla_driver']\n")));
  // A comment, or a longer name, is not the driver.
  EXPECT_FALSE(scylla(driversIn("requirements.txt", "# scylla-driver later\n")));
  EXPECT_FALSE(scylla(driversIn("requirements.txt", "scylla-driver-utils==1\n")));
}

TEST(DialectEvidence, PythonCassandraDriver) {
  EXPECT_TRUE(cassandra(driversIn("requirements.txt", "cassandra-driver>=3.25\n")));
  EXPECT_TRUE(cassandra(driversIn("Pipfile", "cassandra-driver = \"*\"\n")));
  EXPECT_FALSE(cassandra(driversIn("requirements.txt", "types-cassandra-driver-x\n")));
}

TEST(DialectEvidence, MavenScyllaJavaDriver) {
  const char *Pom = "<dependencies><dependency>\n"
                    "  <groupId>com.scylladb</groupId>\n"
                    "  <artifactId>java-driver-core</artifactId>\n"
                    "</dependency></dependencies>";
  EXPECT_TRUE(scylla(driversIn("pom.xml", Pom)));
  const char *Driver3 = "<dependency><artifactId>scylla-driver-core</artifactId>"
                        "<groupId>com.scylladb</groupId></dependency>";
  EXPECT_TRUE(scylla(driversIn("pom.xml", Driver3)));
  // ScyllaDB's other artifacts (Alternator, Spark) are no CQL driver.
  EXPECT_FALSE(scylla(driversIn(
      "pom.xml", "<dependency><groupId>com.scylladb.alternator</groupId>"
                 "<artifactId>load-balancing</artifactId></dependency>")));
}

TEST(DialectEvidence, MavenCassandraJavaDriver) {
  EXPECT_TRUE(cassandra(driversIn(
      "pom.xml", "<dependency><groupId>com.datastax.oss</groupId>"
                 "<artifactId>java-driver-core</artifactId></dependency>")));
  EXPECT_TRUE(cassandra(driversIn(
      "pom.xml", "<dependency><groupId>org.apache.cassandra</groupId>"
                 "<artifactId>java-driver-core</artifactId></dependency>")));
  EXPECT_TRUE(cassandra(driversIn(
      "pom.xml", "<dependency><groupId>com.datastax.cassandra</groupId>"
                 "<artifactId>cassandra-driver-core</artifactId></dependency>")));
}

TEST(DialectEvidence, GradleAndSbtCoordinates) {
  EXPECT_TRUE(scylla(driversIn(
      "build.gradle", "implementation 'com.scylladb:java-driver-core:4.17.0.0'\n")));
  EXPECT_TRUE(scylla(driversIn(
      "build.gradle.kts",
      "implementation(\"com.scylladb:scylla-driver-core:3.11.2.0\")\n")));
  EXPECT_TRUE(scylla(driversIn(
      "build.sbt", "libraryDependencies += \"com.scylladb\" % \"java-driver-core\" % \"4.17.0.0\"\n")));
  EXPECT_TRUE(cassandra(driversIn(
      "build.gradle", "implementation \"com.datastax.oss:java-driver-core:4.17.0\"\n")));
  EXPECT_FALSE(scylla(driversIn(
      "build.gradle", "// implementation 'com.scylladb:java-driver-core:4.17.0.0'\n")));
}

TEST(DialectEvidence, CargoScyllaCrate) {
  EXPECT_TRUE(scylla(driversIn("Cargo.toml", "[dependencies]\nscylla = \"0.13\"\n")));
  EXPECT_TRUE(scylla(driversIn("Cargo.toml",
                               "[dependencies]\nscylla = { version = \"1\" }\n")));
  EXPECT_FALSE(scylla(driversIn("Cargo.toml", "[dependencies]\nscylla-cdc = \"0.3\"\n")));
}

TEST(DialectEvidence, NpmAndNuGetCassandraDrivers) {
  EXPECT_TRUE(cassandra(driversIn(
      "package.json", "{\"dependencies\": {\"cassandra-driver\": \"^4.7.2\"}}")));
  EXPECT_TRUE(cassandra(driversIn(
      "Api.csproj", "<PackageReference Include=\"CassandraCSharpDriver\" Version=\"3.20.1\" />")));
  EXPECT_FALSE(cassandra(driversIn("package.json", "{\"name\": \"cassandra-driver-demo\"}")));
}
