"""The pure core: value types, the Sheet model, the module protocol, errors.

Nothing here (or in zapis.modules, zapis.rulesets, zapis.records) imports Textual or SQLite.
"""
