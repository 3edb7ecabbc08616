"""Python semantics: how statements, expressions, calls, the object model (classes, instances,
attributes, special methods), builtins, operators, subscripts, loops, conditions, exceptions,
context managers and generators are executed over abstract values. A change to what a Python
construct does belongs here.
"""
