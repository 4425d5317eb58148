// DynamoExprParser.g4 - DynamoDB's expression languages. One entry rule per
// parameter kind; the key condition language is the condition language (its
// narrower rules are checked on the IR, so that the messages can be
// DynamoDB's). Operator precedence: comparisons, then NOT, AND, OR.
parser grammar DynamoExprParser;

options { tokenVocab = DynamoExprLexer; }

conditionExpression  : condition EOF ;
projectionExpression : path (COMMA path)* EOF ;
updateExpression     : updateClause+ EOF ;

condition
  : NOT condition                                           # notCondition
  | condition AND condition                                 # andCondition
  | condition OR condition                                  # orCondition
  | LPAREN condition RPAREN                                 # parenCondition
  | operand comparator operand                              # compareCondition
  | operand BETWEEN operand AND operand                     # betweenCondition
  | operand IN LPAREN operand (COMMA operand)* RPAREN       # inCondition
  | IDENTIFIER LPAREN operand (COMMA operand)* RPAREN       # functionCondition
  ;

comparator : EQ | NE | LT | LE | GT | GE ;

operand
  : operand (PLUS | MINUS) operand                          # arithmeticOperand
  | IDENTIFIER LPAREN operand (COMMA operand)* RPAREN       # functionOperand
  | LPAREN operand RPAREN                                   # parenOperand
  | path                                                    # pathOperand
  | VALUE_PLACEHOLDER                                       # valueOperand
  ;

path : pathName pathStep* ;
pathName : IDENTIFIER | NAME_PLACEHOLDER ;
pathStep
  : DOT pathName                                            # memberStep
  | LBRACK INTEGER RBRACK                                   # indexStep
  ;

updateClause
  : SET setAction (COMMA setAction)*                        # setClause
  | REMOVE path (COMMA path)*                               # removeClause
  | ADD path operand (COMMA path operand)*                  # addClause
  | DELETE path operand (COMMA path operand)*               # deleteClause
  ;

setAction : path EQ operand ;
