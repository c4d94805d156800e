import Testing
import Uniflow

/// Stores scoped below a part that goes away — a dismissed child, a removed row — at depths
/// 1 to 3, mixing plain, optional and row scopes: they answer with the last state they read,
/// their observers stay quiet, and their sends do nothing.
@MainActor
@Suite struct VanishingPartTests {
  typealias Action = Nested.Action

  @Test func plainPartOfADismissedChildAnswersWithItsLastState() throws {
    let root = Store(initialState: Nested.sample, reducer: Nested())
    let child = try #require(root.scope(state: \.child, action: ActionCase(Action.child)))
    let inner = child.scope(state: \.inner, action: ActionCase(Nested.ChildAction.inner))
    inner.send(.edit("edited"))
    #expect(inner.state.text == "edited")
    var seen: [String] = []
    let token = inner.observe(\.text) { seen.append($0) }

    root.send(.dismiss)
    #expect(inner.state.text == "edited")
    #expect(inner.text == "edited")
    inner.send(.edit("after dismissal"))
    #expect(root.state.child == nil)
    #expect(seen.isEmpty)
    withExtendedLifetime(token) {}
  }

  @Test func plainPartOfARemovedRowAnswersWithItsLastState() throws {
    let root = Store(initialState: Nested.sample, reducer: Nested())
    let row = try #require(root.scope(id: 1, in: \.rows, action: ActionCase(Action.rows)))
    let tag = row.scope(state: \.tag, action: ActionCase(Nested.RowAction.tag))
    tag.send(.edit("kept"))
    var seen: [String] = []
    let token = tag.observe(\.text) { seen.append($0) }

    root.send(.removeRow(1))
    #expect(tag.state == Nested.Note(text: "kept"))
    #expect(row.state.name == "Ada")
    tag.send(.edit("lost"))
    #expect(root.state.rows.ids == [2])
    #expect(seen.isEmpty)
    withExtendedLifetime(token) {}
  }

  @Test func threeLevelsOptionalRowOptionalAnswerAfterTheTopGoes() throws {
    let root = Store(initialState: Nested.sample, reducer: Nested())
    let child = try #require(root.scope(state: \.child, action: ActionCase(Action.child)))
    let row = try #require(
      child.scope(id: 10, in: \.rows, action: ActionCase(Nested.ChildAction.rows)))
    let note = try #require(row.scope(state: \.note, action: ActionCase(Nested.RowAction.note)))
    let tag = row.scope(state: \.tag, action: ActionCase(Nested.RowAction.tag))
    note.send(.edit("deep"))
    #expect(note.state.text == "deep")
    var notes: [String] = []
    let token = note.observe(\.text) { notes.append($0) }
    note.send(.edit("deeper"))
    #expect(notes == ["deeper"])
    #expect(note.state.text == "deeper")
    #expect(row.state.note?.text == "deeper")

    root.send(.dismiss)
    #expect(note.state.text == "deeper")
    #expect(row.state.note?.text == "deeper")
    #expect(tag.state.text == "tag")
    note.send(.edit("ignored"))
    tag.send(.edit("ignored"))
    #expect(notes == ["deeper"])

    // A new child without that row: the row's stores still have nothing to send to.
    root.send(.present(Nested.Child(title: "Second")))
    note.send(.edit("still ignored"))
    #expect(root.state.child?.rows.isEmpty == true)
    #expect(note.state.text == "deeper")
    withExtendedLifetime(token) {}
  }

  @Test func rowOfADismissedChildAnswersWithItsLastStateWithoutHavingBeenReadThrough() throws {
    let root = Store(initialState: Nested.sample, reducer: Nested())
    let child = try #require(root.scope(state: \.child, action: ActionCase(Action.child)))
    let row = try #require(child.scope(id: 10, in: \.rows, action: ActionCase(Nested.ChildAction.rows)))
    let tag = row.scope(state: \.tag, action: ActionCase(Nested.RowAction.tag))
    root.send(.child(.rows(.element(id: 10, action: .rename("Renamed at the root")))))

    root.send(.dismiss)
    #expect(tag.state.text == "tag")
    #expect(row.state.name == "Inner row")
    #expect(child.state.title == "Child")
  }

  @Test func storesBelowAnOptionalFollowThePartWhenItComesBack() throws {
    let root = Store(initialState: Nested.sample, reducer: Nested())
    let child = try #require(root.scope(state: \.child, action: ActionCase(Action.child)))
    let inner = child.scope(state: \.inner, action: ActionCase(Nested.ChildAction.inner))
    var seen: [String] = []
    let token = inner.observe(\.text) { seen.append($0) }
    inner.send(.edit("a"))
    root.send(.dismiss)
    root.send(.present(Nested.Child(title: "Again")))
    // The part is back in the same place: the stores scoped to that place follow it.
    #expect(seen == ["a", "inner"])
    inner.send(.edit("b"))
    #expect(seen == ["a", "inner", "b"])
    #expect(child.state.title == "Again")
    withExtendedLifetime(token) {}
  }

  @Test func valuesOfAPartBelowARemovedRowStopChanging() async throws {
    let root = Store(initialState: Nested.sample, reducer: Nested())
    var row = try #require(root.scope(id: 1, in: \.rows, action: ActionCase(Action.rows)))
    let names = row.values(of: \.name)
    row.send(.rename("Ada L."))
    root.send(.removeRow(1))
    row = try #require(root.scope(id: 2, in: \.rows, action: ActionCase(Action.rows)))
    var seen: [String] = []
    for await name in names { seen.append(name) }  // finishes: its store was released
    #expect(seen == ["Ada", "Ada L."])
  }

  @Test func sendsBelowAGonePartNeverReachTheRootAndResumeWhenItComesBack() throws {
    var seen: [Action] = []
    let root = Store(
      initialState: Nested.sample, reducer: Nested(),
      middleware: [Middleware { action, _, _ in seen.append(action) }])
    let child = try #require(root.scope(state: \.child, action: ActionCase(Action.child)))
    let row = try #require(child.scope(id: 10, in: \.rows, action: ActionCase(Nested.ChildAction.rows)))
    let tag = row.scope(state: \.tag, action: ActionCase(Nested.RowAction.tag))
    tag.send(.edit("one"))
    #expect(seen == [.child(.rows(.element(id: 10, action: .tag(.edit("one")))))])

    root.send(.dismiss)
    seen = []
    tag.send(.edit("lost"))
    row.send(.rename("lost"))
    #expect(seen.isEmpty)

    // The same place holds a row with that identifier again: the stores send to it.
    root.send(.present(Nested.Child(title: "Again", rows: [Nested.Row(id: 10, name: "Back")])))
    seen = []
    tag.send(.edit("two"))
    #expect(seen == [.child(.rows(.element(id: 10, action: .tag(.edit("two")))))])
    #expect(root.state.child?.rows[id: 10]?.tag.text == "two")
  }
}
