import Foundation
import Uniflow

// Codable conformances of the feature's state and actions, so that a session can be recorded
// (`todo --record FILE`) and replayed in tests. The state encodes what it stores; the parts it
// derives (the visible todos, the counts) are derived again when it is decoded.

extension TodoFeature.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case todos, filter, search, selection, undoHistory, error, outcome, isLoaded
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      todos: try container.decode(IdentifiedArray<Todo>.self, forKey: .todos),
      filter: try container.decode(TodoFilter.self, forKey: .filter),
      selection: try container.decodeIfPresent(Todo.ID.self, forKey: .selection),
      undoHistory: try container.decode([String].self, forKey: .undoHistory),
      isLoaded: try container.decode(Bool.self, forKey: .isLoaded))
    self.search = try container.decodeIfPresent(String.self, forKey: .search) ?? ""
    self.error = try container.decodeIfPresent(TodoStoreError.self, forKey: .error)
    self.outcome = try container.decodeIfPresent(TodoOutcome.self, forKey: .outcome)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(todos, forKey: .todos)
    try container.encode(filter, forKey: .filter)
    try container.encode(search, forKey: .search)
    try container.encodeIfPresent(selection, forKey: .selection)
    try container.encode(undoHistory, forKey: .undoHistory)
    try container.encodeIfPresent(error, forKey: .error)
    try container.encodeIfPresent(outcome, forKey: .outcome)
    try container.encode(isLoaded, forKey: .isLoaded)
  }
}

extension TodoFeature.Action: Codable {
  public init(from decoder: any Decoder) throws {
    let (name, payload) = try EnumCase.decode(from: decoder)
    func id() throws -> Todo.ID { try payload.decode(Todo.ID.self, forKey: "id") }
    func title() throws -> String { try payload.decode(String.self, forKey: "title") }
    switch name {
    case "startObserving": self = .startObserving
    case "stopObserving": self = .stopObserving
    case "load": self = .load
    case "add": self = .add(title: try title())
    case "addAll": self = .addAll(titles: try payload.decode([String].self, forKey: "titles"))
    case "rename": self = .rename(id: try id(), title: try title())
    case "toggle": self = .toggle(id: try id())
    case "setDone": self = .setDone(id: try id(), isDone: try payload.decode(Bool.self, forKey: "isDone"))
    case "delete": self = .delete(id: try id())
    case "clearDone": self = .clearDone
    case "undo": self = .undo
    case "redo": self = .redo
    case "setSearch": self = .setSearch(try payload.decode(String.self, forKey: "_0"))
    case "setFilter": self = .setFilter(try payload.decode(TodoFilter.self, forKey: "_0"))
    case "cycleFilter": self = .cycleFilter
    case "moveSelection": self = .moveSelection(by: try payload.decode(Int.self, forKey: "by"))
    case "select": self = .select(id: try payload.decodeIfPresent(Todo.ID.self, forKey: "id"))
    case "dismissMessage": self = .dismissMessage
    case "snapshotLoaded": self = .snapshotLoaded(try payload.decode(TodoSnapshot.self, forKey: "_0"))
    case "finished":
      self = .finished(
        try payload.decode(TodoOutcome.self, forKey: "_0"),
        contents: try payload.decode(TodoSnapshot.self, forKey: "contents"))
    case "failed": self = .failed(try payload.decode(TodoStoreError.self, forKey: "_0"))
    default: throw EnumCase.unknown(name, decoder)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .startObserving: try EnumCase.encode("startObserving", [:], to: encoder)
    case .stopObserving: try EnumCase.encode("stopObserving", [:], to: encoder)
    case .load: try EnumCase.encode("load", [:], to: encoder)
    case .add(let title): try EnumCase.encode("add", ["title": title], to: encoder)
    case .addAll(let titles): try EnumCase.encode("addAll", ["titles": titles], to: encoder)
    case .rename(let id, let title): try EnumCase.encode("rename", ["id": id, "title": title], to: encoder)
    case .toggle(let id): try EnumCase.encode("toggle", ["id": id], to: encoder)
    case .setDone(let id, let isDone):
      try EnumCase.encode("setDone", ["id": id, "isDone": isDone], to: encoder)
    case .delete(let id): try EnumCase.encode("delete", ["id": id], to: encoder)
    case .clearDone: try EnumCase.encode("clearDone", [:], to: encoder)
    case .undo: try EnumCase.encode("undo", [:], to: encoder)
    case .redo: try EnumCase.encode("redo", [:], to: encoder)
    case .setSearch(let text): try EnumCase.encode("setSearch", ["_0": text], to: encoder)
    case .setFilter(let filter): try EnumCase.encode("setFilter", ["_0": filter], to: encoder)
    case .cycleFilter: try EnumCase.encode("cycleFilter", [:], to: encoder)
    case .moveSelection(let offset): try EnumCase.encode("moveSelection", ["by": offset], to: encoder)
    case .select(let id):
      if let id {
        try EnumCase.encode("select", ["id": id], to: encoder)
      } else {
        try EnumCase.encode("select", [:], to: encoder)
      }
    case .dismissMessage: try EnumCase.encode("dismissMessage", [:], to: encoder)
    case .snapshotLoaded(let snapshot): try EnumCase.encode("snapshotLoaded", ["_0": snapshot], to: encoder)
    case .finished(let outcome, let contents):
      try EnumCase.encode("finished", ["_0": outcome, "contents": contents], to: encoder)
    case .failed(let error): try EnumCase.encode("failed", ["_0": error], to: encoder)
    }
  }
}
