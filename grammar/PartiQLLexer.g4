// PartiQLLexer.g4 - tokens of DynamoDB's PartiQL subset (SELECT, INSERT,
// UPDATE, DELETE). Keywords are case-insensitive; "quoted" identifiers keep
// their case; 'strings' double a quote to escape it.
lexer grammar PartiQLLexer;

SELECT : S E L E C T ; FROM : F R O M ; WHERE : W H E R E ;
INSERT : I N S E R T ; INTO : I N T O ; VALUE : V A L U E ;
UPDATE : U P D A T E ; SET : S E T ; REMOVE : R E M O V E ;
DELETE : D E L E T E ; RETURNING : R E T U R N I N G ;
ORDER : O R D E R ; BY : B Y ; ASC : A S C ; DESC : D E S C ;
AND : A N D ; OR : O R ; NOT : N O T ; IN : I N ;
BETWEEN : B E T W E E N ; IS : I S ; NULL_ : N U L L ;
MISSING : M I S S I N G ; TRUE_ : T R U E ; FALSE_ : F A L S E ;

QUOTED_IDENTIFIER : '"' (~'"' | '""')* '"' ;
STRING            : '\'' (~'\'' | '\'\'')* '\'' ;
NUMBER            : '-'? [0-9]+ ('.' [0-9]+)? ([eE] [+-]? [0-9]+)? ;
IDENTIFIER        : [a-zA-Z_] [a-zA-Z0-9_$]* ;

LE : '<=' ; GE : '>=' ; NE : '<>' | '!=' ; EQ : '=' ; LT : '<' ; GT : '>' ;
LBAG : '<<' ; RBAG : '>>' ;
LPAREN : '(' ; RPAREN : ')' ; LBRACK : '[' ; RBRACK : ']' ;
LBRACE : '{' ; RBRACE : '}' ; COMMA : ',' ; DOT : '.' ; COLON : ':' ;
STAR : '*' ; QUESTION : '?' ; PLUS : '+' ; MINUS : '-' ;
SEMICOLON : ';' ;

WS    : [ \t\r\n]+ -> channel(HIDDEN) ;
ERROR : . ;

fragment A : [aA] ; fragment B : [bB] ; fragment C : [cC] ; fragment D : [dD] ;
fragment E : [eE] ; fragment F : [fF] ; fragment G : [gG] ; fragment H : [hH] ;
fragment I : [iI] ; fragment L : [lL] ; fragment M : [mM] ; fragment N : [nN] ;
fragment O : [oO] ; fragment P : [pP] ; fragment R : [rR] ; fragment S : [sS] ; fragment T : [tT] ;
fragment U : [uU] ; fragment V : [vV] ; fragment W : [wW] ; fragment Y : [yY] ;
