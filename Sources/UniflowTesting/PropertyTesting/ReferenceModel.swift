/// A simple reference implementation of a feature, which a property check runs beside the
/// feature and compares with it after every action (model-based testing).
///
/// The model is a value that the generated actions update, and `observe` reads the same value
/// out of the feature's state. After each action and its effects, the two must be equal:
///
/// ```swift
/// let model = ReferenceModel<Counter.State, Counter.Action>(
///   initial: 0,
///   update: { count, action in
///     switch action {
///     case .increment: count += 1
///     case .decrement: count -= 1
///     }
///   },
///   observe: \.count
/// )
/// ```
///
/// The model sees only the actions the check generates, not those the feature's effects send
/// back: it describes what the user asked for, not how the feature gets there. When actions come
/// while effects still run (`timeBetweenActions`), the two are compared only once no effect can
/// go on before the next action, and once the effects of the last action have ended: the model
/// has every action done at once, the feature once its effects catch up.
public struct ReferenceModel<State, Action> {
  let start: () -> ModelRun<State, Action>

  /// Creates a model whose value is what the feature's state must show.
  ///
  /// - Parameters:
  ///   - initial: The model at the start, matching the check's initial state.
  ///   - update: Applies a generated action to the model.
  ///   - observe: Reads the model's value out of the feature's state.
  public init<Model: Equatable>(
    initial: Model,
    update: @escaping (_ model: inout Model, _ action: Action) -> Void,
    observe: @escaping (_ state: State) -> Model
  ) {
    self.init(initial: initial, update: update, observeModel: { $0 }, observeFeature: observe)
  }

  /// Creates a model that keeps more than the feature shows (an undo stack, the next id), and
  /// compares only what both show.
  ///
  /// ```swift
  /// ReferenceModel<Todos.State, Todos.Action>(
  ///   initial: TodoModel(),
  ///   update: { model, action in model.apply(action) },
  ///   observeModel: \.titles,
  ///   observeFeature: { state in state.todos.map(\.title) }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The model at the start, matching the check's initial state.
  ///   - update: Applies a generated action to the model.
  ///   - observeModel: What the model shows.
  ///   - observeFeature: What the feature's state shows; it must equal what the model shows.
  public init<Model, Observation: Equatable>(
    initial: Model,
    update: @escaping (_ model: inout Model, _ action: Action) -> Void,
    observeModel: @escaping (_ model: Model) -> Observation,
    observeFeature: @escaping (_ state: State) -> Observation
  ) {
    self.start = {
      var model = initial
      return ModelRun(
        apply: { update(&model, $0) },
        mismatch: { state in
          let expected = observeModel(model)
          let observed = observeFeature(state)
          guard observed != expected else { return nil }
          let diff = ValueDiff(expected: expected, actual: observed)
          guard !diff.isEmpty else {
            return ["model \(ValueDump(expected)), feature \(ValueDump(observed))"]
          }
          return diff.changes.map { change in
            "\(change.path): model \(change.expected ?? "nothing"), feature \(change.actual ?? "nothing")"
          }
        })
    }
  }
}

@available(*, unavailable)
extension ReferenceModel: Sendable {}

/// One run of a ``ReferenceModel``: its current value, hidden behind what a check does with it.
struct ModelRun<State, Action> {
  /// Applies a generated action.
  let apply: (Action) -> Void
  /// The lines of the difference between the model and the state; `nil` when they match.
  let mismatch: (State) -> [String]?
}
