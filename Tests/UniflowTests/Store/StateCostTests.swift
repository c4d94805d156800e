import Testing
import Uniflow

private struct Toggles: Reducer {
  struct State { var flags = [Bool](repeating: false, count: 100_000) }
  enum Action { case toggle(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle(let index): state.flags[index].toggle()
    }
    return .none
  }
}

/// 128 bytes.
private typealias Line = (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)

/// 2 KiB held inline.
private struct Page {
  var lines:
    (Line, Line, Line, Line, Line, Line, Line, Line, Line, Line, Line, Line, Line, Line, Line, Line) = (
      zeroLine, zeroLine, zeroLine, zeroLine, zeroLine, zeroLine, zeroLine, zeroLine,
      zeroLine, zeroLine, zeroLine, zeroLine, zeroLine, zeroLine, zeroLine, zeroLine
    )
}

private let zeroLine: Line = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

/// 32 KiB held inline.
private struct Book {
  var pages:
    (Page, Page, Page, Page, Page, Page, Page, Page, Page, Page, Page, Page, Page, Page, Page, Page) = (
      Page(), Page(), Page(), Page(), Page(), Page(), Page(), Page(),
      Page(), Page(), Page(), Page(), Page(), Page(), Page(), Page()
    )
  var count = 0
}

/// An action nested four levels deep, carrying a 2 KiB payload.
private enum Outer { case middle(Middle), done }
private enum Middle { case inner(Inner) }
private enum Inner { case leaf(Leaf) }
private enum Leaf { case write(Page, remaining: Int) }

private struct Writer: Reducer {
  func reduce(into state: inout Book, action: Outer) -> Effect<Outer> {
    switch action {
    case .middle(.inner(.leaf(.write(let page, let remaining)))):
      state.count += 1
      state.pages.3 = page
      return remaining > 0
        ? .send(.middle(.inner(.leaf(.write(page, remaining: remaining - 1))))) : .send(.done)
    case .done:
      return .none
    }
  }
}

@MainActor
@Suite struct StateCostTests {
  @Test func mutatingOneElementDoesNotCopyTheArray() {
    let store = Store(initialState: Toggles.State(), reducer: Toggles())
    let token = store.observe({ $0.flags[5] }) { _ in }
    let middleware = Middleware<Toggles.State, Toggles.Action> { _, state, _ in _ = state.flags.count }
    let observed = Store(initialState: Toggles.State(), reducer: Toggles(), middleware: [middleware])

    for store in [store, observed] {
      let before = store.state.flags.withUnsafeBufferPointer { $0.baseAddress }
      store.send(.toggle(5))
      store.send(.toggle(99_999))
      let after = store.state.flags.withUnsafeBufferPointer { $0.baseAddress }
      #expect(before == after, "the store copied the array: it held a second reference")
      #expect(store.state.flags[5])
    }
    token.cancel()
  }

  @Test func largeStateAndDeeplyNestedActionsStayOffTheStack() {
    #expect(MemoryLayout<Book>.size > 32_000)
    let diagnostics = DiagnosticLog()
    let store = Store(
      initialState: Book(), reducer: Writer(), configuration: diagnostics.configuration(limit: 20_000))
    var page = Page()
    page.lines.0.0 = 7
    // A chain of 10 000 actions, each carrying 2 KiB: a recursive store would need 10 000
    // nested frames holding the action, well past any thread's stack.
    store.send(.middle(.inner(.leaf(.write(page, remaining: 9_999)))))
    #expect(store.state.count == 10_000)
    #expect(store.state.pages.3.lines.0.0 == 7)
    #expect(diagnostics.entries.isEmpty)
  }
}
