import DocKit
import Foundation
import Testing

/// ``DocumentHost``: the identifier DocKit names its files after.
@Suite("DocumentHost")
struct DocumentHostTests {
  @Test("The default host is docrepl, and its autosave folder is docrepl/autosave")
  func defaultHost() {
    #expect(DocumentHost.current.identifier == "docrepl")
    #expect(DocumentHost.current.autosaveDirectory.path.hasSuffix("/docrepl/autosave"))
    #expect(DocumentEnvironment().autosaveDirectory == DocumentHost.current.autosaveDirectory)
  }

  @Test("A host's autosave folder, and a new environment's, follow its identifier")
  func ownHost() throws {
    let trips = try DocumentHost(identifier: "org.example.trips")
    DocumentHost.$current.withValue(trips) {
      #expect(DocumentEnvironment().autosaveDirectory.path.hasSuffix("/org.example.trips/autosave"))
    }
  }

  @Test("The state folder: $XDG_STATE_HOME, else $HOME/.local/state; a relative one is ignored")
  func stateHome() {
    #expect(
      DocumentHost.stateHome(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.path == "/s")
    #expect(DocumentHost.stateHome(environment: ["HOME": "/h"])?.path == "/h/.local/state")
    #expect(
      DocumentHost.stateHome(environment: ["XDG_STATE_HOME": "s", "HOME": "/h"])?.path
        == "/h/.local/state")
    #expect(DocumentHost.stateHome(environment: ["XDG_STATE_HOME": "", "HOME": "h"]) == nil)
    #expect(DocumentHost.stateHome(environment: [:]) == nil)
  }

  @Test(
    "The autosave folder follows HOME without XDG_STATE_HOME; the user database only without HOME")
  func autosaveDirectoryFromEnvironment() throws {
    let trips = try DocumentHost(identifier: "trips")
    #expect(
      trips.autosaveDirectory(environment: ["HOME": "/h"]).path
        == "/h/.local/state/trips/autosave")
    #expect(
      trips.autosaveDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path
        == "/s/trips/autosave")
    #expect(
      trips.autosaveDirectory(environment: [:]).path
        == FileManager.default.homeDirectoryForCurrentUser.path + "/.local/state/trips/autosave")
  }

  @Test(
    "Identifiers that are not one safe name are refused",
    arguments: ["", ".hidden", "-flag", "a/b", "a b", "é", String(repeating: "x", count: 33)])
  func refused(_ identifier: String) {
    #expect(throws: DocumentHost.InvalidIdentifier.self) {
      try DocumentHost(identifier: identifier)
    }
  }
}
