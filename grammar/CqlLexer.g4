// CqlLexer.g4 - tokens of Cassandra 5.0 CQL (plus the few ScyllaDB words the
// front end recognises in order to report them).
//
// Written for nosqlint from the CQL reference (cassandra.apache.org/doc,
// "CQL" chapter). ANTLR 4.7.2 has no caseInsensitive option, so keywords are
// spelled with one fragment per letter.
lexer grammar CqlLexer;

// Whitespace and the three comment forms go to the hidden channel.
WS: [ \t\r\n\f]+ -> channel(HIDDEN);
LINE_COMMENT: ('--' | '//') ~[\r\n]* -> channel(HIDDEN);
BLOCK_COMMENT: '/*' .*? '*/' -> channel(HIDDEN);

// Punctuation and operators.
SEMI: ';';
COMMA: ',';
DOT: '.';
RANGE: '..';
COLON: ':';
QMARK: '?';
LPAREN: '(';
RPAREN: ')';
LBRACKET: '[';
RBRACKET: ']';
LBRACE: '{';
RBRACE: '}';
EQ: '=';
NEQ: '!=';
LT: '<';
LTE: '<=';
GT: '>';
GTE: '>=';
PLUS_EQ: '+=';
MINUS_EQ: '-=';
PLUS: '+';
MINUS: '-';
STAR: '*';
SLASH: '/';
PERCENT: '%';

// Keywords (reserved and unreserved; CqlParser.ident lists the unreserved).
K_ACCESS: A C C E S S;
K_ADD: A D D;
K_AGGREGATE: A G G R E G A T E;
K_AGGREGATES: A G G R E G A T E S;
K_ALL: A L L;
K_ALLOW: A L L O W;
K_ALTER: A L T E R;
K_AND: A N D;
K_ANN: A N N;
K_APPLY: A P P L Y;
K_AS: A S;
K_ASC: A S C;
K_AUTHORIZE: A U T H O R I Z E;
K_BATCH: B A T C H;
K_BEGIN: B E G I N;
K_BY: B Y;
K_BYPASS: B Y P A S S;
K_CACHE: C A C H E;
K_CALLED: C A L L E D;
K_CAST: C A S T;
K_CIDRS: C I D R S;
K_CLUSTER: C L U S T E R;
K_CLUSTERING: C L U S T E R I N G;
K_COLUMN: C O L U M N;
K_COLUMNFAMILY: C O L U M N F A M I L Y;
K_COMMENT: C O M M E N T;
K_COMPACT: C O M P A C T;
K_CONTAINS: C O N T A I N S;
K_COUNTER: C O U N T E R;
K_CREATE: C R E A T E;
K_CUSTOM: C U S T O M;
K_DATACENTERS: D A T A C E N T E R S;
K_DEFAULT: D E F A U L T;
K_DELETE: D E L E T E;
K_DESC: D E S C;
K_DESCRIBE: D E S C R I B E;
K_DISTINCT: D I S T I N C T;
K_DROP: D R O P;
K_ENTRIES: E N T R I E S;
K_EXECUTE: E X E C U T E;
K_EXISTS: E X I S T S;
K_FALSE: F A L S E;
K_FIELD: F I E L D;
K_FILTERING: F I L T E R I N G;
K_FINALFUNC: F I N A L F U N C;
K_FROM: F R O M;
K_FROZEN: F R O Z E N;
K_FULL: F U L L;
K_FUNCTION: F U N C T I O N;
K_FUNCTIONS: F U N C T I O N S;
K_GRANT: G R A N T;
K_GROUP: G R O U P;
K_HASHED: H A S H E D;
K_IDENTITY: I D E N T I T Y;
K_IF: I F;
K_IN: I N;
K_INDEX: I N D E X;
K_INDEXES: I N D E X E S;
K_INFINITY: I N F I N I T Y;
K_INITCOND: I N I T C O N D;
K_INPUT: I N P U T;
K_INSERT: I N S E R T;
K_INTERNALS: I N T E R N A L S;
K_INTO: I N T O;
K_IS: I S;
K_JSON: J S O N;
K_KEY: K E Y;
K_KEYS: K E Y S;
K_KEYSPACE: K E Y S P A C E;
K_KEYSPACES: K E Y S P A C E S;
K_LABEL: L A B E L;
K_LANGUAGE: L A N G U A G E;
K_LIKE: L I K E;
K_LIMIT: L I M I T;
K_LIST: L I S T;
K_LOGIN: L O G I N;
K_MAP: M A P;
K_MASKED: M A S K E D;
K_MATERIALIZED: M A T E R I A L I Z E D;
K_MBEAN: M B E A N;
K_MBEANS: M B E A N S;
K_MODIFY: M O D I F Y;
K_NAN: N A N;
K_NORECURSIVE: N O R E C U R S I V E;
K_NOSUPERUSER: N O S U P E R U S E R;
K_NOT: N O T;
K_NULL: N U L L;
K_OF: O F;
K_ON: O N;
K_ONLY: O N L Y;
K_OPTIONS: O P T I O N S;
K_OR: O R;
K_ORDER: O R D E R;
K_PARTITION: P A R T I T I O N;
K_PASSWORD: P A S S W O R D;
K_PER: P E R;
K_PERMISSION: P E R M I S S I O N;
K_PERMISSIONS: P E R M I S S I O N S;
K_PRIMARY: P R I M A R Y;
K_RENAME: R E N A M E;
K_REPLACE: R E P L A C E;
K_RETURNS: R E T U R N S;
K_REVOKE: R E V O K E;
K_ROLE: R O L E;
K_ROLES: R O L E S;
K_SCHEMA: S C H E M A;
K_SECURITY: S E C U R I T Y;
K_SELECT: S E L E C T;
K_SELECT_MASKED: S E L E C T '_' M A S K E D;
K_SET: S E T;
K_SFUNC: S F U N C;
K_STATIC: S T A T I C;
K_STORAGE: S T O R A G E;
K_STYPE: S T Y P E;
K_SUPERUSER: S U P E R U S E R;
K_TABLE: T A B L E;
K_TABLES: T A B L E S;
K_TIMEOUT: T I M E O U T;
K_TIMESTAMP: T I M E S T A M P;
K_TO: T O;
K_TOKEN: T O K E N;
K_TRIGGER: T R I G G E R;
K_TRUE: T R U E;
K_TRUNCATE: T R U N C A T E;
K_TTL: T T L;
K_TUPLE: T U P L E;
K_TYPE: T Y P E;
K_TYPES: T Y P E S;
K_UNLOGGED: U N L O G G E D;
K_UNMASK: U N M A S K;
K_UNSET: U N S E T;
K_UPDATE: U P D A T E;
K_USE: U S E;
K_USER: U S E R;
K_USERS: U S E R S;
K_USING: U S I N G;
K_VALUES: V A L U E S;
K_VECTOR: V E C T O R;
K_VIEW: V I E W;
K_WHERE: W H E R E;
K_WITH: W I T H;

