/// The steps a feature can undo and redo, each with its label for menus; part of the feature's
/// state.
///
/// A feature keeps one in its state and becomes undoable with
/// ``Reducer/undoable(history:action:tracking:clock:coalescingInterval:limit:policy:)``, which
/// records and applies its steps. A view reads it like any other state:
///
/// ```swift
/// Button("Undo \(store.history.undoLabel ?? "")") { store.send(.undo(.undo)) }
///   .disabled(!store.history.canUndo)
/// ```
///
/// **Equality.** Two histories are equal when they offer the same steps to undo and to redo,
/// by label, in the same order, and the same open transaction, by its label: what a menu shows.
/// The values a step recorded are not compared, so a test describes a history by its labels
/// (and an observer of the whole history is not called when an action only adds to the newest
/// step or to an open transaction; observe ``canUndo`` or ``undoLabel`` for a menu):
///
/// ```swift
/// await store.send(.rename("Oat milk")) {
///   $0.title = "Oat milk"
///   $0.history = UndoHistory(undo: ["Rename"])
/// }
/// ```
///
/// **Coding.** A history encodes its labels, so a recorded session shows them. The recorded
/// values are not encoded: a decoded history offers the same steps, and undoing or redoing
/// them changes nothing. Start a restored feature with a new history where that matters.
public struct UndoHistory: Sendable {
  /// The steps to undo, oldest first.
  var undoSteps: [UndoStep]
  /// The steps to redo, the one undone first at the start.
  var redoSteps: [UndoStep]
  /// The transaction being recorded, if any.
  var transaction: UndoTransaction?
  /// The run of coalescing actions the next one may join, if any.
  var run: CoalescingRun?
  /// The bytes the recorded values count for, undo, redo and transaction together.
  public private(set) var recordedBytes: Int

  /// Creates an empty history.
  public init() {
    undoSteps = []
    redoSteps = []
    transaction = nil
    run = nil
    recordedBytes = 0
  }

  /// Creates a history offering steps with these labels and no recorded values: what a test
  /// expects a history to offer.
  ///
  /// Undoing or redoing its steps changes nothing in the state.
  ///
  /// - Parameters:
  ///   - undo: The labels of the steps to undo, oldest first; the last one is undone first.
  ///   - redo: The labels of the steps to redo, the one undone first at the start; the last one
  ///     is redone first.
  ///   - transaction: The label of an open transaction, or `nil`.
  public init(undo: [String], redo: [String] = [], transaction: String? = nil) {
    self.init()
    undoSteps = undo.map { UndoStep(label: $0) }
    redoSteps = redo.map { UndoStep(label: $0) }
    self.transaction = transaction.map { UndoTransaction(step: UndoStep(label: $0), depth: 1) }
  }

  /// Whether there is a step to undo.
  public var canUndo: Bool { !undoSteps.isEmpty || transaction?.step.changes.isEmpty == false }

  /// Whether there is a step to redo.
  public var canRedo: Bool { !redoSteps.isEmpty }

  /// The label of the step ``UndoAction/undo`` would undo, for a menu's "Undo Rename"; `nil`
  /// when there is none.
  ///
  /// In a transaction that recorded changes, the transaction's label: undo ends it first.
  public var undoLabel: String? {
    if let transaction, !transaction.step.changes.isEmpty { return transaction.step.label }
    return undoSteps.last?.label
  }

  /// The label of the step ``UndoAction/redo`` would redo; `nil` when there is none.
  public var redoLabel: String? { redoSteps.last?.label }

  /// The labels of the steps to undo, oldest first: the last one is undone first.
  ///
  /// - Complexity: O(n) in the number of steps.
  public var undoLabels: [String] { undoSteps.map(\.label) }

  /// The labels of the steps to redo: the last one is redone first.
  ///
  /// - Complexity: O(n) in the number of steps.
  public var redoLabels: [String] { redoSteps.map(\.label) }

  /// The label of the transaction being recorded, or `nil` outside one.
  public var transactionLabel: String? { transaction?.step.label }

  /// Takes in the changes of one action, as a new step, into the newest step of a coalescing
  /// run, or into the open transaction; anything to redo is forgotten.
  mutating func record<State, Action>(
    _ changes: [UndoChange], as policy: UndoPolicy.Kind, at now: any InstantProtocol<Duration>,
    coalescingInterval: Duration, parts: [UndoPart<State, Action>], limit: UndoLimit
  ) {
    forgetRedo()
    if var open = transaction {
      let before = open.step.cost
      open.step.absorb(changes, parts: parts)
      recordedBytes += open.step.cost - before
      transaction = open
      return
    }
    switch policy {
    case .step(let label):
      push(UndoStep(label: label, changes: changes), limit: limit)
      run = nil
    case .coalescing(let label, let key):
      if let run, run.key == key, !undoSteps.isEmpty,
        let elapsed = Self.elapsed(from: run.lastChange, to: now), elapsed <= coalescingInterval
      {
        let before = undoSteps[undoSteps.count - 1].cost
        undoSteps[undoSteps.count - 1].absorb(changes, parts: parts)
        recordedBytes += undoSteps[undoSteps.count - 1].cost - before
        dropOldest(limit: limit)
      } else {
        push(UndoStep(label: label, changes: changes), limit: limit)
      }
      run = CoalescingRun(key: key, lastChange: now)
    case .ignored:
      break
    }
  }

