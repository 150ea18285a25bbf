// docrepl-bench: the measurements behind scripts/bench. Each subcommand
// prints medians and ratios against a baseline measured in the same run.
import DocBench
import Glibc

exit(await BenchCommand.main(Array(CommandLine.arguments.dropFirst())))
