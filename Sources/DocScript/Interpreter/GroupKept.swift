/// An error after a group succeeded, from the autosave that followed it:
/// what the group did is kept.
struct GroupKept: Error {
  var error: any Error
}
