// A minimal client: starts `nosqlint server` over stdio for the languages
// nosqlint reads; diagnostics, code actions and hover come from the server.
// The command nosqlint.openRulePage is the server's: it asks the editor to
// open the rule's page (window/showDocument), which the client handles.
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');
const vscode = require('vscode');
const { serverCommand, documentSelector } = require('./serverConfig');

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration('nosqlint');
  const { command, args } = serverCommand({
    path: settings.get('path'),
    args: settings.get('args'),
  });
  const run = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient('nosqlint', 'nosqlint', { run, debug: run }, {
    documentSelector: documentSelector(),
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
