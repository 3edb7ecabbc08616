-- Creates :TensorlsDistribute in every buffer the tensorls server attaches to. An LspAttach
-- autocommand rather than an on_attach field in lsp/tensorls.lua, so that a user's own
-- on_attach (from vim.lsp.config('*', ...) or nvim-lspconfig) stays in effect.
vim.api.nvim_create_autocmd('LspAttach', {
  group = vim.api.nvim_create_augroup('tensorls', { clear = true }),
  callback = function(args)
    local client = vim.lsp.get_client_by_id(args.data.client_id)
    if client ~= nil and client.name == 'tensorls' then
      require('tensorls').create_commands(client, args.buf)
    end
  end,
})
