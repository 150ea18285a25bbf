/// `docrepl`'s command line: the program's own options and its
/// subcommands. Parsing (``CommandLineParser``), help, the man page
/// (`docrepl man`) and the completion scripts (`docrepl completion SHELL`)
/// are all made from these tables, so what they list is what is accepted.
///
/// To add a subcommand:
/// 1. Describe it here, as `static let NAME = Subcommand(...)`, with its
///    options (`help` last) and exit statuses; an option its code asks
///    about gets a name of its own, as ``RunOptions`` does.
/// 2. Write `enum NAMECommand: ShellCommand` with
///    `static var reference: Subcommand { CommandLineReference.NAME }` and
///    a `run(_:in:output:errors:)` that reads its ``ParsedCommandLine``
///    (`contains`, `value(of:)`, `values(of:)`, `operands`) and throws a
///    ``CommandLineError`` for a value or operand it cannot use.
/// 3. List it in ``commands``, in the order help shows it, and add its
///    name to ``helpCommand``'s operands.
///
/// Help, `help NAME`, the man page (regenerate `docs/docrepl.1` with
/// `docrepl man`), the bash, zsh and fish completions, `-h`/`--help` and
/// the usage errors then follow from the table.
enum CommandLineReference {
  static let noColor = CommandLineOption(
    "--no-color",
    help: "No colour in diagnostics (as does NO_COLOR=1). Colour is only ever used on a terminal.")
  static let help = CommandLineOption(
    "-h", "--help", stopsParsing: true, help: "Show this help.")

  /// The program's own options.
  enum ProgramOptions {
    static let commands = CommandLineOption(
      "-c", value: "<commands>",
      help: "Run the commands (';' or line breaks between them) and exit.")
    static let interactive = CommandLineOption(
      "--interactive", help: "Show the prompt even when standard input is no terminal.")
    static let batch = CommandLineOption(
      "--batch", help: "Read standard input in batch even from a terminal.")
    static let bail = CommandLineOption(
      "--bail",
      help:
        "Stop at the first command that fails, as 'set bail on' does: -c and batch input exit with its status; at the prompt the rest of that entry does not run. Before 'run', the same as 'run --bail'."
    )
    static let history = CommandLineOption(
      "--history", value: "<file>", completion: .path,
      help:
        "Keep the prompt's history in <file> ('' for none). Default: $DOCREPL_HISTORY, else $XDG_STATE_HOME/docrepl/history, else ~/.local/state/docrepl/history."
    )
    static let version = CommandLineOption(
      "--version", stopsParsing: true, help: "Show the version of docrepl and of GNU readline.")
    static let types = CommandLineOption(
      "--types", value: "<file>", needs: "a file", completion: .path,
      help:
        "Register the type declarations in <file> before anything runs: an app's Info.plist (XML or binary property list, as Xcode writes it; its UTExportedTypeDeclarations and UTImportedTypeDeclarations, with CFBundleDocumentTypes checked) or JSON with the same keys. May be given more than once. A bad file is an error naming it (65; 66 if it does not exist); what is set aside, such as an imported declaration of an identifier the file also exports, is printed as a note.",
      examples: ["docrepl --types MyApp/Info.plist run trip.docscript"])

    /// The options that only the prompt (or `-c`) uses.
    static let promptOnly = [commands, interactive, batch, history]
  }

  /// `run`'s options.
  enum RunOptions {
    static let folder = CommandLineOption(
      "-C", value: "<dir>", needs: "a folder", completion: .directory,
      help:
        "Run in <dir>, as if started there: relative paths, the scripts' included, start from it."
    )
    static let bail = CommandLineOption("--bail", help: "Stop at the first command that fails.")
    static let echo = CommandLineOption("--echo", help: "Print each command before its output.")
    static let variable = CommandLineOption(
      "--var", value: "NAME=VALUE", needs: "NAME=VALUE", help: "Define $NAME for the scripts.")
  }

