#!/usr/bin/env bash
# Builds the seed corpus of one fuzz target from the test fixtures, the
# example application and ../shared/corpus/cql, at build or run time. Nothing
# here is committed: the output directory lives in the build tree.
#
#   fuzz/seed-corpus.sh <target> <output-dir> [shared-dir]
#
# Targets: cql-statement cql-file cql-schema cql-lexer dynamo-request dynamo-table-json
# dynamo-cfn-yaml dynamo-serverless-yaml terraform baseline patterns-report config-file shell-script hocon js-modules
# shared-client
# yaml-commands guardrail-file build-file lsp-message unified-diff suppressions
# cache-entry extract-<language>. The regression inputs of
# tests/fixtures/regressions/ join every corpus they match.
set -euo pipefail

target=$1
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${3:-$root/../shared}
mkdir -p "$out"

# Copies each file under the given directories matching the name pattern,
# named after a hash of its content (duplicates collapse).
copy() {
  local pattern=$1
  shift
  local dir f
  for dir in "$@"; do
    [ -d "$dir" ] || continue
    while IFS= read -r -d '' f; do
      cp "$f" "$out/$(sha1sum "$f" | cut -c1-16)"
    done < <(find "$dir" -type f -name "$pattern" -size -256k -print0)
  done
}

# Splits .cql files into one file per statement (a line ending in ';' ends a
# statement; good enough for seeds).
split_statements() {
  local dir f
  for dir in "$@"; do
    [ -d "$dir" ] || continue
    while IFS= read -r -d '' f; do
      awk -v out="$out" -v base="$(sha1sum "$f" | cut -c1-12)" '
        { buf = buf $0 "\n" }
        /;[ \t]*$/ { n++; printf "%s", buf > (out "/" base "-" n); close(out "/" base "-" n); buf = "" }
        END { if (buf ~ /[^ \t\n]/) { n++; printf "%s", buf > (out "/" base "-" n) } }' "$f"
    done < <(find "$dir" -type f -name '*.cql' -size -256k -print0)
  done
}

