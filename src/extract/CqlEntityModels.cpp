//===- CqlEntityModels.cpp ------------------------------------------------===//
#include "CqlEntityModels.h"

#include "EntityIndex.h"
#include "Rebuilt.h"
#include "nosqlint/Basic/CqlNames.h"
#include "Imports.h"
#include "JavaAnnotations.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>

namespace nosqlint::extract {

namespace {

/// The CQL type of a Java/Kotlin type; empty when it has none we know.
std::string cqlType(llvm::StringRef T) {
  T = T.trim().rtrim('?');
  size_t Lt = T.find('<');
  llvm::StringRef Base = T.take_front(Lt).trim();
  Base = Base.substr(Base.rfind('.') + 1);
  if (Lt != llvm::StringRef::npos && T.endswith(">")) {
    llvm::StringRef Inner = T.slice(Lt + 1, T.size() - 1);
    llvm::StringRef Kind = llvm::StringSwitch<llvm::StringRef>(Base)
                               .Cases("List", "MutableList", "list")
                               .Cases("Set", "MutableSet", "set")
                               .Cases("Map", "MutableMap", "map")
                               .Default("");
    if (Kind.empty())
      return "";
    // One level of nesting is enough for key columns; deeper: unknown.
    if (Kind == "map") {
      size_t Comma = Inner.find(',');
      if (Comma == llvm::StringRef::npos || Inner.contains('<'))
        return "";
      std::string K = cqlType(Inner.take_front(Comma)),
                  V = cqlType(Inner.drop_front(Comma + 1));
      return K.empty() || V.empty() ? "" : "map<" + K + ", " + V + ">";
    }
    if (Inner.contains('<'))
      return "";
    std::string E = cqlType(Inner);
    return E.empty() ? "" : Kind.str() + "<" + E + ">";
  }
  return llvm::StringSwitch<std::string>(Base)
      .Cases("String", "CharSequence", "text")
      .Cases("int", "Integer", "Int", "int")
      .Cases("long", "Long", "bigint")
      .Cases("short", "Short", "smallint")
      .Cases("byte", "Byte", "tinyint")
      .Cases("boolean", "Boolean", "boolean")
      .Cases("double", "Double", "double")
      .Cases("float", "Float", "float")
      .Case("BigDecimal", "decimal")
      .Case("BigInteger", "varint")
      .Case("UUID", "uuid")
      .Cases("Instant", "Date", "Timestamp", "timestamp")
      .Case("LocalDate", "date")
      .Case("LocalTime", "time")
      .Case("ByteBuffer", "blob")
      .Case("InetAddress", "inet")
      .Case("CqlDuration", "duration")
      .Default("");
}

bool isUpper(char C) { return C >= 'A' && C <= 'Z'; }
bool isLower(char C) { return C >= 'a' && C <= 'z'; }

/// `UserProfile` -> user_profile (the DataStax mapper's default).
std::string snakeCase(llvm::StringRef Name) {
  std::string S;
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (isUpper(C)) {
      if (I > 0 && (isLower(Name[I - 1]) ||
                    (I + 1 < Name.size() && isLower(Name[I + 1]))))
        S.push_back('_');
      S.push_back(llvm::toLower(C));
    } else {
      S.push_back(C);
    }
  }
  return S;
}

struct Column {
  std::string Name, Type;
  int Partition = -1, Clustering = -1; // ordinals
  TSNode At;
};

/// The name a string literal spells, quoted with one of \p Quotes, when it
/// is an unquoted CQL identifier; nothing if it is anything else.
std::optional<std::string> identifierLiteral(llvm::StringRef T,
                                             llvm::StringRef Quotes) {
  if (T.size() < 2 || !Quotes.contains(T.front()) || T.back() != T.front())
    return std::nullopt;
  llvm::StringRef S = T.drop_front().drop_back();
  if (S.empty() || !llvm::all_of(S, [](char C) {
        return llvm::isAlnum(C) || C == '_';
      }))
    return std::nullopt;
  return S.str();
}

/// The CREATE TABLE of an entity class with \p Columns, in declaration
/// order; nothing without a partition key column.
void emitEntityTable(FileId File, std::vector<CqlSnippet> &Out, TSNode Class,
                     TSNode ClassName,
                     const std::optional<std::string> &Keyspace,
                     const std::string &Table,
                     const std::vector<Column> &Columns) {
  std::map<int, const Column *> Partition, Clustering;
  for (const Column &C : Columns) {
    if (C.Partition >= 0)
      Partition[C.Partition] = &C;
    if (C.Clustering >= 0)
      Clustering[C.Clustering] = &C;
  }
  if (Partition.empty())
    return;
  Rebuilt R;
  auto At = [&](llvm::StringRef S, TSNode N) {
    R.appendMapped(S, ts_node_start_byte(N),
                   ts_node_end_byte(N) - ts_node_start_byte(N));
  };
  // Each piece maps to one node, once, in file order (a TextOrigin only
  // moves forward).
  At("CREATE TABLE IF NOT EXISTS " +
         (Keyspace ? spellUnquotedCqlName(*Keyspace) + "." : std::string()) +
         spellUnquotedCqlName(Table) + " (",
     ClassName);
  for (const Column &C : Columns)
    At(spellUnquotedCqlName(C.Name) + " " + C.Type + ", ", C.At);
  // The key clause maps to the class's closing brace: after every field,
  // so the text maps to the file in order (its columns' own findings
  // point at their definitions above).
  uint32_t Close = ts_node_end_byte(Class) > 0 ? ts_node_end_byte(Class) - 1
                                               : ts_node_end_byte(Class);
  std::string Key = "PRIMARY KEY ((";
  bool First = true;
  for (const auto &[Ord, C] : Partition) {
    Key += (First ? "" : ", ") + spellUnquotedCqlName(C->Name);
    First = false;
  }
  Key += ")";
  for (const auto &[Ord, C] : Clustering)
    Key += ", " + spellUnquotedCqlName(C->Name);
  Key += "))";
  R.appendMapped(Key, Close, 1);
  CqlSnippet S;
  S.Text = R.text();
  S.Origin = R.origin(File);
  S.Range = SourceRange(File, ts_node_start_byte(Class), ts_node_end_byte(Class));
  S.Source = SnippetSource::Keyword; // ours: a failure to parse is ours too
  S.Reason = "the table an entity class maps (@Table/@Entity)";
  Out.push_back(std::move(S));
}


/// A property an entity class maps: a Java field, a Kotlin constructor
/// property (`val key: K`) or body property with a backing field.
struct EntityMember {
  TSNode Decl; // its annotations are this node's
  TSNode Name;
  llvm::StringRef Type; // as written
  std::string Property = {}; // a getter's property; empty: Name's text
};

/// The annotations the driver 3 mapper reads on a property.
bool isDriver3MappingAnnotation(llvm::StringRef Ann) {
  return Ann == "PartitionKey" || Ann == "ClusteringColumn" ||
         Ann == "Column" || Ann == "Computed" || Ann == "Transient" ||
         Ann == "Frozen" || Ann == "FrozenKey" || Ann == "FrozenValue";
}

/// The property a Java Beans getter reads: `getVideoId` -> videoId,
/// `isActive` -> active, `getURL` -> URL; empty for no getter name.
std::string getterProperty(llvm::StringRef Method) {
  llvm::StringRef Rest;
  if (Method.startswith("get"))
    Rest = Method.drop_front(3);
  else if (Method.startswith("is"))
    Rest = Method.drop_front(2);
  if (Rest.empty() || !(Rest[0] >= 'A' && Rest[0] <= 'Z'))
    return "";
  std::string P = Rest.str();
  if (P.size() < 2 || !(P[1] >= 'A' && P[1] <= 'Z'))
    P[0] = static_cast<char>(llvm::toLower(P[0]));
  return P;
}

/// The driver 3 mapper also reads the annotations of getters: a getter
/// annotated for the mapping is the property it reads, in place of a
/// field of the same name (`@PartitionKey public UUID getVideoid()`); a
/// @Transient or @Computed one leaves the property out.
void addAnnotatedGetters(const Evaluator &E, TSNode Class,
                         std::vector<EntityMember> &Members) {
  auto Body = childByField(Class, "body");
  if (!Body)
    return;
  for (TSNode M : namedChildren(*Body)) {
    if (E.type(M) != "method_declaration")
      continue;
    auto NameNode = childByField(M, "name");
    auto TypeNode = childByField(M, "type");
    auto Params = childByField(M, "parameters");
    if (!NameNode || !TypeNode || !Params || !namedChildren(*Params).empty())
      continue;
    std::string Property = getterProperty(E.text(*NameNode));
    if (Property.empty() || E.text(M).take_until([](char C) {
                              return C == '(';
                            }).contains("static "))
      continue;
    bool Mapped = false, Dropped = false;
    for (TSNode A : annotationsOf(E, M)) {
      llvm::StringRef Ann = E.annotationName(A);
      Mapped |= isDriver3MappingAnnotation(Ann);
      Dropped |= Ann == "Transient" || Ann == "Computed";
    }
    if (!Mapped)
      continue;
    llvm::erase_if(Members, [&](const EntityMember &X) {
      return (X.Property.empty() ? E.text(X.Name).str() : X.Property) ==
             Property;
    });
    if (!Dropped)
      Members.push_back({M, *NameNode, E.text(*TypeNode), Property});
  }
}

/// The class's name node (Java `name`, Kotlin its type_identifier).
std::optional<TSNode> className(const Evaluator &E, TSNode Class) {
  if (auto N = childByField(Class, "name"))
    return N;
  for (TSNode K : namedChildren(Class))
    if (E.type(K) == "type_identifier")
      return K;
  return std::nullopt;
}

/// The names of the class's type parameters (`class Keyed<T>`): a property
/// of such a type has no CQL type here.
llvm::SmallVector<llvm::StringRef, 2> typeParameters(const Evaluator &E,
                                                     TSNode Class) {
  llvm::SmallVector<llvm::StringRef, 2> Out;
  for (TSNode K : namedChildren(Class))
    if (E.type(K) == "type_parameters")
      for (TSNode P : namedChildren(K))
        if (E.type(P) == "type_parameter")
          for (TSNode N : namedChildren(P))
            if (E.type(N) == "type_identifier" || E.type(N) == "identifier") {
              Out.push_back(E.text(N));
              break;
            }
  return Out;
}

bool isTransient(const Evaluator &E, TSNode Decl) {
  return llvm::any_of(annotationsOf(E, Decl), [&](TSNode A) {
    return E.annotationName(A) == "Transient";
  });
}

/// The persistent properties of \p Class, in declaration order: Java
/// fields that are not static; Kotlin `val`/`var` constructor parameters
/// and body properties that keep a value (no delegate, not a getter
/// alone); @Transient ones left out.
std::vector<EntityMember> entityMembers(const Evaluator &E, TSNode Class) {
  std::vector<EntityMember> Out;
  if (E.language() != HostLanguage::Kotlin) {
    auto Body = childByField(Class, "body");
    if (!Body)
      return Out;
    for (TSNode M : namedChildren(*Body)) {
      if (E.type(M) != "field_declaration")
        continue;
      auto TypeNode = childByField(M, "type");
      auto D = childByField(M, "declarator");
      auto NameNode = D ? childByField(*D, "name") : std::nullopt;
      if (!TypeNode || !NameNode)
        continue;
      llvm::StringRef Mods = E.text(M);
      if (Mods.contains("static ") || Mods.contains("@Transient"))
        continue;
      Out.push_back({M, *NameNode, E.text(*TypeNode)});
    }
    return Out;
  }
  auto IsType = [&](TSNode K) {
    return E.type(K) == "user_type" || E.type(K) == "nullable_type";
  };
  for (TSNode K : namedChildren(Class)) {
    if (E.type(K) == "primary_constructor") {
      for (TSNode P : namedChildren(K)) {
        if (E.type(P) != "class_parameter" || isTransient(E, P))
          continue;
        std::optional<TSNode> Name, Type;
        bool Property = false;
        for (TSNode C : namedChildren(P)) {
          if (E.type(C) == "binding_pattern_kind")
            Property = true;
          else if (!Name && E.type(C) == "simple_identifier")
            Name = C;
          else if (Name && !Type && IsType(C))
            Type = C;
        }
        if (Property && Name && Type)
          Out.push_back({P, *Name, E.text(*Type)});
      }
    } else if (E.type(K) == "class_body") {
      for (TSNode P : namedChildren(K)) {
        if (E.type(P) != "property_declaration" || isTransient(E, P))
          continue;
        std::optional<TSNode> Decl;
        bool Stored = false, Getter = false;
        for (TSNode C : namedChildren(P)) {
          llvm::StringRef T = E.type(C);
          if (T == "variable_declaration")
            Decl = C;
          else if (T == "property_delegate")
            Stored = false, Getter = true; // `by lazy`: no field of ours
          else if (T == "getter")
            Getter = true;
          else if (Decl && T != "setter" && T != "modifiers")
            Stored = true; // an initializer
        }
        if (!Decl || (Getter && !Stored) || E.text(P).startswith("const "))
          continue;
        auto Parts = namedChildren(*Decl);
        if (Parts.size() >= 2 && E.type(Parts[0]) == "simple_identifier" &&
            IsType(Parts[1]))
          Out.push_back({P, Parts[0], E.text(Parts[1])});
      }
    }
  }
  return Out;
}

class EntityReader {
public:
  EntityReader(Evaluator &E, FileId File, std::vector<CqlSnippet> &Out,
               std::vector<MappedEntity> *Mapped)
      : E(E), File(File), Out(Out), Mapped(Mapped) {}

