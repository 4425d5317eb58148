//===- GoNodeBuilderTest.cpp - gocqlx and Node Mapper statements ----------===//
//
// The exact text each gocqlx qb method and table model method writes (its
// ToCql), what the Node.js Mapper's query generator writes for a
// ModelMapper call, where the pieces map, and what builds nothing.
//
//===----------------------------------------------------------------------===//
#include "ExtractTestSupport.h"

#include "nosqlint/Extract/BuilderFacts.h"
#include "nosqlint/Extract/Repositories.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>

using namespace nosqlint;
using namespace nosqlint::extract;
using namespace nosqlint::extract::test;

namespace {

/// Every builder and mapper statement of the files, each extracted, then
/// joined as the driver joins them (files in folder \p Dirs[i]).
std::vector<CqlSnippet>
statements(HostLanguage Lang, const std::vector<std::string> &Srcs,
           const std::vector<std::string> &Dirs = {}, bool Test = false) {
  std::vector<CqlSnippet> Out;
  std::vector<RepositoryFacts> Facts;
  ExtractOptions O;
  O.ByShape = !Test;
  for (size_t I = 0; I < Srcs.size(); ++I) {
    FileExtraction X = extractFile(Lang, FileId{static_cast<uint32_t>(I + 1)},
                                   Srcs[I], nullptr, O);
    for (CqlSnippet &S : X.Snippets)
      if (S.Source == SnippetSource::Builder ||
          S.Source == SnippetSource::Mapper)
        Out.push_back(std::move(S));
    X.Repositories.File = FileId{static_cast<uint32_t>(I + 1)};
    X.Repositories.Directory = I < Dirs.size() ? Dirs[I] : "/src";
    Facts.push_back(std::move(X.Repositories));
  }
  for (RepositorySnippet &S : joinRepositoryQueries(Facts))
    Out.push_back(std::move(S.Snippet));
  return Out;
}

std::vector<std::string> texts(const std::vector<CqlSnippet> &S) {
  std::vector<std::string> Out;
  for (const CqlSnippet &X : S)
    Out.push_back(X.Text);
  return Out;
}

const char *const GoHeader = R"x(package p

import (
	"github.com/scylladb/gocqlx/v2"
	"github.com/scylladb/gocqlx/v2/qb"
	"github.com/scylladb/gocqlx/v2/table"
)
)x";

