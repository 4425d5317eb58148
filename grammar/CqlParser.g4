// CqlParser.g4 - the statements of Cassandra 5.0 CQL, plus the ScyllaDB
// extensions the front end recognises so it can name them in diagnostics.
//
// Written for nosqlint from the CQL reference (cassandra.apache.org/doc,
// "CQL" chapter). The driver (src/cql/Parser.cpp) parses one statement at a
// time with `statementEnd`; src/cql/Transform*.cpp turn the tree into IR.
// SQL habits (JOIN, OR, HAVING...) are NOT accepted here: the front end
// recognises them after a failed parse and explains them.
//
// Keep it LL-friendly: every decision should be settled by a few tokens.
parser grammar CqlParser;

options { tokenVocab = CqlLexer; }

statementEnd: statement (SEMI | EOF);

statement
  : selectStatement
  | insertStatement
  | updateStatement
  | deleteStatement
  | batchStatement
  | useStatement
  | truncateStatement
  | createKeyspaceStatement
  | alterKeyspaceStatement
  | createTableStatement
  | alterTableStatement
  | createIndexStatement
  | createViewStatement
  | alterViewStatement
  | createTypeStatement
  | alterTypeStatement
  | createFunctionStatement
  | createAggregateStatement
  | createTriggerStatement
  | dropStatement
  | createRoleStatement
  | alterRoleStatement
  | createUserStatement
  | alterUserStatement
  | grantPermissionStatement
  | revokePermissionStatement
  | grantRoleStatement
  | revokeRoleStatement
  | listPermissionsStatement
  | listRolesStatement
  | listUsersStatement
  | addIdentityStatement
  | dropIdentityStatement
  | commentOnStatement
  | securityLabelStatement
  | describeStatement
  ;

//===------------------------------------------------------------------===//
// SELECT
//===------------------------------------------------------------------===//

selectStatement
  : K_SELECT K_JSON? K_DISTINCT? selectClause
    K_FROM tableName
    (K_WHERE whereClause)?
    (K_GROUP K_BY groupByItem (COMMA groupByItem)*)?
    (K_ORDER K_BY ordering (COMMA ordering)*)?
    (K_PER K_PARTITION K_LIMIT perPartitionLimit=limitValue)?
    (K_LIMIT limit=limitValue)?
    (K_ALLOW K_FILTERING)?
    bypassCache?
    usingClause?
  ;

// ScyllaDB only.
bypassCache: K_BYPASS K_CACHE;

selectClause
  : STAR
  | selector (COMMA selector)*
  ;

selector: selectorExpr (K_AS ident)?;

selectorExpr: selectorTerm (addOp selectorTerm)*;
selectorTerm: selectorUnary (mulOp selectorUnary)*;
selectorUnary
  : MINUS selectorUnary
  | selectorPostfix
  ;
selectorPostfix: selectorPrimary selectorSuffix*;
selectorSuffix
  : DOT ident
  | LBRACKET term RBRACKET
  | LBRACKET from=term? RANGE to=term? RBRACKET
  ;
selectorPrimary
  : K_CAST LPAREN selectorExpr K_AS cqlType RPAREN                # selCast
  | functionName LPAREN (STAR | selectorExpr (COMMA selectorExpr)*)? RPAREN # selFunction
  | ident                                                         # selColumn
  | literal                                                       # selLiteral
  | K_NULL                                                        # selNull
  | bindMarker                                                    # selMarker
  | LPAREN cqlType RPAREN selectorPrimary                         # selTypeHint
  | LPAREN selectorExpr (COMMA selectorExpr)* RPAREN              # selTuple
  | LBRACKET (selectorExpr (COMMA selectorExpr)*)? RBRACKET       # selList
  | LBRACE (selectorExpr (COMMA selectorExpr)*)? RBRACE           # selSet
  | LBRACE selectorExpr COLON selectorExpr (COMMA selectorExpr COLON selectorExpr)* RBRACE # selMap
  ;

