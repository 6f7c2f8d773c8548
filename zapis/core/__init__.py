"""The pure core: value types, the Sheet model, the module protocol, errors.

Nothing here (or in zapis.modules, zapis.io.rulesets, zapis.io.records) imports Textual or SQLite.
"""