TEST(Gocqlx, QbChainsWriteWhatToCqlWrites) {
  std::string Src = std::string(GoHeader) + R"x(
func f(s gocqlx.Session) {
	qb.Select("ks.t").Columns("a", "b").Where(qb.Eq("k"), qb.Gt("c")).
		OrderBy("c", qb.DESC).Limit(10).AllowFiltering().Query(s)
	qb.Select("ks.t").Distinct("k").Query(s)
	qb.Select("ks.t").CountAll().Where(qb.In("k")).Query(s)
	qb.Select("ks.t").Columns(qb.As("a", "x")).Max("b").Query(s)
	qb.Select("ks.t").Where(qb.Token("k", "c").Gt(), qb.LtOrEqNamed("c", "hi")).Query(s)
	qb.Select("ks.t").Where(qb.EqLit("k", "1"), qb.InLitStrings("c", "a", "b'c")).Query(s)
	qb.Select("ks.t").Where(qb.ContainsKey("m"), qb.EqTuple("p", 2)).LimitPerPartition(1).Query(s)
	qb.Insert("ks.t").Columns("a", "b").LitColumn("c", "now()").Unique().TTL(ttl).Query(s)
	qb.Insert("ks.t").Json().Query(s)
	qb.Update("ks.t").Set("a").Add("b").Remove("c").SetFunc("d", qb.Now()).
		Where(qb.Eq("k")).If(qb.Eq("a")).Query(s)
	qb.Update("ks.t").TTLNamed("ttl").Set("a").Where(qb.Eq("k")).Existing().Query(s)
	qb.Delete("ks.t").Columns("a").Where(qb.Eq("k")).Existing().Query(s)
}
)x";
  std::vector<std::string> T = texts(statements(HostLanguage::Go, {Src}));
  ASSERT_EQ(T.size(), 12u);
  EXPECT_EQ(T[0], "SELECT a,b FROM ks.t WHERE k=? AND c>? ORDER BY c DESC "
                  "LIMIT 10 ALLOW FILTERING ");
  EXPECT_EQ(T[1], "SELECT DISTINCT k FROM ks.t ");
  EXPECT_EQ(T[2], "SELECT count(*) FROM ks.t WHERE k IN ? ");
  EXPECT_EQ(T[3], "SELECT a AS x,max(b) FROM ks.t ");
  EXPECT_EQ(T[4], "SELECT * FROM ks.t WHERE token(k,c)>token(?,?) AND c<=? ");
  EXPECT_EQ(T[5], "SELECT * FROM ks.t WHERE k=1 AND c IN ('a','b''c') ");
  EXPECT_EQ(T[6], "SELECT * FROM ks.t WHERE m CONTAINS KEY ? AND p=(?,?) "
                  "PER PARTITION LIMIT 1 ");
  EXPECT_EQ(T[7], "INSERT INTO ks.t (a,b,c) VALUES (?,?,now()) IF NOT EXISTS "
                  "USING TTL ? ");
  EXPECT_EQ(T[8], "INSERT INTO ks.t JSON ?");
  EXPECT_EQ(T[9], "UPDATE ks.t SET a=?,b=b+?,c=c-?,d=now() WHERE k=? IF a=? ");
  EXPECT_EQ(T[10], "UPDATE ks.t USING TTL ? SET a=? WHERE k=? IF EXISTS ");
  EXPECT_EQ(T[11], "DELETE a FROM ks.t WHERE k=? IF EXISTS ");
}

TEST(Gocqlx, PiecesMapToTheCalls) {
  std::string Src = std::string(GoHeader) + R"x(
func f(s gocqlx.Session) {
	qb.Select("ks.t").Where(qb.Eq("email")).AllowFiltering().Query(s)
}
)x";
  std::vector<CqlSnippet> S = statements(HostLanguage::Go, {Src});
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(mapped(S[0], Src, "SELECT"), "Select");
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "ks.t");
  EXPECT_EQ(mapped(S[0], Src, "email"), "email");
  EXPECT_EQ(mapped(S[0], Src, "ALLOW FILTERING"), "AllowFiltering");
  EXPECT_EQ(S[0].Source, SnippetSource::Builder);
}

TEST(Gocqlx, Version3QuotesTableNamesAsItDoes) {
  std::string Src = R"x(package p
import "github.com/scylladb/gocqlx/v3/qb"
func f(s gocqlx.Session) {
	qb.Select("ks.Users").Query(s)
	qb.Select("order").Query(s)
	qb.Select("ks.users").Query(s)
}
)x";
  EXPECT_EQ(texts(statements(HostLanguage::Go, {Src})),
            (std::vector<std::string>{"SELECT * FROM ks.\"Users\" ",
                                      "SELECT * FROM \"order\" ",
                                      "SELECT * FROM ks.users "}));
}

