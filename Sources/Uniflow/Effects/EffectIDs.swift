/// The cancellation identifiers an effect runs under, from the outermost inwards.
///
/// Most effects run under none or one: those are held without an array, so that making an
/// effect cancellable allocates nothing.
enum EffectIDs: Sequence, ExpressibleByArrayLiteral, Sendable {
  case none
  case one(EffectID)
  case many([EffectID])

  init(arrayLiteral elements: EffectID...) {
    switch elements.count {
    case 0: self = .none
    case 1: self = .one(elements[0])
    default: self = .many(elements)
    }
  }

  /// These identifiers and `id` after them.
  func appending(_ id: EffectID) -> Self {
    switch self {
    case .none: .one(id)
    case .one(let first): .many([first, id])
    case .many(let ids): .many(ids + [id])
    }
  }

  func makeIterator() -> Iterator {
    Iterator(ids: self)
  }

  /// Goes through the identifiers without making an array of one.
  struct Iterator: IteratorProtocol {
    let ids: EffectIDs
    var index = 0

    mutating func next() -> EffectID? {
      defer { index += 1 }
      switch ids {
      case .none: return nil
      case .one(let id): return index == 0 ? id : nil
      case .many(let ids): return index < ids.count ? ids[index] : nil
      }
    }
  }
}
