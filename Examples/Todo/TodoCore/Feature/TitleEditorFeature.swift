import Uniflow

/// The title editor: the title of a new todo, or the new title of one, typed on a line of its
/// own until the user saves or cancels it.
///
/// ``TodoFeature`` presents it with `ifLet` while the user types, and runs the command it asks
/// for through its ``Action/delegate(_:)`` actions.
///
/// ```swift
/// let store = TestStore(initialState: TitleEditorFeature.State(renaming: milk)) {
///   TitleEditorFeature()
/// }
/// await store.send(.edit(.insert("!"))) { $0.draft = TextDraft("Buy milk!") }
/// await store.send(.save)
/// await store.receive(.delegate(.save(id: milk.id, title: "Buy milk!")))
/// ```
public struct TitleEditorFeature: Reducer, Sendable {
  /// The title being typed, and the todo it is for.
  public struct State: Equatable, Sendable, Codable {
    /// The todo being renamed; `nil` for a new todo.
    public var id: Todo.ID?
    /// The title typed so far, with the cursor.
    public var draft: TextDraft
    /// The todo this title was typed for, when another process deleted it before the rename
    /// was saved: the title is kept, and saving adds it as a new todo.
    public var deletedTodo: Todo.ID?

    /// Starts typing the title of a new todo.
    public init() {
      id = nil
      draft = TextDraft()
    }

    /// Starts editing the title of a todo, from its title.
    ///
    /// - Parameter todo: The todo to rename.
    public init(renaming todo: Todo) {
      id = todo.id
      draft = TextDraft(todo.title)
    }

    /// Keeps a title typed for a todo another process deleted meanwhile, as the title of a new
    /// todo.
    ///
    /// - Parameters:
    ///   - title: The title typed.
    ///   - id: The todo it was typed for, now gone.
    public init(keeping title: String, ofDeleted id: Todo.ID) {
      self.id = nil
      draft = TextDraft(title)
      deletedTodo = id
    }
  }

  /// What can happen while the title is typed.
  public enum Action: Equatable, Sendable, Codable {
    /// Edits the title.
    case edit(TextDraft.Edit)
    /// Saves the title typed.
    case save
    /// Leaves the title as it was.
    case cancel
    /// What the editor asks its parent to do.
    case delegate(Delegate)

    /// What the editor asks its parent to do.
    public enum Delegate: Equatable, Sendable, Codable {
      /// Add a todo with this title (`id` is `nil`), or rename the todo `id`; and close the
      /// editor.
      case save(id: Todo.ID?, title: String)
      /// Close the editor, changing nothing.
      case cancel
    }
  }

  /// Creates the feature.
  public init() {}

  /// Handles an action; see ``Action`` for what each one does.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .edit(let edit):
      state.draft.apply(edit)
      return .none
    case .save:
      return .send(.delegate(.save(id: state.id, title: state.draft.text)))
    case .cancel:
      return .send(.delegate(.cancel))
    case .delegate:
      return .none
    }
  }
}