TEST(Gocqlx, TableModelsAddTheirKeysAndColumns) {
  std::string Src = std::string(GoHeader) + R"x(
var md = table.Metadata{
	Name:    "ks.t",
	Columns: []string{"k", "c", "v"},
	PartKey: []string{"k"},
	SortKey: []string{"c"},
}
var t = table.New(md)

func f(s gocqlx.Session) {
	t.GetQuery(s)
	t.SelectQuery(s, "v")
	s.Query(t.SelectAll())
	t.InsertQuery(s)
	t.UpdateQuery(s, "v")
	t.DeleteQuery(s)
	t.GetBuilder("v").Where(qb.Gt("v")).AllowFiltering().Query(s)
	t.InsertBuilder().Unique().Query(s)
	qb.Insert("ks.t").Columns(md.Columns...).Query(s)
	qb.Select(t.Name()).Limit(1).Query(s)
}
)x";
  std::vector<CqlSnippet> S = statements(HostLanguage::Go, {Src});
  EXPECT_EQ(texts(S),
            (std::vector<std::string>{
                "SELECT * FROM ks.t WHERE k=? AND c=? ",
                "SELECT v FROM ks.t WHERE k=? ",
                "SELECT * FROM ks.t ",
                "INSERT INTO ks.t (k,c,v) VALUES (?,?,?) ",
                "UPDATE ks.t SET v=? WHERE k=? AND c=? ",
                "DELETE FROM ks.t WHERE k=? AND c=? ",
                "SELECT v FROM ks.t WHERE k=? AND c=? AND v>? ALLOW FILTERING ",
                "INSERT INTO ks.t (k,c,v) VALUES (?,?,?) IF NOT EXISTS ",
                "INSERT INTO ks.t (k,c,v) VALUES (?,?,?) ",
                "SELECT * FROM ks.t LIMIT 1 "}));
  ASSERT_FALSE(S.empty());
  EXPECT_EQ(S[0].Source, SnippetSource::Mapper);
  // The model's table and keys map to the method called.
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "GetQuery");
  ASSERT_TRUE(S[0].Model.has_value());
  EXPECT_EQ(S[0].Model->PartitionKey, std::vector<std::string>{"k"});
  EXPECT_EQ(S[0].Model->Clustering, std::vector<std::string>{"c"});
}

TEST(Gocqlx, ModelsOfOtherFilesAndPackages) {
  std::string Models = R"x(package models
import "github.com/scylladb/gocqlx/v2/table"
var Users = table.New(table.Metadata{
	Name:    "ks.users",
	Columns: []string{"id", "email"},
	PartKey: []string{"id"},
})
)x";
  std::string Same = R"x(package repo
import "github.com/scylladb/gocqlx/v2/table"
var orders = table.New(table.Metadata{Name: "ks.orders", Columns: []string{"id"}, PartKey: []string{"id"}})
)x";
  std::string Use = R"x(package repo
import (
	"example.com/app/models"
	"github.com/scylladb/gocqlx/v2"
	"github.com/scylladb/gocqlx/v2/qb"
)
func f(s gocqlx.Session) {
	models.Users.SelectBuilder().Where(qb.Eq("email")).Query(s)
	orders.GetQuery(s)
	qb.Select(models.Users.Name()).Query(s)
}
)x";
  // The use is in /src/app/repo: models.Users is /src/app/models's.
  std::vector<std::string> T =
      texts(statements(HostLanguage::Go, {Models, Same, Use},
                       {"/src/app/models", "/src/app/repo", "/src/app/repo"}));
  std::sort(T.begin(), T.end());
  EXPECT_EQ(T, (std::vector<std::string>{
                   "SELECT * FROM ks.orders WHERE id=? ",
                   "SELECT * FROM ks.users ",
                   "SELECT * FROM ks.users WHERE id=? AND email=? "}));
  // Two packages that declare a model alike but differently: neither.
  std::string Other = R"x(package models
import "github.com/scylladb/gocqlx/v2/table"
var Users = table.New(table.Metadata{Name: "ks.people", PartKey: []string{"id"}})
)x";
  EXPECT_EQ(statements(HostLanguage::Go, {Models, Other, Use},
                       {"/a/models", "/b/models", "/c/repo"})
                .size(),
            0u);
}

