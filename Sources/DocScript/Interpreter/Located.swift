/// An error inside a group, with the command it came from.
struct Located: Error {
  var error: any Error
  var range: SourceRange
}