  /// Undoes the newest step (ending an open transaction first); does nothing when there is
  /// none.
  mutating func undo<State, Action>(
    _ state: inout State, parts: [UndoPart<State, Action>], limit: UndoLimit
  ) {
    endTransactions(limit: limit)
    run = nil
    guard let step = undoSteps.popLast() else { return }
    let back = step.swap(into: &state, parts: parts, reversed: true)
    recordedBytes += back.cost - step.cost
    redoSteps.append(back)
  }

  /// Redoes the step undone last; does nothing when there is none.
  mutating func redo<State, Action>(
    _ state: inout State, parts: [UndoPart<State, Action>], limit: UndoLimit
  ) {
    endTransactions(limit: limit)
    run = nil
    guard let step = redoSteps.popLast() else { return }
    let forward = step.swap(into: &state, parts: parts, reversed: false)
    recordedBytes += forward.cost - step.cost
    undoSteps.append(forward)
  }

  /// Opens a transaction, or nests one in the open one.
  mutating func beginTransaction(_ label: String) {
    run = nil
    if transaction == nil {
      transaction = UndoTransaction(step: UndoStep(label: label), depth: 1)
    } else {
      transaction?.depth += 1
    }
  }

  /// Closes the transaction opened last; the outermost becomes a step if it changed anything.
  mutating func endTransaction(limit: UndoLimit) {
    run = nil
    guard var open = transaction else { return }
    open.depth -= 1
    guard open.depth == 0 else {
      transaction = open
      return
    }
    transaction = nil
    recordedBytes -= open.step.cost
    if !open.step.changes.isEmpty { push(open.step, limit: limit) }
  }

  /// Forgets every step and the open transaction.
  mutating func clear() {
    self = Self()
  }

  private mutating func endTransactions(limit: UndoLimit) {
    while transaction != nil { endTransaction(limit: limit) }
  }

  private mutating func forgetRedo() {
    guard !redoSteps.isEmpty else { return }
    for step in redoSteps { recordedBytes -= step.cost }
    redoSteps.removeAll()
  }

  private mutating func push(_ step: UndoStep, limit: UndoLimit) {
    undoSteps.append(step)
    recordedBytes += step.cost
    dropOldest(limit: limit)
  }

  /// Drops the oldest steps to undo until the history is within `limit`.
  private mutating func dropOldest(limit: UndoLimit) {
    var dropped = 0
    while dropped < undoSteps.count,
      undoSteps.count - dropped > limit.steps || limit.bytes.map({ recordedBytes > $0 }) == true
    {
      recordedBytes -= undoSteps[dropped].cost
      dropped += 1
    }
    if dropped > 0 { undoSteps.removeFirst(dropped) }
  }

  /// The time from one instant to another of the same clock; `nil` for instants of different
  /// clocks.
  private static func elapsed(
    from start: any InstantProtocol<Duration>, to end: any InstantProtocol<Duration>
  ) -> Duration? {
    func elapsed<Instant: InstantProtocol<Duration>>(from start: Instant) -> Duration? {
      guard let end = end as? Instant else { return nil }
      return start.duration(to: end)
    }
    return elapsed(from: start)
  }
}

extension UndoHistory: Equatable {
  /// Whether two histories offer the same steps, by label, and the same open transaction.
  ///
  /// - Complexity: O(n) in the number of steps.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.undoSteps.count == rhs.undoSteps.count && lhs.redoSteps.count == rhs.redoSteps.count
      && lhs.transaction?.step.label == rhs.transaction?.step.label
      && zip(lhs.undoSteps, rhs.undoSteps).allSatisfy { $0.label == $1.label }
      && zip(lhs.redoSteps, rhs.redoSteps).allSatisfy { $0.label == $1.label }
  }
}

extension UndoHistory: CustomReflectable {
  /// The labels of the steps, as a test failure shows them.
  public var customMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("undo", undoLabels), ("redo", redoLabels)]
    if let transactionLabel { children.append(("transaction", transactionLabel)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

extension UndoHistory: Codable {
  private enum CodingKeys: String, CodingKey {
    case undo, redo, transaction
  }

  /// Encodes the labels: `{"undo": ["Rename"], "redo": []}`, with `"transaction"` when one is
  /// open.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(undoLabels, forKey: .undo)
    try container.encode(redoLabels, forKey: .redo)
    try container.encodeIfPresent(transactionLabel, forKey: .transaction)
  }

  /// Decodes the labels that `encode(to:)` wrote, as steps that change nothing when undone.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: A `DecodingError` when the labels are missing or not strings.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      undo: try container.decode([String].self, forKey: .undo),
      redo: try container.decode([String].self, forKey: .redo),
      transaction: try container.decodeIfPresent(String.self, forKey: .transaction))
  }
}