  /// `test`'s options.
  enum TestOptions {
    static let update = CommandLineOption(
      "--update",
      help:
        "Rewrite the #> and #! lines of each script that does not match with what it printed; every other byte of the file stays as it is (CRLF line ends and a byte-order mark included). A line that still matches stays, a (re) or (glob) line too; a line printed with a control character, or that ends as a matcher does, is written with escapes and (esc) at its end, so that the next run reads back what was printed. A check (expect, expect-error) is never rewritten: one that does not hold stays a failure, and the exit status is 1 (the script still counts as updated if its other lines were rewritten). A malformed script is left alone.",
      examples: ["docrepl test --update tests/rename.docscript"])
    static let junit = CommandLineOption(
      "--junit", value: "<path>", needs: "a path", completion: .path,
      help: "Also write a JUnit XML report to <path>, for CI.",
      examples: ["docrepl test --junit build/docrepl.xml tests/"])
    static let jobs = CommandLineOption(
      "--jobs", "-j", value: "<n>", needs: "a number of jobs, 1 or more",
      help:
        "Run scripts in <n> worker processes of this program at once (default: the number of processors), each running one script at a time; with 1, all run in this process. Output, exit status and JUnit report are the same for any <n>.",
      examples: ["docrepl test --jobs 4 tests/"])
    static let shard = CommandLineOption(
      "--shard", value: "<k>/<n>", needs: "K/N, such as 2/4",
      help:
        "Run only the k-th of n slices of the scripts (1 <= k <= n), taken round robin from the sorted paths, so that n CI machines together run every script exactly once.",
      examples: ["docrepl test --shard 2/4 tests/"])
    static let filter = CommandLineOption(
      "--filter", value: "<regex>", needs: "a regular expression",
      help:
        "Run only the scripts whose path (as printed) contains a match for <regex>; applied before --shard.",
      examples: ["docrepl test --filter 'json|notes' tests/"])
    static let timeout = CommandLineOption(
      "--timeout", value: "<seconds>", needs: "a number of seconds, more than 0",
      help:
        "Stop a script that runs longer than <seconds> (default: no limit); it fails with 'timed out after <seconds> s', and the others go on. The script is stopped at the next point where a command can stop (between commands, and inside long ones that ask); one whose command does not return within a grace period (the limit, from 2 to 10 s) is reported and left, and the run goes on without it; if that command holds the main thread, the run reports it and the summary, and stops with status 1.",
      examples: ["docrepl test --timeout 30 tests/"])
    static let keepTemporaryFolders = CommandLineOption(
      "--keep-tmpdir",
      help:
        "Keep the temporary folder of each script that fails, and name it after the script's report; the folders of scripts that pass are removed as usual.",
      examples: ["docrepl test --keep-tmpdir tests/"])
  }

  /// `check`'s options.
  enum CheckOptions {
    static let folder = CommandLineOption(
      "-C", value: "<dir>", needs: "a folder", completion: .directory,
      help:
        "Work in <dir>, as if started there: --from, --junit and the failure script are relative to it."
    )
    static let seed = CommandLineOption(
      "--seed", value: "<s>", needs: "a whole number from 0 to \(UInt64.max)",
      help: "The first sequence's seed (default: a random one, printed).")
    static let steps = CommandLineOption(
      "--steps", value: "<n>", needs: "a whole number above 0",
      help: "Commands in each sequence (default: 100).")
    static let runs = CommandLineOption(
      "--runs", value: "<m>", needs: "a whole number above 0",
      help: "How many sequences (default: 100; with --time, as many as fit).")
    static let time = CommandLineOption(
      "--time", value: "<seconds>", needs: "a number of seconds above 0",
      help: "Start no sequence after this many seconds.")
    static let from = CommandLineOption(
      "--from", value: "<file>", needs: "a file", completion: .path,
      help:
        "Start each sequence from this file (opened, then saved as a copy in the temporary folder) instead of a new document."
    )
    static let junit = CommandLineOption(
      "--junit", value: "<path>", needs: "a path", completion: .path,
      help: "Also write a JUnit XML report to <path>: one test case an invariant.")
    static let compare = CommandLineOption(
      "--compare", value: "<how>", needs: "'bytes' or 'value'",
      completion: .choices(["bytes", "value"]),
      help:
        "Compare states by 'bytes' (what a save writes, file by file) or by 'value' (read back with the type's own reader and compared with its ==; an Equatable FileDocument, or a ReferenceFileDocument whose Snapshot is Equatable). Default: bytes, and by value from the moment the encoding is found not deterministic. With 'value' that finding is a note, not a failure; with 'bytes' the check stops at it."
    )
    static let fromFailure = CommandLineOption(
      "--from-failure", value: "<file>", needs: "a failure script", completion: .path,
      help:
        "Reproduce the failure of a check-failure-<seed>.docscript: replay its commands with the checks and the comparison it was found with, instead of random sequences (no <type>: the script names it). Exit 1 if the same invariant still breaks, 0 if it no longer does."
    )
    static let showOutput = CommandLineOption(
      "--show-output",
      help:
        "Let what the type prints with print() through to standard output, among the report's lines. Without it, that output is kept out, and a note on standard error says how much there was."
    )
  }

