// A REPL over your own documents: docrepl's prompt, `run`, `test` and
// `inspect`, with your types beside (or instead of) the built-in ones.
// The main thread runs the main loop, as an app's does, so what a model
// queues on the main queue runs between commands.
import DocKit
import DocScript
import DocShell
import Foundation

Docrepl.runMainLoop {
  exit(
    await Docrepl.main(
      documentTypes: [
        // A ScriptableFileDocument: its own commands (add, check, uncheck).
        DocumentType(.scripted(Checklist.self), kind: .fileDocument),
        // Any FileDocument: new, open, show, save, export, snapshot, diff…
        DocumentType(.unscripted(newDocument: { Postcard() }), kind: .fileDocument),
        // A ReferenceFileDocument package that keeps the files it does not
        // know: tree, show and diff see what a save writes and what it reuses.
        DocumentType(.unscripted(newDocument: { Trip() }), kind: .reference),
      ] + DocumentType.builtIn  // text, markdown, json, notes and binary too
    ))
}