  void run(TSNode Root) {
    Package = javaPackageOf(E, Root);
    forEachNamedNode(Root, [&](TSNode N) {
      if (E.type(N) == "class_declaration")
        readClass(N);
    });
  }

private:
  /// A string element's value; nothing if computed.
  std::optional<std::string> literal(TSNode V) {
    if (E.type(V) == "identifier" || E.type(V) == "field_access") {
      // A constant (`@Table(name = Tables.USERS)`), when the run knows it.
      Rebuilt R;
      E.append(V, R);
      if (R.holes() == 0 && R.trust() == SnippetTrust::Full)
        return identifierLiteral("\"" + R.text() + "\"", "\"");
      // The class's own constant (`@Table(name = Rating.TABLE)`): declared
      // in its body, which the annotation precedes.
      llvm::StringRef Name = E.text(V);
      Name = Name.substr(Name.rfind('.') + 1);
      if (auto D = E.declarationValue(Name, BodyBegin))
        return identifierLiteral(E.text(*D), "\"");
      return std::nullopt;
    }
    return identifierLiteral(E.text(V), "\"");
  }

  std::optional<int> number(std::optional<TSNode> V, int Default) {
    if (!V)
      return Default;
    int N = 0;
    if (llvm::StringRef(E.text(*V)).getAsInteger(10, N))
      return std::nullopt;
    return N;
  }

