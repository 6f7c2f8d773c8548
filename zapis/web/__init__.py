"""What `zapis serve` draws itself as web pages (no terminal in the browser): the board for a TV."""
