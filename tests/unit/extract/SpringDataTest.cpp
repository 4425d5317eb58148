//===- SpringDataTest.cpp - Spring Data facts of Kotlin and Java files ----===//
//
// What one file says of Spring Data Cassandra (entities, repository
// interfaces, CRUD calls, template calls), and the statements the run's
// join makes of several files' facts.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/Repositories.h"
#include "nosqlint/Extract/TemplateFacts.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

FileExtraction extract(HostLanguage Lang, const std::string &Src,
                       uint32_t File = 1) {
  return extractFile(Lang, FileId{File}, Src);
}

const MappedEntity::Property *property(const MappedEntity &M,
                                       llvm::StringRef Name) {
  for (const MappedEntity::Property &P : M.Properties)
    if (P.Name == Name)
      return &P;
  return nullptr;
}

/// The statements the join makes of \p Files (Kotlin), in order.
std::vector<std::string> joined(const std::vector<std::string> &Files) {
  std::vector<RepositoryFacts> Facts;
  uint32_t Id = 1;
  for (const std::string &Src : Files) {
    FileExtraction X = extract(HostLanguage::Kotlin, Src, Id);
    X.Repositories.File = FileId{Id};
    X.Repositories.Directory = "/app/src";
    Facts.push_back(std::move(X.Repositories));
    ++Id;
  }
  std::vector<std::string> Out;
  for (const RepositorySnippet &S : joinRepositoryQueries(Facts))
    Out.push_back(S.Snippet.Text);
  return Out;
}

const char *const OrderKt = R"(package shop
import org.springframework.data.annotation.Transient
import org.springframework.data.cassandra.core.cql.PrimaryKeyType
import org.springframework.data.cassandra.core.mapping.*
import java.util.UUID

@Table("orders")
data class Order(
    @PrimaryKey val key: OrderKey,
    @field:Column("state") val status: String,
    val total: Long,
    plain: String,
) {
    @Transient val label: String = "x"
    val open: Boolean get() = status == "OPEN"
    val note: String = "n"
}

@PrimaryKeyClass
data class OrderKey(
    @PrimaryKeyColumn(name = "customer_id", type = PrimaryKeyType.PARTITIONED, ordinal = 0)
    val customerId: UUID,
    @PrimaryKeyColumn(name = "placed", type = PrimaryKeyType.CLUSTERED, ordinal = 1)
    val placed: java.time.Instant,
    @Column("extra") val extra: String,
)
)";

TEST(SpringDataKotlin, DataClassPropertiesAreColumns) {
  FileExtraction X = extract(HostLanguage::Kotlin, OrderKt);
  ASSERT_EQ(X.Repositories.Entities.size(), 2u);
  const MappedEntity &Order = X.Repositories.Entities[0];
  EXPECT_EQ(Order.QualifiedName, "shop.Order");
  EXPECT_EQ(Order.Table, "orders");
  // `plain` is a parameter, not a property; `label` is transient; `open`
  // has no field. `note`, a body property with a value, is a column.
  std::vector<std::string> Names;
  for (const MappedEntity::Property &P : Order.Properties)
    Names.push_back(P.Name);
  EXPECT_EQ(Names, (std::vector<std::string>{"key", "status", "total", "note"}));
  ASSERT_TRUE(property(Order, "status"));
  EXPECT_EQ(property(Order, "status")->Column, "state");
  EXPECT_EQ(property(Order, "total")->CqlType, "bigint");
  EXPECT_TRUE(property(Order, "key")->Key);
  EXPECT_FALSE(property(Order, "key")->Partition); // a composite key

  const MappedEntity &Key = X.Repositories.Entities[1];
  EXPECT_TRUE(Key.Table.empty());
  ASSERT_TRUE(property(Key, "customerId"));
  EXPECT_TRUE(property(Key, "customerId")->Partition);
  EXPECT_EQ(property(Key, "customerId")->Column, "customer_id");
  EXPECT_TRUE(property(Key, "placed")->Clustering);
  EXPECT_EQ(property(Key, "placed")->Ordinal, 1);
  EXPECT_FALSE(property(Key, "extra")->Partition || property(Key, "extra")->Clustering);
}

