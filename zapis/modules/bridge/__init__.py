"""Contract bridge: Law 77 deal scores, rubber, Chicago, Polish IMP, Old Polish, duplicate pairs."""
