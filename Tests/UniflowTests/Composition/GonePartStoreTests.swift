import Observation
import Testing
import Uniflow
import UniflowTesting

/// Stores of every kind of scope — an optional child, a plain part of it, a row — kept by a
/// view after their part of the state went away, while an effect of another part still sends
/// actions to the root: each answers with the last state it read, tells no observer and no
/// tracked view, sends nothing, and reports the root's running effects.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct GonePartStoreTests {
  @Test func storesOfEveryKindStayQuietWhileAnotherPartsEffectKeepsSending() async throws {
    let clock = TestClock()
    var reached: [AppFeature.Action] = []
    let root = Store(
      initialState: .withRows(2), reducer: AppFeature(clock: clock),
      middleware: [Middleware { action, _, _ in reached.append(action) }])
    root.send(.showDetail)
    let detail = try #require(root.scope(state: \.detail, action: ActionCase(AppFeature.Action.detail)))
    let count = detail.scope(state: \.count, action: ActionCase(embed: { $0 }, extract: { $0 }))
    let row = try #require(root.scope(id: 1, in: \.rows, action: ActionCase(AppFeature.Action.rows)))
    detail.send(.increment)
    row.send(.rename("one"))

    var seen: [String] = []
    let tokens = [
      detail.observe(\.count) { seen.append("detail \($0)") },
      count.observe(\.self) { seen.append("count \($0)") },
      row.observe(\.title) { seen.append("row \($0)") },
    ]
    let detailFired = track { _ = detail.state }
    let countFired = track { _ = count.state }
    let rowFired = track { _ = row.title }

    // The detail's and the row's own effects end with their part; the pair's goes on.
    let detailTask = detail.send(.slowIncrement)
    let rowTask = row.send(.renameLater("late"))
    let pairTask = root.send(.pair(.left(.slowIncrement)))
    await clock.waitForSleepers(3)
    root.send(.closeDetail)
    root.send(.removeRow(1))
    await detailTask.finish()
    await rowTask.finish()
    #expect(root.runningEffectCount == 1)
    #expect(detail.runningEffectCount == 1)
    #expect(count.runningEffectCount == 1)
    #expect(row.runningEffectCount == 1)

    // The pair's effect sends its action to the root while the gone stores are still held.
    await clock.advance(by: .seconds(1))
    await pairTask.finish()
    #expect(root.state.pair.left.count == 1)
    #expect(detail.runningEffectCount == 0)
    #expect(row.runningEffectCount == 0)

    #expect(reached.last == .pair(.left(.increment)))

    // Their sends do nothing, not even reach the root; they answer with the last state they
    // read.
    reached = []
    let sends = [detail.send(.increment), count.send(.increment), row.send(.toggle)]
    for task in sends { await task.finish() }
    #expect(reached.isEmpty)
    #expect(root.state.detail == nil)
    #expect(root.state.rows.ids == [0])
    #expect(detail.state == SlowCounter.State(count: 1))
    #expect(count.state == 1)
    #expect(row.state == ListRow(id: 1, title: "one"))
    #expect(seen.isEmpty)
    #expect(detailFired.value == 0)
    #expect(countFired.value == 0)
    #expect(rowFired.value == 0)
    withExtendedLifetime(tokens) {}
  }
}