  /// The program itself, with the options it takes before a command.
  static let program = Subcommand(
    name: "",
    synopsis: [
      "[<options>]", "[<options>] -c <commands>", "[<options>] <command> [<arguments>]",
    ],
    abstract:
      "docrepl creates, edits, saves and inspects documents built on Apple's document architecture (FileDocument, FileWrapper, UTType), reimplemented for Linux by the DocKit library.",
    discussion: [
      "With no command, docrepl reads commands: at a prompt (GNU readline, with history) when standard input is a terminal, else from standard input in batch, with no prompt and no echo, running each line as it arrives. A line that does not parse (with the lines an open quote, heredoc or '{' carries it on to) is reported, and none of it runs.",
      "The program's options come before the command, and a command's after its name. An option that takes a value takes the next word, or is written --name=value; options may be given more than once, and for most the last wins. '--' ends a command's options, so that a file may start with '-'.",
    ],
    options: [
      ProgramOptions.commands, ProgramOptions.interactive, ProgramOptions.batch,
      ProgramOptions.bail, ProgramOptions.history, ProgramOptions.types, noColor, help,
      ProgramOptions.version,
    ],
    operands: .none,
    examples: [
      "docrepl", "docrepl -c 'new text notes; append \"Milk\"; show; close --discard'",
      "printf 'new json cfg\\nset /a 1\\nshow\\n' | docrepl",
      "docrepl --bail -c 'open config.json; set /debug false; save'",
      "docrepl run -C /tmp/work \"$PWD/trip.docscript\"",
    ],
    exitStatuses: [
      (.success, "everything ran and matched (and leaving the prompt)"),
      (
        .failure,
        "a command failed, or an expectation did not match; or another failure (permissions, I/O)"
      ),
      (.usage, "usage: a bad command line"),
      (.dataError, "a malformed script (nothing ran), or unsafe input"),
      (.noInput, "a script, folder or document to open not found (this wins over 1)"),
      (
        .interrupted,
        "interrupted: Ctrl-C in batch input or in 'run'; SIGTERM or SIGHUP, at the prompt too"
      ),
    ],
    stopsAtFirstOperand: true)

