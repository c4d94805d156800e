/// Work for the store to do after a reducer ran: nothing, a follow-up action, or async work
/// that sends actions back.
///
/// A reducer never performs work itself; it returns an effect describing it, and the
/// ``Store`` runs it:
///
/// ```swift
/// case .refreshTapped:
///   state.isLoading = true
///   return .run { [repository] send in
///     let todos = try await repository.load()
///     await send(.todosLoaded(todos))
///   }
/// case .todosLoaded(let todos):
///   state.isLoading = false
///   state.todos = todos
///   return .send(.recountBadges)
/// ```
///
/// Effects compose: `merge(_:)` runs several at once, `concatenate(_:)` one after another,
/// ``cancellable(id:cancelInFlight:)`` makes one cancellable with ``cancel(id:)``,
/// ``debounce(id:for:clock:)`` waits on an injected clock, and ``map(_:)`` lifts a child
/// feature's effect into its parent's action type.
public struct Effect<Action> {
  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// What an effect does, in five cases: nothing; a message delivered now (a follow-up
  /// action, a dismissal, a diagnostic: what a ``Send`` carries from a task); async work;
  /// several effects at once or one after the other; an effect under a cancellation
  /// identifier. `cancel(id:)`, `throttle` and `debounce` are made of these.
  ///
  /// The cases that hold an effect are boxed; a message and a cancellation identifier (one
  /// reference) stay inline. `.run` keeps its priority as `TaskPriority.rawValue`:
  /// `TaskPriority` comes from a module built for library evolution, so its size is unknown at
  /// compile time, and holding one would make every copy of every effect (`.none` included)
  /// go through runtime value witnesses.
  @usableFromInline
  enum Operation {
    case none
    case send(SendMessage<Action>)
    case run(priority: UInt8?, @Sendable (Send<Action>) async throws -> Void)
    case combined([Effect], EffectCombination)
    indirect case cancellable(EffectID, CancellationPolicy, Effect)
  }
}

extension Effect {
  /// No work: the reduction is complete.
  @inlinable
  public static var none: Self { Self(.none) }

  /// Asks the presenter of this feature to dismiss it, as ``Send/dismiss()`` does from an
  /// effect: the stack it is an element of pops it, the parent that presented it with a
  /// ``PresentationAction`` case sets it to `nil`.
  ///
  /// ```swift
  /// case .closeTapped:
  ///   return .dismiss
  /// ```
  ///
  /// The feature needs no knowledge of its parent. The dismissal is processed as the
  /// presenter's action (`.popFrom(id:)`, `.dismiss`) after the current one, like a
  /// ``send(_:)``. A feature inside a plain ``Scope`` or a row passes the request on to what
  /// presents its parent.
  @inlinable
  public static var dismiss: Self { Self(.send(.dismiss)) }

  /// A problem detected by a reducer, for the store's diagnostic handler.
  @usableFromInline
  static func report(_ diagnostic: StoreDiagnostic) -> Self {
    Self(.send(.report(diagnostic)))
  }

