import DocKit

/// What the interpreter gives every session it creates: its clock, where
/// untitled documents autosave, the autosave policy, and counter-based
/// autosave names, so that runs repeat. DocKit's environment, which every
/// document type's session takes as it is.
typealias SessionEnvironment = DocumentEnvironment
