import Testing
import Uniflow
import UniflowTesting

/// A rows part records the rows that changed, by identifier, and restores insertions,
/// removals and reordering.
@MainActor
@Suite struct UndoRowsTests {
  let clock = TestClock()

  func makeStore(
    rows count: Int, limit: UndoLimit = UndoLimit()
  ) -> Store<
    Document.State, Document.Action
  > {
    let lines = (0..<count).map { TextLine(id: $0, text: "line \($0)") }
    return Store(
      initialState: Document.State(lines: lines), reducer: Document(clock: clock, limit: limit))
  }

  @Test func tenThousandRowEditsOfTenThousandRowsHoldOnlyTheRowsChanged() {
    let store = makeStore(rows: 10_000, limit: UndoLimit(steps: 10_000))
    for id in 0..<10_000 { store.send(.lines(.element(id: id, action: .edit("edited \(id)")))) }

    // Each step holds one row and its identifier, not a copy of the 10 000 rows.
    let perStep = MemoryLayout<TextLine>.stride + MemoryLayout<Int>.stride
    #expect(store.state.history.undoLabels.count == 10_000)
    #expect(store.state.history.recordedBytes == 10_000 * perStep)

    for _ in 0..<10_000 { store.send(.undo(.undo)) }
    #expect(store.state.lines.map(\.text) == (0..<10_000).map { "line \($0)" })
    #expect(store.state.history.recordedBytes == 10_000 * perStep)
  }

  @Test func recordingARowEditLeavesTheRowsStorageInPlace() {
    let store = makeStore(rows: 1_000)
    func storage() -> UnsafeRawPointer? {
      store.state.lines.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    let before = storage()
    store.send(.lines(.element(id: 500, action: .edit("changed"))))
    // Had the history held the collection across the action, the edit would have copied it.
    #expect(storage() == before)
    #expect(store.state.history.undoLabel == "Edit TextLine")
  }

  @Test func removalInsertionAndSortingAreUndoneAndRedone() {
    let store = makeStore(rows: 4)
    let original = store.state.lines
    store.send(.removeLine(1))
    store.send(.addLine(TextLine(id: 9, text: "a new line")))
    store.send(.sortLines)
    let sorted = store.state.lines
    #expect(sorted.map(\.id) == [9, 0, 2, 3])

    store.send(.undo(.undo))
    #expect(store.state.lines.map(\.id) == [0, 2, 3, 9])
    store.send(.undo(.undo))
    #expect(store.state.lines.map(\.id) == [0, 2, 3])
    store.send(.undo(.undo))
    #expect(store.state.lines == original)

    for _ in 0..<3 { store.send(.undo(.redo)) }
    #expect(store.state.lines == sorted)
  }

  @Test func aRowThatAsksToBeDeletedIsRestoredInItsPlace() {
    let store = makeStore(rows: 3)
    store.send(.lines(.element(id: 1, action: .edit("edited"))))
    store.send(.lines(.element(id: 1, action: .delete)))
    #expect(store.state.lines.map(\.id) == [0, 2])
    #expect(store.state.history.undoLabels == ["Edit TextLine", "Delete TextLine"])

    store.send(.undo(.undo))
    #expect(store.state.lines.map(\.text) == ["line 0", "edited", "line 2"])
    store.send(.undo(.redo))
    #expect(store.state.lines.map(\.id) == [0, 2])
  }

  @Test func aRowActionThatRemovesOtherRowsClearsTheHistoryAndSaysWhy() {
    let diagnostics = DiagnosticLog()
    let lines = (0..<3).map { TextLine(id: $0, text: "line \($0)") }
    let store = Store(
      initialState: Document.State(lines: lines), reducer: Document(clock: clock),
      configuration: diagnostics.configuration)
    store.send(.rename("Before"))
    store.send(.lines(.element(id: 1, action: .keepOnlyThis)))

    #expect(store.state.lines.map(\.id) == [1])
    #expect(store.state.history == UndoHistory())
    #expect(
      diagnostics.entries.map(\.description) == [
        "Uniflow: an undo history was cleared: an action addressed to one row of TextLine "
          + "removed other rows, whose old values were not recorded: lines.element.keepOnlyThis"
      ])
  }
}
