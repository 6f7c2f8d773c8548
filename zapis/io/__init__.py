"""What zapis reads and writes: game records and rulesets (TOML), the sheet drawn with rich, exports and their formats."""