  void readClass(TSNode Class) {
    if (auto B = childByField(Class, "body"))
      BodyBegin = ts_node_start_byte(*B) + 1;
    bool Spring = false, DataStax = false, KeyClass = false;
    std::optional<std::string> Table, Keyspace;
    bool Unknown = false;
    for (TSNode A : annotationsOf(E, Class)) {
      llvm::StringRef Name = E.annotationName(A);
      if (Name == "PrimaryKeyClass") {
        KeyClass = true;
      } else if (Name == "Table" && E.text(A).find("Table") != llvm::StringRef::npos) {
        Spring = true;
        if (auto V = annotationElement(E, A, "value"); V && !(Table = literal(*V)))
          Unknown = true;
        // The driver 3 mapper's @Table(keyspace = "ks", name = "t").
        if (auto V = annotationElement(E, A, "name"); V && !(Table = literal(*V)))
          Unknown = true;
        if (auto V = annotationElement(E, A, "keyspace"); V && !(Keyspace = literal(*V)))
          Unknown = true;
      } else if (Name == "Entity") {
        DataStax = true;
        if (auto V = annotationElement(E, A, "defaultKeyspace"); V && !(Keyspace = literal(*V)))
          Unknown = true;
      } else if (Name == "CqlName") {
        if (auto V = annotationElement(E, A, "value"); V && !(Table = literal(*V)))
          Unknown = true;
      }
    }
    auto ClassName = className(E, Class);
    // The driver 3 mapper reads the fields and annotated getters of the
    // class and of its superclasses: a class of a driver 3 file that
    // annotates properties for the mapping, without a @Table, is such a
    // base.
    bool Driver3 = E.language() == HostLanguage::Java &&
                   E.source().contains("com.datastax.driver.mapping");
    bool Base = Driver3 && !Spring && !DataStax && !KeyClass &&
                annotatesMappedProperties(Class);
    if ((!Spring && !DataStax && !KeyClass && !Base) || Unknown || !ClassName)
      return;
    if (E.language() != HostLanguage::Kotlin && !childByField(Class, "body"))
      return;
    // Not all of it is here: joined with its superclasses (EntityIndex).
    bool Inherited = Base || (Driver3 && !driver3MappingIsLocal(Class));
    llvm::SmallVector<llvm::StringRef, 2> Generic = typeParameters(E, Class);
    if (Base)
      Table = "";
    else if (!Table && !KeyClass)
      Table = DataStax ? snakeCase(E.text(*ClassName))
                       : llvm::StringRef(E.text(*ClassName)).lower();
    // What Spring Data's repositories need of the class, even where its
    // table is not declared here (a composite key's columns elsewhere).
    MappedEntity Mapping;
    Mapping.QualifiedName = (Package.empty() ? "" : Package + ".") +
                      E.text(*ClassName).str();
    Mapping.Keyspace = Keyspace.value_or("");
    Mapping.Table = KeyClass ? "" : *Table;
    Mapping.MappedBase = Base;
    if (Inherited)
      if (auto Super = childByField(Class, "superclass")) {
        llvm::StringRef T = E.text(*Super).trim();
        T.consume_front("extends");
        T = T.trim().take_until([](char C) { return C == '<'; }).trim();
        Mapping.Superclass = qualifiedJavaName(
            T, FileImports::scan(HostLanguage::Java, E.source()), Package);
      }
    Mapping.File = File;
    Mapping.Range = SourceRange(File, ts_node_start_byte(Class), ts_node_end_byte(Class));
    Mapping.NameBegin = ts_node_start_byte(*ClassName);
    bool Certain = true; // every property's column is known
    std::vector<Column> Columns;
    struct Index {
      TSNode At;
      std::string Column;
      bool Sasi;
    };
    std::vector<Index> Indexes; // @Indexed / @SASI
    std::vector<EntityMember> Members = entityMembers(E, Class);
    if (Inherited)
      addAnnotatedGetters(E, Class, Members);
    for (const EntityMember &Member : Members) {
      TSNode M = Member.Decl;
      const TSNode *NameNode = &Member.Name;
      llvm::StringRef TypeText = Member.Type;
      // A type parameter's column has no type here (`val key: T`).
      bool OfTypeParameter =
          llvm::is_contained(Generic, TypeText.rtrim('?').trim());
      Column C;
      llvm::StringRef PropertyName =
          Member.Property.empty() ? E.text(*NameNode)
                                  : llvm::StringRef(Member.Property);
      C.Name = DataStax ? snakeCase(PropertyName) : PropertyName.lower();
      C.Type = OfTypeParameter ? "" : cqlType(TypeText);
      C.At = *NameNode;
      MappedEntity::Property P;
      P.Name = PropertyName.str();
      P.Type = TypeText.str();
      llvm::StringRef CqlT(C.Type);
      P.Collection = CqlT.startswith("list<") || CqlT.startswith("set<") ||
                     CqlT.startswith("map<");
      bool CompositeKey = false, Computed = false;
      for (TSNode A : annotationsOf(E, M)) {
        llvm::StringRef Ann = E.annotationName(A);
        // Kotlin `@param:Column`: on the constructor's parameter, which
        // the mapping does not read.
        if (E.text(A).startswith("@param:") || E.text(A).startswith("@set"))
          continue;
        if (Ann == "Computed")
          Computed = true; // the driver 3 mapper's: a selector, no column
        if (Ann == "Column" || Ann == "CqlName") {
          if (auto V = annotationElement(E, A, "value")
                           ? annotationElement(E, A, "value")
                           : annotationElement(E, A, "name")) {
            if (auto L = literal(*V))
              C.Name = *L;
            else
              return; // a name computed elsewhere: not certain
          }
        } else if (Ann == "PrimaryKeyColumn") {
          if (auto V = annotationElement(E, A, "name"); V && !literal(*V))
            return;
          if (auto V = annotationElement(E, A, "name"))
            C.Name = *literal(*V);
          if (auto V = annotationElement(E, A, "value"); V && literal(*V))
            C.Name = *literal(*V);
          auto Ord = number(annotationElement(E, A, "ordinal"), 0);
          if (!Ord)
            return;
          auto Type = annotationElement(E, A, "type");
          bool Partitioned = Type && E.text(*Type).contains("PARTITIONED");
          (Partitioned ? C.Partition : C.Clustering) = *Ord;
          auto Order = annotationElement(E, A, "ordering");
          P.Descending = Order && E.text(*Order).contains("DESCENDING");
        } else if (Ann == "PrimaryKey" || Ann == "Id") {
          if (!C.Type.empty() || OfTypeParameter)
            C.Partition = 0; // one column, typed or generic
          else
            CompositeKey = true; // a @PrimaryKeyClass: its columns are elsewhere
          P.Key = true;
          if (auto V = annotationElement(E, A, "value"); V && literal(*V))
            C.Name = *literal(*V);
        } else if (Ann == "PartitionKey") {
          auto Ord = number(annotationElement(E, A, "value"), 0);
          if (!Ord)
            return;
          C.Partition = *Ord;
        } else if (Ann == "ClusteringColumn") {
          auto Ord = number(annotationElement(E, A, "value"), 0);
          if (!Ord)
            return;
          C.Clustering = *Ord;
        } else if ((Ann == "Indexed" || Ann == "SASI") && Spring) {
          // The index a schema action creates (SchemaAction.CREATE...).
          P.Indexed = true;
          P.CustomIndex = Ann == "SASI";
        }
      }
      if (Computed)
        continue;
      P.Column = C.Name;
      if (P.Indexed && C.Partition < 0 && C.Clustering < 0 && !C.Type.empty())
        Indexes.push_back({*NameNode, P.Column, P.CustomIndex});
      P.CqlType = C.Type;
      P.Partition = C.Partition >= 0;
      P.Clustering = C.Clustering >= 0;
      P.Ordinal = P.Partition ? C.Partition : C.Clustering;
      Mapping.Properties.push_back(P);
      bool Key = C.Partition >= 0 || C.Clustering >= 0;
      if (CompositeKey) {
        Certain = false; // the table's key columns are in the key class
        continue;
      }
      if (C.Type.empty()) {
        if (Key)
          Certain = false; // a key we cannot type: no table
        continue;
      }
      Columns.push_back(std::move(C));
    }
    std::string Qualified = (Keyspace ? spellUnquotedCqlName(*Keyspace) + "." : "") +
                            (Table ? spellUnquotedCqlName(*Table) : "");
    keep(std::move(Mapping)); // Spring's repositories, the DataStax mapper's DAOs
    if (Inherited)
      return; // its table: only with its superclasses' columns
    if (!Certain || KeyClass)
      return; // a composite key's table: its indexes come with it (Repositories.h)
    size_t Before = Out.size();
    emitEntityTable(File, Out, Class, *ClassName, Keyspace, *Table, Columns);
    if (Out.size() == Before)
      return;
    for (const Index &I : Indexes) {
      TSNode At = I.At;
      Rebuilt R;
      R.appendMapped(springIndexStatement(Qualified, I.Column, I.Sasi),
                     ts_node_start_byte(At),
                     ts_node_end_byte(At) - ts_node_start_byte(At));
      CqlSnippet S;
      S.Text = R.text();
      S.Origin = R.origin(File);
      S.Range = SourceRange(File, ts_node_start_byte(At), ts_node_end_byte(At));
      S.Source = SnippetSource::Keyword;
      S.Reason = "the index a Spring Data schema action creates (@Indexed/@SASI)";
      Out.push_back(std::move(S));
    }
  }

