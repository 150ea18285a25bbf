// Document models written the way public SwiftUI apps write theirs, hosted
// in a REPL of their own. Their types are declared in Info.plist, as the
// apps declare them: `PortedModels --types Info.plist`. The main thread
// runs the main loop, as an app's does, so the work the models queue on
// the main queue runs between commands.
import DocKit
import DocScript
import DocShell
import Foundation

Docrepl.runMainLoop {
  exit(
    await Docrepl.main(documentTypes: [
      DocumentType(.scripted(Recipe.self), kind: .reference),
      DocumentType(.scripted(Pinboard.self), kind: .fileDocument),
      DocumentType(.scripted(Storyboard.self), kind: .reference),
      DocumentType(.scripted(Logbook.self), kind: .reference),
      DocumentType(.scripted(Sketch.self), kind: .reference),
    ]))
}
