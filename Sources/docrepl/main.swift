import DocShell
import Glibc

exit(Docrepl.main(arguments: Array(CommandLine.arguments.dropFirst())))