  /// Whether a field or getter of \p Class carries a driver 3 mapping
  /// annotation.
  bool annotatesMappedProperties(TSNode Class) const {
    auto Body = childByField(Class, "body");
    if (!Body)
      return false;
    for (TSNode M : namedChildren(*Body)) {
      llvm::StringRef T = E.type(M);
      if (T != "field_declaration" && T != "method_declaration")
        continue;
      for (TSNode A : annotationsOf(E, M))
        if (isDriver3MappingAnnotation(E.annotationName(A)))
          return true;
    }
    return false;
  }

  /// A driver 3 mapper class maps the fields of its superclasses and the
  /// annotated getters too: what it maps is known here only when it
  /// extends no class and annotates fields alone.
  bool driver3MappingIsLocal(TSNode Class) const {
    if (childByField(Class, "superclass"))
      return false;
    auto Body = childByField(Class, "body");
    if (!Body)
      return false;
    for (TSNode M : namedChildren(*Body)) {
      if (E.type(M) != "method_declaration")
        continue;
      for (TSNode A : annotationsOf(E, M)) {
        llvm::StringRef Ann = E.annotationName(A);
        if (Ann == "PartitionKey" || Ann == "ClusteringColumn" ||
            Ann == "Column" || Ann == "Computed" || Ann == "Transient")
          return false;
      }
    }
    return true;
  }

