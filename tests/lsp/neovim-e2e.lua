-- The language server in a real client: Neovim 0.7's built-in LSP client,
-- headless. Opens a .cql file of a project whose nosqlint.toml names its
-- schema, waits for the diagnostics, asks for the code actions at the
-- finding, applies the preferred one (the fix-it), and waits for the
-- diagnostic to go away; then hovers the table name. Exit code 0: pass.
local bin = os.getenv('NOSQLINT_BINARY')
local dir = os.getenv('E2E_DIR')
local timeout = 20000

local function fail(message)
  io.stderr:write('neovim-e2e: FAIL: ' .. message .. '\n')
  vim.cmd('cquit 1')
end

local function check(ok, message)
  if not ok then
    fail(message)
  end
end

vim.cmd('edit ' .. dir .. '/queries.cql')
local bufnr = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = 'nosqlint',
  cmd = { bin, 'server' },
  root_dir = dir,
  flags = { debounce_text_changes = 0 },
})
check(client_id, 'the client did not start')
vim.lsp.buf_attach_client(bufnr, client_id)

-- 1. Diagnostics arrive, with the rule id as code.
check(vim.wait(timeout, function()
  return #vim.diagnostic.get(bufnr) > 0
end, 20), 'no diagnostics were published')
local diags = vim.diagnostic.get(bufnr)
check(#diags == 1, 'expected one diagnostic, got ' .. #diags)
local d = diags[1]
local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
check(code == 'allow-filtering', 'unexpected rule ' .. tostring(code))

-- 2. The code actions at the finding; the preferred one is the fix-it.
local client = vim.lsp.get_client_by_id(client_id)
local params = {
  textDocument = vim.lsp.util.make_text_document_params(bufnr),
  range = {
    start = { line = d.lnum, character = d.col },
    ['end'] = { line = d.end_lnum, character = d.end_col },
  },
  context = { diagnostics = { d.user_data and d.user_data.lsp or {} } },
}
local response = client.request_sync('textDocument/codeAction', params, timeout, bufnr)
check(response and response.result, 'no answer to textDocument/codeAction')
local fix
for _, action in ipairs(response.result) do
  if action.isPreferred then
    fix = action
  end
end
check(fix and fix.edit, 'no preferred code action with an edit')

-- 3. Applied, the edit changes the buffer; the client sends didChange and
-- the diagnostic goes away.
vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
local line = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1]
check(line == 'SELECT * FROM shop.users WHERE id = ?;', 'the fix left: ' .. line)
check(vim.wait(timeout, function()
  return #vim.diagnostic.get(bufnr) == 0
end, 20), 'the diagnostic did not go away')

-- 4. Hover on the table name shows its definition.
local hover = client.request_sync('textDocument/hover', {
  textDocument = vim.lsp.util.make_text_document_params(bufnr),
  position = { line = 0, character = 20 },
}, timeout, bufnr)
local value = hover and hover.result and hover.result.contents and hover.result.contents.value or ''
check(value:find('CREATE TABLE shop.users', 1, true), 'hover showed: ' .. value)

client.stop()
vim.wait(2000, function() return client.is_stopped() end, 20)
io.stderr:write('neovim-e2e: pass: diagnostic published, fix-it applied, '
  .. 'diagnostic gone, hover on the table\n')
vim.cmd('qall!')
