import Foundation
import Uniflow

/// The todo list feature: it turns user intents into repository commands, and binds what the
/// repository publishes (todos, undo history, failures) into its state.
///
/// ```swift
/// let store = Store(
///   initialState: TodoFeature.State(),
///   reducer: TodoFeature(repository: try SQLiteTodoRepository(path: path)))
/// store.send(.startObserving)      // binds the repository's updates
/// store.send(.add(title: "Buy milk"))
/// ```
///
/// The repository is the source of truth. A command's effect asks it for the change, and its
/// outcome comes back with the contents the change left, in one action,
/// ``Action/finished(_:contents:)``: the state holds every todo an outcome names (a todo just
/// added is selected, and the user can toggle it at once), and each change reaches the state
/// once. The long-lived binding started by ``Action/startObserving`` and a one-time
/// ``Action/load`` bring the contents through ``Action/snapshotLoaded(_:)``: the initial
/// ones, and those other processes leave. A command that succeeds sets ``State/outcome``; one
/// that fails sets ``State/error``, which the interface shows.
///
/// While it observes, the feature also asks the repository every ``refreshInterval`` (on the
/// injected clock) whether another process changed it.
public struct TodoFeature: Reducer, Sendable {
  /// Where the todos live.
  public let repository: any TodoRepository
  /// The clock that paces the checks for changes made by other processes.
  public let clock: any Clock<Duration>
  /// The source of creation and completion dates.
  public let now: @Sendable () -> Date
  /// How often to check for changes made by other processes while observing.
  public let refreshInterval: Duration

  /// Creates the feature with its dependencies.
  ///
  /// - Parameters:
  ///   - repository: Where the todos live.
  ///   - clock: The clock that paces the checks for outside changes; a test clock in tests.
  ///   - now: The source of dates; a fixed date in tests.
  ///   - refreshInterval: How often to check for outside changes while observing.
  public init(
    repository: any TodoRepository,
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = { Date() },
    refreshInterval: Duration = .seconds(1)
  ) {
    self.repository = repository
    self.clock = clock
    self.now = now
    self.refreshInterval = refreshInterval
  }

  /// The identifier of the long-lived binding to the repository.
  private enum CancelID: Hashable, Sendable {
    case observation
  }

  /// Handles an action; see ``Action`` for what each one does.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startObserving:
      return .merge(bindUpdates(), pollForOutsideChanges())
        .cancellable(id: CancelID.observation, cancelInFlight: true)

    case .stopObserving:
      return .cancel(id: CancelID.observation)

    case .load:
      let repository = repository
      return .run { send in
        do throws(TodoStoreError) {
          let snapshot = try await repository.snapshot()
          await send(.snapshotLoaded(snapshot))
        } catch {
          await send(.failed(error))
        }
      }

    case .add(let typed):
      state.error = nil
      let title: String
      do throws(TodoStoreError) {
        title = try Todo.validatedTitle(typed)
      } catch {
        return fail(error, &state)
      }
      let date = now()
      return perform(
        { repository throws(TodoStoreError) in try await repository.add(title: title, at: date) },
        outcome: TodoOutcome.added)

    case .addAll(let titles):
      state.error = nil
      guard !titles.isEmpty else { return fail(.emptyTitle, &state) }
      let normalized: [String]
      do throws(TodoStoreError) {
        normalized = try titles.map { title throws(TodoStoreError) in try Todo.validatedTitle(title) }
      } catch {
        return fail(error, &state)
      }
      let date = now()
      return perform(
        { repository throws(TodoStoreError) in try await repository.add(titles: normalized, at: date) },
        outcome: TodoOutcome.addedAll)

    case .rename(let id, let typed):
      state.error = nil
      let title: String
      do throws(TodoStoreError) {
        title = try Todo.validatedTitle(typed)
      } catch {
        return fail(error, &state)
      }
      return perform({ repository throws(TodoStoreError) in try await repository.rename(id: id, to: title) })
      {
        $0.isChanged ? .renamed($0.todo) : .alreadyTitled($0.todo)
      }

