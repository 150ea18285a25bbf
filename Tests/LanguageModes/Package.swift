// swift-tools-version: 6.2
// Two document models built against DocKit the way apps build them: one in
// Swift 5 language mode, as most existing apps are written, one in Swift 6
// mode. Each is an itinerary with undoable intents and a Combine pipeline;
// running it prints a transcript that .ci/run compares with expected.txt.
// `swift run --package-path Tests/LanguageModes Swift5Model` runs one.
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
  ]
)