fixtures=$root/tests/fixtures
regressions=$fixtures/regressions
case "$target" in
  cql-statement)
    split_statements "$fixtures" "$shared/corpus/cql" "$root/schemas" ;;
  cql-file)
    copy '*.cql' "$fixtures" "$shared/corpus/cql" "$root/corpus" ;;
  cql-lexer)
    split_statements "$fixtures" "$shared/corpus/cql" "$root/schemas" ;;
  cql-schema)
    copy '*.cql' "$fixtures/cql-schema" "$root/schemas" "$regressions"
    find "$fixtures" -path '*/schema/*.cql' -print0 |
      while IFS= read -r -d '' f; do cp "$f" "$out/$(sha1sum "$f" | cut -c1-16)"; done
    copy '*.cql' "$shared/corpus/cql/cassandra-docs" ;;
  dynamo-request)
    copy '*.json' "$fixtures/dynamo" "$fixtures/dynamo-noschema" "$regressions"
    copy '*.ndjson' "$fixtures/dynamo" "$regressions" ;;
  dynamo-table-json)
    copy '*.json' "$fixtures/schema-dynamo" "$fixtures/dynamo/schema" "$root/schemas"
    copy '*.ndjson' "$fixtures/schema-dynamo" ;;
  dynamo-cfn-yaml)
    copy '*.yaml' "$fixtures/schema-dynamo" "$root/schemas" "$regressions"
    copy '*.yml' "$fixtures/schema-dynamo" "$root/schemas" "$regressions" ;;
  dynamo-serverless-yaml)
    copy 'serverless*.yml' "$fixtures" "$root/schemas" "$regressions"
    copy 'serverless*.yaml' "$fixtures" "$root/schemas" "$regressions" ;;
  terraform)
    copy '*.tf' "$fixtures" "$root/schemas" "$regressions" ;;
  baseline)
    copy '*.json' "$root/tests/golden/baseline" ;;
  patterns-report)
    copy '*.json' "$root/tests/patterns/diff" "$root/tests/golden/patterns" ;;
  shell-script)
    copy '*.sh' "$fixtures" "$regressions"
    copy 'Dockerfile' "$fixtures" "$regressions" ;;
  hocon)
    copy '*.conf' "$fixtures" "$regressions"
    copy 'application.properties' "$fixtures" "$regressions" ;;
  build-file)
    copy 'pom.xml' "$fixtures" "$regressions"
    copy '*.gradle' "$fixtures" "$regressions"
    copy '*.gradle.kts' "$fixtures" "$regressions"
    copy 'go.mod' "$fixtures" "$regressions"
    copy 'pyproject.toml' "$fixtures" "$regressions"
    copy 'requirements*.txt' "$fixtures" "$regressions" ;;
  js-modules)
    # tsconfig.json, package.json and two modules, NUL-separated, from the
    # toolbox monorepo fixture.
    m="$root/tests/fixtures/host-dynamo/toolbox-monorepo/packages/db"
    { cat "$m/tsconfig.json"; printf '\0'; cat "$m/package.json"; printf '\0'
      cat "$m/src/utils/get.ts"; printf '\0'; cat "$m/src/toolbox.ts"; } > "$out/monorepo" ;;
  shared-client)
    # A client module and a module that imports it, NUL-separated.
    d="$root/tests/fixtures/execution/shared"
    for m in db named exported es factory reassigned; do
      { cat "$d/$m.js"; printf '\0'; cat "$d/users.js"; } > "$out/$m"
    done
    { cat "$d/es.js"; printf '\0'; cat "$d/users_es.js"; } > "$out/es-users" ;;
  yaml-commands)
    copy '*.yaml' "$fixtures/host" "$regressions"
    copy '*.yml' "$fixtures/host" "$regressions"
    copy 'Makefile' "$fixtures" "$regressions" ;;
  config-file)
    copy '*.toml' "$root/tests/config" ;;
  guardrail-file)
    copy '*.yaml' "$root/tests/fixtures/guardrails" ;;
  cache-entry)
    # Entry bodies without their checksum (the target appends it): an empty
    # run, a report on stdout and stderr, and one with an -o file.
    python3 - "$out" <<'PY'
import struct, sys
def entry(code, chunks):
    b = b'NQLCACHE' + struct.pack('<I', 1) + bytes(range(32)) + struct.pack('<iI', code, len(chunks))
    for kind, path, data in chunks:
        b += struct.pack('<BI', kind, len(path)) + path + struct.pack('<Q', len(data)) + data
    return b
seeds = [entry(0, []),
         entry(1, [(1, b'', b'nosqlint: note: skipped x\n'),
                   (0, b'', b'a.cql:2:15: warning: reads every partition [full-scan]\n')]),
         entry(2, [(2, b'out.sarif', b'{"version": "2.1.0"}'), (0, b'', b'')])]
for i, s in enumerate(seeds):
    open('%s/seed-%d' % (sys.argv[1], i), 'wb').write(s)
PY
    ;;
  lsp-message)
    # What an editor writes: framed initialize, didOpen of a fixture's text
    # (CQL, Java, request JSON), didChange, hover, codeAction, shutdown, exit.
    python3 - "$out" "$root" <<'PY'
import json, os, sys
out, root = sys.argv[1], sys.argv[2]
def frame(msg):
    body = json.dumps(msg).encode()
    return b'Content-Length: %d\r\n\r\n' % len(body) + body
docs = [('tests/fixes/cql/queries.cql', 'cql'), ('corpus/README.md', 'markdown'),
        ('tests/fixes/dynamo/legacy.json', 'json')]
for root_dir, _, files in os.walk(os.path.join(root, 'tests/fixtures/host')):
    for f in sorted(files):
        if f.endswith('.java') and len(docs) < 6:
            docs.append((os.path.relpath(os.path.join(root_dir, f), root), 'java'))
