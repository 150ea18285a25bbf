import DocKit
import Foundation

let undoManager = UndoManager()
let itinerary = Itinerary(stops: ["Lyon"])
itinerary.addStop("Turin", undoManager: undoManager)
undoManager.markEventBoundary()
itinerary.addStop("Genoa", undoManager: undoManager)
undoManager.markEventBoundary()
print("stops:", itinerary.summary, "(\(itinerary.stopCount))")
print("undo menu:", undoManager.undoMenuItemTitle)
undoManager.undo()
print("after undo:", itinerary.summary, "(\(itinerary.stopCount))")
print("redo menu:", undoManager.redoMenuItemTitle)
undoManager.redo()
print("after redo:", itinerary.summary, "(\(itinerary.stopCount))")

for text in ["G", "Ge", "", "Gen"] { itinerary.query = text }
itinerary.status.send("on time")
itinerary.status.send(completion: .failure(CocoaError(.fileReadNoPermission)))
print("searches before the main queue runs:", itinerary.searches)
print("statuses before the main run loop runs:", itinerary.statuses)
try await Task.sleep(for: .milliseconds(100))
print("searches:", itinerary.searches)
print("statuses:", itinerary.statuses)
