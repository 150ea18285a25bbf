import DocKit

extension Docrepl {
  /// Runs `main` on the main actor while the main thread runs the main
  /// run loop, as an app's does; `main` ends the process. Call it from a
  /// `main.swift` that does not `await`:
  ///
  ///     import DocShell
  ///     import Foundation
  ///
  ///     Docrepl.runMainLoop {
  ///       exit(await Docrepl.main(documentTypes: [DocumentType(.scripted(Counter.self), kind: .fileDocument)]))
  ///     }
  ///
  /// Then the work a document model queues on the main queue
  /// (`DispatchQueue.main.async`, `receive(on: DispatchQueue.main)` or
  /// `RunLoop.main`, `Task { @MainActor in … }`, due timers) runs between
  /// any two commands and while the prompt waits for input. A program
  /// whose `main.swift` awaits `Docrepl.main` itself runs that work only
  /// while a command waits (a save, an autosave).
  public static func runMainLoop(_ main: @escaping @MainActor () async -> Never) -> Never {
    MainRunLoop.run(main)
  }
}
