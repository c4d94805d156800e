extension Store {
  /// Starts work that no action caused: what the features present in the state ask for when
  /// the store is made (see ``Reducer/onAppear(_:)``), for a store that applied their
  /// appearance to its initial state itself.
  ///
  /// - Parameter work: The work to start.
  /// - Returns: A task that finishes when the work has finished.
  @discardableResult
  package func start(_ work: Effect<Action>) -> StoreTask {
    guard let root else { return StoreTask(group: nil) }
    return root.with { $0.start(work) }
  }
}

extension RootCore {
  /// Starts work that no action caused, as the effect of a send would start: its follow-up
  /// actions are processed before this returns.
  @usableFromInline
  @discardableResult
  func start(_ work: Effect<Action>) -> StoreTask {
    guard engine.phase.beginProcessing() else {
      preconditionFailure("Uniflow: a store's appearance started while it processed an action")
    }
    startEffects(work, group: nil, cause: engine.processedCount, step: nil)
    if !engine.queue.isEmpty { drainQueue(after: nil) }
    return endProcessing()
  }
}
