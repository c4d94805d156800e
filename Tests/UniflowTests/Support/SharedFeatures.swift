import Foundation
import Uniflow

/// The settings several test features share.
struct Settings: Codable, Equatable, Sendable {
  enum Theme: String, Codable, Sendable { case light, dark }
  var theme = Theme.light
  var fontSize = 12
}

/// A feature that holds the shared settings and a field of its own.
struct Preferences: Reducer {
  struct State: Equatable {
    var settings: Shared<Settings>
    var count = 0
  }

  enum Action: Equatable {
    case themePicked(Settings.Theme)
    case fontSizeChanged(Int)
    case incremented
    case readSettingsInAnEffect
    case settingsRead(Settings)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .themePicked(let theme):
      state.settings.withLock { $0.theme = theme }
      return .none
    case .fontSizeChanged(let size):
      state.settings.withLock { $0.fontSize = size }
      return .none
    case .incremented:
      state.count += 1
      return .none
    case .readSettingsInAnEffect:
      let settings = state.settings
      return .run { send in await send(.settingsRead(settings.value)) }
    case .settingsRead:
      return .none
    }
  }
}

/// Waits for the first value of `stream` that `isWanted` accepts; `nil` if none came within
/// `timeout`, which only bounds how long a failing test takes: generous, since under a
/// sanitizer, beside the suite's longest tests, a passing wait has taken more than 10 s.
func firstValue<Value: Sendable>(
  of stream: AsyncStream<Value>, timeout: Duration = .seconds(60),
  where isWanted: @escaping @Sendable (Value) -> Bool
) async -> Value? {
  await withTaskGroup(of: Value?.self) { group in
    group.addTask {
      for await value in stream where isWanted(value) { return value }
      return nil
    }
    group.addTask {
      try? await Task.sleep(for: timeout)
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}

/// A folder of its own under the temporary folder, removed by ``remove()``.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appending(path: "uniflow-shared-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL {
    url.appending(path: name)
  }

  func contents(of name: String) -> String? {
    try? String(contentsOf: file(name), encoding: .utf8)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

extension Shared {
  /// Changes the value from a test's own code, outside any reducer: `withLock` for the
  /// asynchronous tests, where `withLock` itself is not available.
  @MainActor
  mutating func change(_ body: (inout Value) -> Void) {
    withLock(body)
  }
}
