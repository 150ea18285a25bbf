// A REPL built with DocShell over a model that queues its edits on the
// main queue (QueuedModel), for the end-to-end tests of the main queue
// running between commands and while the prompt waits. Built as an app's
// REPL is built: Docrepl.runMainLoop, from a main.swift that does not
// await.
import DocKit
import DocScript
import DocShell
import Foundation

Docrepl.runMainLoop {
  exit(
    await Docrepl.main(documentTypes: [
      DocumentType(.scripted(QueuedModel<AllQueuedCommands>.self), kind: .reference),
      DocumentType(.scripted(QueuedModel<CheckedQueuedCommands>.self), kind: .reference),
    ]))
}