  /// A follow-up action, processed synchronously by the store before the `send` that led to it
  /// returns, after the actions already waiting.
  ///
  /// This is how one action chains into the next. A chain that never ends (`a → b → a`) is
  /// stopped by the store's loop guard; see ``StoreConfiguration/maximumSynchronousActions``.
  ///
  /// - Parameter action: The action to send.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(.send(.action(action)))
  }

  /// Async work that may send any number of actions back into the store.
  ///
  /// ```swift
  /// return .run { [clock] send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.tick)
  ///   }
  /// }
  /// ```
  ///
  /// The operation runs off the main actor. It is cancelled when its store is released, when an
  /// enclosing ``cancellable(id:cancelInFlight:)`` is cancelled, or when the ``StoreTask`` of
  /// the send that started it is cancelled. Actions it sends after it was cancelled are
  /// dropped. A `CancellationError` it throws is ignored; any other error goes to
  /// `handler`, or, without a handler, to the store's diagnostics as
  /// ``StoreDiagnostic/unhandledEffectError(_:)``.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the operation.
  ///   - operation: The work; `send` delivers actions to the store.
  ///   - handler: Receives an error thrown by `operation` (other than cancellation) and may
  ///     send actions in response.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil
  ) -> Self {
    let priority = priority?.rawValue
    guard let handler else { return Self(.run(priority: priority, operation)) }
    return Self(
      .run(priority: priority) { send in
        do {
          try await operation(send)
        } catch is CancellationError {
          throw CancellationError()
        } catch {
          await handler(error, send)
        }
      })
  }

  /// Runs several effects at the same time.
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: An effect that is finished when all of `effects` are.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// Runs a sequence of effects at the same time.
  ///
  /// The effects are gathered into one flat list, in order: a merged effect among them adds
  /// its own effects in its place, and ``none`` adds nothing.
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: An effect that is finished when all of `effects` are.
  /// - Complexity: O(*n*), where *n* is the number of effects, counting those of merged
  ///   effects among them.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    var flat: [Self] = []
    flat.reserveCapacity(effects.underestimatedCount)
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case .combined(let nested, .merge): flat.append(contentsOf: nested)
      default: flat.append(effect)
      }
    }
    return flat.count <= 1 ? flat.first ?? .none : Self(.combined(flat, .merge))
  }

  /// Runs this effect and `other` at the same time.
  ///
  /// To merge many effects, gather them and call `merge(_:)` once: each
  /// `merge(with:)` copies the effects merged so far.
  ///
  /// - Parameter other: The effect to run alongside this one.
  /// - Returns: The merged effect.
  /// - Complexity: O(*n*), where *n* is the number of effects merged into the two.
  @inlinable
  public func merge(with other: Self) -> Self {
    // The common cases first, without building a tuple of the two operations.
    if case .none = operation { return other }
    if case .none = other.operation { return self }
    switch (operation, other.operation) {
    case (.combined(let lhs, .merge), .combined(let rhs, .merge)):
      return Self(.combined(lhs + rhs, .merge))
    case (.combined(let lhs, .merge), _): return Self(.combined(lhs + [other], .merge))
    case (_, .combined(let rhs, .merge)): return Self(.combined([self] + rhs, .merge))
    default: return Self(.combined([self, other], .merge))
    }
  }

  /// Runs several effects one after another: each starts when the one before it finished.
  ///
  /// Leading effects with no async work (``send(_:)``, ``cancel(id:)``) run synchronously;
  /// the rest runs in a task. If that task is cancelled, the effects not yet started never
  /// start.
  ///
  /// - Parameter effects: The effects to run in order.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// Runs a sequence of effects one after another.
  ///
  /// The effects are gathered into one flat list, in order: a concatenated effect among them
  /// adds its own effects in its place, and ``none`` adds nothing.
  ///
  /// - Parameter effects: The effects to run in order.
  /// - Complexity: O(*n*), where *n* is the number of effects, counting those of concatenated
  ///   effects among them.
  @inlinable
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    var flat: [Self] = []
    flat.reserveCapacity(effects.underestimatedCount)
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case .combined(let nested, .concatenate): flat.append(contentsOf: nested)
      default: flat.append(effect)
      }
    }
    return flat.count <= 1 ? flat.first ?? .none : Self(.combined(flat, .concatenate))
  }

  /// Runs `other` once this effect has finished.
  ///
  /// To concatenate many effects, gather them and call `concatenate(_:)`
  /// once: each `concatenate(with:)` copies the effects concatenated so far.
  ///
  /// - Parameter other: The effect to run next.
  /// - Returns: The concatenated effect.
  /// - Complexity: O(*n*), where *n* is the number of effects concatenated into the two.
  @inlinable
  public func concatenate(with other: Self) -> Self {
    switch (operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    case (.combined(let lhs, .concatenate), .combined(let rhs, .concatenate)):
      return Self(.combined(lhs + rhs, .concatenate))
    case (.combined(let lhs, .concatenate), _): return Self(.combined(lhs + [other], .concatenate))
    case (_, .combined(let rhs, .concatenate)): return Self(.combined([self] + rhs, .concatenate))
    default: return Self(.combined([self, other], .concatenate))
    }
  }
}

extension Effect {
  /// Whether the effect has async work, as opposed to only follow-up actions and cancellations
  /// that the store performs synchronously.
  var isSynchronous: Bool {
    switch operation {
    case .none, .send: true
    case .run: false
    case .combined(let effects, _): effects.allSatisfy(\.isSynchronous)
    case .cancellable(_, _, let effect): effect.isSynchronous
    }
  }
}

/// How the effects of ``Effect/Operation/combined(_:_:)`` run.
@usableFromInline
enum EffectCombination: Sendable {
  /// All at once.
  case merge
  /// One after the other, each once the one before has finished.
  case concatenate
}

/// What an effect made cancellable does with the work already running under its identifier.
@usableFromInline
enum CancellationPolicy: Sendable {
  /// Runs beside it.
  case join
  /// Cancels it first (`cancelInFlight`); with no effect of its own, that is `cancel(id:)`.
  case replace
  /// Runs only if nothing runs under the identifier: `throttle`.
  case unlessRunning
}

@available(*, unavailable)
extension Effect: Sendable {}
