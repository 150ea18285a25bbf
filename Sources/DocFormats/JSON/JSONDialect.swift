/// Which JSON a ``JSONDocument`` reads: RFC 8259 JSON, or JSON with
/// comments (JSONC, as `tsconfig.json` and VS Code's `settings.json` are
/// written).
public enum JSONDialect: Sendable, Hashable {
  /// RFC 8259 JSON: no comments, no trailing commas.
  case json
  /// JSON with `//` line comments and `/* */` block comments wherever
  /// whitespace may be, and a comma after the last member of an object or
  /// array, as jsonc-parser reads them. Block comments do not nest.
  case jsonWithComments
}
