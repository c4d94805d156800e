import Foundation
import Observation
import Testing
import Uniflow

extension DocumentationSampleTests {
  /// The samples of the *Observation: refreshing only what changed* article.
  @MainActor
  @Suite struct ObservingState {
    struct Profile: Reducer {
      struct State: Equatable {
        var name = ""
        var followers = 0
        var posts: [String] = []
      }

      enum Action { case rename(String), followed, posted(String) }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .rename(let name): state.name = name
        case .followed: state.followers += 1
        case .posted(let post): state.posts.append(post)
        }
        return .none
      }
    }

    @Test func eachObserverRunsOnlyWhenItsPartChanged() {
      let store = Store(initialState: Profile.State(), reducer: Profile())
      var refreshes: [String] = []
      var tokens: [ObservationToken] = []
      store.observe(\.name) { _ in refreshes.append("name") }.store(in: &tokens)
      store.observe({ $0.posts.count }) { _ in refreshes.append("post count") }.store(in: &tokens)
      store.observe({ $0.followers >= 1_000 }) { _ in refreshes.append("badge") }
        .store(in: &tokens)

      store.send(.rename("Ada"))  // name
      store.send(.followed)  // nothing: the badge is still off
      store.send(.posted("Hello"))  // post count
      // refreshes == ["name", "post count"]

      #expect(refreshes == ["name", "post count"])
      withExtendedLifetime(tokens) {}
    }

    @Test func observersOfTheSameKeyPathShareOneSelection() {
      let store = Store(initialState: Profile.State(), reducer: Profile())
      var names: [String] = []
      let tokens = (0..<100).map { _ in store.observe(\.name) { names.append($0) } }
      // store.observedSelectionCount == 1
      store.send(.rename("Ada"))
      // names.count == 100

      #expect(store.observedSelectionCount == 1)
      #expect(names.count == 100)
      withExtendedLifetime(tokens) {}
    }

    @Test func aCancelledTokenStopsItsObserver() {
      let store = Store(initialState: Profile.State(), reducer: Profile())
      var names: [String] = []
      let token = store.observe(\.name) { names.append($0) }
      store.send(.rename("Ada"))
      token.cancel()
      store.send(.rename("Grace"))
      // names == ["Ada"]

      #expect(names == ["Ada"])
    }

    @Test func valuesStartWithTheCurrentValue() async {
      let store = Store(initialState: Profile.State(), reducer: Profile())
      var names: [String] = []
      for await name in store.values(of: \.name) {
        names.append(name)
        if name.isEmpty { store.send(.rename("Ada")) } else { break }
      }
      // names == ["", "Ada"]

      #expect(names == ["", "Ada"])
    }

    @Test func observationTrackingSeesTheStoreChange() {
      let store = Store(initialState: Profile.State(), reducer: Profile())
      let changed = LockIsolated(false)
      withObservationTracking {
        _ = store.name
      } onChange: {
        changed.withLock { $0 = true }
      }
      store.send(.rename("Ada"))
      // changed.current == true

      #expect(changed.current)
    }

    @Test func aTrackedReadIsToldOfItsOwnFieldOnly() {
      let store = Store(initialState: Profile.State(), reducer: Profile())
      let told = LockIsolated<[String]>([])
      withObservationTracking {
        _ = store.name
      } onChange: {
        told.withLock { $0.append("name") }
      }
      withObservationTracking {
        _ = store[\.posts.count]
      } onChange: {
        told.withLock { $0.append("post count") }
      }
      store.send(.followed)  // nobody: neither the name nor the count changed
      store.send(.rename("Ada"))  // name
      store.send(.posted("Hello"))  // post count
      // told.current == ["name", "post count"]

      #expect(told.current == ["name", "post count"])
    }
  }
}
