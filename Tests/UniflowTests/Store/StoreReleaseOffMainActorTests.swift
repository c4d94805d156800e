import Foundation
import Testing
import Uniflow
import UniflowTestSupport
import UniflowTesting

/// A feature whose effects send a burst of actions without pause, then wait on a test clock
/// that never moves until they are cancelled, telling the test when each has sent its first
/// action and when it has ended. (A burst, not an endless stream: effects that never pause would
/// keep the main actor busy, and slow every other test running meanwhile.)
private struct Chatter: Reducer {
  struct State {
    var ticks = 0
    var echoes = 0
  }

  enum Action {
    case start(Int)
    case tick
    case echo
  }

  enum Event {
    case sent(effect: Int)
    case ended(effect: Int)
  }

  let events: AsyncStream<Event>.Continuation
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let effect):
      return .run { [events, clock] send in
        await send(.tick)
        events.yield(.sent(effect: effect))
        for _ in 0..<200 where !Task.isCancelled { await send(.tick) }
        try? await clock.sleep(for: .seconds(1))
        events.yield(.ended(effect: effect))
      }
    case .tick:
      state.ticks += 1
      // Every other tick has a follow-up, so that the queue is busy too.
      return state.ticks.isMultiple(of: 2) ? .send(.echo) : .none
    case .echo:
      state.echoes += 1
      return .none
    }
  }
}

/// The ways a store's last reference can be dropped away from the main actor.
private enum Releaser: CaseIterable {
  case detachedTask
  case dispatchQueue
  case thread

  /// Runs `drop`, which drops the last references to a store, there.
  func release(by drop: @escaping @Sendable () -> Void) {
    switch self {
    case .detachedTask: Task.detached(operation: drop)
    case .dispatchQueue: DispatchQueue.global().async(execute: drop)
    case .thread: Thread.detachNewThread(drop)
    }
  }
}

/// A store made on the main actor may be released anywhere: by a detached task that held it,
/// on a background queue or thread, while its effects are still sending actions to it on the
/// main actor (the release follows each effect's first send, during its burst). Its destruction
/// then happens on the main actor, after which its effects are cancelled and their later sends
/// do nothing. Run under ThreadSanitizer and AddressSanitizer, these tests also check that
/// nothing of the store is touched from two threads at once, and that no effect's send reaches
/// a store being destroyed.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct StoreReleaseOffMainActorTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func storeReleasedOffTheMainActorWhileItsEffectsSendIsDestroyedAndCancelsThem(
    seed: UInt64
  ) async throws {
    var random = SplitMix64(seed: seed)
    for round in 0..<100 {
      let effectCount = Int.random(in: 1...3, using: &random)
      let releaser = Releaser.allCases.randomElement(using: &random)!
      let (events, continuation) = AsyncStream.makeStream(of: Chatter.Event.self)
      var store: Store<Chatter.State, Chatter.Action>? = Store(
        initialState: Chatter.State(), reducer: Chatter(events: continuation, clock: TestClock()))
      weak let weakStore = store
      // An observer, a listener of actions and a child store: the parts of the store whose
      // destruction must happen on the main actor with it.
      var observed = 0
      let observer = try #require(store).observe(\.ticks) { observed = $0 }
      var heard = 0
      let listener = try #require(store).observeActions { _, _ in heard += 1 }
      var child = Bool.random(using: &random) ? store?.scope(state: \.ticks, action: ActionCase({ $0 })) : nil

      for effect in 0..<effectCount { store?.send(.start(effect)) }
      var iterator = events.makeAsyncIterator()
      var sending = Set<Int>()
      while sending.count < effectCount, let event = await iterator.next() {
        if case .sent(let effect) = event { sending.insert(effect) }
      }

      // The test keeps no reference: the holder's are the last, and they go on another
      // thread while the effects keep sending.
      let holder = LockIsolated((root: store.take(), child: child.take()))
      releaser.release { holder.withLock { $0 = (nil, nil) } }

      // Every effect ends: the store was destroyed, and its destruction cancelled them.
      var ended = 0
      while ended < effectCount, let event = await iterator.next() {
        if case .ended = event { ended += 1 }
      }
      #expect(ended == effectCount, "seed \(seed), round \(round), \(releaser)")
      #expect(weakStore == nil, "seed \(seed), round \(round), \(releaser)")
      #expect(observed > 0 && heard > 0)
      withExtendedLifetime((observer, listener)) {}
    }
  }
}