for i, (path, lang) in enumerate(docs):
    full = os.path.join(root, path)
    if not os.path.exists(full):
        continue
    text = open(full, encoding='utf-8', errors='replace').read()[:8000]
    uri = 'file:///w/' + os.path.basename(path)
    msgs = [{'jsonrpc': '2.0', 'id': 1, 'method': 'initialize',
             'params': {'rootUri': 'file:///w', 'capabilities': {'general': {'positionEncodings': ['utf-8', 'utf-16']}}}},
            {'jsonrpc': '2.0', 'method': 'initialized', 'params': {}},
            {'jsonrpc': '2.0', 'method': 'textDocument/didOpen',
             'params': {'textDocument': {'uri': uri, 'languageId': lang, 'version': 1, 'text': text}}},
            {'jsonrpc': '2.0', 'method': 'textDocument/didChange',
             'params': {'textDocument': {'uri': uri, 'version': 2}, 'contentChanges': [{'text': text + '\n'}]}},
            {'jsonrpc': '2.0', 'id': 2, 'method': 'textDocument/hover',
             'params': {'textDocument': {'uri': uri}, 'position': {'line': 1, 'character': 3}}},
            {'jsonrpc': '2.0', 'id': 3, 'method': 'textDocument/codeAction',
             'params': {'textDocument': {'uri': uri}, 'range': {'start': {'line': 0, 'character': 0}, 'end': {'line': 3, 'character': 0}},
                        'context': {'diagnostics': []}}},
            {'jsonrpc': '2.0', 'id': 4, 'method': 'shutdown'},
            {'jsonrpc': '2.0', 'method': 'exit'}]
    open('%s/session-%d' % (out, i), 'wb').write(b''.join(frame(m) for m in msgs))
PY
    ;;
  unified-diff)
    # Two texts split at a NUL: a fixture and the same text with a line
    # removed, one changed and one added, with and without a final newline.
    python3 - "$out" "$root/tests/fixes" <<'PY'
import os, sys
out, fixes = sys.argv[1], sys.argv[2]
n = 0
for d, _, files in os.walk(fixes):
    for f in sorted(files):
        a = open(os.path.join(d, f), 'rb').read()[:16000]
        lines = a.split(b'\n')
        b = lines[:]
        if len(b) > 3:
            del b[1]
            b[len(b) // 2] += b' -- changed'
        b.append(b'added')
        for tail in (b'\n', b''):
            open('%s/pair-%d' % (out, n), 'wb').write(a + b'\0' + b'\n'.join(b) + tail)
            n += 1
PY
    ;;
  suppressions)
    # .cql files with their own `nosqlint:` comments, and the fixtures.
    copy '*.cql' "$fixtures/check" "$fixtures/suppressions" "$regressions"
    grep -rl --include='*.cql' 'nosqlint:' "$fixtures" 2>/dev/null |
      while IFS= read -r f; do cp "$f" "$out/$(sha1sum "$f" | cut -c1-16)"; done ;;
  extract-*)
    lang=${target#extract-}
    case "$lang" in
      java) exts='*.java' ;; kotlin) exts='*.kt' ;; scala) exts='*.scala' ;;
      python) exts='*.py' ;; go) exts='*.go' ;; javascript) exts='*.js' ;;
      typescript) exts='*.ts' ;; csharp) exts='*.cs' ;;
      *) echo "seed-corpus: unknown language '$lang'" >&2; exit 2 ;;
    esac
    copy "$exts" "$fixtures/host" "$root/corpus" "$regressions" ;;
  *)
    echo "seed-corpus: unknown target '$target'" >&2
    exit 2 ;;
esac
# Never start from an empty corpus.
[ -n "$(ls -A "$out")" ] || printf '\n' > "$out/empty"
echo "seed-corpus: $target: $(ls "$out" | wc -l) inputs in $out"
