// swift-tools-version: 6.2
// docrepl: Apple's document architecture for Linux, and a REPL on top of it.
// The module plan and the rules between layers are in docs/architecture.md;
// README.md has the layout. Each target lists every module of this package
// it imports (not only what it gets through another), and the table in
// docs/architecture.md must say the same: ArchitectureTests checks both.

import PackageDescription

let package = Package(
  name: "docrepl",
  products: [
    .library(name: "DocKit", targets: ["DocKit"]),
    .library(name: "DocScript", targets: ["DocScript"]),
    .library(name: "DocFormats", targets: ["DocFormats"]),
    /// The whole program as a library, for a REPL over your own document
    /// types: `Docrepl.main(documentTypes:)`.
    .library(name: "DocShell", targets: ["DocShell"]),
    .executable(name: "docrepl", targets: ["docrepl"]),
  ],
  // The line editor DocShell links: GNU readline (GPL-3.0), the default, or
  // libedit (BSD), for a host whose program is not to be under the GPL:
  // `swift build --traits LineEditingLibedit`, or `traits:
  // ["LineEditingLibedit"]` on the package dependency. One, not both (see
  // NOTICE and Sources/DocShell/Prompt/LineEditor.swift).
  traits: [
    .trait(
      name: "LineEditingReadline",
      description: "DocShell's prompt uses GNU readline (libreadline-dev; GPL-3.0)."),
    .trait(
      name: "LineEditingLibedit",
      description: "DocShell's prompt uses libedit's readline interface (libedit-dev; BSD)."),
    .default(enabledTraits: ["LineEditingReadline"]),
  ],
  targets: [
    // Libraries

    /// Apple-parity document types and the headless document host.
    .target(name: "DocKit", dependencies: ["CDocKitSystem"]),
    /// What DocKit needs from C that Glibc's Swift overlay does not import:
    /// the system calls `renameat2` (and its flags), `flock` (whose Swift
    /// name `struct flock` takes), `FICLONE`, `copy_file_range` and
    /// `syncfs`; Landlock's three calls, with the constructor that confines
    /// a process before `main` (`--confine`); and libdispatch's hand-over
    /// of the main queue to a run loop (`MainRunLoop`).
    .target(name: "CDocKitSystem"),
    /// The command language: locations, diagnostics, lexer, parser, interpreter.
    .target(name: "DocScript", dependencies: ["DocKit"]),
    /// The built-in document types and their commands.
    .target(name: "DocFormats", dependencies: ["DocKit", "DocScript"]),
    /// The program around the language: arguments, loop, line editor, runners.
    .target(
      name: "DocShell",
      dependencies: [
        "DocKit", "DocScript", "DocFormats", "CDocShellSignals",
        .target(name: "CReadline", condition: .when(traits: ["LineEditingReadline"])),
        .target(name: "CLibedit", condition: .when(traits: ["LineEditingLibedit"])),
      ]
    ),
    /// The input loop's signal handler and its state (a flag and a
    /// self-pipe), and the one `test` and `check` use (a flag), defined
    /// once in C: see its header for why not in CReadline's.
    .target(name: "CDocShellSignals"),
    // No pkgConfig: readline.pc adds -D_XOPEN_SOURCE=600, which SwiftPM
    // refuses with a warning; the headers are in /usr/include anyway.
    .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
    // libedit's readline interface (<editline/readline.h>), for the
    // LineEditingLibedit trait.
    .systemLibrary(name: "CLibedit", providers: [.apt(["libedit-dev"])]),

    // Executable

    .executableTarget(name: "docrepl", dependencies: ["DocShell"]),
    /// The benchmarks behind scripts/bench; not a product.
    .target(
      name: "DocBench", dependencies: ["DocKit", "DocScript", "DocFormats", "CDocBench"]),
    /// glibc's allocator statistics (`mallinfo2`) for the memory benchmarks.
    .target(name: "CDocBench"),
    .executableTarget(name: "docrepl-bench", dependencies: ["DocBench"]),
    /// The fuzz targets behind scripts/fuzz; not a product.
    .target(name: "DocFuzz", dependencies: ["DocKit", "DocScript", "DocFormats"]),
    .executableTarget(name: "docrepl-fuzz", dependencies: ["DocFuzz", "CDocFuzz"]),
    /// libFuzzer's driver, declared for docrepl-fuzz.
    .target(name: "CDocFuzz"),

    // Tests

    .target(
      name: "DocTestSupport",
      dependencies: ["DocKit"],
      path: "Tests/DocTestSupport"
    ),
    .testTarget(
      name: "DocKitTests",
      dependencies: ["DocKit", "DocTestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "DocScriptTests",
      dependencies: ["DocScript", "DocKit", "DocTestSupport"]
    ),
    .testTarget(
      name: "DocFormatsTests",
      dependencies: ["DocFormats", "DocKit", "DocScript", "DocTestSupport"],
      exclude: ["Snapshots"]
    ),
    /// The three seed examples, compiled with only their imports changed.
    .testTarget(name: "SeedTests", dependencies: ["DocKit", "DocTestSupport"]),
    /// The fuzz targets' seeds and past crashes, replayed.
    .testTarget(name: "DocFuzzTests", dependencies: ["DocFuzz", "DocKit", "DocTestSupport"]),
    /// A REPL built with DocShell over a model that queues its edits on
    /// the main queue, for DocShellTests' end-to-end tests.
    .executableTarget(
      name: "docrepl-mainqueue-host",
      dependencies: ["DocShell", "DocKit", "DocScript"],
      path: "Tests/MainQueueHost"
    ),
    .testTarget(
      name: "DocShellTests",
      dependencies: [
        "DocShell", "DocKit", "DocScript", "DocFormats", "DocTestSupport", "docrepl",
        "docrepl-mainqueue-host",
        .target(name: "CReadline", condition: .when(traits: ["LineEditingReadline"])),
        .target(name: "CLibedit", condition: .when(traits: ["LineEditingLibedit"])),
      ],
      exclude: ["Snapshots"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Upcoming features, on for every Swift target. The first three are likely
// defaults of a future language mode; the last two are what Apple's current
// app templates turn on, and the seeds are compiled with them.
for target in package.targets where target.type != .system {
  guard !["CDocKitSystem", "CDocBench", "CDocFuzz"].contains(target.name) else { continue }
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
      .enableUpcomingFeature("InferIsolatedConformances"),
    ]
}
