// What the extension starts and which documents it hands to the server.
// Kept free of the `vscode` module so the test (tests/lsp/vscode-client.js)
// can run it under plain Node.

/** The languages nosqlint reads, as VS Code names them. */
const LANGUAGES = [
  'cql', 'json', 'yaml', 'terraform', 'java', 'kotlin', 'scala', 'python',
  'go', 'javascript', 'typescript', 'typescriptreact', 'csharp',
  'shellscript', 'dockerfile',
];

/** `nosqlint server` with the user's options. */
function serverCommand(settings) {
  const path = (settings && settings.path) || 'nosqlint';
  const args = (settings && Array.isArray(settings.args)) ? settings.args : [];
  return { command: path, args: ['server', ...args] };
}

/** Files on disk in those languages (not untitled buffers). */
function documentSelector() {
  return LANGUAGES.map((language) => ({ scheme: 'file', language }));
}

module.exports = { LANGUAGES, serverCommand, documentSelector };
