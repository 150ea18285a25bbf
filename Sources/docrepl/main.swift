import DocShell
import Glibc

// Not an async main: the main thread runs the main run loop, so that the
// main queue runs between commands (see Docrepl.runMainLoop).
Docrepl.runMainLoop {
  exit(await Docrepl.main(arguments: Array(CommandLine.arguments.dropFirst())))
}
