import Uniflow
import UniflowTesting

/// A feature nested three levels deep, mixing optional, row and plain parts: a root with an
/// optional child and a list of rows; the child has a plain part and rows of its own; each row
/// has an optional note.
struct Nested: Reducer {
  struct Note: Equatable { var text: String }
  struct Row: Equatable, Identifiable {
    var id: Int
    var name: String
    var note: Note?
    var tag = Note(text: "tag")
  }
  struct Child: Equatable {
    var title: String
    var inner = Note(text: "inner")
    var rows: IdentifiedArray<Row> = []
  }
  struct State: Equatable {
    var child: Child?
    var rows: IdentifiedArray<Row> = []
  }

  enum NoteAction: Equatable { case edit(String) }
  enum RowAction: Equatable {
    case rename(String)
    case note(NoteAction)
    case tag(NoteAction)
  }
  enum ChildAction: Equatable {
    case retitle(String)
    case inner(NoteAction)
    case rows(IdentifiedAction<Int, RowAction>)
  }
  enum Action: Equatable {
    case child(ChildAction)
    case rows(IdentifiedAction<Int, RowAction>)
    case present(Child)
    case dismiss
    case removeRow(Int)
    case removeChildRow(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .child(let action):
      guard state.child != nil else { return .none }
      switch action {
      case .retitle(let title): state.child!.title = title
      case .inner(.edit(let text)): state.child!.inner.text = text
      case .rows(.element(let id, let action)): Self.apply(action, to: &state.child!.rows, id: id)
      }
    case .rows(.element(let id, let action)): Self.apply(action, to: &state.rows, id: id)
    case .present(let child): state.child = child
    case .dismiss: state.child = nil
    case .removeRow(let id): state.rows.remove(id: id)
    case .removeChildRow(let id): state.child?.rows.remove(id: id)
    }
    return .none
  }

  static func apply(_ action: RowAction, to rows: inout IdentifiedArray<Row>, id: Int) {
    rows.modify(id: id) { row in
      switch action {
      case .rename(let name): row.name = name
      case .note(.edit(let text)): row.note?.text = text
      case .tag(.edit(let text)): row.tag.text = text
      }
    }
  }

  static let childCase = ActionCase<Action, ChildAction>(embed: Action.child) {
    if case .child(let action) = $0 { action } else { nil }
  }

  static var sample: State {
    State(
      child: Child(
        title: "Child",
        rows: [Row(id: 10, name: "Inner row", note: Note(text: "inner note"))]),
      rows: [Row(id: 1, name: "Ada", note: Note(text: "first")), Row(id: 2, name: "Grace")])
  }
}
