import DocKit

/// What the interpreter gives every session it creates: its clock (fixed,
/// so that runs repeat, or the real one), where untitled documents
/// autosave, the autosave policy, and autosave names unique to the process
/// (``AutosaveNames``). DocKit's environment, which every
/// document type's session takes as it is.
typealias SessionEnvironment = DocumentEnvironment
