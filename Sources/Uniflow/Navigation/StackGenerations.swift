/// The generation below which a stack made while a stack's reducer runs its parent may not
/// number its elements.
///
/// The reducer that composes a stack (``StackReducer``) binds the stack's next generation
/// around its parent's reduction. A stack made there from scratch (`state.path =
/// StackState([…])`) then numbers its elements from there, continuing the old stack's
/// numbering instead of starting again at `#0`: no identifier is reused while effects or
/// stores may still address the old one. Outside such a reduction (an initial state, a test's
/// expectation) a new stack starts at `#0`, deterministically.
enum StackGenerations {
  /// The first generation a new stack may hand out on this task; `nil` outside a stack
  /// reducer's parent.
  static let floor = TaskLocal<Int?>(wrappedValue: nil)

  /// The generation a stack made now starts at.
  static func first() -> Int {
    floor.get() ?? 0
  }

  /// Runs `body` with new stacks numbering their elements from `generation` on.
  static func withFloor<Result>(_ generation: Int, _ body: () -> Result) -> Result {
    floor.withValue(generation, operation: body)
  }
}

/// The identifiers of a stack from the top down, as a chain whose links are shared between
/// the copies of a stack: a copy taken before a reduction costs one reference, and comparing
/// it with the stack afterwards walks only the links above the part they share.
final class StackTrail: Sendable {
  /// The identifier of the element at this height.
  let id: StackElementID
  /// The link below; `nil` at the bottom.
  let below: StackTrail?

  init(id: StackElementID, below: StackTrail?) {
    self.id = id
    self.below = below
  }

  /// The identifiers on the chain from `after` that are not on the chain from `before`, bottom
  /// first: the elements pushed between two trails of one stack.
  ///
  /// An identifier on `after` only is one the stack had not handed out before, larger than all
  /// of `before`'s: the walk takes the links above the top of `before`, in O(k) for k pushed
  /// elements.
  static func added(before: StackTrail?, after: StackTrail?) -> [StackElementID] {
    // An identifier on `after` only is larger than every one of `before`'s, the top's first.
    var added: [StackElementID] = []
    var after = after
    while let new = after, before.map({ new.id > $0.id }) ?? true {
      added.append(new.id)
      after = new.below
    }
    return added.reversed()
  }

  /// The identifiers on the chain from `before` that are not on the chain from `after`, bottom
  /// first, for two trails of one stack before and after a reduction.
  ///
  /// Both chains decrease going down, and an identifier that is on `after` only is one the
  /// stack had not handed out before, larger than all of `before`'s. The walk stops at the
  /// first link the two share: a push or a pop of k elements costs O(k), whatever the depth.
  static func removed(before: StackTrail?, after: StackTrail?) -> [StackElementID] {
    var removed: [StackElementID] = []
    var before = before
    var after = after
    while let old = before {
      guard let new = after else {
        removed.append(old.id)
        before = old.below
        continue
      }
      if new === old { break }
      if new.id > old.id {
        after = new.below
      } else if new.id == old.id {
        after = new.below
        before = old.below
      } else {
        removed.append(old.id)
        before = old.below
      }
    }
    return removed.reversed()
  }
}
