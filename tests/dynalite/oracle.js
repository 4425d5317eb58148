// The differential oracle for nosqlint's DynamoDB checks.
//
// Starts dynalite (a DynamoDB implementation that validates requests the way
// DynamoDB does) in memory on a free 127.0.0.1 port, creates the fixture
// tables, sends every request of the DynamoDB fixture corpus, and checks that
// each request dynalite rejects (ValidationException, ResourceNotFound, ...) gets
// an error-severity diagnostic from nosqlint on its line, and each one it
// accepts gets none. Known differences are listed below with the reason;
// nosqlint follows real DynamoDB there. The server is stopped at the end.
//
// Usage: node oracle.js <nosqlint binary> <fixtures/dynamo folder>
'use strict';

const fs = require('fs');
const path = require('path');
const http = require('http');
const { execFileSync } = require('child_process');
const dynalite = require('dynalite');

const [nosqlint, fixtureDir] = process.argv.slice(2);
if (!nosqlint || !fixtureDir) {
  console.error('usage: node oracle.js <nosqlint> <fixtures/dynamo>');
  process.exit(2);
}

// Operations dynalite 4.0.0 does not implement (UnknownOperationException):
// no transactions, no PartiQL.
const UNSUPPORTED = new Set(['TransactWriteItems', 'TransactGetItems',
  'ExecuteStatement', 'BatchExecuteStatement', 'ExecuteTransaction']);

