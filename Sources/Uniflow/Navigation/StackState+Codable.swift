extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements with their identifiers, bottom first, and the next identifier:
  /// `{"elements": [{"id": 0, "element": …}], "nextID": 1}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: StackCodingKeys.self)
    var elements = container.nestedUnkeyedContainer(forKey: .elements)
    for (id, element) in zip(_ids, _elements) {
      var entry = elements.nestedContainer(keyedBy: StackCodingKeys.self)
      try entry.encode(id, forKey: .id)
      try entry.encode(element, forKey: .element)
    }
    try container.encode(StackElementID(generation: nextGeneration), forKey: .nextID)
  }
}

extension StackState: Decodable where Element: Decodable {
  /// Decodes what ``encode(to:)`` writes, keeping the identifiers: pushes continue after the
  /// largest one.
  ///
  /// - Throws: `DecodingError.dataCorrupted` if the identifiers do not grow along the stack.
  public init(from decoder: any Decoder) throws {
    self.init()
    let container = try decoder.container(keyedBy: StackCodingKeys.self)
    var elements = try container.nestedUnkeyedContainer(forKey: .elements)
    while !elements.isAtEnd {
      let entry = try elements.nestedContainer(keyedBy: StackCodingKeys.self)
      let id = try entry.decode(StackElementID.self, forKey: .id)
      if let last = _ids.last, id <= last {
        throw DecodingError.dataCorruptedError(
          forKey: .id, in: entry,
          debugDescription: "stack element ids grow along the stack: \(id) follows \(last)")
      }
      push(try entry.decode(Element.self, forKey: .element), id: id)
    }
    let next = try container.decodeIfPresent(StackElementID.self, forKey: .nextID)
    nextGeneration = Swift.max(next?.generation ?? 0, nextGeneration)
  }
}

/// The keys of a ``StackState``'s coded form.
enum StackCodingKeys: String, CodingKey {
  case elements, id, element, nextID
}
