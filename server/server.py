"""The tensorls language server: LSP handlers over documents, the scheduler and the features.

Handlers stay cheap on the event loop: text bookkeeping, position conversion and lookups in
cached analyses. Analyses run through :class:`~tensorls.server.scheduler.AnalysisScheduler` on a
worker thread, rewrites on a second worker thread. A handler that fails logs the error (stderr and
``window/logMessage``) and answers empty; the server never shows a popup.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import inspect
import logging
import os
import sys
import uuid
from collections.abc import Callable, Coroutine
from typing import Any, BinaryIO, NoReturn, TypeVar

from lsprotocol import types
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer
from tensorls.analyses import AnalysisResult
from tensorls.analyses.progress import Progress
from tensorls.analyses.text import SourceText

from tensorls import __version__

from . import code_actions, notebook_sync, rank_views
from .analyser import analyse_on_first_use, load_analyser
from .analysis_progress import PROGRESS_DELAY_SECONDS, AnalysisProgress
from .byte_sources import FileSource, StreamSource
from .diagnostics import result_id, to_lsp_diagnostics
from .documents import Analysis, DocumentState
from .early_initialize import EarlyStart
from .encoding import UTF16, PositionEncoder
from .framing import FrameReader
from .hover import hover, preferred_markup
from .inlay_hints import inlay_hints
from .joined_notebooks import cell_wording
from .notebooks import NotebookState
from .protocol import TensorProtocol
from .scheduler import STALE_AFTER_SECONDS, AnalysisScheduler, Job
from .settings import SECTION, ServerSettings, resolve_settings
from .text_sync import apply_changes
from .uris import same_resource_key
from .workers import DaemonExecutor
from .workspace_modules import ServerWorkspace, path_of

logger = logging.getLogger(__name__)

PULL_POLL_SECONDS = 0.1
CODE_ACTION_WAIT_SECONDS = 10.0
"""Longest a code action request waits for the current text's analysis (the rewrites it offers
come from that analysis; right after an edit or an undo it is usually still running)."""
Handler = TypeVar("Handler", bound=Callable[..., Any])


class ClientLogHandler(logging.Handler):
    """Forwards tensorls log records to the client's log (``window/logMessage``), thread-safely."""

    LEVELS = (
        (logging.ERROR, types.MessageType.Error),
        (logging.WARNING, types.MessageType.Warning),
        (logging.INFO, types.MessageType.Info),
    )

    def __init__(self, server: TensorLanguageServer) -> None:
        super().__init__(level=logging.INFO)
        self._server = server

    def emit(self, record: logging.LogRecord) -> None:
        loop = self._server.loop
        if loop is None or loop.is_closed():
            return
        kind = next(
            (kind for level, kind in self.LEVELS if record.levelno >= level), types.MessageType.Log
        )
        params = types.LogMessageParams(type=kind, message=self.format(record))
        with contextlib.suppress(RuntimeError):  # the loop closed since the check above
            loop.call_soon_threadsafe(self._server.window_log_message, params)