TEST(SpringDataKotlin, TypeParameterKeyIsOneColumnOfNoType) {
  FileExtraction X = extract(HostLanguage::Kotlin, R"(package shop
import org.springframework.data.cassandra.core.mapping.*
@Table("events")
data class Event<T>(@PrimaryKey("id") val key: T, val payload: String)
)");
  ASSERT_EQ(X.Repositories.Entities.size(), 1u);
  const MappedEntity::Property *K = property(X.Repositories.Entities[0], "key");
  ASSERT_TRUE(K);
  EXPECT_TRUE(K->Key);
  EXPECT_TRUE(K->Partition); // not a composite key class named T
  EXPECT_EQ(K->Column, "id");
  EXPECT_TRUE(K->CqlType.empty());
  // A key of no type: no CREATE TABLE.
  EXPECT_TRUE(X.Snippets.empty());
}

TEST(SpringDataKotlin, RepositoryInterfacesAndTheirMethods) {
  FileExtraction X = extract(HostLanguage::Kotlin, R"(package shop.repo
import org.springframework.data.cassandra.repository.ReactiveCassandraRepository
import org.springframework.data.cassandra.repository.AllowFiltering
import org.springframework.data.domain.Pageable
import shop.Order
interface Orders<T> : Custom<T>, ReactiveCassandraRepository<Order<T>, T> {
    fun findByKeyCustomerId(id: T): Flux<Order<T>>
    @AllowFiltering suspend fun countByStatus(s: String): Long
    fun findAll(p: Pageable): Flux<Order<T>>
    fun findById(id: T): Mono<Order<T>>
    fun helper(): Int = 1
}
interface Repository<T, ID>
interface Fake : Repository<Order<Int>, Int> { fun findByStatus(s: String): List<Order<Int>> }
)");
  ASSERT_EQ(X.Repositories.Interfaces.size(), 1u);
  const RepositoryInterface &I = X.Repositories.Interfaces[0];
  EXPECT_EQ(I.QualifiedName, "shop.repo.Orders");
  EXPECT_EQ(I.Entity, "Order");
  EXPECT_EQ(I.QualifiedEntity, "shop.Order");
  std::vector<std::string> Methods;
  for (const RepositoryQuery &Q : X.Repositories.Queries)
    Methods.push_back(Q.Method + (Q.AllowFiltering ? "+af" : "") +
                      (Q.Kind == RepositoryQuery::Form::Crud ? "+crud" : "") +
                      (Q.Paged ? "+paged" : ""));
  // findById redeclared: its calls are the queries; helper has a body.
  EXPECT_EQ(Methods, (std::vector<std::string>{"findByKeyCustomerId",
                                               "countByStatus+af",
                                               "findAll+crud+paged"}));
}

TEST(SpringDataKotlin, CrudCallsOnTypedProperties) {
  FileExtraction X = extract(HostLanguage::Kotlin, R"(package shop.svc
import shop.repo.Orders
class Service(private val orders: Orders<Long>, other: Any) {
    fun all() = orders.findAll()
    fun keep(o: Any) = orders.save(o).then()
    fun gone(orders: List<Int>) = orders.count()
    fun stub() = given(orders.findAll()).willReturn(null)
    fun viaThis() = this.orders.deleteById(1L)
}
)");
  std::vector<std::string> Calls;
  for (const RepositoryQuery &Q : X.Repositories.Queries)
    Calls.push_back(Q.Method + ":" + Q.QualifiedType + ":" +
                    std::to_string(Q.Arguments));
  // `orders` in gone() is its parameter, a List (the join finds no
  // repository of that name); a mock's set-up sends nothing.
  EXPECT_EQ(Calls, (std::vector<std::string>{"findAll:shop.repo.Orders:0",
                                             "save:shop.repo.Orders:1",
                                             "count:shop.svc.List:0",
                                             "deleteById:shop.repo.Orders:1"}));
}

