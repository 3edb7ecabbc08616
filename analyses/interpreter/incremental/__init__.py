"""The incremental machinery: call summaries (``memo``, ``summaries``), the document's
checkpoints between top-level statements (``checkpoints``), spans that follow their nodes when
lines move (``anchored_spans``), the provenance equality that reuse compares with
(``provenance``) and the import resolutions reused code depends on (``import_reads``). It
never changes a result: an analysis with it equals one from scratch.
"""
