/// A typed ``CommandParameter`` seen without its type: what a
/// ``CommandSpec`` made from typed parameters lists.
public protocol AnyCommandParameter: Sendable {
  /// The parameter as the spec's usage line, parsing and `help` see it.
  var declaration: CommandSpec.Parameter { get }
}
