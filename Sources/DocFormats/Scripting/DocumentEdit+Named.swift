import DocKit

extension DocumentEdit {
  /// The same edit under another action name, for its inverse too, so
  /// that undo and redo menu titles name what the user did ("Set /title").
  func named(_ name: String) -> DocumentEdit {
    DocumentEdit(actionName: name) { document in apply(to: &document).named(name) }
  }
}