// Requests where dynalite and DynamoDB disagree; nosqlint follows DynamoDB.
// Each entry: a substring of the request line, why, and which way they
// differ: ACCEPTS (the default: dynalite accepts what DynamoDB rejects, so
// nosqlint reports an error dynalite does not) or REJECTS (dynalite rejects
// what DynamoDB accepts, so nosqlint is silent where dynalite fails).
const ACCEPTS = 'accepts', REJECTS = 'rejects';
const KNOWN_DIFFERENCES = [
  ['"IndexName": "BySku", "ProjectionExpression": "title"',
    'dynalite returns attributes a KEYS_ONLY GSI does not project; DynamoDB rejects them'],
  ['"ProjectionExpression": "title, stock"',
    'dynalite returns attributes an INCLUDE GSI does not project; DynamoDB rejects them'],
  ['"AttributesToGet": ["title"]',
    'dynalite returns attributes a KEYS_ONLY GSI does not project (AttributesToGet); DynamoDB rejects them'],
  ['"Select": "ALL_PROJECTED_ATTRIBUTES"}',
    'dynalite accepts ALL_PROJECTED_ATTRIBUTES without IndexName; DynamoDB rejects it'],
  ['"Select": "COUNT", "ProjectionExpression"',
    'dynalite accepts Select COUNT with a ProjectionExpression; DynamoDB rejects it'],
  ['"Select": "SPECIFIC_ATTRIBUTES"}',
    'dynalite accepts SPECIFIC_ATTRIBUTES without a projection; DynamoDB rejects it'],
  ['"IndexName": "ByEmail", "ConsistentRead": true}}',
    "dynalite's Scan ignores ConsistentRead, so it accepts it on a GSI; DynamoDB rejects it"],
  ['"TotalSegments": 2000000',
    'dynalite accepts TotalSegments above 1000000; DynamoDB caps it'],
  ['"ReturnValues": "UPDATED_NEW"}}',
    'dynalite accepts DeleteItem ReturnValues other than NONE/ALL_OLD; DynamoDB rejects them'],
  ['"Orders": [{"DeleteRequest"',
    'dynalite enforces 25 write requests per table, DynamoDB per call (15 + 15 here)'],
  // Issue 17.
  ['{"ComparisonOperator": "EQ", "AttributeValueList": [{"BOOL": true}]}',
    'dynalite refuses EQ on a BOOL in QueryFilter/ScanFilter; the API reference (Condition) says EQ is supported for all data types', REJECTS],
  ['{"ComparisonOperator": "EQ", "AttributeValueList": [{"L": ',
    'dynalite refuses EQ on a list in ScanFilter; the API reference (Condition) says EQ is supported for all data types, including lists and maps', REJECTS],
  ['{"ComparisonOperator": "NE", "AttributeValueList": [{"M": ',
    'dynalite refuses NE on a map in ScanFilter; the API reference (Condition) says NE is supported for all data types, including lists and maps', REJECTS],
  ['"ProjectionExpression": "a' + '.b'.repeat(32) + '"',
    'dynalite accepts a document path of 33 levels (the attribute and 32 below it); DynamoDB nests attributes at most 32 levels deep, the attribute included (service quotas; "The document path has too many nesting levels; nesting levels: 33")'],
  ['{"TableName": "Users", "ConditionalOperator": "OR"}',
    'dynalite ignores a ConditionalOperator without ScanFilter; DynamoDB (and DynamoDB Local) reject it'],
  ['"Item": {"userId": {"S": "u1"}}, "ConditionalOperator": "OR"}',
    'dynalite ignores a ConditionalOperator without Expected; DynamoDB (and DynamoDB Local) reject it'],
  ['"UpdateExpression": "SET _nick = :n"',
    "dynalite's grammar takes a name that starts with '_'; DynamoDB's tokenizer does not (Syntax error; token: \"_\")"],
  ['"FilterExpression": "age > :a AND __typename = :t"',
    "dynalite's grammar takes a name that starts with '_'; DynamoDB's tokenizer does not (Syntax error; token: \"_\", near: \"AND __\")"],
  ['"FilterExpression": "tags < :l"',
    'dynalite accepts an ordering comparison with a list constant; DynamoDB rejects it (lists and maps have no order)'],
  ['"FilterExpression": "prefs BETWEEN :a AND :b"',
    'dynalite accepts BETWEEN with map constants; DynamoDB rejects it (lists and maps have no order)'],
  ['"GSI1PK": {"S": ""}',
    'dynalite accepts an empty string as a GSI key value; DynamoDB rejects empty strings and binaries in table and index key attributes'],
  ['"Item": {"userId": {"S": "u1"}, "": {"S": "x"}}',
    'dynalite accepts an empty attribute name; DynamoDB names must be at least one character long (naming rules)'],
  ['{"M": {"m": '.repeat(32),
    'dynalite accepts 32 nested maps; DynamoDB nests attributes at most 32 levels (the attribute and 31 maps below it) and rejects them'],
  ['"ReturnValuesOnConditionCheckFailure": "ALL_NEW"',
    'dynalite 4.0.0 does not know ReturnValuesOnConditionCheckFailure (added 2023) and drops it; DynamoDB takes only ALL_OLD or NONE'],
  // Issue 17, second session.
  ['"ProjectionExpression": "tags[99999999999999]"',
    'dynalite takes any list index; DynamoDB reads it as a 32-bit integer ("List index is not within the allowable range; index: [99999999999999]")'],
  ['"AttributeValueList": [{"N": "1"}]}}, "ConditionalOperator": "OR"}',
    'dynalite takes ConditionalOperator with one ScanFilter condition; DynamoDB (and DynamoDB Local) want two or more ("ConditionalOperator can only be used when Filter or Expected has two or more elements")'],
  ['"Expected": {"a": {"Exists": false}}, "ConditionalOperator": "AND"}',
    'dynalite takes ConditionalOperator with one Expected condition; DynamoDB (and DynamoDB Local) want two or more'],
  ['"ComparisonOperator": "GT", "AttributeValueList": [{"BOOL": true}]}}',
    'dynalite takes GT with a BOOL in Expected; the legacy conditional parameters page gives GT one String, Number or Binary value'],
  ['"Action": "REPLACE"',
    'dynalite takes an unknown AttributeUpdates action; DynamoDB takes ADD, DELETE or PUT (API reference, AttributeValueUpdate)'],
  ['list_append(list_append(',
    'dynalite nests list_append in list_append; DynamoDB refuses it ("The function is not allowed to be used this way in an expression; function: list_append")'],
  ['"' + 'n'.repeat(65536) + '"',
    'dynalite takes an attribute name of 65536 bytes; DynamoDB names are at most 65535 bytes (service quotas)'],
  ['"AttributeUpdates": {"GSI1PK": {"Action": "PUT", "Value": {"S": ""}}}',
    'dynalite lets AttributeUpdates write an empty string to a GSI key; DynamoDB rejects empty strings and binaries in index key attributes'],
  ['"UpdateExpression": "SET GSI1PK = :v", "ExpressionAttributeValues": {":v": {"S": ""}}',
    'dynalite lets an UpdateExpression write an empty string to a GSI key; DynamoDB rejects empty strings and binaries in index key attributes'],
];

function knownDifference(line, dynaliteRejects) {
  for (const [needle, reason, way = ACCEPTS] of KNOWN_DIFFERENCES)
    if (line.includes(needle) && (way === REJECTS) === dynaliteRejects)
      return reason;
  return null;
}