addOp: PLUS | MINUS;
mulOp: STAR | SLASH | PERCENT;

groupByItem
  : ident
  | functionName LPAREN ident (COMMA term)* RPAREN
  ;

ordering: ident (K_ANN K_OF term)? (K_ASC | K_DESC)?;

limitValue: MINUS? INTEGER | bindMarker; // -1 is an integer to Cassandra

//===------------------------------------------------------------------===//
// WHERE relations and IF conditions
//===------------------------------------------------------------------===//

whereClause: relation (K_AND relation)*;

relation
  : ident relationOp term                                  # relSimple
  | ident K_IN inValues                                    # relIn
  | ident K_NOT K_IN inValues                              # relNotIn
  | ident K_CONTAINS K_KEY? term                           # relContains
  | ident K_LIKE term                                      # relLike
  | ident K_IS K_NOT K_NULL                                # relIsNotNull
  | ident LBRACKET key=term RBRACKET relationOp value=term # relElement
  | K_TOKEN LPAREN ident (COMMA ident)* RPAREN relationOp term # relToken
  | LPAREN ident (COMMA ident)* RPAREN relationOp term     # relTuple
  | LPAREN ident (COMMA ident)* RPAREN K_IN inValues       # relTupleIn
  | ident LPAREN ident COMMA term RPAREN                   # relCustomIndex
  | LPAREN relation RPAREN                                 # relParen
  ;

relationOp: EQ | LT | LTE | GT | GTE | NEQ;

inValues
  : LPAREN (term (COMMA term)*)? RPAREN
  | bindMarker
  ;

ifClause
  : K_IF K_EXISTS
  | K_IF condition (K_AND condition)*
  ;

condition
  : ident conditionTarget? relationOp term
  | ident conditionTarget? K_IN inValues
  | ident conditionTarget? K_NOT K_IN inValues // ScyllaDB's columnCondition
  | ident conditionTarget? K_LIKE term         // ScyllaDB's relationType
  | ident conditionTarget? K_CONTAINS K_KEY? term
  ;

conditionTarget
  : LBRACKET term RBRACKET
  | DOT ident
  ;

//===------------------------------------------------------------------===//
// INSERT, UPDATE, DELETE, BATCH
//===------------------------------------------------------------------===//

insertStatement
  : K_INSERT K_INTO tableName
    ( LPAREN ident (COMMA ident)* RPAREN K_VALUES LPAREN term (COMMA term)* RPAREN
    | K_JSON term (K_DEFAULT (K_NULL | K_UNSET))?
    )
    (K_IF K_NOT K_EXISTS)?
    usingClause?
  ;

usingClause: K_USING usingItem (K_AND usingItem)*;

usingItem
  : K_TTL term
  | K_TIMESTAMP term
  | K_TIMEOUT term
  ;

updateStatement
  : K_UPDATE tableName usingClause?
    K_SET assignment (COMMA assignment)*
    K_WHERE whereClause
    ifClause?
  ;

assignment
  : ident EQ term                                       # assignSet
  | ident EQ other=ident (PLUS | MINUS) term            # assignAddSub
  | ident EQ term PLUS other=ident                      # assignPrepend
  | ident (PLUS_EQ | MINUS_EQ) term                     # assignCompound
  | ident LBRACKET key=term RBRACKET EQ value=term      # assignElement
  | ident DOT field=ident EQ term                       # assignField
  ;

deleteStatement
  : K_DELETE (deleteTarget (COMMA deleteTarget)*)?
    K_FROM tableName usingClause?
    K_WHERE whereClause
    ifClause?
    bypassGuardrails?
  ;

// ScyllaDB only: BYPASS LARGE_DATA_GUARDRAILS.
bypassGuardrails: K_BYPASS IDENT;

deleteTarget
  : ident (LBRACKET term RBRACKET | DOT ident)?
  ;

