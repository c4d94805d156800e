import Observation
import Testing
import Uniflow
import UniflowTesting

/// A view that reads a child store inside `withObservationTracking` (as SwiftUI does) is told
/// of a change of that child's state, not of every change of the root.
@MainActor
@Suite struct ScopedTrackingTests {
  @Test func aChildStoreIsToldOfItsOwnChangesOnly() {
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
    let pair = root.scope(state: \.pair, action: ActionCase(AppFeature.Action.pair))
    let left = pair.scope(state: \.left, action: ActionCase(Pair.Action.left))
    let leftFired = track { _ = left.state }
    let pairFired = track { _ = pair.right.count }

    // A sibling of the left counter changes: the left counter's view is not told.
    pair.send(.right(.increment))
    #expect(leftFired.value == 0)
    #expect(pairFired.value == 1)
    // Neither is it told of a change elsewhere in the root.
    root.send(.showDetail)
    #expect(leftFired.value == 0)

    left.send(.increment)
    #expect(leftFired.value == 1)
    // Tracking is one-shot, as for any Observable: a later change tells nobody until the
    // state is read under tracking again.
    left.send(.increment)
    #expect(leftFired.value == 1)
    let again = track { _ = left.count }
    left.send(.increment)
    #expect(again.value == 1)
    #expect(left.count == 3)
  }

  @Test func aRowStoreIsToldOfItsRowsChangesOnly() throws {
    let root = Store(initialState: .withRows(3), reducer: AppFeature(clock: TestClock()))
    let first = try #require(root.scope(id: 0, in: \.rows, action: ActionCase(AppFeature.Action.rows)))
    let second = try #require(root.scope(id: 1, in: \.rows, action: ActionCase(AppFeature.Action.rows)))
    let firstFired = track { _ = first.state }
    let secondFired = track { _ = second.isDone }

    second.send(.toggle)
    #expect(firstFired.value == 0)
    #expect(secondFired.value == 1)
    // Removing another row moves the first one's neighbours, not the first row itself.
    root.send(.removeRow(2))
    #expect(firstFired.value == 0)
    first.send(.rename("first"))
    #expect(firstFired.value == 1)
  }

  @Test func scopingOneRowTracksWhetherThatRowIsThereAndNothingElse() {
    let root = Store(initialState: .withRows(3), reducer: AppFeature(clock: TestClock()))
    let byFunction = track { _ = root.scope(id: 1, in: \.rows, action: ActionCase(AppFeature.Action.rows)) }
    let byCase = track { _ = root.scope(id: 1, in: \.rows, action: AppFeature.Action.rowsCase) }
    let other = track { _ = root.scope(id: 0, in: \.rows, action: AppFeature.Action.rowsCase) }

    root.send(.pair(.left(.increment)))  // elsewhere in the state
    root.send(.rows(.element(id: 1, action: .toggle)))  // the row's fields: its own store's
    root.send(.removeRow(2))  // another row
    #expect([byFunction.value, byCase.value, other.value] == [0, 0, 0])

    root.send(.removeRow(1))
    #expect([byFunction.value, byCase.value, other.value] == [1, 1, 0])
  }

  @Test func scopingOneScreenTracksWhetherThatScreenIsThereAndNothingElse() {
    let root = Store(initialState: Navigator.State(), reducer: Navigator(clock: TestClock()))
    root.send(.showDetail(1))
    root.send(.showDetail(2))
    let first = track { _ = root.scope(id: 0, in: \.path, action: Navigator.Action.pathCase) }
    let second = track { _ = root.scope(id: 1, in: \.path, action: ActionCase(Navigator.Action.path)) }

    root.send(.path(.element(id: 0, action: .detail(.noteChanged("Milk")))))
    #expect([first.value, second.value] == [0, 0])
    root.send(.path(.popFrom(id: 1)))
    #expect([first.value, second.value] == [0, 1])
  }

  @Test func aPresentedChildStoreIsToldWhenItChanges() throws {
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
    root.send(.showDetail)
    let detail = try #require(root.scope(state: \.detail, action: ActionCase(AppFeature.Action.detail)))
    let fired = track { _ = detail.state }
    root.send(.pair(.left(.increment)))
    #expect(fired.value == 0)
    detail.send(.increment)
    #expect(fired.value == 1)

    // The parent's view is told the child went; the child's own view is not: its store goes
    // on answering the last state it had, which did not change.
    let parentFired = track { _ = root.scope(state: \.detail, action: ActionCase(AppFeature.Action.detail)) }
    let beforeDismissal = track { _ = detail.count }
    root.send(.closeDetail)
    #expect(parentFired.value == 1)
    #expect(beforeDismissal.value == 0)
    #expect(detail.count == 1)
  }

  @Test func aChildStateThatIsNotEquatableIsToldOfEveryAction() {
    struct Loose {
      var count = 0
    }
    struct Parent {
      var loose = Loose()
      var other = 0
    }
    enum Action { case touchOther }
    let root = Store(
      initialState: Parent(),
      reducer: Reduce<Parent, Action> { state, _ in
        state.other += 1
        return .none
      })
    let child = root.scope(state: \.loose, action: ActionCase({ (_: Never) -> Action in }))
    // Without `Equatable` the store cannot tell whether the child changed: it says it may have.
    let fired = track { _ = child.state }
    root.send(.touchOther)
    #expect(fired.value == 1)
  }

  @Test func aChildInAnOptionalInARowIsToldOfItsOwnChangesOnly() throws {
    let root = Store(initialState: Nested.sample, reducer: Nested())
    // Two instances of one feature: the notes of rows 1 and 2 of the root's list, each a
    // plain child of an optional part of a row.
    let first = try #require(root.scope(id: 1, in: \.rows, action: ActionCase(Nested.Action.rows)))
    let firstNote = try #require(first.scope(state: \.note, action: ActionCase(Nested.RowAction.note)))
    let firstTag = first.scope(state: \.tag, action: ActionCase(Nested.RowAction.tag))
    let second = try #require(root.scope(id: 2, in: \.rows, action: ActionCase(Nested.Action.rows)))
    let secondTag = second.scope(state: \.tag, action: ActionCase(Nested.RowAction.tag))
    let noteFired = track { _ = firstNote.text }
    let firstTagFired = track { _ = firstTag.state }
    let secondTagFired = track { _ = secondTag.text }

    secondTag.send(.edit("second"))
    #expect(noteFired.value == 0)
    #expect(firstTagFired.value == 0)
    #expect(secondTagFired.value == 1)
    first.send(.rename("Ada Lovelace"))
    #expect(noteFired.value == 0)
    #expect(firstTagFired.value == 0)
    firstNote.send(.edit("changed"))
    #expect(noteFired.value == 1)
    #expect(firstTagFired.value == 0)
    // The row goes: the stores below it answer with their last state, which did not change.
    let afterRemoval = track { _ = firstTag.text }
    root.send(.removeRow(1))
    #expect(afterRemoval.value == 0)
    #expect(firstTag.text == "tag")
  }

  @Test func theRootStoreIsStillToldOfEveryAction() {
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
    let fired = track { _ = root.state.pair.left }
    root.send(.showDetail)
    #expect(fired.value == 1)
  }
}