TEST(Gocqlx, UnknownBuildsNothing) {
  std::string Src = std::string(GoHeader) + R"x(
func f(s gocqlx.Session, t *table.Table, cmp qb.Cmp, cols []string, name string) {
	t.GetQuery(s)
	qb.Select("ks.t").Where(cmp).Query(s)
	qb.Select("ks.t").Columns(cols...).Query(s)
	qb.Select("ks.t").Where(qb.Eq("k")).Frobnicate().Query(s)
	qb.Update("ks.t").Where(qb.Eq("k")).Query(s)
	b := qb.Select("ks.t")
	b.Where(qb.Eq("k"))
	b.Query(s)
	_ = qb.Select("ks.t")
	return qb.Select("ks.t").Where(qb.Eq("k"))
}
)x";
  EXPECT_EQ(statements(HostLanguage::Go, {Src}).size(), 0u);
  // A builder kept in a variable that is only ended later is read.
  std::string Kept = std::string(GoHeader) + R"x(
func f(s gocqlx.Session) {
	ins := qb.Insert("ks.t").Columns("a")
	ins.Query(s)
	ins.Query(s)
}
)x";
  EXPECT_EQ(texts(statements(HostLanguage::Go, {Kept})),
            std::vector<std::string>{"INSERT INTO ks.t (a) VALUES (?) "});
}

TEST(Gocqlx, TestSourcesReadOnlyWhatReachesTheSession) {
  std::string Src = std::string(GoHeader) + R"x(
func TestX(t *testing.T, s gocqlx.Session) {
	cases := []struct{ B qb.Builder }{{B: qb.Select("ks.a")}}
	stmt, _ := qb.Select("ks.b").ToCql()
	qb.Select("ks.c").Query(s)
	st, names := qb.Select("ks.d").ToCql()
	s.Query(st, names)
	_, _ = cases, stmt
}
)x";
  EXPECT_EQ(texts(statements(HostLanguage::Go, {Src}, {}, /*Test=*/true)),
            (std::vector<std::string>{"SELECT * FROM ks.c ",
                                      "SELECT * FROM ks.d "}));
}

TEST(Gocqlx, MigrationCallbacksAreNotCheckedAgainstTheFinalSchema) {
  std::string Src = std::string(GoHeader) + R"x(
import "github.com/scylladb/gocqlx/v2/migrate"
func before(ctx context.Context, s gocqlx.Session, ev migrate.CallbackEvent, name string) error {
	return qb.Select("ks.t").Columns("old").Query(s).Exec()
}
)x";
  std::vector<CqlSnippet> S = statements(HostLanguage::Go, {Src});
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Trust, SnippetTrust::TableUnknown);
}

TEST(GoFields, StructFieldsSentByTheirPackage) {
  std::string Repo = R"x(package repo
import "github.com/scylladb/gocqlx/v2"
type Statement struct { Query string }
type DB struct { conn gocqlx.Session }
func (d *DB) Register(states ...Statement) {
	for _, st := range states {
		d.conn.Query(st.Query, nil)
	}
}
)x";
  std::string Use = R"x(package src
import "example.com/app/repo"
type Note struct { Query string }
var a = repo.Statement{Query: "Insert into ks.t (k) values (?)"}
var b = Note{Query: "Select a note from the list"}
)x";
  ExtractOptions O;
  std::vector<RepositoryFacts> Facts;
  for (int I = 0; I < 2; ++I) {
    FileExtraction X = extractFile(HostLanguage::Go, FileId{uint32_t(I + 1)},
                                   I ? Use : Repo, nullptr, O);
    X.Repositories.File = FileId{uint32_t(I + 1)};
    X.Repositories.Directory = I ? "/app/src" : "/app/repo";
    Facts.push_back(std::move(X.Repositories));
  }
  std::vector<RepositorySnippet> J = joinRepositoryQueries(Facts);
  ASSERT_EQ(J.size(), 1u);
  EXPECT_EQ(J[0].Snippet.Text, "Insert into ks.t (k) values (?)");
  EXPECT_EQ(J[0].File.Value, 2u);
}

