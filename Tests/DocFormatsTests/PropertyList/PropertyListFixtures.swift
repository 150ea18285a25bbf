import DocTestSupport
import Foundation

/// Property lists written for the tests in the layouts of real ones
/// (Xcode's Info.plist with tabs, an entitlements file, a hand-written
/// plist with spaces, CRLF and odd spellings, a project.pbxproj), each
/// with the value an edit changes.
enum PropertyListFixtures {
  /// Xcode's Info.plist layout: tabs, `<true/>`, nested arrays of
  /// dictionaries, keys in Xcode's order rather than sorted.
  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleShortVersionString</key>
    \t<string>1.0</string>
    \t<key>CFBundleDevelopmentRegion</key>
    \t<string>$(DEVELOPMENT_LANGUAGE)</string>
    \t<key>CFBundleDocumentTypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>CFBundleTypeName</key>
    \t\t\t<string>Trip</string>
    \t\t\t<key>LSItemContentTypes</key>
    \t\t\t<array>
    \t\t\t\t<string>com.example.trip</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    \t<key>LSRequiresIPhoneOS</key>
    \t<true/>
    \t<key>UIBackgroundModes</key>
    \t<array/>
    </dict>
    </plist>

    """

  /// An entitlements file: spaces, not tabs, and a comment.
  static let entitlements = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
      <dict>
        <!-- sandbox -->
        <key>com.apple.security.app-sandbox</key>
        <true></true>
        <key>com.apple.security.application-groups</key>
        <array>
          <string>group.com.example</string>
        </array>
      </dict>
    </plist>

    """

  /// CRLF line endings, a byte-order mark, entities and CDATA, every
  /// scalar kind.
  static let crlf =
    "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<plist version=\"1.0\">\r\n<dict>\r\n"
    + "\t<key>Name</key>\r\n\t<string>Tom &#38; Jerry &lt;3</string>\r\n"
    + "\t<key>Raw</key>\r\n\t<string><![CDATA[a<b>&c]]></string>\r\n"
    + "\t<key>Count</key>\r\n\t<integer>0x1F</integer>\r\n"
    + "\t<key>Big</key>\r\n\t<integer>18446744073709551615</integer>\r\n"
    + "\t<key>Low</key>\r\n\t<integer>-9223372036854775808</integer>\r\n"
    + "\t<key>Ratio</key>\r\n\t<real>-inf</real>\r\n"
    + "\t<key>When</key>\r\n\t<date>1969-07-20T20:17:40Z</date>\r\n"
    + "\t<key>Blob</key>\r\n\t<data>\r\n\tAAEC\r\n\tAw==\r\n\t</data>\r\n"
    + "\t<key>Off</key>\r\n\t<false/>\r\n"
    + "</dict>\r\n</plist>\r\n"

  /// Xcode's project.pbxproj layout: the UTF-8 header, comments, one-line
  /// PBXBuildFile entries, quoted and unquoted strings.
  static let pbxproj = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tclasses = {
    \t};
    \tobjectVersion = 56;
    \tobjects = {

    /* Begin PBXBuildFile section */
    \t\tAA00000000000000000000B1 /* App.swift in Sources */ = {isa = PBXBuildFile; fileRef = AA00000000000000000000F1 /* App.swift */; };
    /* End PBXBuildFile section */

    \t\tAA00000000000000000000C1 /* Debug */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\t"CODE_SIGN_IDENTITY[sdk=iphoneos*]" = "iPhone Developer";
    \t\t\t\tOTHER_LDFLAGS = (
    \t\t\t\t\t"-ObjC",
    \t\t\t\t\t"-lz",
    \t\t\t\t);
    \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
    \t\t\t\tSWIFT_VERSION = 5.0;
    \t\t\t};
    \t\t\tname = Debug;
    \t\t};
    \t};
    \trootObject = AA00000000000000000000D1 /* Project object */;
    }

    """

  /// `text` with `old` (which must appear once) replaced by `new`: the
  /// bytes an edit of that one value should leave.
  static func splice(_ text: String, replacing old: String, with new: String) -> [UInt8] {
    let parts = text.components(separatedBy: old)
    precondition(parts.count == 2, "'\(old)' must appear exactly once")
    return Array((parts[0] + new + parts[1]).utf8)
  }

  /// What Python's plistlib reads from `bytes`, as JSON with dates,
  /// data and big integers spelled out, sorted keys: an independent
  /// reading to compare against.
  static func plistlibJSON(_ bytes: [UInt8]) throws -> String {
    let folder = try TemporaryDirectory("plistlib")
    let file = folder("in.plist")
    try Data(bytes).write(to: file)
    let script = """
      import plistlib, sys, json, datetime, base64
      def conv(v):
          if isinstance(v, dict): return {k: conv(x) for k, x in v.items()}
          if isinstance(v, list): return [conv(x) for x in v]
          if isinstance(v, bytes): return {"data": base64.b64encode(v).decode()}
          if isinstance(v, datetime.datetime): return {"date": v.strftime("%Y-%m-%dT%H:%M:%SZ")}
          if isinstance(v, float): return {"real": repr(v)}
          return v
      with open(sys.argv[1], "rb") as f:
          print(json.dumps(conv(plistlib.load(f)), sort_keys=True, ensure_ascii=False))
      """
    let result = try runProgram(
      URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, file.path])
    guard result.status == 0 else { throw PlistlibError(message: result.errors) }
    return result.output.trimmingCharacters(in: .newlines)
  }

  /// What plistlib writes for the JSON value `json` (with `{"date": …}`
  /// and `{"data": …}` objects made dates and data), as XML.
  static func plistlibXML(_ json: String) throws -> [UInt8] {
    let script = """
      import plistlib, sys, json, datetime, base64
      def conv(v):
          if isinstance(v, dict):
              if list(v) == ["date"]: return datetime.datetime.strptime(v["date"], "%Y-%m-%dT%H:%M:%SZ")
              if list(v) == ["data"]: return base64.b64decode(v["data"])
              return {k: conv(x) for k, x in v.items()}
          if isinstance(v, list): return [conv(x) for x in v]
          return v
      sys.stdout.buffer.write(plistlib.dumps(conv(json.loads(sys.argv[1])), sort_keys=False))
      """
    let result = try runProgram(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, json])
    guard result.status == 0 else { throw PlistlibError(message: result.errors) }
    return Array(result.output.utf8)
  }

  struct PlistlibError: Error { var message: String }
}
