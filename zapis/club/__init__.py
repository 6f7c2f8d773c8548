"""The evening and the season above single games: standings and settlement, ratings, statistics, skat tournaments, duplicate movements and sessions."""
