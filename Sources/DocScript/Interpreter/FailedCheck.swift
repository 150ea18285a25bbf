/// The failure of a check (`expect`, `expect-error`): its diagnostic is
/// marked ``Diagnostic/isFailedCheck``.
struct FailedCheck: Error {
  var error: any Error
}
