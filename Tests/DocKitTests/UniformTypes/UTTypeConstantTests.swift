import DocKit
import Testing

/// Every constant Apple's `UTType` declares compiles, names the identifier
/// Apple documents for it, and is declared. The list is Apple's
/// (`UTCoreTypes.h`, in its order), so a constant missing from DocKit is a
/// compile error here.
@Suite("UTType: Apple's constants")
struct UTTypeConstantTests {
  struct Constant: Sendable, CustomTestStringConvertible {
    var type: UTType
    var name: String
    var identifier: String
    var testDescription: String { ".\(name) is \(identifier)" }
  }

  static let constants: [Constant] = [
    Constant(type: .item, name: "item", identifier: "public.item"),
    Constant(type: .content, name: "content", identifier: "public.content"),
    Constant(
      type: .compositeContent, name: "compositeContent", identifier: "public.composite-content"),
    Constant(type: .diskImage, name: "diskImage", identifier: "public.disk-image"),
    Constant(type: .data, name: "data", identifier: "public.data"),
    Constant(type: .directory, name: "directory", identifier: "public.directory"),
    Constant(type: .resolvable, name: "resolvable", identifier: "com.apple.resolvable"),
    Constant(type: .symbolicLink, name: "symbolicLink", identifier: "public.symlink"),
    Constant(type: .executable, name: "executable", identifier: "public.executable"),
    Constant(type: .mountPoint, name: "mountPoint", identifier: "com.apple.mount-point"),
    Constant(type: .aliasFile, name: "aliasFile", identifier: "com.apple.alias-file"),
    Constant(type: .urlBookmarkData, name: "urlBookmarkData", identifier: "com.apple.bookmark"),
    Constant(type: .url, name: "url", identifier: "public.url"),
    Constant(type: .fileURL, name: "fileURL", identifier: "public.file-url"),
    Constant(type: .text, name: "text", identifier: "public.text"),
    Constant(type: .plainText, name: "plainText", identifier: "public.plain-text"),
    Constant(type: .utf8PlainText, name: "utf8PlainText", identifier: "public.utf8-plain-text"),
    Constant(
      type: .utf16ExternalPlainText, name: "utf16ExternalPlainText",
      identifier: "public.utf16-external-plain-text"),
    Constant(type: .utf16PlainText, name: "utf16PlainText", identifier: "public.utf16-plain-text"),
    Constant(
      type: .delimitedText, name: "delimitedText", identifier: "public.delimited-values-text"),
    Constant(
      type: .commaSeparatedText, name: "commaSeparatedText",
      identifier: "public.comma-separated-values-text"),
    Constant(
      type: .tabSeparatedText, name: "tabSeparatedText",
      identifier: "public.tab-separated-values-text"),
    Constant(
      type: .utf8TabSeparatedText, name: "utf8TabSeparatedText",
      identifier: "public.utf8-tab-separated-values-text"),
    Constant(type: .rtf, name: "rtf", identifier: "public.rtf"),
    Constant(type: .html, name: "html", identifier: "public.html"),
    Constant(type: .xml, name: "xml", identifier: "public.xml"),
    Constant(type: .yaml, name: "yaml", identifier: "public.yaml"),
    Constant(type: .css, name: "css", identifier: "public.css"),
    Constant(type: .markdown, name: "markdown", identifier: "net.daringfireball.markdown"),
    Constant(type: .sourceCode, name: "sourceCode", identifier: "public.source-code"),
    Constant(
      type: .assemblyLanguageSource, name: "assemblyLanguageSource",
      identifier: "public.assembly-source"),
    Constant(type: .cSource, name: "cSource", identifier: "public.c-source"),
    Constant(
      type: .objectiveCSource, name: "objectiveCSource", identifier: "public.objective-c-source"),
    Constant(type: .swiftSource, name: "swiftSource", identifier: "public.swift-source"),
    Constant(
      type: .cPlusPlusSource, name: "cPlusPlusSource", identifier: "public.c-plus-plus-source"),
    Constant(
      type: .objectiveCPlusPlusSource, name: "objectiveCPlusPlusSource",
      identifier: "public.objective-c-plus-plus-source"),
    Constant(type: .cHeader, name: "cHeader", identifier: "public.c-header"),
    Constant(
      type: .cPlusPlusHeader, name: "cPlusPlusHeader", identifier: "public.c-plus-plus-header"),
    Constant(type: .script, name: "script", identifier: "public.script"),
    Constant(type: .appleScript, name: "appleScript", identifier: "com.apple.applescript.text"),
    Constant(type: .osaScript, name: "osaScript", identifier: "com.apple.applescript.script"),
    Constant(
      type: .osaScriptBundle, name: "osaScriptBundle",
      identifier: "com.apple.applescript.script-bundle"),
    Constant(type: .javaScript, name: "javaScript", identifier: "com.netscape.javascript-source"),
    Constant(type: .shellScript, name: "shellScript", identifier: "public.shell-script"),
    Constant(type: .perlScript, name: "perlScript", identifier: "public.perl-script"),
    Constant(type: .pythonScript, name: "pythonScript", identifier: "public.python-script"),
    Constant(type: .rubyScript, name: "rubyScript", identifier: "public.ruby-script"),
    Constant(type: .phpScript, name: "phpScript", identifier: "public.php-script"),
    Constant(type: .makefile, name: "makefile", identifier: "public.make-source"),
    Constant(type: .json, name: "json", identifier: "public.json"),
    Constant(type: .propertyList, name: "propertyList", identifier: "com.apple.property-list"),
    Constant(
      type: .xmlPropertyList, name: "xmlPropertyList", identifier: "com.apple.xml-property-list"),
    Constant(
      type: .binaryPropertyList, name: "binaryPropertyList",
      identifier: "com.apple.binary-property-list"),
    Constant(type: .pdf, name: "pdf", identifier: "com.adobe.pdf"),
    Constant(type: .rtfd, name: "rtfd", identifier: "com.apple.rtfd"),
    Constant(type: .flatRTFD, name: "flatRTFD", identifier: "com.apple.flat-rtfd"),
    Constant(type: .webArchive, name: "webArchive", identifier: "com.apple.webarchive"),
    Constant(type: .image, name: "image", identifier: "public.image"),
    Constant(type: .jpeg, name: "jpeg", identifier: "public.jpeg"),
    Constant(type: .tiff, name: "tiff", identifier: "public.tiff"),
    Constant(type: .gif, name: "gif", identifier: "com.compuserve.gif"),
    Constant(type: .png, name: "png", identifier: "public.png"),
    Constant(type: .icns, name: "icns", identifier: "com.apple.icns"),
    Constant(type: .bmp, name: "bmp", identifier: "com.microsoft.bmp"),
    Constant(type: .ico, name: "ico", identifier: "com.microsoft.ico"),
    Constant(type: .rawImage, name: "rawImage", identifier: "public.camera-raw-image"),
    Constant(type: .svg, name: "svg", identifier: "public.svg-image"),
    Constant(type: .livePhoto, name: "livePhoto", identifier: "com.apple.live-photo"),
    Constant(type: .heif, name: "heif", identifier: "public.heif"),
    Constant(type: .heic, name: "heic", identifier: "public.heic"),
    Constant(type: .heics, name: "heics", identifier: "public.heics"),
    Constant(type: .webP, name: "webP", identifier: "org.webmproject.webp"),
    Constant(type: .exr, name: "exr", identifier: "com.ilm.openexr-image"),
    Constant(type: .dng, name: "dng", identifier: "com.adobe.raw-image"),
    Constant(type: .jpegxl, name: "jpegxl", identifier: "public.jpeg-xl"),
    Constant(type: .threeDContent, name: "threeDContent", identifier: "public.3d-content"),
    Constant(type: .usd, name: "usd", identifier: "com.pixar.universal-scene-description"),
    Constant(type: .usdz, name: "usdz", identifier: "com.pixar.universal-scene-description-mobile"),
    Constant(type: .realityFile, name: "realityFile", identifier: "com.apple.reality"),
    Constant(type: .sceneKitScene, name: "sceneKitScene", identifier: "com.apple.scenekit.scene"),
    Constant(type: .arReferenceObject, name: "arReferenceObject", identifier: "com.apple.arobject"),
    Constant(
      type: .audiovisualContent, name: "audiovisualContent",
      identifier: "public.audiovisual-content"),
    Constant(type: .movie, name: "movie", identifier: "public.movie"),
    Constant(type: .video, name: "video", identifier: "public.video"),
    Constant(type: .audio, name: "audio", identifier: "public.audio"),
    Constant(
      type: .quickTimeMovie, name: "quickTimeMovie", identifier: "com.apple.quicktime-movie"),
    Constant(type: .mpeg, name: "mpeg", identifier: "public.mpeg"),
    Constant(type: .mpeg2Video, name: "mpeg2Video", identifier: "public.mpeg-2-video"),
    Constant(
      type: .mpeg2TransportStream, name: "mpeg2TransportStream",
      identifier: "public.mpeg-2-transport-stream"),
    Constant(type: .mp3, name: "mp3", identifier: "public.mp3"),
    Constant(type: .mpeg4Movie, name: "mpeg4Movie", identifier: "public.mpeg-4"),
    Constant(type: .mpeg4Audio, name: "mpeg4Audio", identifier: "public.mpeg-4-audio"),
    Constant(
      type: .appleProtectedMPEG4Audio, name: "appleProtectedMPEG4Audio",
      identifier: "com.apple.protected-mpeg-4-audio"),
    Constant(
      type: .appleProtectedMPEG4Video, name: "appleProtectedMPEG4Video",
      identifier: "com.apple.protected-mpeg-4-video"),
    Constant(type: .avi, name: "avi", identifier: "public.avi"),
    Constant(type: .aiff, name: "aiff", identifier: "public.aiff-audio"),
    Constant(type: .wav, name: "wav", identifier: "com.microsoft.waveform-audio"),
    Constant(type: .midi, name: "midi", identifier: "public.midi-audio"),
    Constant(type: .playlist, name: "playlist", identifier: "public.playlist"),
    Constant(type: .m3uPlaylist, name: "m3uPlaylist", identifier: "public.m3u-playlist"),
    Constant(type: .folder, name: "folder", identifier: "public.folder"),
    Constant(type: .volume, name: "volume", identifier: "public.volume"),
    Constant(type: .package, name: "package", identifier: "com.apple.package"),
    Constant(type: .bundle, name: "bundle", identifier: "com.apple.bundle"),
    Constant(type: .pluginBundle, name: "pluginBundle", identifier: "com.apple.plugin"),
    Constant(
      type: .spotlightImporter, name: "spotlightImporter", identifier: "com.apple.metadata-importer"
    ),
    Constant(
      type: .quickLookGenerator, name: "quickLookGenerator",
      identifier: "com.apple.quicklook-generator"),
    Constant(type: .xpcService, name: "xpcService", identifier: "com.apple.xpc-service"),
    Constant(type: .framework, name: "framework", identifier: "com.apple.framework"),
    Constant(type: .application, name: "application", identifier: "com.apple.application"),
    Constant(
      type: .applicationBundle, name: "applicationBundle",
      identifier: "com.apple.application-bundle"),
    Constant(
      type: .applicationExtension, name: "applicationExtension",
      identifier: "com.apple.application-and-system-extension"),
    Constant(type: .unixExecutable, name: "unixExecutable", identifier: "public.unix-executable"),
    Constant(type: .exe, name: "exe", identifier: "com.microsoft.windows-executable"),
    Constant(
      type: .systemPreferencesPane, name: "systemPreferencesPane",
      identifier: "com.apple.systempreference.prefpane"),
    Constant(type: .archive, name: "archive", identifier: "public.archive"),
    Constant(type: .gzip, name: "gzip", identifier: "org.gnu.gnu-zip-archive"),
    Constant(type: .bz2, name: "bz2", identifier: "public.bzip2-archive"),
    Constant(type: .zip, name: "zip", identifier: "public.zip-archive"),
    Constant(type: .appleArchive, name: "appleArchive", identifier: "com.apple.archive"),
    Constant(type: .tarArchive, name: "tarArchive", identifier: "public.tar-archive"),
    Constant(type: .spreadsheet, name: "spreadsheet", identifier: "public.spreadsheet"),
    Constant(type: .presentation, name: "presentation", identifier: "public.presentation"),
    Constant(type: .database, name: "database", identifier: "public.database"),
    Constant(type: .message, name: "message", identifier: "public.message"),
    Constant(type: .contact, name: "contact", identifier: "public.contact"),
    Constant(type: .vCard, name: "vCard", identifier: "public.vcard"),
    Constant(type: .toDoItem, name: "toDoItem", identifier: "public.to-do-item"),
    Constant(type: .calendarEvent, name: "calendarEvent", identifier: "public.calendar-event"),
    Constant(type: .emailMessage, name: "emailMessage", identifier: "public.email-message"),
    Constant(
      type: .internetLocation, name: "internetLocation", identifier: "com.apple.internet-location"),
    Constant(
      type: .internetShortcut, name: "internetShortcut",
      identifier: "com.microsoft.internet-shortcut"),
    Constant(type: .font, name: "font", identifier: "public.font"),
    Constant(type: .bookmark, name: "bookmark", identifier: "public.bookmark"),
    Constant(type: .pkcs12, name: "pkcs12", identifier: "com.rsa.pkcs-12"),
    Constant(
      type: .x509Certificate, name: "x509Certificate", identifier: "public.x509-certificate"),
    Constant(type: .epub, name: "epub", identifier: "org.idpf.epub-container"),
    Constant(type: .log, name: "log", identifier: "public.log"),
    Constant(type: .ahap, name: "ahap", identifier: "com.apple.haptics.ahap"),
    Constant(type: .geoJSON, name: "geoJSON", identifier: "public.geojson"),
    Constant(
      type: .linkPresentationMetadata, name: "linkPresentationMetadata",
      identifier: "com.apple.linkpresentation.metadata"),
  ]

  @Test("Each constant is the declared type with Apple's identifier", arguments: constants)
  func constant(_ constant: Constant) throws {
    #expect(constant.type.identifier == constant.identifier)
    #expect(constant.type.isDeclared)
    #expect(!constant.type.isDynamic)
    let found = try #require(UTType(constant.identifier))
    #expect(found == constant.type)
    #expect(found.identifier == constant.identifier)
  }

  @Test("No two constants name the same type")
  func distinct() {
    #expect(Set(Self.constants.map(\.type)).count == Self.constants.count)
  }
}