class TensorLanguageServer(LanguageServer):
    """Per-document state, settings and the analysis scheduler of one client session."""

    protocol: TensorProtocol

    def __init__(
        self,
        progress_delay_seconds: float = PROGRESS_DELAY_SECONDS,
        stale_after_seconds: float = STALE_AFTER_SECONDS,
    ) -> None:
        super().__init__(
            "tensorls",
            __version__,
            protocol_cls=TensorProtocol,
            notebook_document_sync=notebook_sync.NOTEBOOK_SYNC,
        )
        self.documents: dict[str, DocumentState] = {}
        self.notebooks: dict[str, NotebookState] = {}
        self.settings = ServerSettings()
        self.initialization_options: object = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.markup = types.MarkupKind.PlainText
        self.scheduler = AnalysisScheduler(analyse_on_first_use, self, stale_after_seconds)
        self.modules = ServerWorkspace()
        self.analysis_progress = AnalysisProgress(self, progress_delay_seconds)
        self._cancelled_pulls: set[str] = set()
        """Documents whose last pull was cancelled before it was answered (see
        ``pulled_diagnostics``)."""
        self._refresh_owed: set[str] = set()
        """Documents whose last pull was answered from an older analysis: the client is asked to
        pull again once the current text's analysis lands."""
        self._rewrites = DaemonExecutor("tensorls-rewrite")
        self._background: set[asyncio.Task[None]] = set()

    # Transport -----------------------------------------------------------------------------

    async def serve(self, frames: FrameReader, early: EarlyStart | None = None) -> None:
        """Read and handle messages until the stream ends (``exit`` raises ``SystemExit``),
        after what ``early`` read (and perhaps answered) before the server started."""
        if early is not None and early.answered is not None:
            self.protocol.adopt_initialize(*early.answered)
        elif early is not None and early.body is not None:
            self._handle(frames, early.body)
        while (body := await frames.next_body()) is not None:
            self._handle(frames, body)

    def _handle(self, frames: FrameReader, body: bytes) -> None:
        if not self.protocol.handle_body(body):
            frames.reclaim(body)

    def start_io(
        self,
        stdin: BinaryIO | None = None,
        stdout: BinaryIO | None = None,
        early: EarlyStart | None = None,
    ) -> None:
        """Serve over stdio until ``exit`` or the end of stdin, then end the process; ``early``:
        the reader of :func:`~tensorls.server.early_initialize.serve_stdio`, taken over."""
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        source = FileSource(stdin or sys.stdin.buffer, DaemonExecutor("tensorls-stdin"))
        if early is None:
            frames = FrameReader(source)
        else:
            frames = early.frames
            frames.continue_from(source)
        self._serve_then_end(self.serve(frames, early))

    def start_tcp(self, host: str, port: int) -> None:
        """Serve one client connection over TCP until ``exit`` or its end, then end the process.

        The port stops listening once the first client connects: a later connection is refused,
        never given the session (it would take over the server's output). The connection is closed
        when the session ends, not left to the collector (from Python 3.12 the listener waits
        for it to close)."""

        async def accept_one() -> None:
            ended = asyncio.Event()

            async def connection(
                reader: asyncio.StreamReader, writer: asyncio.StreamWriter
            ) -> None:
                if ended.is_set() or not listener.is_serving():
                    writer.close()
                    return
                listener.close()
                self.protocol.set_writer(writer)  # type: ignore[arg-type]
                try:
                    await self.serve(FrameReader(StreamSource(reader)))
                finally:
                    writer.close()
                    ended.set()

            listener = await asyncio.start_server(connection, host, port)
            async with listener:
                await ended.wait()

        self._serve_then_end(accept_one())

    def _serve_then_end(self, serving: Coroutine[Any, Any, None]) -> NoReturn:
        """Run ``serving``, then end the process at once: status 0 after ``shutdown``, else 1.

        The process ends with ``os._exit`` once the output is flushed: neither a running
        analysis (its thread is a daemon, but it holds the interpreter) nor collecting the
        garbage of large analyses at interpreter shutdown may delay the exit.
        """
        status = 1
        try:
            asyncio.run(serving)
        except SystemExit as exit_request:
            status = exit_request.code if isinstance(exit_request.code, int) else 1
        except OSError as error:
            logger.error("the connection to the client is lost: %s", error)
        except Exception:
            logger.exception("the session ended with an internal error")
        else:
            status = 0 if self.protocol.shut_down else 1
        self.stop_workers()
        logging.shutdown()
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(status)

    # Client capabilities -------------------------------------------------------------------

    @property
    def encoding(self) -> str:
        """The negotiated position encoding (``utf-16`` until ``initialize``)."""
        try:
            encoding = self.workspace.position_encoding
        except RuntimeError:
            return UTF16
        return str(getattr(encoding, "value", encoding) or UTF16)

    @property
    def pulls_diagnostics(self) -> bool:
        text_document = self.client_capabilities.text_document
        return text_document is not None and text_document.diagnostic is not None

    def workspace_capability(self, name: str) -> Any:
        workspace = self.client_capabilities.workspace
        return getattr(workspace, name, None) if workspace is not None else None

    @property
    def refreshes_inlay_hints(self) -> bool:
        inlay = self.workspace_capability("inlay_hint")
        return bool(inlay is not None and inlay.refresh_support)

    @property
    def refreshes_diagnostics(self) -> bool:
        diagnostics = self.workspace_capability("diagnostics")
        return bool(diagnostics is not None and diagnostics.refresh_support)

    @property
    def resolves_code_action_edits(self) -> bool:
        text_document = self.client_capabilities.text_document
        action = text_document.code_action if text_document is not None else None
        support = action.resolve_support if action is not None else None
        return support is not None and "edit" in support.properties

    @property
    def versioned_edits(self) -> bool:
        edit = self.workspace_capability("workspace_edit")
        return bool(edit is not None and edit.document_changes)

    @property
    def shows_progress(self) -> bool:
        window = self.client_capabilities.window
        return bool(window is not None and window.work_done_progress)

    @property
    def shows_documents(self) -> bool:
        window = self.client_capabilities.window
        show = window.show_document if window is not None else None
        return bool(show is not None and show.support)

    # Errors and background work ------------------------------------------------------------

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Log internal errors; never ``window/showMessage``."""
        logger.error("internal error (%s): %s", getattr(source, "__name__", source), error)

    def spawn(self, coroutine: Any) -> None:
        """Run ``coroutine`` in the background, logging (never raising) its failure."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background_done)

    def _background_done(self, task: asyncio.Task[None]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("background task failed", exc_info=task.exception())

    # Documents -----------------------------------------------------------------------------

    def document(self, uri: str) -> DocumentState | None:
        """The open document a request names: the one opened under exactly ``uri``, else the one
        whose URI is equivalent to it (:func:`~tensorls.server.uris.same_resource_key`)."""
        state = self.documents.get(uri)
        if state is not None:
            return state
        key = same_resource_key(uri)
        matches = [
            state for state in self.documents.values() if same_resource_key(state.uri) == key
        ]
        return matches[0] if len(matches) == 1 else None

    # Settings ------------------------------------------------------------------------------

    def apply_settings(self, configured: object) -> None:
        """Adopt validated settings; re-analyse or refresh what they affect."""
        settings, problems = resolve_settings(configured, self.initialization_options)
        for problem in problems:
            logger.warning("settings: %s", problem)
        previous, self.settings = self.settings, settings
        self.modules.extra_paths = settings.extra_paths
        logger.info("settings: %s", settings.describe())
        if (
            settings.analysis_settings() != previous.analysis_settings()
            or settings.extra_paths != previous.extra_paths
        ):
            for state in self.documents.values():
                self.analyse_later(state, delay_ms=0)
            if self.pulls_diagnostics and self.refreshes_diagnostics and self.documents:
                self.spawn(self._refresh_pulled_diagnostics(list(self.documents)))
        if settings.inlay_hints != previous.inlay_hints and self.refreshes_inlay_hints:
            self.workspace_inlay_hint_refresh(None)

    async def fetch_settings(self) -> None:
        """Read the ``tensorls`` section with ``workspace/configuration`` (if the client can)."""
        if not self.workspace_capability("configuration"):
            return
        items = [types.ConfigurationItem(section=SECTION)]
        answer = await self.workspace_configuration_async(types.ConfigurationParams(items=items))
        self.apply_settings(answer[0] if answer else None)

    async def register_configuration_changes(self) -> None:
        """Ask the client to send ``workspace/didChangeConfiguration`` (VS Code needs this)."""
        registration = types.Registration(
            id=f"tensorls-configuration-{uuid.uuid4()}",
            method=types.WORKSPACE_DID_CHANGE_CONFIGURATION,
        )
        await self.client_register_capability_async(
            types.RegistrationParams(registrations=[registration])
        )

    async def _refresh_pulled_diagnostics(self, uris: list[str]) -> None:
        for uri in uris:
            await self.scheduler.settled(uri)
        await self.workspace_diagnostic_refresh_async(None)

    # Analysis scheduling (the scheduler's JobObserver) ----------------------------------------

    def analyse_later(self, state: DocumentState, delay_ms: int) -> None:
        settings = self.settings.analysis_settings()
        if state.uri in self.notebooks:
            settings = dataclasses.replace(settings, cells_compiled=True)
        self.scheduler.schedule(
            state.uri,
            state.version,
            state.text.text,
            settings,
            delay_ms,
            self.modules.for_analysis(self.documents.values()),
            path_of(state.uri),
        )

    def module_changed(self, uri: str) -> None:
        """The text of the module at ``uri`` changed (edited, opened or closed): analyse again
        the open documents that import it, directly or not; pull clients are asked to pull."""
        modules = {uri: notebook.module for uri, notebook in self.notebooks.items()}
        dependents = ServerWorkspace.dependents({**self.documents, **modules}, uri)
        for state in dependents:
            self.analyse_later(state, delay_ms=self.settings.debounce_ms)
        if dependents and self.pulls_diagnostics and self.refreshes_diagnostics:
            self.spawn(self._refresh_pulled_diagnostics([state.uri for state in dependents]))

    def locate_module(self, module: str) -> tuple[str, PositionEncoder]:
        """The URI and encoder of another module named by a related location."""
        uri, text = ServerWorkspace.location_of(module, self.documents)
        return uri, PositionEncoder(text, self.encoding)

    def running(self, job: Job) -> contextlib.AbstractAsyncContextManager[None]:
        """Work-done progress while ``job`` runs (``AnalysisProgress.running``)."""
        return self.analysis_progress.running(job)

    def progressed(self, job: Job, progress: Progress) -> None:
        """A progress report of the current job of a document (the scheduler drops any other).

        The work-done progress, when begun, reports the line reached. On the document's first
        analysis (nothing delivered yet, so nothing shown that a partial set could hide), the
        diagnostics found so far, each certain to be in the result, are shown at once: pushed
        with the job's version (a notebook's cells too), or, to a pull client, answered to its
        pull (``pulled_diagnostics``). Only a non-empty set that grew since the last one is
        pushed; the delivered result replaces it (``deliver``).
        """
        self.analysis_progress.report(job)
        notebook = self.notebooks.get(job.uri)
        state = notebook.module if notebook is not None else self.documents.get(job.uri)
        if state is None or state.version != job.version or state.latest is not None:
            return
        shown = state.early.result.diagnostics if state.early is not None else ()
        if not progress.diagnostics or progress.diagnostics == shown:
            return
        early = Analysis(job.version, state.text, AnalysisResult(diagnostics=progress.diagnostics))
        state.early = early
        if notebook is not None:
            notebook_sync.publish_cells(self, notebook, early)
        elif not self.pulls_diagnostics:
            self.publish(state, early)
        elif state.uri in self._refresh_owed:
            self.workspace_diagnostic_refresh(None)

    def deliver(self, job: Job, result: AnalysisResult) -> None:
        """Store a result; push its diagnostics; refresh inlay hints.

        The result may be of an older version than the current one (the scheduler's bounded
        staleness): it is pushed with the version it describes, which LSP allows, and serves
        pulls and hovers through the line map until a newer one lands.
        """
        notebook = self.notebooks.get(job.uri)
        state = notebook.module if notebook is not None else self.documents.get(job.uri)
        if state is None or job.version > state.version:
            return
        if state.latest is not None and state.latest.version > job.version:
            return
        text = state.text if job.version == state.version else SourceText(job.source)
        previous_hints = self._hints_of(state)
        analysis = Analysis(job.version, text, result)
        state.record(analysis)
        if notebook is not None:
            notebook_sync.publish_cells(self, notebook, analysis)
        elif not self.pulls_diagnostics:
            self.publish(state, analysis)
        elif job.version == state.version and (
            state.uri in self._refresh_owed or (job.round_number > 1 and self.refreshes_diagnostics)
        ):
            self._refresh_owed.discard(state.uri)
            self.workspace_diagnostic_refresh(None)
        if (
            self.settings.inlay_hints
            and self.refreshes_inlay_hints
            and self._hints_of(state) != previous_hints
        ):
            self.workspace_inlay_hint_refresh(None)

    @staticmethod
    def _hints_of(state: DocumentState) -> object:
        source = state.fact_source()
        return None if source is None else (source.version, source.result.inlay_hints)

    def publish(self, state: DocumentState, analysis: Analysis) -> None:
        encoder = PositionEncoder(analysis.text, self.encoding)
        diagnostics = state.worded_diagnostics(analysis, list(analysis.result.diagnostics))
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=state.uri,
                version=analysis.version,
                diagnostics=to_lsp_diagnostics(diagnostics, encoder, state.uri, self.locate_module),
            )
        )

    async def pulled_diagnostics(self, uri: str) -> list[types.Diagnostic]:
        """What a diagnostic pull answers: the diagnostics of the current text.

        Waits for the analysis of the current version, except while the document keeps
        changing: a pull that has waited :data:`STALE_AFTER_SECONDS` and seen a newer version
        arrive is answered with the latest finished analysis, its diagnostics moved to the
        current text through the line map (those in edited lines are left out). The client
        pulls again for the newer version, so this answer never outlives the edits.

        vscode-languageclient cancels the pull in flight on every change and pulls again once
        it is cancelled (its ``DiagnosticRequestor.pullAsync``), so while the user types no pull
        lives long enough to see a newer version. The pull that follows a cancelled one is
        therefore answered at once from the latest finished analysis (moved the same way) when
        the client accepts ``workspace/diagnostic/refresh``; the client is asked to pull again
        when the current text's analysis lands (``deliver``).

        While a document's first analysis runs, a pull from a client that accepts
        ``workspace/diagnostic/refresh`` is answered with the diagnostics that analysis already
        found (``progressed``: each certain to be in its result) as soon as there are any, and
        the client is asked to pull again when more arrive and when the result lands. A client
        that cannot be asked to pull again waits for the result, as before.
        """
        state = self.document(uri)
        if (
            uri in self._cancelled_pulls
            and state is not None
            and state.latest is not None
            and state.latest.version != state.version
            and self.refreshes_diagnostics
        ):
            self._cancelled_pulls.discard(uri)
            self._refresh_owed.add(uri)
            return self._mapped_diagnostics(state, state.latest)
        try:
            await self._wait_for_current(uri)
        except asyncio.CancelledError:
            self._cancelled_pulls.add(uri)
            raise
        self._cancelled_pulls.discard(uri)
        state = self.document(uri)
        if state is None:
            return []
        early = self._early_for_pulls(state)
        if early is not None:
            self._refresh_owed.add(state.uri)
            return self._mapped_diagnostics(state, early)
        if state.latest is None:
            return []
        return self._mapped_diagnostics(state, state.latest)

    def forget_pulls(self, uri: str) -> None:
        """Drop what ``pulled_diagnostics`` keeps about a closed document's pulls."""
        self._cancelled_pulls.discard(uri)
        self._refresh_owed.discard(uri)

    def _early_for_pulls(self, state: DocumentState) -> Analysis | None:
        """The early diagnostics a pull is answered with (see ``pulled_diagnostics``), if any."""
        early = state.early
        if (
            early is None
            or early.version != state.version
            or state.latest is not None
            or not self.refreshes_diagnostics
        ):
            return None
        return early

    def _mapped_diagnostics(
        self, state: DocumentState, analysis: Analysis
    ) -> list[types.Diagnostic]:
        """``analysis``'s diagnostics (of ``state``), on its current text."""
        encoder = PositionEncoder(state.text, self.encoding)
        diagnostics = state.worded_diagnostics(analysis, state.current_diagnostics(analysis))
        return to_lsp_diagnostics(diagnostics, encoder, state.uri, self.locate_module)

    async def _wait_for_current(self, uri: str) -> None:
        """Wait for the current version's analysis (or a stale one, or early diagnostics, see
        ``pulled_diagnostics``)."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        state = self.document(uri)
        arrived = state.version if state is not None else None
        while not await self._settles_within(uri, PULL_POLL_SECONDS):
            state = self.document(uri)
            if state is None or self._early_for_pulls(state) is not None:
                return
            if (
                state.version != arrived
                and state.latest is not None
                and loop.time() - started >= STALE_AFTER_SECONDS
            ):
                return

    async def wait_for_current_analysis(self, uri: str, seconds: float) -> None:
        """Wait at most ``seconds`` for the analysis of the document's current text."""
        await self._settles_within(uri, seconds)

    async def _settles_within(self, uri: str, seconds: float) -> bool:
        state = self.document(uri)
        key = state.uri if state is not None else uri
        try:
            await asyncio.wait_for(self.scheduler.settled(key), seconds)
        except asyncio.TimeoutError:
            return False
        return True

    # Rewrites ------------------------------------------------------------------------------

    async def rewrite_edit(self, data: object) -> types.WorkspaceEdit | None:
        """The edit of a listed code action (``data`` from ``list_actions``), off the loop."""
        if not isinstance(data, dict):
            return None
        state = self.document(str(data.get("uri")))
        if state is None:
            return None
        compute = functools.partial(
            code_actions.compute_edit,
            str(data.get("identifier")),
            state.uri,
            state.version,
            state.text.text,
            self.encoding,
            self.versioned_edits,
        )
        return await asyncio.get_running_loop().run_in_executor(self._rewrites, compute)

    async def off_loop(self, compute: Callable[[], Any]) -> Any:
        """``compute()`` on the worker that computes rewrites (never on the event loop)."""
        return await asyncio.get_running_loop().run_in_executor(self._rewrites, compute)

    def stop_workers(self) -> None:
        self.scheduler.shutdown()
        self._rewrites.shutdown(wait=False, cancel_futures=True)