batchStatement
  : K_BEGIN (K_UNLOGGED | K_COUNTER)? K_BATCH usingClause?
    (batchChild SEMI*)*
    K_APPLY K_BATCH
  ;

batchChild
  : insertStatement
  | updateStatement
  | deleteStatement
  ;

//===------------------------------------------------------------------===//
// Keyspaces, tables, types, indexes, views
//===------------------------------------------------------------------===//

useStatement: K_USE ident;

truncateStatement: K_TRUNCATE (K_TABLE | K_COLUMNFAMILY)? tableName;

createKeyspaceStatement
  : K_CREATE (K_KEYSPACE | K_SCHEMA) ifNotExists? ident K_WITH properties
  ;

alterKeyspaceStatement
  : K_ALTER (K_KEYSPACE | K_SCHEMA) ifExists? ident K_WITH properties
  ;

createTableStatement
  : K_CREATE (K_TABLE | K_COLUMNFAMILY) ifNotExists? table=tableName
    ( LPAREN tableElement (COMMA tableElement?)* RPAREN (K_WITH tableOptions)?
    | K_LIKE like=tableName (K_WITH likeOption (K_AND likeOption)*)?
    )
  ;

tableElement
  : columnDefinition
  | K_PRIMARY K_KEY LPAREN partitionKey (COMMA ident)* RPAREN
  ;

columnDefinition
  : ident cqlType K_STATIC? columnMask? (K_PRIMARY K_KEY)?
  ;

columnMask
  : K_MASKED K_WITH (K_DEFAULT | functionName LPAREN (term (COMMA term)*)? RPAREN)
  ;

partitionKey
  : ident
  | LPAREN ident (COMMA ident)* RPAREN
  ;

tableOptions: tableOption (K_AND tableOption)*;

tableOption
  : K_COMPACT K_STORAGE
  | K_CLUSTERING K_ORDER K_BY LPAREN clusteringOrder (COMMA clusteringOrder)* RPAREN
  | property
  ;

likeOption
  : K_INDEXES
  | property
  ;

clusteringOrder: ident (K_ASC | K_DESC)?;

properties: property (K_AND property)*;

property: ident EQ propertyValue;

propertyValue
  : term
  | ident
  ;

alterTableStatement
  : K_ALTER (K_TABLE | K_COLUMNFAMILY) ifExists? tableName alterTableAction
  ;

alterTableAction
  : K_ADD ifNotExists? (columnDefinition | LPAREN columnDefinition (COMMA columnDefinition)* RPAREN) # alterAdd
  | K_DROP K_COMPACT K_STORAGE                                                   # alterDropCompact
  | K_DROP ifExists? (ident | LPAREN ident (COMMA ident)* RPAREN) (K_USING K_TIMESTAMP INTEGER)? # alterDrop
  | K_RENAME ifExists? renamePair (K_AND renamePair)*                           # alterRename
  | K_ALTER ifExists? ident K_TYPE cqlType                                      # alterColumnType
  | K_ALTER ifExists? ident (columnMask | K_DROP K_MASKED)                      # alterMask
  | K_WITH tableOptions                                                         # alterOptions
  ;

renamePair: from=ident K_TO to=ident;

createIndexStatement
  : K_CREATE K_CUSTOM? K_INDEX ifNotExists? ident? K_ON tableName
    LPAREN (indexTarget (COMMA indexTarget)*)? RPAREN
    (K_USING STRING_LITERAL)?
    (K_WITH properties)?
  ;

indexTarget
  : ident
  | (K_KEYS | K_VALUES | K_ENTRIES | K_FULL) LPAREN ident RPAREN
  | LPAREN ident (COMMA ident)* RPAREN // ScyllaDB local index partition key
  ;

