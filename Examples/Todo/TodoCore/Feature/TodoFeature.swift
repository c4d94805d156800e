import Foundation
import Uniflow

/// The todo app's root feature: it binds the repository into its state, turns commands into
/// repository changes, shows their outcome on the status line, and composes the list and the
/// title editor.
///
/// ```swift
/// let store = Store(
///   initialState: TodoFeature.State(),
///   reducer: TodoFeature(repository: try SQLiteTodoRepository(path: path)))
/// store.send(.startObserving)      // binds the repository's contents
/// store.send(.add(title: "Buy milk"))
/// store.send(.list(.toggleSelected))
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
/// The children are features of their own: ``TodoListFeature`` (always there, with
/// `Scope`), ``TitleEditorFeature`` (presented with `ifLet` while a title is typed), the
/// question asked before a deletion, ``State/prompt`` (a `PromptState` presented with `ifLet`:
/// clearing several done todos, deleting a todo with a note), and the
/// screens pushed over the list on a navigation stack, ``State/path`` (composed with `forEach`
/// over ``TodoDestination``): the detail of a todo, ``TodoDetailFeature``, and its change
/// history, ``TodoHistoryFeature``, pushed from the detail, and the display settings,
/// ``TodoSettingsFeature``, pushed from the list. The list's and the editor's
/// intents reach the app as delegate actions, which it turns into commands: a recording shows
/// the intent, then the command it stands for (`toggle`, `add`…), then its result. The
/// detail saves its note itself, and the app takes in the contents each save leaves. A change
/// of the display settings on the settings screen is followed by the list's
/// ``TodoListFeature/Action/settingsChanged``, caused by it; the settings another process
/// stores come in, while ``Action/startObserving`` runs, as the list's
/// ``TodoListFeature/Action/settingsChangedElsewhere(_:)``, which carries them.
public struct TodoFeature: Reducer, Sendable {
  /// Where the todos live.
  public let repository: any TodoRepository
  /// The source of creation and completion dates.
  public let now: @Sendable () -> Date
  /// The clock the screens wait on: the pause before a note is saved.
  public let clock: any Clock<Duration>

  /// Creates the feature with its dependencies.
  ///
  /// - Parameters:
  ///   - repository: Where the todos live.
  ///   - now: The source of dates; a fixed date in tests.
  ///   - clock: The clock the screens wait on; a `TestClock` in tests.
  public init(
    repository: any TodoRepository, now: @escaping @Sendable () -> Date = { Date() },
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.repository = repository
    self.now = now
    self.clock = clock
  }

  /// The identifier of the long-lived binding to the repository.
  private enum CancelID: Hashable, Sendable {
    case observation
  }

  /// The list, the app's own logic, the title editor while it is presented, and the screens
  /// pushed on the stack.
  public var body: some Reducer<State, Action> {
    Scope(state: \.list, action: Action.listCase) {
      TodoListFeature()
    }
    Reduce { state, action in
      reduceApp(into: &state, action: action)
    }
    .ifLet(\.editor, action: Action.editorCase) {
      TitleEditorFeature()
    }
    .forEach(\.path, action: Action.pathCase) {
      TodoDestination(repository: repository, clock: clock)
    }
    .ifLet(\.prompt, action: Action.promptCase)
  }