function call(port, op, body) {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, method: 'POST', path: '/',
      headers: {
        'Content-Type': 'application/x-amz-json-1.0',
        'X-Amz-Target': 'DynamoDB_20120810.' + op,
        'X-Amz-Date': '20261130T000000Z',
        'Authorization': 'AWS4-HMAC-SHA256 Credential=AKIDORACLE/20261130/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature=0000',
        'Content-Length': Buffer.byteLength(data),
      },
    }, (res) => {
      let text = '';
      res.on('data', (c) => { text += c; });
      res.on('end', () => {
        let parsed = {};
        try { parsed = text ? JSON.parse(text) : {}; } catch (e) { parsed = { raw: text }; }
        resolve({ status: res.statusCode, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

function errorType(res) {
  if (res.status === 200) return null;
  const t = String(res.body.__type || '');
  return t.slice(t.indexOf('#') + 1) || 'HTTP ' + res.status;
}

// The requests of a fixture file: one per line (JSON array or NDJSON).
function requestsOf(file) {
  const out = [];
  fs.readFileSync(file, 'utf8').split('\n').forEach((text, i) => {
    let t = text.trim();
    if (t === '[' || t === ']' || t === '') return;
    if (t.endsWith(',')) t = t.slice(0, -1);
    let value;
    try { value = JSON.parse(t); } catch (e) { return; }
    out.push({ line: i + 1, text, value });
  });
  return out;
}

// Lines of \p file with an error-severity diagnostic from nosqlint.
function errorLines(file) {
  let out;
  try {
    out = execFileSync(nosqlint, ['--format=json', '--schema',
      path.join(fixtureDir, 'schema'), file], { encoding: 'utf8' });
  } catch (e) {
    out = e.stdout; // findings make the exit status non-zero
  }
  const lines = new Map();
  for (const d of JSON.parse(out).diagnostics) {
    if (path.resolve(d.file) !== path.resolve(file) || d.severity !== 'error')
      continue;
    if (!lines.has(d.line)) lines.set(d.line, []);
    lines.get(d.line).push(d.rule);
  }
  return lines;
}

async function main() {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  const failures = [];
  const stats = { sent: 0, agreed: 0, known: 0, unsupported: 0, bare: 0, noTable: 0 };
  try {
    const schemaDir = path.join(fixtureDir, 'schema');
    const tables = new Set();
    for (const f of fs.readdirSync(schemaDir).filter((n) => n.endsWith('.json')).sort()) {
      const def = JSON.parse(fs.readFileSync(path.join(schemaDir, f), 'utf8'));
      const res = await call(port, 'CreateTable', def);
      if (res.status === 200)
        tables.add(def.TableName);
      else
        console.log(`note: dynalite cannot create ${def.TableName} (${errorType(res)}: ${res.body.message}); its requests are not compared`);
    }
    const files = fs.readdirSync(fixtureDir)
      .filter((n) => /\.(json|ndjson)$/.test(n)).sort();
    for (const name of files) {
      const file = path.join(fixtureDir, name);
      const errors = errorLines(file);
      for (const r of requestsOf(file)) {
        const where = `${name}:${r.line}`;
        if (!r.value || typeof r.value !== 'object' || Array.isArray(r.value) ||
            typeof r.value.operation !== 'string' || typeof r.value.request !== 'object') {
          stats.bare++;
          continue; // bare requests: the operation is nosqlint's inference
        }
        const op = r.value.operation;
        if (UNSUPPORTED.has(op)) { stats.unsupported++; continue; }
        if (r.text.includes('"TableName": "Events"')) { stats.noTable++; continue; }
        const res = await call(port, op, r.value.request);
        stats.sent++;
        const type = errorType(res);
        // Any 4xx answer but a failed condition (a fact about the data, not
        // the request) is a rejection: ValidationException,
        // ResourceNotFoundException, SerializationException (a parameter of
        // the wrong JSON type), UnknownOperationException.
        const rejected = type !== null && type !== 'ConditionalCheckFailedException';
        const flagged = errors.has(r.line);
        if (rejected === flagged) { stats.agreed++; continue; }
        if (knownDifference(r.text, rejected)) { stats.known++; continue; }
        failures.push(rejected
          ? `${where}: dynalite rejects it (${type}: ${res.body.message}) but nosqlint reports no error`
          : `${where}: dynalite accepts it but nosqlint reports ${errors.get(r.line).join(', ')}`);
      }
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  console.log(`sent ${stats.sent} requests to dynalite: ${stats.agreed} agree, ` +
    `${stats.known} known differences; not sent: ${stats.unsupported} ` +
    `(PartiQL/transactions, unsupported by dynalite), ${stats.bare} bare or ` +
    `malformed, ${stats.noTable} on the multi-attribute-key table`);
  for (const f of failures) console.log('FAIL ' + f);
  process.exit(failures.length ? 1 : 0);
}

main().catch((e) => { console.error(e); process.exit(1); });
