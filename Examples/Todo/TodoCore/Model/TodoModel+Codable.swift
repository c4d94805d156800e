import Foundation
import Uniflow

// Codable conformances of the model, so that a session of the todo feature can be recorded
// and replayed. Enums encode as `{"case": {payload}}`, the way Swift synthesizes it.

extension TodoFilter: Codable {}

extension Todo: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, title, isDone, createdAt, completedAt
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(ID.self, forKey: .id),
      title: try container.decode(String.self, forKey: .title),
      isDone: try container.decode(Bool.self, forKey: .isDone),
      createdAt: try container.decode(Date.self, forKey: .createdAt),
      completedAt: try container.decodeIfPresent(Date.self, forKey: .completedAt))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(isDone, forKey: .isDone)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encodeIfPresent(completedAt, forKey: .completedAt)
  }
}

extension TodoSnapshot: Codable {
  private enum CodingKeys: String, CodingKey {
    case todos, undoHistory
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      todos: try container.decode(IdentifiedArray<Todo>.self, forKey: .todos),
      undoHistory: try container.decode([String].self, forKey: .undoHistory))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(todos, forKey: .todos)
    try container.encode(undoHistory, forKey: .undoHistory)
  }
}

extension TodoOutcome: Codable {
  public init(from decoder: any Decoder) throws {
    let (name, payload) = try EnumCase.decode(from: decoder)
    switch name {
    case "added": self = .added(try payload.decode(Todo.self, forKey: "_0"))
    case "addedAll": self = .addedAll(try payload.decode([Todo].self, forKey: "_0"))
    case "alreadyDone": self = .alreadyDone(try payload.decode(Todo.self, forKey: "_0"))
    case "alreadyOpen": self = .alreadyOpen(try payload.decode(Todo.self, forKey: "_0"))
    case "alreadyTitled": self = .alreadyTitled(try payload.decode(Todo.self, forKey: "_0"))
    case "redid": self = .redid(try payload.decode(String.self, forKey: "_0"))
    case "renamed": self = .renamed(try payload.decode(Todo.self, forKey: "_0"))
    case "completed": self = .completed(try payload.decode(Todo.self, forKey: "_0"))
    case "reopened": self = .reopened(try payload.decode(Todo.self, forKey: "_0"))
    case "deleted": self = .deleted(try payload.decode(Todo.self, forKey: "_0"))
    case "clearedDone": self = .clearedDone(try payload.decode([Todo].self, forKey: "_0"))
    case "undid": self = .undid(try payload.decode(String.self, forKey: "_0"))
    default: throw EnumCase.unknown(name, decoder)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .added(let todo): try EnumCase.encode("added", ["_0": todo], to: encoder)
    case .addedAll(let todos): try EnumCase.encode("addedAll", ["_0": todos], to: encoder)
    case .alreadyDone(let todo): try EnumCase.encode("alreadyDone", ["_0": todo], to: encoder)
    case .alreadyOpen(let todo): try EnumCase.encode("alreadyOpen", ["_0": todo], to: encoder)
    case .alreadyTitled(let todo): try EnumCase.encode("alreadyTitled", ["_0": todo], to: encoder)
    case .redid(let label): try EnumCase.encode("redid", ["_0": label], to: encoder)
    case .renamed(let todo): try EnumCase.encode("renamed", ["_0": todo], to: encoder)
    case .completed(let todo): try EnumCase.encode("completed", ["_0": todo], to: encoder)
    case .reopened(let todo): try EnumCase.encode("reopened", ["_0": todo], to: encoder)
    case .deleted(let todo): try EnumCase.encode("deleted", ["_0": todo], to: encoder)
    case .clearedDone(let todos): try EnumCase.encode("clearedDone", ["_0": todos], to: encoder)
    case .undid(let label): try EnumCase.encode("undid", ["_0": label], to: encoder)
    }
  }
}

