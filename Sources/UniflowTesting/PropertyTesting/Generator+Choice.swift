extension Generator {
  /// A generator of the elements of a collection; it rejects when the collection is empty.
  ///
  /// Read from the current state, it keeps a sequence meaningful:
  ///
  /// ```swift
  /// Generator.element(of: state.todos.ids).map { Action.delete(id: $0) }
  /// ```
  ///
  /// It shrinks towards the first element.
  ///
  /// - Parameter elements: The collection to choose from.
  /// - Returns: The generator.
  /// - Complexity: O(1) for a random-access collection, O(*n*) otherwise.
  public static func element<C: Collection>(of elements: C) -> Self where C.Element == Value {
    Self { source in
      guard !elements.isEmpty else { return nil }
      let offset = Int(source.choose(below: UInt64(elements.count)))
      return elements[elements.index(elements.startIndex, offsetBy: offset)]
    }
  }

  /// A generator that picks one of `generators`, each as likely as the others, and gives its
  /// value.
  ///
  /// List the simplest generator first: a failure shrinks towards it.
  ///
  /// - Parameter generators: The generators to pick from; at least one.
  /// - Returns: The generator.
  public static func one(of generators: [Generator<Value>]) -> Self {
    one(weighted: generators.map { (1, $0) })
  }

  /// A generator that picks one of `generators` with the given weights, and gives its value.
  ///
  /// ```swift
  /// Generator.one(weighted: [
  ///   (1, .constant(.undo)),
  ///   (5, title.map { .add(title: $0) }),
  /// ])
  /// ```
  ///
  /// A generator of weight 3 is picked three times as often as one of weight 1; weight 0
  /// never. A failure shrinks towards the first generator with a positive weight.
  ///
  /// - Parameter generators: The weights and the generators; weights are not negative, and
  ///   at least one is positive.
  /// - Returns: The generator.
  public static func one(weighted generators: [(weight: Int, generator: Generator<Value>)]) -> Self {
    // The running total of the weights up to each generator: a ticket below the total picks
    // the first generator whose running total exceeds it, which is never one of weight 0.
    // Built with a plain loop over the weights alone, since a check builds this for every
    // action it generates.
    var bounds: [UInt64] = []
    bounds.reserveCapacity(generators.count)
    var total: UInt64 = 0
    for index in generators.indices {
      let weight = generators[index].weight
      require(weight >= 0, "Generator.one needs weights that are not negative")
      total += UInt64(weight)
      bounds.append(total)
    }
    require(total > 0, "Generator.one needs at least one generator with a positive weight")
    return Self { [bounds, total] source in
      let ticket = source.choose(below: total)
      var index = 0
      while bounds[index] <= ticket { index += 1 }
      return generators[index].generator.generate(&source)
    }
  }

  /// A generator of optional values: `nil` or a value of `wrapped`; it shrinks towards `nil`.
  ///
  /// - Parameter wrapped: The generator of the values.
  /// - Returns: The generator.
  public static func optional<Wrapped>(_ wrapped: Generator<Wrapped>) -> Self
  where Value == Wrapped? {
    Self { source in
      guard source.choose(below: 2) == 1 else { return .some(nil) }
      return wrapped.generate(&source).map { .some($0) }
    }
  }

  /// A generator of arrays of values of `element`, with a length in `count`; it shrinks towards
  /// shorter arrays.
  ///
  /// - Parameters:
  ///   - element: The generator of each element.
  ///   - count: The range of lengths; not negative.
  /// - Returns: The generator.
  public static func array<Element>(of element: Generator<Element>, count: ClosedRange<Int>) -> Self
  where Value == [Element] {
    require(count.lowerBound >= 0, "an array cannot have a negative length")
    let lengths = Generator<Int>.int(in: count)
    return Self { source in
      guard let length = lengths.generate(&source) else { return nil }
      var values: [Element] = []
      values.reserveCapacity(length)
      for _ in 0..<length {
        guard let value = element.generate(&source) else { return nil }
        values.append(value)
      }
      return values
    }
  }
}

extension Generator where Value == Bool {
  /// A generator of `false` and `true`; it shrinks towards `false`.
  public static var bool: Self {
    Self { source in source.choose(below: 2) == 1 }
  }
}
