// DynamoExprLexer.g4 - tokens of DynamoDB expressions (key condition, filter,
// condition, projection and update expressions). Keywords are
// case-insensitive; everything the parser does not expect becomes an ERROR
// token so that the parser, not the lexer, reports it.
lexer grammar DynamoExprLexer;

AND     : A N D ;
OR      : O R ;
NOT     : N O T ;
BETWEEN : B E T W E E N ;
IN      : I N ;
SET     : S E T ;
REMOVE  : R E M O V E ;
ADD     : A D D ;
DELETE  : D E L E T E ;

NAME_PLACEHOLDER  : '#' [a-zA-Z0-9_]+ ;
VALUE_PLACEHOLDER : ':' [a-zA-Z0-9_]+ ;
IDENTIFIER        : [a-zA-Z_] [a-zA-Z0-9_]* ;
INTEGER           : [0-9]+ ;

LE     : '<=' ;
GE     : '>=' ;
NE     : '<>' ;
EQ     : '=' ;
LT     : '<' ;
GT     : '>' ;
LPAREN : '(' ;
RPAREN : ')' ;
LBRACK : '[' ;
RBRACK : ']' ;
COMMA  : ',' ;
DOT    : '.' ;
PLUS   : '+' ;
MINUS  : '-' ;

WS    : [ \t\r\n]+ -> channel(HIDDEN) ;
ERROR : . ;

fragment A : [aA] ; fragment B : [bB] ; fragment D : [dD] ; fragment E : [eE] ;
fragment I : [iI] ; fragment M : [mM] ; fragment N : [nN] ; fragment O : [oO] ;
fragment R : [rR] ; fragment S : [sS] ; fragment T : [tT] ; fragment V : [vV] ;
fragment W : [wW] ; fragment L : [lL] ;