// Literals. Numbers carry no sign: the parser applies unary minus.
STRING_LITERAL: '\'' (~'\'' | '\'\'')* '\'';
DOLLAR_STRING: '$$' .*? '$$';
QUOTED_NAME: '"' (~'"' | '""')+ '"';
UUID: HEX HEX HEX HEX HEX HEX HEX HEX '-' HEX HEX HEX HEX '-' HEX HEX HEX HEX '-'
      HEX HEX HEX HEX '-' HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX;
HEXNUMBER: '0' X HEX*;
DURATION
  : (DIGIT+ DURATION_UNIT)+
  | P (DIGIT+ (Y | M | D))+ (T (DIGIT+ (H | M | S))+)?
  | P T (DIGIT+ (H | M | S))+
  | P DIGIT+ W
  | P DIGIT DIGIT DIGIT DIGIT '-' DIGIT DIGIT '-' DIGIT DIGIT T DIGIT DIGIT ':' DIGIT DIGIT ':' DIGIT DIGIT
  ;
FLOAT
  : DIGIT+ '.' DIGIT+ EXPONENT?
  | DIGIT+ EXPONENT
  ;
INTEGER: DIGIT+;
IDENT: LETTER (LETTER | DIGIT | '_')*;

// Anything else is one bad character, so the parser reports it in place.
ERROR_CHAR: .;

fragment DURATION_UNIT
  : Y | M O | W | D | H | M | S | M S | U S | '\u00B5' S | N S
  ;
fragment EXPONENT: E ('+' | '-')? DIGIT+;
fragment DIGIT: [0-9];
fragment HEX: [0-9a-fA-F];
fragment LETTER: [a-zA-Z];

fragment A: [aA];
fragment B: [bB];
fragment C: [cC];
fragment D: [dD];
fragment E: [eE];
fragment F: [fF];
fragment G: [gG];
fragment H: [hH];
fragment I: [iI];
fragment J: [jJ];
fragment K: [kK];
fragment L: [lL];
fragment M: [mM];
fragment N: [nN];
fragment O: [oO];
fragment P: [pP];
fragment Q: [qQ];
fragment R: [rR];
fragment S: [sS];
fragment T: [tT];
fragment U: [uU];
fragment V: [vV];
fragment W: [wW];
fragment X: [xX];
fragment Y: [yY];
fragment Z: [zZ];