createViewStatement
  : K_CREATE K_MATERIALIZED K_VIEW ifNotExists? view=tableName K_AS
    K_SELECT (STAR | ident (COMMA ident)*)
    K_FROM base=tableName
    K_WHERE whereClause
    K_PRIMARY K_KEY LPAREN partitionKey (COMMA ident)* RPAREN
    (K_WITH tableOptions)?
  ;

alterViewStatement
  : K_ALTER K_MATERIALIZED K_VIEW ifExists? tableName K_WITH tableOptions
  ;

createTypeStatement
  : K_CREATE K_TYPE ifNotExists? userTypeName
    LPAREN typeField (COMMA typeField?)* RPAREN
  ;

typeField: ident cqlType;

alterTypeStatement
  : K_ALTER K_TYPE ifExists? userTypeName
    ( K_ADD ifNotExists? typeField
    | K_RENAME ifExists? renamePair (K_AND renamePair)*
    | K_ALTER ident K_TYPE cqlType
    )
  ;

//===------------------------------------------------------------------===//
// Functions, aggregates, triggers, DROP
//===------------------------------------------------------------------===//

createFunctionStatement
  : K_CREATE (K_OR K_REPLACE)? K_FUNCTION ifNotExists? functionName
    LPAREN (ident cqlType (COMMA ident cqlType)*)? RPAREN
    (K_CALLED | K_RETURNS K_NULL) K_ON K_NULL K_INPUT
    K_RETURNS cqlType
    K_LANGUAGE ident
    K_AS (STRING_LITERAL | DOLLAR_STRING)
  ;

createAggregateStatement
  : K_CREATE (K_OR K_REPLACE)? K_AGGREGATE ifNotExists? functionName
    LPAREN (cqlType (COMMA cqlType)*)? RPAREN
    K_SFUNC ident
    K_STYPE cqlType
    (K_FINALFUNC ident)?
    (K_INITCOND term)?
  ;

createTriggerStatement
  : K_CREATE K_TRIGGER ifNotExists? ident K_ON tableName K_USING STRING_LITERAL
  ;

functionSignature: LPAREN (cqlType (COMMA cqlType)*)? RPAREN;

dropStatement
  : K_DROP (K_KEYSPACE | K_SCHEMA) ifExists? ident               # dropKeyspace
  | K_DROP (K_TABLE | K_COLUMNFAMILY) ifExists? tableName        # dropTable
  | K_DROP K_INDEX ifExists? tableName                           # dropIndex
  | K_DROP K_MATERIALIZED K_VIEW ifExists? tableName             # dropView
  | K_DROP K_TYPE ifExists? userTypeName                         # dropType
  | K_DROP K_FUNCTION ifExists? functionName functionSignature?  # dropFunction
  | K_DROP K_AGGREGATE ifExists? functionName functionSignature? # dropAggregate
  | K_DROP K_TRIGGER ifExists? ident K_ON tableName              # dropTrigger
  | K_DROP K_ROLE ifExists? roleName                             # dropRole
  | K_DROP K_USER ifExists? roleName                             # dropUser
  ;

//===------------------------------------------------------------------===//
// Roles, users, permissions
//===------------------------------------------------------------------===//

roleName: ident | STRING_LITERAL;

createRoleStatement: K_CREATE K_ROLE ifNotExists? roleName (K_WITH roleOption (K_AND roleOption)*)?;
alterRoleStatement: K_ALTER K_ROLE ifExists? roleName (K_WITH roleOption (K_AND roleOption)*)?;

roleOption
  : K_HASHED? K_PASSWORD EQ STRING_LITERAL
  | K_OPTIONS EQ term
  | K_SUPERUSER EQ term
  | K_LOGIN EQ term
  | K_ACCESS K_TO K_ALL K_DATACENTERS
  | K_ACCESS K_TO K_DATACENTERS term
  | K_ACCESS K_FROM K_ALL K_CIDRS
  | K_ACCESS K_FROM K_CIDRS term
  ;

