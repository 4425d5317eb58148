// PartiQLParser.g4 - the statements ExecuteStatement, BatchExecuteStatement
// and ExecuteTransaction accept: SELECT from a table or "table"."index",
// INSERT INTO ... VALUE {tuple}, UPDATE ... SET/REMOVE ... WHERE, DELETE FROM
// ... WHERE. Expressions cover what DynamoDB evaluates: comparisons, IN,
// BETWEEN, IS [NOT] MISSING/NULL, AND/OR/NOT, function calls, paths,
// literals, ? parameters, tuples, lists and bags. Precedence, tightest
// first: + -, comparisons, BETWEEN/IN/IS, NOT, AND, OR.
parser grammar PartiQLParser;

options { tokenVocab = PartiQLLexer; }

statement
  : (selectStatement | insertStatement | updateStatement | deleteStatement)
    SEMICOLON? EOF ;

selectStatement
  : SELECT selectList FROM tableRef whereClause? orderByClause? ;
selectList : STAR | expr (COMMA expr)* ;
tableRef : name (DOT name)? ;
whereClause : WHERE expr ;
orderByClause : ORDER BY orderItem (COMMA orderItem)* ;
orderItem : path (ASC | DESC)? ;

insertStatement : INSERT INTO name VALUE expr ;

updateStatement
  : UPDATE name updateAction+ whereClause returningClause? ;
updateAction
  : SET path EQ expr (COMMA path EQ expr)*                  # setAction
  | REMOVE path (COMMA path)*                               # removeAction
  ;

deleteStatement : DELETE FROM name whereClause returningClause? ;
returningClause : RETURNING IDENTIFIER IDENTIFIER? (STAR | expr)? ;

expr
  : expr (PLUS | MINUS) expr                                # arithmeticExpr
  | expr comparator expr                                    # compareExpr
  | expr NOT? BETWEEN expr AND expr                         # betweenExpr
  | expr NOT? IN expr                                       # inExpr
  | expr IS NOT? (MISSING | NULL_)                          # isExpr
  | NOT expr                                                # notExpr
  | expr AND expr                                           # andExpr
  | expr OR expr                                            # orExpr
  | IDENTIFIER LPAREN (STAR | expr (COMMA expr)*)? RPAREN   # functionExpr
  | LPAREN expr (COMMA expr)* RPAREN                        # parenExpr
  | path                                                    # pathExpr
  | literal                                                 # literalExpr
  | QUESTION                                                # parameterExpr
  | LBRACE (pair (COMMA pair)*)? RBRACE                     # tupleExpr
  | LBRACK (expr (COMMA expr)*)? RBRACK                     # listExpr
  | LBAG (expr (COMMA expr)*)? RBAG                         # bagExpr
  ;

comparator : EQ | NE | LT | LE | GT | GE ;
pair : (STRING | QUOTED_IDENTIFIER) COLON expr ;
literal : STRING | NUMBER | TRUE_ | FALSE_ | NULL_ | MISSING ;

path : name pathStep* ;
pathStep
  : DOT name                                                # memberStep
  | LBRACK expr RBRACK                                      # indexStep
  ;
name : IDENTIFIER | QUOTED_IDENTIFIER ;
