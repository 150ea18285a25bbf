/// The system-declared types DocKit knows, with Apple's identifiers,
/// conformances, tags and descriptions. Order matters: when several types
/// claim a tag, the first declared wins a lookup (`mp4` is a movie, `plist`
/// a property list).
extension UTType {
  static let systemDeclarations: [UTTypeDeclaration] = [
    system(identifier: "public.item", description: "item"),
    system(identifier: "public.content", description: "content"),
    system(
      identifier: "public.composite-content", conformsTo: ["public.content"],
      description: "composite content"),
    system(
      identifier: "public.data", conformsTo: ["public.item"],
      tags: [.mimeType: ["application/octet-stream"]], description: "data"),
    system(identifier: "public.directory", conformsTo: ["public.item"], description: "directory"),
    system(identifier: "public.folder", conformsTo: ["public.directory"], description: "folder"),
    system(
      identifier: "com.apple.package", conformsTo: ["public.directory"], description: "Package"),
    system(identifier: "com.apple.bundle", conformsTo: ["public.directory"], description: "bundle"),
    system(
      identifier: "public.symlink", conformsTo: ["public.item", "com.apple.resolvable"],
      description: "symbolic link"),
    system(identifier: "com.apple.resolvable", description: "resolvable"),
    system(
      identifier: "com.apple.alias-file", conformsTo: ["public.data", "com.apple.resolvable"],
      description: "alias"),
    system(identifier: "public.volume", conformsTo: ["public.folder"], description: "volume"),
    system(
      identifier: "public.disk-image", conformsTo: ["public.archive"], description: "disk image"),
    system(identifier: "public.executable", description: "executable"),
    system(
      identifier: "public.unix-executable", conformsTo: ["public.data", "public.executable"],
      description: "Unix executable"),
    system(
      identifier: "com.apple.application", conformsTo: ["public.executable"],
      description: "application"),
    system(
      identifier: "public.text", conformsTo: ["public.data", "public.content"], description: "text"),
    system(
      identifier: "public.plain-text", conformsTo: ["public.text"],
      tags: [.filenameExtension: ["txt", "text"], .mimeType: ["text/plain"]],
      description: "plain text"),
    system(
      identifier: "public.utf8-plain-text", conformsTo: ["public.plain-text"],
      tags: [.mimeType: ["text/plain;charset=utf-8"]], description: "UTF-8 plain text"),
    system(
      identifier: "public.utf16-plain-text", conformsTo: ["public.plain-text"],
      tags: [.mimeType: ["text/plain;charset=utf-16"]], description: "UTF-16 plain text"),
    system(
      identifier: "public.utf16-external-plain-text", conformsTo: ["public.plain-text"],
      description: "UTF-16 plain text (external)"),
    system(
      identifier: "public.utf8-tab-separated-values-text",
      conformsTo: ["public.tab-separated-values-text", "public.utf8-plain-text"],
      description: "UTF-8 tab-separated values"),
    system(
      identifier: "public.delimited-values-text", conformsTo: ["public.text"],
      description: "delimited text values"),
    system(
      identifier: "public.comma-separated-values-text",
      conformsTo: ["public.plain-text", "public.delimited-values-text"],
      tags: [.filenameExtension: ["csv"], .mimeType: ["text/csv", "text/comma-separated-values"]],
      description: "comma-separated values"),
    system(
      identifier: "public.tab-separated-values-text",
      conformsTo: ["public.plain-text", "public.delimited-values-text"],
      tags: [.filenameExtension: ["tsv"], .mimeType: ["text/tab-separated-values"]],
      description: "tab-separated values"),
    system(
      identifier: "public.html", conformsTo: ["public.text"],
      tags: [.filenameExtension: ["html", "htm", "shtml", "shtm"], .mimeType: ["text/html"]],
      description: "HTML text"),
    system(
      identifier: "public.xml", conformsTo: ["public.text"],
      tags: [.filenameExtension: ["xml"], .mimeType: ["application/xml", "text/xml"]],
      description: "XML text"),
    system(
      identifier: "public.json", conformsTo: ["public.text"],
      tags: [.filenameExtension: ["json"], .mimeType: ["application/json"]], description: "JSON"),
    system(
      identifier: "public.yaml", conformsTo: ["public.text"],
      tags: [.filenameExtension: ["yml", "yaml"], .mimeType: ["application/x-yaml"]],
      description: "YAML"),
    system(
      identifier: "public.rtf", conformsTo: ["public.text"],
      tags: [.filenameExtension: ["rtf"], .mimeType: ["text/rtf"]], description: "rich text (RTF)"),
    system(
      identifier: "com.apple.rtfd", conformsTo: ["com.apple.package", "public.composite-content"],
      tags: [.filenameExtension: ["rtfd"]], description: "rich text with attachments (RTFD)"),
    system(
      identifier: "com.apple.flat-rtfd", conformsTo: ["public.data", "public.composite-content"],
      description: "rich text with attachments (RTFD) data"),
    system(
      identifier: "public.source-code", conformsTo: ["public.plain-text"],
      description: "source code"),
    system(identifier: "public.script", conformsTo: ["public.source-code"], description: "script"),
    system(
      identifier: "public.shell-script", conformsTo: ["public.script"],
      tags: [.filenameExtension: ["sh"]], description: "shell script"),
    system(
      identifier: "public.python-script", conformsTo: ["public.shell-script"],
      tags: [.filenameExtension: ["py"], .mimeType: ["text/x-python-script"]],
      description: "Python script"),
    system(
      identifier: "public.ruby-script", conformsTo: ["public.shell-script"],
      tags: [.filenameExtension: ["rb", "rbw"], .mimeType: ["text/x-ruby-script"]],
      description: "Ruby script"),
    system(
      identifier: "public.perl-script", conformsTo: ["public.shell-script"],
      tags: [.filenameExtension: ["pl", "pm"], .mimeType: ["text/x-perl-script"]],
      description: "Perl script"),
    system(
      identifier: "public.php-script", conformsTo: ["public.shell-script"],
      tags: [
        .filenameExtension: ["php", "php3", "php4", "ph3", "ph4", "phtml"],
        .mimeType: ["text/php", "text/x-php-script", "application/php"],
      ], description: "PHP script"),
    system(
      identifier: "com.netscape.javascript-source",
      conformsTo: ["public.script", "public.executable"],
      tags: [
        .filenameExtension: ["js", "jscript", "javascript", "mjs"], .mimeType: ["text/javascript"],
      ], description: "JavaScript"),
    system(
      identifier: "public.swift-source", conformsTo: ["public.source-code"],
      tags: [.filenameExtension: ["swift"]], description: "Swift Source Code"),
    system(
      identifier: "public.c-source", conformsTo: ["public.source-code"],
      tags: [.filenameExtension: ["c"]], description: "C source code"),
    system(
      identifier: "public.c-header", conformsTo: ["public.source-code"],
      tags: [.filenameExtension: ["h"]], description: "C header code"),
    system(
      identifier: "public.c-plus-plus-source", conformsTo: ["public.source-code"],
      tags: [.filenameExtension: ["cp", "cpp", "c++", "cc", "cxx"]], description: "C++ source code"),
    system(
      identifier: "public.c-plus-plus-header", conformsTo: ["public.source-code"],
      tags: [.filenameExtension: ["hh", "hp", "hpp", "hxx", "h++", "ipp"]],
      description: "C++ header code"),
    system(
      identifier: "public.objective-c-source", conformsTo: ["public.source-code"],
      tags: [.filenameExtension: ["m"]], description: "Objective-C source code"),
    system(
      identifier: "public.assembly-source", conformsTo: ["public.source-code"],
      tags: [.filenameExtension: ["s"]], description: "assembly source code"),
    system(
      identifier: "net.daringfireball.markdown", conformsTo: ["public.utf8-plain-text"],
      tags: [.filenameExtension: ["md", "markdown"], .mimeType: ["text/markdown"]],
      description: "Markdown text"),
    system(
      identifier: "com.adobe.pdf", conformsTo: ["public.data", "public.composite-content"],
      tags: [.filenameExtension: ["pdf"], .mimeType: ["application/pdf"]],
      description: "PDF document"),
    system(
      identifier: "com.apple.property-list", conformsTo: ["public.data"],
      tags: [.filenameExtension: ["plist"]], description: "property list"),
    system(
      identifier: "com.apple.xml-property-list",
      conformsTo: ["public.xml", "com.apple.property-list"], tags: [.filenameExtension: ["plist"]],
      description: "XML property list"),
    system(
      identifier: "com.apple.binary-property-list", conformsTo: ["com.apple.property-list"],
      tags: [.filenameExtension: ["plist"]], description: "binary property list"),
    system(
      identifier: "public.image", conformsTo: ["public.data", "public.content"],
      description: "image"),
    system(
      identifier: "public.png", conformsTo: ["public.image"],
      tags: [.filenameExtension: ["png"], .mimeType: ["image/png"]], description: "PNG image"),
    system(
      identifier: "public.jpeg", conformsTo: ["public.image"],
      tags: [.filenameExtension: ["jpeg", "jpg", "jpe"], .mimeType: ["image/jpeg", "image/jpg"]],
      description: "JPEG image"),
    system(
      identifier: "public.tiff", conformsTo: ["public.image"],
      tags: [.filenameExtension: ["tiff", "tif"], .mimeType: ["image/tiff"]],
      description: "TIFF image"),
    system(
      identifier: "com.compuserve.gif", conformsTo: ["public.image"],
      tags: [.filenameExtension: ["gif"], .mimeType: ["image/gif"]], description: "GIF image"),
    system(
      identifier: "public.svg-image", conformsTo: ["public.image", "public.xml"],
      tags: [.filenameExtension: ["svg", "svgz"], .mimeType: ["image/svg+xml"]],
      description: "SVG image"),
    system(
      identifier: "com.microsoft.bmp", conformsTo: ["public.image"],
      tags: [.filenameExtension: ["bmp", "dib"], .mimeType: ["image/bmp"]],
      description: "Windows BMP image"),
    system(
      identifier: "com.microsoft.ico", conformsTo: ["public.image"],
      tags: [.filenameExtension: ["ico"], .mimeType: ["image/vnd.microsoft.icon"]],
      description: "Windows icon image"),
    system(
      identifier: "public.heif-standard", conformsTo: ["public.image"],
      description: "HEIF-standard image"),
    system(
      identifier: "public.heic", conformsTo: ["public.heif-standard"],
      tags: [.filenameExtension: ["heic"], .mimeType: ["image/heic"]], description: "HEIC image"),
    system(
      identifier: "public.heif", conformsTo: ["public.heif-standard"],
      tags: [.filenameExtension: ["heif", "hif"], .mimeType: ["image/heif"]],
      description: "HEIF image"),
    system(
      identifier: "org.webmproject.webp", conformsTo: ["public.image"],
      tags: [.filenameExtension: ["webp"], .mimeType: ["image/webp"]], description: "WebP Image"),
    system(
      identifier: "public.camera-raw-image", conformsTo: ["public.image"],
      description: "camera raw image"),
    system(
      identifier: "com.apple.icns", conformsTo: ["public.image"],
      tags: [.filenameExtension: ["icns"]], description: "Apple icon image"),
    system(identifier: "public.archive", description: "file archive"),
    system(
      identifier: "public.zip-archive", conformsTo: ["com.pkware.zip-archive"],
      tags: [
        .filenameExtension: ["zip"],
        .mimeType: ["application/zip", "application/x-zip-compressed"],
      ], description: "Zip archive"),
    system(
      identifier: "com.pkware.zip-archive", conformsTo: ["public.data", "public.archive"],
      description: "PKZip archive"),
    system(
      identifier: "org.gnu.gnu-zip-archive", conformsTo: ["public.data", "public.archive"],
      tags: [
        .filenameExtension: ["gz", "gzip"], .mimeType: ["application/x-gzip", "application/gzip"],
      ], description: "GZip archive"),
    system(
      identifier: "public.bzip2-archive", conformsTo: ["public.data", "public.archive"],
      tags: [
        .filenameExtension: ["bz2", "bz"],
        .mimeType: [
          "application/x-bzip2", "application/x-bzip", "application/bzip2", "application/bzip",
          "application/x-bz2",
        ],
      ], description: "Bzip2 archive"),
    system(
      identifier: "org.gnu.gnu-tar-archive", conformsTo: ["public.data", "public.archive"],
      tags: [.filenameExtension: ["gtar"], .mimeType: ["application/x-gtar"]],
      description: "GNU tar archive"),
    system(
      identifier: "public.tar-archive", conformsTo: ["org.gnu.gnu-tar-archive"],
      tags: [.filenameExtension: ["tar"], .mimeType: ["application/x-tar", "application/tar"]],
      description: "tar archive"),
    system(
      identifier: "com.apple.archive", conformsTo: ["public.data", "public.archive"],
      tags: [.filenameExtension: ["aar", "yaa"]], description: "Apple Archive"),
    system(
      identifier: "org.idpf.epub-container",
      conformsTo: ["public.data", "public.composite-content"],
      tags: [.filenameExtension: ["epub"], .mimeType: ["application/epub+zip"]],
      description: "EPUB publication"),
    system(
      identifier: "public.audiovisual-content", conformsTo: ["public.data", "public.content"],
      description: "audiovisual content"),
    system(
      identifier: "public.movie", conformsTo: ["public.audiovisual-content"], description: "movie"),
    system(identifier: "public.video", conformsTo: ["public.movie"], description: "video"),
    system(
      identifier: "public.audio", conformsTo: ["public.audiovisual-content"], description: "audio"),
    system(
      identifier: "public.mp3", conformsTo: ["public.audio"],
      tags: [
        .filenameExtension: ["mp3", "mpga"],
        .mimeType: [
          "audio/mpeg", "audio/mpeg3", "audio/mpg", "audio/mp3", "audio/x-mpeg", "audio/x-mpeg3",
          "audio/x-mpg", "audio/x-mp3",
        ],
      ], description: "MP3 audio"),
    system(
      identifier: "public.mpeg-4", conformsTo: ["public.movie"],
      tags: [.filenameExtension: ["mp4", "mpg4"], .mimeType: ["video/mp4", "video/mp4v-es"]],
      description: "MPEG-4 movie"),
    system(
      identifier: "public.mpeg-4-audio", conformsTo: ["public.audio"],
      tags: [.filenameExtension: ["mp4", "mpg4"], .mimeType: ["audio/mp4", "audio/mp4a-latm"]],
      description: "MPEG-4 audio"),
    system(
      identifier: "com.apple.quicktime-movie", conformsTo: ["public.movie"],
      tags: [.filenameExtension: ["mov", "qt"], .mimeType: ["video/quicktime"]],
      description: "QuickTime movie"),
    system(
      identifier: "com.microsoft.waveform-audio", conformsTo: ["public.audio"],
      tags: [
        .filenameExtension: ["wav", "wave", "bwf"],
        .mimeType: ["audio/vnd.wave", "audio/wav", "audio/wave", "audio/x-wav"],
      ], description: "Waveform audio"),
    system(
      identifier: "public.aifc-audio", conformsTo: ["public.audio"],
      tags: [.filenameExtension: ["aifc"], .mimeType: ["audio/x-aifc"]], description: "AIFF-C audio"
    ),
    system(
      identifier: "public.aiff-audio", conformsTo: ["public.aifc-audio"],
      tags: [.filenameExtension: ["aiff", "aif"], .mimeType: ["audio/aiff", "audio/x-aiff"]],
      description: "AIFF audio"),
    system(
      identifier: "public.midi-audio", conformsTo: ["public.audio"],
      tags: [
        .filenameExtension: ["midi", "mid", "smf", "kar"],
        .mimeType: ["audio/midi", "audio/x-midi"],
      ], description: "MIDI audio"),
    system(identifier: "public.url", conformsTo: ["public.data"], description: "URL"),
    system(identifier: "public.file-url", conformsTo: ["public.url"], description: "file URL"),
    system(identifier: "public.font", conformsTo: ["public.data"], description: "font"),
    system(
      identifier: "public.spreadsheet", conformsTo: ["public.content"], description: "Spreadsheet"),
    system(
      identifier: "public.presentation", conformsTo: ["public.composite-content"],
      description: "presentation"),
    system(identifier: "public.database", description: "database"),
    system(identifier: "public.message", description: "message"),
    system(
      identifier: "public.email-message", conformsTo: ["public.message"],
      description: "email message"),
    system(identifier: "public.contact", description: "contact information"),
    system(
      identifier: "public.vcard", conformsTo: ["public.text", "public.contact"],
      tags: [
        .filenameExtension: ["vcf", "vcard"],
        .mimeType: ["text/vcard", "text/directory", "text/x-vcard"],
      ], description: "electronic business card"),
    system(identifier: "public.calendar-event", description: "calendar event"),
    system(
      identifier: "com.apple.ical.ics",
      conformsTo: ["public.text", "public.item", "public.calendar-event"],
      tags: [.filenameExtension: ["ics"], .mimeType: ["text/calendar"]], description: "ICS File"),
    system(identifier: "public.log", conformsTo: ["public.item"], description: "Log file"),
    system(
      identifier: "com.apple.log", conformsTo: ["public.plain-text", "public.log"],
      tags: [.filenameExtension: ["log"]], description: "log file"),
    system(
      identifier: "public.object-code", conformsTo: ["public.data", "public.executable"],
      tags: [.filenameExtension: ["o"]], description: "object code"),
    system(
      identifier: "public.3d-content", conformsTo: ["public.content"], description: "3D Content"),
    system(
      identifier: "com.pixar.universal-scene-description-mobile",
      conformsTo: ["public.3d-content", "public.data"],
      tags: [.filenameExtension: ["usdz"], .mimeType: ["model/vnd.usdz+zip"]],
      description: "Universal Scene Description Package"),
    system(identifier: "public.to-do-item", description: "to-do item"),
    system(identifier: "public.bookmark", description: "Bookmark"),
    system(identifier: "public.url-name", conformsTo: ["public.data"], description: "URL name"),
  ]

  private static func system(
    identifier: String, conformsTo: [String] = [], tags: [UTTagClass: [String]] = [:],
    description: String? = nil
  ) -> UTTypeDeclaration {
    UTTypeDeclaration(
      identifier: identifier, conformsTo: conformsTo, tags: tags, description: description)
  }
}