createUserStatement
  : K_CREATE K_USER ifNotExists? roleName (K_WITH K_HASHED? K_PASSWORD STRING_LITERAL)? (K_SUPERUSER | K_NOSUPERUSER)?
  ;

alterUserStatement
  : K_ALTER K_USER ifExists? roleName (K_WITH K_HASHED? K_PASSWORD STRING_LITERAL)? (K_SUPERUSER | K_NOSUPERUSER)?
  ;

grantPermissionStatement: K_GRANT permissions K_ON resource K_TO roleName;
revokePermissionStatement: K_REVOKE permissions K_ON resource K_FROM roleName;
grantRoleStatement: K_GRANT roleName K_TO roleName;
revokeRoleStatement: K_REVOKE roleName K_FROM roleName;

listPermissionsStatement
  : K_LIST permissions (K_ON resource)? (K_OF roleName)? K_NORECURSIVE?
  ;
listRolesStatement: K_LIST K_ROLES (K_OF roleName)? K_NORECURSIVE?;
listUsersStatement: K_LIST K_USERS;

// mTLS identities (Cassandra 5.0).
addIdentityStatement: K_ADD K_IDENTITY ifNotExists? STRING_LITERAL K_TO K_ROLE roleName;
dropIdentityStatement: K_DROP K_IDENTITY ifExists? STRING_LITERAL;

permissions
  : K_ALL K_PERMISSIONS?
  | permission K_PERMISSION? (COMMA permission K_PERMISSION?)*
  ;

permission
  : K_CREATE | K_ALTER | K_DROP | K_SELECT | K_MODIFY | K_AUTHORIZE | K_DESCRIBE
  | K_EXECUTE | K_UNMASK | K_SELECT_MASKED
  ;

resource
  : K_ALL K_KEYSPACES
  | K_KEYSPACE ident
  | K_ALL K_TABLES K_IN K_KEYSPACE ident
  | K_TABLE? tableName
  | K_ALL K_ROLES
  | K_ROLE roleName
  | K_ALL K_FUNCTIONS (K_IN K_KEYSPACE ident)?
  | K_FUNCTION functionName functionSignature
  | K_ALL K_MBEANS
  | (K_MBEAN | K_MBEANS) STRING_LITERAL
  ;

//===------------------------------------------------------------------===//
// COMMENT ON, SECURITY LABEL ON, DESCRIBE
//===------------------------------------------------------------------===//

commentOnStatement
  : K_COMMENT K_ON schemaElement K_IS (STRING_LITERAL | K_NULL)
  ;

securityLabelStatement
  : K_SECURITY K_LABEL K_ON schemaElement K_IS (STRING_LITERAL | K_NULL)
  ;

schemaElement
  : K_KEYSPACE ident
  | K_TABLE tableName
  | K_COLUMN qualifiedColumn
  | K_TYPE userTypeName
  | K_FIELD qualifiedColumn
  ;

// [keyspace.]table.column
qualifiedColumn: ident DOT ident (DOT ident)?;

describeStatement
  : (K_DESCRIBE | K_DESC)
    ( K_FULL? K_SCHEMA
    | K_CLUSTER
    | K_KEYSPACES
    | K_ONLY? K_KEYSPACE ident?
    | K_TABLES
    | K_TABLE tableName
    | K_INDEX tableName
    | K_MATERIALIZED K_VIEW tableName
    | K_TYPES
    | K_TYPE userTypeName
    | K_FUNCTIONS
    | K_FUNCTION functionName
    | K_AGGREGATES
    | K_AGGREGATE functionName
    | K_ONLY? tableName
    )
    (K_WITH K_INTERNALS)?
  ;

//===------------------------------------------------------------------===//
// Shared pieces: names, types, terms
//===------------------------------------------------------------------===//

ifNotExists: K_IF K_NOT K_EXISTS;
ifExists: K_IF K_EXISTS;

