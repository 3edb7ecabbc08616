--- Jupyter notebooks in Neovim as percent-format Python scripts, through the real `jupytext`
--- command (PyPI: `pip install jupytext`), as the jupytext.nvim workflow does: reading an `.ipynb`
--- shows its cells as a `# %%` script (filetype python, so tensorls attaches and checks it like
--- any script: a diagnostic's line is the line you see); writing sends the script back through
--- `jupytext --update`, which keeps the notebook's outputs and metadata.
---
--- Opt in with `require('tensorls.notebooks').setup()` (options: `command`, the jupytext
--- executable, default `jupytext`). Nothing is written when jupytext fails: the error is shown
--- and the buffer stays modified.
local M = {}

--- The jupytext format the buffer shows.
M.FORMAT = 'py:percent'

---@param command string
---@param path string
---@return string[]|nil lines, string|nil error
function M.read(command, path)
  local ok, process = pcall(vim.system, { command, '--to', M.FORMAT, '--output', '-', path }, { text = true })
  if not ok then
    return nil, tostring(process)
  end
  local done = process:wait()
  if done.code ~= 0 then
    return nil, (done.stderr ~= '' and done.stderr or ('jupytext exited with ' .. done.code))
  end
  local lines = vim.split(done.stdout, '\n', { plain = true })
  if lines[#lines] == '' then
    table.remove(lines)
  end
  return lines, nil
end

---@param command string
---@param path string
---@param lines string[]
---@return string|nil error
function M.write(command, path, lines)
  local arguments = { command, '--from', M.FORMAT, '--to', 'ipynb', '--output', path, '-' }
  if vim.uv.fs_stat(path) ~= nil then
    table.insert(arguments, 2, '--update')
  end
  local ok, process = pcall(vim.system, arguments, { text = true, stdin = table.concat(lines, '\n') .. '\n' })
  if not ok then
    return tostring(process)
  end
  local done = process:wait()
  if done.code ~= 0 then
    return done.stderr ~= '' and done.stderr or ('jupytext exited with ' .. done.code)
  end
  return nil
end

---@param opts {command: string|nil}|nil
function M.setup(opts)
  local command = (opts or {}).command or 'jupytext'
  local group = vim.api.nvim_create_augroup('tensorls-notebooks', { clear = true })
  vim.api.nvim_create_autocmd('BufReadCmd', {
    group = group,
    pattern = '*.ipynb',
    callback = function(args)
      local path = vim.fn.fnamemodify(args.match, ':p')
      local lines, err = M.read(command, path)
      if lines == nil then
        vim.notify('tensorls: cannot read ' .. path .. ' with jupytext: ' .. err, vim.log.levels.ERROR)
        return
      end
      vim.api.nvim_buf_set_lines(args.buf, 0, -1, false, lines)
      vim.bo[args.buf].modified = false
      vim.bo[args.buf].filetype = 'python'
    end,
  })
  vim.api.nvim_create_autocmd('BufWriteCmd', {
    group = group,
    pattern = '*.ipynb',
    callback = function(args)
      local path = vim.fn.fnamemodify(args.match, ':p')
      local err = M.write(command, path, vim.api.nvim_buf_get_lines(args.buf, 0, -1, false))
      if err ~= nil then
        vim.notify('tensorls: cannot write ' .. path .. ' with jupytext: ' .. err, vim.log.levels.ERROR)
        return
      end
      vim.bo[args.buf].modified = false
    end,
  })
end

return M
