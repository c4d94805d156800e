import Foundation
import Testing
import Uniflow
import UniflowTesting

/// Steps as users expect them: labels, undo and redo, coalescing on the injected clock,
/// transactions, the cap, and what is never recorded.
@MainActor
@Suite struct UndoHistoryTests {
  let clock = TestClock()

  func makeStore(
    _ state: Document.State = Document.State(), limit: UndoLimit = UndoLimit()
  ) -> Store<Document.State, Document.Action> {
    Store(initialState: state, reducer: Document(clock: clock, limit: limit))
  }

  @Test func undoRestoresTheTrackedPartAndRedoMakesTheStepAgain() {
    let store = makeStore()
    store.send(.rename("Groceries"))
    #expect(store.state.history.undoLabel == "Rename")
    #expect(store.state.history.canUndo)
    #expect(!store.state.history.canRedo)

    store.send(.undo(.undo))
    #expect(store.state.title == "")
    #expect(!store.state.history.canUndo)
    #expect(store.state.history.redoLabel == "Rename")

    store.send(.undo(.redo))
    #expect(store.state.title == "Groceries")
    #expect(store.state.history.undoLabels == ["Rename"])
    #expect(store.state.history.redoLabels == [])
  }

  @Test func stepsUndoNewestFirst() {
    let store = makeStore()
    store.send(.rename("A"))
    store.send(.addLine(TextLine(id: 1, text: "milk")))
    store.send(.rename("B"))
    #expect(store.state.history.undoLabels == ["Rename", "Add TextLine", "Rename"])

    store.send(.undo(.undo))
    #expect(store.state.title == "A")
    store.send(.undo(.undo))
    #expect(store.state.lines.isEmpty)
    #expect(store.state.history.redoLabels == ["Rename", "Add TextLine"])
    store.send(.undo(.redo))
    #expect(store.state.lines.map(\.text) == ["milk"])
    #expect(store.state.history.undoLabel == "Add TextLine")
  }

  @Test func undoAndRedoWithNothingToDoChangeNothing() {
    let store = makeStore(Document.State(title: "Kept"))
    store.send(.undo(.undo))
    store.send(.undo(.redo))
    #expect(store.state == Document.State(title: "Kept"))
  }

  @Test func ignoredActionsRecordNoStepAndAreNeverUndone() {
    let store = makeStore(Document.State(lines: [TextLine(id: 1, text: "a")]))
    store.send(.rename("Title"))
    store.send(.select(1))
    #expect(store.state.history.undoLabels == ["Rename"])

    store.send(.undo(.undo))
    #expect(store.state.title == "")
    #expect(store.state.selection == 1)
  }

  @Test func anActionThatChangesNothingRecordsNoStep() {
    let store = makeStore(Document.State(title: "Same"))
    store.send(.rename("Same"))
    store.send(.lines(.element(id: 9, action: .edit("nowhere"))))
    #expect(!store.state.history.canUndo)
  }

  @Test func aNewChangeAfterUndoForgetsWhatThereWasToRedo() {
    let store = makeStore()
    store.send(.rename("A"))
    store.send(.rename("B"))
    store.send(.undo(.undo))
    #expect(store.state.history.canRedo)

    store.send(.rename("C"))
    #expect(!store.state.history.canRedo)
    #expect(store.state.history.undoLabels == ["Rename", "Rename"])
    store.send(.undo(.redo))
    #expect(store.state.title == "C")
  }

  @Test func undoAndRedoNeverRunTheStepsEffectsAgain() async {
    let reducer = Document(clock: clock)
    let store = Store(initialState: Document.State(), reducer: reducer)
    await store.send(.rename("A")).finish()
    #expect(reducer.effects.current == 1)

    await store.send(.undo(.undo)).finish()
    await store.send(.undo(.redo)).finish()
    #expect(store.state.title == "A")
    #expect(reducer.effects.current == 1)
  }

  @Test func typingWithinTheIntervalIsOneStep() async {
    let store = makeStore()
    store.send(.type("a"))
    await clock.advance(by: .milliseconds(600))
    store.send(.type("b"))
    await clock.advance(by: .milliseconds(600))
    store.send(.type("c"))
    #expect(store.state.title == "abc")
    #expect(store.state.history.undoLabels == ["Typing"])

    store.send(.undo(.undo))
    #expect(store.state.title == "")
  }

  @Test func aPauseLongerThanTheIntervalStartsAnotherStep() async {
    let store = makeStore()
    store.send(.type("a"))
    await clock.advance(by: .milliseconds(1_001))
    store.send(.type("b"))
    #expect(store.state.history.undoLabels == ["Typing", "Typing"])

    store.send(.undo(.undo))
    #expect(store.state.title == "a")
  }

  @Test func anotherStepUndoOrRedoEndsATypingRun() {
    let store = makeStore()
    store.send(.type("a"))
    store.send(.rename("b"))
    store.send(.type("c"))
    #expect(store.state.history.undoLabels == ["Typing", "Rename", "Typing"])

    store.send(.undo(.undo))
    store.send(.type("d"))
    #expect(store.state.title == "bd")
    #expect(store.state.history.undoLabels == ["Typing", "Rename", "Typing"])
    store.send(.undo(.undo))
    #expect(store.state.title == "b")
  }

