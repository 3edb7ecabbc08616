--- tensorls: certain tensor-shape errors, inferred shapes on hover and inlay hints, and the
--- "Distribute with Horovod" rewrite for Python machine-learning code.
---
--- Neovim 0.11+: with this folder on 'runtimepath', `vim.lsp.enable('tensorls')` starts
--- `python3 -m tensorls serve` for Python buffers. Override any field with
--- `vim.lsp.config('tensorls', { cmd = { '/path/to/venv/bin/python', '-m', 'tensorls', 'serve' } })`.
--- Settings (section `tensorls`) are answered to the server's `workspace/configuration`.
---
--- In attached buffers `:TensorlsDistribute` (from plugin/tensorls.lua) applies
--- "Distribute with Horovod" to the whole file.

---@type vim.lsp.Config
return {
  cmd = { 'python3', '-m', 'tensorls', 'serve' },
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
