import DocShell
import Glibc

exit(await Docrepl.main(arguments: Array(CommandLine.arguments.dropFirst())))
