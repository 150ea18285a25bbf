// The libFuzzer driver of scripts/fuzz (built with FUZZING defined and
// -sanitize=fuzzer), or, in a plain build, a program that replays inputs
// through the same checks.
import DocFuzz
import Foundation

#if FUZZING
  import CDocFuzz

  /// libFuzzer's callback: one input through the target's check.
  private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzCommand.targetFromEnvironment.checkBlocking(bytes)
    return 0
  }
#endif

@main
struct DocreplFuzz {
  #if FUZZING
    /// Not async: libFuzzer's loop runs on the main thread outside any
    /// task, and each check turns the main run loop for its own task.
    static func main() {
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })
    }
  #else
    static func main() async {
      exit(await FuzzCommand.main(Array(CommandLine.arguments.dropFirst())))
    }
  #endif
}