TEST(SpringDataKotlin, TemplateCallsAreReadWithTheirCriteria) {
  FileExtraction X = extract(HostLanguage::Kotlin, R"(package shop.t
import org.springframework.data.cassandra.core.ReactiveCassandraTemplate
import org.springframework.data.cassandra.core.query.Criteria.where
import org.springframework.data.cassandra.core.query.Query
import org.springframework.data.cassandra.core.query.Update
import shop.Order
class T(private val template: ReactiveCassandraTemplate) {
    fun a(id: Long) = template.select(
        Query.query(where("key.customerId").`is`(id)).and(where("total").gt(3)).limit(5).withAllowFiltering(),
        Order::class.java)
    fun b(id: Long) = template.update(Query.query(where("customer_id").`is`(id)),
        Update.empty().set("state", "x").increment("total"), Order::class.java)
}
class CassandraTemplateUser(private val template: shop.other.CassandraTemplate) {
    fun c() = template.select(Query.query(where("a").`is`(1)), Order::class.java)
}
)");
  ASSERT_EQ(X.Repositories.Queries.size(), 2u);
  const RepositoryQuery &A = X.Repositories.Queries[0];
  EXPECT_EQ(A.Kind, RepositoryQuery::Form::Template);
  EXPECT_EQ(A.QualifiedType, "shop.Order");
  ASSERT_TRUE(A.Template);
  EXPECT_EQ(A.Template->Op, TemplateQuery::Operation::Select);
  ASSERT_EQ(A.Template->Where.size(), 2u);
  EXPECT_EQ(A.Template->Where[0].Key, "key.customerId");
  EXPECT_EQ(A.Template->Where[0].Operator, "=");
  EXPECT_EQ(A.Template->Where[1].Operator, ">");
  EXPECT_EQ(A.Template->Limit, "5");
  EXPECT_TRUE(A.Template->AllowFilteringAt.has_value());

  const TemplateQuery &B = *X.Repositories.Queries[1].Template;
  EXPECT_EQ(B.Op, TemplateQuery::Operation::Update);
  ASSERT_EQ(B.Assignments.size(), 2u);
  EXPECT_EQ(B.Assignments[0].Key, "state");
  EXPECT_EQ(B.Assignments[1].How, TemplateQuery::Assignment::Kind::Add);
}

TEST(SpringDataKotlin, JoinedStatements) {
  std::vector<std::string> S = joined({OrderKt, R"(package shop.repo
import org.springframework.data.cassandra.repository.CassandraRepository
import shop.Order
import shop.OrderKey
interface Orders : CassandraRepository<Order, OrderKey> {
    fun findByKeyCustomerIdAndKeyPlacedAfter(c: java.util.UUID, t: java.time.Instant): List<Order>
    fun deleteByKeyCustomerId(c: java.util.UUID)
}
)", R"(package shop.svc
import org.springframework.data.cassandra.core.CassandraOperations
import org.springframework.data.cassandra.core.query.Criteria.where
import org.springframework.data.cassandra.core.query.Query
import shop.Order
import shop.repo.Orders
class S(private val orders: Orders, private val ops: CassandraOperations) {
    fun a(o: Order) = orders.save(o)
    fun b() = ops.select(Query.query(where("status").`is`("x")).withAllowFiltering(), Order::class.java)
    fun c(o: Order) = ops.insert(o)
    fun d(o: Any) = ops.delete(o)
    fun e() = ops.count(Order::class.java)
}
)"});
  EXPECT_EQ(S, (std::vector<std::string>{
                   "CREATE TABLE IF NOT EXISTS orders (customer_id uuid, placed "
                   "timestamp, extra text, state text, total bigint, note text, "
                   "PRIMARY KEY ((customer_id), placed))",
                   "SELECT * FROM orders WHERE customer_id = ? AND placed > ?",
                   "DELETE FROM orders WHERE customer_id = ?",
                   "INSERT INTO orders (customer_id, placed, extra, state, total, "
                   "note) VALUES (?, ?, ?, ?, ?, ?)",
                   "SELECT * FROM orders WHERE state = ? ALLOW FILTERING",
                   "INSERT INTO orders (customer_id, placed, extra, state, total, "
                   "note) VALUES (?, ?, ?, ?, ?, ?)",
                   "DELETE FROM nosqlint_hole WHERE nosqlint_hole = ?",
                   "SELECT count(1) FROM orders",
               }));
}

TEST(SpringDataJava, SaveAndRedeclaredPagedFindAll) {
  FileExtraction X = extract(HostLanguage::Java, R"(package shop.repo;
import org.springframework.data.cassandra.repository.CassandraRepository;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
interface Customers extends CassandraRepository<Customer, java.util.UUID> {
  Slice<Customer> findAll(Pageable p);
  java.util.Optional<Customer> findById(java.util.UUID id);
}
class Service {
  private final Customers customers;
  Object keep(Customer c) { return customers.save(c); }
  Object local(String customers) { return customers.length(); }
}
)");
  std::vector<std::string> Got;
  for (const RepositoryQuery &Q : X.Repositories.Queries)
    Got.push_back(Q.Method + (Q.Kind == RepositoryQuery::Form::Crud ? "+crud" : ""));
  EXPECT_EQ(Got, (std::vector<std::string>{"findAll+crud", "save+crud"}));
}

} // namespace