extension TodoStoreError: Codable {
  public init(from decoder: any Decoder) throws {
    let (name, payload) = try EnumCase.decode(from: decoder)
    func path() throws -> String { try payload.decode(String.self, forKey: "path") }
    switch name {
    case "emptyTitle": self = .emptyTitle
    case "todoNotFound": self = .todoNotFound(try payload.decode(Todo.ID.self, forKey: "_0"))
    case "nothingToUndo": self = .nothingToUndo
    case "olderChangesNotKept":
      self = .olderChangesNotKept(kept: try payload.decode(Int.self, forKey: "kept"))
    case "nothingToRedo": self = .nothingToRedo
    case "titleTooLong":
      self = .titleTooLong(
        length: try payload.decode(Int.self, forKey: "length"),
        maximum: try payload.decode(Int.self, forKey: "maximum"))
    case "invalidSchema":
      self = .invalidSchema(path: try path(), version: try payload.decode(Int.self, forKey: "version"))
    case "notADatabase": self = .notADatabase(path: try path())
    case "corrupted": self = .corrupted(path: try path())
    case "foreignDatabase": self = .foreignDatabase(path: try path())
    case "newerSchema":
      self = .newerSchema(
        path: try path(), version: try payload.decode(Int.self, forKey: "version"),
        supported: try payload.decode(Int.self, forKey: "supported"))
    case "cannotCreateDirectory":
      self = .cannotCreateDirectory(
        path: try path(), reason: try payload.decode(String.self, forKey: "reason"))
    case "cannotOpen":
      self = .cannotOpen(path: try path(), reason: try payload.decode(String.self, forKey: "reason"))
    case "readOnly": self = .readOnly(path: try path())
    case "busy": self = .busy(path: try path())
    case "sqlite":
      self = .sqlite(
        path: try path(), code: try payload.decode(Int32.self, forKey: "code"),
        message: try payload.decode(String.self, forKey: "message"))
    default: throw EnumCase.unknown(name, decoder)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .emptyTitle: try EnumCase.encode("emptyTitle", [:], to: encoder)
    case .todoNotFound(let id): try EnumCase.encode("todoNotFound", ["_0": id], to: encoder)
    case .nothingToUndo: try EnumCase.encode("nothingToUndo", [:], to: encoder)
    case .olderChangesNotKept(let kept):
      try EnumCase.encode("olderChangesNotKept", ["kept": kept], to: encoder)
    case .nothingToRedo: try EnumCase.encode("nothingToRedo", [:], to: encoder)
    case .titleTooLong(let length, let maximum):
      try EnumCase.encode("titleTooLong", ["length": length, "maximum": maximum], to: encoder)
    case .invalidSchema(let path, let version):
      try EnumCase.encode("invalidSchema", ["path": path, "version": version], to: encoder)
    case .notADatabase(let path): try EnumCase.encode("notADatabase", ["path": path], to: encoder)
    case .corrupted(let path): try EnumCase.encode("corrupted", ["path": path], to: encoder)
    case .foreignDatabase(let path): try EnumCase.encode("foreignDatabase", ["path": path], to: encoder)
    case .newerSchema(let path, let version, let supported):
      try EnumCase.encode(
        "newerSchema", ["path": path, "version": version, "supported": supported], to: encoder)
    case .cannotCreateDirectory(let path, let reason):
      try EnumCase.encode("cannotCreateDirectory", ["path": path, "reason": reason], to: encoder)
    case .cannotOpen(let path, let reason):
      try EnumCase.encode("cannotOpen", ["path": path, "reason": reason], to: encoder)
    case .readOnly(let path): try EnumCase.encode("readOnly", ["path": path], to: encoder)
    case .busy(let path): try EnumCase.encode("busy", ["path": path], to: encoder)
    case .sqlite(let path, let code, let message):
      try EnumCase.encode("sqlite", ["path": path, "code": code, "message": message], to: encoder)
    }
  }
}

/// Encodes and decodes an enum case as `{"name": {"label": value, …}}`.
enum EnumCase {
  struct Key: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init(stringLiteral value: String) { self.stringValue = value }
    init?(intValue: Int) { nil }
  }

  typealias Payload = KeyedDecodingContainer<Key>

  static func encode(
    _ name: String, _ payload: KeyValuePairs<String, any Encodable>, to encoder: any Encoder
  ) throws {
    var container = encoder.container(keyedBy: Key.self)
    var fields = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: name))
    for (label, value) in payload {
      try fields.encode(value, forKey: Key(stringValue: label))
    }
  }

  static func decode(from decoder: any Decoder) throws -> (name: String, payload: Payload) {
    let container = try decoder.container(keyedBy: Key.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected one case"))
    }
    return (key.stringValue, try container.nestedContainer(keyedBy: Key.self, forKey: key))
  }

  static func unknown(_ name: String, _ decoder: any Decoder) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "unknown case \"\(name)\""))
  }
}