    case .toggle(let id):
      state.error = nil
      // Only a todo on the list can be toggled; whether it becomes done or open is decided
      // where the change is made, from the todo as it is then: a toggle sent while another is
      // on its way undoes it, whatever the list showed when it was sent.
      guard state.todos.contains(id: id) else { return fail(.todoNotFound(id), &state) }
      let date = now()
      return perform({ repository throws(TodoStoreError) in try await repository.toggleDone(id: id, at: date)
      }) {
        $0.todo.isDone ? .completed($0.todo) : .reopened($0.todo)
      }

    case .setDone(let id, let isDone):
      state.error = nil
      return setDone(isDone, id: id)

    case .delete(let id):
      state.error = nil
      return perform(
        { repository throws(TodoStoreError) in try await repository.delete(id: id) },
        outcome: TodoOutcome.deleted)

    case .clearDone:
      state.error = nil
      return perform(
        { repository throws(TodoStoreError) in try await repository.clearDone() },
        outcome: TodoOutcome.clearedDone)

    case .undo:
      state.error = nil
      return perform(
        { repository throws(TodoStoreError) in try await repository.undo() },
        outcome: TodoOutcome.undid)

    case .redo:
      state.error = nil
      return perform(
        { repository throws(TodoStoreError) in try await repository.redo() },
        outcome: TodoOutcome.redid)

    case .setFilter(let filter):
      state.filter = filter
      return .none

    case .setSearch(let text):
      state.search = text
      return .none

    case .cycleFilter:
      state.filter = state.filter.next
      return .none

    case .moveSelection(let offset):
      state.moveSelection(by: offset)
      return .none

    case .select(let id):
      // The selection stays on a visible todo: a hidden one cannot be selected.
      guard id.map(state.visibleTodos.contains(id:)) ?? true else { return .none }
      state.selection = id
      return .none

    case .dismissMessage:
      state.error = nil
      state.outcome = nil
      return .none

    case .snapshotLoaded(let snapshot):
      state.load(snapshot)
      return .none

    case .finished(let outcome, let contents):
      state.load(contents)
      state.outcome = outcome
      // The contents hold the new todo: when the filter shows it, it is selected.
      if case .added(let todo) = outcome, state.visibleTodos.contains(id: todo.id) {
        state.selection = todo.id
      }
      return .none

    case .failed(let error):
      return fail(error, &state)
    }
  }

  /// Records a failure for the interface to show.
  private func fail(_ error: TodoStoreError, _ state: inout State) -> Effect<Action> {
    state.error = error
    state.outcome = nil
    return .none
  }

  /// Runs a repository command, then sends its outcome with the contents it left, or its
  /// failure.
  private func perform<Value: Sendable>(
    _ command: @escaping @Sendable (any TodoRepository) async throws(TodoStoreError) -> TodoChange<Value>,
    outcome: @escaping @Sendable (Value) -> TodoOutcome
  ) -> Effect<Action> {
    let repository = repository
    return .run { send in
      do throws(TodoStoreError) {
        let change = try await command(repository)
        await send(.finished(outcome(change.value), contents: change.contents))
      } catch {
        await send(.failed(error))
      }
    }
  }

  private func setDone(_ isDone: Bool, id: Todo.ID) -> Effect<Action> {
    let date = now()
    return perform({ repository throws(TodoStoreError) in
      try await repository.setDone(isDone, id: id, at: date)
    }) { update in
      switch (isDone, update.isChanged) {
      case (true, true): .completed(update.todo)
      case (false, true): .reopened(update.todo)
      case (true, false): .alreadyDone(update.todo)
      case (false, false): .alreadyOpen(update.todo)
      }
    }
  }

  /// Feeds what the repository publishes (its contents, then other processes' changes) into
  /// the state, until cancelled.
  private func bindUpdates() -> Effect<Action> {
    let repository = repository
    return .run { send in
      for await update in repository.updates() {
        switch update {
        case .success(let snapshot): await send(.snapshotLoaded(snapshot))
        case .failure(let error): await send(.failed(error))
        }
      }
    }
  }

  /// Asks the repository every `refreshInterval` to publish changes made by other processes.
  private func pollForOutsideChanges() -> Effect<Action> {
    let (repository, clock, interval) = (repository, clock, refreshInterval)
    return .run { send in
      while true {
        try await clock.sleep(for: interval)
        do throws(TodoStoreError) {
          try await repository.reloadIfChanged()
        } catch {
          await send(.failed(error))
        }
      }
    }
  }
}