def answers_empty(empty: Callable[[], Any]) -> Callable[[Handler], Handler]:
    """Make a handler log any exception and answer ``empty()`` instead of an error."""

    def decorate(handler: Handler) -> Handler:
        name = handler.__name__
        if inspect.iscoroutinefunction(handler):

            @functools.wraps(handler)
            async def guarded_async(*args: Any) -> Any:
                try:
                    return await handler(*args)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    logger.exception("%s failed; answering empty", name)
                    return empty()

            return guarded_async  # type: ignore[return-value]

        @functools.wraps(handler)
        def guarded(*args: Any) -> Any:
            try:
                return handler(*args)
            except Exception:
                logger.exception("%s failed; answering empty", name)
                return empty()

        return guarded  # type: ignore[return-value]

    return decorate


def _nothing() -> None:
    return None


def _no_items() -> list[Any]:
    return []


def _empty_report() -> types.RelatedFullDocumentDiagnosticReport:
    return types.RelatedFullDocumentDiagnosticReport(items=[])


# Lifecycle ---------------------------------------------------------------------------------


@answers_empty(_nothing)
def initialize(ls: TensorLanguageServer, params: types.InitializeParams) -> None:
    ls.loop = asyncio.get_running_loop()
    ls.markup = preferred_markup(params.capabilities)
    ls.initialization_options = params.initialization_options
    ls.modules.adopt_folders(params)
    ls.apply_settings(None)
    logger.info("position encoding %s; diagnostics %s", ls.encoding, _channel(ls))


