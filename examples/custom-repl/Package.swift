// swift-tools-version: 6.2
// A REPL of your own: docrepl over a document type of this package.
// `swift run checklist` gives the prompt; `swift run checklist test demo.docscript`
// checks the demo.
import PackageDescription

let package = Package(
  name: "checklist",
  dependencies: [.package(name: "docrepl", path: "../..")],
  targets: [
    .executableTarget(
      name: "checklist",
      dependencies: [
        .product(name: "DocKit", package: "docrepl"),
        .product(name: "DocScript", package: "docrepl"),
        .product(name: "DocShell", package: "docrepl"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
