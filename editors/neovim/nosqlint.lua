-- nosqlint in Neovim (0.7 or later) with nvim-lspconfig: put this file in
-- ~/.config/nvim/lua/ and `require('nosqlint')` from init.lua, or paste it.
-- The workspace root is the folder of the nearest nosqlint.toml (or .git);
-- the server reads that configuration, and its schema, as `nosqlint check`.
vim.cmd([[autocmd BufRead,BufNewFile *.cql setfiletype cql]])

local lspconfig = require('lspconfig')
local configs = require('lspconfig.configs')

if not configs.nosqlint then
  configs.nosqlint = {
    default_config = {
      cmd = { 'nosqlint', 'server' }, -- add options as for `nosqlint check`
      filetypes = {
        'cql', 'json', 'yaml', 'terraform', 'java', 'kotlin', 'scala',
        'python', 'go', 'javascript', 'typescript', 'typescriptreact', 'cs',
        'sh', 'dockerfile',
      },
      root_dir = lspconfig.util.root_pattern('nosqlint.toml', '.nosqlint.toml',
                                             'pyproject.toml', '.git'),
      single_file_support = true,
    },
  }
end

lspconfig.nosqlint.setup({})