  static let run = Subcommand(
    name: "run",
    synopsis: [
      "[-C <dir>] [--bail] [--echo] [--var NAME=VALUE]...",
      "[--confine] [--allow-read <path>]... <file>...",
    ],
    abstract:
      "Replay .docscript files in the current folder (or DIR). A script that does not parse runs nothing (65).",
    discussion: [
      "Replays each script, in order, in one session: documents a script leaves open stay open for the next. Every script is parsed first; if one does not parse, nothing runs (65). '-' reads a script from standard input.",
      "With --confine, the working folder is a new temporary folder, removed at the end, and the only place the scripts may write; with -C <dir>, <dir> is that folder instead, and is kept. The scripts reach their own files through $SCRIPT_DIR.",
    ],
    options: [
      RunOptions.folder, RunOptions.bail, RunOptions.echo, RunOptions.variable,
      ConfineOptions.confine, ConfineOptions.allowRead,
      CommandLineOption("--no-color", help: "No colour in diagnostics."), help,
    ],
    operands: .scripts,
    examples: [
      "docrepl run trip.docscript",
      "docrepl run --bail --var name=Lisbon setup.docscript trip.docscript",
      "docrepl run -C \"$(mktemp -d)\" \"$PWD/examples/tour.docscript\"",
    ],
    exitStatuses: [
      (.success, "all ran"), (.failure, "a command failed"), (.usage, "a bad command line"),
      (.dataError, "a script did not parse"),
      (.noInput, "a script, the folder or a document to open not found"),
      (.interrupted, "interrupted (Ctrl-C, SIGTERM or SIGHUP)"),
    ])

  static let test = Subcommand(
    name: "test",
    synopsis: [
      "[--update] [--junit <path>] [--jobs <n>] [--shard <k>/<n>]",
      "[--filter <regex>] [--timeout <seconds>] [--keep-tmpdir]",
      "[--confine] [--allow-read <path>]...",
      "<file-or-folder>...",
    ],
    abstract:
      "Compare each script's output with its own #> and #! lines, each in a fresh temporary folder, in one worker process a processor; print a unified diff where they differ and end with '12 passed, 1 failed'. --update rewrites those lines in place.",
    discussion: [
      "Runs each script and compares what every command prints with the #> (output) and #! (diagnostics) lines under it. A folder means every *.docscript under it, recursively, except under hidden folders (.git), symbolic links to folders and folders below it with their own Package.swift (another Swift package, whose scripts need its own program); each link and package skipped is named on standard error. Scripts run sorted by path, each in a fresh temporary folder (shown as $TMP in output) with TZ=UTC, LANG=C, NO_COLOR=1 and the clock fixed at SOURCE_DATE_EPOCH=0; $SCRIPT_DIR is the script's own folder. Scripts run in worker processes of this program, one a processor (--jobs), not one process a script, with standard input at its end. The last line of output is the summary: '12 passed, 1 failed'. More in docs/testing.md.",
      "Expected lines are read as cram reads them: a line whose last word is (re) is a regular expression for the whole line printed, one whose last word is (glob) a glob (* any run of characters, ? one; \\*, \\? and \\\\ themselves), one whose last word is (esc) a line with escapes (\\xNN a byte, \\t, \\r, \\n, \\\\). A line that is not a regular expression, or holds an unknown escape, makes the script malformed. Scripts may end their lines in LF or CRLF and start with a UTF-8 byte-order mark, and read as the same script with LF line ends; a carriage return that ends no line outside quotes, heredocs, comments and expected lines makes the script malformed.",
      "Under Bazel (an sh_test that runs docrepl test), the test protocol's variables are followed: TEST_TOTAL_SHARDS and TEST_SHARD_INDEX (0-based) select a shard as --shard does (a --shard that selects another is an error), and the file TEST_SHARD_STATUS_FILE names is touched; XML_OUTPUT_FILE receives the JUnit report as --junit does; the temporary folders are made in TEST_TMPDIR; a failing script's report and the files of its temporary folder are copied to TEST_UNDECLARED_OUTPUTS_DIR/<script path>/. docs/ci.md has a BUILD file.",
    ],
    options: [
      TestOptions.update, TestOptions.junit, TestOptions.jobs, TestOptions.shard,
      TestOptions.filter, TestOptions.timeout, TestOptions.keepTemporaryFolders,
      ConfineOptions.confine, ConfineOptions.allowRead,
      CommandLineOption(
        "--no-color", help: "Accepted, as by every command; output here is never coloured."),
      help,
    ],
    operands: .scripts,
    examples: [],
    exitStatuses: [
      (.success, "every script matched (or was updated)"),
      (
        .failure,
        "a script did not match, timed out, could not be read or could not be updated"
      ),
      (.usage, "a bad command line, or Bazel's sharding variables wrong (nothing runs)"),
      (.dataError, "a script is malformed (this wins over 1)"),
      (
        .noInput,
        "a named script or folder does not exist, a folder holds no script, or the JUnit report's folder does not exist (nothing runs)"
      ),
      (
        .interrupted,
        "interrupted (Ctrl-C): the scripts already started finish, the rest do not run"
      ),
    ])