tableName: (keyspace=ident DOT)? name=ident;
userTypeName: (keyspace=ident DOT)? name=ident;
functionName: (keyspace=ident DOT)? (name=ident | K_TOKEN);

cqlType
  : K_FROZEN LT cqlType GT
  | K_LIST LT cqlType GT
  | K_SET LT cqlType GT
  | K_MAP LT cqlType COMMA cqlType GT
  | K_TUPLE LT cqlType (COMMA cqlType)* GT
  | K_VECTOR LT cqlType COMMA INTEGER GT
  | STRING_LITERAL
  | userTypeName
  ;

term: termMul (addOp termMul)*;
termMul: termUnary (mulOp termUnary)*;
termUnary
  : MINUS termUnary
  | termPrimary
  ;

termPrimary
  : literal
  | K_NULL
  | bindMarker
  | functionName LPAREN (term (COMMA term)*)? RPAREN
  | LPAREN cqlType RPAREN termUnary
  | LPAREN term (COMMA term)* RPAREN
  | LBRACKET (term (COMMA term)*)? RBRACKET
  | LBRACE RBRACE
  | LBRACE term COLON term (COMMA term COLON term)* RBRACE
  | LBRACE ident COLON term (COMMA ident COLON term)* RBRACE
  | LBRACE term (COMMA term)* RBRACE
  ;

literal
  : STRING_LITERAL
  | DOLLAR_STRING
  | INTEGER
  | FLOAT
  | K_TRUE
  | K_FALSE
  | UUID
  | HEXNUMBER
  | DURATION
  | K_NAN
  | K_INFINITY
  ;

bindMarker
  : QMARK
  | COLON ident
  ;

// An identifier: unquoted, quoted, or an unreserved keyword.
ident
  : IDENT
  | QUOTED_NAME
  | unreservedKeyword
  ;

unreservedKeyword
  : K_ACCESS
  | K_AGGREGATE
  | K_AGGREGATES
  | K_ALL
  | K_ANN
  | K_AS
  | K_BYPASS
  | K_CACHE
  | K_CALLED
  | K_CAST
  | K_CIDRS
  | K_CLUSTER
  | K_CLUSTERING
  | K_COLUMN
  | K_COMMENT
  | K_COMPACT
  | K_CONTAINS
  | K_COUNTER
  | K_CUSTOM
  | K_DATACENTERS
  | K_DEFAULT
  | K_DISTINCT
  | K_EXISTS
  | K_FIELD
  | K_FILTERING
  | K_FINALFUNC
  | K_FROZEN
  | K_FUNCTION
  | K_FUNCTIONS
  | K_GROUP
  | K_HASHED
  | K_IDENTITY
  | K_INDEXES
  | K_INITCOND
  | K_INPUT
  | K_INTERNALS
  | K_JSON
  | K_KEY
  | K_KEYS
  | K_KEYSPACES
  | K_LABEL
  | K_LANGUAGE
  | K_LIKE
  | K_LIST
  | K_LOGIN
  | K_MAP
  | K_MASKED
  | K_MBEAN
  | K_MBEANS
  | K_NOSUPERUSER
  | K_ONLY
  | K_OPTIONS
  | K_PARTITION
  | K_PASSWORD
  | K_PER
  | K_PERMISSION
  | K_PERMISSIONS
  | K_RETURNS
  | K_ROLE
  | K_ROLES
  | K_SECURITY
  | K_SELECT_MASKED
  | K_SFUNC
  | K_STATIC
  | K_STORAGE
  | K_STYPE
  | K_SUPERUSER
  | K_TABLES
  | K_TIMEOUT
  | K_TIMESTAMP
  | K_TRIGGER
  | K_TTL
  | K_TUPLE
  | K_TYPE
  | K_TYPES
  | K_UNMASK
  | K_UNSET
  | K_USER
  | K_USERS
  | K_VALUES
  | K_VECTOR
  ;
