"""The machine's core: frames, the store (``state``), completions (``flow``), reporting, scope
tables, reachability in the heap, the library models' state (``model_state``) and the facts
recorded for hovers (``hovers``).
"""