def _channel(ls: TensorLanguageServer) -> str:
    return "pulled" if ls.pulls_diagnostics else "pushed"


@answers_empty(_nothing)
async def initialized(ls: TensorLanguageServer, params: types.InitializedParams) -> None:
    ls.scheduler.prepare(load_analyser)
    change = ls.workspace_capability("did_change_configuration")
    if change is not None and change.dynamic_registration:
        ls.spawn(ls.register_configuration_changes())
    await ls.fetch_settings()


@answers_empty(_nothing)
def shutdown(ls: TensorLanguageServer, params: None) -> None:
    ls.stop_workers()


@answers_empty(_nothing)
async def did_change_configuration(
    ls: TensorLanguageServer, params: types.DidChangeConfigurationParams
) -> None:
    if ls.workspace_capability("configuration"):
        await ls.fetch_settings()
        return
    settings = params.settings
    ls.apply_settings(settings.get(SECTION) if isinstance(settings, dict) else None)


# Documents ---------------------------------------------------------------------------------


@answers_empty(_nothing)
def did_open(ls: TensorLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    document = params.text_document
    holder = notebook_sync.notebook_holding(ls, document.uri)
    if holder is not None:
        logger.warning(
            "%s is already open as %s; the text document is ignored until it is closed there",
            document.uri,
            "that notebook" if holder.uri == document.uri else f"a cell of {holder.uri}",
        )
        return
    if document.uri in ls.documents:
        logger.warning("%s was opened again without being closed; replacing it", document.uri)
        ls.scheduler.forget(document.uri)
    state = DocumentState(document.uri, document.version, SourceText(document.text))
    state.cell_wording = cell_wording(path_of(document.uri))
    ls.documents[document.uri] = state
    ls.analyse_later(state, delay_ms=0)
    ls.module_changed(document.uri)


@answers_empty(_nothing)
def did_change(ls: TensorLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    state = ls.documents.get(uri)
    if state is None:
        logger.warning("change of %s, which is not open; ignored", uri)
        return
    text = apply_changes(state.text, params.content_changes, ls.encoding)
    state.update_text(params.text_document.version, text)
    ls.analyse_later(state, delay_ms=ls.settings.debounce_ms)
    ls.module_changed(uri)


@answers_empty(_nothing)
def did_close(ls: TensorLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    if uri not in ls.documents:
        logger.warning("close of %s, which is not open as a text document; ignored", uri)
        return
    ls.scheduler.forget(uri)
    ls.documents.pop(uri, None)
    ls.forget_pulls(uri)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
    ls.module_changed(uri)


# Features ----------------------------------------------------------------------------------


@answers_empty(_empty_report)
async def document_diagnostic(
    ls: TensorLanguageServer, params: types.DocumentDiagnosticParams
) -> types.RelatedFullDocumentDiagnosticReport | types.RelatedUnchangedDocumentDiagnosticReport:
    uri = params.text_document.uri
    notebook = notebook_sync.notebook_of_cell(ls, uri)
    items = (
        await notebook_sync.pulled_cell_diagnostics(ls, notebook, uri)
        if notebook is not None
        else await ls.pulled_diagnostics(uri)
    )
    identifier = result_id(items)
    if params.previous_result_id == identifier:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=identifier)
    return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=identifier)


@answers_empty(_nothing)
def text_document_hover(ls: TensorLanguageServer, params: types.HoverParams) -> types.Hover | None:
    state = ls.document(params.text_document.uri)
    if state is None:
        notebook = notebook_sync.notebook_of_cell(ls, params.text_document.uri)
        if notebook is None:
            return None
        return notebook_sync.cell_hover(ls, notebook, params.text_document.uri, params.position)
    return hover(state, params.position, ls.encoding, ls.markup)


@answers_empty(_no_items)
def text_document_inlay_hint(
    ls: TensorLanguageServer, params: types.InlayHintParams
) -> list[types.InlayHint]:
    if not ls.settings.inlay_hints:
        return []
    state = ls.document(params.text_document.uri)
    if state is None:
        notebook = notebook_sync.notebook_of_cell(ls, params.text_document.uri)
        if notebook is None:
            return []
        return notebook_sync.cell_inlay_hints(ls, notebook, params.text_document.uri, params.range)
    return inlay_hints(state, params.range, ls.encoding)


@answers_empty(_nothing)
async def text_document_code_action(
    ls: TensorLanguageServer, params: types.CodeActionParams
) -> list[types.CodeAction] | None:
    state = ls.document(params.text_document.uri)
    if state is None:
        return None
    if state.current_analysis() is None:
        await ls.wait_for_current_analysis(state.uri, CODE_ACTION_WAIT_SECONDS)
        state = ls.document(params.text_document.uri)
        if state is None:
            return None
    actions = code_actions.list_actions(state, params, ls.encoding)
    only = [str(kind) for kind in params.context.only] if params.context.only else None
    views = rank_views.list_actions(state, only)
    if not actions or ls.resolves_code_action_edits:
        return [*actions, *views] or None
    edit = await ls.rewrite_edit(actions[0].data)
    if edit is None:
        return views or None
    for action in actions:
        action.edit = edit
        action.data = None
    return [*actions, *views]


@answers_empty(_nothing)
async def show_rank_program(ls: TensorLanguageServer, *arguments: Any) -> str | None:
    """``tensorls.showRankProgram [uri, rank]``: the document as that rank runs it (off the
    loop), or None for an unknown document or bad arguments. A client that shows documents is
    also asked to open it (``window/showDocument`` of a file written by ``write_program``)."""
    if len(arguments) != 2:
        return None
    state = ls.document(str(arguments[0]))
    if state is None:
        return None
    compute = functools.partial(rank_views.program_of, state.text.text, arguments[1])
    program: str | None = await ls.off_loop(compute)
    if program is not None and ls.shows_documents:
        path = await ls.off_loop(
            functools.partial(rank_views.write_program, state.uri, arguments[1], program)
        )
        if path is not None:
            try:
                await ls.window_show_document_async(
                    types.ShowDocumentParams(uri=path.as_uri(), take_focus=True)
                )
            except Exception as error:
                logger.info("the client did not show %s: %s", path, error)
    return program


@answers_empty(_nothing)
async def code_action_resolve(
    ls: TensorLanguageServer, action: types.CodeAction
) -> types.CodeAction:
    action.edit = await ls.rewrite_edit(action.data)
    return action


def create_server(
    progress_delay_seconds: float = PROGRESS_DELAY_SECONDS,
    stale_after_seconds: float = STALE_AFTER_SECONDS,
) -> TensorLanguageServer:
    """A server with every feature registered; start it with ``start_io`` or ``start_tcp``.
    The defaults are the editor's; tests change the progress delay and the scheduler's bounded
    staleness (``scheduler.STALE_AFTER_SECONDS``)."""
    server = TensorLanguageServer(progress_delay_seconds, stale_after_seconds)
    handler = ClientLogHandler(server)
    handler.setFormatter(logging.Formatter("%(message)s"))
    logging.getLogger("tensorls").addHandler(handler)
    logging.getLogger("tensorls").setLevel(logging.INFO)
    server.feature(types.INITIALIZE)(initialize)
    server.feature(types.INITIALIZED)(initialized)
    server.feature(types.SHUTDOWN)(shutdown)
    server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)(did_change_configuration)
    server.feature(types.TEXT_DOCUMENT_DID_OPEN)(did_open)
    server.feature(types.TEXT_DOCUMENT_DID_CHANGE)(did_change)
    server.feature(types.TEXT_DOCUMENT_DID_CLOSE)(did_close)
    for method, handler in (
        (types.NOTEBOOK_DOCUMENT_DID_OPEN, notebook_sync.did_open_notebook),
        (types.NOTEBOOK_DOCUMENT_DID_CHANGE, notebook_sync.did_change_notebook),
        (types.NOTEBOOK_DOCUMENT_DID_CLOSE, notebook_sync.did_close_notebook),
    ):
        server.feature(method)(answers_empty(_nothing)(handler))
    server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(
            identifier="tensorls", inter_file_dependencies=False, workspace_diagnostics=False
        ),
    )(document_diagnostic)
    server.feature(types.TEXT_DOCUMENT_HOVER)(text_document_hover)
    server.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions(resolve_provider=False))(
        text_document_inlay_hint
    )
    server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[
                types.CodeActionKind.QuickFix,
                types.CodeActionKind.RefactorRewrite,
                types.CodeActionKind.Source,
            ],
            resolve_provider=True,
        ),
    )(text_document_code_action)
    server.feature(types.CODE_ACTION_RESOLVE)(code_action_resolve)
    server.command(rank_views.SHOW_RANK_PROGRAM)(show_rank_program)
    return server
