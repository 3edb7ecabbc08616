--- Client-side helpers for the tensorls language server: the command that starts it safely and
--- the "Distribute with Horovod" command.
local M = {}

--- Python source run with `python -c` that starts the tensorls command line without importing
--- anything from the working directory: it removes every working-directory entry from
--- `sys.path` first. `python -m tensorls` would put the working directory (the project Neovim was
--- started in) first on `sys.path`, so that a `json.py`, `numpy.py` or `tensorls/` there would be
--- executed. The same launcher starts the server in the VS Code client
--- (client-vscode/src/launchArguments.json).
M.LAUNCHER = [[
import os, sys
real = lambda path: os.path.normcase(os.path.realpath(path))
try:
    here = real(os.getcwd())
except OSError:
    here = None
sys.path[:] = [path for path in sys.path if os.path.isabs(path) and real(path) != here]
from tensorls.cli import main
sys.exit(main())
]]

--- The command that starts the tensorls server with the interpreter `python` (a name on PATH or a
--- path), for the `cmd` field of the server configuration.
---@param python string
---@return string[]
function M.server_cmd(python)
  return { python, '-c', M.LAUNCHER, 'serve' }
end

--- Title of the rewrite the server offers.
M.HOROVOD_ACTION_TITLE = 'Distribute with Horovod'

--- Code of the information diagnostic the server puts on a single-device training loop.
M.SINGLE_DEVICE_TRAINING_CODE = 'single-device-training'

--- Neovim 0.11 made client functions methods (`client:request`); 0.10 has plain fields.
local HAS_CLIENT_METHODS = vim.fn.has('nvim-0.11') == 1

local function request(client, method, params, handler, bufnr)
  if HAS_CLIENT_METHODS then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function supports_method(client, method, bufnr)
  if HAS_CLIENT_METHODS then
    return client:supports_method(method, bufnr)
  end
  return client.supports_method(method, { bufnr = bufnr })
end

--- Kinds in order of preference when the server offers the rewrite under several kinds.
local PREFERRED_KINDS = { 'refactor.rewrite', 'source', 'quickfix' }

local function kind_rank(action)
  local kind = action.kind or ''
  for index, preferred in ipairs(PREFERRED_KINDS) do
    if kind == preferred or vim.startswith(kind, preferred .. '.') then
      return index
    end
  end
  return #PREFERRED_KINDS + 1
end

--- The Horovod rewrite among the items of a `textDocument/codeAction` result, or nil.
--- Enabled actions come before disabled ones; then the kind order decides.
---@param items (lsp.Command|lsp.CodeAction)[]|nil
---@return lsp.CodeAction|nil
function M.pick_horovod_action(items)
  local candidates = {}
  for _, item in ipairs(items or {}) do
    if type(item.command) ~= 'string' and item.title == M.HOROVOD_ACTION_TITLE then
      table.insert(candidates, item)
    end
  end
  table.sort(candidates, function(left, right)
    local left_disabled, right_disabled = left.disabled ~= nil, right.disabled ~= nil
    if left_disabled ~= right_disabled then
      return right_disabled
    end
    return kind_rank(left) < kind_rank(right)
  end)
  return candidates[1]
end

--- The server's `single-device-training` diagnostics of `bufnr`, as protocol diagnostics.
local function training_diagnostics(bufnr)
  local result = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(bufnr)) do
    local original = diagnostic.user_data and diagnostic.user_data.lsp
    if original and original.code == M.SINGLE_DEVICE_TRAINING_CODE then
      table.insert(result, original)
    end
  end
  return result
end

--- The length of `line` in the code units of the negotiated position encoding.
local function line_length(line, encoding)
  if encoding == 'utf-8' then
    return #line
  end
  if encoding == 'utf-32' then
    return vim.fn.strchars(line)
  end
  return vim.fn.strutf16len(line)
end

local function whole_buffer_range(bufnr, encoding)
  local last = vim.api.nvim_buf_line_count(bufnr) - 1
  local line = vim.api.nvim_buf_get_lines(bufnr, last, last + 1, true)[1]
  return {
    start = { line = 0, character = 0 },
    ['end'] = { line = last, character = line_length(line, encoding) },
  }
end

local function apply(client, bufnr, action, on_done)
  if action.edit == nil and action.command == nil then
    on_done('the server sent the Horovod rewrite without an edit')
    return
  end
  if action.edit ~= nil then
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  end
  if action.command == nil then
    on_done(nil)
    return
  end
  local command = { command = action.command.command, arguments = action.command.arguments }
  request(client, 'workspace/executeCommand', command, function(err)
    on_done(err ~= nil and ('workspace/executeCommand failed: ' .. err.message) or nil)
  end, bufnr)
end

--- Asks `client` for the code actions of the whole buffer `bufnr`, takes "Distribute with
--- Horovod", resolves it when it came without an edit, and applies its edit. Calls
--- `on_done(nil)` once applied, or `on_done(reason)` when nothing was applied.
---@param client vim.lsp.Client
---@param bufnr integer
---@param on_done fun(reason: string|nil)
function M.distribute_with_horovod(client, bufnr, on_done)
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    range = whole_buffer_range(bufnr, client.offset_encoding),
    context = { diagnostics = training_diagnostics(bufnr), triggerKind = 1 },
  }
  request(client, 'textDocument/codeAction', params, function(err, result)
    if err ~= nil then
      on_done('textDocument/codeAction failed: ' .. err.message)
      return
    end
    local action = M.pick_horovod_action(result)
    if action == nil then
      on_done('the server offers no Horovod rewrite for this file (no single-device TensorFlow 2 or PyTorch training loop, already distributed, or a horovod-restriction warning)')
      return
    end
    if action.disabled ~= nil then
      on_done(action.disabled.reason)
      return
    end
    if action.edit == nil and action.command == nil and supports_method(client, 'codeAction/resolve', bufnr) then
      request(client, 'codeAction/resolve', action, function(resolve_err, resolved)
        if resolve_err ~= nil then
          on_done('codeAction/resolve failed: ' .. resolve_err.message)
          return
        end
        apply(client, bufnr, resolved, on_done)
      end, bufnr)
      return
    end
    apply(client, bufnr, action, on_done)
  end, bufnr)
end

--- Creates `:TensorlsDistribute` in `bufnr` for `client`.
---@param client vim.lsp.Client
---@param bufnr integer
function M.create_commands(client, bufnr)
  vim.api.nvim_buf_create_user_command(bufnr, 'TensorlsDistribute', function()
    M.distribute_with_horovod(client, bufnr, function(reason)
      if reason ~= nil then
        vim.notify('tensorls: ' .. reason, vim.log.levels.WARN)
      end
    end)
  end, { desc = 'tensorls: Distribute with Horovod' })
end

return M
