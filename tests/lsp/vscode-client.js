// The VS Code extension's client side under plain Node: the server command
// and document selector come from editors/vscode/src/serverConfig.js (what
// the extension starts and hands over), the protocol from vscode-jsonrpc,
// the library vscode-languageclient speaks through. The session is what the
// extension's client does: initialize with workspace folders, open a
// document, receive diagnostics, request and apply a code action, see the
// diagnostic go away, open the rule page through the server's command,
// shut down. Exit code 0: pass. Usage: node vscode-client.js NOSQLINT PROJECT
'use strict';
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const rpc = require('vscode-jsonrpc/node');
const { LANGUAGES, serverCommand, documentSelector } =
  require(path.join(__dirname, '../../editors/vscode/src/serverConfig.js'));

const [bin, project] = process.argv.slice(2);
const fileUri = (p) => 'file://' + p.split('/').map(encodeURIComponent).join('/');

function fail(message) {
  console.error('vscode-client: FAIL: ' + message);
  process.exit(1);
}
const timer = setTimeout(() => fail('timed out'), 30000);

function applyEdits(text, edits) {
  const lineStarts = [0];
  for (let i = 0; i < text.length; ++i) if (text[i] === '\n') lineStarts.push(i + 1);
  const offset = (p) => lineStarts[p.line] + p.character; // ASCII test text
  const spans = edits.map((e) => [offset(e.range.start), offset(e.range.end), e.newText]);
  spans.sort((a, b) => b[0] - a[0]);
  for (const [b, e, t] of spans) text = text.slice(0, b) + t + text.slice(e);
  return text;
}

async function main() {
  const { command, args } = serverCommand({ path: bin, args: [] });
  if (args[0] !== 'server') fail('the extension does not start `nosqlint server`');
  if (!documentSelector().some((s) => s.language === 'cql' && s.scheme === 'file'))
    fail('the document selector leaves .cql files out');
  const proc = spawn(command, args, { cwd: project, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => proc.on('exit', (code) => resolve(code)));
  const conn = rpc.createMessageConnection(
    new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  const published = [];
  let waiting = null;
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    published.push(p);
    if (waiting) waiting();
  });
  conn.onNotification('window/logMessage', () => {});
  conn.onRequest('client/registerCapability', () => null);
  let shown = null;
  conn.onRequest('window/showDocument', (p) => { shown = p; return { success: true }; });
  conn.listen();
  const next = () => new Promise((resolve) => { waiting = resolve; });

  const init = await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: fileUri(project),
    workspaceFolders: [{ uri: fileUri(project), name: 'project' }],
    capabilities: {
      workspace: { didChangeWatchedFiles: { dynamicRegistration: true } },
      textDocument: { codeAction: { codeActionLiteralSupport: {} } },
      window: { showDocument: { support: true } },
    },
  });
  if (init.capabilities.textDocumentSync.change !== 1) fail('no full text sync');
  conn.sendNotification('initialized', {});

  const uri = fileUri(path.join(project, 'queries.cql'));
  let text = fs.readFileSync(path.join(project, 'queries.cql'), 'utf8');
  if (!LANGUAGES.includes('cql')) fail('cql is not a language of the extension');
  let arrived = next();
  conn.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'cql', version: 1, text },
  });
  await arrived;
  const diags = published[published.length - 1].diagnostics;
  if (diags.length !== 1 || diags[0].code !== 'allow-filtering')
    fail('unexpected diagnostics ' + JSON.stringify(diags));
  if (!diags[0].codeDescription || !diags[0].codeDescription.href.endsWith('/allow-filtering.md'))
    fail('no rule page link');

  const actions = await conn.sendRequest('textDocument/codeAction', {
    textDocument: { uri }, range: diags[0].range, context: { diagnostics: diags },
  });
  const fix = actions.find((a) => a.isPreferred);
  if (!fix) fail('no preferred code action');
  text = applyEdits(text, fix.edit.changes[uri]);
  if (text !== 'SELECT * FROM shop.users WHERE id = ?;\n') fail('the fix left ' + text);
  arrived = next();
  conn.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 }, contentChanges: [{ text }],
  });
  await arrived;
  const after = published[published.length - 1];
  if (after.version !== 2 || after.diagnostics.length !== 0)
    fail('the diagnostic did not go away: ' + JSON.stringify(after));

  const page = actions.find((a) => a.command && a.command.command === 'nosqlint.openRulePage');
  if (!page) fail('no rule page action');
  await conn.sendRequest('workspace/executeCommand', page.command);
  if (!shown || !shown.external || !shown.uri.endsWith('/allow-filtering.md'))
    fail('the rule page was not shown: ' + JSON.stringify(shown));

  await conn.sendRequest('shutdown');
  conn.sendNotification('exit');
  const code = await exited;
  clearTimeout(timer);
  if (code !== 0) fail('the server exited with ' + code);
  conn.dispose();
}

main().catch((e) => fail(String(e && e.stack || e)));
