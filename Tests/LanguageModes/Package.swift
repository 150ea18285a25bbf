// swift-tools-version: 6.2
// Document models built against DocKit the way apps build them. Two are an
// itinerary with undoable intents and a Combine pipeline, one in Swift 5
// language mode, as most existing apps are written, one in Swift 6 mode;
// running each prints a transcript that .ci/run compares with expected.txt.
// `swift run --package-path Tests/LanguageModes Swift5Model` runs one.
//
// PortedModels hosts, in a REPL of its own, models written in the patterns
// of public SwiftUI apps (non-final classes, unsorted JSONEncoder, a Set,
// snapshots that share instances, undo from a Task, no undo at all, work on
// the main queue, types declared in Info.plist); .ci/run replays its
// scripts and runs `check` on each type (PortedModels/check-models).
import PackageDescription

let package = Package(
  name: "LanguageModes",
  dependencies: [.package(name: "docrepl", path: "../..")],
  targets: [
    .executableTarget(
      name: "Swift5Model",
      dependencies: [.product(name: "DocKit", package: "docrepl")],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .executableTarget(
      name: "Swift6Model",
      dependencies: [.product(name: "DocKit", package: "docrepl")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "PortedModels",
      dependencies: [
        .product(name: "DocKit", package: "docrepl"),
        .product(name: "DocScript", package: "docrepl"),
        .product(name: "DocShell", package: "docrepl"),
      ],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
  ]
)
