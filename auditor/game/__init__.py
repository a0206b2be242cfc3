"""The game: the director's game file, the day schedule it defines, and what the forum says
(threads, days and events discovered from the directors' posts)."""