  @Test func aTransactionMakesOneStepOfItsActions() {
    let store = makeStore()
    store.send(.undo(.beginTransaction("Import")))
    #expect(store.state.history.transactionLabel == "Import")
    store.send(.rename("Imported"))
    store.send(.addLine(TextLine(id: 1, text: "one")))
    store.send(.undo(.beginTransaction("Nested")))
    store.send(.addLine(TextLine(id: 2, text: "two")))
    store.send(.undo(.endTransaction))
    #expect(store.state.history.undoLabel == "Import")
    store.send(.undo(.endTransaction))
    #expect(store.state.history.transactionLabel == nil)
    #expect(store.state.history.undoLabels == ["Import"])

    store.send(.undo(.undo))
    #expect(store.state == Document.State().withHistory(UndoHistory(undo: [], redo: ["Import"])))
    store.send(.undo(.redo))
    #expect(store.state.title == "Imported")
    #expect(store.state.lines.map(\.id) == [1, 2])
  }

  @Test func aTransactionThatChangedNothingRecordsNoStep() {
    let store = makeStore()
    store.send(.undo(.beginTransaction("Nothing")))
    store.send(.select(3))
    store.send(.undo(.endTransaction))
    store.send(.undo(.endTransaction))  // no transaction open: nothing happens
    #expect(store.state.history == UndoHistory())
  }

  @Test func undoInATransactionEndsItAndUndoesIt() {
    let store = makeStore(Document.State(title: "Old"))
    store.send(.undo(.beginTransaction("Batch")))
    store.send(.rename("New"))
    #expect(store.state.history.undoLabel == "Batch")
    store.send(.undo(.undo))
    #expect(store.state.title == "Old")
    #expect(store.state.history == UndoHistory(undo: [], redo: ["Batch"]))
  }

  @Test func theCapDropsTheOldestSteps() {
    let store = makeStore(limit: UndoLimit(steps: 2))
    for title in ["A", "B", "C", "D"] { store.send(.rename(title)) }
    #expect(store.state.history.undoLabels.count == 2)

    for _ in 0..<4 { store.send(.undo(.undo)) }
    #expect(store.state.title == "B")
  }

  @Test func theByteCapDropsTheOldestSteps() {
    let lineBytes = MemoryLayout<TextLine>.stride + MemoryLayout<Int>.stride
    let store = makeStore(
      Document.State(lines: (0..<10).map { TextLine(id: $0, text: "") }),
      limit: UndoLimit(steps: 100, bytes: 3 * lineBytes))
    for id in 0..<5 { store.send(.lines(.element(id: id, action: .edit("edited")))) }
    #expect(store.state.history.undoLabels.count == 3)
    #expect(store.state.history.recordedBytes == 3 * lineBytes)

    for _ in 0..<5 { store.send(.undo(.undo)) }
    #expect(store.state.lines.map(\.text) == ["edited", "edited"] + Array(repeating: "", count: 8))
  }

  @Test func clearForgetsEveryStep() {
    let store = makeStore()
    store.send(.rename("A"))
    store.send(.undo(.undo))
    store.send(.rename("B"))
    store.send(.undo(.clear))
    #expect(store.state.history == UndoHistory())
    #expect(store.state.history.recordedBytes == 0)
    #expect(store.state.title == "B")
  }

  @Test func negativeLimitsCountAsZero() {
    #expect(UndoLimit(steps: -1, bytes: -5) == UndoLimit(steps: 0, bytes: 0))
    let store = makeStore(limit: UndoLimit(steps: -1))
    store.send(.rename("A"))
    #expect(!store.state.history.canUndo)
  }

  @Test func historiesAreEqualWhenTheyOfferTheSameSteps() {
    let store = makeStore()
    store.send(.rename("A"))
    store.send(.type("b"))
    store.send(.undo(.undo))
    #expect(store.state.history == UndoHistory(undo: ["Rename"], redo: ["Typing"]))
    #expect(store.state.history != UndoHistory(undo: ["Typing"], redo: ["Rename"]))
    #expect(store.state.history != UndoHistory(undo: ["Rename"]))
  }

  @Test func aHistoryEncodesItsLabelsAndDecodesThemAsStepsThatRestoreNothing() throws {
    let store = makeStore()
    store.send(.rename("A"))
    store.send(.undo(.beginTransaction("Open")))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(store.state.history)
    #expect(
      String(decoding: data, as: UTF8.self) == #"{"redo":[],"transaction":"Open","undo":["Rename"]}"#)

    let decoded = try JSONDecoder().decode(UndoHistory.self, from: data)
    #expect(decoded == store.state.history)
    var restored = Document.State(title: "A")
    restored.history = decoded
    let restoredStore = makeStore(restored)
    restoredStore.send(.undo(.undo))
    #expect(restoredStore.state.title == "A")
    #expect(restoredStore.state.history.redoLabels == ["Rename"])
  }

  @Test func aHistoryWithoutItsLabelsDoesNotDecode() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(UndoHistory.self, from: Data(#"{"undo":["A"]}"#.utf8))
    }
  }
}

extension Document.State {
  func withHistory(_ history: UndoHistory) -> Self {
    var state = self
    state.history = history
    return state
  }
}
