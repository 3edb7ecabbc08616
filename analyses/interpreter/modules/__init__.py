"""The project's own modules: how an import is resolved, parsed once per text and keyed
(``imports``), the module objects and where their variables live in the one store
(``module_code``), and the import statements that run a module's body in the same machine
(``import_rules``). See docs/modules.md.
"""