  static let check = Subcommand(
    name: "check",
    synopsis: [
      "<type> [-C <dir>] [--seed <s>] [--steps <n>] [--runs <m>]",
      "[--time <seconds>] [--from <file>] [--compare <how>]", "[--junit <path>] [--show-output]",
      "--from-failure <file> [-C <dir>]",
    ],
    abstract:
      "Find bugs in a document type by itself: random sequences of its commands, undo, redo, snapshots, saves and reopens, with seven invariants checked after every step; a failure is shrunk to a short script, check-failure-<seed>.docscript.",
    discussion: [
      "Runs <m> random sequences of <n> commands on a new document of <type> (or on a copy of --from <file>), each in a temporary folder: the type's own commands, with arguments made from their specs (mostly valid, sometimes not), and undo, redo, snapshot, restore, save, revert, close and reopen. After every step it checks: 1 all-or-nothing (a failed command changes nothing), 2 undo restores (undoing everything gives the starting bytes, redoing everything the current ones), 3 the saved point holds (clean exactly at the state saved), 4 save, then open, round-trips, 5 an incremental save equals a full save (every 16 steps, at the first save and at the end), 6 snapshots are values, 7 no hang (a step past 10 s).",
      "Before comparing anything, each sequence saves its document once more, and reads that back and saves it again: if the bytes differ (or two states equal by the type's == were written differently), it reports once that the type's encoding is not deterministic, naming the files, the likely cause (a JSONEncoder without .sortedKeys, a Set, a Dictionary, a date) and the fix. That is not an invariant failure: from then on states are compared by value where the type is Equatable; where it is not, states whose bytes differ are not judged, and the report says so. The report says what each invariant compared by. The finding makes the exit status 1 unless --compare value was given.",
      "A sequence that breaks one is shrunk by delta debugging (commands dropped, then arguments simplified) and written to check-failure-<seed>.docscript in the current folder, whose expect lines fail on the code checked; 'docrepl run' replays it. A failure no expect line can show (states that differ by value only) is marked so in the script, and 'docrepl check --from-failure <file>' (or 'docrepl run') reproduces it by the same comparison. The same seed gives the same sequences on every machine: sequence i uses <s> + i. Programs built with Docrepl.main(documentTypes:) check their own types. More in docs/checking.md.",
    ],
    options: [
      CheckOptions.folder, CheckOptions.seed, CheckOptions.steps, CheckOptions.runs,
      CheckOptions.time, CheckOptions.from, CheckOptions.compare, CheckOptions.fromFailure,
      CheckOptions.junit, CheckOptions.showOutput,
      CommandLineOption(
        "--no-color", help: "Accepted, as by every command; output here is never coloured."),
      help,
    ],
    operands: .choices(["text", "markdown", "json", "notes", "binary"]),
    examples: [
      "docrepl check text --seed 1", "docrepl check json --steps 200 --runs 500",
      "docrepl check notes --time 600 --junit build/check.xml",
      "docrepl check json --from config.json",
      "docrepl check notes --compare value",
      "docrepl check --from-failure check-failure-42.docscript",
    ],
    exitStatuses: [
      (
        .success,
        "every invariant held in every sequence; with --from-failure, the failure no longer reproduces"
      ),
      (
        .failure,
        "an invariant broke: the shrunk script was printed and written; the type's encoding is not deterministic (unless --compare value); the --from file does not open; or, with --from-failure, the failure reproduces"
      ),
      (.usage, "a bad command line, or a type docrepl does not know"),
      (.dataError, "the --from-failure file is not a failure script docrepl check wrote"),
      (
        .noInput,
        "the --from file, the --from-failure script, or the JUnit report's folder, does not exist"
      ),
      (.interrupted, "interrupted (Ctrl-C): the step running was stopped, no finding reported"),
    ])