  void keep(MappedEntity M) {
    if (Mapped)
      Mapped->push_back(std::move(M));
  }

  Evaluator &E;
  FileId File;
  std::vector<CqlSnippet> &Out;
  std::vector<MappedEntity> *Mapped;
  std::string Package;
  uint32_t BodyBegin = 0; // the class being read: its constants' scope
};

/// cqlengine (the Python driver's object mapper): `class X(Model)` with
/// `__table_name__` / `__keyspace__` and `columns.T(primary_key=True,
/// partition_key=True, db_field=...)`. Without partition_key, the first
/// primary key column is the partition key, the others cluster.
class CqlEngineReader {
public:
  CqlEngineReader(const Evaluator &E, FileId File, std::vector<CqlSnippet> &Out,
                  std::vector<MappedEntity> *Mapped)
      : E(E), File(File), Out(Out), Mapped(Mapped) {}

  void run(TSNode Root) {
    forEachNamedNode(Root, [&](TSNode N) {
      if (E.type(N) == "class_definition")
        readClass(N);
    });
  }

private:
  static std::string columnType(const Evaluator &E, TSNode Call) {
    CallParts P = E.callParts(Call);
    llvm::StringRef T = P.Method;
    std::string Scalar = llvm::StringSwitch<std::string>(T)
                             .Case("UUID", "uuid")
                             .Case("TimeUUID", "timeuuid")
                             .Cases("Text", "Ascii", T == "Ascii" ? "ascii" : "text")
                             .Case("Integer", "int")
                             .Case("BigInt", "bigint")
                             .Case("SmallInt", "smallint")
                             .Case("TinyInt", "tinyint")
                             .Case("VarInt", "varint")
                             .Case("Counter", "counter")
                             .Case("DateTime", "timestamp")
                             .Case("Date", "date")
                             .Case("Time", "time")
                             .Case("Boolean", "boolean")
                             .Case("Float", "float")
                             .Case("Double", "double")
                             .Case("Decimal", "decimal")
                             .Case("Blob", "blob")
                             .Case("Inet", "inet")
                             .Case("Duration", "duration")
                             .Default("");
    if (!Scalar.empty())
      return Scalar;
    std::optional<TSNode> Element;
    if (!P.Args.empty())
      Element = P.Args[0];
    for (const auto &[Key, Value] : P.NamedArgs)
      if (Key == "value_type")
        Element = Value; // columns.List(value_type=columns.UUID)
    if ((T == "Set" || T == "List") && Element) {
      // columns.Set(columns.Text) names the element's class.
      llvm::StringRef Inner = E.text(*Element);
      Inner = Inner.substr(Inner.rfind('.') + 1);
      std::string I = llvm::StringSwitch<std::string>(Inner)
                          .Case("Text", "text")
                          .Case("UUID", "uuid")
                          .Case("Integer", "int")
                          .Case("BigInt", "bigint")
                          .Default("");
      return I.empty() ? "" : (T == "Set" ? "set<" : "list<") + I + ">";
    }
    return "";
  }

