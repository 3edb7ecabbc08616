-- Starts the tensorls server exactly as client-nvim/lsp/tensorls.lua configures it (no override:
-- `python3` from PATH), from the working directory Neovim was started in, opens shape_bug.py
-- there and writes the configured command and the diagnostic codes as JSON to $TENSORLS_RESULT.
local result_file = assert(os.getenv('TENSORLS_RESULT'))
local wait_ms = 60000
local observed = { errors = {} }

local ok, err = pcall(function()
  vim.lsp.enable('tensorls')
  vim.cmd.edit('shape_bug.py')
  local bufnr = vim.api.nvim_get_current_buf()
  local attached = vim.wait(wait_ms, function()
    return #vim.lsp.get_clients({ bufnr = bufnr, name = 'tensorls' }) > 0
  end, 20)
  assert(attached, 'tensorls did not attach')
  local client = vim.lsp.get_clients({ bufnr = bufnr, name = 'tensorls' })[1]
  observed.cmd = client.config.cmd
  observed.root_dir = client.root_dir
  vim.wait(wait_ms, function()
    for _, diagnostic in ipairs(vim.diagnostic.get(bufnr)) do
      if diagnostic.code == 'shape-matmul' then
        return true
      end
    end
    return client:is_stopped()
  end, 20)
  observed.codes = vim.tbl_map(function(diagnostic)
    return diagnostic.code
  end, vim.diagnostic.get(bufnr))
end)
if not ok then
  observed.errors.launch = tostring(err)
end

local handle = assert(io.open(result_file, 'w'))
handle:write(vim.json.encode(observed))
handle:close()
vim.cmd('qall!')