  static let inspect = Subcommand(
    name: "inspect",
    synopsis: ["<path>"],
    abstract:
      "Read a file, directory or package through FileWrapper and print its tree, sorted by name, with kinds, sizes and symbolic-link targets. Unsafe entries (FIFOs, devices, names that are not UTF-8) are refused.",
    discussion: [
      "Reads the file, directory or package at <path> through FileWrapper and prints its tree: names in byte order, directories with a trailing '/', files with their sizes, symbolic links with their targets (never followed). A last line totals the tree. Files' contents are not read: sizes come from lstat, so listing a huge file costs nothing."
    ],
    options: [help],
    operands: .path,
    examples: ["docrepl inspect examples/Trip.notes", "docrepl inspect ~/Documents/Report.pages"],
    exitStatuses: [
      (.success, "listed"), (.failure, "unreadable (permissions, I/O)"),
      (.usage, "a bad command line"),
      (.dataError, "unsafe input (a FIFO, socket or device, a name that is not UTF-8)"),
      (.noInput, "no such file"),
    ])

  static let completion = Subcommand(
    name: "completion",
    synopsis: ["bash|zsh|fish"],
    abstract:
      "Print a completion script for bash, zsh or fish: subcommands, options and .docscript files.",
    discussion: [
      "Prints a script that teaches the shell to complete docrepl's subcommands, their options and the .docscript files and folders they take. Load it from the shell's start-up file, or install it where the shell looks for completions."
    ],
    options: [help],
    operands: .choices(CompletionScript.Shell.allCases.map(\.rawValue)),
    examples: [
      "source <(docrepl completion bash)",
      "docrepl completion zsh > ~/.zsh/completion/_docrepl",
      "docrepl completion fish > ~/.config/fish/completions/docrepl.fish",
    ],
    exitStatuses: [(.success, "printed"), (.usage, "no shell, or one docrepl does not know")])

  static let manual = Subcommand(
    name: "man",
    synopsis: [],
    abstract: "Print this manual page, in troff.",
    discussion: [
      "Prints docrepl's manual page, generated from the same tables as the help; docs/docrepl.1 is its output."
    ],
    options: [help],
    operands: .none,
    examples: ["docrepl man > docrepl.1 && man -l docrepl.1"],
    exitStatuses: [(.success, "printed"), (.usage, "a bad command line")])

  static let helpCommand = Subcommand(
    name: "help",
    synopsis: ["[<command>]"],
    abstract: "Show this help, or a command's: 'help run' is 'run --help'.",
    discussion: [
      "With no command, shows the help of docrepl itself; with one, that command's help, as '<command> --help' shows it."
    ],
    options: [],
    operands: .choices(["run", "test", "check", "inspect", "completion", "man", "help"]),
    examples: ["docrepl help test"],
    exitStatuses: [(.success, "printed"), (.usage, "a command docrepl does not know")])

  /// Every subcommand, in the order help lists them.
  static let commands: [any ShellCommand.Type] = [
    RunCommand.self, TestCommand.self, CheckCommand.self, InspectCommand.self,
    CompletionCommand.self,
    HelpCommand.self, ManCommand.self,
  ]

  /// Every subcommand's table, in the order help lists them.
  static var subcommands: [Subcommand] { commands.map { $0.reference } }

  /// The subcommand called `name`, if there is one.
  static func command(named name: String) -> (any ShellCommand.Type)? {
    commands.first { $0.reference.name == name }
  }

  /// The table of the subcommand called `name`, if there is one.
  static func subcommand(named name: String) -> Subcommand? {
    command(named: name)?.reference
  }
}
