-- Drives client-nvim/ (put on 'runtimepath' with --cmd, before plugins load, as a user's init.lua
-- does) in a headless Neovim against the real server and writes what it observed
-- as JSON to $TENSORLS_RESULT; pytest asserts on that file. Every step records its error instead
-- of stopping the run, so one missing feature does not hide the others.
local python = assert(os.getenv('TENSORLS_PYTHON'))
local workdir = assert(os.getenv('TENSORLS_WORKDIR'))
local result_file = assert(os.getenv('TENSORLS_RESULT'))
local wait_ms = 60000

local observed = { errors = {} }

local function step(name, body)
  local ok, err = pcall(body)
  if not ok then
    observed.errors[name] = tostring(err)
  end
end

local function attached_client(bufnr)
  local attached = vim.wait(wait_ms, function()
    return #vim.lsp.get_clients({ bufnr = bufnr, name = 'tensorls' }) > 0
  end, 20)
  assert(attached, 'tensorls did not attach to ' .. vim.api.nvim_buf_get_name(bufnr))
  return vim.lsp.get_clients({ bufnr = bufnr, name = 'tensorls' })[1]
end

local function diagnostic_with_code(bufnr, code)
  local found = nil
  vim.wait(wait_ms, function()
    for _, diagnostic in ipairs(vim.diagnostic.get(bufnr)) do
      if diagnostic.code == code then
        found = diagnostic
        return true
      end
    end
    return false
  end, 20)
  return found
end

local function hover_text(contents)
  if type(contents) == 'string' then
    return contents
  end
  if contents.value ~= nil then
    return contents.value
  end
  local parts = {}
  for _, part in ipairs(contents) do
    table.insert(parts, type(part) == 'string' and part or part.value)
  end
  return table.concat(parts, '\n')
end

vim.lsp.config('tensorls', { cmd = require('tensorls').server_cmd(python) })
vim.lsp.enable('tensorls')

step('shape', function()
  vim.cmd.edit(vim.fs.joinpath(workdir, 'shape_bug.py'))
  local bufnr = vim.api.nvim_get_current_buf()
  observed.filetype = vim.bo[bufnr].filetype
  local client = attached_client(bufnr)
  observed.offset_encoding = client.offset_encoding
  observed.root_dir = client.root_dir
  local diagnostic = diagnostic_with_code(bufnr, 'shape-matmul')
  assert(diagnostic ~= nil, 'no shape-matmul diagnostic: ' .. vim.inspect(vim.diagnostic.get(bufnr)))
  observed.diagnostic = {
    code = diagnostic.code,
    lnum = diagnostic.lnum,
    col = diagnostic.col,
    severity = diagnostic.severity,
    message = diagnostic.message,
  }
  vim.api.nvim_win_set_cursor(0, { 4, 4 })
  local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
  local response = client:request_sync('textDocument/hover', params, wait_ms, bufnr)
  assert(response ~= nil, 'no answer to textDocument/hover')
  assert(response.err == nil, vim.inspect(response.err))
  assert(response.result ~= nil, 'an empty hover on a')
  observed.hover = hover_text(response.result.contents)
end)

step('inlay_hints', function()
  local bufnr = vim.fn.bufnr(vim.fs.joinpath(workdir, 'shape_bug.py'))
  vim.lsp.inlay_hint.enable(true, { bufnr = bufnr })
  local hints = {}
  vim.wait(wait_ms, function()
    hints = vim.lsp.inlay_hint.get({ bufnr = bufnr })
    return #hints > 0
  end, 20)
  observed.inlay_hints = {}
  for _, item in ipairs(hints) do
    local label = item.inlay_hint.label
    if type(label) ~= 'string' then
      local parts = {}
      for _, part in ipairs(label) do
        table.insert(parts, part.value)
      end
      label = table.concat(parts)
    end
    table.insert(observed.inlay_hints, {
      line = item.inlay_hint.position.line,
      character = item.inlay_hint.position.character,
      label = label,
    })
  end
end)

step('notebook', function()
  local jupytext = assert(os.getenv('TENSORLS_JUPYTEXT'))
  require('tensorls.notebooks').setup({ command = jupytext })
  local path = vim.fs.joinpath(workdir, 'notebook.ipynb')
  vim.cmd.edit(path)
  local bufnr = vim.api.nvim_get_current_buf()
  observed.notebook_filetype = vim.bo[bufnr].filetype
  attached_client(bufnr)
  local diagnostic = diagnostic_with_code(bufnr, 'shape-matmul')
  assert(diagnostic ~= nil, 'no shape-matmul diagnostic in the notebook: ' .. vim.inspect(vim.diagnostic.get(bufnr)))
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, true)
  observed.notebook_diagnostic_line = lines[diagnostic.lnum + 1]
  observed.notebook_markers = #vim.tbl_filter(function(line)
    return line == '# %%'
  end, lines)
  for index, line in ipairs(lines) do
    if line:find('(5, 6)', 1, true) then
      vim.api.nvim_buf_set_lines(bufnr, index - 1, index, true, { (line:gsub('%(5, 6%)', '(4, 6)')) })
    end
  end
  vim.cmd.write()
  observed.notebook_modified_after_write = vim.bo[bufnr].modified
  vim.wait(wait_ms, function()
    for _, item in ipairs(vim.diagnostic.get(bufnr)) do
      if item.code == 'shape-matmul' then
        return false
      end
    end
    return true
  end, 20)
  observed.notebook_diagnostics_after_fix = #vim.diagnostic.get(bufnr)
end)

step('horovod', function()
  vim.cmd.edit(vim.fs.joinpath(workdir, 'tf2_gradient_tape.py'))
  local bufnr = vim.api.nvim_get_current_buf()
  local client = attached_client(bufnr)
  local training = diagnostic_with_code(bufnr, 'single-device-training')
  assert(training ~= nil, 'no single-device-training diagnostic: ' .. vim.inspect(vim.diagnostic.get(bufnr)))
  observed.training_line = training.lnum
  local done, reason = false, nil
  require('tensorls').distribute_with_horovod(client, bufnr, function(failure)
    done, reason = true, failure
  end)
  assert(vim.wait(wait_ms, function()
    return done
  end, 20), 'the Horovod rewrite did not finish')
  assert(reason == nil, reason)
  observed.rewritten = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, true), '\n') .. '\n'
  observed.commands = vim.tbl_keys(vim.api.nvim_buf_get_commands(bufnr, {}))
end)

step('native_code_action', function()
  vim.cmd.edit(vim.fs.joinpath(workdir, 'tf2_native.py'))
  local bufnr = vim.api.nvim_get_current_buf()
  attached_client(bufnr)
  local training = diagnostic_with_code(bufnr, 'single-device-training')
  assert(training ~= nil, 'no single-device-training diagnostic: ' .. vim.inspect(vim.diagnostic.get(bufnr)))
  vim.api.nvim_win_set_cursor(0, { training.lnum + 1, training.col })
  local before = vim.b[bufnr].changedtick
  vim.lsp.buf.code_action({
    apply = true,
    filter = function(action)
      return action.title == 'Distribute with Horovod'
    end,
  })
  assert(vim.wait(wait_ms, function()
    return vim.b[bufnr].changedtick ~= before
  end, 20), 'vim.lsp.buf.code_action applied nothing')
  observed.native_rewritten = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, true), '\n') .. '\n'
end)

local file = assert(io.open(result_file, 'w'))
file:write(vim.json.encode(observed))
file:close()
vim.cmd('qall!')
