extension Store {
  /// Starts work that no action caused: what the features present in the state ask for when
  /// the store is made (see ``Reducer/onAppear(_:)``), for a store that applied their
  /// appearance to its initial state itself.
  ///
  /// - Parameter work: The work to start.
  /// - Returns: A task that finishes when the work has finished.
  @discardableResult
  package func start(_ work: Effect<Action>) -> StoreTask {
    guard case .root(let root) = core else { return StoreTask(group: nil) }
    return root.run(.appearance(work))
  }
}