  /// Handles the app's own actions, and the children's delegate actions.
  private func reduceApp(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startObserving:
      // The display settings another process stores come in as the list's own action, so that
      // a recorded session replays them.
      return .merge(
        bindUpdates(),
        .loads(of: state.list.settings, send: { .list(.settingsChangedElsewhere($0)) })
      )
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

    case .list(.delegate(.toggle(let id))):
      return .send(.toggle(id: id))

    case .list(.delegate(.delete(let id))):
      // A todo with a note is deleted once the user said so.
      guard let todo = state.list.todos[id: id], let prompt = Self.deletePrompt(for: todo) else {
        return .send(.delete(id: id))
      }
      state.prompt = prompt
      return .none

    case .clearDoneTapped:
      guard let prompt = Self.clearDonePrompt(doneCount: state.list.doneCount) else {
        return .send(.clearDone)
      }
      state.prompt = prompt
      return .none

    case .prompt(.presented(.clearDone)):
      return .send(.clearDone)

    case .prompt(.presented(.delete(let id))):
      return .send(.delete(id: id))

    case .prompt(.dismiss):
      return .none

    case .list(.delegate(.rename(let todo))):
      state.editor = TitleEditorFeature.State(renaming: todo)
      return .none

    case .list(.delegate(.add)):
      state.editor = TitleEditorFeature.State()
      return .none

    case .list(.delegate(.open(let todo))):
      state.clearMessage()
      state.path.append(.detail(TodoDetailFeature.State(todo: todo)))
      return .none

    case .list(.delegate(.openSettings)):
      state.clearMessage()
      state.path.append(.settings(TodoSettingsFeature.State(settings: state.list.settings)))
      return .none

    case .list(.settingNotKept(_, let reason)):
      return fail(.settingNotKept(reason: reason), &state)

    case .list:
      return .none

    case .path(.element(_, .settings(.changeSelected))), .path(.element(_, .settings(.changeNotKept))):
      // The settings screen changes the settings the list shares (the screen's reducer runs
      // after this one): the list takes them in as a follow-up, caused by the change.
      return .send(.list(.settingsChanged))

    case .path(.element(_, .detail(.saved(let todo, let contents)))):
      state.load(contents)
      state.error = nil
      state.outcome = .noted(todo)
      return .none

    case .path(.element(let id, .detail(.showHistory))):
      guard case .detail(let detail) = state.path[id: id] else { return .none }
      state.clearMessage()
      let history = state.path.append(.history(TodoHistoryFeature.State(todo: detail.todo)))
      return .send(.path(.element(id: history, action: .history(.load))))

    case .path:
      return .none

    case .editor(.delegate(.save(let id, let title))):
      // The editor stays until the command's outcome comes back: a title that cannot be saved
      // (an empty one, a database that cannot be written) stays there, with the reason.
      return .send(id.map { .rename(id: $0, title: title) } ?? .add(title: title))

    case .editor(.delegate(.cancel)):
      state.editor = nil
      return .none

    case .editor:
      return .none

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
      return perform(
        { repository throws(TodoStoreError) in try await repository.rename(id: id, to: title) },
        failure: { error in
          error == .todoNotFound(id) ? .renameFoundTodoDeleted(id: id, title: title) : .failed(error)
        }
      ) {
        $0.isChanged ? .renamed($0.todo) : .alreadyTitled($0.todo)
      }

    case .setNote(let id, let typed):
      state.error = nil
      let note: String
      do throws(TodoStoreError) {
        note = try Todo.validatedNote(typed)
      } catch {
        return fail(error, &state)
      }
      return perform({ repository throws(TodoStoreError) in try await repository.setNote(note, id: id) }) {
        $0.isChanged ? .noted($0.todo) : .alreadyNoted($0.todo)
      }

    case .toggle(let id):
      state.error = nil
      // Only a todo on the list can be toggled; whether it becomes done or open is decided
      // where the change is made, from the todo as it is then: a toggle sent while another is
      // on its way undoes it, whatever the list showed when it was sent.
      guard state.list.todos.contains(id: id) else { return fail(.todoNotFound(id), &state) }
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

    case .back:
      guard state.error == nil, state.outcome == nil else {
        state.error = nil
        state.outcome = nil
        return .none
      }
      return state.list.search.isEmpty ? .none : .send(.list(.clearSearch))

    case .configure(let key, let word):
      state.error = nil
      var settings = state.list.settings.value
      do throws(TodoSettingsError) {
        try key.set(word, in: &settings)
      } catch {
        return fail(.badSetting(error), &state)
      }
      state.list.settings.withLock { $0 = settings }
      state.list.shownSettings = settings
      state.outcome = .configured(key, word)
      return .none

    case .snapshotLoaded(let snapshot):
      // Another process changed the todos: what the last command did is no longer the news.
      if state.list.isLoaded, snapshot.todos != state.list.todos { state.outcome = nil }
      state.load(snapshot)
      // Contents arrived: the server said lost is back, and a note whose save it refused is
      // saved again, without waiting for a key.
      if state.error?.isConnectionLoss == true { state.error = nil }
      let unsaved = state.path.ids.filter { id in
        guard case .detail(let detail)? = state.path[id: id], case .failed(let error) = detail.saveStatus
        else { return false }
        return error.isConnectionLoss && detail.hasUnsavedNote
      }
      return .merge(unsaved.map { Effect.send(.path(.element(id: $0, action: .detail(.save)))) })

    case .finished(let outcome, let contents):
      let before = state.list.todos
      let (selection, selectedIndex) = (state.list.selection, state.list.selectedIndex)
      state.load(contents)
      state.outcome = outcome
      switch outcome {
      case .added(let todo):
        if state.editor?.id == nil { state.editor = nil }
        // The contents hold the new todo: when the filter shows it, it is selected.
        if state.list.visibleTodos.contains(id: todo.id) { state.list.selection = todo.id }
      case .renamed(let todo), .alreadyTitled(let todo):
        if state.editor?.id == todo.id { state.editor = nil }
      case .completed(let todo), .reopened(let todo):
        // The cursor stays where it was: a todo that moves away (done ones last) leaves its
        // place to the next one, so that toggling again toggles a neighbour.
        if todo.id == selection, let index = selectedIndex, state.list.selectedIndex != index,
          let next = state.list.visibleTodo(at: min(index, state.list.visibleTodos.count - 1))
        {
          state.list.selection = next.id
        }
      case .undid, .redid:
        // The row the step brought back or changed is selected, as the list had it then: a
        // deletion undone selects the todo restored.
        if let touched = state.list.visibleTodos.first(where: { before[id: $0.id] != $0 }) {
          state.list.selection = touched.id
        }
      default:
        break
      }
      return .none

    case .failed(let error):
      return fail(error, &state)

    case .renameFoundTodoDeleted(let id, let title):
      if state.editor == nil || state.editor?.id == id {
        state.editor = TitleEditorFeature.State(keeping: title, ofDeleted: id)
      }
      return fail(.todoNotFound(id), &state)
    }
  }
  /// Records a failure for the interface to show.
  private func fail(_ error: TodoStoreError, _ state: inout State) -> Effect<Action> {
    state.error = error
    state.outcome = nil
    return .none
  }

  /// Runs a repository command, then sends its outcome with the contents it left, or its
  /// failure (``Action/failed(_:)`` unless `failure` says otherwise).
  private func perform<Value: Sendable>(
    _ command: @escaping @Sendable (any TodoRepository) async throws(TodoStoreError) -> TodoChange<Value>,
    failure: @escaping @Sendable (TodoStoreError) -> Action = Action.failed,
    outcome: @escaping @Sendable (Value) -> TodoOutcome
  ) -> Effect<Action> {
    let repository = repository
    return .run { send in
      do throws(TodoStoreError) {
        let change = try await command(repository)
        await send(.finished(outcome(change.value), contents: change.contents))
      } catch {
        await send(failure(error))
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
}
