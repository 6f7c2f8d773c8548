"""The scorekeeper's terminal app (Textual). Nothing in zapis.core or zapis.modules imports this."""
