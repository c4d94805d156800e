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
/// The repository is the source of truth: a command's effect asks it for the change, and the
/// new contents come back through ``Action/snapshotLoaded(_:)``, from the long-lived binding
/// started by ``Action/startObserving``, from a one-time ``Action/load``, and from the command
/// itself. A command that succeeds sets ``State/outcome``; one that fails sets
/// ``State/error``, which the interface shows.
///
/// A command's effect sends the contents after the change before its outcome, so the state
/// holds every todo an outcome names (``Action/finished(_:)`` selects a todo just added, which
/// the user can toggle at once). The binding delivers the same contents on a task of its own,
/// sooner or later: a snapshot older than the state's, by ``TodoSnapshot/revision``, is
/// ignored, so a late one cannot undo a newer change on the screen.
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
      return perform { repository throws(TodoStoreError) in
        .added(try await repository.add(title: title, at: date))
      }

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
      return perform { repository throws(TodoStoreError) in
        .addedAll(try await repository.add(titles: normalized, at: date))
      }

    case .rename(let id, let typed):
      state.error = nil
      let title: String
      do throws(TodoStoreError) {
        title = try Todo.validatedTitle(typed)
      } catch {
        return fail(error, &state)
      }
      return perform { repository throws(TodoStoreError) in
        let update = try await repository.rename(id: id, to: title)
        return update.isChanged ? .renamed(update.todo) : .alreadyTitled(update.todo)
      }

    case .toggle(let id):
      state.error = nil
      // Only a todo on the list can be toggled; whether it becomes done or open is decided
      // where the change is made, from the todo as it is then: a toggle sent while another is
      // on its way undoes it, whatever the list showed when it was sent.
      guard state.todos.contains(id: id) else { return fail(.todoNotFound(id), &state) }
      let date = now()
      return perform { repository throws(TodoStoreError) in
        let update = try await repository.toggleDone(id: id, at: date)
        return update.todo.isDone ? .completed(update.todo) : .reopened(update.todo)
      }

    case .setDone(let id, let isDone):
      state.error = nil
      return setDone(isDone, id: id)

    case .delete(let id):
      state.error = nil
      return perform { repository throws(TodoStoreError) in
        .deleted(try await repository.delete(id: id))
      }

    case .clearDone:
      state.error = nil
      return perform { repository throws(TodoStoreError) in
        .clearedDone(try await repository.clearDone())
      }

    case .undo:
      state.error = nil
      return perform { repository throws(TodoStoreError) in
        .undid(try await repository.undo())
      }

    case .redo:
      state.error = nil
      return perform { repository throws(TodoStoreError) in
        .redid(try await repository.redo())
      }

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
      // Late news: a newer snapshot reached the state first, on another task.
      guard snapshot.revision >= state.revision else { return .none }
      state.revision = snapshot.revision
      state.todos = snapshot.todos
      state.undoHistory = snapshot.undoHistory
      state.isLoaded = true
      return .none

    case .finished(let outcome):
      state.outcome = outcome
      // The contents after the change came first, so a new todo the filter shows is listed.
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

  /// Runs a repository command, then sends the contents after it and its outcome, in that
  /// order; or its failure.
  ///
  /// The binding publishes the same contents, but on its own task, which may reach the store
  /// after the outcome: reading them here is what puts a todo in the state before the outcome
  /// that names it. When they cannot be read, the outcome is still reported, then the failure
  /// to read, since the list shown is out of date.
  private func perform(
    _ command: @escaping @Sendable (any TodoRepository) async throws(TodoStoreError) -> TodoOutcome
  ) -> Effect<Action> {
    let repository = repository
    return .run { send in
      let outcome: TodoOutcome
      do throws(TodoStoreError) {
        outcome = try await command(repository)
      } catch {
        await send(.failed(error))
        return
      }
      do throws(TodoStoreError) {
        let snapshot = try await repository.snapshot()
        await send(.snapshotLoaded(snapshot))
        await send(.finished(outcome))
      } catch {
        await send(.finished(outcome))
        await send(.failed(error))
      }
    }
  }

  private func setDone(_ isDone: Bool, id: Todo.ID) -> Effect<Action> {
    let date = now()
    return perform { repository throws(TodoStoreError) in
      let update = try await repository.setDone(isDone, id: id, at: date)
      switch (isDone, update.isChanged) {
      case (true, true): return .completed(update.todo)
      case (false, true): return .reopened(update.todo)
      case (true, false): return .alreadyDone(update.todo)
      case (false, false): return .alreadyOpen(update.todo)
      }
    }
  }

  /// Feeds every snapshot the repository publishes into the state, until cancelled.
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
