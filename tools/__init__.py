"""Developer tooling outside the package: the Discuz! page writer used by tests,
benchmarks and the sample game."""
