#!/usr/bin/env bash
# Hostile inputs for the whole nosqlint binary, one case per ctest
# (CMakeLists.txt). Each case generates its input in a fresh temporary
# directory (nothing big is committed), runs nosqlint through bounded-run
# (a wall-time ceiling, a peak-RSS ceiling and, without sanitizers, an
# address-space limit) and checks what it printed. The measured figures are
# printed (ctest -V shows them) and recorded in README.md.
#
#   hostile.sh CASE NOSQLINT BOUNDED_RUN [sanitized]
set -uo pipefail

case=$1
nosqlint=$2
bounded=$3
sanitized=${4:-}

# The stated bounds: 60 s and 2 GB each. Sanitized builds run several times
# slower and bigger, and AddressSanitizer needs an unlimited address space.
seconds=60
rss_mb=2048
as_mb=8192
if [ -n "$sanitized" ]; then
  seconds=300
  rss_mb=6144
  as_mb=0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/nosqlint-hostile.XXXXXX")
cleanup() { chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

fail() { echo "FAIL [$case]: $*"; echo "--- stdout (head)"; head -c 2000 "$work/out"; echo "--- stderr (head)"; head -c 2000 "$work/err"; exit 1; }

# run ARGS...: nosqlint under the bounds; sets $rc (its exit code). A
# command in the array run_as (setpriv) runs it as another user.
run_as=()
run() {
  local line
  line=$("$bounded" "$seconds" "$rss_mb" "$as_mb" "$work/out" "$work/err" -- \
           "${run_as[@]}" "$nosqlint" --color=never -j 2 "$@")
  local status=$?
  echo "[$case] $line  (bounds: ${seconds}s, ${rss_mb} MB)"
  [ $status -eq 0 ] || fail "out of bounds: $line"
  rc=$(sed -n 's/.*exit=\([0-9]*\).*/\1/p' <<<"$line")
}
expect_out() { grep -qF -- "$1" "$work/out" || fail "stdout lacks: $1"; }
expect_err() { grep -qF -- "$1" "$work/err" || fail "stderr lacks: $1"; }
expect_rc() { [ "$rc" = "$1" ] || fail "exit code $rc, expected $1"; }

# repeat N TEXT: TEXT N times, no separator, fast.
repeat() { awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }

cd "$work" || exit 1
case "$case" in
  nested-cql)
    # 100,000 nested parentheses, brackets and braces in three statements.
    { printf 'SELECT * FROM t WHERE k = '; repeat 100000 '('; printf 1; repeat 100000 ')'; printf ';\n'
      printf 'INSERT INTO t (k, l) VALUES (1, '; repeat 100000 '['; repeat 100000 ']'; printf ');\n'
      printf 'INSERT INTO t (k, m) VALUES (1, '; repeat 100000 '{'; repeat 100000 '}'; printf ');\n'
    } > nested.cql
    run --fail-on=never nested.cql
    expect_rc 0
    # (`{{` lexes as a template placeholder, so the braces may read as a
    # statement too long rather than too deep: refused all the same.)
    [ "$(grep -cE 'nests more than 64 levels deep|too complex to analyze' out)" = 3 ] ||
      fail "expected 3 refused statements"
    expect_out "nested.cql:1:91: error: statement nests more than 64 levels deep"
    ;;
  nested-json)
    # 100,000 nested arrays, and objects, as a request file and as a schema.
    { repeat 100000 '['; repeat 100000 ']'; echo; } > arrays.json
    { repeat 100000 '{"a":'; printf 1; repeat 100000 '}'; echo; } > objects.json
    run --fail-on=never arrays.json objects.json
    expect_rc 2
    expect_out "cannot analyze 'arrays.json'"
    run --fail-on=never --schema objects.json arrays.json
    ;;
  nested-host)
    # 100,000 nested brackets in a JavaScript file beside a query (tree-sitter
    # 0.20.7 corrupts its heap freeing a tree 65,536 deep): the file is
    # refused with one error; the query of the other file is still checked.
    { echo 'const cassandra = require("cassandra-driver");'
      echo 'client.execute("SELECT * FROM ks.t");'
      printf 'const x = '; repeat 100000 '['; echo ';'; } > deep.js
    { echo 'const cassandra = require("cassandra-driver");'
      echo 'client.execute("SELECT * FROM ks.t ALLOW FILTERING");'; } > ok.js
    run --fail-on=never deep.js ok.js
    expect_rc 2
    expect_out "cannot analyze 'deep.js': its brackets nest more than 10000 levels deep"
    expect_out "[allow-filtering]"
    ;;
  nested-hcl)
    # Terraform: 100,000 nested brackets in one file, 3,000 unclosed blocks
    # in another, and a table beside them that is still read.
    { printf 'resource "aws_dynamodb_table" "t" {\n  name = '; repeat 100000 '['; echo; } > deep.tf
    { repeat 3000 'b {\n'; } > unclosed.tf
    mkdir -p ok
    printf 'resource "aws_dynamodb_table" "t" {\n  name = "orders"\n  hash_key = "id"\n  billing_mode = "PAY_PER_REQUEST"\n  attribute {\n    name = "id"\n    type = "S"\n  }\n}\n' > ok/main.tf
    echo '{"TableName": "orders"}' > ok/scan.json
    run --fail-on=never deep.tf unclosed.tf ok
    expect_rc 0
    expect_out "invalid HCL: brackets nested more than 10000 levels deep"
    expect_out "Scan reads every item of table 'orders'"
    ;;
  nested-expression)
    # 100,000 parentheses in a key condition (over DynamoDB's 4 KB limit),
    # 1,000 within 4 KB (over the 200-level limit), 3,000 in PartiQL.
    { printf '{"TableName": "Orders", "KeyConditionExpression": "'; repeat 100000 '('
      printf 'pk = :v'; repeat 100000 ')'; printf '", "ExpressionAttributeValues": {":v": {"S": "x"}}}\n'
      printf '{"TableName": "Orders", "FilterExpression": "'; repeat 1000 '('
      printf 'pk = :v'; repeat 1000 ')'; printf '", "ExpressionAttributeValues": {":v": {"S": "x"}}}\n'
      printf '{"Statement": "SELECT * FROM Orders WHERE '; repeat 3000 '('; printf 'pk = 1'; repeat 3000 ')'; printf '"}\n'
    } > requests.ndjson
    run --fail-on=never requests.ndjson
    expect_rc 0
    [ "$(grep -c 'invalid-query' out)" -ge 3 ] || fail "expected 3 invalid-query errors"
    expect_out "nests 3000 levels deep"
    ;;
  huge-line)
    # A 100 MB single-line file: skipped by the size limit, named or found
    # by a walk, quickly and in little memory.
    mkdir tree
    repeat 3300000 'SELECT * FROM ks.t WHERE k = 1; ' > tree/huge.cql
    echo >> tree/huge.cql
    # Nothing is left to analyze: --allow-empty accepts that (exit 2 else).
    run --fail-on=never --allow-empty tree/huge.cql
    expect_rc 0
    expect_err "note: skipped 'tree/huge.cql'"
    run --fail-on=never --allow-empty tree
    expect_rc 0
    expect_err "note: skipped 'tree/huge.cql'"
    ;;
  size-limit)
    # Over --max-file-size: skipped with a note, the others analyzed; a
    # 1 MB single line with a finding per statement prints each finding
    # without repeating the line.
    printf 'CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n' > schema.cql
    repeat 32000 'SELECT * FROM ks.t WHERE v = 1; ' > line.cql
    echo >> line.cql
    printf 'SELECT * FROM ks.t;\n' > small.cql
    run --fail-on=never --schema schema.cql --max-file-size=100000 line.cql small.cql
    expect_rc 0
    expect_err "note: skipped 'line.cql'"
    expect_out "small.cql:1:1"
    run --fail-on=never --quiet --schema schema.cql line.cql
    expect_rc 0
    # Three findings with notes per statement, about 1.2 KB: linear in the
    # findings, not in findings times the line (that was 54 GB).
    [ "$(stat -c %s out)" -lt 64000000 ] || fail "output of $(stat -c %s out) bytes"
    ;;
  bad-bytes)
    # Invalid UTF-8 and NUL bytes, in every kind of input, named and walked.
    mkdir tree
    printf 'SELECT * FROM t WHERE k = \xff\xfe;\n' > tree/bad.cql
    printf 'SELECT * FROM t\0 WHERE k = 1;\n' > tree/nul.cql
    printf '{"TableName": "Orders\0", "Key": {}}\n' > tree/nul.json
    printf '{"TableName": "\xc3\x28"}\n' > tree/bad.json
    printf 'Resources:\n  T:\n    Type: "AWS::DynamoDB::Table\xff"\n\0\n' > tree/bad.yaml
    printf 'q = "SELECT * FROM t\0"\n' > tree/nul.py
    printf 'String q = "SELECT * FROM t \xff";\n' > tree/Bad.java
    run --fail-on=never tree/bad.cql tree/nul.cql tree/nul.json tree/bad.json tree/bad.yaml tree/nul.py tree/Bad.java
    expect_rc 2
    expect_out "bad.cql"
    run --fail-on=never tree
    ;;
  many-statements)
    # 20,000 statements in one .cql file (1.1 MB), each with a finding.
    printf 'CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n' > schema.cql
    awk 'BEGIN { for (i = 0; i < 20000; i++) printf "SELECT * FROM ks.t WHERE v = %d;\n", i }' > many.cql
    run --fail-on=never --quiet --schema schema.cql many.cql
    expect_rc 0
    [ "$(grep -c '^many.cql:' out)" -ge 20000 ] || fail "expected 20000 findings"
    ;;
  full-size-file)
    # A file at the default size limit (2 MiB) of short statements: about
    # 35,000 statements and 700,000 tokens. The parser holds one statement's
    # tokens at a time, so memory follows the IR, not the tokens: a ceiling
    # of 256 MB (measured 86 MB; 469 MB before the tokens and the IR's
    # optional parts were slimmed), 1 GB under the sanitizers.
    if [ -n "$sanitized" ]; then rss_mb=1024; else rss_mb=256; fi
    printf 'CREATE TABLE ks.t (pk int, ck text, a int, b int, c int, PRIMARY KEY (pk, ck));\n' > schema.cql
    awk 'BEGIN { n = 0; for (i = 0; n < 2097000; i++) { s = sprintf("SELECT a, b, c FROM ks.t WHERE pk = %d AND ck > '"'"'x%d'"'"';\n", i, i); printf "%s", s; n += length(s) } }' > full.cql
    [ "$(stat -c %s full.cql)" -le 2097152 ] || fail "generated file over 2 MiB"
    run --schema schema.cql full.cql
    expect_rc 0
    expect_out "0 errors, 0 warnings"
    ;;
  prediction)
    # Statement shapes that make ANTLR predict a lot (long select lists of
    # calls, casts, nested types, long AND chains, collection literals) each
    # just under 2 MB, and one over 100,000 tokens: refused as too complex.
    awk 'BEGIN { printf "SELECT "; for (i = 0; i < 16000; i++) printf "f(a, (int)-b, [c, {d: (e, f)}]),"; print "v FROM t;" }' > calls.cql
    awk 'BEGIN { printf "CREATE TABLE t (k int PRIMARY KEY"; for (i = 0; i < 20000; i++) printf ", c%d map<text, frozen<list<tuple<int, text>>>>", i; print ");" }' > types.cql
    awk 'BEGIN { printf "SELECT * FROM t WHERE k = 1"; for (i = 0; i < 40000; i++) printf " AND c%d = ?", i; print " ALLOW FILTERING;" }' > chain.cql
    awk 'BEGIN { printf "SELECT "; for (i = 0; i < 200000; i++) printf "f(a,b),"; print "v FROM t;" }' > long.cql
    run --fail-on=never --max-file-size=3000000 calls.cql types.cql chain.cql long.cql
    expect_out "long.cql:1:1: error: statement is too complex to analyze"
    ;;
  links)
    # Symbolic link loops (directories and files), a dangling link, a link
    # out of the tree (not followed), unreadable files and directories.
    mkdir -p tree/a/b outside
    printf 'CREATE TABLE ks.t (k int PRIMARY KEY, v int);\nSELECT * FROM ks.t;\n' > outside/secret.cql
    printf 'CREATE TABLE ks.u (k int PRIMARY KEY, v int);\nSELECT * FROM ks.u;\n' > tree/a/in.cql
    ln -s .. tree/a/b/up
    ln -s ../.. tree/a/b/top
    ln -s loop1.cql tree/loop2.cql
    ln -s loop2.cql tree/loop1.cql
    ln -s missing.cql tree/dangling.cql
    ln -s ../outside tree/escape
    ln -s ../outside/secret.cql tree/alias.cql
    ln -s "$work/outside/secret.cql" tree/absolute.cql
    ln -s a/in.cql tree/inside.cql
    run --fail-on=never tree
    grep -q secret out && fail "followed a link out of the tree"
    expect_out "tree/a/in.cql:2:1"
    # Unreadable files and directories. Permissions do not stop root: as
    # root, nosqlint runs as nobody (setpriv) when that user can reach it.
    if [ "$(id -u)" = 0 ]; then
      chmod 755 "$work"
      setpriv=$(command -v setpriv)
      if [ -n "$setpriv" ] &&
         "$setpriv" --reuid=65534 --regid=65534 --clear-groups "$nosqlint" --version >/dev/null 2>&1; then
        run_as=("$setpriv" --reuid=65534 --regid=65534 --clear-groups)
      fi
    fi
    if [ "$(id -u)" != 0 ] || [ ${#run_as[@]} -gt 0 ]; then
      printf 'SELECT * FROM ks.t;\n' > tree/locked.cql
      mkdir tree/closed && printf 'SELECT 1;\n' > tree/closed/x.cql
      chmod 000 tree/locked.cql tree/closed
      run --fail-on=never tree
      echo "[$case] unreadable entries checked${run_as[*]:+ (as nobody)}"
      expect_rc 2
      expect_out "locked.cql:1:1: error: cannot read"
      expect_out "closed"
      expect_out "tree/a/in.cql:2:1"
    else
      echo "[$case] running as root and nobody cannot reach $nosqlint: unreadable cases not run"
    fi
    ;;
  side-effects)
    # nosqlint writes nothing but its output and its result cache
    # (.nosqlint_cache in the working directory; nothing with --no-cache)
    # and executes nothing it reads: the tree is unchanged, no marker
    # appears.
    mkdir tree run
    marker=$work/executed
    printf -- "-- \$(touch %s) \`touch %s\`\nSELECT * FROM ks.t WHERE k = '\$(touch %s)';\n" "$marker" "$marker" "$marker" > tree/q.cql
    printf 'import os\nos.system("touch %s")\nsession.execute("SELECT * FROM t WHERE k = 1")\n' "$marker" > tree/app.py
    printf 'keyspace: ks\ntable: t\ntable_definition: |\n  CREATE TABLE t (k int PRIMARY KEY)\nqueries:\n  q:\n    cql: SELECT * FROM t WHERE k = ?\n# !!python/object/apply:os.system ["touch %s"]\n' "$marker" > tree/stress.yaml
    printf 'Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      TableName: !Sub "${AWS::StackName}-$(touch %s)"\n' "$marker" > tree/cfn.yaml
    before=$(find tree -printf '%p %s %T@ %m\n' | sort)
    cd run
    "$bounded" "$seconds" "$rss_mb" "$as_mb" ../out ../err -- "$nosqlint" --fail-on=never --format=sarif ../tree
    [ "$(ls -A)" = ".nosqlint_cache" ] ||
      fail "wrote into the working directory more than its cache: $(ls -A)"
    rm -rf .nosqlint_cache
    "$bounded" "$seconds" "$rss_mb" "$as_mb" ../out ../err -- "$nosqlint" --fail-on=never --format=sarif --no-cache ../tree
    cd ..
    after=$(find tree -printf '%p %s %T@ %m\n' | sort)
    [ "$before" = "$after" ] || fail "the tree changed"
    [ -z "$(ls -A run)" ] || fail "wrote into the working directory with --no-cache: $(ls -A run)"
    [ ! -e "$marker" ] || fail "executed something it read"
    ;;
  serverless-variables)
    # A Serverless service whose variables are hostile: a chain of 10,000
    # self references, a self-referencing variable, a name of 10,000
    # variables, a value doubling over 40 levels (2^40 bytes), variables
    # nested 10,000 deep, and 1,000 tables reached through the chain. Every
    # value ends resolved or unknown (depth, length and work bounds).
    awk 'function tbl(id, name) {
           printf "    %s:\n      Type: AWS::DynamoDB::Table\n      Properties:\n", id
           printf "        TableName: %s\n", name
           printf "        AttributeDefinitions: [{AttributeName: id, AttributeType: S}]\n"
           printf "        KeySchema: [{AttributeName: id, KeyType: HASH}]\n"
         }
         BEGIN {
           printf "service: shop\nprovider: {name: aws, stage: prod}\ncustom:\n"
           printf "  self: ${self:custom.self}\n  x: ab\n  d0: xy\n"
           for (i = 0; i < 10000; i++) printf "  v%d: ${self:custom.v%d}\n", i, i + 1
           printf "  v10000: end\n"
           for (i = 1; i <= 40; i++) printf "  d%d: ${self:custom.d%d}${self:custom.d%d}\n", i, i - 1, i - 1
           printf "resources:\n  Resources:\n"
           tbl("Chain", "${self:custom.v0}")
           tbl("SelfRef", "${self:custom.self}")
           long = ""; for (i = 0; i < 10000; i++) long = long "${self:custom.x}"
           tbl("Long", "\"" long "\"")
           tbl("Doubled", "${self:custom.d40}")
           nested = ""; for (i = 0; i < 10000; i++) nested = nested "${self:"
           nested = nested "x"; for (i = 0; i < 10000; i++) nested = nested "}"
           tbl("Nested", "\x27" nested "\x27")
           for (i = 0; i < 1000; i++) tbl("T" i, "t" i "-${self:custom.v" (9000 + i % 1000) "}")
         }' > serverless.yml
    printf '{"operation": "GetItem", "request": {"TableName": "Chain", "Key": {"id": {"S": "1"}}}}\n' > requests.json
    run --fail-on=never serverless.yml
    expect_rc 0
    expect_out "Member must have length less than or equal to 255"
    run --fail-on=never --schema serverless.yml requests.json
    expect_rc 0
    expect_out "0 errors, 0 warnings"
    ;;
  package-names)
    # One Go file of a package declares 20,000 constants and builds its
    # query from a name it does not declare; 500 other files of the package
    # (22 MB) hold no query, and one of them declares that name. Each file
    # set aside is looked at for the package's names once (their words are
    # gathered), not once per name: 13-18 s for 5,000 names before.
    mkdir -p pkg
    { printf 'package pkg\n\nimport "github.com/gocql/gocql"\n\nconst (\n'
      awk 'BEGIN { for (i = 0; i < 20000; i++) printf "\tcolumnName%d = \"c%d\"\n", i, i }'
      printf ')\n\nfunc q(s *gocql.Session) {\n\ts.Query("SELECT * FROM t WHERE v = ?" + missingSuffix).Exec()\n}\n'
    } > pkg/queries.go
    for f in $(seq 0 499); do
      { printf 'package pkg\n\n'
        awk -v f="$f" 'BEGIN { for (j = 0; j < 800; j++) printf "func f%d_%d(x int) int { return x + helperNumber%d(x) }\n", f, j, j % 97 }'
      } > "pkg/helper$f.go"
    done
    printf '\nconst missingSuffix = " ALLOW FILTERING"\n' >> pkg/helper250.go
    printf 'CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n' > schema.cql
    run --fail-on=never --schema schema.cql pkg
    expect_rc 0
    expect_out "queries.go:20009:25: warning: reads every partition"
    expect_out "[allow-filtering]"
    ;;
  many-files)
    # A tree of 100,000 small files in 1,000 directories.
    mkdir tree
    printf 'CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n' > schema.cql
    awk -v root=tree 'BEGIN {
      for (d = 0; d < 1000; d++) {
        dir = root "/d" d; system("mkdir " dir)
        for (f = 0; f < 100; f++) {
          path = dir "/q" f ".cql"
          printf "SELECT v FROM ks.t WHERE k = %d;\n", f > path; close(path)
        }
      }
    }'
    run --fail-on=never --quiet --schema schema.cql tree
    expect_rc 0
    ;;
  *)
    echo "hostile.sh: unknown case '$case'" >&2
    exit 2 ;;
esac
echo "[$case] ok"
