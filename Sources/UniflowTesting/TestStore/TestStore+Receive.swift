extension TestStore where Action: Equatable {
  /// Receives the next action the feature sent itself, checks that it is `expectedAction`, and
  /// checks its state change.
  ///
  /// ```swift
  /// await store.send(.refresh) { $0.isLoading = true }
  /// await store.receive(.loaded([milk])) {
  ///   $0.isLoading = false
  ///   $0.todos = [milk]
  /// }
  /// ```
  ///
  /// If the action has not arrived yet, it waits until it does. It fails at once when no effect
  /// is left that could send it, and after `timeout` when effects are running but none sends
  /// anything; advance a ``TestClock`` first when an effect sleeps on it.
  ///
  /// With exhaustivity on, the next received action must be the expected one; with it off,
  /// received actions before the first one that matches are skipped.
  ///
  /// - Parameters:
  ///   - expectedAction: The action the feature should have sent.
  ///   - timeout: How long to wait while effects are running but silent; the store's
  ///     ``timeout`` by default.
  ///   - updateStateToExpectedResult: Changes the state before the action into the state
  ///     expected after it.
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receiveAction(
      expectation: ValueDump(expectedAction).description,
      matching: { $0 == expectedAction },
      mismatchDetail: { received in
        let diff = ValueDiff(expected: expectedAction, actual: received)
        guard diff.changes.contains(where: { $0.path != "self" }) else { return nil }
        return "Difference:\n" + indented(diff.changes.map(\.description))
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension TestStore {
  /// Receives the next action the feature sent itself, checks that `isMatching` accepts it, and
  /// checks its state change.
  ///
  /// For actions that are not `Equatable`, or to check only part of a payload:
  ///
  /// ```swift
  /// await store.receive({
  ///   guard case .loaded(.success(let todos)) = $0 else { return false }
  ///   return todos.count == 2
  /// }) {
  ///   $0.todos = [milk, eggs]
  /// }
  /// ```
  ///
  /// It waits and fails as `receive(_:timeout:assert:)` does.
  ///
  /// - Parameters:
  ///   - isMatching: Whether a received action is the expected one.
  ///   - timeout: How long to wait while effects are running but silent; the store's
  ///     ``timeout`` by default.
  ///   - updateStateToExpectedResult: Changes the state before the action into the state
  ///     expected after it.
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receiveAction(
      expectation: "an action matching the predicate", matching: isMatching, mismatchDetail: { _ in nil },
      timeout: timeout, update: updateStateToExpectedResult,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Receives the next action the feature sent itself, checks that it is of the case that
  /// `actionCase` builds, whatever its payload, and checks its state change.
  ///
  /// Pass the case itself, for actions that are not `Equatable`:
  ///
  /// ```swift
  /// await store.receive(Search.Action.resultsLoaded) {
  ///   $0.results = ["swift"]
  /// }
  /// ```
  ///
  /// Cases with several payloads and labeled payloads work the same way:
  ///
  /// ```swift
  /// await store.receive(Todos.Action.loaded)  // case loaded(todos: [Todo])
  /// await store.receive(Todos.Action.moved)   // case moved(from: Int, to: Int)
  /// ```
  ///
  /// The case is recognised by reflection: the received action must be a case whose payload
  /// is of type `Payload`, labeled or not, that `actionCase` puts back into the same case. A
  /// failure names the expected case when its name can be found: from a received action with
  /// a payload of that type, or from an empty payload (`[]`, `""`, `0`, `nil`) when the
  /// payload's type can be written as a literal. It waits and fails as
  /// `receive(_:timeout:assert:)` does.
  ///
  /// - Parameters:
  ///   - actionCase: The enum case, as a function from its payload to the action.
  ///   - timeout: How long to wait while effects are running but silent; the store's
  ///     ``timeout`` by default.
  ///   - updateStateToExpectedResult: Changes the state before the action into the state
  ///     expected after it.
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public func receive<Payload>(
    _ actionCase: (Payload) -> Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let knownCase = Self.caseName(actionCase, seenIn: received.map(\.action))
    await receiveAction(
      expectation: Self.caseExpectation(knownCase, payload: Payload.self),
      matching: { Self.isCase(actionCase, $0) },
      mismatchDetail: { received in
        // The received action may be another case with the same payload type: it names the
        // expected case when nothing else could.
        guard knownCase == nil, let name = Self.caseName(actionCase, seenIn: [received]) else {
          return nil
        }
        return "The expected case is \(typeName(Action.self)).\(name)."
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Whether `action` is the case that `actionCase` builds.
  static func isCase<Payload>(_ actionCase: (Payload) -> Action, _ action: Action) -> Bool {
    guard let (label, payload) = enumCase(of: action, payload: Payload.self) else { return false }
    return Mirror(reflecting: actionCase(payload)).children.first?.label == label
  }

  /// The name of the case that `actionCase` builds, with its payload labels:
  /// `loaded(todos:)`, `moved(from:to:)`, `response(_:)`; `nil` when no payload is at hand to
  /// build one.
  ///
  /// - Parameters:
  ///   - actionCase: The enum case, as a function from its payload to the action.
  ///   - actions: Actions whose payloads may serve, if of type `Payload`.
  static func caseName<Payload>(
    _ actionCase: (Payload) -> Action, seenIn actions: [Action]
  ) -> String? {
    let payload =
      emptyLiteral(of: Payload.self)
      ?? actions.lazy.compactMap { enumCase(of: $0, payload: Payload.self)?.payload }.first
    guard let payload else { return nil }
    let mirror = Mirror(reflecting: actionCase(payload))
    guard mirror.displayStyle == .enum, let child = mirror.children.first, let name = child.label
    else { return nil }
    let payloadMirror = Mirror(reflecting: child.value)
    guard payloadMirror.displayStyle == .tuple else { return "\(name)(_:)" }
    let labels = payloadMirror.children.map { label in
      label.label.flatMap { $0.first == "." ? nil : $0 } ?? "_"
    }
    return "\(name)(\(labels.map { "\($0):" }.joined()))"
  }

  /// How a failure describes the expected case.
  static func caseExpectation<Payload>(_ name: String?, payload: Payload.Type) -> String {
    guard let name else {
      return "an action of the given case of \(typeName(Action.self)), with a payload of "
        + "type \(typeName(Payload.self))"
    }
    return "an action of case \(typeName(Action.self)).\(name)"
  }
}

/// The case label and payload of an enum value, when its payload is of type `Payload`.
///
/// A case with one labeled payload (`case loaded(todos: [Todo])`) reflects its payload as a
/// tuple of one labeled element; that element is the payload. Several payloads, labeled or
/// not, reflect as a tuple that converts to the unlabeled tuple type of the case's function.
func enumCase<Payload>(of value: Any, payload: Payload.Type) -> (label: String?, payload: Payload)? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let child = mirror.children.first else { return nil }
  if let payload = child.value as? Payload { return (child.label, payload) }
  let payloadMirror = Mirror(reflecting: child.value)
  guard payloadMirror.displayStyle == .tuple, payloadMirror.children.count == 1,
    let payload = payloadMirror.children.first?.value as? Payload
  else { return nil }
  return (child.label, payload)
}

/// An empty value of a type that can be written as a literal: `nil`, `[]`, `[:]`, `""`, `0`,
/// `false`; `nil` for other types.
func emptyLiteral<Value>(of type: Value.Type) -> Value? {
  switch type {
  case let type as any ExpressibleByNilLiteral.Type: nilLiteral(type) as? Value
  case let type as any ExpressibleByArrayLiteral.Type: emptyArrayLiteral(type) as? Value
  case let type as any ExpressibleByDictionaryLiteral.Type: emptyDictionaryLiteral(type) as? Value
  case let type as any ExpressibleByStringLiteral.Type: emptyStringLiteral(type) as? Value
  case let type as any ExpressibleByIntegerLiteral.Type: zeroLiteral(type) as? Value
  case let type as any ExpressibleByBooleanLiteral.Type: falseLiteral(type) as? Value
  default: nil
  }
}

private func nilLiteral<Value: ExpressibleByNilLiteral>(_: Value.Type) -> Value { nil }
private func emptyArrayLiteral<Value: ExpressibleByArrayLiteral>(_: Value.Type) -> Value { [] }
private func emptyDictionaryLiteral<Value: ExpressibleByDictionaryLiteral>(_: Value.Type) -> Value {
  [:]
}
private func emptyStringLiteral<Value: ExpressibleByStringLiteral>(_: Value.Type) -> Value { "" }
private func zeroLiteral<Value: ExpressibleByIntegerLiteral>(_: Value.Type) -> Value { 0 }
private func falseLiteral<Value: ExpressibleByBooleanLiteral>(_: Value.Type) -> Value { false }

extension TestStore {

  /// Waits for a received action that matches, then checks it and its state change.
  func receiveAction(
    expectation: String,
    matching isMatching: (Action) -> Bool,
    mismatchDetail: (Action) -> String?,
    timeout: Duration?,
    update: ((inout State) throws -> Void)?,
    at site: CallSite
  ) async {
    currentSite = site
    let timeout = timeout ?? self.timeout
    let isExhaustive = exhaustivity == .on
    let arrived = await events.wait(timeout: timeout) {
      pendingEffects.isEmpty
        || (isExhaustive ? !received.isEmpty : received.contains { isMatching($0.action) })
    }

    if isExhaustive {
      guard let entry = received.first else {
        reportFailure(missingMessage(expectation, timedOut: !arrived, timeout: timeout), at: site)
        return
      }
      received.removeFirst()
      let before = baselineState
      baselineState = entry.state
      guard isMatching(entry.action) else {
        var message =
          "Received an unexpected action:\n  expected: \(expectation)\n  received: \(entry.description)"
        if let detail = mismatchDetail(entry.action) { message += "\n" + detail }
        reportFailure(message, at: site)
        return
      }
      assertState(
        before: before, actual: entry.state, sharedChanges: entry.sharedChanges, expectedBy: update,
        at: site)
    } else {
      guard let match = received.firstIndex(where: { isMatching($0.action) }) else {
        let skipped = received.map(\.description)
        skipReceived()
        var message = missingMessage(expectation, timedOut: !arrived, timeout: timeout)
        if !skipped.isEmpty { message += "\nReceived instead:\n" + indented(skipped) }
        reportFailure(message, at: site)
        return
      }
      if case .off(true) = exhaustivity, match > 0 {
        reportSkipped(
          "Skipped \(counted(match, "received action")):\n"
            + indented(received[..<match].map(\.description)), at: site)
      }
      let entry = received[match]
      let before = match > 0 ? received[match - 1].state : baselineState
      received.removeFirst(match + 1)
      baselineState = entry.state
      assertState(
        before: before, actual: entry.state, sharedChanges: entry.sharedChanges, expectedBy: update,
        at: site)
    }
    await yieldToReadyTasks { self.pendingEffects.isEmpty }
  }

  private func missingMessage(_ expectation: String, timedOut: Bool, timeout: Duration) -> String {
    if timedOut {
      let running = pendingEffects.sorted { $0.key < $1.key }.map {
        "started by \($0.value.action) at \($0.value.site.shortDescription)"
      }
      return "Expected to receive \(expectation), but it did not arrive within \(timeout) while "
        + "effects kept running:\n" + indented(running) + "\n"
        + "If an effect sleeps on a TestClock, advance the clock first; if it is slow, give "
        + "`receive` a longer timeout."
    }
    return "Expected to receive \(expectation), but no action was received and no effect is running."
  }
}
