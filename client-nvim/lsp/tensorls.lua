--- tensorls: certain tensor-shape errors, inferred shapes on hover and inlay hints, and the
--- "Distribute with Horovod" rewrite for Python machine-learning code.
---
--- Neovim 0.11+: with this folder on 'runtimepath', `vim.lsp.enable('tensorls')` starts the server
--- with `python3` for Python buffers, through a launcher that keeps the project folder off
--- `sys.path` (so that opening a project never executes its code; see lua/tensorls/init.lua).
--- Override any field; another interpreter with
--- `vim.lsp.config('tensorls', { cmd = require('tensorls').server_cmd('/path/to/venv/bin/python') })`.
--- Settings (section `tensorls`) are answered to the server's `workspace/configuration`.
---
--- In attached buffers `:TensorlsDistribute` (from plugin/tensorls.lua) applies
--- "Distribute with Horovod" to the whole file.

---@type vim.lsp.Config
return {
  cmd = require('tensorls').server_cmd('python3'),
  filetypes = { 'python' },
  root_markers = { 'pyproject.toml', 'setup.py', 'setup.cfg', '.git' },
  settings = {
    tensorls = {
      mode = 'certain',
      inlayHints = true,
      timeBudgetMs = 2000,
      debounceMs = 30,
    },
  },
}
