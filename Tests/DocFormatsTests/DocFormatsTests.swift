import DocFormats
import Testing

/// The built-in document types arrive with their tests; until then the
/// target only proves the module builds and links against DocKit.
@Suite("DocFormats")
struct DocFormatsTests {}
