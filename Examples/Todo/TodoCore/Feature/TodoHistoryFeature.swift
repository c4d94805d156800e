import Uniflow

/// The change history of one todo: the changes undo can still revert that touched it, read from
/// the repository's undo history, newest first.
///
/// The detail screen pushes it on the app's stack; ``Action/close`` ends it, whoever pushed it.
///
/// ```swift
/// let store = TestStore(initialState: TodoHistoryFeature.State(todo: milk)) {
///   TodoHistoryFeature(repository: repository)
/// }
/// await store.send(.load)
/// await store.receive(.loaded([TodoHistoryEntry("add “Buy milk”", date: added, note: "")])) {
///   $0.changes = [TodoHistoryEntry("add “Buy milk”", date: added, note: "")]
/// }
/// ```
public struct TodoHistoryFeature: Reducer, Sendable {
  /// The todo, and its changes once they are read.
  public struct State: Equatable, Sendable, Codable {
    /// The todo whose changes are shown.
    public var todo: Todo
    /// Its changes, newest first, with when each was made and the note it left; `nil` until
    /// they are read.
    public var changes: [TodoHistoryEntry]?
    /// Why the changes could not be read.
    public var error: TodoStoreError?

    /// Shows the history of a todo, not read yet.
    ///
    /// - Parameter todo: The todo.
    public init(todo: Todo) {
      self.todo = todo
    }
  }

  /// What can happen on the history screen.
  public enum Action: Equatable, Sendable, Codable {
    /// Reads the todo's changes from the repository.
    case load
    /// The changes, oldest first, as the repository gives them.
    case loaded([TodoHistoryEntry])
    /// Reading the changes failed.
    case loadFailed(TodoStoreError)
    /// Ends the screen.
    case close
  }

  /// Where the undo history is.
  public let repository: any TodoRepository

  /// Creates the feature on a repository.
  ///
  /// - Parameter repository: Where the undo history is.
  public init(repository: any TodoRepository) {
    self.repository = repository
  }

  /// Handles an action; see ``Action`` for what each one does.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      let (repository, id) = (repository, state.todo.id)
      return .run { send in
        do throws(TodoStoreError) {
          await send(.loaded(try await repository.changes(of: id)))
        } catch {
          await send(.loadFailed(error))
        }
      }
    case .loaded(let changes):
      state.changes = changes.reversed()
      state.error = nil
    case .loadFailed(let error):
      state.error = error
    case .close:
      return .dismiss
    }
    return .none
  }
}
