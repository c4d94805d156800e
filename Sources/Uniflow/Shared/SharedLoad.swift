/// A value that a shared value's storage brought in from outside the program (another process
/// wrote the file, a file was replaced): what an action carries so that the change goes
/// through a store's funnel.
///
/// A feature that holds a persisted shared value takes such values with one case of its action
/// and one effect, and applies each in its reducer:
///
/// ```swift
/// enum Action: Codable {
///   case appeared
///   case settingsLoaded(SharedLoad<Settings>)
/// }
///
/// case .appeared:
///   return .loads(of: state.settings, send: Action.settingsLoaded)
/// case .settingsLoaded(let load):
///   state.settings.apply(load)
///   return .none
/// ```
///
/// Middleware, the session recorder and a `TestStore` then see the change as that action, and a
/// recorded session replays it. A load encodes as the value itself, and compares by its value:
/// a test receives `.settingsLoaded(SharedLoad(Settings(theme: .dark)))`.
public struct SharedLoad<Value: Sendable>: Sendable {
  /// The value the storage holds now.
  public let value: Value
  /// Which read of which storage brought it in; `nil` for a load made by hand or decoded.
  let origin: Origin?

  /// Where a load came from: the box, and the storage's read.
  struct Origin: Sendable, Equatable {
    let box: ObjectIdentifier
    let generation: UInt64
  }

  /// Creates a load of `value`: for tests, and for replaying a recorded session.
  ///
  /// - Parameter value: The value the storage brought in.
  public init(_ value: Value) {
    self.value = value
    self.origin = nil
  }

  init(_ value: Value, origin: Origin) {
    self.value = value
    self.origin = origin
  }
}

extension SharedLoad: Equatable where Value: Equatable {
  /// Whether two loads carry equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.value == rhs.value
  }
}

extension SharedLoad: Encodable where Value: Encodable {
  /// Encodes the value itself, as a recorded session shows it.
  public func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }
}

extension SharedLoad: Decodable where Value: Decodable {
  /// Decodes a load of the encoded value, as ``init(_:)`` makes one.
  public init(from decoder: any Decoder) throws {
    self.init(try Value(from: decoder))
  }
}

extension SharedLoad: CustomStringConvertible {
  /// The value, described.
  public var description: String {
    "SharedLoad(\(value))"
  }
}

extension Effect {
  /// Sends an action with each value the storage of `shared` brings in from outside the
  /// program, until the effect is cancelled or the feature goes away.
  ///
  /// ```swift
  /// case .appeared:
  ///   return .loads(of: state.settings, send: Action.settingsLoaded)
  /// ```
  ///
  /// While it runs, a value brought in changes the shared value only when a reducer applies it
  /// (``Shared/apply(_:)``); when no feature takes the loads, it changes the shared value
  /// directly, unseen by any store's middleware. A shared value kept in memory, or in a storage
  /// that does not watch for outside changes, sends nothing.
  ///
  /// - Parameters:
  ///   - shared: The shared value whose storage is watched.
  ///   - action: Makes the action that carries a load.
  /// - Returns: A long-running effect.
  public static func loads<Value>(
    of shared: Shared<Value>, send action: @escaping @Sendable (SharedLoad<Value>) -> Action
  ) -> Self {
    // Taken at once, in the reducer, on the main actor: no load is missed before the effect
    // starts.
    let loads = MainActor.assumeIsolated { shared.loads() }
    return .run { send in
      for await load in loads { await send(action(load)) }
    }
  }
}
