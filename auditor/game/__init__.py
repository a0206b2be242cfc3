"""The game: the director's game file and the day schedule it defines."""