  std::optional<std::string> stringValue(TSNode V) {
    return identifierLiteral(E.text(V), "'\"");
  }

  void readClass(TSNode Class) {
    auto Supers = childByField(Class, "superclasses");
    auto Name = childByField(Class, "name");
    auto Body = childByField(Class, "body");
    if (!Supers || !Name || !Body)
      return;
    bool IsModel = false;
    for (TSNode S : namedChildren(*Supers)) {
      llvm::StringRef T = E.text(S);
      IsModel |= T.substr(T.rfind('.') + 1) == "Model";
    }
    if (!IsModel)
      return;
    std::optional<std::string> Table, Keyspace;
    std::vector<Column> Columns;
    int Partitions = 0, Keys = 0;
    // What the query chains need (OrmFacts.h): every column, typed or not.
    MappedEntity Mapping;
    Mapping.CqlEngine = true;
    Mapping.QualifiedName = E.text(*Name).str();
    Mapping.File = File;
    Mapping.Range = SourceRange(File, ts_node_start_byte(Class), ts_node_end_byte(Class));
    Mapping.NameBegin = ts_node_start_byte(*Name);
    std::vector<std::pair<std::string, TSNode>> Indexes;
    for (TSNode Stmt : namedChildren(*Body)) {
      auto Kids = namedChildren(Stmt);
      if (E.type(Stmt) != "expression_statement" || Kids.empty() ||
          E.type(Kids[0]) != "assignment")
        continue;
      auto Left = childByField(Kids[0], "left");
      auto Right = childByField(Kids[0], "right");
      if (!Left || !Right)
        continue;
      llvm::StringRef Field = E.text(*Left);
      if (Field == "__table_name__" || Field == "__keyspace__") {
        auto V = stringValue(*Right);
        if (!V)
          return; // named at run time: no certain table
        (Field == "__table_name__" ? Table : Keyspace) = V;
        continue;
      }
      if (E.type(*Right) != "call")
        continue;
      CallParts P = E.callParts(*Right);
      if (!llvm::StringRef(E.text(*Right)).startswith("columns."))
        continue;
      Column C;
      C.Name = Field.str();
      C.At = *Left;
      C.Type = columnType(E, *Right);
      bool Primary = false, PartitionKey = false;
      MappedEntity::Property Prop;
      Prop.Name = Field.str();
      for (const auto &[Key, Value] : P.NamedArgs) {
        if (Key == "primary_key")
          Primary = E.text(Value) == "True";
        else if (Key == "partition_key")
          PartitionKey = E.text(Value) == "True";
        else if (Key == "index")
          Prop.Indexed = E.text(Value) == "True";
        else if (Key == "custom_index")
          Prop.CustomIndex = E.text(Value) == "True";
        else if (Key == "clustering_order")
          Prop.Descending = llvm::StringRef(E.text(Value)).contains_insensitive("desc");
        else if (Key == "db_field") {
          auto V = stringValue(Value);
          if (!V)
            return;
          C.Name = *V;
        }
      }
      if (PartitionKey)
        C.Partition = Partitions++;
      else if (Primary)
        C.Clustering = Keys++;
      Prop.Column = C.Name;
      Prop.CqlType = C.Type;
      llvm::StringRef CqlT(C.Type);
      Prop.Collection = CqlT.startswith("list<") || CqlT.startswith("set<") ||
                        CqlT.startswith("map<");
      Prop.Partition = C.Partition >= 0;
      Prop.Clustering = C.Clustering >= 0;
      Prop.Ordinal = Prop.Partition ? C.Partition : C.Clustering;
      Mapping.Properties.push_back(Prop);
      if (Prop.Indexed && !C.Type.empty())
        Indexes.push_back({C.Name, *Left});
      if (C.Type.empty()) {
        if (PartitionKey || Primary)
          return;
        continue;
      }
      Columns.push_back(std::move(C));
    }
    // Without partition_key, the first primary key column partitions.
    if (Partitions == 0)
      for (Column &C : Columns)
        if (C.Clustering == 0) {
          C.Clustering = -1;
          C.Partition = 0;
          for (Column &O : Columns)
            if (O.Clustering > 0)
              --O.Clustering;
          break;
        }
    std::string TableName = Table ? *Table : snakeCase(E.text(*Name));
    size_t Before = Out.size();
    emitEntityTable(File, Out, Class, *Name, Keyspace, TableName, Columns);
    if (Out.size() == Before)
      return; // no table: nothing to query either
    // The same key order the table has (no partition_key: the first
    // primary key partitions).
    for (MappedEntity::Property &P : Mapping.Properties)
      for (const Column &C : Columns)
        if (C.Name == P.Column) {
          P.Partition = C.Partition >= 0;
          P.Clustering = C.Clustering >= 0;
          P.Ordinal = P.Partition ? C.Partition : C.Clustering;
        }
    Mapping.Keyspace = Keyspace.value_or("");
    Mapping.Table = TableName;
    if (Mapped)
      Mapped->push_back(std::move(Mapping));
    // sync_table (management.py) creates an index for every index=True
    // column: `CREATE INDEX ON table ("column")`.
    std::string Qualified =
        (Keyspace ? spellUnquotedCqlName(*Keyspace) + "." : std::string()) +
        spellUnquotedCqlName(TableName);
    for (const auto &[Column, At] : Indexes) {
      Rebuilt R;
      R.appendMapped("CREATE INDEX IF NOT EXISTS ON " + Qualified + " (" +
                         spellUnquotedCqlName(Column) + ")",
                     ts_node_start_byte(At),
                     ts_node_end_byte(At) - ts_node_start_byte(At));
      CqlSnippet S;
      S.Text = R.text();
      S.Origin = R.origin(File);
      S.Range = SourceRange(File, ts_node_start_byte(At), ts_node_end_byte(At));
      S.Source = SnippetSource::Keyword;
      S.Reason = "the index sync_table creates for a cqlengine column (index=True)";
      Out.push_back(std::move(S));
    }
  }

  const Evaluator &E;
  FileId File;
  std::vector<CqlSnippet> &Out;
  std::vector<MappedEntity> *Mapped;
};

} // namespace

void findCqlEntityModels(Evaluator &Eval, llvm::StringRef Src,
                         FileId File, TSNode Root,
                         std::vector<CqlSnippet> &Out,
                         std::vector<MappedEntity> *Mapped) {
  if (Eval.language() == HostLanguage::Python) {
    if (Src.contains("cqlengine"))
      CqlEngineReader(Eval, File, Out, Mapped).run(Root);
    return;
  }
  // The mappers' own imports (Spring Data Cassandra, the DataStax mapper).
  if (!Src.contains("data.cassandra") && !Src.contains("api.mapper") &&
      !Src.contains("driver.mapping"))
    return;
  EntityReader(Eval, File, Out, Mapped).run(Root);
}

} // namespace nosqlint::extract