const char *const NodeOptions = R"x(
const cassandra = require('cassandra-driver');
const mapper = new cassandra.mapping.Mapper(client, { models: {
  User: { tables: ['users'], keyspace: 'ks',
          mappings: new cassandra.mapping.UnderscoreCqlToCamelCaseMappings(),
          columns: { uid: 'id' } },
  Two: { tables: ['a', 'b'] } } });
module.exports = mapper;
)x";

TEST(NodeMapper, CallsAreWhatTheQueryGeneratorWrites) {
  std::string Calls = R"x(
const mapper = require('./mapper');
const { q } = require('cassandra-driver').mapping;
const users = mapper.forModel('User');
users.find({ emailAddress: e, id: q.gt(1) }, { fields: ['firstName'], orderBy: { id: 'desc' }, limit: 5 });
users.findAll();
users.get({ id: 1 });
users.insert({ id: 1, firstName: 'a' }, { ifNotExists: true, ttl: 60 });
users.remove({ id: 1 });
mapper.forModel('Two').find({ k: 1 });
mapper.forModel('Two').findAll();
)x";
  std::vector<CqlSnippet> S =
      statements(HostLanguage::JavaScript, {NodeOptions, Calls});
  std::vector<std::string> T = texts(S);
  std::sort(T.begin(), T.end());
  EXPECT_EQ(T, (std::vector<std::string>{
                   "DELETE FROM ks.users WHERE \"uid\" = ?",
                   "INSERT INTO ks.users (\"uid\", \"first_name\") VALUES (?, ?) "
                   "IF NOT EXISTS USING TTL ?",
                   "SELECT \"first_name\" FROM ks.users WHERE \"email_address\" = ? "
                   "AND \"uid\" > ? ORDER BY \"uid\" DESC LIMIT ?",
                   "SELECT * FROM a",
                   "SELECT * FROM ks.users",
                   "SELECT * FROM ks.users WHERE \"uid\" = ?",
                   "SELECT * FROM nosqlint_hole WHERE \"k\" = ?"}));
  auto Find = [&](llvm::StringRef Prefix) -> const CqlSnippet * {
    for (const CqlSnippet &X : S)
      if (llvm::StringRef(X.Text).startswith(Prefix))
        return &X;
    return nullptr;
  };
  const CqlSnippet *Find1 = Find("SELECT \"first_name\"");
  ASSERT_NE(Find1, nullptr);
  EXPECT_EQ(Find1->Trust, SnippetTrust::Full);
  EXPECT_EQ(mapped(*Find1, Calls, "\"email_address\""), "emailAddress");
  EXPECT_EQ(mapped(*Find1, Calls, "SELECT"), "find");
  ASSERT_NE(Find("INSERT"), nullptr);
  EXPECT_EQ(Find("INSERT")->Trust, SnippetTrust::Opaque); // writes: listed only
  ASSERT_NE(Find("SELECT * FROM nosqlint_hole"), nullptr);
  EXPECT_EQ(Find("SELECT * FROM nosqlint_hole")->Trust,
            SnippetTrust::TableUnknown);
  for (const CqlSnippet &X : S)
    EXPECT_EQ(X.Source, SnippetSource::Mapper);
}

TEST(NodeMapper, LookalikesBuildNothing) {
  // A Mapper of the program's own, no cassandra-driver import.
  std::string Own = R"x(
class Mapper { forModel(n) { return { find() {} }; } }
const mapper = new Mapper({ models: { User: { tables: ['users'] } } });
mapper.forModel('User').find({ id: 1 });
)x";
  EXPECT_EQ(statements(HostLanguage::JavaScript, {Own}).size(), 0u);
  // A model no options declare, a model named at run time.
  std::string Calls = R"x(
const mapper = require('./mapper');
mapper.forModel('Nobody').findAll();
mapper.forModel(name).findAll();
)x";
  EXPECT_EQ(statements(HostLanguage::JavaScript, {NodeOptions, Calls}).size(),
            0u);
}

} // namespace
